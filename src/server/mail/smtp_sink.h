// For the email tests: a real SMTP server (smtp_sink.py, on Debian's aiosmtpd)
// started in a folder of its own, its messages read back as they arrive.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace souk::server::mail::testing {

// A message as the sink received it: its headers (unfolded; names lower-cased; the
// envelope's as x-envelope-from and x-envelope-to) and its body.
struct ReceivedMail {
  std::map<std::string, std::string> headers;
  std::string body;
  std::string raw;
  std::string Header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
};

inline ReceivedMail ParseMail(const std::string& raw) {
  ReceivedMail mail;
  mail.raw = raw;
  const size_t end = raw.find("\r\n\r\n");
  const std::string head = raw.substr(0, end);
  mail.body = end == std::string::npos ? "" : raw.substr(end + 4);
  std::string last;
  std::istringstream lines(head);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && (line[0] == ' ' || line[0] == '\t') && !last.empty()) {
      mail.headers[last] += line;
      continue;
    }
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    last = line.substr(0, colon);
    for (char& c : last) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string value = line.substr(colon + 1);
    if (!value.empty() && value[0] == ' ') value.erase(0, 1);
    EXPECT_EQ(mail.headers.count(last), 0u) << "header twice: " << last;
    mail.headers[last] = value;
  }
  return mail;
}

class SmtpSink {
 public:
  // `starttls`: the sink offers STARTTLS and requires it, its certificate at ca_file().
  explicit SmtpSink(bool starttls = false) {
    static int count = 0;
    folder_ = std::filesystem::path(::testing::TempDir()) /
              ("smtp_sink_" + std::to_string(getpid()) + "_" + std::to_string(count++));
    std::filesystem::remove_all(folder_);
    std::filesystem::create_directories(folder_);
    pid_ = fork();
    if (pid_ == 0) {
      execl("/usr/bin/python3", "python3", SOUK_SMTP_SINK, folder_.c_str(), starttls ? "--starttls" : nullptr,
            static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 200 && port_ == 0; ++i) {
      std::ifstream in(folder_ / "port");
      if (!(in >> port_)) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_NE(port_, 0) << "the SMTP sink did not start (is python3-aiosmtpd installed?)";
  }
  ~SmtpSink() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    std::filesystem::remove_all(folder_);
  }

  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  std::string ca_file() const { return (folder_ / "cert.pem").string(); }

  // Every message received so far, oldest first.
  std::vector<ReceivedMail> Messages() const {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder_))
      if (entry.path().extension() == ".eml") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<ReceivedMail> out;
    for (const auto& file : files) {
      std::ifstream in(file, std::ios::binary);
      out.push_back(ParseMail(std::string(std::istreambuf_iterator<char>(in), {})));
    }
    return out;
  }

 private:
  std::filesystem::path folder_;
  pid_t pid_ = -1;
  int port_ = 0;
};

}  // namespace souk::server::mail::testing
