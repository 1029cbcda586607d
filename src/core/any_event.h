// What one move of a game of any kind did (core/<game>/<game>_event.h), for the
// generic layers that pass events around without knowing the game; monostate
// before any move.
#pragma once

#include <variant>

#include "core/jaipur/jaipur_event.h"
#include "core/marrakech/marrakech_event.h"
#include "core/registered_game.h"

namespace souk {

using AnyEvent = std::variant<std::monostate, jaipur::MoveEvent, marrakech::MoveEvent, RegisteredEvent>;

}  // namespace souk
