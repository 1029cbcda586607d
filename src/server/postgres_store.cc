// The PostgreSQL store: one libpq connection behind a mutex, reopened on the next
// call once it is lost. Several `souk serve` instances may share the database: a
// move is a row keyed by (game, index), written in the same statement that moves the
// game's count from `index` to `index + 1`, so that of two writers of one index
// exactly one wins and the other is refused, on one machine or many.
#include <array>
#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <unistd.h>

#include "format/record.h"
#include "server/postgres_conn.h"
#include "server/postgres_watcher.h"
#include "server/store.h"
#include "server/tokens.h"

namespace souk::server {
namespace {

// The schema a new database gets is version 1's, brought to kSchemaVersion by
// kMigrations (kMigrations[i] takes version i + 1 to i + 2) as an older database is,
// each in the transaction that records the version it leads to: one path to every
// version.
constexpr int kSchemaVersion = 2;
constexpr std::array<const char*, kSchemaVersion - 1> kMigrations{
    // 1 to 2: several instances. The lease on a bot's turn: whether a bot is to move,
    // which instance thinks for it and until when (TakeBotTurn).
    R"sql(
ALTER TABLE games ADD COLUMN bot_turn BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN lease_instance TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN lease_expires_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_bot_turns ON games(lease_expires_ms) WHERE bot_turn AND NOT finished AND NOT abandoned;
)sql"};

// How long a lease on a bot's turn lasts unless renewed: an instance that dies holding
// one has its bot's turn taken over by another this long after (plus its next look,
// GameService's follow period).
constexpr int64_t kBotLeaseMs = 3000;

constexpr const char* kSchema = R"sql(
CREATE TABLE games(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  seed TEXT NOT NULL,          -- decimal: a uint64 does not fit BIGINT
  players INTEGER NOT NULL,
  variant TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL,
  move_count INTEGER NOT NULL DEFAULT 0,
  finished BOOLEAN NOT NULL DEFAULT false,
  client TEXT NOT NULL DEFAULT '',
  abandoned BOOLEAN NOT NULL DEFAULT false);
CREATE INDEX games_unfinished ON games(created_ms, id) WHERE NOT finished AND NOT abandoned;
CREATE TABLE seats(
  game_id TEXT NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL,
  player TEXT NOT NULL,
  token_hash TEXT NOT NULL DEFAULT '',
  invite_hash TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(game_id, seat));
CREATE INDEX seats_by_token ON seats(token_hash) WHERE token_hash <> '';
CREATE TABLE moves(
  game_id TEXT NOT NULL REFERENCES games(id),
  idx INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY(game_id, idx));
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
)sql";

// Taken for the schema's creation or migration, so that instances started together
// on an empty database create it once.
constexpr const char* kSchemaLock = "SELECT pg_advisory_xact_lock(1936684395)";  // "souk" in ASCII, 0x736f756b

// SQLSTATE of a unique or primary key violation.
constexpr const char* kUniqueViolation = "23505";

// This instance's name in the database: on its leases and its notifications. Unique
// per process and store: the host, the process and a random part.
std::string NewInstanceName() {
  char host[64] = {};
  gethostname(host, sizeof host - 1);
  return std::string(host) + "/" + std::to_string(getpid()) + "/" + NewSecret().substr(0, 8);
}

// A text[] literal of plain identifiers (game ids: letters and digits).
std::string TextArray(const std::vector<std::string>& items) {
  std::string array = "{";
  for (const std::string& item : items) array += (array.size() > 1 ? ",\"" : "\"") + item + "\"";
  return array + "}";
}

std::string BoolText(bool value) { return value ? "true" : "false"; }

class PostgresStore final : public Store {
 public:
  explicit PostgresStore(std::string uri) : uri_(std::move(uri)), instance_(NewInstanceName()) {}
  ~PostgresStore() override {
    StopWatching();
    PQfinish(conn_);
  }

  Status Init() {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    if (Status s = Command("BEGIN"); !s.ok()) return s;
    Status s = CreateOrMigrate();
    if (!s.ok()) {
      Command("ROLLBACK");
      return s;
    }
    return Command("COMMIT");
  }

  Status CreateGame(const StoredGame& g) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    if (Status s = Command("BEGIN"); !s.ok()) return s;
    Rows insert = Query("INSERT INTO games(id, game, seed, players, variant, created_ms, updated_ms, client) "
                        "VALUES($1, $2, $3, $4, $5, $6, $6, $7)",
                        {g.id, g.options.game, std::to_string(g.options.seed), std::to_string(g.options.players),
                         g.options.variant, std::to_string(g.created_ms), g.client});
    if (!insert.ok()) {
      if (insert.SqlState() == kUniqueViolation) return Rollback(Status::FailedPrecondition("game " + g.id + " exists"));
      return Rollback(Failure("create game " + g.id, insert));
    }
    for (size_t i = 0; i < g.seats.size(); ++i) {
      const StoredSeat& s = g.seats[i];
      Rows seat = Query("INSERT INTO seats(game_id, seat, player, token_hash, invite_hash, name) VALUES($1, $2, $3, $4, $5, $6)",
                        {g.id, std::to_string(i), s.player, s.token_hash, s.invite_hash, s.name});
      if (!seat.ok()) return Rollback(Failure("create seat of " + g.id, seat));
    }
    return Command("COMMIT");
  }

  Status AppendMove(const std::string& id, size_t index, const std::string& move, bool finished, int64_t now_ms,
                    bool bot_to_move) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    // One statement, so one transaction: the count moves only from `index` to
    // `index + 1`, the move is inserted with it and the other instances are told
    // (at the commit, in commit order). A second writer of the same index waits for
    // the first's row lock, then finds the count moved on and changes nothing. The
    // lease on the bot's turn that follows, if any, is this instance's from the start.
    const std::string notice = ChangeNotice(instance_, {StoreChange::Kind::kMove, id, index, move});
    Rows append = Query("WITH bumped AS (UPDATE games SET move_count=move_count+1, updated_ms=$1, finished=$2, "
                        "bot_turn=$6, lease_instance=$7, lease_expires_ms=$8 "
                        "WHERE id=$3 AND move_count=$4 RETURNING id), "
                        "added AS (INSERT INTO moves(game_id, idx, move) SELECT id, $4, $5 FROM bumped RETURNING game_id) "
                        "SELECT pg_notify('" + std::string(kChangeChannel) + "', $9) FROM added",
                        {std::to_string(now_ms), BoolText(finished), id, std::to_string(index), move, BoolText(bot_to_move),
                         bot_to_move ? instance_ : "", std::to_string(bot_to_move ? now_ms + kBotLeaseMs : 0), notice});
    if (!append.ok() && append.SqlState() != kUniqueViolation) return InDoubt(id, index, move, Failure("append move to " + id, append));
    if (append.ok() && append.size() == 1) return Status::Ok();
    Rows count = Query("SELECT move_count FROM games WHERE id=$1", {id});
    if (!count.ok()) return Failure("append move to " + id, count);
    if (count.size() == 0) return Status::FailedPrecondition("no game " + id);
    return Status::Aborted("game " + id + " has " + std::to_string(count.Int(0, 0)) + " moves, not " +
                           std::to_string(index));
  }

  Status ClaimSeat(const std::string& id, int seat, const StoredSeat& s) override {
    std::lock_guard lock(mutex_);
    if (Status st = Connect(); !st.ok()) return st;
    // Only a seat nobody has taken: two instances may each be given the same invite
    // code at once, and one of them only gets the seat.
    Rows claim = Query("WITH claimed AS (UPDATE seats SET player=$1, token_hash=$2, invite_hash=$3, name=$4 "
                       "WHERE game_id=$5 AND seat=$6 AND token_hash='' RETURNING game_id) "
                       "SELECT pg_notify('" + std::string(kChangeChannel) + "', $7) FROM claimed",
                       {s.player, s.token_hash, s.invite_hash, s.name, id, std::to_string(seat),
                        ChangeNotice(instance_, {StoreChange::Kind::kSeat, id, 0, ""})});
    if (!claim.ok()) return Failure("claim seat of " + id, claim);
    if (claim.size() == 1) return Status::Ok();
    Rows exists = Query("SELECT 1 FROM seats WHERE game_id=$1 AND seat=$2", {id, std::to_string(seat)});
    if (!exists.ok()) return Failure("claim seat of " + id, exists);
    if (exists.size() == 1) return Status::Aborted("seat " + std::to_string(seat) + " of game " + id + " is taken");
    return Status::NotFound("no seat " + std::to_string(seat) + " in game " + id);
  }

  Result<StoredGame> LoadGame(const std::string& id) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    // One snapshot: the game's row, seats and moves as one instance left them, even
    // while another appends.
    if (Status s = Command("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !s.ok()) return s;
    auto games = LoadGames("WHERE id=$1", {id});
    if (!games.ok()) return Rollback(games.status());
    if (Status s = Command("COMMIT"); !s.ok()) return s;
    if (games->empty()) return Status::NotFound("no game " + id);
    return std::move(games->front());
  }

  Status MarkAbandoned(const std::string& id, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows update = Query("WITH marked AS (UPDATE games SET abandoned=true, updated_ms=$1 WHERE id=$2 AND NOT finished "
                        "RETURNING id) SELECT pg_notify('" + std::string(kChangeChannel) + "', $3) FROM marked",
                        {std::to_string(now_ms), id, ChangeNotice(instance_, {StoreChange::Kind::kAbandoned, id, 0, ""})});
    if (!update.ok()) return Failure("abandon game " + id, update);
    if (update.size() != 1) return Status::FailedPrecondition("no unfinished game " + id);
    return Status::Ok();
  }

  Result<std::vector<StoredGame>> LoadUnfinished() override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    if (Status s = Command("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !s.ok()) return s;
    auto games = LoadGames("WHERE NOT finished AND NOT abandoned", {});
    if (!games.ok()) return Rollback(games.status());
    if (Status s = Command("COMMIT"); !s.ok()) return s;
    return games;
  }

  Result<std::vector<std::string>> GamesOfTokens(const std::vector<std::string>& hashes) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    std::vector<std::string> ids;
    for (const std::string& h : hashes) {
      if (h.empty()) continue;
      Rows found = Query("SELECT DISTINCT game_id FROM seats WHERE token_hash=$1", {h});
      if (!found.ok()) return Failure("find games of tokens", found);
      for (int r = 0; r < found.size(); ++r) ids.push_back(found.Text(r, 0));
    }
    return ids;
  }

  Status Probe() override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch()).count();
    Rows probe = Query("INSERT INTO meta(key, value) VALUES('probe', $1) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                       {std::to_string(now)});
    return probe.ok() ? Status::Ok() : Failure("probe", probe);
  }

  bool Shared() const override { return true; }

  void Watch(std::function<void(const StoreChange&)> on_change) override {
    std::lock_guard lock(watcher_mutex_);
    watcher_.reset();
    watcher_ = std::make_unique<ChangeWatcher>(uri_, instance_, std::move(on_change));
  }

  void StopWatching() override {
    std::lock_guard lock(watcher_mutex_);
    watcher_.reset();
  }

  Result<bool> TakeBotTurn(const std::string& id, size_t index, int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    // Free (never taken, or after a move from before leases), expired, or already
    // ours: ours for kBotLeaseMs. A game that moved on is nobody's to think for.
    Rows take = Query("UPDATE games SET bot_turn=true, lease_instance=$1, lease_expires_ms=$2 "
                      "WHERE id=$3 AND move_count=$4 AND NOT finished AND NOT abandoned "
                      "AND (lease_instance=$1 OR lease_expires_ms<$5)",
                      {instance_, std::to_string(now_ms + kBotLeaseMs), id, std::to_string(index), std::to_string(now_ms)});
    if (!take.ok()) return Failure("take the bot's turn in " + id, take);
    return take.affected() == 1;
  }

  Status RenewBotTurns(const std::vector<std::string>& ids, int64_t now_ms) override {
    if (ids.empty()) return Status::Ok();
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows renew = Query("UPDATE games SET lease_expires_ms=$1 WHERE id=ANY($2::text[]) AND lease_instance=$3 AND bot_turn",
                       {std::to_string(now_ms + kBotLeaseMs), TextArray(ids), instance_});
    return renew.ok() ? Status::Ok() : Failure("renew the bots' turns", renew);
  }

  Result<std::vector<std::string>> UnattendedBotTurns(int64_t now_ms) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows found = Query("SELECT id FROM games WHERE bot_turn AND NOT finished AND NOT abandoned AND lease_expires_ms<$1 "
                       "ORDER BY lease_expires_ms LIMIT 500",
                       {std::to_string(now_ms)});
    if (!found.ok()) return Failure("find the bots' turns nobody plays", found);
    std::vector<std::string> ids;
    for (int r = 0; r < found.size(); ++r) ids.push_back(found.Text(r, 0));
    return ids;
  }

 private:
  // Opens the connection, or opens it again once it was lost (the server restarted,
  // the network dropped): a call after the loss finds the database again.
  Status Connect() {
    if (conn_ && PQstatus(conn_) == CONNECTION_OK) return Status::Ok();
    PQfinish(conn_);
    conn_ = nullptr;
    auto conn = ConnectPostgres(uri_);
    if (!conn.ok()) return conn.status();
    conn_ = *conn;
    prepared_.clear();  // a new connection has none
    return Status::Ok();
  }

  std::string ConnectionError() const { return PostgresError(conn_); }

  // Each statement is prepared once per connection (PostgreSQL parses and plans it
  // once): that halves the database's CPU per move (docs/performance.md).
  Rows Query(const std::string& sql, const std::vector<std::string>& params) {
    auto it = prepared_.find(sql);
    if (it == prepared_.end()) {
      const std::string name = "souk" + std::to_string(prepared_.size());
      Rows prepared(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
      if (!prepared.ok()) return prepared;  // its error is the query's
      it = prepared_.emplace(sql, name).first;
    }
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const std::string& p : params) values.push_back(p.c_str());
    return Rows(PQexecPrepared(conn_, it->second.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0));
  }

  Status Command(const std::string& sql) {
    Rows done(PQexec(conn_, sql.c_str()));
    return done.ok() ? Status::Ok() : Failure(sql, done);
  }

  // PostgreSQL failing (down, unreachable, out of space) is the server's fault,
  // never the request's: the caller answers "unavailable".
  Status Failure(const std::string& what, const Rows& rows) {
    if (PQstatus(conn_) != CONNECTION_OK) return Status::Unavailable("database: " + what + ": connection lost: " + ConnectionError());
    return Status::Unavailable("database: " + what + ": " + rows.Error());
  }

  // The connection was lost during an append: the move may have been committed with
  // only the answer lost. Answering "unavailable" then would leave the caller a move
  // behind the store, every later append refused. So, once connected again, the
  // stored row decides: this move at this index was stored; none was not (and may be
  // sent again); another move there means another writer won.
  Status InDoubt(const std::string& id, size_t index, const std::string& move, Status failure) {
    if (PQstatus(conn_) == CONNECTION_OK || !Connect().ok()) return failure;
    Rows stored = Query("SELECT move FROM moves WHERE game_id=$1 AND idx=$2", {id, std::to_string(index)});
    if (!stored.ok() || stored.size() == 0) return failure;
    if (stored.Text(0, 0) == move) return Status::Ok();
    return Status::Aborted("game " + id + " has another move at " + std::to_string(index));
  }

  Status Rollback(Status error) {
    if (PQstatus(conn_) == CONNECTION_OK) Command("ROLLBACK");
    return error;
  }

  // In the transaction Init opened.
  Status CreateOrMigrate() {
    if (Status s = Command(kSchemaLock); !s.ok()) return s;
    if (Status s = Command("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)"); !s.ok()) return s;
    Rows read = Query("SELECT version FROM schema_version", {});
    if (!read.ok()) return Failure("read the schema version", read);
    int64_t from = 1;
    if (read.size() == 0) {
      if (Status s = Command(kSchema); !s.ok()) return s;
      if (Status s = Command("INSERT INTO schema_version(version) VALUES(1)"); !s.ok()) return s;
    } else {
      from = read.Int(0, 0);
    }
    if (read.size() > 1 || from < 1 || from > kSchemaVersion)
      return Status::Error("database schema version " + read.Text(0, 0) + ", this server reads versions 1 to " +
                           std::to_string(kSchemaVersion));
    for (int64_t v = from; v < kSchemaVersion; ++v) {
      Status step = Command(kMigrations[static_cast<size_t>(v - 1)]);
      if (step.ok()) step = Command("UPDATE schema_version SET version=" + std::to_string(v + 1));
      if (!step.ok()) return step.Prefixed("schema version " + std::to_string(v) + " to " + std::to_string(v + 1) + ": ");
    }
    return Status::Ok();
  }

  // The games `where` selects, oldest first, with their seats and moves: three
  // queries whatever their number.
  Result<std::vector<StoredGame>> LoadGames(const std::string& where, const std::vector<std::string>& params) {
    Rows games = Query(("SELECT id, game, seed, players, variant, created_ms, updated_ms, finished, client, abandoned "
                        "FROM games " + where + " ORDER BY created_ms, id"), params);
    if (!games.ok()) return Failure("load games", games);
    std::vector<StoredGame> out;
    std::map<std::string, size_t> index_of;
    for (int r = 0; r < games.size(); ++r) {
      StoredGame g;
      g.id = games.Text(r, 0);
      g.options.game = games.Text(r, 1);
      auto seed = ParseSeed(games.Text(r, 2));
      if (!seed.ok()) return Status::Error("database: game " + g.id + ": seed: " + seed.message());
      g.options.seed = *seed;
      g.options.players = static_cast<int>(games.Int(r, 3));
      g.options.variant = games.Text(r, 4);
      g.created_ms = games.Int(r, 5);
      g.updated_ms = games.Int(r, 6);
      g.finished = games.Bool(r, 7);
      g.client = games.Text(r, 8);
      g.abandoned = games.Bool(r, 9);
      index_of[g.id] = out.size();
      out.push_back(std::move(g));
    }
    if (out.empty()) return out;
    Rows seats = Query(("SELECT game_id, player, token_hash, invite_hash, name FROM seats WHERE game_id IN "
                        "(SELECT id FROM games " + where + ") ORDER BY game_id, seat"), params);
    if (!seats.ok()) return Failure("load seats", seats);
    for (int r = 0; r < seats.size(); ++r) {
      auto it = index_of.find(seats.Text(r, 0));
      if (it != index_of.end())
        out[it->second].seats.push_back({seats.Text(r, 1), seats.Text(r, 2), seats.Text(r, 3), seats.Text(r, 4)});
    }
    Rows moves = Query(("SELECT game_id, move FROM moves WHERE game_id IN (SELECT id FROM games " + where +
                        ") ORDER BY game_id, idx"), params);
    if (!moves.ok()) return Failure("load moves", moves);
    for (int r = 0; r < moves.size(); ++r) {
      auto it = index_of.find(moves.Text(r, 0));
      if (it != index_of.end()) out[it->second].moves.push_back(moves.Text(r, 1));
    }
    return out;
  }

  std::string uri_;
  const std::string instance_;
  std::mutex mutex_;
  PGconn* conn_ = nullptr;
  std::map<std::string, std::string> prepared_;  // SQL text -> statement name, on conn_
  std::mutex watcher_mutex_;
  std::unique_ptr<ChangeWatcher> watcher_;
};

}  // namespace

Result<std::unique_ptr<Store>> OpenPostgresStore(const std::string& uri) {
  auto store = std::make_unique<PostgresStore>(uri);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(RedactedDb(uri) + ": ");
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace souk::server
