// One player's view of a game of any kind: what the generic layers (bots, arena,
// server) pass around without knowing the game.
#pragma once

#include <variant>

#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"

namespace souk {

using AnyView = std::variant<jaipur::View, marrakech::View>;

}  // namespace souk
