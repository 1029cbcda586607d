// The clocks on given times (the fake clock is the times themselves): increments, the
// network's grace, a flag at the exact boundary, an action after the flag.
#include "clock/game_clock.h"

#include <gtest/gtest.h>

namespace souk::clock {
namespace {

constexpr int64_t kStart = 1'700'000'000'000;  // any Unix time in ms
constexpr int64_t kS = 1000;

GameClock FivePlusThree(int seats = 2) { return GameClock(*RealTime(300, 3), seats, kStart, 0); }

TEST(GameClock, TheSeatToMoveCountsDownTheOthersWait) {
  GameClock clock = FivePlusThree();
  EXPECT_EQ(clock.LeftAt(kStart + 10 * kS), (std::vector<int64_t>{290 * kS, 300 * kS}));
  EXPECT_EQ(clock.LeftAt(kStart + 400 * kS), (std::vector<int64_t>{0, 300 * kS})) << "floored at 0";
}

TEST(GameClock, TheIncrementIsAddedAsATurnEnds) {
  GameClock clock = FivePlusThree();
  ASSERT_TRUE(clock.Act(kStart + 10 * kS, 1).ok());
  EXPECT_EQ(clock.LeftAt(kStart + 10 * kS), (std::vector<int64_t>{293 * kS, 300 * kS}));
  ASSERT_TRUE(clock.Act(kStart + 11 * kS, 0).ok());
  EXPECT_EQ(clock.LeftAt(kStart + 11 * kS), (std::vector<int64_t>{293 * kS, 302 * kS}));
  EXPECT_EQ(clock.to_move(), 0);
  EXPECT_EQ(clock.turn_started_ms(), kStart + 11 * kS);
}

TEST(GameClock, ASeatActingTwiceInOneTurnGetsOneIncrement) {
  GameClock clock = FivePlusThree(3);
  ASSERT_TRUE(clock.Act(kStart + 4 * kS, 0).ok());  // Marrakech: turned Assam, still to move
  EXPECT_EQ(clock.LeftAt(kStart + 4 * kS)[0], 296 * kS);
  ASSERT_TRUE(clock.Act(kStart + 6 * kS, 1).ok());
  EXPECT_EQ(clock.LeftAt(kStart + 6 * kS)[0], 297 * kS);
}

TEST(GameClock, TheGraceKeepsALateActionInTimeUpToItsBoundaryInclusive) {
  GameClock clock(*RealTime(10, 2), 2, kStart, 0);
  EXPECT_EQ(*clock.FlagAtMs(), kStart + 10 * kS + GameClock::kGraceMs + 1);
  EXPECT_TRUE(clock.InTime(kStart + 10 * kS + GameClock::kGraceMs));
  EXPECT_FALSE(clock.InTime(kStart + 10 * kS + GameClock::kGraceMs + 1));
  GameClock at_boundary = clock;
  ASSERT_TRUE(at_boundary.Act(kStart + 10 * kS + GameClock::kGraceMs, 1).ok());
  EXPECT_EQ(at_boundary.LeftAt(kStart + 11 * kS)[0], 2 * kS) << "the time left floored at 0, then the increment";
}

TEST(GameClock, ATurnBegunWithNoTimeLeftHasNoGrace) {
  GameClock clock(*RealTime(10, 0), 2, kStart, 0);
  ASSERT_TRUE(clock.Act(kStart + 10 * kS + 500, 1).ok()) << "late by half a second: in the grace, no time left";
  ASSERT_TRUE(clock.Act(kStart + 11 * kS, 0).ok());
  EXPECT_EQ(clock.LeftAt(kStart + 11 * kS)[0], 0);
  EXPECT_EQ(*clock.FlagAtMs(), kStart + 11 * kS + 1) << "no time, no grace: out at once";
  EXPECT_FALSE(clock.InTime(kStart + 11 * kS + 1));
  GameClock marrakech(*RealTime(10, 0), 2, kStart, 0);
  ASSERT_TRUE(marrakech.Act(kStart + 10 * kS + 500, 0).ok()) << "turned Assam in the grace, still to move";
  EXPECT_TRUE(marrakech.InTime(kStart + 10 * kS + 900)) << "the grace covers the rest of that turn";
}

TEST(GameClock, AnActionAfterTheFlagIsRefusedAndChangesNothing) {
  GameClock clock(*RealTime(10, 2), 2, kStart, 0);
  const int64_t late = *clock.FlagAtMs();
  Status refused = clock.Act(late, 1);
  EXPECT_EQ(refused.error_code(), ErrorCode::kOutOfTime);
  EXPECT_EQ(clock.to_move(), 0);
  EXPECT_EQ(clock.turn_started_ms(), kStart);
  EXPECT_EQ(clock.LeftAt(kStart)[0], 10 * kS);
}

TEST(GameClock, AFlagEmptiesTheSeatAndStartsTheNextTurnWhenFound) {
  GameClock clock(*RealTime(10, 2), 3, kStart, 0);
  const int64_t found = *clock.FlagAtMs() + 250;  // a sweep finds it a little later
  clock.Flag(found, 1);
  EXPECT_EQ(clock.to_move(), 1);
  EXPECT_EQ(clock.turn_started_ms(), found);
  EXPECT_EQ(clock.LeftAt(found + 3 * kS), (std::vector<int64_t>{0, 7 * kS, 10 * kS}));
  clock.Flag(*clock.FlagAtMs(), -1);
  EXPECT_FALSE(clock.running());
  EXPECT_FALSE(clock.FlagAtMs().has_value());
}

TEST(GameClock, ATimeBeforeTheTurnBeganCountsAsNone) {
  GameClock clock = FivePlusThree();
  ASSERT_TRUE(clock.Act(kStart - 2 * kS, 1).ok());  // another instance's clock, a little behind
  EXPECT_EQ(clock.LeftAt(kStart)[0], 303 * kS);
  EXPECT_EQ(clock.turn_started_ms(), kStart - 2 * kS);
  EXPECT_EQ(clock.LeftAt(kStart)[1], 298 * kS) << "the next turn runs from the action's time";
}

TEST(GameClock, TurnBasedGivesEveryTurnTheWholeTimeAndADeadline) {
  GameClock clock(*TurnBased(1), 2, kStart, 0);
  const int64_t day = 24 * 3600 * kS;
  EXPECT_EQ(*clock.DeadlineMs(), kStart + day);
  EXPECT_EQ(clock.LeftAt(kStart + 3600 * kS), (std::vector<int64_t>{day - 3600 * kS, day}));
  ASSERT_TRUE(clock.Act(kStart + 20 * 3600 * kS, 1).ok());
  EXPECT_EQ(*clock.DeadlineMs(), kStart + 20 * 3600 * kS + day);
  EXPECT_EQ(clock.LeftAt(kStart + 20 * 3600 * kS), (std::vector<int64_t>{day, day}));
  ASSERT_TRUE(clock.Act(kStart + 21 * 3600 * kS, 0).ok());
  EXPECT_EQ(clock.LeftAt(kStart + 21 * 3600 * kS)[0], day) << "no time carried over, no increment";
  EXPECT_FALSE(clock.InTime(kStart + 21 * 3600 * kS + day + GameClock::kGraceMs + 1));
}

TEST(GameClock, RealTimeHasNoDeadline) { EXPECT_FALSE(FivePlusThree().DeadlineMs().has_value()); }

TEST(GameClock, WithoutAClockEveryActionIsInTime) {
  GameClock clock;
  EXPECT_FALSE(clock.running());
  EXPECT_TRUE(clock.InTime(kStart + (int64_t{1} << 40)));
  EXPECT_TRUE(clock.Act(kStart, 1).ok());
  EXPECT_TRUE(clock.LeftAt(kStart).empty());
  EXPECT_FALSE(clock.FlagAtMs().has_value());
  GameClock none(TimeControl{}, 2, kStart, 0);
  EXPECT_TRUE(none.LeftAt(kStart).empty());
}

TEST(GameClock, TheSameTimesGiveTheSameClocks) {
  GameClock a = FivePlusThree(), b = FivePlusThree();
  for (GameClock* c : {&a, &b}) {
    ASSERT_TRUE(c->Act(kStart + 1234, 1).ok());
    ASSERT_TRUE(c->Act(kStart + 5678, 0).ok());
  }
  EXPECT_EQ(a.LeftAt(kStart + 9999), b.LeftAt(kStart + 9999));
  EXPECT_EQ(a.FlagAtMs(), b.FlagAtMs());
}

}  // namespace
}  // namespace souk::clock
