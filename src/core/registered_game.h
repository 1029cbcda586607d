// A game the layers know only through the registry, not by type: a game linked into
// a binary of its own beside Souk's (the tests' game, tests/games/kuhn/), registered
// from a static initialiser of its own files. Its views and events reach the generic
// layers (bots, arena, engine, server, terminal) as these values, made by the game's
// format module (format/registered_game.h); Jaipur and Marrakech, which every layer
// knows by type, never take this path.
#pragma once

#include <string>
#include <vector>

namespace souk {

// One seat's view: what each layer asks of a view, answered once by the game.
struct RegisteredView {
  std::string game;
  int players = 2;
  std::string variant;
  int viewer = 0;
  int to_move = 0;
  bool chance = false;  // the next move is a chance outcome
  bool over = false;
  std::vector<std::string> legal_moves;  // the viewer's, canonical text, sorted; none unless it is to move
  std::string json;                      // the view as `souk view` prints it
  bool operator==(const RegisteredView&) const = default;
};

// What one move did, as each may know it: the game's event JSON (docs/protocol.md,
// `event`), text, for a spectator first and then for each seat.
struct RegisteredEvent {
  std::vector<std::string> json_for_viewer;  // [0]: a spectator's; [1 + seat]: that seat's
  const std::string& For(int viewer) const { return json_for_viewer.at(static_cast<size_t>(viewer + 1)); }
  bool operator==(const RegisteredEvent&) const = default;
};

}  // namespace souk
