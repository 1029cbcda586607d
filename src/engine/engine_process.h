// An engine as a child process: started in its own process group with pipes on its
// stdin, stdout and stderr, read one line at a time with a deadline, and killed
// (the whole group) and reaped when done. Nothing here trusts the engine: every read
// has a deadline, lines and stderr are bounded, and a write to an engine that stopped
// reading gives up at its deadline instead of blocking.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace souk::engine {

using Clock = std::chrono::steady_clock;

struct ProcessOptions {
  std::vector<std::string> argv;  // argv[0] is a path, or a name looked up in PATH
  std::string working_directory;  // "" for the caller's
  int64_t memory_limit_mb = 0;    // RLIMIT_AS in the child; 0 for none
};

class EngineProcess {
 public:
  // A line longer than this ends the conversation (docs/engine-protocol.md).
  static constexpr size_t kMaxLineBytes = 1 << 20;
  // The last bytes of the engine's stderr kept for a failure's report.
  static constexpr size_t kStderrKeptBytes = 4096;

  // Fails when the program cannot be started (not found, not executable, bad
  // working directory): the message says which.
  static Result<std::unique_ptr<EngineProcess>> Start(const ProcessOptions& options);
  // Kills the group and reaps the child if it still runs.
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes `line` and a newline; false if the engine stopped reading (closed its
  // stdin, or did not take the bytes before the deadline).
  bool WriteLine(std::string_view line, Clock::time_point deadline);

  enum class Read { kLine, kTimeout, kEnd, kTooLong };
  // The next line of the engine's stdout, without its newline (nor a '\r' before it).
  // kEnd: the engine closed its stdout (exited); kTooLong: a line over kMaxLineBytes.
  // stderr is drained meanwhile, so an engine writing logs never blocks.
  Read ReadLine(std::string* line, Clock::time_point deadline);

  // Asks the engine to quit, waits up to `grace` for it to exit, then kills its group.
  void Quit(std::chrono::milliseconds grace);
  // SIGKILL to the engine's process group, then reaps the child.
  void Kill();
  // Waits up to `grace` for the child to exit on its own, then kills. The child is
  // reaped on return.
  void WaitOrKill(std::chrono::milliseconds grace);

  pid_t pid() const { return pid_; }
  bool reaped() const { return reaped_; }
  // How the child ended once reaped: "exited with status 3", "killed by signal 11".
  std::string ExitDescription() const;
  // True when the child was still running when this side killed it: its end is then
  // the caller's doing, and ExitDescription ("killed by signal 9") says nothing of it.
  bool killed_by_caller() const { return killed_by_caller_; }
  // The last kStderrKeptBytes bytes of its stderr.
  const std::string& stderr_tail() const { return stderr_tail_; }

 private:
  EngineProcess() = default;
  bool HasExited() const;
  void DrainStderr();
  // Polls stdout and stderr until one is readable or the deadline passes; false at it.
  bool WaitReadable(Clock::time_point deadline);

  pid_t pid_ = -1;
  int stdin_fd_ = -1, stdout_fd_ = -1, stderr_fd_ = -1;
  bool reaped_ = false;
  bool killed_by_caller_ = false;
  int wait_status_ = 0;
  std::string buffer_;  // stdout read but not yet returned as a line
  bool stdout_closed_ = false;
  std::string stderr_tail_;
};

}  // namespace souk::engine
