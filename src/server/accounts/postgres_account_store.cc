// The accounts on PostgreSQL: a libpq connection of their own to the games'
// database, behind a mutex, opened again by the next call once lost.
#include <map>
#include <mutex>

#include "server/accounts/account_store.h"
#include "server/postgres_conn.h"
#include "server/store.h"

namespace souk::server::accounts {
namespace {

constexpr const char* kUniqueViolation = "23505";
constexpr const char* kAccountColumns =
    "SELECT id, coalesce(name, ''), password_hash, created_ms, disabled, deleted_ms FROM accounts ";
constexpr const char* kSessionColumns =
    "SELECT id_hash, account_id, created_ms, last_seen_ms, expires_ms, label FROM sessions ";

StoredAccount AccountOf(const Rows& rows, int r) {
  return {rows.Int(r, 0), rows.Text(r, 1), rows.Text(r, 2), rows.Int(r, 3), rows.Bool(r, 4), rows.Int(r, 5) != 0};
}
StoredSession SessionOf(const Rows& rows, int r) {
  return {rows.Text(r, 0), rows.Int(r, 1), rows.Int(r, 2), rows.Int(r, 3), rows.Int(r, 4), rows.Text(r, 5)};
}

class PostgresAccountStore final : public AccountStore, private PostgresClient {
 public:
  explicit PostgresAccountStore(std::string uri) : PostgresClient(std::move(uri)) {}

  Status Init() {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows tables = Query("SELECT count(*) FROM pg_tables WHERE schemaname=current_schema() AND tablename IN "
                        "('accounts', 'sessions')", {});
    if (!tables.ok()) return Failure("find the accounts tables", tables);
    if (tables.Int(0, 0) != 2)
      return Status::Error("database: no accounts tables (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Result<StoredAccount> CreateAccount(const std::string& name, const std::string& key, const std::string& hash,
                                      int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows insert = Query("INSERT INTO accounts(name, name_key, password_hash, created_ms) VALUES($1, $2, $3, $4) "
                        "RETURNING id", {name, key, hash, std::to_string(now_ms)});
    if (!insert.ok() && insert.SqlState() == kUniqueViolation)
      return Status::Coded(ErrorCode::kNameTaken, "name: taken; choose another");
    if (!insert.ok()) return Failure("create account", insert);
    return StoredAccount{insert.Int(0, 0), name, hash, now_ms, false, false};
  }

  Result<StoredAccount> AccountByKey(const std::string& key) override {
    return OneAccount(std::string(kAccountColumns) + "WHERE name_key=$1", key);
  }

  Result<StoredAccount> AccountById(int64_t id) override {
    return OneAccount(std::string(kAccountColumns) + "WHERE id=$1", std::to_string(id));
  }

  Result<std::vector<StoredAccount>> ListAccounts() override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query(std::string(kAccountColumns) + "ORDER BY id", {});
    if (!rows.ok()) return Failure("list accounts", rows);
    std::vector<StoredAccount> out;
    for (int r = 0; r < rows.size(); ++r) out.push_back(AccountOf(rows, r));
    return out;
  }

  Status SetPasswordHash(int64_t id, const std::string& hash) override {
    return Run("UPDATE accounts SET password_hash=$1 WHERE id=$2 AND deleted_ms=0", {hash, std::to_string(id)},
               "set password", nullptr);
  }

  Status ReplacePasswordHash(int64_t id, const std::string& expected, const std::string& hash) override {
    int changed = 0;
    if (Status s = Run("UPDATE accounts SET password_hash=$1 WHERE id=$2 AND deleted_ms=0 AND password_hash=$3",
                       {hash, std::to_string(id), expected}, "set password", &changed);
        !s.ok())
      return s;
    return changed == 1 ? Status::Ok() : Status::Aborted("the password changed meanwhile");
  }

  Status SetDisabled(int64_t id, bool disabled) override {
    int changed = 0;
    if (Status s = Run("UPDATE accounts SET disabled=$1 WHERE id=$2 AND deleted_ms=0",
                       {disabled ? "true" : "false", std::to_string(id)}, "disable account", &changed);
        !s.ok())
      return s;
    return changed == 1 ? Status::Ok() : Status::NotFound("no such account");
  }

  Status DeleteAccount(int64_t id, int64_t now_ms) override {
    // One statement, one transaction: the sessions and the email address go with the
    // name and hash.
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows erase = Query("WITH gone AS (DELETE FROM sessions WHERE account_id=$2), "
                       "address AS (DELETE FROM email_addresses WHERE account_id=$2), "
                       "lessons AS (DELETE FROM lessons_done WHERE account_id=$2) "
                       "UPDATE accounts SET name=NULL, name_key=NULL, password_hash='', deleted_ms=$1 "
                       "WHERE id=$2 AND deleted_ms=0",
                       {std::to_string(now_ms), std::to_string(id)});
    if (!erase.ok()) return Failure("delete account", erase);
    return erase.affected() == 1 ? Status::Ok() : Status::NotFound("no such account");
  }

  Status CreateSession(const StoredSession& s) override {
    return Run("INSERT INTO sessions(id_hash, account_id, created_ms, last_seen_ms, expires_ms, label) "
               "VALUES($1, $2, $3, $4, $5, $6)",
               {s.id_hash, std::to_string(s.account_id), std::to_string(s.created_ms), std::to_string(s.last_seen_ms),
                std::to_string(s.expires_ms), s.label},
               "create session", nullptr);
  }

  Result<StoredSession> SessionByHash(const std::string& id_hash, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query(std::string(kSessionColumns) + "WHERE id_hash=$1 AND expires_ms>$2", {id_hash, std::to_string(now_ms)});
    if (!rows.ok()) return Failure("find session", rows);
    if (rows.size() == 0) return Status::NotFound("no such session");
    return SessionOf(rows, 0);
  }

  Status TouchSession(const std::string& id_hash, int64_t last_seen_ms, int64_t expires_ms) override {
    return Run("UPDATE sessions SET last_seen_ms=$1, expires_ms=$2 WHERE id_hash=$3",
               {std::to_string(last_seen_ms), std::to_string(expires_ms), id_hash}, "touch session", nullptr);
  }

  Result<std::vector<StoredSession>> SessionsOf(int64_t account_id, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query(std::string(kSessionColumns) +
                          "WHERE account_id=$1 AND expires_ms>$2 ORDER BY last_seen_ms DESC, created_ms DESC",
                      {std::to_string(account_id), std::to_string(now_ms)});
    if (!rows.ok()) return Failure("list sessions", rows);
    std::vector<StoredSession> out;
    for (int r = 0; r < rows.size(); ++r) out.push_back(SessionOf(rows, r));
    return out;
  }

  Status DeleteSession(int64_t account_id, const std::string& prefix) override {
    int changed = 0;
    if (Status s = Run("DELETE FROM sessions WHERE account_id=$1 AND substr(id_hash, 1, $2::integer)=$3",
                       {std::to_string(account_id), std::to_string(prefix.size()), prefix}, "delete session", &changed);
        !s.ok())
      return s;
    return changed > 0 ? Status::Ok() : Status::NotFound("no such session");
  }

  Status DeleteSessions(int64_t account_id, const std::string& keep_hash) override {
    return Run("DELETE FROM sessions WHERE id_hash<>$1 AND account_id=$2", {keep_hash, std::to_string(account_id)},
               "delete sessions", nullptr);
  }

  Status PurgeExpired(int64_t now_ms) override {
    return Run("DELETE FROM sessions WHERE expires_ms<=$1", {std::to_string(now_ms)}, "purge sessions", nullptr);
  }

  Result<std::vector<std::string>> LessonsDone(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows read = Query("SELECT lesson FROM lessons_done WHERE account_id=$1 ORDER BY lesson", {std::to_string(account_id)});
    if (!read.ok()) return Failure("read lessons done", read);
    std::vector<std::string> out;
    for (int r = 0; r < read.size(); ++r) out.push_back(read.Text(r, 0));
    return out;
  }

  Status AddLessonsDone(int64_t account_id, const std::vector<std::string>& lessons, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    if (Status s = Command("BEGIN"); !s.ok()) return s;
    for (const std::string& lesson : lessons) {
      Rows add = Query("INSERT INTO lessons_done(account_id, lesson, done_ms) VALUES($1, $2, $3) "
                       "ON CONFLICT(account_id, lesson) DO NOTHING",
                       {std::to_string(account_id), lesson, std::to_string(now_ms)});
      if (!add.ok()) return Rollback(Failure("add lessons done", add));
    }
    return Command("COMMIT");
  }

  Result<int64_t> CountSignedIn(int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT COUNT(DISTINCT s.account_id) FROM sessions s JOIN accounts a ON a.id=s.account_id "
                      "WHERE s.expires_ms>$1 AND a.deleted_ms=0 AND NOT a.disabled",
                      {std::to_string(now_ms)});
    if (!rows.ok()) return Failure("count signed-in accounts", rows);
    return rows.Int(0, 0);
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

  Result<StoredAccount> OneAccount(const std::string& sql, const std::string& param) {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query(sql, {param});
    if (!rows.ok()) return Failure("find account", rows);
    if (rows.size() == 0) return Status::NotFound("no such account");
    return AccountOf(rows, 0);
  }
};

}  // namespace

Result<std::unique_ptr<AccountStore>> OpenPostgresAccountStore(const std::string& uri) {
  auto store = std::make_unique<PostgresAccountStore>(uri);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(RedactedDb(uri) + ": ");
  return std::unique_ptr<AccountStore>(std::move(store));
}

Result<std::unique_ptr<AccountStore>> OpenAccountStore(const std::string& db) {
  return IsPostgresUri(db) ? OpenPostgresAccountStore(db) : OpenSqliteAccountStore(db);
}

}  // namespace souk::server::accounts
