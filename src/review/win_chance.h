// A seat's chance to win the whole game, estimated from what that seat sees only:
// the state's hidden part is dealt afresh for the seat (RandomizeHidden), then the
// game is played to its end by a fixed, cheap playout policy, over several seeded
// samples. The same `samples_seed` gives the same deals and playouts (common random
// numbers), so two estimates made with it differ by the positions, not by the dice.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/bot_spec.h"
#include "core/status.h"
#include "format/game.h"

namespace souk::review {

// SplitMix64's finaliser over two words: the seeds of a review's parts.
uint64_t MixSeed(uint64_t a, uint64_t b);

// What a seat scores at the end of a game: 1 for a win, 1/k for a win shared by k
// seats, 0 otherwise.
double WinShare(const GameState& finished, int seat);

struct Playouts {
  ai::BotSpec policy;  // who plays every seat in a playout
  int samples = 1;
  uint64_t samples_seed = 0;
};

// The mean win share of `seat` over the samples, from `seat`'s view of `state`. On
// a finished game, the seat's share (no sampling).
double EstimateWinChance(const GameState& state, int seat, const Playouts& playouts);

// Every seat's EstimateWinChance at once, each still from its own view and with the
// same numbers as one by one: where the deals for several seats are the same world
// (nothing hidden from one that another sees, as Marrakech's piles hidden from
// all), one playout serves them all.
std::vector<double> EstimateWinChances(const GameState& state, const Playouts& playouts);

// The same for the state after `move`, the move played in each sample's deal (its
// draws, if it draws anything hidden, come from that deal): the value of a move
// before its outcome is known. Precondition: `move` is legal in `state`.
double EstimateWinChanceAfter(const GameState& state, std::string_view move, int seat, const Playouts& playouts);
// Every seat's, as EstimateWinChances.
std::vector<double> EstimateWinChancesAfter(const GameState& state, std::string_view move, const Playouts& playouts);

// A copy of `state` whose hidden part is dealt afresh for `observer` from `seed`:
// it tells `observer` nothing the view does not.
std::unique_ptr<GameState> DealForObserver(const GameState& state, int observer, uint64_t seed);

}  // namespace souk::review
