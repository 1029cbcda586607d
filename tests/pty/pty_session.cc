#include "pty/pty_session.h"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>

namespace souk::pty {
namespace {

using Clock = std::chrono::steady_clock;

Clock::time_point After(double seconds) {
  return Clock::now() + std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
}

}  // namespace

PtySession::PtySession(const std::vector<std::string>& args, const PtyOptions& options)
    : screen_(options.rows, options.cols) {
  char home_template[] = "/tmp/souk-pty-XXXXXX";
  if (mkdtemp(home_template)) home_ = home_template;
  struct winsize size = {};
  size.ws_row = static_cast<unsigned short>(options.rows);
  size.ws_col = static_cast<unsigned short>(options.cols);
  pid_ = forkpty(&master_, nullptr, nullptr, &size);
  if (pid_ == 0) {
    std::vector<std::string> copies = args;
    std::string binary = SOUK_BINARY;
    std::vector<char*> argv = {binary.data()};
    for (auto& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    setenv("TERM", "xterm-256color", 1);
    setenv("HOME", home_.c_str(), 1);
    unsetenv("XDG_STATE_HOME");
    unsetenv("LANGUAGE");
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    setenv("LANG", "C.UTF-8", 1);
    if (options.no_color) setenv("NO_COLOR", "1", 1);
    else unsetenv("NO_COLOR");
    for (const std::string& e : options.env) putenv(strdup(e.c_str()));
    if (chdir(home_.c_str()) != 0) _exit(126);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
}

PtySession::~PtySession() {
  if (pid_ > 0 && status_ == -2) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  if (master_ >= 0) close(master_);
  if (!home_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(home_, ignored);
  }
}

bool PtySession::ReadSome(int timeout_ms) {
  if (master_ < 0) return false;
  struct pollfd fd = {master_, POLLIN, 0};
  if (poll(&fd, 1, timeout_ms) <= 0) return true;
  char buffer[8192];
  ssize_t n = read(master_, buffer, sizeof buffer);
  if (n <= 0) return false;  // EIO: the program closed the terminal
  output_.append(buffer, static_cast<size_t>(n));
  screen_.Feed(std::string_view(buffer, static_cast<size_t>(n)));
  return true;
}

bool PtySession::WaitUntil(const std::function<bool(const VtScreen&)>& done, double seconds) {
  const auto deadline = After(seconds);
  while (!done(screen_)) {
    if (Clock::now() > deadline) return false;
    if (!ReadSome(100)) return done(screen_);
  }
  return true;
}

bool PtySession::WaitFor(const std::string& text, double seconds) {
  return WaitUntil([&](const VtScreen& s) { return s.Text().find(text) != std::string::npos; }, seconds);
}

std::string LastLine(const VtScreen& screen) {
  std::vector<std::string> lines = screen.Lines();
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines.empty() ? std::string() : lines.back();
}

bool PtySession::WaitForPrompt(const std::string& text, double seconds) {
  std::string prompt = text;  // the screen keeps no trailing spaces
  while (!prompt.empty() && prompt.back() == ' ') prompt.pop_back();
  return WaitUntil(
      [&](const VtScreen& s) {
        std::string last = LastLine(s);
        return last.size() >= prompt.size() && last.compare(last.size() - prompt.size(), prompt.size(), prompt) == 0;
      },
      seconds);
}

void PtySession::Type(const std::string& keys) {
  if (master_ >= 0 && write(master_, keys.data(), keys.size()) < 0) return;
}

void PtySession::Resize(int rows, int cols) {
  struct winsize size = {};
  size.ws_row = static_cast<unsigned short>(rows);
  size.ws_col = static_cast<unsigned short>(cols);
  ioctl(master_, TIOCSWINSZ, &size);
  screen_.Resize(rows, cols);
}

int PtySession::Finish(double seconds) {
  const auto deadline = After(seconds);
  while (true) {
    int status = 0;
    pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      while (ReadSome(50)) {
        struct pollfd fd = {master_, POLLIN, 0};
        if (poll(&fd, 1, 0) <= 0) break;
      }
      status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      return status_;
    }
    if (Clock::now() > deadline) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      status_ = -1;
      return -1;
    }
    ReadSome(100);
  }
}

std::string PtySession::Dump() const {
  std::string tail = output_.size() > 1500 ? output_.substr(output_.size() - 1500) : output_;
  return "--- screen ---\n" + screen_.Text() + "--- end of output ---\n" + tail;
}

unsigned PtySession::LocalModes() const {
  termios modes{};
  if (tcgetattr(master_, &modes) != 0) return 0;
  return static_cast<unsigned>(modes.c_lflag);
}

}  // namespace souk::pty
