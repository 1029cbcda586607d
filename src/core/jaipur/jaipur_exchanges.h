// Exchange enumeration, State::LegalMoves' costliest part: random playouts list
// some 18 exchanges a position. Its own file for the table of give lists it reads.
#pragma once

#include "core/jaipur/jaipur.h"

namespace souk::jaipur {

// Appends every legal exchange of `me` with `market`, in the canonical order: the
// sets taken lexicographically over the market's goods (none of the first good
// first), and for each, the sets given lexicographically over the goods allowed,
// camels making up the rest. May write up to kExchangeSlack moves past the last
// one appended (the list's size counts only the moves).
void AppendExchanges(const CardCounts& market, const PlayerState& me, MoveList* moves);

inline constexpr int kExchangeSlack = 7;

// The most exchanges one position can have (every market and every hand a rule
// allows, reachable or not): MoveList's capacity holds them with the slack.
int MostExchangesOfAnyPosition();

}  // namespace souk::jaipur
