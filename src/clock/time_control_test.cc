#include "clock/time_control.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace souk::clock {
namespace {

TEST(TimeControl, RealTimeIsSecondsMadeMilliseconds) {
  auto control = RealTime(300, 3);
  ASSERT_TRUE(control.ok()) << control.message();
  EXPECT_EQ(control->kind, TimeControl::Kind::kRealTime);
  EXPECT_EQ(control->base_ms, 300'000);
  EXPECT_EQ(control->increment_ms, 3'000);
  EXPECT_EQ(Describe(*control), "5+3");
  EXPECT_EQ(Describe(*RealTime(90, 0)), "90s+0");
}

TEST(TimeControl, RealTimeRefusesZeroNegativeAndAbsurdValuesNamingTheField) {
  for (int64_t base : {int64_t{0}, int64_t{-5}, kMaxBaseS + 1, std::numeric_limits<int64_t>::max(),
                       std::numeric_limits<int64_t>::min()}) {
    auto control = RealTime(base, 2);
    ASSERT_FALSE(control.ok()) << base;
    EXPECT_EQ(control.error_code(), ErrorCode::kBadClock);
    EXPECT_NE(control.message().find("base_s"), std::string::npos) << control.message();
  }
  for (int64_t increment : {int64_t{-1}, kMaxIncrementS + 1, std::numeric_limits<int64_t>::max()}) {
    auto control = RealTime(60, increment);
    ASSERT_FALSE(control.ok()) << increment;
    EXPECT_NE(control.message().find("increment_s"), std::string::npos) << control.message();
  }
  EXPECT_TRUE(RealTime(kMinBaseS, 0).ok());
  EXPECT_TRUE(RealTime(kMaxBaseS, kMaxIncrementS).ok());
}

TEST(TimeControl, TurnBasedIsTwelveHoursOrOneTwoOrThreeDays) {
  EXPECT_EQ(TurnBased(0.5)->per_move_ms, 12 * 3600 * 1000);
  EXPECT_EQ(TurnBased(1)->per_move_ms, 24 * 3600 * 1000);
  EXPECT_EQ(TurnBased(3)->per_move_ms, int64_t{72} * 3600 * 1000);
  EXPECT_EQ(Describe(*TurnBased(0.5)), "12 hours a move");
  EXPECT_EQ(Describe(*TurnBased(1)), "1 day a move");
  EXPECT_EQ(Describe(*TurnBased(2)), "2 days a move");
  for (double days : {0.0, -1.0, 1.5, 4.0, 1e300, std::nan(""), std::numeric_limits<double>::infinity()}) {
    auto control = TurnBased(days);
    ASSERT_FALSE(control.ok()) << days;
    EXPECT_EQ(control.error_code(), ErrorCode::kBadClock);
    EXPECT_NE(control.message().find("days_per_move"), std::string::npos);
  }
}

}  // namespace
}  // namespace souk::clock
