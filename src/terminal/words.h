// Moves as the player reads them and may type them back, in their language:
// the list of moves, the hint table and the help all write moves this way, and
// the prompt reads every one of them (input.cc).
#pragma once

#include <string>
#include <string_view>

#include "core/jaipur/jaipur.h"
#include "terminal/style.h"

namespace souk::terminal {

// A move's canonical text in words, in the player's language:
//   Jaipur: "take gold" "prendre or", "take the camels" "prendre les chameaux",
//     "sell 3 cloth" "vendre 3 tissus",
//     "take silver and spice, give 2 gold" "prendre argent et épices, donner 2 or";
//   Marrakech: "left" "gauche", "straight" "tout droit", "right" "droite",
//     "place c3 d3" "poser c3 d3".
// Text that is no move of the game comes back unchanged. MoveWords (games.h) picks
// the game's.
std::string JaipurMoveWords(const std::string& move, const Style& style);
std::string MarrakechMoveWords(const std::string& move, const Style& style);

// Jaipur cards in words: "silver and spice", "2 gold", "2 tissus, épices et cuir";
// each card painted in its colour when `style` paints.
std::string JaipurCardList(const jaipur::CardCounts& counts, const Style& style);

// A Jaipur card's name in the language, in the number of `count`.
std::string JaipurCardName(jaipur::Card card, int count, const Style& style);

}  // namespace souk::terminal
