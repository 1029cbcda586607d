#include "server/rate_limits.h"

#include "server/server_metrics.h"

namespace souk::server {

// The defaults, with why. A person plays a move every few seconds at most and
// creates a game every few minutes; the web app previews on every card click and
// opens one WebSocket per game shown, reconnecting after 0.5 to 8 s; the browser
// tests play quickly but as a person does. The bursts absorb all of that; the
// rates stop a client running a loop (5,800 games a second from one client before).
const std::array<RateInfo, kRateCount>& RateInfos() {
  static const std::array<RateInfo, kRateCount> kInfos = {{
      {Rate::kCreate, "create", {0.5, 20}, "Games created, per client address", "too many games created from your address"},
      {Rate::kJoin, "join", {0.5, 20}, "Seats taken by invite, per client address", "too many joins from your address"},
      {Rate::kLobby, "lobby", {1, 20}, "Lobby queries, per client address", "too many lobby queries from your address"},
      {Rate::kRead, "read", {20, 100}, "Game views, replays, records and unknown /api/ routes, per client address",
       "too many requests from your address"},
      {Rate::kPreview, "preview", {10, 60}, "Move previews, per client address", "too many previews from your address"},
      {Rate::kMove, "move", {20, 100}, "Moves (HTTP and WebSocket), per client address", "too many moves from your address"},
      {Rate::kSeatMove, "seat-move", {5, 30}, "Moves (HTTP and WebSocket), per seat", "too many moves by this seat"},
      {Rate::kHint, "hint", {0.5, 5}, "Hints, per client address", "too many hints from your address"},
      {Rate::kWsConnect, "ws-connect", {2, 30}, "WebSockets opened, per client address",
       "too many WebSockets opened from your address"},
      {Rate::kWsMessage, "ws-message", {20, 50},
       "Messages on one WebSocket, per connection (sending on while refused as many times as the burst closes it)",
       "too many messages on this WebSocket"},
  }};
  return kInfos;
}

RateLimits::RateLimits() {
  for (const RateInfo& info : RateInfos()) (*this)[info.rate] = info.limit;
}

RateLimits RateLimits::Off() {
  RateLimits limits;
  for (const RateInfo& info : RateInfos()) limits[info.rate] = RateLimit{};
  return limits;
}

long long RetryAfterSeconds(std::chrono::milliseconds wait) {
  return std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(wait).count());
}

std::chrono::milliseconds PauseAfterRefusals(int in_a_row) {
  if (in_a_row < 2) return std::chrono::milliseconds(0);
  return std::chrono::milliseconds(10) * (1 << std::min(in_a_row - 2, 7));
}

RateRefusal Refuse(Rate rate, const RateLimit& limit, LimitClock::duration wait) {
  const RateInfo& info = RateInfos()[static_cast<size_t>(rate)];
  const auto ms = std::max(std::chrono::milliseconds(1), std::chrono::ceil<std::chrono::milliseconds>(wait));
  return {std::string(info.refusal) + ": the limit is " + FormatRateLimit(limit) + " (--rate-" + info.name +
              "); try again in " + std::to_string(RetryAfterSeconds(ms)) + " s",
          ms};
}

RateLimiters::RateLimiters(const RateLimits& limits, RateLimiter::Now now) {
  for (const RateInfo& info : RateInfos())
    limiters_[static_cast<size_t>(info.rate)] =
        std::make_unique<RateLimiter>(limits[info.rate], RateLimiter::kDefaultMaxKeys, now);
}

std::optional<RateRefusal> RateLimiters::Take(Rate rate, const std::string& key) {
  RateLimiter& limiter = *limiters_[static_cast<size_t>(rate)];
  const LimitClock::duration wait = limiter.Take(key);
  if (wait == LimitClock::duration::zero()) return std::nullopt;
  server_metrics::RateLimitRefused(RateInfos()[static_cast<size_t>(rate)].name);
  return Refuse(rate, limiter.limit(), wait);
}

}  // namespace souk::server
