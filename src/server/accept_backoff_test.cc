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

// What the server tells of its accepts (HttpServer's accept_*), read in this order:
// the failures first, so that every wait ended before the last failure read is counted.
struct AcceptFigures {
  uint64_t failures = 0;
  uint64_t waits_ended = 0;
  int64_t wait_ms = 0;  // the last wait set
};

// The wait after `failures` failed accepts in a row: 50 ms, doubling up to 1 s.
int64_t ScheduledWaitMs(uint64_t failures) {
  return failures >= 6 ? 1000 : std::min<int64_t>(1000, int64_t{50} << (failures - 1));
}

// In a child process: serves on a free port, writes the port to `report`, then
// lowers its descriptor limit so that only `spare` more files can be opened. Then, for
// each byte read from `ask`, writes to `report` the AcceptFigures so far.
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
    AcceptFigures figures;
    figures.failures = server.accept_failures();
    figures.waits_ended = server.accept_waits_ended();
    figures.wait_ms = server.accept_wait().count();
    if (write(report, &figures, sizeof figures) != sizeof figures) _exit(6);
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
  auto accepts = [&] {
    AcceptFigures figures;
    EXPECT_EQ(write(to_child[1], "?", 1), 1);
    EXPECT_EQ(read(from_child[0], &figures, sizeof figures), static_cast<ssize_t>(sizeof figures));
    return figures;
  };
  auto accept_failures = [&] { return accepts().failures; };

  RawConnection kept(port);
  ASSERT_TRUE(kept.Send(testing::kHealthRequest));
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

  // Counted, not timed: every try after the first failure comes after a wait that ran
  // to its end, and each wait is at least the schedule's (50 ms, doubling up to 1 s);
  // a spinning loop makes thousands of tries and no wait. Nothing closes meanwhile
  // (a session waits 30 s for its request), so the failures are one run. Sampled until
  // three waits have ended.
  AcceptFigures seen;
  for (int wait = 0; wait < 1000; ++wait) {
    seen = accepts();
    ASSERT_LE(seen.failures, seen.waits_ended + 1) << "the server tried again without waiting: it spins on accept";
    ASSERT_GE(seen.wait_ms, ScheduledWaitMs(seen.failures)) << "after " << seen.failures << " failed accepts";
    ASSERT_LE(seen.wait_ms, 1000);
    if (seen.waits_ended >= 3) break;
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_GE(seen.waits_ended, 3u) << "the server tries again once a wait ends";

  ASSERT_TRUE(kept.Send(testing::kHealthRequest));
  EXPECT_EQ(RawConnection::StatusOf(kept.ReadResponse(5s)), 200) << "a connection it has is still served";

  extra.clear();
  RawConnection later(port);
  ASSERT_TRUE(later.Send(testing::kHealthRequest));
  EXPECT_EQ(RawConnection::StatusOf(later.ReadResponse(10s)), 200) << "new connections get in once others close";

  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((db + suffix).c_str());
}

}  // namespace
}  // namespace souk::server
