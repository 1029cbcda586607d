// One seat's view of Marrakech as a fixed-length vector of numbers, for learning
// code (the Python library's observation_tensor). It encodes a View, so it holds
// only what that seat may know (never the piles' order): re-dealing what is hidden
// leaves every number the same (marrakech_observation_test.cc).
//
// Seats and colours are relative to the viewer: seat slot j is the seat j places
// after the viewer's; a colour's slot is its owner's slot, plus the number of
// players for an owner's second colour (two-player game). Counts are plain
// numbers, flags 0 or 1. Slices, in order (squares row-major, a1 = 0):
//
//   offset  size  what
//   0       196   each square's visible colour, one-hot over the 4 colour slots (all 0: empty)
//   196     49    each square shows the same carpet as the square to its right
//   245     49    each square shows the same carpet as the square below it
//   294     49    Assam's square, one-hot
//   343     4     Assam's facing, one-hot: north, east, south, west
//   347     24    per seat slot (4 slots, 6 numbers each): in the game (a seat of this
//                 game), out, dirhams, pile size, carpets left of its first colour, of
//                 its second colour
//   371     4     phase, one-hot: orient, roll, place, game over
//   375     4     the seat slot to move, one-hot (none once the game is over)
//   379     4     the colour slot of the carpet to place, one-hot (none outside the place phase)
//   383     3     players, one-hot: 2, 3, 4
//   386     1     the single-colour variant
#pragma once

#include <span>

#include "core/marrakech/marrakech.h"
#include "core/observation_piece.h"

namespace souk::marrakech {

inline constexpr int kObservationSize = 387;

// The slices above, named (the Python module's observer pieces); everything is public.
inline constexpr ObservationPiece kObservationPieces[] = {
    {"board_colour", 0, 196, false},   {"same_carpet_right", 196, 49, false}, {"same_carpet_below", 245, 49, false},
    {"assam_square", 294, 49, false},  {"assam_facing", 343, 4, false},       {"seats", 347, 24, false},
    {"phase", 371, 4, false},          {"to_move", 375, 4, false},            {"carpet_to_place", 379, 4, false},
    {"players", 383, 3, false},        {"single_colour", 386, 1, false},
};
static_assert(TilesExactly(kObservationPieces, kObservationSize));

// Writes the view into `out` (kObservationSize numbers).
void WriteObservation(const View& view, std::span<float, kObservationSize> out);

}  // namespace souk::marrakech
