// Training the learned evaluation (jaipur_value.h) by TD(λ) on self-play rounds.
//
// Each round is dealt from the seed and played by the search's rollout policy (the
// greedy scorer, a random candidate with probability `epsilon`; jaipur_heuristic.h).
// After the round, every position is moved toward its λ-return from both players'
// sides: G_t = (1 − λ) V(s_t+1) + λ G_t+1, with G at the round's end the seal won
// (1, ½ on a full tie, 0): the forward view of TD(λ), one logistic-regression step a
// position. The learning rate falls linearly to a tenth over the run.
//
// A held-out set of rounds (its own seed, the same policy) measures the model as it
// learns: the log loss and accuracy of its seal predictions over every position,
// beside those of the hand-set evaluation the search used before (sigmoid of the
// PositionValue margin / 6). The run is a function of its config: same seed, same
// weights, bit for bit on one build.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace souk::ai::jaipur_bots {

struct ValueTrainingConfig {
  int64_t rounds = 300000;
  uint64_t seed = 1;
  double lambda = 0.8;
  double learning_rate = 0.005;  // at the start, per position and feature
  double epsilon = 0.1;         // the self-play policy's share of random moves
  int64_t holdout_rounds = 2000;
  int64_t report_every = 30000;  // rounds between two points of the curve
};

struct ValueTrainingPoint {
  int64_t rounds = 0;     // trained so far
  double log_loss = 0;    // on the held-out positions, nats
  double accuracy = 0;    // share of held-out positions whose seal winner it predicts
};

struct ValueTrainingResult {
  std::vector<float> weights;
  std::vector<ValueTrainingPoint> curve;  // from 0 rounds on
  ValueTrainingPoint hand_set;            // the hand-set evaluation on the same positions
  int64_t holdout_positions = 0;
};

// `progress` (may be empty) hears each point of the curve as it is measured.
ValueTrainingResult TrainValue(const ValueTrainingConfig& config,
                               const std::function<void(const ValueTrainingPoint&)>& progress);

// The weights as the body of jaipur_value_weights.inc, headed by `command` (how to
// regenerate them) and the held-out figures.
std::string WeightsInclude(const ValueTrainingResult& result, const std::string& command);

}  // namespace souk::ai::jaipur_bots
