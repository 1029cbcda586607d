// A named piece of a game's observation tensor (core/<game>/<game>_observation.h),
// so that a learner can cut it into parts (the Python module's observers, whose
// pieces docs/python.md tables) from the layout's own definition, not a copy of it.
#pragma once

#include <span>
#include <string_view>

namespace souk {

struct ObservationPiece {
  std::string_view name;
  int offset = 0;
  int size = 0;
  // Known to the viewing seat alone (its own hidden cards); the rest is public.
  bool private_to_viewer = false;
};

// Whether the pieces cover [0, size) in order, each right after the previous one:
// a layout's table is checked against its tensor's size at compile time.
constexpr bool TilesExactly(std::span<const ObservationPiece> pieces, int size) {
  int next = 0;
  for (const ObservationPiece& piece : pieces) {
    if (piece.offset != next || piece.size <= 0) return false;
    next += piece.size;
  }
  return next == size;
}

}  // namespace souk
