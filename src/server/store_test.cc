#include "server/store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "server/tokens.h"

namespace souk::server {
namespace {

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override { path_ = ::testing::TempDir() + "store_test_" + std::to_string(getpid()) + ".db"; }
  void TearDown() override {
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  std::unique_ptr<Store> Open() {
    auto store = OpenSqliteStore(path_);
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
  std::string path_;
};

TEST_F(StoreTest, AGameComesBackAsItWasStored) {
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

TEST_F(StoreTest, OnlyTheNextMoveCanBeAppended) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  EXPECT_EQ(store->AppendMove("g1", 1, "left", false, 1).message(), "game g1 has 0 moves, not 1");
  ASSERT_TRUE(store->AppendMove("g1", 0, "left", false, 1).ok());
  EXPECT_FALSE(store->AppendMove("g1", 0, "right", false, 1).ok());
  EXPECT_EQ(store->LoadGame("g1")->moves, std::vector<std::string>{"left"});
}

TEST_F(StoreTest, AGameIdIsUnique) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  EXPECT_FALSE(store->CreateGame(Game("g1")).ok());
}

TEST_F(StoreTest, UnfinishedGamesSurviveReopening) {
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

TEST_F(StoreTest, SeatsAreUpdatedAndFoundByToken) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  StoredSeat joined{"human", HashSecret("t1"), "", "Bob"};
  ASSERT_TRUE(store->UpdateSeat("g1", 1, joined).ok());
  EXPECT_EQ(store->LoadGame("g1")->seats[1], joined);
  EXPECT_EQ(*store->GamesOfTokens({HashSecret("t1")}), std::vector<std::string>{"g1"});
  EXPECT_TRUE(store->GamesOfTokens({HashSecret("nobody"), ""})->empty());
  EXPECT_EQ(store->UpdateSeat("g1", 7, joined).message(), "no seat 7 in game g1");
}

TEST_F(StoreTest, AnUnknownGameIsAClearError) {
  auto store = Open();
  EXPECT_EQ(store->LoadGame("nope").message(), "no game nope");
}

TEST_F(StoreTest, AFileThatIsNotADatabaseIsAClearError) {
  std::ofstream(path_) << "this is not a database, just text that is long enough to have a header\n";
  auto store = OpenSqliteStore(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.message().find(path_), std::string::npos) << store.message();
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
