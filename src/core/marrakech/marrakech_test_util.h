// Position builders shared by the Marrakech rule tests and the bot tests.
#pragma once

#include <cassert>
#include <string_view>

#include "core/marrakech/marrakech.h"

namespace souk::marrakech::testing {

struct Mode {
  int players;
  Variant variant;
  const char* name;
};
inline constexpr Mode kModes[] = {{2, Variant::kStandard, "2p"},
                                  {2, Variant::kSingleColour, "2p-single-colour"},
                                  {3, Variant::kStandard, "3p"},
                                  {4, Variant::kStandard, "4p"}};

// Lays a carpet of colour c on squares a and b as if its owner had placed it: the
// board, the colour bits, the placed count, and one carpet of that colour off the
// owner's pile.
inline void Lay(State* s, std::string_view a, std::string_view b, int c) {
  PlayerState& owner = s->players[static_cast<size_t>(s->Owner(c))];
  for (int i = 0; i < owner.pile_size; ++i) {
    if (owner.pile[static_cast<size_t>(i)] != c) continue;
    for (int k = i; k + 1 < owner.pile_size; ++k) owner.pile[static_cast<size_t>(k)] = owner.pile[static_cast<size_t>(k + 1)];
    owner.pile[static_cast<size_t>(--owner.pile_size)] = 0;
    break;
  }
  uint8_t id = static_cast<uint8_t>(s->NextCarpetId());
  for (std::string_view name : {a, b}) {
    auto square = ParseSquare(name);
    assert(square.has_value());
    int sq = square.value_or(0);
    size_t i = static_cast<size_t>(sq);
    if (s->carpet[i]) s->color_bits[s->color[i]] &= ~(uint64_t{1} << sq);
    s->carpet[i] = id;
    s->color[i] = static_cast<uint8_t>(c);
    s->color_bits[static_cast<size_t>(c)] |= uint64_t{1} << sq;
  }
  ++s->placed[static_cast<size_t>(c)];
}

}  // namespace souk::marrakech::testing
