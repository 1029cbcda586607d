// One seat's view of Jaipur as a fixed-length vector of numbers, for learning code
// (the Python library's observation_tensor). It encodes a View, so it holds only
// what that seat may know: re-dealing everything hidden from it leaves every
// number the same (jaipur_observation_test.cc).
//
// Seats are relative: "me" is the viewer, "them" the opponent. Counts are plain
// numbers (a hand of 3 cloth is 3.0), flags 0 or 1. Slices, in order:
//
//   offset  size  what
//   0       7     market: cards of each type (diamond, gold, silver, cloth, spice, leather, camel)
//   7       6     my hand: goods of each type
//   13      6     their hand: goods of each type I know they hold (taken from the market)
//   19      6     my hand: goods of each type they know I hold
//   25      1     their hand size
//   26      2     herds: mine, theirs
//   28      7     discard pile: cards of each type
//   35      1     deck size
//   36      6     goods tokens left on each pile
//   42      6     value of the next goods token of each pile (0 when empty)
//   48      3     bonus tokens left on each pile (3, 4, 5+ cards)
//   51      2     goods tokens' rupees: mine, theirs
//   53      2     goods tokens held: mine, theirs
//   55      1     my bonus tokens' rupees
//   56      3     my bonus tokens from each pile
//   59      3     their bonus tokens from each pile (values unknown)
//   62      2     seals: mine, theirs
//   64      1     it is my turn
//   65      1     I started this round
//   66      1     the round's number
//   67      1     the game is over
#pragma once

#include <span>

#include "core/jaipur/jaipur.h"

namespace souk::jaipur {

inline constexpr int kObservationSize = 68;

// Writes the view into `out` (kObservationSize numbers).
void WriteObservation(const View& view, std::span<float, kObservationSize> out);

}  // namespace souk::jaipur
