#include "core/marrakech/marrakech_actions.h"

#include <array>
#include <cassert>

namespace souk::marrakech {
namespace {

struct Placements {
  std::array<Move, kNumPlacements> by_index{};
  std::array<std::array<int8_t, kNumSquares>, kNumSquares> index{};  // [first][second], -1 when not a pair

  constexpr Placements() {
    for (auto& row : index) row.fill(-1);
    int n = 0;
    for (int a = 0; a < kNumSquares; ++a)
      for (int b = a + 1; b < kNumSquares; ++b) {
        if (!Adjacent(a, b)) continue;
        by_index[static_cast<size_t>(n)] = Move::Place(a, b);
        index[static_cast<size_t>(a)][static_cast<size_t>(b)] = static_cast<int8_t>(n);
        ++n;
      }
  }
};

const Placements& GetPlacements() {
  static const Placements placements;
  return placements;
}

}  // namespace

int ActionOf(const Move& move) {
  switch (move.kind) {
    case MoveKind::kOrient: return move.turn <= Turn::kRight ? kFirstOrientAction + static_cast<int>(move.turn) : -1;
    case MoveKind::kRoll: return move.roll >= 1 && move.roll <= 4 ? kFirstRollAction + move.roll - 1 : -1;
    case MoveKind::kTimeOut: return -1;  // the clock's, never a player's choice
    case MoveKind::kPlace: {
      if (move.first >= kNumSquares || move.second >= kNumSquares) return -1;
      const int i = GetPlacements().index[move.first][move.second];
      return i < 0 ? -1 : kFirstPlaceAction + i;
    }
  }
  return -1;
}

Move MoveOf(int action) {
  assert(action >= 0 && action < kNumDistinctActions);
  if (action < kFirstRollAction) return Move::Orient(static_cast<Turn>(action - kFirstOrientAction));
  if (action < kFirstPlaceAction) return Move::Roll(action - kFirstRollAction + 1);
  return GetPlacements().by_index[static_cast<size_t>(action - kFirstPlaceAction)];
}

}  // namespace souk::marrakech
