// The game service's clocks (docs/clocks.md) on the fake clock: what the state
// messages say, the time each move is charged, a move after the flag refused, a seat
// out of time ended at the exact boundary, and the same clocks after a restart.
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "clock/game_clock.h"
#include "server/game_internal.h"
#include "server/test_service.h"

namespace souk::server {
namespace {

constexpr int64_t kStart = int64_t{1'800'000'000'000};  // a Unix time in ms: November 2026
constexpr int64_t kGrace = clock::GameClock::kGraceMs;

class ClocksTest : public testing::ServiceOnDiskTest {
 protected:
  ClocksTest() : ServiceOnDiskTest("clocks") {
    options_.now_ms = [this] { return now_.load(); };
    options_.flag_every_ms = 0;  // the test calls FlagOverdue with the time it chooses
    options_.sweep_every_ms = 0;
  }

  // A game of people only on `control`, its seats' tokens in `tokens_`.
  std::string MakeClocked(const std::string& game, int players, const clock::TimeControl& control) {
    CreateRequest r;
    r.game = game;
    r.players = players;
    for (int i = 0; i < players; ++i) r.seats.push_back({"human", ""});
    r.clock = control;
    auto created = service_->Create(r);
    EXPECT_TRUE(created.ok()) << created.message();
    if (!created.ok()) return "";
    return created->game_id;
  }

  // The first legal move of the seat to move, played at the fake time now.
  Status PlayFirstLegal(const std::string& id) {
    Json state = Snapshot(id, -1);
    const int seat = state["to_move"].get<int>();
    Json mine = Snapshot(id, seat);
    return service_->Move(id, seat, mine["legal"][0].get<std::string>());
  }

  static clock::TimeControl FivePlusThree() { return *clock::RealTime(300, 3); }

  std::atomic<int64_t> now_{kStart};
};

TEST_F(ClocksTest, AGameWithoutAClockSaysSo) {
  Created c = Make("jaipur", {"human", "human"});
  Json state = Snapshot(c.game_id, 0);
  EXPECT_TRUE(state["clock"].is_null());
  EXPECT_TRUE(state["clocks"].is_null());
  EXPECT_TRUE(state["deadline_ms"].is_null());
  EXPECT_FALSE(state["clock_running"].get<bool>());
}

TEST_F(ClocksTest, NoTimeRunsBeforeTheFirstMove) {
  const std::string id = MakeClocked("jaipur", 2, FivePlusThree());
  now_ += 60'000;  // a minute waiting for the first move costs nobody
  Json state = Snapshot(id, -1);
  EXPECT_EQ(state["clock"], Json({{"base_s", 300}, {"increment_s", 3}}));
  EXPECT_EQ(state["clocks"], Json({300'000, 300'000}));
  EXPECT_FALSE(state["clock_running"].get<bool>());
}

TEST_F(ClocksTest, EachMoveIsChargedItsTimeAndGainsTheIncrement) {
  const std::string id = MakeClocked("jaipur", 2, FivePlusThree());
  const int first = Snapshot(id, -1)["to_move"].get<int>();
  ASSERT_TRUE(PlayFirstLegal(id).ok());  // the first move starts the clocks, costing nothing
  Json state = Snapshot(id, -1);
  EXPECT_EQ(state["clocks"][first].get<int64_t>(), 303'000);
  EXPECT_TRUE(state["clock_running"].get<bool>());
  now_ += 4'000;
  state = Snapshot(id, -1);
  EXPECT_EQ(state["clocks"][1 - first].get<int64_t>(), 296'000) << "the seat to move counts down";
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  state = Snapshot(id, -1);
  EXPECT_EQ(state["clocks"][1 - first].get<int64_t>(), 299'000) << "300 s - 4 s + 3 s";
  EXPECT_EQ(state["clocks"][first].get<int64_t>(), 303'000) << "the other seat's clock stands still";
}

TEST_F(ClocksTest, AMoveWithinTheGraceCountsAndLeavesNoTime) {
  const std::string id = MakeClocked("jaipur", 2, *clock::RealTime(10, 0));
  const int first = Snapshot(id, -1)["to_move"].get<int>();
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  now_ += 10'000 + kGrace;  // the boundary is inclusive
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  EXPECT_EQ(Snapshot(id, -1)["clocks"][1 - first].get<int64_t>(), 0);
}

TEST_F(ClocksTest, AMoveAfterTheFlagIsRefusedAndTheSeatIsOutOfTime) {
  const std::string id = MakeClocked("jaipur", 2, *clock::RealTime(10, 0));
  const int first = Snapshot(id, -1)["to_move"].get<int>();
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  now_ += 10'000 + kGrace + 1;
  Status late = PlayFirstLegal(id);
  EXPECT_EQ(late.error_code(), ErrorCode::kOutOfTime) << late.message();
  Json state = Snapshot(id, -1);
  EXPECT_TRUE(state["over"].get<bool>());
  EXPECT_EQ(state["winners"], Json::array({first})) << "a Jaipur player out of time loses";
  EXPECT_EQ(state["clocks"][1 - first].get<int64_t>(), 0);
  EXPECT_EQ(state["move_count"].get<int>(), 2) << "the late move was not played; the timeout was";
}

TEST_F(ClocksTest, TheWatchFlagsAtTheExactBoundaryAndNotBefore) {
  const std::string id = MakeClocked("jaipur", 2, *clock::RealTime(10, 0));
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  const int64_t flag_at = now_ + 10'000 + kGrace + 1;
  service_->FlagOverdue(flag_at - 1);
  EXPECT_FALSE(Snapshot(id, -1)["over"].get<bool>());
  service_->FlagOverdue(flag_at);
  Json state = Snapshot(id, -1);
  EXPECT_TRUE(state["over"].get<bool>());
  EXPECT_EQ(state["event"]["action"], "timeout") << state["event"].dump();
}

TEST_F(ClocksTest, AMarrakechSeatOutOfTimeIsOutAndTheOthersPlayOn) {
  const std::string id = MakeClocked("marrakech", 3, *clock::RealTime(10, 0));
  ASSERT_TRUE(PlayFirstLegal(id).ok());  // seat 0 orients: the die rolls, seat 0 is to place
  ASSERT_EQ(Snapshot(id, -1)["to_move"].get<int>(), 0);
  now_ += 10'000 + kGrace + 1;
  service_->FlagOverdue(now_);
  Json state = Snapshot(id, -1);
  EXPECT_FALSE(state["over"].get<bool>());
  EXPECT_TRUE(state["view"]["players"][0]["out"].get<bool>()) << state["view"]["players"][0].dump();
  EXPECT_EQ(state["view"]["players"][0]["dirhams"].get<int>(), 0);
  EXPECT_EQ(state["to_move"].get<int>(), 1);
}

TEST_F(ClocksTest, ATurnBasedGameHasADeadline) {
  const std::string id = MakeClocked("jaipur", 2, *clock::TurnBased(1));
  EXPECT_TRUE(Snapshot(id, -1)["deadline_ms"].is_null()) << "no time runs before the first move";
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  EXPECT_EQ(Snapshot(id, -1)["deadline_ms"].get<int64_t>(), now_ + 24 * 3600 * 1000);
}

TEST_F(ClocksTest, TheClocksAreTheSameAfterARestart) {
  const std::string id = MakeClocked("jaipur", 2, FivePlusThree());
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  now_ += 7'000;
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  now_ += 2'500;
  const Json before = Snapshot(id, -1)["clocks"];
  Reopen();
  ASSERT_TRUE(service_->Restore().ok());
  EXPECT_EQ(Snapshot(id, -1)["clocks"], before);
}

TEST_F(ClocksTest, ASeatOutOfTimeWhileTheServerWasDownIsFlaggedAfterTheRestart) {
  const std::string id = MakeClocked("jaipur", 2, *clock::RealTime(10, 0));
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  Reopen();
  ASSERT_TRUE(service_->Restore().ok());
  now_ += 60'000;
  service_->FlagOverdue(now_);
  EXPECT_TRUE(Snapshot(id, -1)["over"].get<bool>()) << "the restarted server watches the games it read back";
}

TEST_F(ClocksTest, TheRecordAndTheReplayCarryEachMovesTime) {
  const std::string id = MakeClocked("jaipur", 2, *clock::RealTime(10, 0));
  const int first = Snapshot(id, -1)["to_move"].get<int>();
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  const int64_t first_at = now_;
  now_ += 3'000;
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  now_ += 20'000;
  service_->FlagOverdue(now_);
  auto record = service_->Record(id);
  ASSERT_TRUE(record.ok()) << record.message();
  EXPECT_EQ((*record)["clock"], Json({{"base_s", 10}, {"increment_s", 0}}));
  EXPECT_EQ((*record)["move_ms"], Json({first_at, first_at + 3'000, now_.load()}));
  auto replay = service_->Replay(id);
  ASSERT_TRUE(replay.ok()) << replay.message();
  const Json& steps = (*replay)["steps"];
  ASSERT_EQ(steps.size(), 4u);
  EXPECT_EQ(steps[2]["clocks"][1 - first].get<int64_t>(), 7'000);
  EXPECT_EQ(steps[3]["clocks"][first].get<int64_t>(), 0) << "the seat that ran out";
}

TEST_F(ClocksTest, AnAccountsGameSummaryTellsWhoseTurnAndItsTimeLeft) {
  CreateRequest r;
  r.game = "jaipur";
  r.players = 2;
  r.seats = {{"human", ""}, {"human", ""}};
  r.clock = *clock::RealTime(60, 0);
  r.account_id = 7;
  r.account_name = "Ann";
  auto created = service_->Create(r);
  ASSERT_TRUE(created.ok()) << created.message();
  const std::string id = created->game_id;
  auto before = service_->Summary(id, 7);
  ASSERT_TRUE(before.ok()) << before.message();
  EXPECT_EQ((*before)["clock"], Json({{"base_s", 60}, {"increment_s", 0}}));
  EXPECT_EQ((*before)["time_left_ms"], 60'000);
  EXPECT_EQ((*before)["your_turn"], Snapshot(id, -1)["to_move"] == 0);
  ASSERT_TRUE(PlayFirstLegal(id).ok());
  if (Snapshot(id, -1)["to_move"] != 0) {
    ASSERT_TRUE(PlayFirstLegal(id).ok());  // now seat 0's turn, its clock running
  }
  now_ += 5'000;
  auto mine = service_->Summary(id, 7);
  ASSERT_TRUE(mine.ok()) << mine.message();
  EXPECT_TRUE((*mine)["your_turn"].get<bool>());
  EXPECT_EQ((*mine)["time_left_ms"], Snapshot(id, -1)["clocks"][0]);
  EXPECT_LE((*mine)["time_left_ms"].get<int64_t>(), 55'000);
  EXPECT_TRUE(service_->Summary(id, 8)->at("time_left_ms").is_null()) << "no seat of that account: no time of its own";
}

TEST(BotThinkCap, ABotThinksAThirtiethOfItsTimeAndMostOfItsIncrementNeverPastItsTime) {
  clock::GameClock clock(*clock::RealTime(300, 3), 2, 0, 0);
  ASSERT_TRUE(clock.Act(0, 1).ok());  // the first move: seat 1's turn from 0
  EXPECT_EQ(BotThinkCapMs(clock, 0), 300'000 / 30 + 2'250);
  EXPECT_EQ(BotThinkCapMs(clock, 299'000), 950) << "a second left: all of it but the server's part";
  EXPECT_EQ(BotThinkCapMs(clock, 300'000), 5) << "no time left: the least search";
  EXPECT_EQ(BotThinkCapMs(clock::GameClock(), 0), 0) << "no clock, no cap";
  clock::GameClock turn_based(*clock::TurnBased(1), 2, 0, 0);
  EXPECT_EQ(BotThinkCapMs(turn_based, 0), 3600 * 1000) << "a day's turn: the bot's own budget decides";
}

// On the system's clock, for real: a bot whose own budget (a second a move) would
// spend a ten-second clock in ten moves thinks what its clock allows instead, and the
// game ends without a flag, the bot with time left.
class BotOnAClockTest : public testing::ServiceOnDiskTest {
 protected:
  BotOnAClockTest() : ServiceOnDiskTest("bot_clock") {}
};

TEST_F(BotOnAClockTest, ABotOnAClockNeverLosesOnTimeOnAnIdleServer) {
  CreateRequest r;
  r.game = "jaipur";
  r.players = 2;
  r.seats = {{"human", ""}, {"mcts:time=1000", ""}};
  r.clock = *clock::RealTime(10, 0);
  auto created = service_->Create(r);
  ASSERT_TRUE(created.ok()) << created.message();
  const std::string id = created->game_id;
  for (int moves = 0; moves < 400; ++moves) {
    service_->WaitForBots();
    Json state = Snapshot(id, 0);
    if (state["over"].get<bool>()) break;
    if (state["to_move"] != 0) continue;  // the bot's move, or the die, is on its way
    ASSERT_TRUE(service_->Move(id, 0, state["legal"][0].get<std::string>()).ok());
  }
  Json state = Snapshot(id, 0);
  ASSERT_TRUE(state["over"].get<bool>()) << "the game did not end";
  auto record = service_->Record(id);
  ASSERT_TRUE(record.ok()) << record.message();
  for (const Json& move : (*record)["moves"]) EXPECT_NE(move, "timeout") << "a seat ran out of time";
  EXPECT_GT(state["clocks"][1].get<int64_t>(), 0) << "the bot kept some of its time";
}

}  // namespace
}  // namespace souk::server
