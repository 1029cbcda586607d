// Issue 17: with every descriptor in use, `accept` failed with EMFILE and was
// retried at once, for ever: 100% CPU. A server out of descriptors must wait, keep
// serving the connections it has, and take new ones once some are closed.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <set>
#include <thread>
#include <vector>

#include "server/http_server.h"
#include "testing/raw_client.h"

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
// lowers its descriptor limit so that only `spare` more files can be opened. Then, for
// each byte read from `ask`, writes to `report` how many accepts have failed so far.
// Never returns: the parent kills it.
[[noreturn]] void ServeWithFewDescriptors(const std::string& db, int ask, int report, int spare) {
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
  char asked;
  while (read(ask, &asked, 1) == 1) {
    const uint64_t failures = server.accept_failures();
    if (write(report, &failures, sizeof failures) != sizeof failures) _exit(6);
  }
  while (true) pause();
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
  int to_child[2], from_child[2];
  ASSERT_EQ(pipe(to_child), 0);
  ASSERT_EQ(pipe(from_child), 0);
  const pid_t pid = fork();  // before this test starts any thread of its own
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(to_child[1]);
    close(from_child[0]);
    ServeWithFewDescriptors(db, to_child[0], from_child[1], /*spare=*/4);
  }
  ChildGuard guard{pid};
  close(to_child[0]);
  close(from_child[1]);
  uint16_t port = 0;
  ASSERT_EQ(read(from_child[0], &port, sizeof port), static_cast<ssize_t>(sizeof port));
  auto accept_failures = [&] {
    uint64_t failures = 0;
    EXPECT_EQ(write(to_child[1], "?", 1), 1);
    EXPECT_EQ(read(from_child[0], &failures, sizeof failures), static_cast<ssize_t>(sizeof failures));
    return failures;
  };

  RawConnection kept(port);
  ASSERT_TRUE(kept.Send(kHealth));
  ASSERT_EQ(RawConnection::StatusOf(kept.ReadResponse(5s)), 200);
  EXPECT_EQ(accept_failures(), 0u);
  // The kernel completes these handshakes; the server runs out of descriptors taking them.
  std::vector<RawConnection> extra;
  for (int i = 0; i < 20; ++i) {
    extra.emplace_back(port);
    ASSERT_TRUE(extra.back().connected());
  }
  for (int wait = 0; wait < 1000 && accept_failures() == 0; ++wait) std::this_thread::sleep_for(10ms);
  ASSERT_GT(accept_failures(), 0u) << "the server ran out of descriptors";

  // Counted, not timed: the waits between tries (50 ms, doubling up to 1 s) end no
  // sooner than set, so however long the machine takes, at most five tries fall in the
  // first second and one in each second after; a spinning loop makes thousands.
  const uint64_t failures_before = accept_failures();
  const auto window_start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(1s);
  const uint64_t failures = accept_failures() - failures_before;
  const double window_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - window_start).count();
  EXPECT_LE(failures, 5u + static_cast<uint64_t>(std::ceil(window_seconds))) << "the server spins on accept";

  ASSERT_TRUE(kept.Send(kHealth));
  EXPECT_EQ(RawConnection::StatusOf(kept.ReadResponse(5s)), 200) << "a connection it has is still served";

  extra.clear();
  RawConnection later(port);
  ASSERT_TRUE(later.Send(kHealth));
  EXPECT_EQ(RawConnection::StatusOf(later.ReadResponse(10s)), 200) << "new connections get in once others close";

  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
}

}  // namespace
}  // namespace souk::server
