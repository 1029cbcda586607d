// Token buckets, on a clock the test moves by hand.
#include "server/rate_limit.h"

#include <gtest/gtest.h>

namespace souk::server {
namespace {

using namespace std::chrono_literals;

struct FakeClock {
  LimitClock::time_point now{std::chrono::hours(1)};
  RateLimiter::Now Reader() {
    return [this] { return now; };
  }
};

RateLimit Parse(const char* text) {
  auto limit = ParseRateLimit(text);
  EXPECT_TRUE(limit.ok()) << text << ": " << limit.message();
  return limit.ok() ? *limit : RateLimit{};
}

TEST(RateLimit, ParsesRatesUnitsAndBursts) {
  EXPECT_DOUBLE_EQ(Parse("2/s").per_second, 2);
  EXPECT_DOUBLE_EQ(Parse("2/s").burst, 2) << "a unit's worth by default";
  EXPECT_DOUBLE_EQ(Parse("30/m").per_second, 0.5);
  EXPECT_DOUBLE_EQ(Parse("30/m,burst=5").burst, 5);
  EXPECT_DOUBLE_EQ(Parse("1800/h").per_second, 0.5);
  EXPECT_DOUBLE_EQ(Parse("0.5/s").burst, 1);
  EXPECT_TRUE(Parse("off").off());
  for (const char* bad : {"x", "", "2", "2/d", "2/ss", "-1/s", "0/s", "2/s,", "2/s,burst=", "2/s,burst=0",
                          "2/s,burst=1.5", "2/s,bursts=3", "2/s burst=3", "nan/s", "inf/s"}) {
    auto limit = ParseRateLimit(bad);
    EXPECT_FALSE(limit.ok()) << bad;
    EXPECT_EQ(limit.message(),
              "expected N/s, N/m or N/h, then optionally ,burst=B (or off), got '" + std::string(bad) + "'");
  }
}

TEST(RateLimit, FormatsAsWritten) {
  EXPECT_EQ(FormatRateLimit(Parse("2/s,burst=20")), "2/s, burst 20");
  EXPECT_EQ(FormatRateLimit(Parse("30/m,burst=20")), "30/m, burst 20");
  EXPECT_EQ(FormatRateLimit(Parse("100/h")), "100/h, burst 100");
  EXPECT_EQ(FormatRateLimit(Parse("off")), "off");
}

TEST(RateLimit, ABucketAllowsItsBurstThenItsRateAndSaysHowLongToWait) {
  FakeClock clock;
  RateLimiter limiter(Parse("2/s,burst=3"), 100, clock.Reader());
  for (int i = 0; i < 3; ++i) EXPECT_EQ(limiter.Take("a"), 0s) << i;
  EXPECT_EQ(limiter.Take("a"), 500ms);
  EXPECT_EQ(limiter.Take("b"), 0s) << "another key has its own bucket";
  clock.now += 200ms;
  EXPECT_EQ(limiter.Take("a"), 300ms) << "0.4 of a token now: 0.6 more at 2 a second";
  clock.now += 300ms;
  EXPECT_EQ(limiter.Take("a"), 0s) << "a refused request takes nothing";
  EXPECT_EQ(limiter.Take("a"), 500ms);
  clock.now += 1h;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(limiter.Take("a"), 0s) << "refilled to the burst, no more";
  EXPECT_GT(limiter.Take("a"), 0s);
}

TEST(RateLimit, SlowRatesWaitLong) {
  FakeClock clock;
  RateLimiter limiter(Parse("30/m,burst=1"), 100, clock.Reader());
  EXPECT_EQ(limiter.Take("a"), 0s);
  EXPECT_EQ(limiter.Take("a"), 2s);
}

TEST(RateLimit, OffNeverLimitsAndKeepsNothing) {
  RateLimiter limiter(Parse("off"));
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(limiter.Take("a"), 0s);
  EXPECT_EQ(limiter.keys(), 0u);
  TokenBucket bucket(RateLimit{}, LimitClock::now());
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(bucket.Take(RateLimit{}, LimitClock::now()), 0s);
}

TEST(RateLimit, RefilledBucketsAreForgotten) {
  FakeClock clock;
  RateLimiter limiter(Parse("10/s,burst=10"), 1000, clock.Reader());
  for (int i = 0; i < 500; ++i) limiter.Take("client " + std::to_string(i));
  EXPECT_EQ(limiter.keys(), 500u);
  clock.now += 1s;  // every bucket full again
  for (int i = 0; i < 200; ++i) limiter.Take("later");
  EXPECT_EQ(limiter.keys(), 1u) << "only the client seen lately is kept";
}

// Issue 40: what `souk admin limits` shows: the clients whose bucket is not full, the
// emptiest first, as the fake clock refills them.
TEST(RateLimit, TheBusiestClientsComeEmptiestFirstUntilRefilled) {
  FakeClock clock;
  RateLimiter limiter(Parse("1/s,burst=4"), 100, clock.Reader());
  for (int i = 0; i < 5; ++i) limiter.Take("flood");
  limiter.Take("calm");
  limiter.Take("calm");
  auto busiest = limiter.Busiest(10);
  ASSERT_EQ(busiest.size(), 2u);
  EXPECT_EQ(busiest[0].key, "flood");
  EXPECT_DOUBLE_EQ(busiest[0].tokens, 0);
  EXPECT_EQ(busiest[1].key, "calm");
  EXPECT_DOUBLE_EQ(busiest[1].tokens, 2);
  EXPECT_EQ(limiter.Busiest(1).size(), 1u);
  clock.now += 2s;
  busiest = limiter.Busiest(10);
  ASSERT_EQ(busiest.size(), 1u) << "calm is full again";
  EXPECT_DOUBLE_EQ(busiest[0].tokens, 2);
}

TEST(RateLimit, TheTableNeverGrowsPastItsCap) {
  FakeClock clock;
  RateLimiter limiter(Parse("1/h,burst=1"), 100, clock.Reader());
  for (int i = 0; i < 10000; ++i) limiter.Take("client " + std::to_string(i));
  EXPECT_EQ(limiter.keys(), 100u);
  EXPECT_GT(limiter.Take("client 9999"), 0s) << "the most recent clients are remembered";
  EXPECT_EQ(limiter.Take("client 0"), 0s) << "the least recent forgotten: it starts afresh";
}

}  // namespace
}  // namespace souk::server
