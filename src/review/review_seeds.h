// Salts that keep the seeds of a review's parts apart (review.h: every seed derives
// from ReviewOptions::seed and the ply). Changing one changes every review.
#pragma once

#include <cstdint>

namespace souk::review {

inline constexpr uint64_t kDealSalt = 0xdea1;      // the decision's first deal of the mover's view
inline constexpr uint64_t kSamplesSalt = 0x5a3b;   // the decision's playouts
inline constexpr uint64_t kSearchSalt = 0x5ea7c;   // the decision's MCTS
inline constexpr uint64_t kLineSalt = 0x11e;       // the bot's line after the better move
inline constexpr uint64_t kSeriesSalt = 0x5e41e5;  // the win-chance series (one seed for every ply)
inline constexpr uint64_t kRevealSalt = 0x4e7ea1;  // the deals that tell whether a move drew something hidden

}  // namespace souk::review
