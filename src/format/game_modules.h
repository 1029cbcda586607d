// The table of games behind NewGame/LoadState. Each game's format file defines
// its entry.
#pragma once

#include "format/game.h"

namespace souk {

struct GameModule {
  std::string_view name;
  Result<std::unique_ptr<GameState>> (*create)(const GameOptions& options);
  Result<std::unique_ptr<GameState>> (*load)(const Json& json);
};

extern const GameModule kJaipurModule;
extern const GameModule kMarrakechModule;

}  // namespace souk
