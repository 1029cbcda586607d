#include "server/accounts/login_throttle.h"

#include <algorithm>

namespace souk::server::accounts {

LoginThrottle::LoginThrottle(ThrottleLimits limits, Now now) : limits_(limits), now_(std::move(now)) {}

LoginThrottle::Count LoginThrottle::Current(const std::map<std::string, Count>& table, const std::string& k,
                                            ThrottleClock::time_point now, ThrottleClock::duration forget) const {
  auto it = table.find(k);
  if (it == table.end() || now - it->second.last >= forget) return {};
  return it->second;
}

void LoginThrottle::Bump(std::map<std::string, Count>& table, const std::string& k, ThrottleClock::time_point now,
                         ThrottleClock::duration forget) {
  Count count = Current(table, k, now, forget);
  ++count.failures;
  count.last = now;
  table[k] = count;
  if (table.size() <= limits_.max_entries) return;
  // Over the bound: the forgotten go first, then the longest idle.
  std::erase_if(table, [&](const auto& entry) { return now - entry.second.last >= forget; });
  while (table.size() > limits_.max_entries) {
    auto oldest = std::min_element(table.begin(), table.end(),
                                   [](const auto& a, const auto& b) { return a.second.last < b.second.last; });
    table.erase(oldest);
  }
}

ThrottleClock::duration LoginThrottle::Wait(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  const ThrottleClock::time_point now = now_();
  ThrottleClock::duration wait{0};
  const Count from = Current(addresses_, address, now, limits_.address_wait);
  if (from.failures >= limits_.address_failures) wait = from.last + limits_.address_wait - now;
  const bool attacked = Current(accounts_, key, now, limits_.forget_after).failures >= limits_.attack_failures;
  const int free = attacked ? limits_.free_failures_under_attack : limits_.free_failures;
  const Count pair = Current(pairs_, key + " " + address, now, limits_.forget_after);
  if (pair.failures >= free) {
    const int doublings = std::min(pair.failures - free, 30);
    const ThrottleClock::duration delay =
        std::min<ThrottleClock::duration>(std::chrono::seconds(int64_t{1} << doublings), limits_.longest_wait);
    wait = std::max(wait, pair.last + delay - now);
  }
  return std::max(wait, ThrottleClock::duration{0});
}

void LoginThrottle::Failed(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  const ThrottleClock::time_point now = now_();
  Bump(pairs_, key + " " + address, now, limits_.forget_after);
  Bump(accounts_, key, now, limits_.forget_after);
  Bump(addresses_, address, now, limits_.address_wait);
}

void LoginThrottle::Succeeded(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  pairs_.erase(key + " " + address);
}

}  // namespace souk::server::accounts
