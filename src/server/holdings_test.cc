// Bounded holdings: games in play per client and per server, idle games abandoned,
// finished ones leaving memory (issue 17, defect 3).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "server/game_service.h"
#include "server/wall_time.h"
#include "server/test_service.h"

namespace souk::server {
namespace {

constexpr int64_t kHour = int64_t{3600} * 1000;

class HoldingsTest : public testing::ServiceOnDiskTest {
 protected:
  HoldingsTest() : ServiceOnDiskTest("holdings_test") {
    options_.max_games_per_client = 3;
    options_.max_games = 5;
    options_.sweep_every_ms = 0;  // the tests sweep, at the times they choose
  }
  Result<Created> Make(const std::string& client, std::vector<std::string> players = {"human", "human"},
                       const std::string& game = "marrakech") {
    CreateRequest r;
    r.game = game;
    r.players = static_cast<int>(players.size());
    for (auto& p : players) r.seats.push_back({p, ""});
    r.client = client;
    return service_->Create(r);
  }
  // Plays the first legal move of whoever is to move (the creator's seat 0 and, in a
  // game of two humans, the invited seat) until the end.
  void PlayOut(const Created& c) {
    std::string tokens[2] = {c.token, ""};
    if (!c.invites.empty()) tokens[1] = service_->Join(c.game_id, c.invites[0].second, "")->token;
    for (int guard = 0; guard < 2000; ++guard) {
      service_->WaitForBots();
      Json s = Snapshot(c.game_id, -1);
      if (s["over"].get<bool>()) return;
      const int seat = s["to_move"].get<int>();
      Json mine = Snapshot(c.game_id, seat);
      ASSERT_TRUE(service_->Move(c.game_id, seat, mine["legal"][0].get<std::string>()).ok());
    }
    FAIL() << "the game did not end";
  }
};

TEST_F(HoldingsTest, GamesInPlayAreBoundedPerClientAndPerServer) {
  std::vector<Created> mine;
  for (int i = 0; i < 3; ++i) mine.push_back(*Make("192.0.2.1"));
  auto refused = Make("192.0.2.1");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.code(), StatusCode::kResourceExhausted);
  EXPECT_EQ(refused.message(), "you have 3 games in play, the most for one address: finish one first (a game is "
                               "abandoned after 7 days without a move, 24 hours when only bots wait on the player to move)");
  // One IPv6 machine is one client, whatever address of its /64 it uses.
  ASSERT_TRUE(Make("2001:db8:1:2::10").ok());
  ASSERT_TRUE(Make("2001:db8:1:2:abcd::7").ok());
  auto full = Make("2001:db8:1:2::99");
  EXPECT_EQ(full.code(), StatusCode::kResourceExhausted);
  EXPECT_NE(full.message().find("this server has 5 games in play"), std::string::npos) << full.message();
  // A finished game makes room.
  PlayOut(mine[0]);
  EXPECT_EQ(service_->GamesInPlay(), 4);
  ASSERT_TRUE(Make("192.0.2.1").ok());
  // A restart counts the same games.
  Reopen();
  ASSERT_TRUE(service_->Restore().ok());
  EXPECT_EQ(service_->GamesInPlay(), 5);
  EXPECT_EQ(Make("192.0.2.1").code(), StatusCode::kResourceExhausted);
}

TEST_F(HoldingsTest, IdleGamesAreAbandonedSoonerWhenOnlyBotsWait) {
  options_.max_games_per_client = 0;
  Reopen();
  Created bots = *Make("192.0.2.1", {"human", "easy"}, "jaipur");
  Created friends = *Make("192.0.2.1", {"human", "human"}, "jaipur");
  std::vector<std::string> heard;
  ASSERT_TRUE(service_->Subscribe(bots.game_id, 0, [&heard](const std::string& m) { heard.push_back(m); }).ok());
  service_->WaitForBots();
  EXPECT_EQ(service_->BotsHeld(), 1);
  const int64_t now = NowMs();
  service_->SweepIdle(now + 23 * kHour);
  EXPECT_FALSE(Snapshot(bots.game_id, 0)["abandoned"].get<bool>());
  service_->SweepIdle(now + 25 * kHour);
  Json gone = Snapshot(bots.game_id, 0);
  EXPECT_TRUE(gone["abandoned"].get<bool>());
  EXPECT_TRUE(gone["to_move"].is_null());
  EXPECT_TRUE(gone["legal"].empty());
  EXPECT_TRUE(ParseJson(heard.back())->at("abandoned").get<bool>()) << "its listeners were told";
  EXPECT_EQ(service_->BotsHeld(), 0) << "its bot is released";
  EXPECT_FALSE(Snapshot(friends.game_id, 0)["abandoned"].get<bool>()) << "a friend may take days";
  EXPECT_EQ(service_->GamesInPlay(), 1);

  const std::string refusal = "game " + bots.game_id + " was abandoned (a game is abandoned after 7 days without a move, "
                              "24 hours when only bots wait on the player to move, or by the server's operator) and cannot be resumed: start a new one";
  Status move = service_->Move(bots.game_id, 0, "camels");
  EXPECT_EQ(move.code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(move.message(), refusal);
  EXPECT_EQ(service_->Preview(bots.game_id, 0, "camels").message(), refusal);
  auto lobby = service_->GamesOfTokens({bots.token});
  ASSERT_TRUE(lobby.ok());
  EXPECT_TRUE((*lobby)[0]["abandoned"].get<bool>());
  EXPECT_FALSE((*lobby)[0]["your_turn"].get<bool>());
  EXPECT_TRUE(service_->Record(bots.game_id).ok()) << "its record is kept and shown";

  service_->SweepIdle(now + 8 * 24 * kHour);
  EXPECT_TRUE(Snapshot(friends.game_id, 0)["abandoned"].get<bool>());
  EXPECT_EQ(service_->GamesInPlay(), 0);

  // A restart does not load them to play; asked for, they are still abandoned.
  auto unfinished = store_->LoadUnfinished();
  ASSERT_TRUE(unfinished.ok());
  EXPECT_TRUE(unfinished->empty());
  Reopen();
  ASSERT_TRUE(service_->Restore().ok());
  EXPECT_EQ(service_->GamesInMemory(), 0);
  EXPECT_TRUE(Snapshot(bots.game_id, 0)["abandoned"].get<bool>());
  EXPECT_EQ(service_->Move(bots.game_id, 0, "camels").message(), refusal);
  EXPECT_EQ(service_->BotsHeld(), 0);
  EXPECT_EQ(service_->GamesInPlay(), 0);
}

TEST_F(HoldingsTest, FinishedGamesLeaveMemoryAndComeBackWhenAskedFor) {
  Created done = *Make("192.0.2.1", {"human", "greedy"});
  Created watched = *Make("192.0.2.1", {"human", "greedy"});
  Created playing = *Make("192.0.2.1", {"human", "human"});
  PlayOut(done);
  PlayOut(watched);
  ASSERT_TRUE(service_->Subscribe(watched.game_id, -1, [](const std::string&) {}).ok());
  EXPECT_EQ(service_->GamesInMemory(), 3);
  const int64_t now = NowMs();
  service_->SweepIdle(now + 5 * 60 * 1000);
  EXPECT_EQ(service_->GamesInMemory(), 3) << "asked for a moment ago";
  service_->SweepIdle(now + 11 * 60 * 1000);
  EXPECT_EQ(service_->GamesInMemory(), 2) << "the watched one and the one in play stay";
  auto record = service_->Record(done.game_id);
  ASSERT_TRUE(record.ok()) << record.message();
  EXPECT_TRUE(service_->Replay(done.game_id).ok());
  EXPECT_TRUE(Snapshot(done.game_id, 0)["over"].get<bool>());
  EXPECT_EQ(service_->GamesInMemory(), 3);
  EXPECT_EQ(service_->BotsHeld(), 0);
  (void)playing;
}

}  // namespace
}  // namespace souk::server
