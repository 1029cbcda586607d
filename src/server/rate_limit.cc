#include "server/rate_limit.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace souk::server {
namespace {

// A whole or decimal number, positive, the whole of `text`.
bool PositiveNumber(std::string_view text, double* out) {
  if (text.empty()) return false;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return error == std::errc() && end == text.data() + text.size() && std::isfinite(*out) && *out > 0;
}

std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

}  // namespace

Result<RateLimit> ParseRateLimit(std::string_view text) {
  if (text == "off") return RateLimit{};
  const auto bad = [&] {
    return Status::Error("expected N/s, N/m or N/h, then optionally ,burst=B (or off), got '" + std::string(text) + "'");
  };
  const size_t comma = text.find(',');
  const std::string_view rate = text.substr(0, comma);
  const size_t slash = rate.find('/');
  if (slash == std::string_view::npos || slash + 2 != rate.size()) return bad();
  double count = 0;
  if (!PositiveNumber(rate.substr(0, slash), &count)) return bad();
  double seconds = 0;
  switch (rate.back()) {
    case 's': seconds = 1; break;
    case 'm': seconds = 60; break;
    case 'h': seconds = 3600; break;
    default: return bad();
  }
  RateLimit limit{count / seconds, std::max(1.0, std::floor(count))};
  if (comma != std::string_view::npos) {
    std::string_view burst = text.substr(comma + 1);
    constexpr std::string_view kBurst = "burst=";
    if (burst.substr(0, kBurst.size()) != kBurst || !PositiveNumber(burst.substr(kBurst.size()), &limit.burst) ||
        limit.burst != std::floor(limit.burst))
      return bad();
  }
  return limit;
}

std::string FormatRateLimit(const RateLimit& limit) {
  if (limit.off()) return "off";
  // In the unit that reads as a whole number, if one does.
  std::string rate = Number(limit.per_second) + "/s";
  for (auto [unit, seconds] : {std::pair{"/m", 60.0}, std::pair{"/h", 3600.0}}) {
    if (limit.per_second == std::floor(limit.per_second)) break;
    const double count = limit.per_second * seconds;
    if (std::fabs(count - std::round(count)) < 1e-9) {
      rate = Number(std::round(count)) + unit;
      break;
    }
  }
  return rate + ", burst " + Number(limit.burst);
}

void TokenBucket::Refill(const RateLimit& limit, LimitClock::time_point now) {
  if (now <= last_) return;
  const double seconds = std::chrono::duration<double>(now - last_).count();
  tokens_ = std::min(limit.burst, tokens_ + seconds * limit.per_second);
  last_ = now;
}

LimitClock::duration TokenBucket::Take(const RateLimit& limit, LimitClock::time_point now) {
  if (limit.off()) return LimitClock::duration::zero();
  Refill(limit, now);
  if (tokens_ >= 1) {
    tokens_ -= 1;
    return LimitClock::duration::zero();
  }
  const std::chrono::duration<double> wait((1 - tokens_) / limit.per_second);
  return std::max(LimitClock::duration(1), std::chrono::ceil<LimitClock::duration>(wait));
}

bool TokenBucket::Full(const RateLimit& limit, LimitClock::time_point now) const {
  const double seconds = std::chrono::duration<double>(now - last_).count();
  return tokens_ + std::max(0.0, seconds) * limit.per_second >= limit.burst;
}

RateLimiter::RateLimiter(RateLimit limit, size_t max_keys, Now now)
    : limit_(limit), max_keys_(std::max<size_t>(1, max_keys)), now_(std::move(now)) {}

LimitClock::duration RateLimiter::Take(const std::string& key) {
  if (limit_.off()) return LimitClock::duration::zero();
  const LimitClock::time_point now = now_();
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(key);
  if (it != buckets_.end()) {
    order_.splice(order_.begin(), order_, it->second.order);
  } else {
    if (buckets_.size() >= max_keys_) {
      buckets_.erase(*order_.back());
      order_.pop_back();
    }
    it = buckets_.emplace(key, Entry{TokenBucket(limit_, now), {}}).first;
    order_.push_front(&it->first);
    it->second.order = order_.begin();
  }
  const LimitClock::duration wait = it->second.bucket.Take(limit_, now);
  // Forgets a few buckets refilled since their last use, oldest first: the table
  // holds only clients seen lately.
  for (int i = 0; i < 4 && order_.size() > 1; ++i) {
    auto oldest = buckets_.find(*order_.back());
    if (!oldest->second.bucket.Full(limit_, now)) break;
    order_.pop_back();
    buckets_.erase(oldest);
  }
  return wait;
}

double TokenBucket::Tokens(const RateLimit& limit, LimitClock::time_point now) const {
  const double seconds = std::chrono::duration<double>(now - last_).count();
  return std::min(limit.burst, tokens_ + std::max(0.0, seconds) * limit.per_second);
}

std::vector<RateLimiter::KeyTokens> RateLimiter::Busiest(size_t max) const {
  const LimitClock::time_point now = now_();
  std::vector<KeyTokens> out;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, entry] : buckets_)
      if (!entry.bucket.Full(limit_, now)) out.push_back({key, entry.bucket.Tokens(limit_, now)});
  }
  std::sort(out.begin(), out.end(),
            [](const KeyTokens& a, const KeyTokens& b) { return a.tokens != b.tokens ? a.tokens < b.tokens : a.key < b.key; });
  if (out.size() > max) out.resize(max);
  return out;
}

size_t RateLimiter::keys() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

}  // namespace souk::server
