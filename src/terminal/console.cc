#include "terminal/console.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <istream>

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

Read LineReader::Next(std::string* line) {
  if (!keyboard_) return std::getline(in_, *line) ? Read::kLine : Read::kEnd;
  while (true) {
    size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      *line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line->empty() && line->back() == '\r') line->pop_back();
      return Read::kLine;
    }
    if (TakeInterrupt()) {
      buffer_.clear();
      return Read::kInterrupt;
    }
    if (TakeResize()) return Read::kResize;
    char bytes[4096];
    ssize_t n = read(STDIN_FILENO, bytes, sizeof bytes);
    if (n > 0) {
      buffer_.append(bytes, static_cast<size_t>(n));
    } else if (n == 0) {
      // Ctrl-D after some typed text sends that text without a newline: only
      // Ctrl-D at an empty line ends the input.
      if (buffer_.empty()) return Read::kEnd;
    } else if (errno != EINTR) {
      return Read::kEnd;
    }
  }
}

bool LineReader::WaitForLine(int ms) {
  if (!keyboard_) return false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (!InterruptPending()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    struct pollfd fd = {STDIN_FILENO, POLLIN, 0};
    if (poll(&fd, 1, static_cast<int>(left.count())) > 0) {
      std::string ignored;
      Read r = Next(&ignored);
      return r == Read::kLine;
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
