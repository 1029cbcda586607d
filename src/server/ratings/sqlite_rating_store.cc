// The ratings on SQLite: a connection of their own to the games' database file,
// behind a mutex. A game's update is one BEGIN IMMEDIATE transaction: SQLite has one
// writer at a time, so reading the ratings and writing them back cannot interleave
// with another update, from this connection or another.
#include <sqlite3.h>

#include <mutex>
#include <stdexcept>

#include "server/ratings/rating_store.h"
#include "server/sqlite_statement.h"

namespace souk::server::ratings {

Result<std::unique_ptr<RatingStore>> OpenSqliteRatingStore(const std::string& path);

namespace {

constexpr const char* kRatingColumns =
    "SELECT account_id, pool, rating, deviation, volatility, games, wins, losses, draws, updated_ms FROM ratings ";

StoredRating RatingOf(const Statement& row, int first = 0) {
  StoredRating r;
  r.account_id = row.Int(first);
  r.pool = row.Text(first + 1);
  r.rating = row.Double(first + 2);
  r.deviation = row.Double(first + 3);
  r.volatility = row.Double(first + 4);
  r.games = row.Int(first + 5);
  r.wins = row.Int(first + 6);
  r.losses = row.Int(first + 7);
  r.draws = row.Int(first + 8);
  r.updated_ms = row.Int(first + 9);
  return r;
}

class SqliteRatingStore final : public RatingStore {
 public:
  explicit SqliteRatingStore(sqlite3* db) : db_(db) {}
  ~SqliteRatingStore() override { sqlite3_close(db_); }

  Status Init() {
    if (sqlite3_exec(db_, "PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;", nullptr, nullptr, nullptr) != SQLITE_OK)
      return Error("configure");
    Statement tables(db_, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN ('ratings', 'rating_history')");
    if (tables.Step() != SQLITE_ROW || tables.Int(0) != 2)
      return Status::Error("database: no rating tables (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Result<bool> ApplyGame(const std::string& game_id, const std::string& pool, const std::vector<int64_t>& account_ids,
                         int64_t now_ms, const RateFn& rate) override {
    std::lock_guard lock(mutex_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return Error("begin");
    Statement applied(db_, "SELECT 1 FROM rating_history WHERE game_id=? LIMIT 1");
    applied.Bind(1, game_id);
    const int seen = applied.Step();
    if (seen == SQLITE_ROW) return Rollback(false);
    if (seen != SQLITE_DONE) return Rollback(Error("rate game " + game_id));
    std::vector<StoredRating> before;
    for (int64_t id : account_ids) {
      Statement find(db_, (std::string(kRatingColumns) + "WHERE account_id=? AND pool=?").c_str());
      find.Bind(1, id).Bind(2, pool);
      StoredRating r;
      r.account_id = id;
      r.pool = pool;
      if (find.Step() == SQLITE_ROW) r = RatingOf(find);
      before.push_back(r);
    }
    auto after = RateInTransaction(rate, before, game_id);
    if (!after.ok()) return Rollback(after.status());
    for (const StoredRating& r : *after) {
      Statement write(db_, "INSERT INTO ratings(account_id, pool, rating, deviation, volatility, games, wins, losses, "
                           "draws, updated_ms) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(account_id, pool) DO UPDATE "
                           "SET rating=excluded.rating, deviation=excluded.deviation, volatility=excluded.volatility, "
                           "games=excluded.games, wins=excluded.wins, losses=excluded.losses, draws=excluded.draws, "
                           "updated_ms=excluded.updated_ms");
      write.Bind(1, r.account_id).Bind(2, pool).Bind(3, r.rating).Bind(4, r.deviation).Bind(5, r.volatility)
          .Bind(6, r.games).Bind(7, r.wins).Bind(8, r.losses).Bind(9, r.draws).Bind(10, now_ms);
      if (write.Step() != SQLITE_DONE) return Rollback(Error("rate game " + game_id));
      Statement point(db_, "INSERT INTO rating_history(game_id, account_id, pool, at_ms, rating, deviation) "
                           "VALUES(?, ?, ?, ?, ?, ?)");
      point.Bind(1, game_id).Bind(2, r.account_id).Bind(3, pool).Bind(4, now_ms).Bind(5, r.rating).Bind(6, r.deviation);
      if (point.Step() != SQLITE_DONE) return Rollback(Error("rate game " + game_id));
    }
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) return Rollback(Error("commit"));
    return true;
  }

  Result<std::vector<StoredRating>> RatingsOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, (std::string(kRatingColumns) + "WHERE account_id=? ORDER BY pool").c_str());
    find.Bind(1, account_id);
    std::vector<StoredRating> out;
    int rc;
    while ((rc = find.Step()) == SQLITE_ROW) out.push_back(RatingOf(find));
    if (rc != SQLITE_DONE) return Error("ratings of an account");
    return out;
  }

  Result<std::vector<RatingPoint>> HistoryOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, "SELECT pool, game_id, at_ms, rating, deviation FROM rating_history WHERE account_id=? "
                        "ORDER BY at_ms, rowid");
    find.Bind(1, account_id);
    std::vector<RatingPoint> out;
    int rc;
    while ((rc = find.Step()) == SQLITE_ROW)
      out.push_back({find.Text(0), find.Text(1), find.Int(2), find.Double(3), find.Double(4)});
    if (rc != SQLITE_DONE) return Error("rating history of an account");
    return out;
  }

  Result<std::vector<std::pair<std::string, StoredRating>>> Ranked(const std::string& pool, double max_deviation) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, "SELECT a.name, r.account_id, r.pool, r.rating, r.deviation, r.volatility, r.games, r.wins, "
                        "r.losses, r.draws, r.updated_ms FROM ratings r JOIN accounts a ON a.id=r.account_id "
                        "WHERE r.pool=? AND r.deviation<=? AND a.name IS NOT NULL ORDER BY r.rating DESC, a.id");
    find.Bind(1, pool).Bind(2, max_deviation);
    std::vector<std::pair<std::string, StoredRating>> out;
    int rc;
    while ((rc = find.Step()) == SQLITE_ROW) out.emplace_back(find.Text(0), RatingOf(find, 1));
    if (rc != SQLITE_DONE) return Error("leaderboard");
    return out;
  }

  Result<std::vector<std::string>> GamesOf(int64_t account_id, bool finished, int limit) override {
    std::lock_guard lock(mutex_);
    Statement find(db_, "SELECT g.id FROM games g WHERE g.id IN (SELECT game_id FROM seats WHERE account_id=?) "
                        "AND (g.finished != 0 OR g.abandoned != 0) = ? ORDER BY g.updated_ms DESC, g.id LIMIT ?");
    find.Bind(1, account_id).Bind(2, int64_t{finished}).Bind(3, int64_t{limit});
    std::vector<std::string> out;
    int rc;
    while ((rc = find.Step()) == SQLITE_ROW) out.push_back(find.Text(0));
    if (rc != SQLITE_DONE) return Error("games of an account");
    return out;
  }

 private:
  Status Error(const std::string& what) { return Status::Unavailable("database: " + what + ": " + sqlite3_errmsg(db_)); }
  template <typename T>
  Result<T> Rollback(T value) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return value;
  }
  Status Rollback(Status error) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return error;
  }

  sqlite3* db_;
  std::mutex mutex_;
};

}  // namespace

Result<std::unique_ptr<RatingStore>> OpenSqliteRatingStore(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Status::Error(path + ": " + message);
  }
  auto store = std::make_unique<SqliteRatingStore>(db);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(path + ": ");
  return std::unique_ptr<RatingStore>(std::move(store));
}

}  // namespace souk::server::ratings
