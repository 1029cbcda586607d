#include "ai/time_manager.h"

#include <gtest/gtest.h>

#include <vector>

#include "ai/root_parallel.h"

namespace souk::ai {
namespace {

RootSplit Split(int64_t best, int64_t second, bool best_rated_best = true) { return {best, second, best_rated_best}; }

TEST(TimeManager, AFreshClockAllowsTheGainAlone) {
  TimeManager clock(100);
  EXPECT_EQ(clock.target_ms(), 100);
  EXPECT_EQ(clock.limit_ms(), 100);
  EXPECT_TRUE(clock.ShouldStop(100, 1000, Split(500, 490, false)));  // split, but nothing saved
}

TEST(TimeManager, StopsEarlyOnlyWhenTheLeaderCannotBeCaughtByTheTarget) {
  TimeManager clock(100);
  // 60 ms in, 600 iterations: 400 more by the target. A lead of 401 holds; 400 may not.
  EXPECT_TRUE(clock.ShouldStop(60, 600, Split(450, 49)));
  EXPECT_FALSE(clock.ShouldStop(60, 600, Split(450, 50)));
  // Not before a tenth of the target, whatever the lead.
  EXPECT_FALSE(clock.ShouldStop(5, 1000, Split(1000, 0)));
}

TEST(TimeManager, GoesPastTheTargetOnlyOnSavedTimeAndWhileTheRootIsSplit) {
  TimeManager clock(100);
  clock.EndMove(40);  // 60 saved: a quarter of it raises the next target
  EXPECT_EQ(clock.target_ms(), 115);
  EXPECT_EQ(clock.limit_ms(), 160);
  EXPECT_FALSE(clock.ShouldStop(120, 1000, Split(400, 300)));        // runner-up close
  EXPECT_FALSE(clock.ShouldStop(120, 1000, Split(600, 100, false)));  // leader not best rated
  EXPECT_TRUE(clock.ShouldStop(120, 1000, Split(600, 100)));         // settled
  EXPECT_TRUE(clock.ShouldStop(160, 1000, Split(400, 300)));         // the limit
}

TEST(TimeManager, OverspendingShortensTheNextMoves) {
  TimeManager clock(100);
  clock.EndMove(140);
  EXPECT_EQ(clock.limit_ms(), 60);  // paid back on the next move
  EXPECT_EQ(clock.target_ms(), 60);
}

TEST(TimeManager, NeverThinksMoreThanTwiceTheGainOnAMove) {
  TimeManager clock(100);
  for (int i = 0; i < 20; ++i) clock.EndMove(0);
  EXPECT_EQ(clock.limit_ms(), 200);
  EXPECT_EQ(clock.bank_ms(), TimeManager::kMaxBankMoves * 100);
}

TEST(TimeManager, AnyRunOfMovesAveragesAtMostTheGain) {
  // Each move uses its whole limit or stops at a pseudo-random point: the clock's
  // total never exceeds the gains.
  TimeManager clock(100);
  double used = 0;
  uint64_t x = 12345;
  for (int move = 1; move <= 1000; ++move) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    const double spend = (x >> 40) % 3 == 0 ? clock.limit_ms() : static_cast<double>((x >> 33) % 100);
    used += spend;
    clock.EndMove(spend);
    EXPECT_LE(used, 100.0 * move + 1e-9) << move;
  }
}

struct FakeTree {
  std::vector<RootStat> stats;
  RootStat root_stat(int i) const { return stats[static_cast<size_t>(i)]; }
};

TEST(TimeManager, ReadsTheLeaderTheRunnerUpAndWhetherTheLeaderIsBestRated) {
  FakeTree tree{{{10, 5, 0, 0}, {100, 60, 0, 0}, {40, 30, 0, 0}, {0, 0, 0, 0}}};
  RootSplit split = ReadRootSplit(tree, 4);
  EXPECT_EQ(split.best, 100);
  EXPECT_EQ(split.second, 40);
  EXPECT_FALSE(split.best_rated_best);  // 30/40 beats 60/100, with 40% of its visits
  tree.stats[2] = {20, 18, 0, 0};       // better rated, but under a quarter of the visits
  split = ReadRootSplit(tree, 4);
  EXPECT_EQ(split.second, 20);
  EXPECT_TRUE(split.best_rated_best);
}

}  // namespace
}  // namespace souk::ai
