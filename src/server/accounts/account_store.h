// Where accounts and their sessions are kept: in the games' own database (the
// tables `accounts` and `sessions` that the game store's schema migration adds,
// store.h), through a connection of the accounts' own, on SQLite or PostgreSQL
// behind one interface. Knows nothing of games; the game service knows an account
// only by its id. What is stored, and for how long: docs/accounts.md.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"

namespace souk::server::accounts {

struct StoredAccount {
  int64_t id = 0;              // kept after deletion: the tombstone a finished game's seat may name
  std::string name;            // as written at sign-up ("Ann_Lee"); empty once deleted
  std::string password_hash;   // libsodium's Argon2id string ($argon2id$...); empty once deleted
  int64_t created_ms = 0;      // Unix time in milliseconds
  bool disabled = false;       // by the operator: no log-in
  bool deleted = false;
};

struct StoredSession {
  std::string id_hash;  // hex SHA-256 of the cookie's value: the value itself is never stored
  int64_t account_id = 0;
  int64_t created_ms = 0;
  int64_t last_seen_ms = 0;
  int64_t expires_ms = 0;
  std::string label;  // the User-Agent it was opened with, shortened
};

class AccountStore {
 public:
  virtual ~AccountStore() = default;
  // A new account; kInvalidArgument with code name_taken if `key` (the name lower-cased) is taken.
  virtual Result<StoredAccount> CreateAccount(const std::string& name, const std::string& key,
                                              const std::string& password_hash, int64_t now_ms) = 0;
  // The live (not deleted) account of that key; kNotFound if none.
  virtual Result<StoredAccount> AccountByKey(const std::string& key) = 0;
  // The account of that id, deleted ones included (name and hash then empty); kNotFound if none.
  virtual Result<StoredAccount> AccountById(int64_t id) = 0;
  // Every account, deleted ones included, oldest first: for the operator only.
  virtual Result<std::vector<StoredAccount>> ListAccounts() = 0;
  virtual Status SetPasswordHash(int64_t id, const std::string& password_hash) = 0;
  // Sets the hash only if it is still `expected` (what a password was just checked
  // against): kAborted if it changed meanwhile, so that a log-in's rehash or a change
  // judged on an old password never overwrites a newer one.
  virtual Status ReplacePasswordHash(int64_t id, const std::string& expected, const std::string& password_hash) = 0;
  virtual Status SetDisabled(int64_t id, bool disabled) = 0;
  // Erases the name, the password hash, every session, the email address and the
  // lessons done; the row stays as a tombstone.
  virtual Status DeleteAccount(int64_t id, int64_t now_ms) = 0;

  virtual Status CreateSession(const StoredSession& session) = 0;
  // The unexpired session of that hash, with its account live; kNotFound otherwise.
  virtual Result<StoredSession> SessionByHash(const std::string& id_hash, int64_t now_ms) = 0;
  // Moves a session's last sight and expiry on (a sliding expiry).
  virtual Status TouchSession(const std::string& id_hash, int64_t last_seen_ms, int64_t expires_ms) = 0;
  // An account's unexpired sessions, most recently seen first.
  virtual Result<std::vector<StoredSession>> SessionsOf(int64_t account_id, int64_t now_ms) = 0;
  // Deletes the account's session whose hash starts with `prefix` (its public id);
  // kNotFound if it has none such.
  virtual Status DeleteSession(int64_t account_id, const std::string& prefix) = 0;
  // Deletes every session of the account but `keep_hash` (none kept when empty).
  virtual Status DeleteSessions(int64_t account_id, const std::string& keep_hash) = 0;
  // Forgets the sessions expired by `now_ms`.
  virtual Status PurgeExpired(int64_t now_ms) = 0;
  // The accounts signed in at `now_ms`: live, not disabled, with at least one session
  // unexpired (an account on two devices counts once). For the operator's metrics.
  virtual Result<int64_t> CountSignedIn(int64_t now_ms) = 0;

  // The lessons the account has done (docs/lessons.md), as "game/lesson", sorted.
  virtual Result<std::vector<std::string>> LessonsDone(int64_t account_id) = 0;
  // Adds these to them (progress only grows; one done again is kept as it was).
  virtual Status AddLessonsDone(int64_t account_id, const std::vector<std::string>& lessons, int64_t now_ms) = 0;
};

// The account store of `db` (a SQLite file or a PostgreSQL URI, as OpenStore takes
// it), whose schema OpenStore has brought up to date: open the game store first.
Result<std::unique_ptr<AccountStore>> OpenAccountStore(const std::string& db);
Result<std::unique_ptr<AccountStore>> OpenSqliteAccountStore(const std::string& path);
Result<std::unique_ptr<AccountStore>> OpenPostgresAccountStore(const std::string& uri);

}  // namespace souk::server::accounts
