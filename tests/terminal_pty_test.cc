// `souk play` through a pseudo-terminal, as a person runs it: whole games against
// bots to the end, typing the number of a legal move at every prompt.
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Transcript {
  std::string output;
  int exit_status = -1;
  int prompts = 0;
  bool timed_out = false;
};

bool EndsWith(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// Runs `souk` with `args` on a new pseudo-terminal. At each move prompt it types
// `first_entry` once, then "1"; it answers "n" to playing again.
Transcript RunOnPty(const std::vector<std::string>& args, const std::string& first_entry, bool no_color = false) {
  Transcript t;
  int master = -1;
  struct winsize size = {50, 100, 0, 0};
  pid_t pid = forkpty(&master, nullptr, nullptr, &size);
  if (pid == 0) {
    std::vector<char*> argv;
    std::string binary = SOUK_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copies = args;
    for (auto& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    setenv("TERM", "xterm-256color", 1);
    if (no_color) setenv("NO_COLOR", "1", 1);
    else unsetenv("NO_COLOR");
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  if (pid < 0) return t;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  size_t answered = 0;  // output length when we last typed
  while (true) {
    if (std::chrono::steady_clock::now() > deadline) {
      t.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    struct pollfd fd = {master, POLLIN, 0};
    if (poll(&fd, 1, 1000) <= 0) continue;
    char buffer[4096];
    ssize_t n = read(master, buffer, sizeof buffer);
    if (n <= 0) break;  // EIO: the child closed the terminal
    t.output.append(buffer, static_cast<size_t>(n));
    if (t.output.size() == answered) continue;
    std::string entry;
    if (EndsWith(t.output, "your move> ")) {
      entry.append(t.prompts++ == 0 ? first_entry : std::string(1, '1'));
    } else if (EndsWith(t.output, "Play again? (y/n) ")) {
      entry.push_back('n');
    } else {
      continue;
    }
    entry.push_back('\r');
    if (write(master, entry.data(), entry.size()) != static_cast<ssize_t>(entry.size())) break;
    answered = t.output.size();
  }
  int status = 0;
  waitpid(pid, &status, 0);
  close(master);
  t.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return t;
}

TEST(TerminalPty, AWholeJaipurGameAgainstABot) {
  Transcript t = RunOnPty({"play", "jaipur", "--vs", "easy", "--seed", "3", "--lang", "en"}, "nonsense");
  ASSERT_FALSE(t.timed_out) << t.output.substr(t.output.size() > 3000 ? t.output.size() - 3000 : 0);
  EXPECT_EQ(t.exit_status, 0);
  EXPECT_NE(t.output.find("! "), std::string::npos) << "the bad entry was answered";
  EXPECT_NE(t.output.find("Game over."), std::string::npos);
  EXPECT_NE(t.output.find("\x1b["), std::string::npos) << "a terminal gets colour";
  EXPECT_GT(t.prompts, 10);
}

TEST(TerminalPty, AWholeMarrakechGameAgainstTwoBots) {
  Transcript t = RunOnPty({"play", "marrakech", "--players", "3", "--vs", "easy", "--seed", "4", "--lang", "en"}, "help");
  ASSERT_FALSE(t.timed_out) << t.output.substr(t.output.size() > 3000 ? t.output.size() - 3000 : 0);
  EXPECT_EQ(t.exit_status, 0);
  EXPECT_NE(t.output.find("Commands: moves"), std::string::npos);
  EXPECT_NE(t.output.find("Game over."), std::string::npos);
}

TEST(TerminalPty, NoColorTurnsColourOffOnATerminal) {
  const std::vector<std::string> watch = {"watch", "jaipur", "random", "random", "--seed", "2", "--delay", "0"};
  Transcript plain = RunOnPty(watch, "", true);
  EXPECT_EQ(plain.exit_status, 0);
  EXPECT_NE(plain.output.find("Game over."), std::string::npos);
  EXPECT_EQ(plain.output.find("\x1b"), std::string::npos);
  Transcript coloured = RunOnPty(watch, "");
  EXPECT_NE(coloured.output.find("\x1b["), std::string::npos);
}

}  // namespace
