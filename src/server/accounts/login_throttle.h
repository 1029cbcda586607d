// Failed log-ins, counted so that guessing a password takes ever longer while its
// owner still gets in (docs/accounts.md, "Failed log-ins"). Counts by the account's
// name key (whether the account exists or not, so that the answer tells nothing)
// and the client's address. Thread-safe, in bounded memory, on a clock tests move.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace souk::server::accounts {

using ThrottleClock = std::chrono::steady_clock;

struct ThrottleLimits {
  // Failures one address may make on one account before each next attempt from it
  // must wait 2^(n - free) seconds after its last failure (n: its failures so far).
  int free_failures = 5;
  // The same, once the account is under attack (attack_failures, all addresses).
  int free_failures_under_attack = 1;
  int attack_failures = 20;
  std::chrono::seconds longest_wait{15 * 60};
  // A count is forgotten this long after its last failure.
  std::chrono::seconds forget_after{60 * 60};
  // Failures from one address, whatever the accounts, after which it is refused
  // until address_wait after its last failure.
  int address_failures = 20;
  std::chrono::seconds address_wait{10 * 60};
  size_t max_entries = 100000;  // of each table: past it, the counts longest idle are forgotten
};

class LoginThrottle {
 public:
  using Now = std::function<ThrottleClock::time_point()>;
  explicit LoginThrottle(ThrottleLimits limits = {}, Now now = ThrottleClock::now);

  // Zero if an attempt on `key` from `address` may be checked now; else how long to wait.
  ThrottleClock::duration Wait(const std::string& key, const std::string& address);
  void Failed(const std::string& key, const std::string& address);
  // The right password: the address's count on the account starts over.
  void Succeeded(const std::string& key, const std::string& address);

 private:
  struct Count {
    int failures = 0;
    ThrottleClock::time_point last;
  };
  // The count of `k` in `table`, zero once forgotten.
  Count Current(const std::map<std::string, Count>& table, const std::string& k, ThrottleClock::time_point now,
                ThrottleClock::duration forget) const;
  void Bump(std::map<std::string, Count>& table, const std::string& k, ThrottleClock::time_point now,
            ThrottleClock::duration forget);

  ThrottleLimits limits_;
  Now now_;
  std::mutex mutex_;
  std::map<std::string, Count> pairs_;      // "key address"
  std::map<std::string, Count> accounts_;   // key
  std::map<std::string, Count> addresses_;  // address
};

}  // namespace souk::server::accounts
