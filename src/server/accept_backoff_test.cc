// Issue 17: with every descriptor in use, `accept` failed with EMFILE and was
// retried at once, for ever: 100% CPU. A server out of descriptors must wait, keep
// serving the connections it has, and take new ones once some are closed.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "server/http_server.h"
#include "server/raw_client.h"

namespace souk::server {
namespace {

using namespace std::chrono_literals;
using testing::RawConnection;

constexpr char kHealth[] = "GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n";

// The descriptor limit under which exactly `spare` more files can be opened: new
// descriptors take the lowest free numbers, and numbers already open above the limit
// stay valid.
rlim_t LimitLeaving(int spare) {
  std::set<int> open;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd"))
    open.insert(std::atoi(entry.path().filename().c_str()));
  int limit = 0;
  for (int free = 0; free < spare; ++limit)
    if (!open.count(limit)) ++free;
  return static_cast<rlim_t>(limit);
}

// In a child process: serves on a free port, writes the port to `report`, then
// lowers its descriptor limit so that only `spare` more files can be opened. Never
// returns: the parent kills it.
[[noreturn]] void ServeWithFewDescriptors(const std::string& db, int report, int spare) {
  auto store = OpenSqliteStore(db);
  if (!store.ok()) _exit(2);
  GameService games(**store, 1);
  ServerOptions options;
  options.port = 0;
  HttpServer server(games, options);
  if (!server.Start().ok()) _exit(3);
  rlimit limit{};
  getrlimit(RLIMIT_NOFILE, &limit);
  limit.rlim_cur = LimitLeaving(spare);
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) _exit(4);
  const uint16_t port = server.port();
  if (write(report, &port, sizeof port) != sizeof port) _exit(5);
  while (true) pause();
}

// User and system CPU time a process has used so far, from /proc/PID/stat.
std::chrono::milliseconds CpuTimeOf(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields after the command name, which is in parentheses and may hold spaces.
  std::istringstream fields(stat.substr(stat.rfind(')') + 2));
  std::string field;
  long long utime = 0, stime = 0;
  for (int i = 3; fields >> field; ++i) {
    if (i == 14) utime = std::stoll(field);
    if (i == 15) {
      stime = std::stoll(field);
      break;
    }
  }
  return std::chrono::milliseconds((utime + stime) * 1000 / sysconf(_SC_CLK_TCK));
}

struct ChildGuard {
  pid_t pid;
  ~ChildGuard() {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
};

TEST(AcceptBackoff, OutOfDescriptorsTheServerWaitsAndKeepsServing) {
  const std::string db = ::testing::TempDir() + "accept_backoff_" + std::to_string(getpid()) + ".db";
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();  // before this test starts any thread of its own
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(fds[0]);
    ServeWithFewDescriptors(db, fds[1], /*spare=*/4);
  }
  ChildGuard guard{pid};
  close(fds[1]);
  uint16_t port = 0;
  ASSERT_EQ(read(fds[0], &port, sizeof port), static_cast<ssize_t>(sizeof port));
  close(fds[0]);

  RawConnection kept(port);
  ASSERT_TRUE(kept.Send(kHealth));
  ASSERT_EQ(RawConnection::StatusOf(kept.ReadResponse(5s)), 200);
  // The kernel completes these handshakes; the server runs out of descriptors taking them.
  std::vector<RawConnection> extra;
  for (int i = 0; i < 20; ++i) {
    extra.emplace_back(port);
    ASSERT_TRUE(extra.back().connected());
  }
  std::this_thread::sleep_for(300ms);

  const auto cpu_before = CpuTimeOf(pid);
  std::this_thread::sleep_for(1s);
  const auto cpu_used = CpuTimeOf(pid) - cpu_before;
  // A spinning accept loop takes a whole core (or what the machine spares it).
  EXPECT_LT(cpu_used, 250ms) << "the server spins on accept";

  const auto asked = std::chrono::steady_clock::now();
  ASSERT_TRUE(kept.Send(kHealth));
  EXPECT_EQ(RawConnection::StatusOf(kept.ReadResponse(5s)), 200) << "a connection it has is still served";
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 1s);

  extra.clear();
  RawConnection later(port);
  ASSERT_TRUE(later.Send(kHealth));
  EXPECT_EQ(RawConnection::StatusOf(later.ReadResponse(10s)), 200) << "new connections get in once others close";

  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
}

}  // namespace
}  // namespace souk::server
