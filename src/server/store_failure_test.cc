// A store that cannot write (a read-only database: PRAGMA query_only on the server's
// own SQLite connection, which stops root as it stops anyone) is the server's failure:
// every path answers "unavailable", the health says so, and bots try again once it
// writes (issue 17, defect 5).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "server/game_service.h"
#include "server/wall_time.h"

namespace souk::server {
namespace {

class StoreFailureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "store_failure_test_" + std::to_string(getpid()) + ".db";
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    ServiceOptions options;
    options.sweep_every_ms = 0;
    service_ = std::make_unique<GameService>(*store_, options);
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  void ReadOnly(bool read_only) { ASSERT_TRUE(SetSqliteReadOnlyForTesting(*store_, read_only).ok()); }
  static void ExpectUnavailable(const Status& st) {
    EXPECT_EQ(st.code(), StatusCode::kUnavailable) << st.message();
    EXPECT_NE(st.message().find("readonly"), std::string::npos) << st.message();
  }
  std::string path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> service_;
};

TEST_F(StoreFailureTest, EveryWriteAnswersUnavailableAndTheHealthSaysSo) {
  CreateRequest r{"jaipur", 2, "", {{"human", ""}, {"human", ""}}, 0, "192.0.2.1"};
  Created c = *service_->Create(r);
  EXPECT_TRUE(service_->Health().ok());
  ReadOnly(true);
  ExpectUnavailable(service_->Create(r).status());
  ExpectUnavailable(service_->Join(c.game_id, c.invites[0].second, "Bob").status());
  Json s = service_->View(c.game_id, 0)->json;
  const int seat = s["to_move"].get<int>();
  const std::string move = service_->View(c.game_id, seat)->json["legal"][0].get<std::string>();
  ExpectUnavailable(service_->Move(c.game_id, seat, move));
  EXPECT_EQ(service_->View(c.game_id, 0)->json["move_count"], 0) << "nothing was played";
  Status health = service_->Health();
  ExpectUnavailable(health);
  EXPECT_EQ(health.message().rfind("the store cannot write: ", 0), 0u) << health.message();
  EXPECT_EQ(service_->GamesInPlay(), 1) << "a game that could not be stored does not count";

  ReadOnly(false);
  EXPECT_TRUE(service_->Health().ok());
  EXPECT_TRUE(service_->Move(c.game_id, seat, move).ok());
  EXPECT_TRUE(service_->Create(r).ok());
}

TEST_F(StoreFailureTest, ABotWhoseMoveCannotBeStoredPlaysItOnceTheStoreWrites) {
  // A Marrakech game whose first seat, a bot, is to move, put in the store directly.
  StoredGame g;
  g.id = "botfirst";
  g.options = {"marrakech", 7, 2, ""};
  g.seats = {{"easy", "", "", ""}, {"human", "", "", ""}};
  g.created_ms = g.updated_ms = NowMs();
  ASSERT_TRUE(store_->CreateGame(g).ok());
  ReadOnly(true);
  ASSERT_TRUE(service_->Restore().ok());
  service_->WaitForBots();
  EXPECT_EQ(service_->View("botfirst", -1)->json["move_count"], 0) << "the bot's move could not be stored";
  ExpectUnavailable(service_->Health());
  service_->SweepIdle(NowMs());  // still read-only: it tries again, and fails again
  service_->WaitForBots();
  EXPECT_EQ(service_->View("botfirst", -1)->json["move_count"], 0);
  ReadOnly(false);
  service_->SweepIdle(NowMs());
  service_->WaitForBots();
  Json after = service_->View("botfirst", -1)->json;
  EXPECT_GT(after["move_count"].get<int>(), 0) << "the bot played once the store wrote";
  EXPECT_EQ(after["to_move"], 1);
}

}  // namespace
}  // namespace souk::server
