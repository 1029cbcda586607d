// The store's contract, on SQLite and on PostgreSQL alike: each test runs on both
// (StoreTest.X/Sqlite, StoreTest.X/Postgres).
#include "server/store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <functional>
#include <thread>

#include "server/test_stores.h"
#include "server/tokens.h"

namespace souk::server {
namespace {

using testing::Backend;

class StoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    Status made = database_.Make(GetParam(), "store_test");
    ASSERT_TRUE(made.ok()) << made.message();
  }
  std::unique_ptr<Store> Open() {
    auto store = database_.Open();
    EXPECT_TRUE(store.ok()) << store.message();
    return store.ok() ? std::move(*store) : nullptr;
  }
  static StoredGame Game(const std::string& id) {
    StoredGame g;
    g.id = id;
    g.options = {"marrakech", 18446744073709551615ULL, 3, ""};
    g.seats = {{"human", HashSecret("t0"), "", "Alice"}, {"human", "", HashSecret("invite"), ""}, {"hard", "", "", ""}};
    g.created_ms = 1000;
    return g;
  }
  testing::TestDatabase database_;
};

INSTANTIATE_TEST_SUITE_P(Stores, StoreTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::BackendName);

TEST_P(StoreTest, AGameComesBackAsItWasStored) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  ASSERT_TRUE(store->AppendMove("g1", 0, "left", false, 2000).ok());
  ASSERT_TRUE(store->AppendMove("g1", 1, "roll 3", false, 3000).ok());
  auto g = store->LoadGame("g1");
  ASSERT_TRUE(g.ok()) << g.message();
  EXPECT_EQ(g->options.seed, 18446744073709551615ULL);
  EXPECT_EQ(g->options.players, 3);
  EXPECT_EQ(g->seats, Game("g1").seats);
  EXPECT_EQ(g->moves, (std::vector<std::string>{"left", "roll 3"}));
  EXPECT_EQ(g->updated_ms, 3000);
}

// Issue 38: the clocks replay from a game's time control and its moves' times.
TEST_P(StoreTest, AGamesTimeControlAndItsMovesTimesComeBack) {
  auto store = Open();
  StoredGame g = Game("g1");
  g.clock = *clock::RealTime(300, 3);
  StoredGame turn_based = Game("g2");
  turn_based.clock = *clock::TurnBased(0.5);
  ASSERT_TRUE(store->CreateGame(g).ok());
  ASSERT_TRUE(store->CreateGame(turn_based).ok());
  ASSERT_TRUE(store->AppendMove("g1", 0, "left", false, 2000).ok());
  ASSERT_TRUE(store->AppendMove("g1", 1, "roll 3", false, 2001).ok());
  auto back = store->LoadGame("g1");
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(back->clock, g.clock);
  EXPECT_EQ(back->move_ms, (std::vector<int64_t>{2000, 2001}));
  EXPECT_EQ(store->LoadGame("g2")->clock, turn_based.clock);
  auto unfinished = store->LoadUnfinished();
  ASSERT_TRUE(unfinished.ok()) << unfinished.message();
  ASSERT_EQ(unfinished->size(), 2u);
  EXPECT_EQ((*unfinished)[0].move_ms, (std::vector<int64_t>{2000, 2001}));
  EXPECT_FALSE(Open()->LoadGame("nope").ok());
  EXPECT_FALSE(Game("g3").clock.has_clock()) << "a game has no clock unless given one";
}

TEST_P(StoreTest, OnlyTheNextMoveCanBeAppended) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  EXPECT_EQ(store->AppendMove("g1", 1, "left", false, 1).message(), "game g1 has 0 moves, not 1");
  ASSERT_TRUE(store->AppendMove("g1", 0, "left", false, 1).ok());
  Status again = store->AppendMove("g1", 0, "right", false, 1);
  EXPECT_EQ(again.code(), StatusCode::kAborted);
  EXPECT_EQ(again.message(), "game g1 has 1 moves, not 0");
  EXPECT_EQ(store->LoadGame("g1")->moves, std::vector<std::string>{"left"});
  EXPECT_EQ(store->AppendMove("nope", 0, "left", false, 1).message(), "no game nope");
}

// Two servers on one database (two connections), each trying to write every move of
// one game: each index is written once, by one of them; the other is refused.
TEST_P(StoreTest, OfTwoWritersOfTheSameMoveExactlyOneWins) {
  auto first = Open();
  auto second = Open();
  ASSERT_TRUE(first->CreateGame(Game("g1")).ok());
  constexpr int kMoves = 40;
  std::atomic<int> wins[2] = {0, 0};
  std::atomic<int> other_failures = 0;
  auto write_all = [&](Store* store, int writer) {
    for (int i = 0; i < kMoves; ++i) {
      Status s = store->AppendMove("g1", static_cast<size_t>(i), "move " + std::to_string(i) + " by " + std::to_string(writer),
                                   false, i);
      if (s.ok()) ++wins[writer];
      else if (s.code() != StatusCode::kAborted) ++other_failures;
    }
  };
  std::thread a(write_all, first.get(), 0), b(write_all, second.get(), 1);
  a.join();
  b.join();
  EXPECT_EQ(wins[0] + wins[1], kMoves) << "every index written exactly once";
  EXPECT_EQ(other_failures, 0);
  auto g = first->LoadGame("g1");
  ASSERT_TRUE(g.ok()) << g.message();
  ASSERT_EQ(g->moves.size(), size_t{kMoves});
  for (int i = 0; i < kMoves; ++i) EXPECT_EQ(g->moves[static_cast<size_t>(i)].rfind("move " + std::to_string(i) + " by ", 0), 0u);
  EXPECT_TRUE(second->AppendMove("g1", kMoves, "last", true, 99).ok()) << "both see the same count";
}

TEST_P(StoreTest, AnAbandonedGameIsKeptButNeverResumed) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("left")).ok());
  ASSERT_TRUE(store->CreateGame(Game("done")).ok());
  ASSERT_TRUE(store->AppendMove("done", 0, "left", true, 5).ok());
  ASSERT_TRUE(store->MarkAbandoned("left", 7).ok());
  EXPECT_EQ(store->MarkAbandoned("done", 7).message(), "no unfinished game done");
  auto left = store->LoadGame("left");
  ASSERT_TRUE(left.ok()) << left.message();
  EXPECT_TRUE(left->abandoned);
  EXPECT_EQ(left->updated_ms, 7);
  EXPECT_TRUE(store->LoadUnfinished()->empty());
}

// Issue 40: the operator abandons a game in play (`souk admin abandon`) while a
// server holds it: that server's next move is refused as a race it lost (kAborted),
// so it reads the game back and finds it abandoned.
TEST_P(StoreTest, AMoveToAGameAbandonedMeanwhileIsRefusedAsARace) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g")).ok());
  ASSERT_TRUE(store->AppendMove("g", 0, "left", false, 5).ok());
  ASSERT_TRUE(store->MarkAbandoned("g", 6).ok());
  Status refused = store->AppendMove("g", 1, "roll 3", false, 7);
  EXPECT_EQ(refused.code(), StatusCode::kAborted);
  EXPECT_EQ(refused.message(), "game g was abandoned");
  EXPECT_EQ(store->LoadGame("g")->moves.size(), 1u);
}

// Issue 40: `souk admin games` and its filters.
TEST_P(StoreTest, GamesAreListedByStateGameClientAccountAndTimeNewestFirst) {
  auto store = Open();
  for (const char* id : {"old", "mid", "new", "done", "left"}) {
    StoredGame g = Game(id);
    if (std::string(id) == "mid") g.options = {"jaipur", 7, 2, ""}, g.seats.resize(2);
    g.client = std::string(id) == "new" ? "203.0.113.9" : "192.0.2.1";
    if (std::string(id) == "done") g.seats[0].account_id = 42;
    ASSERT_TRUE(store->CreateGame(g).ok());
  }
  int64_t at = 100;
  for (const char* id : {"old", "mid", "new", "done", "left"}) ASSERT_TRUE(store->AppendMove(id, 0, "left", std::string(id) == "done", at += 10).ok());
  ASSERT_TRUE(store->MarkAbandoned("left", 200).ok());
  auto ids = [&](std::function<void(GameFilter&)> set) {
    GameFilter filter;
    set(filter);
    std::vector<std::string> out;
    auto games = store->ListGames(filter);
    EXPECT_TRUE(games.ok()) << games.message();
    if (games.ok())
      for (const StoredGame& g : *games) out.push_back(g.id);
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(ids([](GameFilter&) {}), (V{"left", "done", "new", "mid", "old"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.state = GameFilter::State::kPlaying; }), (V{"new", "mid", "old"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.state = GameFilter::State::kFinished; }), (V{"done"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.state = GameFilter::State::kAbandoned; }), (V{"left"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.game = "jaipur"; }), (V{"mid"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.client = "203.0.113.9"; }), (V{"new"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.account_id = 42; }), (V{"done"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.since_ms = 130; }), (V{"left", "done", "new"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.limit = 2; }), (V{"left", "done"}));
  EXPECT_EQ(ids([](GameFilter& f) { f.game = "chess"; }), V{});
  GameFilter jaipur;
  jaipur.game = "jaipur";
  auto mid = store->ListGames(jaipur);
  ASSERT_TRUE(mid.ok() && mid->size() == 1);
  EXPECT_EQ(mid->front().moves, V{"left"}) << "listed whole, moves included";
  EXPECT_EQ(mid->front().seats.size(), 2u);
}

TEST_P(StoreTest, UnfinishedGamesComeOldestFirstWithTheirSeatsAndMoves) {
  auto store = Open();
  for (const char* id : {"c", "a", "b"}) {
    StoredGame g = Game(id);
    g.created_ms = id[0] == 'c' ? 10 : 20;
    g.client = std::string("192.0.2.") + id;
    ASSERT_TRUE(store->CreateGame(g).ok());
  }
  ASSERT_TRUE(store->AppendMove("b", 0, "left", false, 30).ok());
  auto games = store->LoadUnfinished();
  ASSERT_TRUE(games.ok()) << games.message();
  ASSERT_EQ(games->size(), 3u);
  EXPECT_EQ((*games)[0].id, "c");
  EXPECT_EQ((*games)[1].id, "a");
  EXPECT_EQ((*games)[2].id, "b");
  EXPECT_EQ((*games)[2].moves, std::vector<std::string>{"left"});
  EXPECT_EQ((*games)[1].seats, Game("a").seats);
  EXPECT_EQ((*games)[1].client, "192.0.2.a");
}

TEST_P(StoreTest, TheProbeWrites) { EXPECT_TRUE(Open()->Probe().ok()); }

TEST_P(StoreTest, AGameIdIsUnique) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  EXPECT_FALSE(store->CreateGame(Game("g1")).ok());
}

TEST_P(StoreTest, UnfinishedGamesSurviveReopening) {
  {
    auto store = Open();
    ASSERT_TRUE(store->CreateGame(Game("a")).ok());
    ASSERT_TRUE(store->CreateGame(Game("b")).ok());
    ASSERT_TRUE(store->AppendMove("b", 0, "left", true, 5).ok());
  }
  auto store = Open();
  auto games = store->LoadUnfinished();
  ASSERT_TRUE(games.ok()) << games.message();
  ASSERT_EQ(games->size(), 1u);
  EXPECT_EQ((*games)[0].id, "a");
  EXPECT_TRUE(store->LoadGame("b")->finished);
}

TEST_P(StoreTest, SeatsAreClaimedOnceAndFoundByToken) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  StoredSeat joined{"human", HashSecret("t1"), "", "Bob"};
  ASSERT_TRUE(store->ClaimSeat("g1", 1, joined).ok());
  EXPECT_EQ(store->LoadGame("g1")->seats[1], joined);
  EXPECT_EQ(*store->GamesOfTokens({HashSecret("t1")}), std::vector<std::string>{"g1"});
  EXPECT_TRUE(store->GamesOfTokens({HashSecret("nobody"), ""})->empty());
  // A second claimant (another instance given the same invite) does not overwrite the first.
  Status second = store->ClaimSeat("g1", 1, StoredSeat{"human", HashSecret("t2"), "", "Eve"});
  EXPECT_EQ(second.code(), StatusCode::kAborted);
  EXPECT_EQ(second.message(), "seat 1 of game g1 is taken");
  EXPECT_EQ(store->LoadGame("g1")->seats[1], joined);
  EXPECT_EQ(store->ClaimSeat("g1", 7, joined).message(), "no seat 7 in game g1");
}

TEST_P(StoreTest, AnUnknownGameIsAClearError) {
  auto store = Open();
  EXPECT_EQ(store->LoadGame("nope").message(), "no game nope");
}

TEST(SqliteStore, AFileThatIsNotADatabaseIsAClearError) {
  const std::string path = ::testing::TempDir() + "store_test_not_a_database_" + std::to_string(getpid()) + ".db";
  std::ofstream(path) << "this is not a database, just text that is long enough to have a header\n";
  auto store = OpenSqliteStore(path);
  std::remove(path.c_str());
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.message().find(path), std::string::npos) << store.message();
}

TEST(Tokens, SecretsAreLongRandomAndHashedDeterministically) {
  std::string a = NewSecret(), b = NewSecret();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NE(a, b);
  EXPECT_EQ(HashSecret("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_TRUE(SameHash(HashSecret(a), HashSecret(a)));
  EXPECT_FALSE(SameHash(HashSecret(a), HashSecret(b)));
  EXPECT_EQ(NewGameId().size(), 12u);
  EXPECT_NE(NewGameId(), NewGameId());
}

}  // namespace
}  // namespace souk::server
