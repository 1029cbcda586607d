// Jaipur in the terminal: the picture of a position from one player's side, and
// each move told in words. Both read views only, so they cannot show what the
// player may not know.
#pragma once

#include <string>
#include <vector>

#include "core/jaipur/jaipur.h"
#include "core/jaipur/jaipur_event.h"
#include "terminal/style.h"

namespace souk::terminal {

// The whole screen for `view.viewer`: market, their hand and herd, the opponent's
// hand size and herd, token piles with their values, bonus pile sizes, deck size,
// both players' tokens as far as the viewer may know them, seals and round.
// `names[seat]` names each seat ("You", "Medium bot").
std::string RenderJaipur(const jaipur::View& view, const std::vector<std::string>& names, const Style& style);

// What the move of `event` did (the engine's event, as the viewer may know it:
// jaipur::ForViewer), from the side of the viewer of `before` and `after` (that
// viewer's views just before and just after the move): one line
// per event, e.g. "The opponent takes 3 camels", "You sell 4 leather: 4+3+2+1
// rupees and a bonus (8)". The seat `you` (-1: nobody) is addressed as "you".
// When the move ended a round, the lines end with the round's scoring breakdown;
// when it ended the game, with the result.
std::vector<std::string> TellJaipurMove(const jaipur::View& before, const jaipur::View& after,
                                        const jaipur::MoveEvent& event, int you,
                                        const std::vector<std::string>& names, const Style& style);

}  // namespace souk::terminal
