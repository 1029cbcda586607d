// The Jaipur bots: random, greedy (one move ahead) and information-set MCTS.
//
// A bot plays one seat and sees that seat's View only; to list and try moves it
// samples a world consistent with the view (State::FromView). Bots are
// deterministic: a fresh bot with the same seed, given the same views with the
// same iteration budget, plays the same moves (see ai/search.h).
#pragma once

#include <memory>

#include "ai/search.h"
#include "core/jaipur/jaipur.h"

namespace souk::ai::jaipur_bots {

using Bot = GameBot<jaipur::View, jaipur::Move>;

// Uniform over the legal moves. Analyse lists them in generation order, all zero.
std::unique_ptr<Bot> MakeRandomBot(uint64_t seed);
// The best move by the one-move-ahead heuristic (jaipur_heuristic.h); ties broken
// by the seed. Analyse ranks by that heuristic, reported as `score` (not rupees).
std::unique_ptr<Bot> MakeGreedyBot(uint64_t seed);
// Information-set MCTS (jaipur_mcts.h). Zero params take the defaults.
std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, uint64_t seed);

}  // namespace souk::ai::jaipur_bots
