// For tests: `souk serve` as a child process on a free port, stopped by a signal
// (header-only, tests only; SOUK_BINARY names the binary).
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace souk::server::testing {

struct ServeProcess {
  pid_t pid = -1;
  uint16_t port = 0;
  FILE* out = nullptr;
};

// Starts `souk serve --port 0 --db DB --no-rate-limits EXTRA...` and reads the port
// from its first line. The tests play as fast as the machine goes, faster than the
// rate limits allow anyone.
inline ServeProcess StartServe(const std::string& db, const std::vector<std::string>& extra = {}) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  std::vector<std::string> args{SOUK_BINARY, "serve", "--port", "0", "--db", db, "--no-rate-limits"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ServeProcess c;
  c.pid = fork();
  if (c.pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    execv(SOUK_BINARY, argv.data());
    _exit(127);
  }
  close(fds[1]);
  c.out = fdopen(fds[0], "r");
  char line[512] = {};
  if (fgets(line, sizeof line, c.out) == nullptr) return c;
  std::string text = line;
  size_t colon = text.find("127.0.0.1:");
  if (colon != std::string::npos) c.port = static_cast<uint16_t>(std::stoi(text.substr(colon + 10)));
  return c;
}

// Sends `signal` and reaps the process; its wait status.
inline int StopServe(ServeProcess& c, int signal) {
  if (c.pid <= 0) return -1;
  kill(c.pid, signal);
  int status = 0;
  waitpid(c.pid, &status, 0);
  c.pid = -1;
  if (c.out) fclose(c.out);
  c.out = nullptr;
  return status;
}

// Kills the process at the end of a test that failed before stopping it.
struct StopServeAtExit {
  ServeProcess& process;
  ~StopServeAtExit() { StopServe(process, SIGKILL); }
};

}  // namespace souk::server::testing
