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
  // An address that signed up or logged in to an account is known to it this long:
  // an account under attack holds every other address together (docs/accounts.md).
  std::chrono::seconds known_for{30 * 24 * 3600};
  size_t max_entries = 100000;  // of each table: past it, the counts longest idle are forgotten
};

class LoginThrottle {
 public:
  using Now = std::function<ThrottleClock::time_point()>;
  explicit LoginThrottle(ThrottleLimits limits = {}, Now now = ThrottleClock::now);

  // Zero if an attempt on `key` from `address` may be checked now; else how long to
  // wait. An attempt let through counts as a failure, made now, until Failed,
  // Succeeded or Cancelled ends it: attempts checked at the same time see each other,
  // so that a burst of them gets no more tries than one after the other.
  ThrottleClock::duration Begin(const std::string& key, const std::string& address);
  // The attempt let through by Begin was a wrong password.
  void Failed(const std::string& key, const std::string& address);
  // The right password: the address's count on the account starts over, and the
  // address is known to the account from now on.
  void Succeeded(const std::string& key, const std::string& address);
  // The attempt could not be checked (the store failed): it counts for nothing.
  void Cancelled(const std::string& key, const std::string& address);
  // A new account's first address (its sign-up) is known to it.
  void Known(const std::string& key, const std::string& address);

 private:
  struct Count {
    int failures = 0;
    int checking = 0;  // attempts let through and not yet ended
    ThrottleClock::time_point last;     // of the last failure
    ThrottleClock::time_point touched;  // of the last failure or attempt let through
  };
  using Table = std::map<std::string, Count>;
  // The count of `k` in `table`, zero once forgotten.
  static Count Current(const Table& table, const std::string& k, ThrottleClock::time_point now,
                       ThrottleClock::duration forget);
  // Sets `k`'s count in `table`, keeping the table within max_entries.
  void Store(Table& table, const std::string& k, Count count, ThrottleClock::time_point now,
             ThrottleClock::duration forget);
  // 2^(n - free) seconds after the last failure, at most longest_wait, an attempt being
  // checked counting as a failure made when it began; zero while n < free.
  ThrottleClock::duration Held(const Count& count, int free, ThrottleClock::time_point now) const;
  // Ends an attempt on the three counts; `failed` counts it.
  void End(const std::string& key, const std::string& address, bool failed);
  // `pair_key`'s address is known to its account from now on.
  void Remember(const std::string& pair_key);

  ThrottleLimits limits_;
  Now now_;
  std::mutex mutex_;
  Table pairs_;      // "key address"
  Table accounts_;   // key
  Table addresses_;  // address
  Table known_;      // "key address": its successes (as `failures`), the last one
};

}  // namespace souk::server::accounts
