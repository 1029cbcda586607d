// The format layer's side of the game registry (core/game_type.h): how to build
// and load each game's states. Each game's format file defines its entry.
#pragma once

#include <span>
#include <string_view>

#include "core/game_type.h"
#include "format/game.h"

namespace souk {

// Integer ids for a game's moves, for a caller that needs them (the Python module's
// OpenSpiel API, docs/python.md): id i is the move whose canonical text is moves[i]
// (chance outcomes included). Jaipur and Marrakech have their own ids in the core and
// need none.
struct ActionCodec {
  std::span<const std::string_view> moves;
  // Decisions (chance outcomes not counted) in the longest game; 0: no bound.
  int max_game_length = 0;
};

struct GameModule {
  const GameType* type;
  Result<std::unique_ptr<GameState>> (*create)(const GameOptions& options);
  Result<std::unique_ptr<GameState>> (*load)(const Json& json);
  // A seat's view, read and checked: some deal of what it hides reaches it.
  Result<AnyView> (*load_view)(const Json& json);
  // Optional: the game's move ids. A game without them is not played by id.
  const ActionCodec* actions = nullptr;
};

extern const GameModule kJaipurModule;
extern const GameModule kMarrakechModule;

// Adds the module of a game registered at run time (core/game_type.h's
// RegisterGameType, whose entry `module.type` is), from a static initialiser of the
// game's own files; false when that game already has one. `module` must outlive the
// program.
bool RegisterGameModule(const GameModule& module);

// The move ids of that game's module, or null (no module, or no ids).
const ActionCodec* ActionCodecOf(const GameType* type);

}  // namespace souk
