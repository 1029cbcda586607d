// Token buckets: each client (an address, a seat) may do a thing `per_second` times
// a second on average, and `burst` times at once after a pause. Over that it is told
// how long to wait.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/status.h"

namespace souk::server {

using LimitClock = std::chrono::steady_clock;

struct RateLimit {
  double per_second = 0;  // 0: no limit
  double burst = 1;       // tokens a full bucket holds
  bool off() const { return per_second <= 0; }
};

// "2/s", "30/m,burst=20", "600/h", or "off". Without a burst, a bucket holds one
// unit's worth ("30/m" is 30 at once). An error says what was expected.
Result<RateLimit> ParseRateLimit(std::string_view text);
// As ParseRateLimit reads it: "30/m, burst 20", "off".
std::string FormatRateLimit(const RateLimit& limit);

// One client's bucket; the limit is passed in, so that a table of buckets holds it once.
class TokenBucket {
 public:
  TokenBucket(const RateLimit& limit, LimitClock::time_point now) : tokens_(limit.burst), last_(now) {}
  // Takes a token: zero; or, when there is none, how long until there is one.
  LimitClock::duration Take(const RateLimit& limit, LimitClock::time_point now);
  // Refilled: as good as a bucket never used, so it can be forgotten.
  bool Full(const RateLimit& limit, LimitClock::time_point now) const;
  // The tokens it holds at `now`: below 1, its client is refused.
  double Tokens(const RateLimit& limit, LimitClock::time_point now) const;

 private:
  void Refill(const RateLimit& limit, LimitClock::time_point now);
  double tokens_;
  LimitClock::time_point last_;
};

// A bucket per key (a client address, a seat), thread-safe, in bounded memory:
// buckets refilled are forgotten as they come to the end of the least-recently-used
// order, and past `max_keys` the least recently used is forgotten even if not full
// (that client starts afresh: with that many clients, a flood from one is not what
// the table can stop anyway).
class RateLimiter {
 public:
  using Now = std::function<LimitClock::time_point()>;
  static constexpr size_t kDefaultMaxKeys = 50000;

  explicit RateLimiter(RateLimit limit, size_t max_keys = kDefaultMaxKeys, Now now = LimitClock::now);
  // Takes a token from `key`'s bucket: zero; or how long until it may go on.
  LimitClock::duration Take(const std::string& key);
  const RateLimit& limit() const { return limit_; }
  size_t keys() const;
  // The keys whose bucket is not full (clients seen lately), the emptiest first, at
  // most `max`: what the operator looks at (`souk admin limits`).
  struct KeyTokens {
    std::string key;
    double tokens;
  };
  std::vector<KeyTokens> Busiest(size_t max) const;

 private:
  struct Entry {
    TokenBucket bucket;
    std::list<const std::string*>::iterator order;
  };
  RateLimit limit_;
  size_t max_keys_;
  Now now_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> buckets_;
  std::list<const std::string*> order_;  // keys, most recently used first
};

}  // namespace souk::server
