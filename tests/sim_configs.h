// The game configurations every cross-game test runs over.
#pragma once

#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "format/game.h"

namespace souk::testing {

// Each game also has its own, larger simulation at the level of its engine types
// (JaipurSimulation: 10,000 games; MarrakechSimulation: 2,500 per mode); these
// configurations drive the checks that go through JSON and the GameState interface.
struct SimConfig {
  std::string name;  // test-name friendly
  GameOptions options;
  int games;         // complete games in a full run
  int max_moves;     // a game longer than this is a bug (a loop)
};

inline std::vector<SimConfig> AllConfigs() {
  return {
      {"Jaipur", {"jaipur", 0, 0, ""}, 300, 3000},
      {"Marrakech2p", {"marrakech", 0, 2, ""}, 300, 200},
      {"Marrakech2pSingleColour", {"marrakech", 0, 2, "single-colour"}, 300, 200},
      {"Marrakech3p", {"marrakech", 0, 3, ""}, 300, 200},
      {"Marrakech4p", {"marrakech", 0, 4, ""}, 300, 200},
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
