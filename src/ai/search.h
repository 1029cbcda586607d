// What every bot of every game shares: its budget, and what an analysis reports.
//
// A bot is built for one seat's decisions and is given that seat's View only (see
// src/core/<game>/<game>.h): the types leave it no way to reach hidden information.
// Bots are deterministic: the same seed, the same iteration budget, the same number
// of threads and the same sequence of views give the same moves, whatever the
// threads' timing. (Another thread count splits the budget and the random streams
// otherwise, so it may choose differently.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace souk::ai {

// How long a search may think about one move. With both limits set, whichever
// is reached first ends it; with neither, the bot's default applies.
struct Budget {
  int64_t iterations = 0;  // 0: no iteration limit
  int time_ms = 0;         // 0: no time limit
  // Root-parallel threads (each searches its own tree with its own PRNG stream;
  // their root statistics are summed). An iteration budget is split between them
  // in fixed shares, so the result stays deterministic.
  int threads = 1;
  // time_ms is a clock's gain per move, not each move's limit: the bot thinks
  // time_ms a move on average, less where one move stands out and up to twice as
  // long where the root is split (ai/time_manager.h).
  bool clock = false;
  bool operator==(const Budget&) const = default;
};

// Tuning knobs of Monte Carlo tree search; 0 means the game's default.
struct MctsParams {
  Budget budget;
  double exploration = 0;  // the UCT constant
  int rollout_cap = 0;     // moves simulated past the tree before evaluating
  bool operator==(const MctsParams&) const = default;
};

// One legal move as a search sees it, from the deciding player's point of view.
template <typename Move>
struct RankedMove {
  Move move;
  int64_t visits = 0;      // root visits (0 for bots that do not search)
  double win_rate = 0;     // estimated probability of winning (Jaipur: the round's seal)
  double score = 0;        // expected score margin over the best opponent at the end of
                           // the round (Jaipur: rupees) or game (Marrakech: score)
};

// Every legal move, best first (most visits, then win rate), with what the search did.
template <typename Move>
struct Analysis {
  std::vector<RankedMove<Move>> moves;
  int64_t iterations = 0;
  double seconds = 0;
};

// One game's bot, on that game's own types. It plays one seat and is given that
// seat's View only (never a State). Each game names its own: jaipur_bots::Bot.
template <typename View, typename Move>
class GameBot {
 public:
  virtual ~GameBot() = default;
  // Precondition: the game is not over and the viewer is to decide (never a chance
  // move). Returns a legal move.
  virtual Move ChooseMove(const View& view) = 0;
  // Every legal move ranked best first, with visits / win_rate / score (above).
  virtual Analysis<Move> Analyse(const View& view) = 0;
  // Memory (see ai::Bot in ai/bot.h): bots that keep no pools hold nothing.
  virtual size_t MemoryBytes() const { return 0; }
  virtual size_t SearchMemoryBytes() const { return 0; }
  virtual void SetMemoryLimit(size_t /*bytes*/) {}
  virtual void ReleaseMemory() {}
  // See ai::Bot::CapNextMove. Bots that think no time ignore it.
  virtual void CapNextMove(int /*ms*/) {}
};

}  // namespace souk::ai
