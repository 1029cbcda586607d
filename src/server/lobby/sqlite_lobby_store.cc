// The lobby on SQLite: a connection of its own to the games' database file. A change
// is one BEGIN IMMEDIATE transaction: SQLite has one writer at a time.
#include <sqlite3.h>

#include <mutex>

#include "server/lobby/lobby_store.h"
#include "server/sqlite_statement.h"

namespace souk::server::lobby {

Result<std::unique_ptr<LobbyStore>> OpenSqliteLobbyStore(const std::string& path);

namespace {

constexpr const char* kColumns = "SELECT id, kind, state, doc, expires_ms, updated_ms, version FROM lobby ";

Result<LobbyEntry> EntryOf(const Statement& row) {
  LobbyEntry e;
  e.id = row.Text(0);
  e.kind = row.Text(1);
  e.state = row.Text(2);
  auto doc = ParseJson(row.Text(3));
  if (!doc.ok()) return Status::Internal("lobby entry " + e.id + ": " + doc.message());
  e.doc = std::move(*doc);
  e.expires_ms = row.Int(4);
  e.updated_ms = row.Int(5);
  e.version = row.Int(6);
  if (!WellFormed(e)) return Status::Internal("lobby entry " + e.id + ": not a document this server reads");
  return e;
}

class SqliteLobbyStore final : public LobbyStore {
 public:
  explicit SqliteLobbyStore(sqlite3* db) : db_(db) {}
  ~SqliteLobbyStore() override { sqlite3_close(db_); }

  Status Init() {
    if (sqlite3_exec(db_, "PRAGMA busy_timeout=5000;", nullptr, nullptr, nullptr) != SQLITE_OK) return Error("configure");
    Statement table(db_, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='lobby'");
    if (table.Step() != SQLITE_ROW || table.Int(0) != 1)
      return Status::Error("database: no lobby table (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Status Transact(int64_t now_ms, const std::string& also_id, const Change& change) override {
    std::lock_guard lock(mutex_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return Error("begin");
    Statement forget(db_, "DELETE FROM lobby WHERE state != 'open' AND updated_ms < ?");
    forget.Bind(1, now_ms - kClosedKeptMs);
    if (forget.Step() != SQLITE_DONE) return Rollback(Error("forget closed entries"));
    std::vector<LobbyEntry> open;
    Statement read(db_, (std::string(kColumns) + "WHERE state='open' OR id=? ORDER BY updated_ms, id").c_str());
    read.Bind(1, also_id);
    int rc;
    while ((rc = read.Step()) == SQLITE_ROW) {
      auto entry = EntryOf(read);
      if (entry.ok()) open.push_back(std::move(*entry));  // a malformed row is left alone, never read
    }
    if (rc != SQLITE_DONE) return Rollback(Error("read the lobby"));
    Statement top(db_, "SELECT COALESCE(max(version), 0) FROM lobby");
    if (top.Step() != SQLITE_ROW) return Rollback(Error("read the lobby's version"));
    int64_t version = top.Int(0);
    std::vector<LobbyEntry> writes;
    if (Status s = change(open, writes); !s.ok()) return Rollback(s);
    Statement write(db_,
                    "INSERT INTO lobby(id, kind, state, doc, expires_ms, updated_ms, version) VALUES(?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET state=excluded.state, doc=excluded.doc, "
                    "expires_ms=excluded.expires_ms, updated_ms=excluded.updated_ms, version=excluded.version");
    for (const LobbyEntry& e : writes) {
      write.Reset();
      write.Bind(1, e.id).Bind(2, e.kind).Bind(3, e.state).Bind(4, DumpJson(e.doc, false)).Bind(5, e.expires_ms)
          .Bind(6, now_ms).Bind(7, ++version);
      if (write.Step() != SQLITE_DONE) return Rollback(Error("write lobby entry " + e.id));
    }
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) return Rollback(Error("commit"));
    return Status::Ok();
  }

  Result<std::optional<LobbyEntry>> Get(const std::string& id) override {
    std::lock_guard lock(mutex_);
    Statement read(db_, (std::string(kColumns) + "WHERE id=?").c_str());
    read.Bind(1, id);
    const int rc = read.Step();
    if (rc == SQLITE_DONE) return std::optional<LobbyEntry>();
    if (rc != SQLITE_ROW) return Error("read lobby entry");
    auto entry = EntryOf(read);
    if (!entry.ok()) return entry.status();
    return std::optional<LobbyEntry>(std::move(*entry));
  }

  Result<std::vector<LobbyEntry>> Open(const std::string& kind) override {
    std::lock_guard lock(mutex_);
    Statement read(db_, (std::string(kColumns) + "WHERE state='open' AND kind=? ORDER BY updated_ms, id").c_str());
    read.Bind(1, kind);
    std::vector<LobbyEntry> out;
    int rc;
    while ((rc = read.Step()) == SQLITE_ROW) {
      auto entry = EntryOf(read);
      if (entry.ok()) out.push_back(std::move(*entry));
    }
    if (rc != SQLITE_DONE) return Error("read the lobby");
    return out;
  }

  Result<int64_t> Version() override {
    std::lock_guard lock(mutex_);
    Statement top(db_, "SELECT COALESCE(max(version), 0) FROM lobby");
    if (top.Step() != SQLITE_ROW) return Error("read the lobby's version");
    return top.Int(0);
  }

 private:
  Status Error(const std::string& what) { return Status::Unavailable("database: " + what + ": " + sqlite3_errmsg(db_)); }
  Status Rollback(Status error) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return error;
  }

  sqlite3* db_;
  std::mutex mutex_;
};

}  // namespace

Result<std::unique_ptr<LobbyStore>> OpenSqliteLobbyStore(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Status::Error(path + ": " + message);
  }
  auto store = std::make_unique<SqliteLobbyStore>(db);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(path + ": ");
  return std::unique_ptr<LobbyStore>(std::move(store));
}

}  // namespace souk::server::lobby
