// The terminal layer's side of the game registry (core/game_type.h): what differs
// from game to game at the prompt. Screens and words are reached through the view
// and event variants; this table holds the rest.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game_type.h"
#include "terminal/input.h"
#include "terminal/style.h"

namespace souk::terminal {

struct TerminalGame {
  const GameType* type;
  // The record's canonical text for a move as the player typed it (unchanged when
  // the game's parser does not read it: the engine then says why).
  std::string (*canonical)(const std::string& move);
  // The game's short forms at the prompt (input.h), after the commands and move
  // numbers were tried.
  Entry (*short_form)(const std::vector<std::string>& words, std::string_view line,
                      const std::vector<std::string>& legal, const Style& style);
  // The help's lines for the short forms, in English and French.
  const char* help_en;
  const char* help_fr;
};

// The entry of a game of the registry; null for any other name.
const TerminalGame* TerminalGameFor(std::string_view game);

// Each game's short forms (input.cc).
Entry JaipurShortForm(const std::vector<std::string>& words, std::string_view line,
                      const std::vector<std::string>& legal, const Style& style);
Entry MarrakechShortForm(const std::vector<std::string>& words, std::string_view line,
                         const std::vector<std::string>& legal, const Style& style);

}  // namespace souk::terminal
