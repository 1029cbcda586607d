// Every Marrakech decision and die face as a number that means the same move in
// every state: the fixed action space that learning code works in.
//
//   0 to 2    orient Assam: left, straight, right
//   3 to 6    the die's outcomes (chance): roll 1, 2, 3, 4
//   7 to 90   place a carpet: the 84 pairs of orthogonally adjacent squares, by
//             their first square (row-major, a1 = 0) then the second
#pragma once

#include "core/marrakech/marrakech.h"

namespace souk::marrakech {

inline constexpr int kFirstOrientAction = 0;
inline constexpr int kFirstRollAction = 3;
inline constexpr int kFirstPlaceAction = 7;
inline constexpr int kNumPlacements = 2 * kBoardSize * (kBoardSize - 1);  // 84
inline constexpr int kNumDistinctActions = kFirstPlaceAction + kNumPlacements;  // 91

// The id of a move; -1 for one outside the table (a roll off the die, squares not
// adjacent).
int ActionOf(const Move& move);
// The move of an id in [0, kNumDistinctActions).
Move MoveOf(int action);

}  // namespace souk::marrakech
