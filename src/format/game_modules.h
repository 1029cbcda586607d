// The format layer's side of the game registry (core/game_type.h): how to build
// and load each game's states. Each game's format file defines its entry.
#pragma once

#include "core/game_type.h"
#include "format/game.h"

namespace souk {

struct GameModule {
  const GameType* type;
  Result<std::unique_ptr<GameState>> (*create)(const GameOptions& options);
  Result<std::unique_ptr<GameState>> (*load)(const Json& json);
  // A seat's view, read and checked: some deal of what it hides reaches it.
  Result<AnyView> (*load_view)(const Json& json);
};

extern const GameModule kJaipurModule;
extern const GameModule kMarrakechModule;

// Adds the module of a game registered at run time (core/game_type.h's
// RegisterGameType, whose entry `module.type` is), from a static initialiser of the
// game's own files; false when that game already has one. `module` must outlive the
// program.
bool RegisterGameModule(const GameModule& module);

}  // namespace souk
