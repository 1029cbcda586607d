#include "engine/engine_process.h"

#include <fcntl.h>
#include <linux/close_range.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace souk::engine {
namespace {

// Pipe ends are close-on-exec so that a child started by another thread never
// inherits them (an inherited stdin write end would hide that an engine's caller left).
bool CloexecPipe(int fds[2]) { return pipe2(fds, O_CLOEXEC) == 0; }

void CloseFd(int* fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

// The program to exec: a path as given (relative ones from the working directory, as
// a shell would), or a bare name found in PATH.
Result<std::string> ResolveProgram(const std::string& name) {
  if (name.empty()) return Status::Error("command: the program is empty");
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "/usr/bin:/bin";
  while (true) {
    size_t colon = dirs.find(':');
    std::string dir(dirs.substr(0, colon));
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return Status::Error("command: " + name + " is not in PATH");
}

// In the child, between fork and exec: async-signal-safe calls only. Reports errno
// (and which step failed) on `report` when it cannot exec.
[[noreturn]] void ExecChild(const char* program, char* const* argv, const char* directory, int64_t memory_mb,
                            const int in[2], const int out[2], const int err[2], int report) {
  auto fail = [report](int step) {
    int message[2] = {step, errno};
    ssize_t ignored = write(report, message, sizeof message);
    (void)ignored;
    _exit(127);
  };
  setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  signal(SIGPIPE, SIG_DFL);
  if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0) fail(0);
  // Whatever else the caller has open (a server's sockets, a database) stays out of
  // the engine; `report` closes at exec like the rest.
  close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
  if (directory[0] != '\0' && chdir(directory) != 0) fail(1);
  if (memory_mb > 0) {
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(memory_mb) << 20;
    if (setrlimit(RLIMIT_AS, &limit) != 0) fail(2);
  }
  execv(program, argv);
  fail(3);
  _exit(127);  // fail() never returns; the compiler cannot tell from a lambda
}

}  // namespace

Result<std::unique_ptr<EngineProcess>> EngineProcess::Start(const ProcessOptions& options) {
  if (options.argv.empty()) return Status::Error("command: expected at least the program");
  auto program = ResolveProgram(options.argv[0]);
  if (!program.ok()) return program.status();
  std::vector<char*> argv;
  for (const std::string& a : options.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
  auto close_all = [&] {
    for (int* fd : {&in[0], &in[1], &out[0], &out[1], &err[0], &err[1], &report[0], &report[1]}) CloseFd(fd);
  };
  if (!CloexecPipe(in) || !CloexecPipe(out) || !CloexecPipe(err) || !CloexecPipe(report)) {
    close_all();
    return Status::Error(std::string("could not make pipes: ") + std::strerror(errno));
  }
  pid_t pid = fork();
  if (pid < 0) {
    close_all();
    return Status::Error(std::string("could not fork: ") + std::strerror(errno));
  }
  if (pid == 0)
    ExecChild(program->c_str(), argv.data(), options.working_directory.c_str(), options.memory_limit_mb, in, out, err,
              report[1]);
  setpgid(pid, pid);  // as the child does: whichever runs first makes the group

  std::unique_ptr<EngineProcess> p(new EngineProcess());
  p->pid_ = pid;
  p->stdin_fd_ = in[1];
  p->stdout_fd_ = out[0];
  p->stderr_fd_ = err[0];
  in[1] = out[0] = err[0] = -1;
  CloseFd(&report[1]);
  int message[2] = {0, 0};
  ssize_t got;
  do got = read(report[0], message, sizeof message);
  while (got < 0 && errno == EINTR);
  close_all();
  if (got == static_cast<ssize_t>(sizeof message)) {
    p->WaitOrKill(std::chrono::milliseconds(0));
    static const char* const kSteps[] = {"could not set up its pipes", "could not enter its working directory",
                                         "could not set its memory limit", "could not run"};
    std::string what = message[0] >= 0 && message[0] < 4 ? kSteps[message[0]] : "could not start";
    std::string detail = message[0] == 1 ? " " + options.working_directory : message[0] == 3 ? " " + *program : "";
    return Status::Error(what + detail + ": " + std::strerror(message[1]));
  }
  fcntl(p->stdin_fd_, F_SETFL, fcntl(p->stdin_fd_, F_GETFL) | O_NONBLOCK);
  fcntl(p->stdout_fd_, F_SETFL, fcntl(p->stdout_fd_, F_GETFL) | O_NONBLOCK);
  fcntl(p->stderr_fd_, F_SETFL, fcntl(p->stderr_fd_, F_GETFL) | O_NONBLOCK);
  return p;
}

EngineProcess::~EngineProcess() {
  if (!reaped_ && pid_ > 0) Kill();
  CloseFd(&stdin_fd_);
  CloseFd(&stdout_fd_);
  CloseFd(&stderr_fd_);
}

bool EngineProcess::WriteLine(std::string_view line, Clock::time_point deadline) {
  if (stdin_fd_ < 0) return false;
  std::string data(line);
  data += '\n';
  // A write to an engine that closed its stdin raises SIGPIPE: blocked in this thread
  // for the write, and a pending one consumed, so the caller only sees EPIPE.
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  size_t written = 0;
  bool ok = true;
  while (written < data.size()) {
    ssize_t n = write(stdin_fd_, data.data() + written, data.size() - written);
    if (n > 0) {
      written += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) {
        ok = false;
        break;
      }
      pollfd p{stdin_fd_, POLLOUT, 0};
      poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
      DrainStderr();
      continue;
    }
    ok = false;
    break;
  }
  if (!ok && errno == EPIPE) {
    timespec zero{0, 0};
    sigtimedwait(&pipe_set, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (!ok) CloseFd(&stdin_fd_);
  return ok;
}

void EngineProcess::DrainStderr() {
  if (stderr_fd_ < 0) return;
  char chunk[4096];
  while (true) {
    ssize_t n = read(stderr_fd_, chunk, sizeof chunk);
    if (n > 0) {
      stderr_tail_.append(chunk, static_cast<size_t>(n));
      if (stderr_tail_.size() > kStderrKeptBytes) stderr_tail_.erase(0, stderr_tail_.size() - kStderrKeptBytes);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) CloseFd(&stderr_fd_);
    return;
  }
}

bool EngineProcess::WaitReadable(Clock::time_point deadline) {
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left < 0) return false;
    pollfd fds[2] = {{stdout_fd_, POLLIN, 0}, {stderr_fd_, POLLIN, 0}};
    int n = poll(fds, stderr_fd_ >= 0 ? 2 : 1, static_cast<int>(std::min<int64_t>(left + 1, 1000)));
    if (n < 0 && errno != EINTR) return false;
    if (n > 0 && fds[1].revents) DrainStderr();
    if (n > 0 && fds[0].revents) return true;
  }
}

EngineProcess::Read EngineProcess::ReadLine(std::string* line, Clock::time_point deadline) {
  size_t scanned = 0;
  while (true) {
    size_t newline = buffer_.find('\n', scanned);
    if (newline != std::string::npos) {
      if (newline > kMaxLineBytes) return Read::kTooLong;
      size_t end = newline > 0 && buffer_[newline - 1] == '\r' ? newline - 1 : newline;
      line->assign(buffer_, 0, end);
      buffer_.erase(0, newline + 1);
      return Read::kLine;
    }
    scanned = buffer_.size();
    if (buffer_.size() > kMaxLineBytes) return Read::kTooLong;
    if (stdout_closed_ || stdout_fd_ < 0) return Read::kEnd;
    if (!WaitReadable(deadline)) return Read::kTimeout;
    char chunk[65536];
    ssize_t n = read(stdout_fd_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
      stdout_closed_ = true;
    }
  }
}

// Never reaps: until the child is reaped its pid, which is also its group's id, cannot
// be given to another process, so killing the group afterwards can only hit the
// engine's own children.
bool EngineProcess::HasExited() const {
  if (reaped_) return true;
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_;
}

void EngineProcess::Kill() {
  if (pid_ <= 0) return;
  if (!reaped_ && !HasExited()) killed_by_caller_ = true;
  if (!reaped_) kill(-pid_, SIGKILL);
  if (!reaped_) kill(pid_, SIGKILL);  // in case it has not joined its group yet
  while (!reaped_) {
    pid_t r = waitpid(pid_, &wait_status_, 0);
    if (r == pid_ || (r < 0 && errno != EINTR)) reaped_ = true;
  }
}

void EngineProcess::WaitOrKill(std::chrono::milliseconds grace) {
  auto deadline = Clock::now() + grace;
  while (!HasExited() && Clock::now() < deadline) {
    DrainStderr();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  // The group too, before the reaping: an engine's own children go with it.
  Kill();
  DrainStderr();  // its last words, written just before it died, for the report
}

void EngineProcess::Quit(std::chrono::milliseconds grace) {
  if (reaped_) return;
  WriteLine("quit", Clock::now() + grace);
  CloseFd(&stdin_fd_);
  WaitOrKill(grace);
}

std::string EngineProcess::ExitDescription() const {
  if (!reaped_) return "still running";
  if (WIFEXITED(wait_status_)) return "exited with status " + std::to_string(WEXITSTATUS(wait_status_));
  if (WIFSIGNALED(wait_status_)) {
    const char* name = sigdescr_np(WTERMSIG(wait_status_));
    return "killed by signal " + std::to_string(WTERMSIG(wait_status_)) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended";
}

}  // namespace souk::engine
