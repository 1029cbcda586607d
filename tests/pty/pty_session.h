// `souk` run on a pseudo-terminal (forkpty) as a person runs it, with its screen
// read through VtScreen. Waits are for screen content, with generous deadlines:
// a loaded machine makes a test slower, never wrong.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

#include "pty/vt_screen.h"

namespace souk::pty {

struct PtyOptions {
  int rows = 24, cols = 80;
  bool no_color = false;
  // Extra environment, "NAME=value" each; HOME is a fresh directory unless given.
  std::vector<std::string> env;
};

class PtySession {
 public:
  PtySession(const std::vector<std::string>& args, const PtyOptions& options = {});
  ~PtySession();
  PtySession(const PtySession&) = delete;
  PtySession& operator=(const PtySession&) = delete;

  // Reads output until `done(screen)` holds or `seconds` pass; whether it held.
  bool WaitUntil(const std::function<bool(const VtScreen&)>& done, double seconds = 20);
  // Until the visible screen shows `text`.
  bool WaitFor(const std::string& text, double seconds = 20);
  // Until the screen's last non-empty line ends with `prompt` (the cursor waits there).
  bool WaitForPrompt(const std::string& prompt, double seconds = 20);
  // Types `keys` as they are (a line needs its "\r").
  void Type(const std::string& keys);
  void Resize(int rows, int cols);
  // Waits for the program to end (reading what it writes); its exit status, or -1
  // when it did not end in time (it is then killed) or died by a signal.
  int Finish(double seconds = 20);

  const VtScreen& screen() const { return screen_; }
  const std::string& output() const { return output_; }  // every byte written
  const std::string& home() const { return home_; }
  pid_t pid() const { return pid_; }
  // The terminal's local modes now (c_lflag: ICANON, ECHO...), as the program left them.
  unsigned LocalModes() const;
  // The screen and the end of the output, for a failing test's message.
  std::string Dump() const;

 private:
  bool ReadSome(int timeout_ms);

  pid_t pid_ = -1;
  int master_ = -1;
  VtScreen screen_;
  std::string output_;
  std::string home_;
  int status_ = -2;
};

// The screen's last non-empty line.
std::string LastLine(const VtScreen& screen);

// Lines of the screen down to the last one written.
inline size_t UsedLines(const VtScreen& screen) {
  std::vector<std::string> lines = screen.Lines();
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines.size();
}

inline bool Has(const VtScreen& screen, const std::string& text) { return screen.Text().find(text) != std::string::npos; }

inline PtyOptions NoColor() {
  PtyOptions o;
  o.no_color = true;
  return o;
}

}  // namespace souk::pty
