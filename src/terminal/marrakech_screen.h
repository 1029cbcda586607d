// Marrakech in the terminal: the board and the players, and each move or roll told
// in words. Both read views only.
#pragma once

#include <string>
#include <vector>

#include "core/marrakech/marrakech.h"
#include "core/marrakech/marrakech_event.h"
#include "terminal/style.h"

namespace souk::terminal {

// The whole screen: the 7 x 7 board with coordinates, carpets in colour (the two
// halves of one carpet recognisable), Assam and his facing, every player's dirhams
// and carpets left, whose turn it is and the carpet to place. `names[seat]`.
std::string RenderMarrakech(const marrakech::View& view, const std::vector<std::string>& names, const Style& style);

// What the move of `event` (the engine's event: an orientation, a roll by the
// seat that rolled, or a placement) did, from the side of the viewer of `before` and
// `after`: e.g. "Red turns Assam left", "You roll 3: Assam walks to e4",
// "You pay Blue 5 dirhams", "Blue is out of the game", "Red places a carpet on c3
// d3". The seat `you` (-1: nobody) is addressed as "you". When the move ended the
// game, the lines end with the final scores. `brief`: the same in short, for the
// screen where a whole turn joins on one line ("Ann turns left; rolls 3 to e4; pays
// 3 dirhams to Bob; places red on c3 d3"); the log keeps the long form.
std::vector<std::string> TellMarrakechMove(const marrakech::View& before, const marrakech::View& after,
                                           const marrakech::MoveEvent& event, int you,
                                           const std::vector<std::string>& names, const Style& style,
                                           bool brief = false);

}  // namespace souk::terminal
