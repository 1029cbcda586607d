// The Jaipur bots: random, greedy (one move ahead) and information-set MCTS.
//
// A bot plays one seat and sees that seat's View only; to list and try moves it
// samples a world consistent with the view (State::FromView). Bots are
// deterministic: a fresh bot with the same seed, given the same views with the
// same iteration budget, plays the same moves (see ai/search.h).
#pragma once

#include <cstddef>
#include <memory>

#include "ai/search.h"
#include "core/jaipur/jaipur.h"

namespace souk::ai::jaipur_bots {

// A bot plays one seat. It is given that seat's View only (never a State).
class Bot {
 public:
  virtual ~Bot() = default;
  // Precondition: !view.game_over && view.to_move == view.viewer. Returns a legal move.
  virtual jaipur::Move ChooseMove(const jaipur::View& view) = 0;
  // Every legal move ranked best first, with visits / win_rate / score (see ai/search.h).
  virtual Analysis<jaipur::Move> Analyse(const jaipur::View& view) = 0;
  // Memory (see ai::Bot in ai/bot.h): bots that keep no pools hold nothing.
  virtual size_t MemoryBytes() const { return 0; }
  virtual size_t SearchMemoryBytes() const { return 0; }
  virtual void SetMemoryLimit(size_t /*bytes*/) {}
  virtual void ReleaseMemory() {}
};

// Uniform over the legal moves. Analyse lists them in generation order, all zero.
std::unique_ptr<Bot> MakeRandomBot(uint64_t seed);
// The best move by the one-move-ahead heuristic (jaipur_heuristic.h); ties broken
// by the seed. Analyse ranks by that heuristic, reported as `score` (not rupees).
std::unique_ptr<Bot> MakeGreedyBot(uint64_t seed);
// Information-set MCTS (jaipur_mcts.h). Zero params take the defaults.
std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, uint64_t seed);

}  // namespace souk::ai::jaipur_bots
