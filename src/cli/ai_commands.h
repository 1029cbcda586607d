// `souk hint` and `souk arena`: the AI from the command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "format/game.h"

namespace souk::cli {

struct HintOptions {
  int player = -1;  // -1: the player to move
  std::string bot = "hard";
  uint64_t seed = 1;
  int top = 10;     // moves listed; 0 for all
  std::string engines;  // the engines' config file; "" for the default (engine_registry.h)
  bool json = false;
  bool pretty = false;
};
// Ranks the player's legal moves from that player's view. Throws CliError.
int Hint(const GameState& state, const HintOptions& options);

struct ArenaCommand {
  std::string game;
  std::vector<std::string> bots;
  std::string variant;
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  std::string engines;  // as HintOptions::engines
  bool json = false;
  bool pretty = false;
};
int Arena(const ArenaCommand& command);

}  // namespace souk::cli
