// Game review (issue 39, docs/review.md): for a finished game, each decision judged
// from what its mover knew then, each chance event's swing in every seat's chance to
// win, and per player an accuracy, a skill and a luck figure. Game-agnostic: it sees
// the game through GameState (format/game.h) and its bots (ai/bot.h) only.
//
// Reproducible: the same record and options give the same review, whatever the
// number of threads; every sample's seed derives from `seed` and the ply.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "format/game.h"
#include "format/json.h"
#include "format/record.h"

namespace souk::review {

// The default budget: the MCTS iterations that look for the best move at each
// decision; measured in docs/review.md to fit 20 s for a Jaipur game and 30 s for a
// four-player Marrakech game on two cores.
inline constexpr int kDefaultBudget = 1000;
// Playouts behind each win-chance estimate.
inline constexpr int kDefaultSamples = 48;

struct ReviewOptions {
  int budget = kDefaultBudget;   // MCTS iterations per decision, 1 to 1000000
  int samples = kDefaultSamples; // playouts per win-chance estimate, 1 to 10000
  uint64_t seed = 1;
  int threads = 0;               // 0: one per core; the result does not depend on it
  int line_plies = 0;            // plies of the bot's line after a flagged move's better one (0: none), up to 40
  std::string playout = "greedy";  // the bot spec that plays every seat in a playout
};
// The options' error, naming the option, or OK.
Status CheckOptions(const ReviewOptions& options);

// Loss thresholds, in win chance (0.05 = 5 percentage points): at least kInaccuracyLoss
// is an inaccuracy, and so on up.
inline constexpr double kInaccuracyLoss = 0.05;
inline constexpr double kMistakeLoss = 0.10;
inline constexpr double kBlunderLoss = 0.20;
enum class Flag : uint8_t { kNone, kInaccuracy, kMistake, kBlunder };
Flag FlagForLoss(double loss);
// "", "inaccuracy", "mistake", "blunder".
std::string_view FlagName(Flag flag);
// lichess's per-move accuracy of a loss in win chance (0 to 1), clamped to 0..100:
// 103.1668 * exp(-0.04354 * d) - 3.1669, d the loss in percentage points.
double MoveAccuracy(double loss);

struct DecisionReview {
  int ply = 0;   // the move's index in the record, from 0
  int seat = 0;  // the mover
  std::string played;
  double played_value = 0;  // the mover's win chance after the move played, from its view
  std::string best;         // the review's best move (the one played when it scores as well)
  double best_value = 0;
  double loss = 0;          // max(0, best_value - played_value)
  Flag flag = Flag::kNone;
  double accuracy = 100;
  bool forced = false;      // one legal move only: not counted in the player's accuracy
  std::vector<std::string> line = {};  // the bot's line after `best`, when asked and flagged
};

// A move whose outcome no player chose: a chance move (Marrakech's die), or a
// decision that brought hidden things to light (Jaipur's cards drawn into the
// market, a new round's deal).
struct ChanceEvent {
  int ply = 0;
  std::string move;
  bool within_decision = false;  // the draw came with a player's move
  std::vector<double> swing;     // per seat: its win chance after, minus before (each from its own view)
};

struct PlayerSummary {
  int seat = 0;
  int decisions = 0;       // not forced
  double accuracy = 100;   // mean of MoveAccuracy over those decisions
  double skill = 0;        // minus the sum of its losses
  double luck = 0;         // the sum of its swings
  int inaccuracies = 0;
  int mistakes = 0;
  int blunders = 0;
};

struct GameReview {
  GameOptions game;
  ReviewOptions options;
  std::vector<std::string> moves;
  std::vector<int> winners;
  std::vector<DecisionReview> decisions;
  std::vector<ChanceEvent> chance_events;
  // win_chance[k][s]: seat s's chance after the first k moves, from s's view.
  std::vector<std::vector<double>> win_chance;
  std::vector<PlayerSummary> players;
};

// One decision, judged from the mover's view only: its first step deals what the
// mover could not see afresh, so two states the mover cannot tell apart give the same
// review. `played` must be legal in `at_decision`, a state with a seat to move.
Result<DecisionReview> ReviewDecision(const GameState& at_decision, std::string_view played,
                                      const ReviewOptions& options, int ply);

// The whole game. Refuses a record that does not replay (the error names the move)
// and a game not finished (game_not_over). `progress`, if given, is called with the
// plies done and the total as they finish, from any thread (one call at a time).
using Progress = std::function<void(int done, int total)>;
Result<GameReview> ReviewGame(const GameRecord& record, const ReviewOptions& options, const Progress& progress = {});

// docs/review.md lists every key.
Json ReviewJson(const GameReview& review);

}  // namespace souk::review
