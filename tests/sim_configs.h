// The game configurations every cross-game test runs over.
#pragma once

#include <cstdlib>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_type.h"
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

// A test name for the game's display name, players and variant: "Jaipur",
// "Marrakech2pSingleColour".
inline std::string ConfigName(const GameType& type, int players, std::string_view variant) {
  std::string name;
  bool upper = true;
  for (char c : std::string(type.display_name) + (type.min_players == type.max_players ? "" : std::to_string(players) + "p") +
                    "-" + std::string(variant)) {
    if (c == ' ' || c == '-') {
      upper = true;
      continue;
    }
    name += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return name;
}

// Every game of the registry (the tests' own game too, in the binaries that link
// it), every player count, and every variant: read from core/game_type.h, so that a
// game added there is run here with no line of its own.
inline std::vector<SimConfig> AllConfigs() {
  constexpr int kGames = 300;
  constexpr int kMaxMoves = 5000;  // the arena's cap; Jaipur's longest random games take about 300
  std::vector<SimConfig> configs;
  for (const GameType* type : GameTypes()) {
    for (int n = type->min_players; n <= type->max_players; ++n)
      configs.push_back({ConfigName(*type, n, ""), {std::string(type->name), 0, n, ""}, kGames, kMaxMoves});
    for (const GameType::Variant& v : type->variants)
      for (int n = v.min_players; n <= v.max_players; ++n)
        configs.push_back({ConfigName(*type, n, v.name), {std::string(type->name), 0, n, std::string(v.name)}, kGames, kMaxMoves});
  }
  return configs;
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
