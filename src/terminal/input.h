// What a player types at the prompt of `souk play`: a command, or a move in
// canonical text, a short form, or its number in the list of legal moves.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "terminal/style.h"

namespace souk::terminal {

struct Entry {
  enum class Kind { kNothing, kMove, kHelp, kMoves, kLog, kHint, kUndo, kSave, kQuit, kError };
  Kind kind = Kind::kNothing;
  // kMove: the move as the game's parser should read it (not yet checked for
  // legality); kSave: the file; kError: one line saying what is wrong; kMoves:
  // what follows the command ("2" for a page, "sell" to keep the moves whose words
  // hold it), kLog: a page number or nothing.
  std::string text;
};

// Understands one line for `game` (a name of the registry); `legal` is the list of
// legal moves as numbered on screen (1 is legal[0]). Commands and short forms in
// either language whatever the language of messages:
//   help ? aide | moves coups [PAGE | WORD] | log journal [PAGE] | hint conseil | undo annuler | save FILE sauver FILE |
//   quit q quitter
//   Jaipur: t gold, take gold, c (camels), s 3 cloth, s cloth (sell them all),
//     x gold spice / leather camel (or "for"/"contre" for "/"); French card names.
//   Marrakech: l s r (left straight right), g td d (gauche tout-droit droite),
//     place c3 d3, p c3 d3, c3 d3.
// Anything else is passed on as a move for the game's parser to judge.
Entry ReadEntry(std::string_view game, std::string_view line, const std::vector<std::string>& legal,
                const Style& style);

}  // namespace souk::terminal
