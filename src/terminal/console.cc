#include "terminal/console.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <istream>
#include <optional>
#include <ostream>

namespace souk::terminal {
namespace {

std::atomic<bool> interrupt_flag{false};
std::atomic<bool> resize_flag{false};

void OnInterrupt(int) { interrupt_flag = true; }
void OnResize(int) { resize_flag = true; }

struct sigaction old_int, old_winch;

}  // namespace

SignalScope::SignalScope() {
  interrupt_flag = false;
  resize_flag = false;
  struct sigaction action = {};
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a read waiting for the keyboard ends with EINTR
  action.sa_handler = OnInterrupt;
  sigaction(SIGINT, &action, &old_int);
  action.sa_handler = OnResize;
  sigaction(SIGWINCH, &action, &old_winch);
}

SignalScope::~SignalScope() {
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGWINCH, &old_winch, nullptr);
}

bool TakeInterrupt() { return interrupt_flag.exchange(false); }
bool TakeResize() { return resize_flag.exchange(false); }
bool InterruptPending() { return interrupt_flag.load(); }

bool ScreenSize(int fd, int* rows, int* cols) {
  struct winsize size = {};
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return false;
  *rows = size.ws_row;
  *cols = size.ws_col;
  return true;
}

namespace {

// The terminal's settings before keys were taken one by one, put back on the way
// out, also by a signal that ends the program (a terminal left without echo is
// unusable until `reset`).
termios saved_terminal, keys_terminal;
std::atomic<bool> terminal_changed{false};
struct sigaction old_term, old_hup, old_quit, old_stop;

void RestoreTerminal() {
  if (terminal_changed.exchange(false)) tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
}

void OnFatal(int signal) {
  RestoreTerminal();  // tcsetattr is async-signal-safe
  struct sigaction fallback = {};
  fallback.sa_handler = SIG_DFL;
  sigaction(signal, &fallback, nullptr);
  raise(signal);
}

// Ctrl-Z: the shell gets its terminal back as it was; on `fg`, keys one by one again.
void OnStop(int) {
  const bool changed = terminal_changed.load();
  RestoreTerminal();
  struct sigaction fallback = {}, self = {};
  fallback.sa_handler = SIG_DFL;
  sigaction(SIGTSTP, &fallback, &self);
  raise(SIGTSTP);  // stops here until SIGCONT
  sigaction(SIGTSTP, &self, nullptr);
  if (changed && tcsetattr(STDIN_FILENO, TCSANOW, &keys_terminal) == 0) terminal_changed = true;
}

// Whether `c` continues a UTF-8 character rather than starting one.
bool Continues(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

void LineReader::Echo(const std::string& text) {
  if (!echo_ || text.empty()) return;
  *echo_ << text;
  echo_->flush();
}

void LineReader::Take(const char* bytes, size_t n) {
  std::string shown;  // what the keys change on the screen
  auto erase_last = [&] {
    if (typed_.empty()) return;
    while (typed_.size() > 1 && Continues(typed_.back())) typed_.pop_back();
    const bool control = static_cast<unsigned char>(typed_.back()) < 0x20;  // shown as two columns
    typed_.pop_back();
    shown += control ? "\b\b  \b\b" : "\b \b";
  };
  for (size_t i = 0; i < n; ++i) {
    const char c = bytes[i];
    const auto u = static_cast<unsigned char>(c);
    if (escape_ == 1) {  // after ESC: a sequence of a key (ESC [ A) or a lone escape
      escape_ = (c == '[' || c == 'O') ? 2 : 0;
      continue;
    }
    if (escape_ == 2) {  // parameters until the final byte
      if (u >= 0x40 && u <= 0x7e) escape_ = 0;
      continue;
    }
    if (c == '\n' || c == '\r') {
      lines_ += typed_ + '\n';
      typed_.clear();
      shown += "\n";
    } else if (u == 0x7f || u == 0x08) {  // Backspace
      erase_last();
    } else if (u == 0x15) {  // Ctrl-U: the whole line
      while (!typed_.empty()) erase_last();
    } else if (u == 0x17) {  // Ctrl-W: the last word
      while (!typed_.empty() && typed_.back() == ' ') erase_last();
      while (!typed_.empty() && typed_.back() != ' ') erase_last();
    } else if (u == 0x04) {  // Ctrl-D: ends the input at an empty line only
      if (typed_.empty()) end_ = true;  // after the lines typed before it
    } else if (u == 0x1b) {
      escape_ = 1;
    } else if (u == '\t') {
      typed_ += ' ';
      shown += ' ';
    } else if (u < 0x20) {  // another control key: kept, shown as the terminal would (^A)
      typed_ += c;
      shown += '^';
      shown += static_cast<char>(c + 0x40);
    } else {
      typed_ += c;
      shown += c;
    }
  }
  Echo(shown);
}

LineReader::LineReader(std::istream& in, bool keyboard, std::ostream* echo)
    : in_(in), keyboard_(keyboard), echo_(echo) {
  // For the whole session, not each read: a key typed between two reads (while a
  // bot thinks) then waits for the next one, never in the line discipline's buffer.
  if (!keyboard_ || isatty(STDIN_FILENO) != 1 || terminal_changed) return;
  if (tcgetattr(STDIN_FILENO, &saved_terminal) != 0) return;
  termios& keys = keys_terminal;
  keys = saved_terminal;
  keys.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO | IEXTEN);  // ISIG kept: Ctrl-C stays SIGINT
  keys.c_cc[VMIN] = 1;
  keys.c_cc[VTIME] = 0;
  struct sigaction fatal = {};
  sigemptyset(&fatal.sa_mask);
  fatal.sa_handler = OnFatal;
  sigaction(SIGTERM, &fatal, &old_term);
  sigaction(SIGHUP, &fatal, &old_hup);
  sigaction(SIGQUIT, &fatal, &old_quit);
  struct sigaction stop = {};
  sigemptyset(&stop.sa_mask);
  stop.sa_handler = OnStop;
  sigaction(SIGTSTP, &stop, &old_stop);
  // TCSANOW, not TCSAFLUSH: what was typed ahead is kept, and read.
  if (tcsetattr(STDIN_FILENO, TCSANOW, &keys) == 0) {
    terminal_changed = true;
    owns_terminal_ = true;
  }
}

LineReader::~LineReader() {
  if (!owns_terminal_) return;
  RestoreTerminal();
  sigaction(SIGTERM, &old_term, nullptr);
  sigaction(SIGHUP, &old_hup, nullptr);
  sigaction(SIGQUIT, &old_quit, nullptr);
  sigaction(SIGTSTP, &old_stop, nullptr);
}

Read LineReader::Next(std::string* line) {
  if (!keyboard_) return std::getline(in_, *line) ? Read::kLine : Read::kEnd;
  const bool terminal = owns_terminal_;
  // The caller has drawn its prompt: what was typed before it shows again after it.
  if (terminal) Echo(typed_);
  while (true) {
    size_t newline = lines_.find('\n');
    if (newline != std::string::npos) {
      *line = lines_.substr(0, newline);
      lines_.erase(0, newline + 1);
      return Read::kLine;
    }
    if (end_) {
      end_ = false;
      return Read::kEnd;
    }
    if (TakeInterrupt()) {
      typed_.clear();
      lines_.clear();
      return Read::kInterrupt;
    }
    if (TakeResize()) return Read::kResize;
    char bytes[4096];
    ssize_t n = read(STDIN_FILENO, bytes, sizeof bytes);
    if (n > 0) {
      if (terminal) {
        Take(bytes, static_cast<size_t>(n));
      } else {
        // Not a terminal (a pipe): bytes as they come, lines ended by '\n'.
        for (ssize_t i = 0; i < n; ++i) {
          if (bytes[i] == '\n') {
            if (!typed_.empty() && typed_.back() == '\r') typed_.pop_back();
            lines_ += typed_ + '\n';
            typed_.clear();
          } else {
            typed_ += bytes[i];
          }
        }
      }
    } else if (n == 0) {
      // The end of a pipe: a last line without its newline is still a line.
      if (typed_.empty()) return Read::kEnd;
      lines_ += typed_ + '\n';
      typed_.clear();
    } else if (errno != EINTR) {
      return Read::kEnd;
    }
  }
}

bool LineReader::WaitForLine(int ms) {
  if (!keyboard_) return false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (!InterruptPending()) {
    if (size_t newline = lines_.find('\n'); newline != std::string::npos) {
      lines_.erase(0, newline + 1);
      return true;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    struct pollfd fd = {STDIN_FILENO, POLLIN, 0};
    if (poll(&fd, 1, static_cast<int>(left.count())) <= 0) continue;
    char bytes[4096];
    const ssize_t n = read(STDIN_FILENO, bytes, sizeof bytes);
    if (n <= 0) return false;
    // A key that is not Enter waits with the rest of the line for the next prompt.
    if (owns_terminal_) {
      Take(bytes, static_cast<size_t>(n));
    } else {
      typed_.append(bytes, static_cast<size_t>(n));
      for (size_t at; (at = typed_.find('\n')) != std::string::npos;) {
        lines_ += typed_.substr(0, at + 1);
        typed_.erase(0, at + 1);
      }
    }
  }
  return false;
}

void StartQuietThread(std::function<void()> run) {
  sigset_t blocked, old;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGINT);
  sigaddset(&blocked, SIGWINCH);
  pthread_sigmask(SIG_BLOCK, &blocked, &old);  // the new thread inherits the mask
  std::thread(std::move(run)).detach();
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

bool WaitUnlessInterrupted(const std::shared_future<void>& ready) {
  while (ready.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready)
    if (InterruptPending()) return false;
  return true;
}

}  // namespace souk::terminal
