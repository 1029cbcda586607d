// Kuhn poker's registry entry (kuhn.h has the rules). Linking this folder's objects
// into a binary registers the game with every layer: core/game_type.h's registry
// (kuhn_game.cc) and the bots' (kuhn_bots.cc).
#pragma once

#include "core/game_type.h"

namespace souk::kuhn {

extern const GameType kKuhnType;

}  // namespace souk::kuhn
