// Where strangers meet (docs/lobby.md): open tables that others sit at, quick play
// ("play now") that pairs waiting players by rating, and rematches. Beside the game
// service: the lobby makes a game through it once its seats are filled, and knows
// accounts by id only.
//
// Every change goes through LobbyStore::Transact, so several instances on one
// PostgreSQL agree: a table is filled once, a waiting request is paired once. The game
// a table or a pairing makes has its id chosen inside that transaction, and is made
// after it by whichever instance gets there first (GameService::Create refuses a second
// game of the same id), so that an instance dying in between loses nothing: the next
// one asked makes it.
//
// A player sitting down, or asking to play now, gets a token at once: the seat token
// of the game to come (only its hash is kept). Guests are known by it; accounts by
// their id too, from any browser.
#pragma once

#include <climits>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "clock/time_control.h"
#include "core/status.h"
#include "format/json.h"
#include "server/game_service.h"
#include "server/lobby/lobby_store.h"
#include "server/periodic.h"
#include "server/ratings/rating_store.h"

namespace souk::server::lobby {

// Who asks.
struct Player {
  int64_t account_id = 0;  // 0: a guest
  std::string name;        // the account's name, or the name a guest gave
  std::string client;      // the address (AddressKey): what the limits count
  std::string token;       // a token the lobby gave (Bearer), to find a guest's own entries
};

// A game to play: a table's, or a quick-play request's (which all must share).
struct GameWanted {
  std::string game;
  int players = 0;  // 0: the game's default
  std::string variant;
  bool rated = false;
  clock::TimeControl clock = {};
};

struct TableRequest {
  GameWanted wanted;
  // Only players rated within this range may sit (a new player counts 1500).
  std::optional<std::pair<int, int>> rating_range;
};

// A rematch just offered: whom to tell (the email notifications, docs/notifications.md).
struct RematchOffered {
  std::string table_id;              // the rematch's table
  std::string last_game_id;          // the finished game, whose page answers the offer
  std::string game;                  // "jaipur"
  std::string offered_by;            // the name of the player who asked
  std::vector<int64_t> invited;      // the other players of the last game with accounts
  int64_t expires_ms = 0;            // when the offer lapses unanswered
};

// The lobby's limits and times (docs/lobby.md); `souk serve` sets them from its options.
struct LobbyOptions {
  int tables_per_account = 3;   // open tables an account owns at once
  int tables_per_client = 10;   // open tables owned from one address (guests and accounts)
  int seeks_per_client = 4;     // quick-play requests waiting from one address
  int max_open = 2000;          // open tables and waiting requests on the server together
  int64_t table_expires_after_ms = 30 * 60 * 1000;  // an open table nobody filled closes
  // A waiting request nobody has asked after (GET /api/play-now/ID) for this long is
  // dropped: its player has gone.
  int64_t seek_dropped_after_ms = 15 * 1000;
  // After this long waiting, the answer offers a bot (POST /api/play-now/ID/bot).
  int64_t bot_offer_after_ms = 20 * 1000;
  std::string offered_bot = "medium";
  // How often the table list's listeners look for another instance's changes.
  int64_t watch_every_ms = 500;
  std::function<int64_t()> now_ms;  // empty: the system clock
  // Told of each rematch offered, after it is stored; on the asker's request thread, so
  // it only queues.
  std::function<void(const RematchOffered&)> on_rematch_offered;
};

// How far apart two ratings may be paired after `waited_ms` in the queue: 100 at
// first, 20 more a second, any from 30 s on (docs/lobby.md).
double PairingRange(int64_t waited_ms);

class Lobby {
 public:
  Lobby(LobbyStore& store, GameService& games, ratings::RatingStore* ratings, LobbyOptions options);
  ~Lobby();
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  // POST /api/tables: {"table": TABLE, "token"}; the opener takes the first seat.
  Result<Json> OpenTable(const TableRequest& request, const Player& owner);
  // POST /api/tables/ID/sit: {"table": TABLE, "token"}; the table's game starts when
  // this fills it ("game_id" set).
  Result<Json> Sit(const std::string& table_id, const Player& player);
  // DELETE /api/tables/ID: the owner cancels the table; another player sitting at it
  // stands up. {"table": TABLE}.
  Result<Json> Leave(const std::string& table_id, const Player& player);
  // GET /api/tables/ID: {"table": TABLE}, whatever its state; with "yours" and, once
  // started, the seat of `player` if it sat there.
  Result<Json> Table(const std::string& table_id, const Player& player);
  // GET /api/tables: {"type": "tables", "version", "tables": [TABLE…]} the open ones,
  // oldest first.
  Result<Json> Tables();

  // POST /api/play-now: {"seek": SEEK, "token"}: paired at once with a waiting player
  // whose rating is close enough, or waiting.
  Result<Json> PlayNow(const GameWanted& wanted, const Player& player);
  // GET /api/play-now/ID: {"seek": SEEK}; a waiting request tries to pair again, its
  // range widened by the time it waited.
  Result<Json> Seek(const std::string& seek_id, const Player& player);
  // DELETE /api/play-now/ID: stops waiting.
  Result<Json> CancelSeek(const std::string& seek_id, const Player& player);
  // POST /api/play-now/ID/bot: a waiting request offered a bot takes it.
  Result<Json> TakeBot(const std::string& seek_id, const Player& player);

  // POST /api/games/ID/rematch: offers (or accepts) a rematch of a finished game, the
  // seats turned by one (swapped for two): {"table": TABLE, "token"}. The game starts
  // once every person of the last game has asked.
  Result<Json> Rematch(const std::string& game_id, int seat, const Player& player);

  // GET /api/games/ID/rematch: {"table": TABLE} of the game's rematch as `player` sees
  // it, or {"table": null} while none is offered (the game's end polls it).
  Result<Json> RematchOf(const std::string& game_id, const Player& player);

  // The table list's listeners (the WebSocket at /api/tables/ws): `listener` hears the
  // list now and after every change, from this instance or another.
  uint64_t SubscribeTables(std::function<void(const std::string& message)> listener);
  void UnsubscribeTables(uint64_t subscription);

 private:
  int64_t Now() const;
  // A game the lobby filled: made now unless made already (by this instance or another).
  Status MakeGame(const Json& made);
  Result<double> RatingOf(int64_t account_id, const GameWanted& wanted);
  Result<Json> SitterOf(const Player& player, const GameWanted& wanted, std::string* token);
  void TellListeners();

  LobbyStore& store_;
  GameService& games_;
  ratings::RatingStore* ratings_;
  const LobbyOptions options_;

  std::mutex listeners_mutex_;
  std::map<uint64_t, std::function<void(const std::string&)>> listeners_;
  uint64_t next_listener_ = 1;
  int64_t version_told_ = -1;         // the list's version the listeners last heard
  int64_t next_expiry_ = INT64_MAX;  // when a table of that list expires first
  Periodic watcher_;
};

}  // namespace souk::server::lobby
