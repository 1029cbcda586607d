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
#include "core/observation_piece.h"

namespace souk::jaipur {

inline constexpr int kObservationSize = 68;

// The slices above, named (the Python module's observer pieces); only the viewer's
// hand is private to it.
inline constexpr ObservationPiece kObservationPieces[] = {
    {"market", 0, 7, false},           {"my_hand", 7, 6, true},
    {"their_known_hand", 13, 6, false}, {"my_known_hand", 19, 6, false},
    {"their_hand_size", 25, 1, false},  {"herds", 26, 2, false},
    {"discards", 28, 7, false},         {"deck_size", 35, 1, false},
    {"goods_tokens_left", 36, 6, false}, {"next_goods_token_value", 42, 6, false},
    {"bonus_tokens_left", 48, 3, false}, {"goods_rupees", 51, 2, false},
    {"goods_tokens_held", 53, 2, false}, {"my_bonus_rupees", 55, 1, true},
    {"my_bonus_tokens", 56, 3, false},  {"their_bonus_tokens", 59, 3, false},
    {"seals", 62, 2, false},            {"my_turn", 64, 1, false},
    {"started_round", 65, 1, false},    {"round", 66, 1, false},
    {"game_over", 67, 1, false},
};
static_assert(TilesExactly(kObservationPieces, kObservationSize));

// Writes the view into `out` (kObservationSize numbers).
void WriteObservation(const View& view, std::span<float, kObservationSize> out);

}  // namespace souk::jaipur
