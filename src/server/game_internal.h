// What the files of GameService share (game_service*.cc): a game as the service holds
// it, and the helpers more than one of them uses. Not for other code.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "clock/game_clock.h"
#include "server/game_service.h"
#include "server/wall_time.h"

namespace souk::server {

// What plays an engine's seat once the engine has failed in a game.
inline constexpr const char* kEngineFallbackBot = "medium";
// The move that ends the turn of a seat out of time (docs/clocks.md): the rules core
// takes it, never lists it as legal, so only the clock plays it.
inline constexpr const char* kTimeOutMove = "timeout";
// Whether a seat's player spec names one of the operator's engines.
bool IsEngine(std::string_view player);
// A stable seed per game and seat, for its bot (game_service_bots.cc).
uint64_t BotSeed(const std::string& game_id, int seat);
// The record holds canonical text only: the same move in any other spelling is
// refused rather than rewritten, so what a client sent is what is stored (and what
// describing the move reads: "sell 1 leathers" names no token pile).
Status CheckCanonical(const std::vector<std::string>& legal, const std::string& move);
// How a game in play ends unplayed (ServiceOptions), for the messages that say so.
std::string AbandonRule(const ServiceOptions& options);

struct GameService::Game {
  std::mutex mutex;
  StoredGame stored;
  std::unique_ptr<GameState> state;
  // Its clocks, replayed from the stored moves' times: none until the first move, and
  // none ever without a time control (docs/clocks.md).
  clock::GameClock clock;
  // Null for human seats, and for every seat once the game is over: a finished game
  // stays in memory for its record and replay, its bots' search trees need not.
  // Shared so that a worker thinking without the lock keeps its bot alive.
  std::vector<std::shared_ptr<ai::Bot>> bots;
  // Listeners are told outside the game's lock, in the order of the changes: each
  // change (and each listener's first state) takes a ticket under the lock, and is
  // delivered when the ticket before it has been.
  std::map<int, int> listener_seats;  // how many listen as each seat (-1: spectators)
  uint64_t tickets = 0;               // changes to tell so far
  std::mutex delivery_mutex;          // held while telling; guards what follows
  std::condition_variable delivery_turn;
  uint64_t delivered = 0;             // the last ticket told
  std::map<uint64_t, std::pair<int, Listener>> listeners;
  // The state messages of the game as it is now, by seat: a change makes them anew,
  // and listeners arriving meanwhile (a thousand spectators at once) share them.
  uint64_t version = 0;  // changes so far
  std::map<int, std::pair<uint64_t, std::shared_ptr<const std::string>>> messages;
  // When each of them was made: with a clock running, an old one tells stale times.
  std::map<int, int64_t> messages_made_ms;
  bool bot_queued = false;
  std::vector<BotLane> lanes;  // by seat: which workers its bot waits for
  std::string client;          // ClientKey of its creator's address
  bool abandoned = false;  // left idle too long: kept, never played again
  bool in_play = false;    // counted against the limits on games in play
  std::atomic<int64_t> last_access_ms{0};  // the last time anyone asked for it
  bool stalled = false;  // the store failed to take a move: the sweep tries again
  // A shared store has changes this copy lacks and could not be read: Follow reads it back.
  bool behind = false;
  // The story (game_service_history.cc). The events of the moves played since the
  // listeners were last told, each as every viewer may know it (index seat + 1, 0 the
  // spectators'): the next state message carries them all, so a move and the roll it
  // led to both reach the move log.
  std::vector<std::vector<Json>> fresh_events;
  // Every move's event from the start, by seat as for `messages`: a listener's first
  // message, shared by the listeners arriving at one version.
  std::map<int, std::pair<uint64_t, std::shared_ptr<const std::string>>> histories;
  // The names of the accounts that hold its seats, as ServiceOptions::account_name
  // gave them, asked once while the game stays in memory ("" for a deleted account).
  mutable std::map<int64_t, std::string> account_names;
};

// The clocks (game_service_clocks.cc). Tells `clock` of a move received at `at_ms`:
// `mover` the seat that made it (GameState::kChance for a chance outcome), `after` the
// game it led to, `timeout` whether it was the clock's flag. The first move of a
// player starts the clock. Refused, coded out_of_time, when the mover's time had run
// out; the clock is then unchanged.
Status TellClock(clock::GameClock& clock, const clock::TimeControl& control, int mover, const GameState& after,
                 bool timeout, int64_t at_ms);
// What the bot to move on `clock` may think at `now_ms`, in ms (ai::Bot::CapNextMove):
// a thirtieth of its time left (a Jaipur game is some 30 decisions a player) and most
// of its increment, less 50 ms for the server's own work on the move, at least 5 ms. A
// bot that keeps to it never loses on time on a server with a core to spare.
int BotThinkCapMs(const clock::GameClock& clock, int64_t now_ms);
// The clocks of a stored game as its moves' times leave them.
Result<clock::GameClock> ReplayClock(const StoredGame& stored);
// The state message's clock fields at `now_ms`: "clock" (the time control, null
// without one), "clocks" (each seat's milliseconds left, null without a clock),
// "clock_running" and "deadline_ms" (turn-based: when the turn ends; else null).
void AddClocks(const GameService::Game& g, int64_t now_ms, Json& message);

// At the end, each seat's own part of its view (a Jaipur hand and bonus token values):
// the final table, shown to everyone. Never before: the view's hidden part is secret
// while the game goes on.
Json Reveal(const GameState& s);

// The story's part of a game (game_service_history.cc). After a move is applied:
// notes its event as each viewer may know it, for the next state message.
void NoteFreshEvents(GameService::Game& g);
// Adds to `seat`'s state message the events since the listeners were last told
// ("events_from", "events") and, once the game is over, what was hidden ("reveal").
void AddStory(const GameService::Game& g, int seat, Json& message);

}  // namespace souk::server
