// The server's rate limits: what each counts, per what, its default, and the
// buckets that enforce them (docs/protocol.md, "Limits").
#pragma once

#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "server/rate_limit.h"

namespace souk::server {

enum class Rate {
  kCreate,     // games created, per client address
  kJoin,       // seats taken by invite, per client address
  kLobby,      // lobby queries, per client address
  kRead,       // GET /api/games/... and unknown API routes, per client address
  kPreview,    // move previews, per client address
  kMove,       // moves, HTTP and WebSocket, per client address
  kSeatMove,   // moves, per seat
  kHint,       // hints, per client address
  kWsConnect,  // WebSockets opened, per client address
  kWsMessage,  // messages on one WebSocket, per connection
};
inline constexpr size_t kRateCount = 10;

struct RateInfo {
  Rate rate;
  const char* name;     // of its option, --rate-NAME
  RateLimit limit;      // the default
  const char* counts;   // what is counted, per what: for --help and the docs
  const char* refusal;  // the start of the error a client over it gets
};

// Every limit, in the order of `Rate`.
const std::array<RateInfo, kRateCount>& RateInfos();

// The limits a server applies: the defaults unless changed.
class RateLimits {
 public:
  RateLimits();
  static RateLimits Off();  // no rate limit at all (benchmarks, tests)
  RateLimit& operator[](Rate rate) { return limits_[static_cast<size_t>(rate)]; }
  const RateLimit& operator[](Rate rate) const { return limits_[static_cast<size_t>(rate)]; }

 private:
  std::array<RateLimit, kRateCount> limits_;
};

// What a client over a limit is told: the limit, its option, when to come back.
struct RateRefusal {
  std::string message;
  std::chrono::milliseconds retry_after;  // rounded up, at least 1 ms
};
RateRefusal Refuse(Rate rate, const RateLimit& limit, LimitClock::duration wait);
// Retry-After: whole seconds, rounded up, at least 1.
long long RetryAfterSeconds(std::chrono::milliseconds wait);
// How long a kept-alive connection is left unread after its `in_a_row`th 429 in a
// row (any other answer ends the run): nothing after the first, then 10 ms doubling
// up to 1.28 s. A client that asks again at once, ignoring Retry-After, then costs
// the server a timer instead of a parse and an answer each time.
std::chrono::milliseconds PauseAfterRefusals(int in_a_row);

// A bucket table for each limit but kWsMessage (each WebSocket holds its own bucket).
class RateLimiters {
 public:
  explicit RateLimiters(const RateLimits& limits, RateLimiter::Now now = LimitClock::now);
  // Nothing if `key` may go on (a token is taken); else the refusal.
  std::optional<RateRefusal> Take(Rate rate, const std::string& key);
  const RateLimiter& limiter(Rate rate) const { return *limiters_[static_cast<size_t>(rate)]; }

 private:
  std::array<std::unique_ptr<RateLimiter>, kRateCount> limiters_;
};

}  // namespace souk::server
