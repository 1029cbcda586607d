// The terminal a session runs on: lines read from the keyboard or from a stream,
// Ctrl-C and resizes noted by signal handlers, the screen's size, and slow work
// (a bot's search) that Ctrl-C does not have to wait for.
#pragma once

#include <functional>
#include <future>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace souk::terminal {

enum class Read {
  kLine,       // a whole line
  kEnd,        // end of input: Ctrl-D at an empty prompt, or the stream's end
  kInterrupt,  // Ctrl-C
  kResize,     // the terminal changed size: redraw, then read again (the typed text is kept)
};

class LineReader {
 public:
  // Lines of `in`; when `keyboard`, of file descriptor 0 read directly, so that
  // Ctrl-C and a resize end the wait. On a terminal the line is edited here, not by
  // the terminal's line discipline (whose half-typed text a redraw would wipe from
  // the screen while keeping it): keys come one by one, are echoed to `echo` as Next
  // reads them, and Backspace, Ctrl-U and Ctrl-W edit; at each Next the text typed so
  // far is shown again after the prompt the caller has just drawn.
  // Until it is destroyed, the terminal is so set (and put back if a signal ends
  // the program).
  LineReader(std::istream& in, bool keyboard, std::ostream* echo = nullptr);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;
  Read Next(std::string* line);
  bool keyboard() const { return keyboard_; }
  // Waits up to `ms` for a line on the keyboard (discarded); false when none came.
  bool WaitForLine(int ms);

 private:
  // Takes the keys in `bytes` into typed_ (edited, echoed) and whole lines into lines_.
  void Take(const char* bytes, size_t n);
  void Echo(const std::string& text);

  std::istream& in_;
  bool keyboard_;
  std::ostream* echo_;
  std::string typed_;   // the line being typed, as edited so far
  std::string lines_;   // whole lines typed ahead, each ending in '\n'
  int escape_ = 0;      // inside an escape sequence (an arrow key): 1 after ESC, 2 after ESC [ or ESC O
  bool end_ = false;    // Ctrl-D at an empty line
  bool owns_terminal_ = false;  // it set the terminal's keys one by one, and puts them back
};

// While one lives, Ctrl-C (SIGINT) and resizes (SIGWINCH) set flags for the
// session instead of ending the program.
class SignalScope {
 public:
  SignalScope();
  ~SignalScope();
  SignalScope(const SignalScope&) = delete;
  SignalScope& operator=(const SignalScope&) = delete;
};

// Whether Ctrl-C came (or the terminal was resized) since last asked; asking clears it.
bool TakeInterrupt();
bool TakeResize();
// Ctrl-C came and nobody took it yet.
bool InterruptPending();

// The size of the terminal on `fd`; false (and nothing set) when it is none.
bool ScreenSize(int fd, int* rows, int* cols);

// Runs `work` on a thread of its own with the signals blocked, and waits for it;
// nothing when Ctrl-C comes first. The thread then finishes alone, holding its own
// copies: `work` must own (or share) everything it uses.
template <typename T>
std::optional<T> UnlessInterrupted(std::function<T()> work);

// Starts `run` on a thread that ignores the session's signals, detached.
void StartQuietThread(std::function<void()> run);
// Waits for `ready`, checking for Ctrl-C; false when it came first.
bool WaitUnlessInterrupted(const std::shared_future<void>& ready);

template <typename T>
std::optional<T> UnlessInterrupted(std::function<T()> work) {
  auto result = std::make_shared<std::optional<T>>();
  auto done = std::make_shared<std::promise<void>>();
  std::shared_future<void> ready = done->get_future().share();
  StartQuietThread([work = std::move(work), result, done] {
    *result = work();
    done->set_value();
  });
  if (!WaitUnlessInterrupted(ready)) return std::nullopt;
  return std::move(*result);
}

}  // namespace souk::terminal
