// The ratings on PostgreSQL: a libpq connection of their own to the games' database,
// behind a mutex, opened again by the next call once lost. Several instances may end
// games of the same players at once: a game's update locks its players' rating rows
// (SELECT … FOR UPDATE, in the order of their ids, so that two updates never wait on
// each other), then reads whether the game was applied, and the ratings, as the
// previous update committed them.
#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>

#include "server/postgres_conn.h"
#include "server/ratings/rating_store.h"
#include "server/store.h"

namespace souk::server::ratings {

Result<std::unique_ptr<RatingStore>> OpenSqliteRatingStore(const std::string& path);

namespace {

constexpr const char* kUniqueViolation = "23505";
constexpr const char* kRatingColumns =
    "SELECT account_id, pool, rating, deviation, volatility, games, wins, losses, draws, updated_ms FROM ratings ";

StoredRating RatingOf(const Rows& rows, int r, int first = 0) {
  StoredRating out;
  out.account_id = rows.Int(r, first);
  out.pool = rows.Text(r, first + 1);
  out.rating = rows.Double(r, first + 2);
  out.deviation = rows.Double(r, first + 3);
  out.volatility = rows.Double(r, first + 4);
  out.games = rows.Int(r, first + 5);
  out.wins = rows.Int(r, first + 6);
  out.losses = rows.Int(r, first + 7);
  out.draws = rows.Int(r, first + 8);
  out.updated_ms = rows.Int(r, first + 9);
  return out;
}

// A double as text that reads back exactly.
std::string Exact(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

std::string IdArray(std::vector<int64_t> ids) {
  std::sort(ids.begin(), ids.end());
  std::string array = "{";
  for (int64_t id : ids) {
    if (array.size() > 1) array += ',';
    array += std::to_string(id);
  }
  array += '}';
  return array;
}

class PostgresRatingStore final : public RatingStore, private PostgresClient {
 public:
  explicit PostgresRatingStore(std::string uri) : PostgresClient(std::move(uri)) {}

  Status Init() {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows tables = Query("SELECT count(*) FROM pg_tables WHERE schemaname=current_schema() AND tablename IN "
                        "('ratings', 'rating_history')", {});
    if (!tables.ok()) return Failure("find the rating tables", tables);
    if (tables.Int(0, 0) != 2)
      return Status::Error("database: no rating tables (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Result<bool> ApplyGame(const std::string& game_id, const std::string& pool, const std::vector<int64_t>& account_ids,
                         int64_t now_ms, const RateFn& rate) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    if (Status s = Command("BEGIN"); !s.ok()) return s;
    const std::string ids = IdArray(account_ids);
    const StoredRating fresh;
    // Every row there first (a new player's, as a newcomer), so that each can be locked.
    Rows made = Query("INSERT INTO ratings(account_id, pool, rating, deviation, volatility, updated_ms) "
                      "SELECT id, $2, $3, $4, $5, 0 FROM unnest($1::bigint[]) AS id ORDER BY id "
                      "ON CONFLICT(account_id, pool) DO NOTHING",
                      {ids, pool, Exact(fresh.rating), Exact(fresh.deviation), Exact(fresh.volatility)});
    if (!made.ok()) return Rollback(Failure("rate game " + game_id, made));
    Rows locked = Query(std::string(kRatingColumns) + "WHERE pool=$2 AND account_id=ANY($1::bigint[]) "
                        "ORDER BY account_id FOR UPDATE", {ids, pool});
    if (!locked.ok()) return Rollback(Failure("rate game " + game_id, locked));
    // Under the locks: a game another instance applied meanwhile is seen now.
    Rows applied = Query("SELECT 1 FROM rating_history WHERE game_id=$1 LIMIT 1", {game_id});
    if (!applied.ok()) return Rollback(Failure("rate game " + game_id, applied));
    if (applied.size() > 0) return Rollback(false);
    std::map<int64_t, StoredRating> by_id;
    for (int r = 0; r < locked.size(); ++r) by_id[locked.Int(r, 0)] = RatingOf(locked, r);
    std::vector<StoredRating> before;
    for (int64_t id : account_ids) before.push_back(by_id[id]);
    auto after = RateInTransaction(rate, before, game_id);
    if (!after.ok()) return Rollback(after.status());
    for (const StoredRating& r : *after) {
      Rows write = Query("UPDATE ratings SET rating=$3, deviation=$4, volatility=$5, games=$6, wins=$7, losses=$8, "
                         "draws=$9, updated_ms=$10 WHERE account_id=$1 AND pool=$2",
                         {std::to_string(r.account_id), pool, Exact(r.rating), Exact(r.deviation), Exact(r.volatility),
                          std::to_string(r.games), std::to_string(r.wins), std::to_string(r.losses),
                          std::to_string(r.draws), std::to_string(now_ms)});
      if (!write.ok()) return Rollback(Failure("rate game " + game_id, write));
      Rows point = Query("INSERT INTO rating_history(game_id, account_id, pool, at_ms, rating, deviation) "
                         "VALUES($1, $2, $3, $4, $5, $6)",
                         {game_id, std::to_string(r.account_id), pool, std::to_string(now_ms), Exact(r.rating),
                          Exact(r.deviation)});
      if (!point.ok() && point.SqlState() == kUniqueViolation) return Rollback(false);
      if (!point.ok()) return Rollback(Failure("rate game " + game_id, point));
    }
    if (Status s = Command("COMMIT"); !s.ok()) return s;
    return true;
  }

  Result<std::vector<StoredRating>> RatingsOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query(std::string(kRatingColumns) + "WHERE account_id=$1 ORDER BY pool",
                      {std::to_string(account_id)});
    if (!rows.ok()) return Failure("ratings of an account", rows);
    std::vector<StoredRating> out;
    for (int r = 0; r < rows.size(); ++r) out.push_back(RatingOf(rows, r));
    return out;
  }

  Result<std::vector<RatingPoint>> HistoryOf(int64_t account_id) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT pool, game_id, at_ms, rating, deviation FROM rating_history WHERE account_id=$1 "
                      "ORDER BY at_ms, game_id", {std::to_string(account_id)});
    if (!rows.ok()) return Failure("rating history of an account", rows);
    std::vector<RatingPoint> out;
    for (int r = 0; r < rows.size(); ++r)
      out.push_back({rows.Text(r, 0), rows.Text(r, 1), rows.Int(r, 2), rows.Double(r, 3), rows.Double(r, 4)});
    return out;
  }

  Result<std::vector<std::pair<std::string, StoredRating>>> Ranked(const std::string& pool, double max_deviation) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT a.name, r.account_id, r.pool, r.rating, r.deviation, r.volatility, r.games, r.wins, "
                      "r.losses, r.draws, r.updated_ms FROM ratings r JOIN accounts a ON a.id=r.account_id "
                      "WHERE r.pool=$1 AND r.deviation<=$2 AND a.name IS NOT NULL "
                      "ORDER BY r.rating DESC, a.id", {pool, Exact(max_deviation)});
    if (!rows.ok()) return Failure("leaderboard", rows);
    std::vector<std::pair<std::string, StoredRating>> out;
    for (int r = 0; r < rows.size(); ++r) out.emplace_back(rows.Text(r, 0), RatingOf(rows, r, 1));
    return out;
  }

  Result<std::vector<std::string>> GamesOf(int64_t account_id, bool finished, int limit) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows rows = Query("SELECT g.id FROM games g WHERE g.id IN (SELECT game_id FROM seats WHERE account_id=$1) "
                      "AND (g.finished OR g.abandoned) = $2 ORDER BY g.updated_ms DESC, g.id LIMIT $3",
                      {std::to_string(account_id), finished ? "true" : "false", std::to_string(limit)});
    if (!rows.ok()) return Failure("games of an account", rows);
    std::vector<std::string> out;
    for (int r = 0; r < rows.size(); ++r) out.push_back(rows.Text(r, 0));
    return out;
  }

 private:
  using PostgresClient::Rollback;
  // Ends the transaction in progress; returns `value`.
  template <typename T>
  Result<T> Rollback(T value) {
    (void)Rollback(Status::Ok());
    return value;
  }
};

}  // namespace

Result<std::unique_ptr<RatingStore>> OpenRatingStore(const std::string& db) {
  if (!IsPostgresUri(db)) return OpenSqliteRatingStore(db);
  auto store = std::make_unique<PostgresRatingStore>(db);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(RedactedDb(db) + ": ");
  return std::unique_ptr<RatingStore>(std::move(store));
}

}  // namespace souk::server::ratings
