// Helpers the Jaipur bots share and the tests reach: not part of the public API.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/jaipur/jaipur.h"
#include "core/prng.h"

namespace souk::ai::jaipur_bots {

// A PRNG seed for the `index`-th draw stream of search `search` of a bot seeded
// `seed`: distinct streams for each search and thread, fixed by the three numbers.
uint64_t StreamSeed(uint64_t seed, uint64_t search, uint64_t index);

// The logistic function: a margin or a logit as a probability.
inline double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace souk::ai::jaipur_bots
