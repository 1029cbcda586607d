// What the Marrakech bots share inside souk_ai_marrakech: the public facts of a
// position (legal moves, a hash of everything a view shows) and the one-move-ahead
// heuristics that the greedy bot plays by and the search's rollouts lean on.
#pragma once

#include <cstdint>

#include "core/marrakech/marrakech.h"
#include "core/prng.h"

namespace souk::ai::marrakech_bots {

// The legal moves of the position a view shows. They depend on public facts only,
// so any world sampled from the view lists the same ones.
void LegalMovesOf(const marrakech::View& view, marrakech::MoveList* moves);

// A hash of everything public about a position (the view without its viewer): equal
// for every seat's view of one position, and for every world sampled from it.
uint64_t PublicHash(const marrakech::View& view);
uint64_t PublicHash(const marrakech::State& state);

// Heuristic values, in dirhams-and-squares, from `player`'s side. They read only the
// public part of the state, so they can be given any sampled world.
struct GreedyWeights {
  double opponent_squares = 1.0;  // squares taken from (or given to) opponents, vs one's own
  double exposure = 1.0;          // the next player's expected tribute to me
  double potential = 0.15;        // sum of squared group sizes / 7: future tribute
  double placement_lookahead = 0.5;  // orient: the best placement where Assam lands
  double ruin = 60.0;             // being put out
};

// Minus the dirhams `player` expects to pay on the roll after turning Assam by `turn`,
// and minus `ruin` times the chance that it puts them out.
double ExpectedTribute(const marrakech::State& state, int player, marrakech::Turn turn, double ruin);

// The value for the mover of placing `move` (a legal placement) now.
double PlacementValue(const marrakech::State& state, const marrakech::Move& move, const GreedyWeights& w);

// The value for the mover of orienting with `turn`: expected tribute plus a share of
// the best placement where Assam lands.
double OrientValue(const marrakech::State& state, marrakech::Turn turn, const GreedyWeights& w);

// The greedy choice among the legal moves (ties to the first listed).
marrakech::Move GreedyMove(const marrakech::State& state, const GreedyWeights& w);

}  // namespace souk::ai::marrakech_bots
