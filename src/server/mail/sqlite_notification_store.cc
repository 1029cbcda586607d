// The notifications' tables on SQLite: a connection of their own to the games'
// database file, behind a mutex. secure_delete: a removed address is overwritten in
// the file, not left in free pages.
#include <sqlite3.h>

#include <mutex>

#include "server/mail/notification_store.h"
#include "server/sqlite_statement.h"

namespace souk::server::mail {
namespace {

class SqliteNotificationStore final : public NotificationStore {
 public:
  explicit SqliteNotificationStore(sqlite3* db) : db_(db) {}
  ~SqliteNotificationStore() override { sqlite3_close(db_); }

  Status Init() {
    if (sqlite3_exec(db_, "PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000; PRAGMA secure_delete=ON;", nullptr,
                     nullptr, nullptr) != SQLITE_OK)
      return Error("configure");
    Statement tables(db_, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN "
                          "('email_addresses', 'notification_settings', 'turn_emails', 'server_keys')");
    if (tables.Step() != SQLITE_ROW || tables.Int(0) != 4)
      return Status::Error("database: no notification tables (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Status SetAddress(int64_t account_id, const std::string& address, const std::string& token_hash, int64_t expires_ms,
                    int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement upsert(db_, "INSERT INTO email_addresses(account_id, address, verified_ms, token_hash, token_expires_ms, "
                          "added_ms) VALUES(?, ?, 0, ?, ?, ?) ON CONFLICT(account_id) DO UPDATE SET "
                          "address=excluded.address, verified_ms=0, token_hash=excluded.token_hash, "
                          "token_expires_ms=excluded.token_expires_ms, added_ms=excluded.added_ms");
    upsert.Bind(1, account_id).Bind(2, address).Bind(3, token_hash).Bind(4, expires_ms).Bind(5, now_ms);
    return upsert.Step() == SQLITE_DONE ? Status::Ok() : Error("set address");
  }

  Result<std::optional<StoredAddress>> AddressOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, "SELECT address, added_ms, verified_ms FROM email_addresses WHERE account_id=?");
    find.Bind(1, account_id);
    const int rc = find.Step();
    if (rc == SQLITE_DONE) return std::optional<StoredAddress>();
    if (rc != SQLITE_ROW) return Error("find address");
    return std::optional<StoredAddress>(StoredAddress{find.Text(0), find.Int(1), find.Int(2)});
  }

  Result<int64_t> Verify(const std::string& token_hash, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement verify(db_, "UPDATE email_addresses SET verified_ms=?, token_hash='', token_expires_ms=0 "
                          "WHERE token_hash=? AND token_hash<>'' AND token_expires_ms>? RETURNING account_id");
    verify.Bind(1, now_ms).Bind(2, token_hash).Bind(3, now_ms);
    const int rc = verify.Step();
    if (rc == SQLITE_DONE) return NoSuchToken();
    if (rc != SQLITE_ROW) return Error("verify address");
    const int64_t account_id = verify.Int(0);
    if (verify.Step() != SQLITE_DONE) return Error("verify address");
    return account_id;
  }

  Status RemoveAddress(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    Statement erase(db_, "DELETE FROM email_addresses WHERE account_id=?");
    erase.Bind(1, account_id);
    return erase.Step() == SQLITE_DONE ? Status::Ok() : Error("remove address");
  }

  Result<NotificationSettings> SettingsOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, "SELECT email_your_turn, email_invitations FROM notification_settings WHERE account_id=?");
    find.Bind(1, account_id);
    const int rc = find.Step();
    if (rc == SQLITE_DONE) return NotificationSettings{};
    if (rc != SQLITE_ROW) return Error("read settings");
    return NotificationSettings{find.Int(0) != 0, find.Int(1) != 0};
  }

  Status SetSettings(int64_t account_id, const NotificationSettings& settings) override {
    std::lock_guard lock(mutex_);
    Statement upsert(db_, "INSERT INTO notification_settings(account_id, email_your_turn, email_invitations) "
                          "VALUES(?, ?, ?) ON CONFLICT(account_id) DO UPDATE SET "
                          "email_your_turn=excluded.email_your_turn, email_invitations=excluded.email_invitations");
    upsert.Bind(1, account_id).Bind(2, int64_t{settings.email_your_turn}).Bind(3, int64_t{settings.email_invitations});
    return upsert.Step() == SQLITE_DONE ? Status::Ok() : Error("set settings");
  }

  Result<bool> ClaimTurnEmail(const std::string& game_id, int64_t account_id, int64_t now_ms,
                              int64_t interval_ms) override {
    std::lock_guard lock(mutex_);
    // One statement: the row is written only if none is, or the one there is old enough.
    Statement claim(db_, "INSERT INTO turn_emails(game_id, account_id, sent_ms) VALUES(?, ?, ?) "
                         "ON CONFLICT(game_id, account_id) DO UPDATE SET sent_ms=excluded.sent_ms "
                         "WHERE turn_emails.sent_ms<=?");
    claim.Bind(1, game_id).Bind(2, account_id).Bind(3, now_ms).Bind(4, now_ms - interval_ms);
    if (claim.Step() != SQLITE_DONE) return Error("claim turn email");
    return sqlite3_changes(db_) == 1;
  }

  Result<int> ForgetEmailsBefore(int64_t before_ms) override {
    std::lock_guard lock(mutex_);
    Statement forget(db_, "DELETE FROM turn_emails WHERE sent_ms<?");
    forget.Bind(1, before_ms);
    if (forget.Step() != SQLITE_DONE) return Error("forget old emails");
    return sqlite3_changes(db_);
  }

  Result<std::string> SigningKey(const std::string& fresh) override {
    std::lock_guard lock(mutex_);
    Statement insert(db_, "INSERT INTO server_keys(name, value) VALUES('unsubscribe', ?) ON CONFLICT(name) DO NOTHING");
    insert.Bind(1, fresh);
    if (insert.Step() != SQLITE_DONE) return Error("store the signing key");
    Statement read(db_, "SELECT value FROM server_keys WHERE name='unsubscribe'");
    if (read.Step() != SQLITE_ROW) return Error("read the signing key");
    return read.Text(0);
  }

 private:
  static Status NoSuchToken() {
    return Status::Coded(ErrorCode::kBadToken, "verification link: unknown, already used, replaced or expired");
  }
  Status Error(const std::string& what) { return Status::Unavailable("database: " + what + ": " + sqlite3_errmsg(db_)); }

  sqlite3* db_;
  std::mutex mutex_;
};

}  // namespace

Result<std::unique_ptr<NotificationStore>> OpenSqliteNotificationStore(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Status::Error(path + ": " + message);
  }
  auto store = std::make_unique<SqliteNotificationStore>(db);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(path + ": ");
  return std::unique_ptr<NotificationStore>(std::move(store));
}

}  // namespace souk::server::mail
