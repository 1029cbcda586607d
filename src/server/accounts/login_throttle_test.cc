// The failed log-ins' schedule (docs/accounts.md, "Failed log-ins"), on a clock moved by hand.
#include "server/accounts/login_throttle.h"

#include <gtest/gtest.h>

namespace souk::server::accounts {
namespace {

using std::chrono::seconds;

class LoginThrottleTest : public ::testing::Test {
 protected:
  ThrottleClock::time_point now_{};
  LoginThrottle throttle_{ThrottleLimits{}, [this] { return now_; }};
};

TEST_F(LoginThrottleTest, FiveFreeFailuresThenWaitsThatDoubleUpToFifteenMinutes) {
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(throttle_.Wait("ann", "a"), ThrottleClock::duration{0});
    throttle_.Failed("ann", "a");
  }
  for (int k = 0; k < 14; ++k) {
    const seconds expected = std::min(seconds(1 << k), seconds(900));
    EXPECT_EQ(throttle_.Wait("ann", "a"), expected) << "after failure " << 5 + k;
    now_ += expected - seconds(0);
    EXPECT_EQ(throttle_.Wait("ann", "a"), ThrottleClock::duration{0});
    throttle_.Failed("ann", "a");
  }
  // Another address, the account not yet under attack from it... but it is under attack now.
  EXPECT_EQ(throttle_.Wait("ann", "owner"), ThrottleClock::duration{0}) << "the owner's first try";
  throttle_.Succeeded("ann", "a");
  EXPECT_EQ(throttle_.Wait("ann", "a"), ThrottleClock::duration{0}) << "a success starts over";
}

TEST_F(LoginThrottleTest, UnderAttackEachNewAddressHasOneFreeFailure) {
  for (int i = 0; i < 20; ++i) throttle_.Failed("ann", std::to_string(i / 5) + "x");
  throttle_.Failed("ann", "new");
  EXPECT_EQ(throttle_.Wait("ann", "new"), seconds(1));
  EXPECT_EQ(throttle_.Wait("ann", "owner"), ThrottleClock::duration{0});
  EXPECT_EQ(throttle_.Wait("bob", "new"), ThrottleClock::duration{0}) << "other accounts are not under attack";
}

TEST_F(LoginThrottleTest, AnAddressFailingOnManyAccountsIsHeldTenMinutes) {
  for (int i = 0; i < 20; ++i) throttle_.Failed(std::to_string(i) + "user", "a");
  EXPECT_EQ(throttle_.Wait("someone", "a"), seconds(600));
  now_ += seconds(600);
  EXPECT_EQ(throttle_.Wait("someone", "a"), ThrottleClock::duration{0});
}

TEST_F(LoginThrottleTest, CountsAreForgottenAnHourAfterTheLastFailure) {
  for (int i = 0; i < 6; ++i) throttle_.Failed("ann", "a");
  EXPECT_EQ(throttle_.Wait("ann", "a"), seconds(2));
  now_ += seconds(3600);
  EXPECT_EQ(throttle_.Wait("ann", "a"), ThrottleClock::duration{0});
}

}  // namespace
}  // namespace souk::server::accounts
