// A slow value read off the scrape's thread, at most every max_age, on a clock the test moves.
#include "metrics/cached_reading.h"

#include <gtest/gtest.h>

#include <deque>

namespace souk::metrics {
namespace {

using namespace std::chrono_literals;

struct Fixture {
  std::chrono::steady_clock::time_point now{};
  std::deque<std::function<void()>> jobs;  // handed to "another thread": run when the test says
  bool queue_full = false;
  int reads = 0;
  std::optional<double> next = 7;
  CachedReading reading{[this] {
                          ++reads;
                          return next;
                        },
                        [this](std::function<void()> job) {
                          if (queue_full) return false;
                          jobs.push_back(std::move(job));
                          return true;
                        },
                        5000ms, [this] { return now; }};
  void RunJobs() {
    while (!jobs.empty()) {
      auto job = std::move(jobs.front());
      jobs.pop_front();
      job();
    }
  }
};

TEST(CachedReading, AScrapeShowsTheLastValueReadAndAsksForAnotherOnlyWhenItIsOld) {
  Fixture f;
  EXPECT_EQ(f.reading.Get(), std::nullopt) << "nothing read yet";
  ASSERT_EQ(f.jobs.size(), 1u) << "a read asked for, not made on the scrape's thread";
  EXPECT_EQ(f.reads, 0);
  EXPECT_EQ(f.reading.Get(), std::nullopt);
  EXPECT_EQ(f.jobs.size(), 1u) << "one read at a time";
  f.RunJobs();
  EXPECT_EQ(f.reading.Get(), 7);
  f.next = 9;
  f.now += 4999ms;
  EXPECT_EQ(f.reading.Get(), 7);
  EXPECT_TRUE(f.jobs.empty()) << "not due yet";
  f.now += 1ms;
  EXPECT_EQ(f.reading.Get(), 7) << "the old value while the new one is read";
  f.RunJobs();
  EXPECT_EQ(f.reading.Get(), 9);
  EXPECT_EQ(f.reads, 2);
}

TEST(CachedReading, AFailedReadShowsNoValueAndAReadNotQueuedIsAskedForAgain) {
  Fixture f;
  f.reading.Get();
  f.RunJobs();
  ASSERT_EQ(f.reading.Get(), 7);
  f.next = std::nullopt;  // the database is down
  f.now += 5s;
  f.reading.Get();
  f.RunJobs();
  EXPECT_EQ(f.reading.Get(), std::nullopt) << "no stale value shown as current";
  f.now += 5s;
  f.queue_full = true;
  f.reading.Get();
  EXPECT_TRUE(f.jobs.empty());
  f.queue_full = false;
  f.next = 3;
  f.reading.Get();  // at once, not max_age later
  f.RunJobs();
  EXPECT_EQ(f.reading.Get(), 3);
}

TEST(CachedReading, AReadFinishingAfterItsReadingIsGoneChangesNothing) {
  std::deque<std::function<void()>> jobs;
  int reads = 0;
  {
    CachedReading reading(
        [&] {
          ++reads;
          return std::optional<double>(1);
        },
        [&](std::function<void()> job) {
          jobs.push_back(std::move(job));
          return true;
        },
        1000ms);
    reading.Get();
  }
  ASSERT_EQ(jobs.size(), 1u);
  jobs.front()();
  EXPECT_EQ(reads, 0) << "not read for nobody";
}

}  // namespace
}  // namespace souk::metrics
