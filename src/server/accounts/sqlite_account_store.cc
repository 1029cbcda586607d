// The accounts on SQLite: a connection of their own to the games' database file,
// behind a mutex (WAL lets it write beside the game store's). secure_delete: what
// a deletion erases is overwritten in the file, not left in free pages.
#include <sqlite3.h>

#include <mutex>

#include "server/accounts/account_store.h"
#include "server/sqlite_statement.h"

namespace souk::server::accounts {
namespace {

constexpr const char* kAccountColumns =
    "SELECT id, coalesce(name, ''), password_hash, created_ms, disabled, deleted_ms FROM accounts ";
constexpr const char* kSessionColumns =
    "SELECT id_hash, account_id, created_ms, last_seen_ms, expires_ms, label FROM sessions ";

StoredAccount AccountOf(const Statement& row) {
  return {row.Int(0), row.Text(1), row.Text(2), row.Int(3), row.Int(4) != 0, row.Int(5) != 0};
}
StoredSession SessionOf(const Statement& row) {
  return {row.Text(0), row.Int(1), row.Int(2), row.Int(3), row.Int(4), row.Text(5)};
}

class SqliteAccountStore final : public AccountStore {
 public:
  explicit SqliteAccountStore(sqlite3* db) : db_(db) {}
  ~SqliteAccountStore() override { sqlite3_close(db_); }

  Status Init() {
    if (sqlite3_exec(db_, "PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000; PRAGMA secure_delete=ON;", nullptr,
                     nullptr, nullptr) != SQLITE_OK)
      return Error("configure");
    Statement tables(db_, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN ('accounts', 'sessions')");
    if (tables.Step() != SQLITE_ROW || tables.Int(0) != 2)
      return Status::Error("database: no accounts tables (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Result<StoredAccount> CreateAccount(const std::string& name, const std::string& key, const std::string& hash,
                                      int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement insert(db_, "INSERT INTO accounts(name, name_key, password_hash, created_ms) VALUES(?, ?, ?, ?)");
    insert.Bind(1, name).Bind(2, key).Bind(3, hash).Bind(4, now_ms);
    const int rc = insert.Step();
    if (rc == SQLITE_CONSTRAINT) return Status::Coded(ErrorCode::kNameTaken, "name: taken; choose another");
    if (rc != SQLITE_DONE) return Error("create account");
    return StoredAccount{sqlite3_last_insert_rowid(db_), name, hash, now_ms, false, false};
  }

  Result<StoredAccount> AccountByKey(const std::string& key) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, (std::string(kAccountColumns) + "WHERE name_key=?").c_str());
    find.Bind(1, key);
    return One(find);
  }

  Result<StoredAccount> AccountById(int64_t id) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, (std::string(kAccountColumns) + "WHERE id=?").c_str());
    find.Bind(1, id);
    return One(find);
  }

  Result<std::vector<StoredAccount>> ListAccounts() override {
    std::lock_guard lock(mutex_);
    Statement list(db_, (std::string(kAccountColumns) + "ORDER BY id").c_str());
    std::vector<StoredAccount> out;
    int rc;
    while ((rc = list.Step()) == SQLITE_ROW) out.push_back(AccountOf(list));
    if (rc != SQLITE_DONE) return Error("list accounts");
    return out;
  }

  Status SetPasswordHash(int64_t id, const std::string& hash) override {
    return Change("UPDATE accounts SET password_hash=? WHERE id=? AND deleted_ms=0", hash, id, "set password");
  }

  Status ReplacePasswordHash(int64_t id, const std::string& expected, const std::string& hash) override {
    std::lock_guard lock(mutex_);
    Statement update(db_, "UPDATE accounts SET password_hash=? WHERE id=? AND deleted_ms=0 AND password_hash=?");
    update.Bind(1, hash).Bind(2, id).Bind(3, expected);
    if (update.Step() != SQLITE_DONE) return Error("set password");
    return sqlite3_changes(db_) == 1 ? Status::Ok() : Status::Aborted("the password changed meanwhile");
  }

  Status SetDisabled(int64_t id, bool disabled) override {
    std::lock_guard lock(mutex_);
    Statement update(db_, "UPDATE accounts SET disabled=? WHERE id=? AND deleted_ms=0");
    update.Bind(1, int64_t{disabled}).Bind(2, id);
    if (update.Step() != SQLITE_DONE) return Error("disable account");
    return sqlite3_changes(db_) == 1 ? Status::Ok() : Status::NotFound("no such account");
  }

  Status DeleteAccount(int64_t id, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return Error("delete account");
    Statement sessions(db_, "DELETE FROM sessions WHERE account_id=?");
    sessions.Bind(1, id);
    // Its email address goes too (docs/notifications.md).
    Statement address(db_, "DELETE FROM email_addresses WHERE account_id=?");
    address.Bind(1, id);
    Statement lessons(db_, "DELETE FROM lessons_done WHERE account_id=?");
    lessons.Bind(1, id);
    Statement erase(db_, "UPDATE accounts SET name=NULL, name_key=NULL, password_hash='', deleted_ms=? "
                    "WHERE id=? AND deleted_ms=0");
    erase.Bind(1, now_ms).Bind(2, id);
    if (sessions.Step() != SQLITE_DONE || address.Step() != SQLITE_DONE || lessons.Step() != SQLITE_DONE ||
        erase.Step() != SQLITE_DONE) {
      Status failed = Error("delete account");
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      return failed;
    }
    const bool erased = sqlite3_changes(db_) == 1;
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
      Status failed = Error("delete account");
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      return failed;
    }
    // The pages that held the name and hash before are still in the write-ahead log
    // until it is checkpointed: copied back now and the log emptied, so that deletion
    // leaves nothing of them in any file (best effort: a reader still on an old
    // snapshot holds the log back until the next checkpoint).
    if (erased) sqlite3_exec(db_, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
    return erased ? Status::Ok() : Status::NotFound("no such account");
  }

  Status CreateSession(const StoredSession& s) override {
    std::lock_guard lock(mutex_);
    Statement insert(db_, "INSERT INTO sessions(id_hash, account_id, created_ms, last_seen_ms, expires_ms, label) "
                     "VALUES(?, ?, ?, ?, ?, ?)");
    insert.Bind(1, s.id_hash).Bind(2, s.account_id).Bind(3, s.created_ms).Bind(4, s.last_seen_ms).Bind(5, s.expires_ms)
        .Bind(6, s.label);
    return insert.Step() == SQLITE_DONE ? Status::Ok() : Error("create session");
  }

  Result<StoredSession> SessionByHash(const std::string& id_hash, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, (std::string(kSessionColumns) + "WHERE id_hash=? AND expires_ms>?").c_str());
    find.Bind(1, id_hash).Bind(2, now_ms);
    const int rc = find.Step();
    if (rc == SQLITE_DONE) return Status::NotFound("no such session");
    if (rc != SQLITE_ROW) return Error("find session");
    return SessionOf(find);
  }

  Status TouchSession(const std::string& id_hash, int64_t last_seen_ms, int64_t expires_ms) override {
    std::lock_guard lock(mutex_);
    Statement update(db_, "UPDATE sessions SET last_seen_ms=?, expires_ms=? WHERE id_hash=?");
    update.Bind(1, last_seen_ms).Bind(2, expires_ms).Bind(3, id_hash);
    return update.Step() == SQLITE_DONE ? Status::Ok() : Error("touch session");
  }

  Result<std::vector<StoredSession>> SessionsOf(int64_t account_id, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement list(db_, (std::string(kSessionColumns) +
                    "WHERE account_id=? AND expires_ms>? ORDER BY last_seen_ms DESC, created_ms DESC").c_str());
    list.Bind(1, account_id).Bind(2, now_ms);
    std::vector<StoredSession> out;
    int rc;
    while ((rc = list.Step()) == SQLITE_ROW) out.push_back(SessionOf(list));
    if (rc != SQLITE_DONE) return Error("list sessions");
    return out;
  }

  Status DeleteSession(int64_t account_id, const std::string& prefix) override {
    std::lock_guard lock(mutex_);
    Statement erase(db_, "DELETE FROM sessions WHERE account_id=? AND substr(id_hash, 1, ?)=?");
    erase.Bind(1, account_id).Bind(2, static_cast<int64_t>(prefix.size())).Bind(3, prefix);
    if (erase.Step() != SQLITE_DONE) return Error("delete session");
    return sqlite3_changes(db_) > 0 ? Status::Ok() : Status::NotFound("no such session");
  }

  Status DeleteSessions(int64_t account_id, const std::string& keep_hash) override {
    return Change("DELETE FROM sessions WHERE id_hash<>? AND account_id=?", keep_hash, account_id, "delete sessions");
  }

  Status PurgeExpired(int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement erase(db_, "DELETE FROM sessions WHERE expires_ms<=?");
    erase.Bind(1, now_ms);
    return erase.Step() == SQLITE_DONE ? Status::Ok() : Error("purge sessions");
  }

  Result<std::vector<std::string>> LessonsDone(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    Statement read(db_, "SELECT lesson FROM lessons_done WHERE account_id=? ORDER BY lesson");
    read.Bind(1, account_id);
    std::vector<std::string> out;
    int rc;
    while ((rc = read.Step()) == SQLITE_ROW) out.push_back(read.Text(0));
    if (rc != SQLITE_DONE) return Error("read lessons done");
    return out;
  }

  Status AddLessonsDone(int64_t account_id, const std::vector<std::string>& lessons, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return Error("add lessons done");
    Statement add(db_, "INSERT INTO lessons_done(account_id, lesson, done_ms) VALUES(?, ?, ?) "
                       "ON CONFLICT(account_id, lesson) DO NOTHING");
    for (const std::string& lesson : lessons) {
      add.Reset();
      add.Bind(1, account_id).Bind(2, lesson).Bind(3, now_ms);
      if (add.Step() != SQLITE_DONE) {
        Status failed = Error("add lessons done");
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        return failed;
      }
    }
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
      Status failed = Error("add lessons done");
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      return failed;
    }
    return Status::Ok();
  }

  Result<int64_t> CountSignedIn(int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement count(db_, "SELECT COUNT(DISTINCT s.account_id) FROM sessions s JOIN accounts a ON a.id=s.account_id "
                    "WHERE s.expires_ms>? AND a.deleted_ms=0 AND a.disabled=0");
    count.Bind(1, now_ms);
    if (count.Step() != SQLITE_ROW) return Error("count signed-in accounts");
    return count.Int(0);
  }

 private:
  Status Error(const std::string& what) { return Status::Unavailable("database: " + what + ": " + sqlite3_errmsg(db_)); }

  Status Change(const char* sql, const std::string& text, int64_t id, const char* what) {
    std::lock_guard lock(mutex_);
    Statement change(db_, sql);
    change.Bind(1, text).Bind(2, id);
    return change.Step() == SQLITE_DONE ? Status::Ok() : Error(what);
  }

  Result<StoredAccount> One(Statement& find) {
    const int rc = find.Step();
    if (rc == SQLITE_DONE) return Status::NotFound("no such account");
    if (rc != SQLITE_ROW) return Error("find account");
    return AccountOf(find);
  }

  sqlite3* db_;
  std::mutex mutex_;
};

}  // namespace

Result<std::unique_ptr<AccountStore>> OpenSqliteAccountStore(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Status::Error(path + ": " + message);
  }
  auto store = std::make_unique<SqliteAccountStore>(db);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(path + ": ");
  return std::unique_ptr<AccountStore>(std::move(store));
}

}  // namespace souk::server::accounts
