// The game configurations every cross-game test runs over.
#pragma once

#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "format/game.h"

namespace souk::testing {

struct SimConfig {
  std::string name;  // test-name friendly
  GameOptions options;
  int games;         // complete games in a full run
  int max_moves;     // a game longer than this is a bug (a loop)
};

inline std::vector<SimConfig> AllConfigs() {
  return {
      {"Jaipur", {"jaipur", 0, 0, ""}, 1000, 3000},
  };
}

inline void PrintTo(const SimConfig& config, std::ostream* os) { *os << config.name; }

// SOUK_SIM_GAMES caps the games per configuration (the sanitizer run sets it).
inline int GamesFor(const SimConfig& config) {
  const char* cap = std::getenv("SOUK_SIM_GAMES");
  int games = config.games;
  if (cap && std::atoi(cap) > 0 && std::atoi(cap) < games) games = std::atoi(cap);
  return games;
}

}  // namespace souk::testing
