// Helpers the Jaipur bots share and the tests reach: not part of the public API.
#pragma once

#include <cstdint>

#include "core/jaipur/jaipur.h"
#include "core/prng.h"

namespace souk::ai::jaipur_bots {

// A PRNG seed for the `index`-th draw stream of search `search` of a bot seeded
// `seed`: distinct streams for each search and thread, fixed by the three numbers.
uint64_t StreamSeed(uint64_t seed, uint64_t search, uint64_t index);

}  // namespace souk::ai::jaipur_bots
