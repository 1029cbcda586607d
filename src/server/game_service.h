// The games a server runs: creating and joining them, moves from seat-token
// holders, bots playing their seats on a worker pool, every change stored before
// anyone hears of it, and each listener told only what its seat may know.
//
// Thread-safe. Each game has its own lock; the store is written under it, so the
// order of moves in the store is the order they were played. Bots think outside
// every lock and play only if the game has not moved meanwhile.
//
// Several instances may share one store (PostgreSQL; docs/deploy.md): each hears the
// others' moves through it and tells its listeners, a move that another instance
// stored first is judged again on the game as it is, and one instance at a time
// thinks for a bot, holding the lease on its turn (game_service_shared.cc).
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/bot.h"
#include "clock/time_control.h"
#include "core/messages.h"
#include "format/game.h"
#include "server/bot_memory.h"
#include "server/bot_scheduler.h"
#include "server/held_bot_turns.h"
#include "server/hints.h"
#include "server/holdings.h"
#include "server/periodic.h"
#include "server/ratings/rating_store.h"
#include "server/store.h"
#include "server/store_health.h"

namespace souk::server {

struct SeatRequest {
  std::string player = "human";  // "human" or a bot spec
  std::string name;
  // A human seat already held (the lobby's, lobby/lobby.h): the hash of the token its
  // player was given when sitting down, and its account (0: a guest). Empty: the
  // creator's seat, or a seat an invite code opens.
  std::string token_hash = "";
  int64_t account_id = 0;
};

struct CreateRequest {
  std::string game;      // "jaipur" | "marrakech"
  int players = 0;       // 0: the game's default
  std::string variant;
  std::vector<SeatRequest> seats;  // one per seat; the creator takes `creator_seat`
  // A human seat, or -1 when every human seat is held already (a table that filled).
  int creator_seat = 0;
  // Who asks: the peer's address, or the one a trusted proxy names. Stored with the
  // game; active games are counted and bots' turns shared out by it.
  std::string client;
  // The creator's account (its session's), 0 for a guest: the creator's seat is then
  // the account's, under its name (`account_name`).
  int64_t account_id = 0;
  std::string account_name = "";
  // A rated game (docs/ratings.md): a signed-in creator, people only, a game and
  // player count some pool takes.
  bool rated = false;
  // The game's time control (docs/clocks.md); none by default.
  clock::TimeControl clock = {};
  // The game's id, chosen by the lobby before the game is made (so that any instance
  // can make it, once: a second Create of the id fails); empty: a fresh one.
  std::string game_id = "";
};

struct Created {
  std::string game_id;
  int seat = 0;
  std::string token;                          // the creator's seat token
  std::vector<std::pair<int, std::string>> invites;  // the other human seats' invite codes
};

struct Joined {
  int seat = 0;
  std::string token;
};

// One seat's (or a spectator's) picture of a game, as JSON ready to send.
struct Snapshot {
  Json json;
};

// What a listener receives: a JSON text, one message per change.
using Listener = std::function<void(const std::string& message)>;

// The service's limits (docs/game-limits.md); `souk serve` sets them from its options.
struct ServiceOptions {
  // Workers thinking for the bots (server/bot_scheduler.h): `bot_threads` (at least
  // one) for every bot, `quick_bot_threads` more for the bots estimated at 100 ms a
  // move or less.
  int bot_threads = 1;
  int quick_bot_threads = 1;
  // How many nice steps below the server the `bot_threads` think (--bot-nice): the
  // network threads answer first when every core is searching.
  int bot_nice = 10;
  // Every bot of every game together: their search trees between moves and the
  // searches under way (--bot-memory-mb).
  size_t bot_memory_bytes = size_t{1} << 30;
  // Games in play (neither finished nor abandoned) at once, for one client (its
  // address, server/bot_scheduler.h's ClientKey) and for the whole server; 0: no limit.
  int max_games_per_client = 20;
  int max_games = 5000;
  // A game in play without a move for this long is abandoned: when another human
  // seat waits on the one to move, and when only bots do (0: never).
  int64_t abandon_after_ms = int64_t{7} * 24 * 3600 * 1000;
  int64_t abandon_bots_game_after_ms = int64_t{24} * 3600 * 1000;
  // A finished or abandoned game nobody has asked for in this long, with no listener,
  // leaves memory (it is read back from the store when asked for).
  int64_t evict_after_ms = int64_t{10} * 60 * 1000;
  // How often a thread sweeps the games for the two above (0: no thread; SweepIdle).
  int64_t sweep_every_ms = 60 * 1000;
  // How often a thread looks for a seat out of time in the games with a clock, and
  // ends its turn (0: no thread; FlagOverdue). A flag is at most this late: the
  // network's grace (clock/game_clock.h) is larger.
  int64_t flag_every_ms = 200;
  // On a store other instances share (PostgreSQL): how often a thread renews this
  // instance's leases on its bots' turns, takes over the bots' turns whose instance
  // died, and catches up on games it could not read (0: no thread; Follow).
  int64_t follow_every_ms = 1000;
  // Makes a seat's bot from its player spec when the spec starts "engine:" (null: no
  // engines; such seats are refused). `souk serve --engine` sets it to the engine
  // layer's factory over the operator's engines only (docs/protocol.md, "Engines").
  std::function<Result<std::unique_ptr<ai::Bot>>(std::string_view game, std::string_view spec, uint64_t seed)>
      make_engine;
  // Where ratings are kept (ratings/rating_store.h), outliving the service; null: no
  // game is rated, nor may be created rated.
  ratings::RatingStore* ratings = nullptr;
  // An account's name, for the state message's seats ("" for a deleted account; an
  // error when it cannot be told now: the seat's name stands in). Empty: a seat's
  // account is named by the seat's name. Set at the edge (`souk serve`), so that the
  // service knows accounts by their ids only.
  std::function<Result<std::string>(int64_t account_id)> account_name;
  // Called when a move stored here (never one heard from another instance) leaves a
  // turn-based game waiting on a seat an account holds: the email notifications'
  // "your turn" (mail/notifications.h). Called under the game's lock: it only queues.
  std::function<void(const std::string& game_id, int64_t account_id, int seat)> on_turn;
  // The wall clock in Unix milliseconds that dates the service's games, moves and
  // leases on bots' turns, and drives its sweeps (empty: the system clock, wall_time.h).
  // Tests move one by hand to pass a lease's end without waiting for it.
  std::function<int64_t()> now_ms;
};

class GameService {
 public:
  GameService(Store& store, const ServiceOptions& options);
  // The default options with `bot_threads` workers thinking for the bots.
  GameService(Store& store, int bot_threads);
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Replays every unfinished game of the store and lets its bots play on.
  Status Restore();

  // For tests: new games get the seeds `first`, `first + 1`, … instead of secret
  // random ones, so that a failing test replays exactly (it prints its seed).
  void UseSeedsFrom(uint64_t first);

  Result<Created> Create(const CreateRequest& request);
  // Claims the human seat whose invite code this is; the code then stops working.
  // kNotFound for a code that is no invite of the game, kFailedPrecondition for one
  // already used (its hash is kept once claimed, to tell the two apart).
  // With an account (`account_id` not 0), the seat is the account's, under its name;
  // a rated game takes none but a signed-in player (not_signed_in), once (already_seated).
  Result<Joined> Join(const std::string& game_id, const std::string& invite_code, const std::string& name,
                      int64_t account_id = 0, const std::string& account_name = "");
  // Gives the guest seats of these tokens to the account (a guest who signs up or logs
  // in keeps the games played in that browser), under the account's name: one seat a
  // game, none in a game where the account already holds one. The seats given, as
  // [{"game_id", "seat"}]; a token of no seat, or of a seat with an account, gives none.
  Result<Json> AttachSeats(const std::vector<std::string>& tokens, int64_t account_id, const std::string& account_name);
  // What an invite code opens, before it is used, for the invite page: the game, the
  // seat it takes, who invited (the creator's seat, null if unknown) and every seat
  // as the state message lists them. The same errors as Join.
  Result<Json> Invite(const std::string& game_id, const std::string& invite_code);
  // The seat of `token` in the game, or -1 (spectator) for an empty token; an error
  // for a token that is not one of the game's.
  Result<int> SeatOf(const std::string& game_id, const std::string& token);
  // The seat the account holds in the game; forbidden if it holds none.
  Result<int> SeatOfAccount(const std::string& game_id, int64_t account_id);
  // The game as `seat` (-1: a spectator) may see it.
  Result<Snapshot> View(const std::string& game_id, int seat);
  // Plays `move` for `seat`. Returns once the move is stored (and so are the chance
  // outcomes it led to); listeners have been told by then.
  Status Move(const std::string& game_id, int seat, const std::string& move);

  // What `move` would do if `seat` played it now, without playing it:
  // {"legal": true, "event": …} (the public event: the tokens a sale takes, never a
  // hidden value) or {"legal": false, "error": the rule that forbids it, in `lang`,
  // "code": illegal_move, bad_move or not_canonical}.
  Result<Json> Preview(const std::string& game_id, int seat, const std::string& move, Lang lang = Lang::kEn);

  // The hint button, for a seat whose opponents are all bots: `done` is called, on
  // another thread, with {"type": "hint", "moves": [best first…]} or an error
  // message. The search sees that seat's view only.
  void Hint(const std::string& game_id, int seat, std::function<void(Json)> done);

  // A finished game step by step, for the replay viewer: `viewer`'s view (a seat, or
  // -1: a spectator's) before the first move and after each, with the event that led
  // there as that seat heard it. Refused while the game is being played, whoever asks.
  Result<Json> Replay(const std::string& game_id, int viewer = -1);

  // Calls `listener` with the game as `seat` sees it after every change, until
  // Unsubscribe, in the order of the changes; never under the game's lock, and each
  // distinct view is built once a change whatever the number of listeners. Returns a
  // subscription id. Unsubscribe is not to be called from inside a listener.
  // With `with_history`, the listener hears the game's history (History) first.
  Result<uint64_t> Subscribe(const std::string& game_id, int seat, Listener listener, bool with_history = false);
  void Unsubscribe(const std::string& game_id, uint64_t subscription);

  // The game's story as `seat` (-1: a spectator) may know it, for the move log:
  // {"type": "history", "game_id", "seat", "move_count", "events": [every move's
  // event, oldest first]}, each event exactly as that seat heard it live (a bonus
  // token's value for its seller only, no card from the deck).
  Result<Json> History(const std::string& game_id, int seat);

  // A finished game's record (its seed included); an error while it is being played,
  // since the seed orders the deck and the piles.
  Result<Json> Record(const std::string& game_id);

  // The summary of a game for an account's lists (docs/protocol.md, GAME_SUMMARY):
  // {"id", "game", "players", "variant", "rated", "finished", "abandoned", "updated_ms",
  // "seat" (the account's, null if none), "seats": [{"name", "account", "score"}],
  // "result": "win" | "loss" | "draw" for the account's seat once the game is over,
  // else null}.
  Result<Json> Summary(const std::string& game_id, int64_t account_id);

  // The game as stored (seats, options, time control, moves), `finished` and
  // `abandoned` as they are now: what a rematch copies.
  Result<StoredGame> Stored(const std::string& game_id);

  // The lobby: one line per game of these tokens (id, game, seat, whose turn, the
  // seats, whether one still waits for its player, and the result once over).
  Result<Json> GamesOfTokens(const std::vector<std::string>& tokens);

  // Abandons the games in play idle too long at `now_ms` (Unix ms) and lets finished
  // and abandoned games nobody uses leave memory (ServiceOptions). The sweeping
  // thread calls it every sweep_every_ms; tests call it with the time they choose.
  void SweepIdle(int64_t now_ms);
  // Games in memory, and games in play counted against the limits (for tests).
  int GamesInMemory();
  int GamesInPlay();
  // The state messages built since the start (for tests: one per distinct view a
  // change, however many listen, and View's).
  uint64_t SnapshotsBuilt() const { return snapshots_built_; }
  // The bots' turns this instance has thought for since the start (for tests: on a
  // shared store, each turn is thought for by one instance only).
  uint64_t BotTurnsThought() const { return bot_turns_thought_; }

  // Ends the turn of every seat out of time at `now_ms` (Unix ms) in the games held
  // here: the move `timeout` is stored for it, as the rules take it (a Jaipur player
  // loses, a Marrakech player is out). The flagging thread calls it every
  // flag_every_ms; tests call it with the time they choose.
  void FlagOverdue(int64_t now_ms);

  // Whether the store can write: the last write's outcome if it is under a second
  // old and worked, else a small write to see (GET /api/health). "unavailable" when
  // it cannot: every request that writes then fails with that code (HTTP 503).
  Status Health();

  // On a shared store: renews this instance's leases on its bots' turns, takes over
  // the turns whose lease expired (their instance died), and reads back the games it
  // could not. The following thread calls it every follow_every_ms.
  void Follow(int64_t now_ms);

  // Waits until no bot has work queued or in hand (for tests and shutdown).
  void WaitForBots();
  // The bots held in memory over all games (for monitoring and tests): one per bot
  // seat of each game in play; a finished game holds none.
  int BotsHeld();
  // What the bots hold together, against the budget (for monitoring and tests).
  BotMemory::Use BotMemoryUse() const { return bot_memory_.use(); }
  // Runs `job` on a heavy bot worker, taking turns by client with the bots' heavy
  // searches: a game review (reviews/review_service.h) shares their lane and its
  // limits. Dropped, never run, once StopBots is called.
  void SubmitHeavy(const std::string& client, std::function<void()> job);
  // The bots' turns waiting for a worker in `lane` (for monitoring).
  int BotTurnsWaiting(BotLane lane) { return scheduler_.Waiting(lane); }
  // Lets the bot thinking now finish, then stops the workers and releases this
  // instance's leases on bots' turns (another instance takes them at once): call before
  // the network that listeners write to goes away. Bots play no more.
  void StopBots();

  struct Game;  // public for the helpers in game_service*.cc; opaque elsewhere

 private:
  // Changes to tell a game's listeners: made under the game's lock (each distinct
  // view built and serialised once), told when destroyed, after the lock is
  // released, in the order they were made.
  struct Notice {
    Notice() = default;
    Notice(Notice&& other) noexcept
        : game(std::exchange(other.game, nullptr)), ticket(other.ticket), messages(std::move(other.messages)) {}
    Notice& operator=(Notice&& other) noexcept;
    ~Notice() { Deliver(); }
    void Deliver();
    Game* game = nullptr;
    uint64_t ticket = 0;
    std::map<int, std::shared_ptr<const std::string>> messages;  // by seat, -1 the spectators'
  };
  Result<std::shared_ptr<Game>> Find(const std::string& id);
  std::shared_ptr<Game> FindInMemory(const std::string& id);
  Notice AbandonLocked(Game& g, int64_t now_ms);
  void CountLocked(Game& g);
  void UncountLocked(Game& g);
  Status AbandonedError(const std::string& game_id) const;
  Result<std::shared_ptr<Game>> Load(StoredGame stored);
  // A seat's bot: Souk's own, or an engine the operator listed (a game restored after
  // its engine left the list gets the fallback bot).
  Result<std::unique_ptr<ai::Bot>> MakeSeatBot(std::string_view game, const std::string& player, uint64_t seed) const;
  // Judges, stores and plays `move`, received now; `timeout` is the clock's flag,
  // which no player may send (it is no legal move).
  Status ApplyLocked(Game& g, const std::string& move, bool timeout = false);
  // The clocks (game_service_clocks.cc): the seat to move found out of time at
  // `now_ms`, its turn ended by the move `timeout`; and the game's next flag noted
  // for FlagOverdue.
  Status FlagLocked(Game& g, int64_t now_ms);
  void WatchClockLocked(const Game& g);
  // A game ended here (its last move stored, or abandoned by this instance's sweep,
  // `leaver` the seat that was to move): its ratings updated (game_service_ratings.cc).
  void RateLocked(const Game& g, int leaver = -1);
  // The state message's "account" of a seat: its account's name, null for a guest.
  Json SeatAccountLocked(const Game& g, size_t seat) const;
  // Makes `next`, the state after `move`, the game's, once the move is stored, with
  // `at_ms` the time it was received (the clocks').
  void PlayedLocked(Game& g, std::unique_ptr<GameState> next, const std::string& move, int64_t at_ms);
  Status MoveLocked(const std::shared_ptr<Game>& g, int seat, const std::string& move);
  // Shared stores (game_service_shared.cc): a change another instance committed, and
  // reading back what the store has that this instance's copy of `g` lacks.
  void OnStoreChange(const StoreChange& change);
  Status CatchUpLocked(Game& g);
  // The games holding a seat of one of these token hashes, each once, in id order.
  Result<std::vector<std::string>> GamesOfTokenHashes(const std::vector<std::string>& hashes);
  // Plays a move the store already has (another instance stored it), without storing it.
  Status PlayStoredLocked(Game& g, const std::string& move, int64_t at_ms);
  bool BotToMove(const Game& g, const GameState& s) const;
  Status PlayChanceLocked(Game& g);
  Notice NotifyLocked(Game& g);
  std::shared_ptr<const std::string> MessageLocked(Game& g, int seat);
  Json SnapshotLocked(const Game& g, int seat) const;
  Result<Json> HistoryLocked(const Game& g, int seat) const;
  std::shared_ptr<const std::string> HistoryMessageLocked(Game& g, int seat);
  void ScheduleBotLocked(const std::shared_ptr<Game>& g);
  void PlayBot(const std::shared_ptr<Game>& g);
  // The time by options_.now_ms (the system clock unless a test gave one).
  int64_t Now() const { return options_.now_ms(); }

  Store& store_;
  ServiceOptions options_;
  BotMemory bot_memory_;  // before games_: it outlives every bot it counts
  std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<Game>> games_;
  std::optional<uint64_t> next_test_seed_;  // guarded by games_mutex_

  std::atomic<uint64_t> next_subscription_{1};
  mutable std::atomic<uint64_t> snapshots_built_{0};
  std::atomic<uint64_t> bot_turns_thought_{0};
  BotScheduler scheduler_;  // after games_: stopped, its jobs gone, before them

  // The concerns with a lock of their own, beside the games: never a game's lock
  // taken under theirs.
  Holdings holdings_;
  StoreHealth health_;
  HeldBotTurns bot_turns_here_;
  Hints hints_;
  Periodic sweeper_;   // SweepIdle every sweep_every_ms
  Periodic follower_;  // on a shared store: Follow every follow_every_ms
  // The instants some game's seat to move runs out of time, by game id; an entry whose
  // game has moved since is stale, and passed over (FlagOverdue).
  std::mutex flags_mutex_;
  std::multimap<int64_t, std::string> flags_;
  Periodic flagger_;  // FlagOverdue every flag_every_ms
};

}  // namespace souk::server
