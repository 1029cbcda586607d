// The failed log-ins' schedule (docs/accounts.md, "Failed log-ins"), on a clock moved by hand.
#include "server/accounts/login_throttle.h"

#include <gtest/gtest.h>

namespace souk::server::accounts {
namespace {

using std::chrono::seconds;
constexpr ThrottleClock::duration kNone{0};

class LoginThrottleTest : public ::testing::Test {
 protected:
  // An attempt checked at once and wrong.
  void Fail(const std::string& key, const std::string& address) {
    ASSERT_EQ(throttle_.Begin(key, address), kNone) << key << " from " << address;
    throttle_.Failed(key, address);
  }
  ThrottleClock::time_point now_{};
  LoginThrottle throttle_{ThrottleLimits{}, [this] { return now_; }};
};

TEST_F(LoginThrottleTest, FiveFreeFailuresThenWaitsThatDoubleUpToFifteenMinutes) {
  throttle_.Known("ann", "owner");
  for (int i = 0; i < 5; ++i) Fail("ann", "a");
  for (int k = 0; k < 14; ++k) {
    const seconds expected = std::min(seconds(1 << k), seconds(900));
    EXPECT_EQ(throttle_.Begin("ann", "a"), expected) << "after failure " << 5 + k;
    now_ += expected;
    Fail("ann", "a");
  }
  EXPECT_EQ(throttle_.Begin("ann", "owner"), kNone) << "the owner's first try, from an address of theirs";
  throttle_.Succeeded("ann", "owner");
  now_ += seconds(900);
  EXPECT_EQ(throttle_.Begin("ann", "a"), kNone);
  throttle_.Succeeded("ann", "a");
  EXPECT_EQ(throttle_.Begin("ann", "a"), kNone) << "a success starts over";
}

TEST_F(LoginThrottleTest, AttemptsCheckedAtOnceCountEachOther) {
  for (int i = 0; i < 4; ++i) Fail("ann", "a");
  // Two attempts arrive together, the fifth free one and a sixth: the sixth is held
  // while the fifth is being checked, as it would be after it.
  EXPECT_EQ(throttle_.Begin("ann", "a"), kNone);
  EXPECT_EQ(throttle_.Begin("ann", "a"), seconds(1));
  // The fifth was the right password after all: no failure, the count starts over.
  throttle_.Succeeded("ann", "a");
  EXPECT_EQ(throttle_.Begin("ann", "a"), kNone);
  // An attempt that could not be checked (a store error) counts for nothing.
  throttle_.Cancelled("ann", "a");
  for (int i = 0; i < 5; ++i) Fail("ann", "a");
  EXPECT_EQ(throttle_.Begin("ann", "a"), seconds(1));
}

TEST_F(LoginThrottleTest, UnderAttackNewAddressesWaitTogetherAndTheOwnersDoNot) {
  throttle_.Known("ann", "owner");
  for (int i = 0; i < 20; ++i) Fail("ann", std::to_string(i / 5) + "x");
  // Under attack (20 failures): an address the account was never used from waits
  // 2^(n-20) s after the account's last failure, however many addresses there are...
  EXPECT_EQ(throttle_.Begin("ann", "new 1"), seconds(1));
  now_ += seconds(1);
  Fail("ann", "new 1");
  EXPECT_EQ(throttle_.Begin("ann", "new 2"), seconds(2));
  for (int n = 21; n < 40; ++n) {
    const seconds expected = std::min(seconds(int64_t{1} << (n - 20)), seconds(900));
    EXPECT_EQ(throttle_.Begin("ann", "new " + std::to_string(n)), expected) << "after failure " << n;
    now_ += expected;
    Fail("ann", "new " + std::to_string(n));
  }
  // ... so a thousand addresses guess no faster than one every 15 minutes; the owner's
  // own address is checked at once, and other accounts are not under attack.
  EXPECT_EQ(throttle_.Begin("ann", "new 1000"), seconds(900));
  EXPECT_EQ(throttle_.Begin("ann", "owner"), kNone);
  EXPECT_EQ(throttle_.Begin("bob", "new 1000"), kNone);
  // Each address under attack has one free failure of its own.
  throttle_.Succeeded("ann", "owner");
  EXPECT_EQ(throttle_.Begin("ann", "owner"), kNone);
  EXPECT_EQ(throttle_.Begin("ann", "owner"), seconds(1));
}

TEST_F(LoginThrottleTest, AnAddressFailingOnManyAccountsIsHeldTenMinutes) {
  for (int i = 0; i < 20; ++i) Fail(std::to_string(i) + "user", "a");
  EXPECT_EQ(throttle_.Begin("someone", "a"), seconds(600));
  now_ += seconds(600);
  EXPECT_EQ(throttle_.Begin("someone", "a"), kNone);
}

TEST_F(LoginThrottleTest, CountsAreForgottenAnHourAfterTheLastFailure) {
  for (int i = 0; i < 5; ++i) Fail("ann", "a");
  now_ += seconds(1);
  Fail("ann", "a");
  EXPECT_EQ(throttle_.Begin("ann", "a"), seconds(2));
  now_ += seconds(3600);
  EXPECT_EQ(throttle_.Begin("ann", "a"), kNone);
}

TEST_F(LoginThrottleTest, AnAddressIsKnownToAnAccountForThirtyDays) {
  throttle_.Known("ann", "owner");
  now_ += seconds(29 * 24 * 3600);
  for (int i = 0; i < 20; ++i) Fail("ann", std::to_string(i / 5) + "x");
  EXPECT_EQ(throttle_.Begin("ann", "owner"), kNone);
  throttle_.Cancelled("ann", "owner");
  now_ += seconds(24 * 3600);
  for (int i = 0; i < 20; ++i) Fail("ann", std::to_string(i / 5) + "y");
  EXPECT_EQ(throttle_.Begin("ann", "owner"), seconds(1)) << "thirty days on, the address is new again";
}

}  // namespace
}  // namespace souk::server::accounts
