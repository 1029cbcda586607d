// Several `souk serve` processes on one PostgreSQL database (issue 20): one killed with
// SIGKILL in the middle of a stream of moves, one killed while its bot thinks, and the
// database restarted under load. Real processes, a real PostgreSQL (postgres_test_env.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "format/record.h"
#include "server/store.h"
#include "server/test_stores.h"
#include "testing/serve_process.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

using namespace std::chrono_literals;
using testing::Backend;
using testing::ServeProcess;
using testing::StartServe;
using testing::StopServe;
using testing::StopServeAtExit;
using testing::TestPostgres;

struct Table {
  std::string id;
  std::string tokens[2];
};

// A client that spreads its requests over several instances, as a proxy does, and
// moves on to the next when one does not answer (its connection refused or cut).
class Client {
 public:
  explicit Client(std::vector<uint16_t> ports) : ports_(std::move(ports)) {}

  // The reply of the next instance that answers (a 503 is an answer); status 0 if none.
  Reply Call(http::verb verb, const std::string& target, const std::string& body = "", const std::string& token = "") {
    for (size_t tries = 0; tries < ports_.size(); ++tries) {
      const uint16_t port = ports_[next_++ % ports_.size()];
      try {
        return CallServer(port, verb, target, body, token);
      } catch (const std::exception&) {
        ++failovers_;  // that instance is gone: the next
      }
    }
    return {};
  }
  int failovers() const { return failovers_; }

 private:
  std::vector<uint16_t> ports_;
  size_t next_ = 0;
  int failovers_ = 0;
};

Table MakeTable(Client& client, const std::string& seats_json) {
  Reply made = client.Call(http::verb::post, "/api/games", R"({"game":"jaipur","seats":)" + seats_json + "}");
  EXPECT_EQ(made.status, 201) << made.body.dump();
  Table t;
  t.id = made.body.value("game_id", "");
  t.tokens[0] = made.body.value("token", "");
  if (made.body.contains("invites") && !made.body["invites"].empty())
    t.tokens[1] = client.Call(http::verb::post, "/api/games/" + t.id + "/join",
                              Json{{"invite", made.body["invites"][0]["invite"]}}.dump())
                      .body.value("token", "");
  return t;
}

struct Played {
  std::vector<std::string> acked;  // moves answered 200, in order
  int errors = 0;                  // answers other than 200 (503 while the database is down)
};

// Plays random legal moves for both seats of a two-human game through `client` until
// the game ends, `stop` is set or `count` moves are acknowledged.
// `progress`, if given, counts the acknowledged moves as they come.
Played PlayMoves(Client& client, const Table& t, uint64_t* lcg, size_t count, const std::atomic<bool>* stop = nullptr,
                 std::atomic<size_t>* progress = nullptr) {
  Played played;
  for (int guard = 0; guard < 20000 && played.acked.size() < count && !(stop && *stop); ++guard) {
    Reply any = client.Call(http::verb::get, "/api/games/" + t.id, "", t.tokens[0]);
    if (any.status != 200) {
      ++played.errors;
      std::this_thread::sleep_for(20ms);
      continue;
    }
    if (any.body["over"].get<bool>()) break;
    const int seat = any.body["to_move"].get<int>();
    Reply mine = client.Call(http::verb::get, "/api/games/" + t.id, "", t.tokens[seat]);
    if (mine.status != 200 || mine.body["legal"].empty()) continue;  // moved meanwhile, or down
    *lcg = *lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    const std::string move = mine.body["legal"][(*lcg >> 33) % mine.body["legal"].size()];
    Reply r = client.Call(http::verb::post, "/api/games/" + t.id + "/moves", Json{{"move", move}}.dump(), t.tokens[seat]);
    if (r.status == 200) {
      played.acked.push_back(move);
      if (progress) ++*progress;
    } else {
      ++played.errors;
    }
  }
  return played;
}

// Whether `acked` appears in `stored` in order, with at most `extra` stored moves not
// acknowledged (a move stored whose answer was lost with its instance).
bool InOrderWithin(const std::vector<std::string>& acked, const std::vector<std::string>& stored, size_t extra) {
  size_t i = 0, skipped = 0;
  for (const std::string& move : stored) {
    if (i < acked.size() && acked[i] == move) ++i;
    else ++skipped;
  }
  return i == acked.size() && skipped <= extra;
}

class InstancesProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Status made = database_.Make(Backend::kPostgres, "instances_process");
    ASSERT_TRUE(made.ok()) << made.message();
  }
  StoredGame Stored(const std::string& id) {
    auto store = database_.Open();
    EXPECT_TRUE(store.ok()) << store.message();
    if (!store.ok()) return {};
    auto g = (*store)->LoadGame(id);
    EXPECT_TRUE(g.ok()) << g.message();
    return g.ok() ? *g : StoredGame{};
  }
  testing::TestDatabase database_;
};

TEST_F(InstancesProcessTest, AnInstanceKilledMidGameLosesNoAcknowledgedMoveAndTheGameEndsThroughAnother) {
  ServeProcess a = StartServe(database_.db()), b = StartServe(database_.db()), c = StartServe(database_.db());
  StopServeAtExit stop_a{a}, stop_b{b}, stop_c{c};
  ASSERT_TRUE(a.port && b.port && c.port);
  Client client({a.port, b.port, c.port});
  Table t = MakeTable(client, R"([{"player":"human"},{"player":"human"}])");
  uint64_t lcg = 42;
  Played before = PlayMoves(client, t, &lcg, 12);
  ASSERT_EQ(before.acked.size(), 12u);
  // A stream of moves over the three; A is killed at no particular point of one.
  Played during;
  std::atomic<size_t> progress{0};
  std::thread player([&] { during = PlayMoves(client, t, &lcg, 100000, nullptr, &progress); });
  while (progress < 20) std::this_thread::sleep_for(1ms);
  StopServe(a, SIGKILL);
  player.join();
  EXPECT_GT(client.failovers(), 0) << "requests went to the killed instance, then to the others";
  std::vector<std::string> acked = before.acked;
  acked.insert(acked.end(), during.acked.begin(), during.acked.end());
  const StoredGame stored = Stored(t.id);
  EXPECT_TRUE(InOrderWithin(acked, stored.moves, 1)) << acked.size() << " acknowledged, " << stored.moves.size() << " stored";
  EXPECT_TRUE(stored.finished) << "the game was played to its end through B and C";
  for (uint16_t port : {b.port, c.port}) {
    Json view = CallServer(port, http::verb::get, "/api/games/" + t.id).body;
    EXPECT_TRUE(view["over"].get<bool>());
    EXPECT_EQ(view["move_count"].get<size_t>(), stored.moves.size());
  }
}

TEST_F(InstancesProcessTest, ASeatsWebSocketOnOneInstanceHearsMovesPostedToAnother) {
  ServeProcess a = StartServe(database_.db()), b = StartServe(database_.db());
  StopServeAtExit stop_a{a}, stop_b{b};
  ASSERT_TRUE(a.port && b.port);
  Client on_a({a.port});
  Table t = MakeTable(on_a, R"([{"player":"human"},{"player":"human"}])");
  WsClient ws(a.port, t.id);  // seat 1, on A
  ws.Send(Json{{"type", "hello"}, {"token", t.tokens[1]}}.dump());
  ASSERT_EQ(ws.Receive()["type"], "history");
  ASSERT_EQ(ws.Receive()["type"], "state");
  uint64_t lcg = 21;
  for (int i = 0; i < 10; ++i) {
    // Each move posted to B, as seat 0 or seat 1 (a Jaipur turn may end a round)...
    Json any = CallServer(b.port, http::verb::get, "/api/games/" + t.id).body;
    const int seat = any["to_move"].get<int>();
    Json mine = CallServer(b.port, http::verb::get, "/api/games/" + t.id, "", t.tokens[seat]).body;
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    const std::string move = mine["legal"][(lcg >> 33) % mine["legal"].size()];
    ASSERT_EQ(CallServer(b.port, http::verb::post, "/api/games/" + t.id + "/moves", Json{{"move", move}}.dump(),
                         t.tokens[seat]).status, 200);
    // ...reaches seat 1's WebSocket on A: seat 1's view, with the move's event.
    const size_t count = mine["move_count"].get<size_t>() + 1;
    Json heard = ws.ReceiveUntil([&](const Json& m) { return m["type"] == "state" && m["move_count"].get<size_t>() >= count; });
    EXPECT_EQ(heard["seat"], 1);
    EXPECT_EQ(heard["view"], CallServer(b.port, http::verb::get, "/api/games/" + t.id, "", t.tokens[1]).body["view"]);
    EXPECT_FALSE(heard["events"].empty());
  }
}

TEST_F(InstancesProcessTest, ABotWhoseInstanceIsKilledWhileItThinksIsPlayedByAnother) {
  ServeProcess a = StartServe(database_.db()), b = StartServe(database_.db());
  StopServeAtExit stop_a{a}, stop_b{b};
  ASSERT_TRUE(a.port && b.port);
  // The bot thinks 1.5 s a move: long enough to be killed in the middle.
  Client on_a({a.port});
  Table t = MakeTable(on_a, R"([{"player":"human"},{"player":"mcts:time=1500,threads=1"}])");
  ASSERT_EQ(CallServer(b.port, http::verb::get, "/api/games/" + t.id).status, 200);  // B holds it too
  Json mine;
  for (int wait = 0; wait < 200 && (mine = CallServer(a.port, http::verb::get, "/api/games/" + t.id, "", t.tokens[0]).body)["to_move"] != 0; ++wait)
    std::this_thread::sleep_for(50ms);  // the bot may open the round
  ASSERT_EQ(mine["to_move"], 0);
  const size_t count = mine["move_count"].get<size_t>();
  ASSERT_EQ(CallServer(a.port, http::verb::post, "/api/games/" + t.id + "/moves",
                       Json{{"move", mine["legal"][0]}}.dump(), t.tokens[0]).status, 200);
  std::this_thread::sleep_for(300ms);  // A holds the bot's turn and thinks
  const auto killed = std::chrono::steady_clock::now();
  StopServe(a, SIGKILL);
  // B takes the turn over once A's lease expires (3 s after A last renewed it), thinks
  // 1.5 s and plays: the human's turn again, through B.
  Json after;
  for (int wait = 0; wait < 400; ++wait) {
    after = CallServer(b.port, http::verb::get, "/api/games/" + t.id, "", t.tokens[0]).body;
    if (after["to_move"] == 0 && after["move_count"].get<size_t>() > count + 1) break;
    std::this_thread::sleep_for(50ms);
  }
  const double took_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - killed).count();
  ASSERT_EQ(after["to_move"], 0) << "B played the bot's move";
  std::printf("the bot's move came from B %.2f s after A was killed (1.5 s of it thinking)\n", took_s);
  // An ordinary move: stored at its index, legal, and the game goes on.
  const StoredGame stored = Stored(t.id);
  ASSERT_EQ(stored.moves.size(), after["move_count"].get<size_t>());
  GameRecord record{stored.options, stored.moves};
  EXPECT_TRUE(Replay(record).ok());
  EXPECT_EQ(CallServer(b.port, http::verb::post, "/api/games/" + t.id + "/moves",
                       Json{{"move", after["legal"][0]}}.dump(), t.tokens[0]).status, 200);
}

TEST_F(InstancesProcessTest, PostgresRestartedUnderLoadGivesErrorsNeverWrongStates) {
  ServeProcess a = StartServe(database_.db()), b = StartServe(database_.db());
  StopServeAtExit stop_a{a}, stop_b{b};
  ASSERT_TRUE(a.port && b.port);
  // Three players, each playing game after game over both instances until told to stop.
  struct Log {
    std::vector<std::pair<Table, Played>> games;
    int errors = 0;
  };
  std::atomic<bool> stop{false};
  std::atomic<size_t> progress{0};
  std::vector<Log> logs(3);
  std::vector<std::thread> players;
  for (size_t i = 0; i < logs.size(); ++i)
    players.emplace_back([&, i] {
      Client client({a.port, b.port});
      uint64_t lcg = 100 + i;
      while (!stop) {
        Reply made = client.Call(http::verb::post, "/api/games",
                                 R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
        if (made.status != 201) {  // the database is down: said so, and tried again
          ++logs[i].errors;
          std::this_thread::sleep_for(20ms);
          continue;
        }
        Table t{made.body["game_id"], {made.body["token"], ""}};
        Reply joined;
        while (!stop && (joined = client.Call(http::verb::post, "/api/games/" + t.id + "/join",
                                              Json{{"invite", made.body["invites"][0]["invite"]}}.dump())).status != 200) {
          ++logs[i].errors;
          std::this_thread::sleep_for(20ms);
        }
        if (joined.status != 200) break;
        t.tokens[1] = joined.body["token"];
        Played played = PlayMoves(client, t, &lcg, 100000, &stop, &progress);
        logs[i].errors += played.errors;
        logs[i].games.emplace_back(t, std::move(played));
      }
    });
  while (progress < 100) std::this_thread::sleep_for(1ms);
  ASSERT_TRUE(TestPostgres::Shared().Stop().ok());
  EXPECT_FALSE(TestPostgres::Execute(database_.db(), "SELECT 1").ok()) << "the database is down";
  const size_t at_stop = progress;
  std::this_thread::sleep_for(1s);
  const size_t while_down = progress - at_stop;
  ASSERT_TRUE(TestPostgres::Shared().Start().ok());
  // Until 200 more moves are played after the restart (at most 60 s).
  const size_t at_start = progress;
  for (int wait = 0; wait < 6000 && progress < at_start + 200; ++wait) std::this_thread::sleep_for(10ms);
  stop = true;
  for (auto& p : players) p.join();
  int errors = 0, games = 0;
  size_t moves = 0;
  for (const Log& log : logs) {
    errors += log.errors;
    for (const auto& [t, played] : log.games) {
      ++games;
      moves += played.acked.size();
      const StoredGame stored = Stored(t.id);
      EXPECT_TRUE(InOrderWithin(played.acked, stored.moves, 1)) << "game " << t.id;
      // Both instances agree with the store once they have caught up.
      GameRecord record{stored.options, stored.moves};
      auto state = Replay(record);
      ASSERT_TRUE(state.ok());
      for (uint16_t port : {a.port, b.port}) {
        Json view;
        for (int wait = 0; wait < 200; ++wait) {
          view = CallServer(port, http::verb::get, "/api/games/" + t.id, "", t.tokens[0]).body;
          if (view.value("move_count", size_t{0}) == stored.moves.size()) break;
          std::this_thread::sleep_for(50ms);
        }
        EXPECT_EQ(view.value("move_count", size_t{0}), stored.moves.size()) << "game " << t.id << " on port " << port;
        EXPECT_EQ(view["view"], (*state)->ViewJson(0)) << "the state the store's moves make";
      }
    }
  }
  std::printf("%d games, %zu moves acknowledged, %zu while down, %d errors\n", games, moves, while_down, errors);
  EXPECT_LE(while_down, 3u) << "no move acknowledged while the database was down (but those under way)";
  EXPECT_GT(errors, 0) << "requests during the outage were answered with errors";
  EXPECT_GE(progress, at_start + 200) << "play went on after the restart";
}

}  // namespace
}  // namespace souk::server
