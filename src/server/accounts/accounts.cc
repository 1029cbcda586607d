#include "server/accounts/accounts.h"

#include <algorithm>

#include "server/server_metrics.h"
#include "server/tokens.h"
#include "server/wall_time.h"

namespace souk::server::accounts {
namespace {

// A session's last sight is written at most this often: a request is not a write.
constexpr int64_t kTouchEveryMs = 10 * 60 * 1000;
constexpr size_t kLabelBytes = 120;
constexpr size_t kPublicIdDigits = 16;

// The same answer for a wrong password and a name nobody has.
Status BadCredentials() { return Status::Coded(ErrorCode::kBadCredentials, "wrong name or password"); }

Status TooManyAttempts(ThrottleClock::duration wait, std::chrono::milliseconds* out) {
  const auto ms = std::max(std::chrono::milliseconds(1), std::chrono::ceil<std::chrono::milliseconds>(wait));
  if (out) *out = ms;
  return Status::Coded(ErrorCode::kTooManyAttempts, "too many failed log-ins: try again in " +
                                                        std::to_string((ms.count() + 999) / 1000) + " s");
}

// A User-Agent fit to keep and show: printable ASCII, shortened.
std::string Label(const std::string& user_agent) {
  std::string label;
  for (char c : user_agent) {
    if (label.size() >= kLabelBytes) break;
    label += c >= 0x20 && c < 0x7f ? c : '?';
  }
  return label;
}

Account Public(const StoredAccount& a) { return {a.id, a.name, a.created_ms}; }

}  // namespace

Accounts::Accounts(std::unique_ptr<AccountStore> store, AccountsOptions options)
    : store_(std::move(store)),
      options_(std::move(options)),
      throttle_(options_.throttle, options_.now),
      signups_(options_.signups, RateLimiter::kDefaultMaxKeys, options_.now),
      workers_(options_.workers, options_.max_waiting, options_.max_per_client) {
  (void)DummyHash();
}

const std::string& Accounts::DummyHash() {
  std::lock_guard lock(dummy_mutex_);
  // A hash of a random password. Were it missing, an unknown name would be answered
  // at once and a wrong password after a hash: the time would tell which names exist.
  // HashPassword fails only without memory; then each call tries again, and an empty
  // hash is verified by hashing (VerifyPassword's cost with a real one).
  if (dummy_hash_.empty()) {
    if (auto dummy = HashPassword(NewSessionId(), options_.cost); dummy.ok()) dummy_hash_ = *dummy;
  }
  return dummy_hash_;
}

Accounts::~Accounts() = default;

int64_t Accounts::Now() const { return options_.wall_ms ? options_.wall_ms() : NowMs(); }

Result<SignedIn> Accounts::OpenSession(const StoredAccount& account, const std::string& label) {
  const int64_t now = Now();
  (void)store_->PurgeExpired(now);
  SignedIn out{Public(account), NewSessionId()};
  const int64_t expires = std::min(now + options_.session_lifetime.count(), now + options_.session_max_age.count());
  StoredSession session{HashSecret(out.session_id), account.id, now, now, expires, Label(label)};
  if (Status s = store_->CreateSession(session); !s.ok()) return s;
  return out;
}

Result<SignedIn> Accounts::SignUp(const std::string& name, const std::string& password, const std::string& client,
                                  const std::string& label, std::chrono::milliseconds* wait) {
  if (Status s = CheckAccountName(name); !s.ok()) return s;
  if (Status s = CheckPassword(password); !s.ok()) return s;
  if (!options_.signups.off()) {
    if (auto w = signups_.Take(client); w.count() > 0) {
      const auto ms = std::max(std::chrono::milliseconds(1), std::chrono::ceil<std::chrono::milliseconds>(w));
      if (wait) *wait = ms;
      return Status::Coded(ErrorCode::kRateLimited, "too many accounts created from your address: try again in " +
                                                        std::to_string((ms.count() + 999) / 1000) + " s");
    }
  }
  auto hash = HashPassword(password, options_.cost);
  if (!hash.ok()) return hash.status();
  auto account = store_->CreateAccount(name, NameKey(name), *hash, Now());
  if (!account.ok()) return account.status();
  throttle_.Known(NameKey(name), client);
  return OpenSession(*account, label);
}

Result<StoredAccount> Accounts::Check(const std::string& key, const std::string& password, const std::string& client,
                                      std::chrono::milliseconds* wait, bool could_exist) {
  if (auto w = throttle_.Begin(key, client); w.count() > 0) return TooManyAttempts(w, wait);
  // Longer than any password: refused as wrong, its bytes never hashed (a hash of
  // 1 MiB is no cost to impose), but after a hash all the same, so that the time
  // of the answer tells nothing of whether the account exists.
  const bool too_long = password.size() > kMaxPasswordBytes;
  Result<StoredAccount> account = could_exist ? store_->AccountByKey(key) : Status::NotFound("no such account");
  if (!account.ok() && account.code() != StatusCode::kNotFound) {
    throttle_.Cancelled(key, client);
    return account.status();
  }
  const bool checkable = account.ok() && !too_long;
  const std::string& against = checkable ? account->password_hash : DummyHash();
  const bool verified = against.empty() ? (void)HashPassword(password, options_.cost), false
                                        : VerifyPassword(against, too_long ? std::string() : password);
  const bool right = checkable && verified;
  if (!right) {
    throttle_.Failed(key, client);
    return BadCredentials();
  }
  throttle_.Succeeded(key, client);
  return std::move(*account);
}

Result<SignedIn> Accounts::LogIn(const std::string& name, const std::string& password, const std::string& client,
                                 const std::string& label, std::chrono::milliseconds* wait) {
  // A name that could not exist is checked all the same: the answer and its time
  // are those of any wrong name. It never reaches the store (libpq would cut a name
  // at a NUL byte: "owner\u0000x" would be owner's account under another key).
  const std::string key = NameKey(name.substr(0, kMaxNameLength + 1));
  auto account = Check(key, password, client, wait, CheckAccountName(name).ok());
  if (!account.ok()) {
    server_metrics::LogIn(account.error_code() == ErrorCode::kTooManyAttempts ? "throttled" : "refused");
    return account.status();
  }
  if (account->disabled) {
    server_metrics::LogIn("refused");
    return Status::Coded(ErrorCode::kForbidden, "this account is disabled: ask the server's operator");
  }
  server_metrics::LogIn("ok");
  if (NeedsRehash(account->password_hash, options_.cost)) {
    // Only over the hash just checked: a password changed meanwhile stays changed.
    if (auto rehashed = HashPassword(password, options_.cost); rehashed.ok())
      (void)store_->ReplacePasswordHash(account->id, account->password_hash, *rehashed);
  }
  return OpenSession(*account, label);
}

Result<Authenticated> Accounts::Authenticate(const std::string& session_id) {
  const Status none = Status::Coded(ErrorCode::kNotSignedIn, "not signed in");
  if (session_id.size() != 64) return none;
  const int64_t now = Now();
  auto session = store_->SessionByHash(HashSecret(session_id), now);
  if (!session.ok()) return session.code() == StatusCode::kNotFound ? none : session.status();
  auto account = store_->AccountById(session->account_id);
  if (!account.ok()) return account.code() == StatusCode::kNotFound ? none : account.status();
  if (account->deleted || account->disabled) return none;
  Authenticated who{Public(*account), session->id_hash, session->expires_ms, false};
  const int64_t last_end = session->created_ms + options_.session_max_age.count();
  if (now >= last_end) return none;
  if (now - session->last_seen_ms >= kTouchEveryMs) {
    who.expires_ms = std::min(now + options_.session_lifetime.count(), last_end);
    if (store_->TouchSession(session->id_hash, now, who.expires_ms).ok()) who.renewed = true;
  }
  return who;
}

Status Accounts::LogOut(const std::string& session_hash) {
  auto session = store_->SessionByHash(session_hash, Now());
  if (!session.ok()) return session.code() == StatusCode::kNotFound ? Status::Ok() : session.status();
  return store_->DeleteSession(session->account_id, session_hash);
}

Result<std::vector<SessionInfo>> Accounts::Sessions(const Authenticated& who) {
  auto sessions = store_->SessionsOf(who.account.id, Now());
  if (!sessions.ok()) return sessions.status();
  std::vector<SessionInfo> out;
  for (const StoredSession& s : *sessions)
    out.push_back({s.id_hash.substr(0, kPublicIdDigits), s.created_ms, s.last_seen_ms, s.expires_ms, s.label,
                   s.id_hash == who.session_hash});
  return out;
}

Status Accounts::Revoke(const Authenticated& who, const std::string& public_id) {
  if (public_id.size() != kPublicIdDigits || public_id.find_first_not_of("0123456789abcdef") != std::string::npos)
    return Status::NotFound("no such session");
  return store_->DeleteSession(who.account.id, public_id);
}

Status Accounts::RevokeAll(const Authenticated& who) { return store_->DeleteSessions(who.account.id, ""); }

Result<std::string> Accounts::ChangePassword(const Authenticated& who, const std::string& current,
                                             const std::string& fresh, const std::string& client,
                                             const std::string& label, std::chrono::milliseconds* wait) {
  if (Status s = CheckPassword(fresh); !s.ok()) return s;
  auto account = Check(NameKey(who.account.name), current, client, wait);
  if (!account.ok()) return account.status();
  auto hash = HashPassword(fresh, options_.cost);
  if (!hash.ok()) return hash.status();
  if (Status s = store_->ReplacePasswordHash(who.account.id, account->password_hash, *hash); !s.ok()) {
    if (s.code() == StatusCode::kAborted)
      return Status::Aborted("the password was changed meanwhile, elsewhere: log in again");
    return s;
  }
  if (Status s = store_->DeleteSessions(who.account.id, ""); !s.ok()) return s;
  auto fresh_session = OpenSession(*account, label);
  if (!fresh_session.ok()) return fresh_session.status();
  return std::move(fresh_session->session_id);
}

Status Accounts::Delete(const Authenticated& who, const std::string& password, const std::string& client,
                        std::chrono::milliseconds* wait) {
  auto account = Check(NameKey(who.account.name), password, client, wait);
  if (!account.ok()) return account.status();
  return store_->DeleteAccount(who.account.id, Now());
}

}  // namespace souk::server::accounts
