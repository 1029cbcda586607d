#include "core/marrakech/marrakech_observation.h"

#include <algorithm>
#include <cassert>

namespace souk::marrakech {

void WriteObservation(const View& v, std::span<float, kObservationSize> out) {
  std::fill(out.begin(), out.end(), 0.0f);
  const int n = v.num_players;
  auto slot_of_seat = [&](int seat) { return (seat - v.viewer + n) % n; };
  auto slot_of_color = [&](int c) { return slot_of_seat(c % n) + n * (c / n); };
  auto at = [&](size_t i) -> float& { return out[i]; };
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const size_t s = static_cast<size_t>(sq);
    if (!v.carpet[s]) continue;
    at(s * 4 + static_cast<size_t>(slot_of_color(v.color[s]))) = 1;
    const int x = SquareX(sq), y = SquareY(sq);
    if (x + 1 < kBoardSize && v.carpet[s + 1] == v.carpet[s]) at(196 + s) = 1;
    if (y + 1 < kBoardSize && v.carpet[s + kBoardSize] == v.carpet[s]) at(245 + s) = 1;
  }
  at(294 + v.assam.square) = 1;
  at(343 + static_cast<size_t>(v.assam.facing)) = 1;
  for (int j = 0; j < n; ++j) {
    const View::Player& p = v.players[static_cast<size_t>((v.viewer + j) % n)];
    const size_t base = 347 + static_cast<size_t>(j) * 6;
    at(base) = 1;
    at(base + 1) = p.out;
    at(base + 2) = static_cast<float>(p.dirhams);
    at(base + 3) = static_cast<float>(p.pile_size);
    at(base + 4) = p.carpets_left[0];
    at(base + 5) = p.carpets_left[1];
  }
  at(371 + static_cast<size_t>(v.phase)) = 1;
  if (v.phase != Phase::kGameOver) at(375 + static_cast<size_t>(slot_of_seat(v.to_move))) = 1;
  if (v.current_carpet >= 0) at(379 + static_cast<size_t>(slot_of_color(v.current_carpet))) = 1;
  at(383 + static_cast<size_t>(n - 2)) = 1;
  at(386) = v.variant == Variant::kSingleColour;
}

}  // namespace souk::marrakech
