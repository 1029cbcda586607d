// `souk serve` killed with SIGKILL in the middle of play: every acknowledged move
// is in the database, the restarted server has the game, and play goes on. On a
// SQLite file and on PostgreSQL (CrashTest.X/Sqlite, /Postgres).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <string>

#include "server/store.h"
#include "server/test_stores.h"
#include "testing/serve_process.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

using testing::ServeProcess;
using Child = ServeProcess;

Child StartServer(const std::string& db) { return testing::StartServe(db); }
int Stop(Child& c, int signal) { return testing::StopServe(c, signal); }

using testing::Backend;

class CrashTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    Status made = database_.Make(GetParam(), "crash_test");
    ASSERT_TRUE(made.ok()) << made.message();
    db_ = database_.db();
  }
  testing::TestDatabase database_;
  std::string db_;
};

INSTANTIATE_TEST_SUITE_P(Stores, CrashTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::BackendName);

// Plays random legal moves for whichever of the two seats is to move, up to `count`
// or until the server stops answering; returns the moves it acknowledged, in order.
std::vector<std::string> PlayMoves(uint16_t port, const std::string& id, const std::string tokens[2], int count,
                                   uint64_t* lcg) {
  std::vector<std::string> acked;
  try {
    for (int i = 0; i < count; ++i) {
      Json state = CallServer(port, http::verb::get, "/api/games/" + id, "", tokens[0]).body;
      if (state["over"].get<bool>()) break;
      const int seat = state["to_move"].get<int>();
      Json mine = CallServer(port, http::verb::get, "/api/games/" + id, "", tokens[seat]).body;
      *lcg = *lcg * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::string move = mine["legal"][(*lcg >> 33) % mine["legal"].size()];
      Reply r = CallServer(port, http::verb::post, "/api/games/" + id + "/moves", Json{{"move", move}}.dump(), tokens[seat]);
      if (r.status != 200) break;
      acked.push_back(move);
    }
  } catch (const std::exception&) {
    // The server is gone: what it acknowledged so far is the list.
  }
  return acked;
}

TEST_P(CrashTest, SigkillLosesNoAcknowledgedMove) {
  Child a = StartServer(db_);
  ASSERT_GT(a.port, 0);
  Json created = CallServer(a.port, http::verb::post, "/api/games",
                            R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})").body;
  const std::string id = created["game_id"];
  std::string tokens[2];
  tokens[0] = created["token"];
  tokens[1] = CallServer(a.port, http::verb::post, "/api/games/" + id + "/join",
                         Json{{"invite", created["invites"][0]["invite"]}}.dump()).body["token"];
  uint64_t lcg = 99;
  std::vector<std::string> acked = PlayMoves(a.port, id, tokens, 10, &lcg);
  ASSERT_EQ(acked.size(), 10u);
  // Moves keep coming while the server is killed, at no particular point of one.
  std::vector<std::string> more;
  std::thread player([&] { more = PlayMoves(a.port, id, tokens, 100000, &lcg); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  Stop(a, SIGKILL);
  player.join();
  EXPECT_GT(more.size(), 0u);
  acked.insert(acked.end(), more.begin(), more.end());
  if (GetParam() == Backend::kPostgres) {
    // The killed server's connections outlive it for a moment, and the statement one was
    // running still commits: the store is read once they are gone.
    for (int wait = 0; wait < 500; ++wait) {
      auto others = testing::TestPostgres::Execute(
          db_, "SELECT count(*) FROM pg_stat_activity WHERE datname=current_database() AND pid<>pg_backend_pid()");
      if (others.ok() && *others == "0") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  {
    auto store = database_.Open();
    ASSERT_TRUE(store.ok()) << store.message();
    auto game = (*store)->LoadGame(id);
    ASSERT_TRUE(game.ok());
    // Every acknowledged move, in order; at most one more (stored, its answer lost).
    ASSERT_GE(game->moves.size(), acked.size());
    EXPECT_LE(game->moves.size(), acked.size() + 1);
    EXPECT_TRUE(std::equal(acked.begin(), acked.end(), game->moves.begin()));
    acked = game->moves;
  }

  Child b = StartServer(db_);
  ASSERT_GT(b.port, 0);
  Json state = CallServer(b.port, http::verb::get, "/api/games/" + id, "", tokens[1]).body;
  EXPECT_EQ(state["move_count"].get<size_t>(), acked.size());
  EXPECT_EQ(state["seat"], 1) << "the seat tokens still work";
  const bool over = state["over"].get<bool>();
  std::vector<std::string> rest = PlayMoves(b.port, id, tokens, 2000, &lcg);
  EXPECT_TRUE(over || !rest.empty()) << "play goes on after the restart";
  EXPECT_TRUE(CallServer(b.port, http::verb::get, "/api/games/" + id).body["over"].get<bool>());
  EXPECT_EQ(Stop(b, SIGTERM), 0) << "SIGTERM stops the server cleanly";
}

// Issue 38: the clocks are replayed from the stored moves' times, so a server killed
// and restarted shows the same: the waiting seat's time to the millisecond, the seat to
// move's less the time that passed (the server's downtime is the mover's time too).
TEST_P(CrashTest, SigkillKeepsTheClocks) {
  Child a = StartServer(db_);
  ASSERT_GT(a.port, 0);
  Json created = CallServer(a.port, http::verb::post, "/api/games",
                            R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}],)"
                            R"("clock":{"base_s":600,"increment_s":5}})").body;
  const std::string id = created["game_id"];
  std::string tokens[2];
  tokens[0] = created["token"];
  tokens[1] = CallServer(a.port, http::verb::post, "/api/games/" + id + "/join",
                         Json{{"invite", created["invites"][0]["invite"]}}.dump()).body["token"];
  uint64_t lcg = 7;
  ASSERT_EQ(PlayMoves(a.port, id, tokens, 6, &lcg).size(), 6u);
  const Json before = CallServer(a.port, http::verb::get, "/api/games/" + id, "", tokens[0]).body;
  const auto asked = std::chrono::steady_clock::now();
  ASSERT_TRUE(before["clock_running"].get<bool>());
  Stop(a, SIGKILL);
  Child b = StartServer(db_);
  ASSERT_GT(b.port, 0);
  const Json after = CallServer(b.port, http::verb::get, "/api/games/" + id, "", tokens[0]).body;
  const int64_t passed =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked).count();
  const int mover = before["to_move"].get<int>();
  ASSERT_EQ(after["to_move"], mover);
  EXPECT_EQ(after["clocks"][1 - mover], before["clocks"][1 - mover]) << "the waiting seat's time, exactly";
  const int64_t spent = before["clocks"][mover].get<int64_t>() - after["clocks"][mover].get<int64_t>();
  EXPECT_GE(spent, passed - 250) << "the mover's clock ran on through the restart, " << passed << " ms";
  EXPECT_LE(spent, passed + 50) << "by the time that passed, " << passed << " ms, not more";
  EXPECT_EQ(Stop(b, SIGTERM), 0);
}

// A second signal during a graceful stop leaves at once, with status 1 (docs/operations.md,
// `stop_forced`), rather than after the drain: a WebSocket client that never answers the
// server's close keeps the drain waiting its 10 s.
TEST_P(CrashTest, ASecondSignalDuringTheStopLeavesAtOnce) {
#ifndef NDEBUG
  // With Boost's assertions on (the sanitizer build is a Debug one), Beast 1.81 sometimes
  // asserts in basic_stream's pending_guard when the drain closes a WebSocket whose
  // client never reads (about one run in three here): not understood yet, left open in
  // docs/operations.md. The Release build, which ships, runs this test.
  GTEST_SKIP() << "Beast's pending_guard assertion on a drained silent WebSocket (Debug builds)";
#endif
  Child a = StartServer(db_);
  ASSERT_GT(a.port, 0);
  testing::StopServeAtExit kill_on_failure{a};
  Json created = CallServer(a.port, http::verb::post, "/api/games",
                            R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})").body;
  WsClient silent(a.port, created["game_id"].get<std::string>());
  kill(a.pid, SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the stop has begun
  const int status = Stop(a, SIGTERM);
  ASSERT_TRUE(WIFEXITED(status)) << status;
  EXPECT_EQ(WEXITSTATUS(status), 1) << "left by the second signal, not at the drain's end (0)";
}

}  // namespace
}  // namespace souk::server
