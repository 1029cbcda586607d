// The SQLite store: one connection behind a mutex (SQLite serialises writers
// anyway), prepared statements, one transaction per write.
#include <sqlite3.h>

#include <array>
#include <iterator>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "format/record.h"
#include "server/sqlite_statement.h"
#include "server/store.h"

namespace souk::server {
namespace {

// The schema a new database gets, at kSchemaVersion; an older database is brought
// to it by kMigrations, each in one transaction with the version it leads to.
constexpr int kSchemaVersion = 11;

constexpr const char* kMeta = "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)";

constexpr const char* kSchema = R"sql(
CREATE TABLE games(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  seed TEXT NOT NULL,          -- decimal: a uint64 does not fit SQLite's int64
  players INTEGER NOT NULL,
  variant TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  move_count INTEGER NOT NULL DEFAULT 0,
  finished INTEGER NOT NULL DEFAULT 0,
  client TEXT NOT NULL DEFAULT '',
  abandoned INTEGER NOT NULL DEFAULT 0,
  rated INTEGER NOT NULL DEFAULT 0,
  clock_base_ms INTEGER NOT NULL DEFAULT 0,
  clock_increment_ms INTEGER NOT NULL DEFAULT 0,
  clock_per_move_ms INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seats(
  game_id TEXT NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL,
  player TEXT NOT NULL,
  token_hash TEXT NOT NULL DEFAULT '',
  invite_hash TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  account_id INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY(game_id, seat));
CREATE INDEX seats_by_token ON seats(token_hash) WHERE token_hash != '';
CREATE INDEX seats_by_account ON seats(account_id) WHERE account_id != 0;
CREATE TABLE moves(
  game_id TEXT NOT NULL REFERENCES games(id),
  idx INTEGER NOT NULL,
  move TEXT NOT NULL,
  at_ms INTEGER NOT NULL DEFAULT 0,  -- when the server received it: the clocks replay from it
  PRIMARY KEY(game_id, idx));
)sql";

// Accounts and their sessions (src/server/accounts/, docs/accounts.md): a deleted
// account keeps its row, without name or hash, as the tombstone its games may name.
constexpr const char* kAccountTables = R"sql(
CREATE TABLE accounts(
  id INTEGER PRIMARY KEY,
  name TEXT,                   -- NULL once deleted
  name_key TEXT UNIQUE,        -- the name lower-cased; NULL once deleted
  password_hash TEXT NOT NULL DEFAULT '',
  created_ms INTEGER NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  deleted_ms INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sessions(
  id_hash TEXT PRIMARY KEY,    -- hex SHA-256 of the cookie's value
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_ms INTEGER NOT NULL,
  last_seen_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  label TEXT NOT NULL DEFAULT '');
CREATE INDEX sessions_by_account ON sessions(account_id);
)sql";

// Ratings (docs/ratings.md): an account's rating in each pool it has played, and the
// rating after each rated game; a game is applied to an account once (the unique key).
constexpr const char* kRatingTables = R"sql(
CREATE TABLE ratings(
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  pool TEXT NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  wins INTEGER NOT NULL DEFAULT 0,
  losses INTEGER NOT NULL DEFAULT 0,
  draws INTEGER NOT NULL DEFAULT 0,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY(account_id, pool));
CREATE INDEX ratings_by_pool ON ratings(pool, rating);
CREATE TABLE rating_history(
  game_id TEXT NOT NULL REFERENCES games(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  pool TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  UNIQUE(game_id, account_id));
CREATE INDEX rating_history_by_account ON rating_history(account_id, pool, at_ms);
)sql";

// The email notifications (src/server/mail/, docs/notifications.md): an account's
// address with its pending verification (the token's hash only), its settings, when
// each game last mailed each account (one email per interval, whichever instance
// sends it), and the key that signs unsubscribe links, made once for every instance.
constexpr const char* kNotificationTables = R"sql(
CREATE TABLE email_addresses(
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
  address TEXT NOT NULL,
  verified_ms INTEGER NOT NULL DEFAULT 0,       -- 0: not verified yet
  token_hash TEXT NOT NULL DEFAULT '',          -- hex SHA-256 of the verification link's token
  token_expires_ms INTEGER NOT NULL DEFAULT 0,
  added_ms INTEGER NOT NULL);
CREATE INDEX email_addresses_by_token ON email_addresses(token_hash) WHERE token_hash != '';
CREATE TABLE notification_settings(
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
  email_your_turn INTEGER NOT NULL DEFAULT 1);
CREATE TABLE turn_emails(
  game_id TEXT NOT NULL,
  account_id INTEGER NOT NULL,
  sent_ms INTEGER NOT NULL,
  PRIMARY KEY(game_id, account_id));
CREATE TABLE server_keys(
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL);
)sql";

// Invitations (a rematch offered) mailed too, unless the account turned them off.
constexpr const char* kInvitationSetting =
    "ALTER TABLE notification_settings ADD COLUMN email_invitations INTEGER NOT NULL DEFAULT 1";

// Finished games' reviews (reviews/review_store.h, docs/review.md), computed once, by
// the options they were computed with.
constexpr const char* kReviewTable = R"sql(
CREATE TABLE reviews(
  game_id TEXT NOT NULL,
  options TEXT NOT NULL,
  review TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  PRIMARY KEY(game_id, options));
)sql";

// The client addresses the operator blocked (blocks/block_store.h, `souk admin block`).
constexpr const char* kBlockTable = R"sql(
CREATE TABLE blocks(
  network TEXT PRIMARY KEY,
  reason TEXT NOT NULL DEFAULT '',
  created_ms INTEGER NOT NULL);
)sql";

// The lessons each account has done (docs/lessons.md), as "game/lesson".
constexpr const char* kLessonsDoneTable = R"sql(
CREATE TABLE lessons_done(
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  lesson TEXT NOT NULL,
  done_ms INTEGER NOT NULL,
  PRIMARY KEY(account_id, lesson));
)sql";

constexpr const char* kClockColumns =
    "ALTER TABLE games ADD COLUMN clock_base_ms INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN clock_per_move_ms INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE moves ADD COLUMN at_ms INTEGER NOT NULL DEFAULT 0;";

// The lobby's open tables and quick-play requests (lobby/lobby_store.h), each a JSON
// document changed under one lock.
constexpr const char* kLobbyTable = R"sql(
CREATE TABLE lobby(
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  state TEXT NOT NULL,
  doc TEXT NOT NULL,
  expires_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  version INTEGER NOT NULL);
CREATE INDEX lobby_open ON lobby(kind) WHERE state = 'open';
CREATE INDEX lobby_version ON lobby(version);
)sql";

// kMigrations[i] takes a database of version i + 1 to version i + 2: its SQL texts
// in order (a null one is none).
constexpr const char* kMigrations[][2] = {
    // 2: the creator's address, so that a restart keeps counting games by it.
    {"ALTER TABLE games ADD COLUMN client TEXT NOT NULL DEFAULT ''", nullptr},
    // 3: games abandoned, kept but never played again.
    {"ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0", nullptr},
    // 4: accounts and their sessions.
    {kAccountTables, nullptr},
    // 5: the accounts that hold seats, rated games, and the ratings.
    {"ALTER TABLE seats ADD COLUMN account_id INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;"
     "CREATE INDEX seats_by_account ON seats(account_id) WHERE account_id != 0;",
     kRatingTables},
    // 6: time controls, and when each move arrived (the clocks, docs/clocks.md).
    {kClockColumns, nullptr},
    // 7: the lobby.
    {kLobbyTable, nullptr},
    // 8: the email notifications.
    {kNotificationTables, nullptr},
    // 9: the setting for invitation emails, and the games' reviews.
    {kInvitationSetting, kReviewTable},
    // 10: the client addresses the operator blocked.
    {kBlockTable, nullptr},
    // 11: the lessons each account has done.
    {kLessonsDoneTable, nullptr},
};
static_assert(std::size(kMigrations) == kSchemaVersion - 1);

class SqliteStore final : public Store {
 public:
  SqliteStore(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  ~SqliteStore() override {
    if (checkpointer_.joinable()) {
      {
        std::lock_guard lock(checkpoint_mutex_);
        stopping_ = true;
      }
      checkpoint_wake_.notify_all();
      checkpointer_.join();
    }
    for (auto& statement : cached_) statement.reset();  // finalised before the connection closes
    sqlite3_close(db_);
  }

  Status Init(bool synchronous_full) {
    std::string pragmas = "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000; PRAGMA synchronous=";
    pragmas += synchronous_full ? "FULL;" : "NORMAL;";
    if (Status s = Exec(pragmas); !s.ok()) return s;
    if (Status s = Exec(kMeta); !s.ok()) return s;
    std::string version;
    {
      Statement read(db_, "SELECT value FROM meta WHERE key='schema'");
      if (read.Step() == SQLITE_ROW) version = read.Text(0);
    }
    if (version.empty()) {
      // Version 1 wrote its tables, then its version: a database stopped in between.
      Statement games(db_, "SELECT 1 FROM sqlite_master WHERE type='table' AND name='games'");
      if (games.Step() == SQLITE_ROW) version = "1";
    }
    if (version.empty()) {
      if (Status s = Exec(std::string("BEGIN IMMEDIATE;") + kSchema + kAccountTables + kRatingTables + kLobbyTable +
                          kNotificationTables + kInvitationSetting + ";" + kReviewTable + kBlockTable + kLessonsDoneTable + "INSERT INTO meta(key, value) VALUES('schema', '" +
                          std::to_string(kSchemaVersion) + "'); COMMIT;");
          !s.ok()) {
        Exec("ROLLBACK");
        return s;
      }
      return StartCheckpointer();
    }
    int from = 0;
    for (char c : version) from = c >= '0' && c <= '9' && from < 1000 ? from * 10 + (c - '0') : 1000;
    if (from < 1 || from > kSchemaVersion)
      return Status::Error("database schema version " + version + ", this server reads versions 1 to " +
                           std::to_string(kSchemaVersion));
    for (int v = from; v < kSchemaVersion; ++v) {
      std::string step = "BEGIN IMMEDIATE;";
      for (const char* sql : kMigrations[v - 1])
        if (sql) step += std::string(sql) + ";";
      step += "UPDATE meta SET value='" +
                               std::to_string(v + 1) + "' WHERE key='schema'; COMMIT;";
      if (Status s = Exec(step); !s.ok()) {
        Exec("ROLLBACK");
        return s.Prefixed("schema version " + std::to_string(v) + " to " + std::to_string(v + 1) + ": ");
      }
    }
    return StartCheckpointer();
  }

  Status CreateGame(const StoredGame& g) override {
    std::lock_guard lock(mutex_);
    if (Status s = Exec("BEGIN IMMEDIATE"); !s.ok()) return s;
    Statement insert(db_, "INSERT INTO games(id, game, seed, players, variant, created_ms, updated_ms, finished, client, rated, "
                          "clock_base_ms, clock_increment_ms, clock_per_move_ms) "
                          "VALUES(?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)");
    insert.Bind(1, g.id).Bind(2, g.options.game).Bind(3, std::to_string(g.options.seed))
        .Bind(4, int64_t{g.options.players}).Bind(5, g.options.variant).Bind(6, g.created_ms).Bind(7, g.created_ms)
        .Bind(8, g.client).Bind(9, int64_t{g.rated}).Bind(10, g.clock.base_ms).Bind(11, g.clock.increment_ms)
        .Bind(12, g.clock.per_move_ms);
    if (insert.Step() != SQLITE_DONE) return Rollback("create game " + g.id);
    for (size_t i = 0; i < g.seats.size(); ++i) {
      Statement seat(db_, "INSERT INTO seats(game_id, seat, player, token_hash, invite_hash, name, account_id) "
                          "VALUES(?, ?, ?, ?, ?, ?, ?)");
      const StoredSeat& s = g.seats[i];
      seat.Bind(1, g.id).Bind(2, static_cast<int64_t>(i)).Bind(3, s.player).Bind(4, s.token_hash).Bind(5, s.invite_hash)
          .Bind(6, s.name).Bind(7, s.account_id);
      if (seat.Step() != SQLITE_DONE) return Rollback("create seat of " + g.id);
    }
    return Commit();
  }

  Status AppendMove(const std::string& id, size_t index, const std::string& move, bool finished, int64_t now_ms,
                    bool /*bot_to_move: one server, every bot turn is its own*/) override {
    std::lock_guard lock(mutex_);
    if (Status s = Exec("BEGIN IMMEDIATE"); !s.ok()) return s;
    // The count moves only from `index` to `index + 1`: a second writer of the same
    // game changes no row and fails, instead of forking the game.
    Statement& update = Cached(kBumpCount, "UPDATE games SET move_count=move_count+1, updated_ms=?, finished=? "
                                           "WHERE id=? AND move_count=? AND abandoned=0");
    update.Bind(1, now_ms).Bind(2, int64_t{finished}).Bind(3, id).Bind(4, static_cast<int64_t>(index));
    const int rc = update.Step();
    update.Reset();
    if (rc != SQLITE_DONE) return Rollback("update game " + id);
    if (sqlite3_changes(db_) != 1) {
      Statement count(db_, "SELECT move_count, abandoned FROM games WHERE id=?");
      count.Bind(1, id);
      Status why = count.Step() != SQLITE_ROW ? Status::FailedPrecondition("no game " + id)
                   : count.Int(1) != 0        ? Status::Aborted("game " + id + " was abandoned")
                                              : Status::Aborted("game " + id + " has " + std::to_string(count.Int(0)) +
                                                                " moves, not " + std::to_string(index));
      count.Reset();
      return Rollback(why);
    }
    Statement& insert = Cached(kInsertMove, "INSERT INTO moves(game_id, idx, move, at_ms) VALUES(?, ?, ?, ?)");
    insert.Bind(1, id).Bind(2, static_cast<int64_t>(index)).Bind(3, move).Bind(4, now_ms);
    const int inserted = insert.Step();
    insert.Reset();
    if (inserted != SQLITE_DONE) return Rollback("append move to " + id);
    return Commit();
  }

  Status ClaimSeat(const std::string& id, int seat, const StoredSeat& s) override {
    std::lock_guard lock(mutex_);
    Statement update(db_, "UPDATE seats SET player=?, token_hash=?, invite_hash=?, name=?, account_id=? "
                          "WHERE game_id=? AND seat=? AND token_hash=''");
    update.Bind(1, s.player).Bind(2, s.token_hash).Bind(3, s.invite_hash).Bind(4, s.name).Bind(5, s.account_id).Bind(6, id)
        .Bind(7, int64_t{seat});
    if (update.Step() != SQLITE_DONE) return Error("claim seat of " + id);
    if (sqlite3_changes(db_) == 1) return Status::Ok();
    Statement exists(db_, "SELECT 1 FROM seats WHERE game_id=? AND seat=?");
    exists.Bind(1, id).Bind(2, int64_t{seat});
    if (exists.Step() == SQLITE_ROW) return Status::Aborted("seat " + std::to_string(seat) + " of game " + id + " is taken");
    return Status::NotFound("no seat " + std::to_string(seat) + " in game " + id);
  }

  Status AttachSeat(const std::string& id, int seat, const std::string& token_hash, int64_t account_id,
                    const std::string& name) override {
    std::lock_guard lock(mutex_);
    Statement update(db_, "UPDATE seats SET account_id=?, name=? "
                          "WHERE game_id=? AND seat=? AND token_hash=? AND token_hash!='' AND account_id=0");
    update.Bind(1, account_id).Bind(2, name).Bind(3, id).Bind(4, int64_t{seat}).Bind(5, token_hash);
    if (update.Step() != SQLITE_DONE) return Error("attach seat of " + id);
    if (sqlite3_changes(db_) == 1) return Status::Ok();
    return Status::Aborted("seat " + std::to_string(seat) + " of game " + id + " is no guest's seat of that token");
  }

  Result<StoredGame> LoadGame(const std::string& id) override {
    std::lock_guard lock(mutex_);
    Statement game(db_, "SELECT id, game, seed, players, variant, created_ms, updated_ms, finished, client, abandoned, rated, clock_base_ms, clock_increment_ms, clock_per_move_ms FROM games WHERE id=?");
    game.Bind(1, id);
    int rc = game.Step();
    if (rc == SQLITE_DONE) return Status::NotFound("no game " + id);
    if (rc != SQLITE_ROW) return Error("load game " + id);
    return Fill(game);
  }

  Status MarkAbandoned(const std::string& id, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    Statement update(db_, "UPDATE games SET abandoned=1, updated_ms=? WHERE id=? AND finished=0");
    update.Bind(1, now_ms).Bind(2, id);
    if (update.Step() != SQLITE_DONE) return Error("abandon game " + id);
    if (sqlite3_changes(db_) != 1) return Status::FailedPrecondition("no unfinished game " + id);
    return Status::Ok();
  }

  Result<std::vector<StoredGame>> LoadUnfinished() override {
    std::lock_guard lock(mutex_);
    Statement games(db_, "SELECT id, game, seed, players, variant, created_ms, updated_ms, finished, client, abandoned, rated, clock_base_ms, clock_increment_ms, clock_per_move_ms FROM games "
                         "WHERE finished=0 AND abandoned=0 ORDER BY created_ms, id");
    return FillAll(games, "load unfinished games");
  }

  Result<std::vector<StoredGame>> ListGames(const GameFilter& filter) override {
    std::lock_guard lock(mutex_);
    Statement games(db_, (std::string("SELECT id, game, seed, players, variant, created_ms, updated_ms, finished, client, "
                                      "abandoned, rated, clock_base_ms, clock_increment_ms, clock_per_move_ms FROM games "
                                      "WHERE (?1 = '' OR game = ?1) AND (?2 = '' OR client = ?2) AND updated_ms >= ?3 "
                                      "AND (?4 = 0 OR id IN (SELECT game_id FROM seats WHERE account_id = ?4)) ") +
                             GameStateCondition(filter.state) + " ORDER BY updated_ms DESC, id LIMIT ?5").c_str());
    games.Bind(1, filter.game).Bind(2, filter.client).Bind(3, filter.since_ms).Bind(4, filter.account_id)
        .Bind(5, static_cast<int64_t>(filter.limit));
    return FillAll(games, "list games");
  }

  Result<std::vector<std::string>> GamesOfTokens(const std::vector<std::string>& hashes) override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> ids;
    Statement find(db_, "SELECT DISTINCT game_id FROM seats WHERE token_hash=?");
    for (const std::string& h : hashes) {
      if (h.empty()) continue;
      find.Reset();
      find.Bind(1, h);
      while (find.Step() == SQLITE_ROW) ids.push_back(find.Text(0));
    }
    return ids;
  }

  Status Probe() override {
    std::lock_guard lock(mutex_);
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch()).count();
    return Exec("INSERT OR REPLACE INTO meta(key, value) VALUES('probe', '" + std::to_string(now) + "')");
  }

  Status SetReadOnly(bool read_only) {
    std::lock_guard lock(mutex_);
    return Exec(read_only ? "PRAGMA query_only=ON" : "PRAGMA query_only=OFF");
  }

 private:
  // SQLite failing (a full disk, a read-only file, an I/O error) is the server's
  // fault, never the request's: the caller answers "unavailable".
  Status Error(const std::string& what) { return Status::Unavailable("database: " + what + ": " + sqlite3_errmsg(db_)); }

  Status Exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return Status::Ok();
    std::string text = message ? message : "unknown error";
    sqlite3_free(message);
    return Status::Unavailable("database: " + text);
  }

  Status Rollback(const std::string& what) { return Rollback(Error(what)); }
  Status Rollback(Status error) {
    Exec("ROLLBACK");
    return error;
  }

  Status Commit() {
    if (Status s = Exec("COMMIT"); !s.ok()) {
      Exec("ROLLBACK");
      return s;
    }
    return Status::Ok();
  }

  // The game on `row`, with its seats and moves. Holds the lock.
  // Every game row `games` steps through, whole.
  Result<std::vector<StoredGame>> FillAll(Statement& games, const char* what) {
    std::vector<StoredGame> out;
    int rc;
    while ((rc = games.Step()) == SQLITE_ROW) {
      auto g = Fill(games);
      if (!g.ok()) return g.status();
      out.push_back(std::move(*g));
    }
    if (rc != SQLITE_DONE) return Error(what);
    return out;
  }

  Result<StoredGame> Fill(Statement& row) {
    StoredGame g;
    g.id = row.Text(0);
    g.options.game = row.Text(1);
    auto seed = ParseSeed(row.Text(2));
    if (!seed.ok()) return Status::Error("database: game " + g.id + ": seed: " + seed.message());
    g.options.seed = *seed;
    g.options.players = static_cast<int>(row.Int(3));
    g.options.variant = row.Text(4);
    g.created_ms = row.Int(5);
    g.updated_ms = row.Int(6);
    g.finished = row.Int(7) != 0;
    g.client = row.Text(8);
    g.abandoned = row.Int(9) != 0;
    g.rated = row.Int(10) != 0;
    g.clock = StoredClock(row.Int(11), row.Int(12), row.Int(13));
    Statement seats(db_, "SELECT player, token_hash, invite_hash, name, account_id FROM seats WHERE game_id=? ORDER BY seat");
    seats.Bind(1, g.id);
    while (seats.Step() == SQLITE_ROW)
      g.seats.push_back({seats.Text(0), seats.Text(1), seats.Text(2), seats.Text(3), seats.Int(4)});
    Statement moves(db_, "SELECT move, at_ms FROM moves WHERE game_id=? ORDER BY idx");
    moves.Bind(1, g.id);
    while (moves.Step() == SQLITE_ROW) {
      g.moves.push_back(moves.Text(0));
      g.move_ms.push_back(moves.Int(1));
    }
    return g;
  }

  // Checkpoints copy the write-ahead log into the database and fsync it: tens of
  // milliseconds that, done by SQLite at a COMMIT, would stall that move and every
  // move behind it. A thread with its own connection does them instead, a few times
  // a second; the commits only append to the log.
  Status StartCheckpointer() {
    if (Status s = Exec("PRAGMA wal_autocheckpoint=0"); !s.ok()) return s;
    if (sqlite3_open_v2(path_.c_str(), &checkpoint_db_, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
      std::string message = checkpoint_db_ ? sqlite3_errmsg(checkpoint_db_) : "out of memory";
      sqlite3_close(checkpoint_db_);
      checkpoint_db_ = nullptr;
      return Status::Error("database: checkpoint connection: " + message);
    }
    sqlite3_busy_timeout(checkpoint_db_, 1000);
    // A connection knows the log only once it has read the database.
    sqlite3_exec(checkpoint_db_, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
    checkpointer_ = std::thread([this] {
      std::unique_lock lock(checkpoint_mutex_);
      while (!stopping_) {
        checkpoint_wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stopping_; });
        lock.unlock();
        int frames = 0;
        sqlite3_wal_checkpoint_v2(checkpoint_db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &frames, nullptr);
        // Under steady writes the log is never all copied at the moment a write
        // begins, so it would never start over: once it is long, the writers' own
        // connection, between two writes, copies the little that is left and restarts it.
        if (frames > 4000) {
          std::lock_guard write_lock(mutex_);
          sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
        }
        lock.lock();
      }
      sqlite3_close(checkpoint_db_);
    });
    return Status::Ok();
  }

  // The statements of the hot path, prepared once.
  enum CachedStatement { kBumpCount, kInsertMove, kNumCached };
  Statement& Cached(CachedStatement which, const char* sql) {
    auto& slot = cached_[which];
    if (!slot) slot = std::make_unique<Statement>(db_, sql);
    return *slot;
  }

  sqlite3* db_;
  std::string path_;
  std::mutex mutex_;
  std::array<std::unique_ptr<Statement>, kNumCached> cached_;
  sqlite3* checkpoint_db_ = nullptr;
  std::thread checkpointer_;
  std::mutex checkpoint_mutex_;
  std::condition_variable checkpoint_wake_;
  bool stopping_ = false;
};

}  // namespace

Status SetSqliteReadOnlyForTesting(Store& store, bool read_only) {
  auto* sqlite = dynamic_cast<SqliteStore*>(&store);
  if (!sqlite) return Status::Error("not a SQLite store");
  return sqlite->SetReadOnly(read_only);
}

Result<std::unique_ptr<Store>> OpenSqliteStore(const std::string& path, bool synchronous_full) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Status::Error(path + ": " + message);
  }
  auto store = std::make_unique<SqliteStore>(db, path);
  if (Status s = store->Init(synchronous_full); !s.ok()) return Status::Error(path + ": " + s.message());
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace souk::server
