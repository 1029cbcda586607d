#include "server/accounts/login_throttle.h"

#include <algorithm>

namespace souk::server::accounts {

LoginThrottle::LoginThrottle(ThrottleLimits limits, Now now) : limits_(limits), now_(std::move(now)) {}

LoginThrottle::Count LoginThrottle::Current(const Table& table, const std::string& k, ThrottleClock::time_point now,
                                            ThrottleClock::duration forget) {
  auto it = table.find(k);
  if (it == table.end() || now - std::max(it->second.last, it->second.touched) >= forget) return {};
  return it->second;
}

void LoginThrottle::Store(Table& table, const std::string& k, Count count, ThrottleClock::time_point now,
                          ThrottleClock::duration forget) {
  table[k] = count;
  if (table.size() <= limits_.max_entries) return;
  // Over the bound: the forgotten go first, then the longest idle.
  const auto idle = [](const Count& c) { return std::max(c.last, c.touched); };
  std::erase_if(table, [&](const auto& entry) { return now - idle(entry.second) >= forget; });
  while (table.size() > limits_.max_entries) {
    auto oldest = std::min_element(table.begin(), table.end(),
                                   [&](const auto& a, const auto& b) { return idle(a.second) < idle(b.second); });
    table.erase(oldest);
  }
}

ThrottleClock::duration LoginThrottle::Held(const Count& count, int free, ThrottleClock::time_point now) const {
  const int n = count.failures + count.checking;
  if (n < free) return ThrottleClock::duration{0};
  const ThrottleClock::time_point since = count.checking > 0 ? std::max(count.last, count.touched) : count.last;
  const ThrottleClock::duration delay =
      std::min<ThrottleClock::duration>(std::chrono::seconds(int64_t{1} << std::min(n - free, 30)), limits_.longest_wait);
  return std::max(since + delay - now, ThrottleClock::duration{0});
}

ThrottleClock::duration LoginThrottle::Begin(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  const ThrottleClock::time_point now = now_();
  const std::string pair_key = key + " " + address;
  ThrottleClock::duration wait{0};
  Count from = Current(addresses_, address, now, limits_.address_wait);
  if (from.failures + from.checking >= limits_.address_failures) wait = from.last + limits_.address_wait - now;
  Count account = Current(accounts_, key, now, limits_.forget_after);
  const bool attacked = account.failures + account.checking >= limits_.attack_failures;
  const int free = attacked ? limits_.free_failures_under_attack : limits_.free_failures;
  Count pair = Current(pairs_, pair_key, now, limits_.forget_after);
  wait = std::max(wait, Held(pair, free, now));
  // Under attack, the addresses the account was never used from wait together,
  // however many the attacker has; the owner's own addresses do not.
  const bool known = Current(known_, pair_key, now, limits_.known_for).failures > 0;
  if (attacked && !known) wait = std::max(wait, Held(account, limits_.attack_failures, now));
  if (wait > ThrottleClock::duration{0}) return wait;
  for (Count* c : {&from, &account, &pair}) {
    ++c->checking;
    c->touched = now;
  }
  Store(addresses_, address, from, now, limits_.address_wait);
  Store(accounts_, key, account, now, limits_.forget_after);
  Store(pairs_, pair_key, pair, now, limits_.forget_after);
  return ThrottleClock::duration{0};
}

void LoginThrottle::End(const std::string& key, const std::string& address, bool failed) {
  const ThrottleClock::time_point now = now_();
  const auto end = [&](Table& table, const std::string& k, ThrottleClock::duration forget) {
    Count c = Current(table, k, now, forget);
    if (c.checking > 0) --c.checking;
    if (failed) {
      ++c.failures;
      c.last = now;
      c.touched = now;
    }
    Store(table, k, c, now, forget);
  };
  end(addresses_, address, limits_.address_wait);
  end(accounts_, key, limits_.forget_after);
  end(pairs_, key + " " + address, limits_.forget_after);
}

void LoginThrottle::Failed(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  End(key, address, true);
}

void LoginThrottle::Cancelled(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  End(key, address, false);
}

void LoginThrottle::Succeeded(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  End(key, address, false);
  pairs_.erase(key + " " + address);
  Remember(key + " " + address);
}

void LoginThrottle::Known(const std::string& key, const std::string& address) {
  std::lock_guard lock(mutex_);
  Remember(key + " " + address);
}

void LoginThrottle::Remember(const std::string& pair_key) {
  const ThrottleClock::time_point now = now_();
  Count known = Current(known_, pair_key, now, limits_.known_for);
  ++known.failures;
  known.last = known.touched = now;
  Store(known_, pair_key, known, now, limits_.known_for);
}

}  // namespace souk::server::accounts
