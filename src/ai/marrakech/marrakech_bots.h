// The Marrakech bots: random, greedy (one move ahead, expecting the die) and MCTS
// with the die's rolls as chance nodes. A bot plays one seat and is deterministic
// (see ai/search.h); the die is a chance move, never a bot's.
#pragma once

#include <memory>

#include "ai/search.h"
#include "core/marrakech/marrakech.h"

namespace souk::ai::marrakech_bots {

using Bot = GameBot<marrakech::View, marrakech::Move>;

std::unique_ptr<Bot> MakeRandomBot(uint64_t seed);
std::unique_ptr<Bot> MakeGreedyBot(uint64_t seed);
std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, uint64_t seed);

}  // namespace souk::ai::marrakech_bots
