// Where the server keeps its games: each game is its options and seed, its seats,
// and its moves in order (a game record), so that a game is replayed, never
// serialised. Behind a small interface: SQLite (OpenSqliteStore), the default, for
// one server; PostgreSQL (OpenPostgresStore) for several sharing one database.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "clock/time_control.h"
#include "core/status.h"
#include "format/game.h"

namespace souk::server {

struct StoredSeat {
  std::string player;       // "human", or the bot spec that plays it
  std::string token_hash;   // hex SHA-256 of the seat token once claimed, else empty
  // hex SHA-256 of the invite code of a human seat, kept once claimed (then token_hash
  // is set too) so that a used code is told apart from a made-up one
  std::string invite_hash;
  std::string name;         // what others see ("Alice"), may be empty
  // The account that holds a human seat (accounts/account_store.h), 0 for a guest or
  // a bot: the service knows an account by its id only, its name is found at the edge.
  int64_t account_id = 0;
  bool operator==(const StoredSeat&) const = default;
};

struct StoredGame {
  std::string id;
  GameOptions options;
  std::vector<StoredSeat> seats;
  std::vector<std::string> moves;  // canonical text, chance outcomes included
  // When the server received each move, Unix ms (0 for a move stored before the
  // stores kept it): with `clock`, the clocks replay from these (docs/clocks.md).
  std::vector<int64_t> move_ms;
  clock::TimeControl clock = {};  // none unless the game was created with one
  int64_t created_ms = 0;          // Unix time in milliseconds
  int64_t updated_ms = 0;
  bool finished = false;
  std::string client;  // the creator's address: games and bots are counted by it
  bool abandoned = false;  // left unfinished without a move for too long: never resumed
  bool rated = false;      // its end changes its players' ratings (docs/ratings.md)
};

// Which games `souk admin games` lists (docs/operations.md, "The operator's commands").
struct GameFilter {
  enum class State { kAny, kPlaying, kFinished, kAbandoned };
  State state = State::kAny;
  std::string game;        // "jaipur", "marrakech"; empty: any
  std::string client;      // the creator's address (AddressKey); empty: any
  int64_t account_id = 0;  // a seat held by this account; 0: any
  int64_t since_ms = 0;    // changed at or after (Unix ms)
  size_t limit = 100;      // the most recently changed first
};

// A change committed to a store that several instances share, as another instance
// hears of it (Store::Watch).
struct StoreChange {
  enum class Kind {
    kMove,       // move `index` of the game is `move`
    kSeat,       // a seat was taken: its token and name changed
    kAbandoned,  // the game was abandoned
    kMissed,     // changes may have been missed (not yet listening, or the connection was lost): catch up on every game
  };
  Kind kind = Kind::kMove;
  std::string game_id;  // empty for kMissed
  size_t index = 0;
  std::string move;
  int64_t at_ms = 0;  // kMove: when the instance that stored it received it
};

// The time control kept as its three numbers (a store's columns): turn-based when a
// turn has its own time, real time when there is a base, else none.
inline clock::TimeControl StoredClock(int64_t base_ms, int64_t increment_ms, int64_t per_move_ms) {
  clock::TimeControl c;
  c.kind = per_move_ms > 0 ? clock::TimeControl::Kind::kTurnBased
           : base_ms > 0   ? clock::TimeControl::Kind::kRealTime
                           : clock::TimeControl::Kind::kNone;
  c.base_ms = base_ms;
  c.increment_ms = increment_ms;
  c.per_move_ms = per_move_ms;
  return c;
}

class Store {
 public:
  virtual ~Store() = default;
  // A new game, with its seats and no moves; fails if the id exists.
  virtual Status CreateGame(const StoredGame& game) = 0;
  // Appends move number `index` (0-based), which must be the next one: a second
  // writer of the same game fails with kAborted ("game X has 8 moves, not 7") instead
  // of forking it, and so does a move to a game abandoned meanwhile (by another
  // instance, or by the operator's `souk admin abandon`): the caller reads it back. Durable on return, with `now_ms` as the time it arrived (the
  // clocks'). `bot_to_move`: a bot plays next, and this
  // instance holds the lease on its turn (TakeBotTurn) from now.
  virtual Status AppendMove(const std::string& id, size_t index, const std::string& move, bool finished,
                            int64_t now_ms, bool bot_to_move = false) = 0;
  // Takes a human seat whose token is not set yet (an invite followed): sets its
  // token hash and name. kAborted if the seat was taken meanwhile (by another
  // instance), kNotFound if there is no such seat.
  virtual Status ClaimSeat(const std::string& id, int seat, const StoredSeat& value) = 0;
  // Gives a guest's seat to an account that signed up or logged in where the guest
  // played: sets the seat's account and name, if its token hash is still `token_hash`
  // and it has no account yet; kAborted otherwise (taken meanwhile, on another instance).
  virtual Status AttachSeat(const std::string& id, int seat, const std::string& token_hash, int64_t account_id,
                            const std::string& name) = 0;
  virtual Result<StoredGame> LoadGame(const std::string& id) = 0;
  // Marks an unfinished game abandoned: it is kept, and never loaded again to play.
  virtual Status MarkAbandoned(const std::string& id, int64_t now_ms) = 0;
  // Every game neither finished nor abandoned, oldest first: what a restarted server
  // picks up.
  virtual Result<std::vector<StoredGame>> LoadUnfinished() = 0;
  // The games `filter` selects, the most recently changed first, whole (seats and moves).
  virtual Result<std::vector<StoredGame>> ListGames(const GameFilter& filter) = 0;
  // The ids of the games where a seat's token hash is one of `token_hashes`.
  virtual Result<std::vector<std::string>> GamesOfTokens(const std::vector<std::string>& token_hashes) = 0;
  // A small write, to tell whether the store can write now (the server's health).
  virtual Status Probe() = 0;

  // Several instances on one store (PostgreSQL). The defaults are a store only one
  // server uses (SQLite): nobody else writes, so there is nothing to hear, and every
  // bot turn is this server's.
  //
  // Whether other instances may write to this store.
  virtual bool Shared() const { return false; }
  // Calls `on_change`, on a thread of the store's, for every change other instances
  // commit, in the order they commit, until StopWatching; with kMissed each time it
  // starts listening (the first time, and after a lost connection), for what was
  // committed before. Changes this instance makes are not told. Returns once listening
  // (or after a few seconds when the database cannot be reached).
  virtual void Watch(std::function<void(const StoreChange&)> on_change) { (void)on_change; }
  // Returns once `on_change` is no longer running, nor will be called again.
  virtual void StopWatching() {}
  // The lease on a bot's turn: true if this instance may think for the bot to play
  // move `index` of game `id` (the lease was free, expired or already its own; it is
  // now this instance's for a few seconds), false if another instance holds it.
  virtual Result<bool> TakeBotTurn(const std::string& id, size_t index, int64_t now_ms) {
    (void)id, (void)index, (void)now_ms;
    return true;
  }
  // Extends this instance's leases on the bot turns of these games (those it still holds).
  virtual Status RenewBotTurns(const std::vector<std::string>& ids, int64_t now_ms) {
    (void)ids, (void)now_ms;
    return Status::Ok();
  }
  // Gives up this instance's leases on the bot turns of these games (a graceful stop):
  // another instance takes them at its next Follow instead of after the lease's time.
  virtual Status ReleaseBotTurns(const std::vector<std::string>& ids) {
    (void)ids;
    return Status::Ok();
  }
  // Games in play whose bot is to move and whose lease has expired: the instance that
  // held it died or lost the database. Another takes them over.
  virtual Result<std::vector<std::string>> UnattendedBotTurns(int64_t now_ms) {
    (void)now_ms;
    return std::vector<std::string>{};
  }
};

// For the stores' SQL: " AND ..." selecting games in `state` (" AND NOT finished ...",
// which SQLite's integers and PostgreSQL's booleans both read), "" for any.
std::string GameStateCondition(GameFilter::State state);

// Opens (creating if needed) a SQLite database in WAL mode. `synchronous_full`
// also survives power loss (an fsync per move); without it, a committed move
// survives the process being killed, which is what the server promises.
Result<std::unique_ptr<Store>> OpenSqliteStore(const std::string& path, bool synchronous_full = false);

// Connects to PostgreSQL at a libpq connection URI (postgresql://USER@HOST:PORT/DB),
// creating the schema on a database that has none and migrating an older one; a
// schema newer than this server knows is refused. A lost connection is an
// "unavailable" error for the call that finds it, and is opened again by the next.
Result<std::unique_ptr<Store>> OpenPostgresStore(const std::string& uri);

// Whether `db` names a PostgreSQL database (postgresql:// or postgres://) rather than
// a SQLite file.
bool IsPostgresUri(const std::string& db);

// The store `db` names: PostgreSQL for a connection URI, else the SQLite file at that
// path (`synchronous_full` applies to SQLite only).
Result<std::unique_ptr<Store>> OpenStore(const std::string& db, bool synchronous_full = false);

// `db` fit to print or log: a URI's password, in its user part or as a parameter,
// replaced by "***".
std::string RedactedDb(const std::string& db);

// Tests: makes a SQLite store's connection refuse every write from now on, as a
// read-only database does (PRAGMA query_only, which holds for root too), or write
// again. An error for a store that is not SQLite's.
Status SetSqliteReadOnlyForTesting(Store& store, bool read_only);

}  // namespace souk::server
