// The registry of games: what every layer needs to know about a game before it
// holds a state of it (OpenSpiel's GameType). Name, display names, player counts,
// variants, and the kind of game it is; each layer keys its own factories on the
// name (format/: states and views, ai/: bots, terminal/: screens, server/: move
// events), so that a comparison with a game's name is written nowhere else.
//
// A third game Souk ships adds its entry to game_type.cc and its factories beside
// each layer's registry (docs/architecture.md names every file). A game linked into
// a binary of its own (the tests' game) registers itself instead, before main
// (RegisterGameType), and reaches the layers as core/registered_game.h's values.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace souk {

struct GameType {
  std::string_view name;             // the key: "jaipur", "marrakech"
  std::string_view display_name;     // "Jaipur"
  std::string_view display_name_fr;  // "Jaipur"
  int min_players = 2;
  int max_players = 2;
  int default_players = 2;
  // Variants other than the default (""), and the player counts each allows.
  struct Variant {
    std::string_view name;  // "single-colour"
    int min_players, max_players;
  };
  std::span<const Variant> variants;
  // Outcomes drawn by the caller as moves of the record (Marrakech's die): chance
  // nodes. Jaipur deals inside its moves, from the state's own PRNG.
  bool explicit_chance = false;
  // Each seat sees only part of the state (Jaipur's hands and deck).
  bool hidden_information = false;
  // What a bot's win estimate is the chance of (for telling it to a player).
  std::string_view win_estimate;

  bool AllowsPlayers(int n) const { return n >= min_players && n <= max_players; }
  // "2 players", "2, 3 or 4 players".
  std::string PlayerCountText() const;
};

// Each game's entry, defined in game_type.cc (constant-initialised: usable from any
// other static's initialiser).
extern const GameType kJaipurType;
extern const GameType kMarrakechType;

// Adds a game beside Souk's own. Only from a static initialiser (before main, when
// nothing reads the registry yet); a name already taken is refused (returns false).
// `type` must outlive the program.
bool RegisterGameType(const GameType& type);

// Every game, in a stable order: Souk's own, then those registered.
std::span<const GameType* const> GameTypes();
std::vector<std::string> GameTypeNames();
// The game of that name, or null.
const GameType* FindGameType(std::string_view name);
// The game of that name, or an error that lists the known ones.
Result<const GameType*> GameTypeOrError(std::string_view name);

// The player count and variant `options` ask for, checked against the game (0
// players: the default): the count to play with, or the error naming what is wrong.
Result<int> CheckPlayersAndVariant(const GameType& type, int players, std::string_view variant);

}  // namespace souk
