// The blocks' table on SQLite (a connection of its own to the games' file, behind a
// mutex) and on PostgreSQL (a libpq connection of its own, opened again once lost).
#include <sqlite3.h>

#include <mutex>

#include "server/blocks/block_store.h"
#include "server/postgres_conn.h"
#include "server/sqlite_statement.h"
#include "server/store.h"

namespace souk::server::blocks {
namespace {

constexpr const char* kNoTable = "database: no blocks table (the game store opens the database first, and migrates it)";

class SqliteBlockStore final : public BlockStore {
 public:
  explicit SqliteBlockStore(sqlite3* db) : db_(db) {}
  ~SqliteBlockStore() override { sqlite3_close(db_); }

  Status Add(const Block& block) override {
    std::lock_guard lock(mutex_);
    Statement insert(db_, "INSERT INTO blocks(network, reason, created_ms) VALUES(?, ?, ?) "
                          "ON CONFLICT(network) DO UPDATE SET reason=excluded.reason");
    insert.Bind(1, block.network).Bind(2, block.reason).Bind(3, block.created_ms);
    return insert.Step() == SQLITE_DONE ? Status::Ok() : Error("block " + block.network);
  }

  Result<bool> Remove(const std::string& network) override {
    std::lock_guard lock(mutex_);
    Statement remove(db_, "DELETE FROM blocks WHERE network=?");
    remove.Bind(1, network);
    if (remove.Step() != SQLITE_DONE) return Error("unblock " + network);
    return sqlite3_changes(db_) == 1;
  }

  Result<std::vector<Block>> List() override {
    std::lock_guard lock(mutex_);
    Statement all(db_, "SELECT network, reason, created_ms FROM blocks ORDER BY created_ms, network");
    std::vector<Block> out;
    int rc;
    while ((rc = all.Step()) == SQLITE_ROW) out.push_back({all.Text(0), all.Text(1), all.Int(2)});
    if (rc != SQLITE_DONE) return Error("list blocks");
    return out;
  }

 private:
  Status Error(const std::string& what) { return Status::Unavailable("database: " + what + ": " + sqlite3_errmsg(db_)); }

  sqlite3* db_;
  std::mutex mutex_;
};

class PostgresBlockStore final : public BlockStore, private PostgresClient {
 public:
  explicit PostgresBlockStore(std::string uri) : PostgresClient(std::move(uri)) {}

  Status Init() {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows table = Query("SELECT count(*) FROM pg_tables WHERE schemaname=current_schema() AND tablename='blocks'", {});
    if (!table.ok()) return Failure("find the blocks table", table);
    if (table.Int(0, 0) != 1) return Status::Error(kNoTable);
    return Status::Ok();
  }

  Status Add(const Block& block) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows done = Query("INSERT INTO blocks(network, reason, created_ms) VALUES($1, $2, $3) "
                      "ON CONFLICT(network) DO UPDATE SET reason=excluded.reason",
                      {block.network, block.reason, std::to_string(block.created_ms)});
    if (!done.ok()) return Failure("block " + block.network, done);
    return Status::Ok();
  }

  Result<bool> Remove(const std::string& network) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows done = Query("DELETE FROM blocks WHERE network=$1 RETURNING network", {network});
    if (!done.ok()) return Failure("unblock " + network, done);
    return done.size() == 1;
  }

  Result<std::vector<Block>> List() override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows all = Query("SELECT network, reason, created_ms FROM blocks ORDER BY created_ms, network", {});
    if (!all.ok()) return Failure("list blocks", all);
    std::vector<Block> out;
    for (int r = 0; r < all.size(); ++r) out.push_back({all.Text(r, 0), all.Text(r, 1), all.Int(r, 2)});
    return out;
  }
};

Result<std::unique_ptr<BlockStore>> OpenSqlite(const std::string& path) {
  auto db = OpenSqliteConnection(path);
  if (!db.ok()) return db.status();
  auto store = std::make_unique<SqliteBlockStore>(*db);
  if (!SqliteHasTable(*db, "blocks")) return Status::Error(path + ": " + kNoTable);
  return std::unique_ptr<BlockStore>(std::move(store));
}

Result<std::unique_ptr<BlockStore>> OpenPostgres(const std::string& uri) {
  auto store = std::make_unique<PostgresBlockStore>(uri);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(RedactedDb(uri) + ": ");
  return std::unique_ptr<BlockStore>(std::move(store));
}

}  // namespace

Result<std::unique_ptr<BlockStore>> OpenBlockStore(const std::string& db) {
  return IsPostgresUri(db) ? OpenPostgres(db) : OpenSqlite(db);
}

}  // namespace souk::server::blocks
