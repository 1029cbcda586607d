// The accounts service: sign-up, log-in and sessions, changes of password,
// deletion (docs/accounts.md). Beside the game service, which knows an account
// only by its id. Every call blocks (a password hash, the store): the HTTP routes
// run them on `workers()`, never on a network thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/status.h"
#include "server/accounts/account_store.h"
#include "server/accounts/account_workers.h"
#include "server/accounts/credentials.h"
#include "server/accounts/login_throttle.h"
#include "server/rate_limit.h"

namespace souk::server::accounts {

struct AccountsOptions {
  PasswordCost cost = PasswordCost::Interactive();
  // A session unused this long ends; each use moves its end on (sliding).
  std::chrono::milliseconds session_lifetime = std::chrono::hours(24 * 30);
  int workers = 2;          // password hashes (and account requests) at once
  size_t max_waiting = 32;  // account requests waiting for a worker; more get 503
  int max_per_client = 4;   // of one client's requests waiting or running; more get 429
  // A session ends this long after its log-in however often it is used: a stolen
  // cookie does not last for ever.
  std::chrono::milliseconds session_max_age = std::chrono::hours(24 * 90);
  ThrottleLimits throttle;
  RateLimit signups{30.0 / 3600, 10};  // accounts created per client address: 30/h, burst 10
  LoginThrottle::Now now = ThrottleClock::now;  // the throttle's clock: tests move one by hand
  std::function<int64_t()> wall_ms;             // Unix milliseconds; empty: the system clock
};

struct Account {
  int64_t id = 0;
  std::string name;
  int64_t created_ms = 0;
};

// A log-in's outcome: the account, and the new session's id (the cookie's value).
struct SignedIn {
  Account account;
  std::string session_id;
};

// A request's session, found by its cookie.
struct Authenticated {
  Account account;
  std::string session_hash;
  int64_t expires_ms = 0;
  bool renewed = false;  // its expiry moved on: the cookie is sent again
};

struct SessionInfo {
  std::string id;  // public: the first 16 hex digits of the stored hash
  int64_t created_ms = 0, last_seen_ms = 0, expires_ms = 0;
  std::string label;
  bool current = false;
};

class Accounts {
 public:
  Accounts(std::unique_ptr<AccountStore> store, AccountsOptions options = {});
  ~Accounts();

  // `client`: the AddressKey of the client; `label`: its User-Agent (shortened here).
  // `wait`, when a limit refuses the request, is set to how long until it may come again.
  Result<SignedIn> SignUp(const std::string& name, const std::string& password, const std::string& client,
                          const std::string& label, std::chrono::milliseconds* wait);
  Result<SignedIn> LogIn(const std::string& name, const std::string& password, const std::string& client,
                         const std::string& label, std::chrono::milliseconds* wait);
  // The session of a cookie's value; not_signed_in if none.
  Result<Authenticated> Authenticate(const std::string& session_id);
  Status LogOut(const std::string& session_hash);
  Result<std::vector<SessionInfo>> Sessions(const Authenticated& who);
  Status Revoke(const Authenticated& who, const std::string& public_id);
  Status RevokeAll(const Authenticated& who);
  // Needs the current password. Every session of the account ends, the caller's
  // too: it gets a new one (its id returned, the cookie's new value), so that a
  // session id seen before the change is worth nothing after it.
  Result<std::string> ChangePassword(const Authenticated& who, const std::string& current, const std::string& fresh,
                                     const std::string& client, const std::string& label,
                                     std::chrono::milliseconds* wait);
  // Needs the password; erases the account's name, hash and sessions.
  Status Delete(const Authenticated& who, const std::string& password, const std::string& client,
                std::chrono::milliseconds* wait);

  std::chrono::milliseconds session_lifetime() const { return options_.session_lifetime; }
  AccountWorkers& workers() { return workers_; }
  AccountStore& store() { return *store_; }

 private:
  int64_t Now() const;
  Result<SignedIn> OpenSession(const StoredAccount& account, const std::string& label);
  // Checks `password` against the account of `key` as a log-in does, throttled.
  // `could_exist` false (a name no sign-up accepts): no account is looked up, the
  // answer and its cost those of an unknown name.
  Result<StoredAccount> Check(const std::string& key, const std::string& password, const std::string& client,
                              std::chrono::milliseconds* wait, bool could_exist = true);

  std::unique_ptr<AccountStore> store_;
  AccountsOptions options_;
  LoginThrottle throttle_;
  RateLimiter signups_;
  // What an unknown name's password is checked against, so that it takes as long;
  // made again if making it failed at start (DummyHash).
  const std::string& DummyHash();
  std::mutex dummy_mutex_;
  std::string dummy_hash_;
  AccountWorkers workers_;
};

}  // namespace souk::server::accounts
