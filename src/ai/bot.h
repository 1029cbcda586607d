// Bots of every game behind one interface, named by spec strings (ai/bot_spec.h).
// The arena, `souk hint`, the terminal and the server use this; each game's own
// bots are in src/ai/<game>/.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/bot_spec.h"
#include "core/any_view.h"
#include "core/game_type.h"
#include "core/status.h"

namespace souk::ai {

// A move as text (canonical), with what the bot's search thinks of it.
using TextAnalysis = Analysis<std::string>;

// Why a bot could not move, by kind: what the arena groups failures by and a script
// can rely on (the names are stable, docs/engine-protocol.md lists them); the
// message says the rest.
enum class BotFailure : uint8_t {
  kNone,
  kFailedToStart,  // failed_to_start: the program could not be run
  kCrashed,        // crashed: it exited, or closed its output
  kHung,           // hung: no reply to a request within the reply timeout
  kTimedOut,       // timed_out: no bestmove within its time and the margin
  kFlooded,        // flooded: an over-long line, or too many info lines
  kRefused,        // refused: it does not play this game, seat count or variant
  kReportedError,  // reported_error: it answered a request with `error`
  kMalformedLine,  // malformed_line: a line the protocol does not have
  kIllegalMove,    // illegal_move: a bestmove that is not a legal move's canonical text
  kNoMove,         // no_move: it gave no move and no reason
};
std::string_view BotFailureName(BotFailure failure);

class Bot {
 public:
  virtual ~Bot() = default;
  // The bot's move, in canonical text, for the player whose view this is. The view
  // must be of the bot's game, with that player to decide (not a chance move).
  virtual std::string ChooseMove(const AnyView& view) = 0;
  // The player's legal moves ranked best first.
  virtual TextAnalysis Analyse(const AnyView& view) = 0;

  // Memory, for a server holding many bots at once (docs/ai.md). Never called during
  // a search. Bots that keep nothing between moves hold 0.
  //
  // The bytes the bot holds between moves: its node pools, a kept search tree.
  virtual size_t MemoryBytes() const = 0;
  // The most the next search would hold at any moment (its pools while it reuses
  // and grows them) without a limit from SetMemoryLimit: what to set aside for it.
  virtual size_t SearchMemoryBytes() const = 0;
  // Caps what the bot holds during and after its searches from now on, 0 for no cap
  // but the bot's own ceiling. A bot holding more drops its tree at its next search;
  // a search under a small cap stops growing its tree sooner (a few KB always).
  virtual void SetMemoryLimit(size_t bytes) = 0;
  // Drops what the bot keeps between moves: the next search starts afresh.
  virtual void ReleaseMemory() = 0;

  // The next ChooseMove or Analyse thinks at most `ms` milliseconds, whatever the
  // bot's budget (0: no cap): a bot on a game clock is told what its clock allows
  // (docs/clocks.md). For that one move only. A bot that thinks no time ignores it.
  virtual void CapNextMove(int ms) { (void)ms; }

  // Why this bot could not move, or "" while it can. Souk's own bots never fail; a
  // bot that is another program (an engine, src/engine/engine_bot.h) can, and then
  // ChooseMove returns "" and its seat loses the game. Its message starts with what
  // failed ("engine random-py timed out: ...").
  virtual std::string FailureReason() const { return {}; }
  // Its kind, kNone while the bot can move.
  virtual BotFailure FailureKind() const { return BotFailure::kNone; }
};

// The AI layer's side of the game registry (core/game_type.h): a game's bots, and
// what one MCTS iteration costs on one core (the levels' measured rates, rounded up:
// docs/ai.md), for estimates. `make` returns null for a kind the game has no bot of.
struct BotModule {
  const GameType* type;
  std::unique_ptr<Bot> (*make)(std::string_view game, const BotSpec& spec, uint64_t seed);
  double micros_per_iteration;
};
// Adds the bots of a game registered at run time, from a static initialiser of the
// game's own files; false when that game already has bots. `module` must outlive
// the program.
bool RegisterBotModule(const BotModule& module);

// For a registered game's module (core/registered_game.h): a bot that plays one of
// the view's legal moves, uniformly at random.
std::unique_ptr<Bot> MakeRegisteredRandomBot(uint64_t seed);

// A bot for `game`, or the error naming a kind it has no bot of (kNotFound: a game
// of the tests has no MCTS); the seed fixes its every choice.
Result<std::unique_ptr<Bot>> MakeBot(std::string_view game, const BotSpec& spec, uint64_t seed);
Result<std::unique_ptr<Bot>> MakeBot(std::string_view game, std::string_view spec, uint64_t seed);

// How long a move of this bot takes on one core, in ms, estimated from its spec: an
// MCTS bot's iterations at its game's measured cost, or its time budget if shorter;
// 0 for bots that do not search (and for an unknown game).
double EstimatedThinkMs(std::string_view game, const BotSpec& spec);

}  // namespace souk::ai
