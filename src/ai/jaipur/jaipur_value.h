// A learned evaluation of a Jaipur position: the probability that a player wins the
// round's seal of excellence, as a logistic model over sparse features of the
// position (hands against the token piles, herds, the rupee lead against the round's
// progress, the market, the bonus piles) and the hand-set PositionValue margin.
//
// Its weights are trained by TD(λ) on self-play rounds (jaipur_value_training.h,
// `souk train jaipur-value`) and kept in jaipur_value_weights.inc with the command
// that regenerated them. The search uses it to judge a round cut short
// (jaipur_mcts.h); docs/ai.md has the training curve and what it gained.
//
// A position is seen whole (both hands, as a world sampled by the search has them);
// the features do not look at the deck's order or the unseen bonus values.
// Evaluating allocates nothing.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/jaipur/jaipur.h"

namespace souk::ai::jaipur_bots {

// The active features of a position from one player's side: indices into the
// weight vector, each with its value (1 for the one-hot ones).
struct ValueFeatures {
  static constexpr int kMaxActive = 48;
  std::array<uint16_t, kMaxActive> index{};
  std::array<float, kMaxActive> value{};
  int size = 0;

  void Add(int i, float v = 1.0f) {
    index[static_cast<size_t>(size)] = static_cast<uint16_t>(i);
    value[static_cast<size_t>(size)] = v;
    ++size;
  }
};

// The length of the weight vector.
int ValueFeatureCount();

// The features of `state` (a live round) for `player`.
void ExtractValueFeatures(const jaipur::State& state, int player, ValueFeatures* out);
void ExtractValueFeatures(const jaipur::State& state, int player, double position_margin, ValueFeatures* out);

// w · features, before the logistic.
double ValueLogit(std::span<const float> weights, const ValueFeatures& features);

// The probability, under `weights`, that `player` wins this round's seal (a full
// tie counting half).
double SealProbability(std::span<const float> weights, const jaipur::State& state, int player);
// The same, given PositionValue(state, player) − PositionValue(state, opponent), for
// a caller that has it already (the search's capped leaf).
double SealProbability(std::span<const float> weights, const jaipur::State& state, int player,
                       double position_margin);

// The weights kept in the tree (jaipur_value_weights.inc).
std::span<const float> LearnedValueWeights();

}  // namespace souk::ai::jaipur_bots
