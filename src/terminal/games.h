// The terminal layer's side of the game registry (core/game_type.h): what differs
// from game to game at the prompt and in its words. Screens are reached through the
// view and event variants (session.cc visits them); this table holds the rest.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_type.h"
#include "terminal/input.h"
#include "terminal/style.h"

namespace souk::terminal {

// A verb a move of the game starts with, in English and French: a word typed a
// letter off one of them is answered with "did you mean ...?".
struct Verb {
  const char* en;
  const char* fr;
};

struct TerminalGame {
  const GameType* type;
  std::span<const Verb> verbs;
  // A move's canonical text in the player's words (words.h); text the game's parser
  // does not read comes back unchanged.
  std::string (*move_words)(const std::string& move, const Style& style);
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

// `move` (canonical text of `game`) in the player's words (words.h); unchanged for
// a game the terminal does not know.
std::string MoveWords(std::string_view game, const std::string& move, const Style& style);

// Each game's short forms (input.cc).
Entry JaipurShortForm(const std::vector<std::string>& words, std::string_view line,
                      const std::vector<std::string>& legal, const Style& style);
Entry MarrakechShortForm(const std::vector<std::string>& words, std::string_view line,
                         const std::vector<std::string>& legal, const Style& style);

}  // namespace souk::terminal
