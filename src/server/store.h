// Where the server keeps its games: each game is its options and seed, its seats,
// and its moves in order (a game record), so that a game is replayed, never
// serialised. Behind a small interface: SQLite (OpenSqliteStore), the default, for
// one server; PostgreSQL (OpenPostgresStore) for several sharing one database.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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
  bool operator==(const StoredSeat&) const = default;
};

struct StoredGame {
  std::string id;
  GameOptions options;
  std::vector<StoredSeat> seats;
  std::vector<std::string> moves;  // canonical text, chance outcomes included
  int64_t created_ms = 0;          // Unix time in milliseconds
  int64_t updated_ms = 0;
  bool finished = false;
  std::string client;  // the creator's address: games and bots are counted by it
  bool abandoned = false;  // left unfinished without a move for too long: never resumed
};

class Store {
 public:
  virtual ~Store() = default;
  // A new game, with its seats and no moves; fails if the id exists.
  virtual Status CreateGame(const StoredGame& game) = 0;
  // Appends move number `index` (0-based), which must be the next one: a second
  // writer of the same game fails instead of forking it. Durable on return.
  virtual Status AppendMove(const std::string& id, size_t index, const std::string& move, bool finished,
                            int64_t now_ms) = 0;
  virtual Status UpdateSeat(const std::string& id, int seat, const StoredSeat& value) = 0;
  virtual Result<StoredGame> LoadGame(const std::string& id) = 0;
  // Marks an unfinished game abandoned: it is kept, and never loaded again to play.
  virtual Status MarkAbandoned(const std::string& id, int64_t now_ms) = 0;
  // Every game neither finished nor abandoned, oldest first: what a restarted server
  // picks up.
  virtual Result<std::vector<StoredGame>> LoadUnfinished() = 0;
  // The ids of the games where a seat's token hash is one of `token_hashes`.
  virtual Result<std::vector<std::string>> GamesOfTokens(const std::vector<std::string>& token_hashes) = 0;
  // A small write, to tell whether the store can write now (the server's health).
  virtual Status Probe() = 0;
};

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
