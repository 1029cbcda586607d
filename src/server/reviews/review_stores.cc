// The reviews' table on SQLite (a connection of its own to the games' file, behind a
// mutex) and on PostgreSQL (a libpq connection of its own, opened again once lost).
#include <sqlite3.h>

#include <mutex>

#include "server/postgres_conn.h"
#include "server/reviews/review_store.h"
#include "server/sqlite_statement.h"
#include "server/store.h"

namespace souk::server::reviews {
namespace {

constexpr const char* kNoTable = "database: no reviews table (the game store opens the database first, and migrates it)";

class SqliteReviewStore final : public ReviewStore {
 public:
  explicit SqliteReviewStore(sqlite3* db) : db_(db) {}
  ~SqliteReviewStore() override { sqlite3_close(db_); }

  Status Init() {
    if (sqlite3_exec(db_, "PRAGMA busy_timeout=5000;", nullptr, nullptr, nullptr) != SQLITE_OK) return Error("configure");
    Statement table(db_, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='reviews'");
    if (table.Step() != SQLITE_ROW || table.Int(0) != 1) return Status::Error(kNoTable);
    return Status::Ok();
  }

  Result<std::optional<std::string>> Get(const std::string& game_id, const std::string& key) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, "SELECT review FROM reviews WHERE game_id=? AND options=?");
    find.Bind(1, game_id).Bind(2, key);
    const int rc = find.Step();
    if (rc == SQLITE_DONE) return std::optional<std::string>();
    if (rc != SQLITE_ROW) return Error("read review");
    return std::optional<std::string>(find.Text(0));
  }

  Status Put(const std::string& game_id, const std::string& key, const std::string& review, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement insert(db_, "INSERT INTO reviews(game_id, options, review, created_ms) VALUES(?, ?, ?, ?) "
                          "ON CONFLICT(game_id, options) DO NOTHING");
    insert.Bind(1, game_id).Bind(2, key).Bind(3, review).Bind(4, now_ms);
    return insert.Step() == SQLITE_DONE ? Status::Ok() : Error("store review");
  }

 private:
  Status Error(const std::string& what) { return Status::Unavailable("database: " + what + ": " + sqlite3_errmsg(db_)); }

  sqlite3* db_;
  std::mutex mutex_;
};

class PostgresReviewStore final : public ReviewStore, private PostgresClient {
 public:
  explicit PostgresReviewStore(std::string uri) : PostgresClient(std::move(uri)) {}

  Status Init() {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows table = Query("SELECT count(*) FROM pg_tables WHERE schemaname=current_schema() AND tablename='reviews'", {});
    if (!table.ok()) return Failure("find the reviews table", table);
    if (table.Int(0, 0) != 1) return Status::Error(kNoTable);
    return Status::Ok();
  }

  Result<std::optional<std::string>> Get(const std::string& game_id, const std::string& key) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT review FROM reviews WHERE game_id=$1 AND options=$2", {game_id, key});
    if (!rows.ok()) return Failure("read review", rows);
    if (rows.size() == 0) return std::optional<std::string>();
    return std::optional<std::string>(rows.Text(0, 0));
  }

  Status Put(const std::string& game_id, const std::string& key, const std::string& review, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows done = Query("INSERT INTO reviews(game_id, options, review, created_ms) VALUES($1, $2, $3, $4) "
                      "ON CONFLICT(game_id, options) DO NOTHING",
                      {game_id, key, review, std::to_string(now_ms)});
    if (!done.ok()) return Failure("store review", done);
    return Status::Ok();
  }
};

Result<std::unique_ptr<ReviewStore>> OpenSqlite(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Status::Error(path + ": " + message);
  }
  auto store = std::make_unique<SqliteReviewStore>(db);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(path + ": ");
  return std::unique_ptr<ReviewStore>(std::move(store));
}

Result<std::unique_ptr<ReviewStore>> OpenPostgres(const std::string& uri) {
  auto store = std::make_unique<PostgresReviewStore>(uri);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(RedactedDb(uri) + ": ");
  return std::unique_ptr<ReviewStore>(std::move(store));
}

}  // namespace

Result<std::unique_ptr<ReviewStore>> OpenReviewStore(const std::string& db) {
  return IsPostgresUri(db) ? OpenPostgres(db) : OpenSqlite(db);
}

}  // namespace souk::server::reviews
