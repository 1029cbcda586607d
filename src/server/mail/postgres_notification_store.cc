// The notifications' tables on PostgreSQL: a libpq connection of their own to the
// games' database, behind a mutex, opened again by the next call once lost. Every
// change is one statement, so that instances sharing the database never interleave:
// two claiming the same game's email at once write one row, and one of them sends.
#include <mutex>

#include "server/mail/notification_store.h"
#include "server/postgres_conn.h"
#include "server/store.h"

namespace souk::server::mail {
namespace {

class PostgresNotificationStore final : public NotificationStore, private PostgresClient {
 public:
  explicit PostgresNotificationStore(std::string uri) : PostgresClient(std::move(uri)) {}

  Status Init() {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows tables = Query("SELECT count(*) FROM pg_tables WHERE schemaname=current_schema() AND tablename IN "
                        "('email_addresses', 'notification_settings', 'turn_emails', 'server_keys')", {});
    if (!tables.ok()) return Failure("find the notification tables", tables);
    if (tables.Int(0, 0) != 4)
      return Status::Error("database: no notification tables (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Status SetAddress(int64_t account_id, const std::string& address, const std::string& token_hash, int64_t expires_ms,
                    int64_t now_ms) override {
    return Run("INSERT INTO email_addresses(account_id, address, verified_ms, token_hash, token_expires_ms, added_ms) "
               "VALUES($1, $2, 0, $3, $4, $5) ON CONFLICT(account_id) DO UPDATE SET address=excluded.address, "
               "verified_ms=0, token_hash=excluded.token_hash, token_expires_ms=excluded.token_expires_ms, "
               "added_ms=excluded.added_ms",
               {std::to_string(account_id), address, token_hash, std::to_string(expires_ms), std::to_string(now_ms)},
               "set address", nullptr);
  }

  Result<std::optional<StoredAddress>> AddressOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT address, added_ms, verified_ms FROM email_addresses WHERE account_id=$1",
                      {std::to_string(account_id)});
    if (!rows.ok()) return Failure("find address", rows);
    if (rows.size() == 0) return std::optional<StoredAddress>();
    return std::optional<StoredAddress>(StoredAddress{rows.Text(0, 0), rows.Int(0, 1), rows.Int(0, 2)});
  }

  Result<int64_t> Verify(const std::string& token_hash, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("UPDATE email_addresses SET verified_ms=$1, token_hash='', token_expires_ms=0 "
                      "WHERE token_hash=$2 AND token_hash<>'' AND token_expires_ms>$1 RETURNING account_id",
                      {std::to_string(now_ms), token_hash});
    if (!rows.ok()) return Failure("verify address", rows);
    if (rows.size() == 0)
      return Status::Coded(ErrorCode::kBadToken, "verification link: unknown, already used, replaced or expired");
    return rows.Int(0, 0);
  }

  Status RemoveAddress(int64_t account_id) override {
    return Run("DELETE FROM email_addresses WHERE account_id=$1", {std::to_string(account_id)}, "remove address",
               nullptr);
  }

  Result<NotificationSettings> SettingsOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT email_your_turn, email_invitations FROM notification_settings WHERE account_id=$1",
                      {std::to_string(account_id)});
    if (!rows.ok()) return Failure("read settings", rows);
    if (rows.size() == 0) return NotificationSettings{};
    return NotificationSettings{rows.Bool(0, 0), rows.Bool(0, 1)};
  }

  Status SetSettings(int64_t account_id, const NotificationSettings& settings) override {
    return Run("INSERT INTO notification_settings(account_id, email_your_turn, email_invitations) VALUES($1, $2, $3) "
               "ON CONFLICT(account_id) DO UPDATE SET email_your_turn=excluded.email_your_turn, "
               "email_invitations=excluded.email_invitations",
               {std::to_string(account_id), settings.email_your_turn ? "true" : "false",
                settings.email_invitations ? "true" : "false"},
               "set settings", nullptr);
  }

  Result<bool> ClaimTurnEmail(const std::string& game_id, int64_t account_id, int64_t now_ms,
                              int64_t interval_ms) override {
    int changed = 0;
    if (Status s = Run("INSERT INTO turn_emails(game_id, account_id, sent_ms) VALUES($1, $2, $3) "
                       "ON CONFLICT(game_id, account_id) DO UPDATE SET sent_ms=excluded.sent_ms "
                       "WHERE turn_emails.sent_ms<=$4",
                       {game_id, std::to_string(account_id), std::to_string(now_ms), std::to_string(now_ms - interval_ms)},
                       "claim turn email", &changed);
        !s.ok())
      return s;
    return changed == 1;
  }

  Result<int> ForgetEmailsBefore(int64_t before_ms) override {
    int forgotten = 0;
    if (Status s = Run("DELETE FROM turn_emails WHERE sent_ms<$1", {std::to_string(before_ms)}, "forget old emails",
                       &forgotten);
        !s.ok())
      return s;
    return forgotten;
  }

  Result<std::string> SigningKey(const std::string& fresh) override {
    if (Status s = Run("INSERT INTO server_keys(name, value) VALUES('unsubscribe', $1) ON CONFLICT(name) DO NOTHING",
                       {fresh}, "store the signing key", nullptr);
        !s.ok())
      return s;
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT value FROM server_keys WHERE name='unsubscribe'", {});
    if (!rows.ok() || rows.size() != 1) return Failure("read the signing key", rows);
    return rows.Text(0, 0);
  }

 private:
  Status Run(const std::string& sql, const std::vector<std::string>& params, const char* what, int* changed) {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows done = Query(sql, params);
    if (!done.ok()) return Failure(what, done);
    if (changed) *changed = done.affected();
    return Status::Ok();
  }
};

}  // namespace

Result<std::unique_ptr<NotificationStore>> OpenPostgresNotificationStore(const std::string& uri) {
  auto store = std::make_unique<PostgresNotificationStore>(uri);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(RedactedDb(uri) + ": ");
  return std::unique_ptr<NotificationStore>(std::move(store));
}

Result<std::unique_ptr<NotificationStore>> OpenNotificationStore(const std::string& db) {
  return IsPostgresUri(db) ? OpenPostgresNotificationStore(db) : OpenSqliteNotificationStore(db);
}

}  // namespace souk::server::mail
