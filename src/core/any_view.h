// One player's view of a game of any kind: what the generic layers (bots, arena,
// server) pass around without knowing the game; a game registered at run time
// (core/registered_game.h) is its last alternative.
#pragma once

#include <variant>

#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"
#include "core/registered_game.h"

namespace souk {

using AnyView = std::variant<jaipur::View, marrakech::View, RegisteredView>;

}  // namespace souk
