// The Jaipur knowledge shared by the greedy bot, the MCTS tree's move filter and its
// rollouts: a one-move-ahead move score, a cheap candidate-move generator and a
// static position value.
//
// Everything here reads only what the player to move can see (their own hand, the
// market, token piles, herds, the opponent's publicly known cards and hand size),
// so a bot that scores moves on a world sampled from its view decides the same way
// whatever the hidden cards of that world are.
#pragma once

#include <array>

#include "core/jaipur/jaipur.h"
#include "core/prng.h"

namespace souk::ai::jaipur_bots {

// Scores the moves of the player to move in one position: the rupees the move
// earns plus the change it makes to that player's holdings (hand sets, herd, hand
// room) minus what it leaves the opponent in the market. Higher is better; only
// differences between moves of the same position mean anything.
class MoveScorer {
 public:
  explicit MoveScorer(const jaipur::State& state);
  double Score(const jaipur::Move& move) const;

 private:
  double HandValue(int good, int cards, int tokens_left) const;
  double CamelValue(int herd) const;
  double HandRoomValue(int hand_size) const;
  // What the opponent can grab from `market` (plus `refills` unseen cards); a sale
  // of `sold_good` (or -1) leaves `sold_left` tokens on its pile.
  double Threat(const jaipur::CardCounts& market, int refills, int sold_good, int sold_left) const;
  double RoundEndValue(double my_gain, int my_herd, int opp_herd) const;

  const jaipur::State& state_;
  int me_ = 0;
  // The constructor sets every member; the arrays are left unzeroed before it, as a
  // scorer is built for every rollout move.
  double hold_ = 0;                   // the share of a held set's sale value counted now
  std::array<double, 6> hand_value_;  // HandValue of each good as held now
  double camel_now_ = 0;
  double room_now_ = 0;
  double threat_now_ = 0;
  std::array<double, 3> unseen_mean_;  // mean bonus value the player has not seen, per pile
  std::array<double, 3> bonus_mean_;   // expected bonus of each pile (0 when empty)
  // good_threat_[g][n]: what the opponent can grab of good g with n in the market
  // (its take or, for precious goods, an exchange for all n; 0 with none).
  std::array<std::array<double, jaipur::kMarketSize + 1>, 6> good_threat_;
  bool opp_can_take_ = false;
};

// The rupees of the next `cards` goods tokens of `good` with `tokens_left` left.
int TokenSum(int good, int cards, int tokens_left);

// Takes of each good, the camels, selling every card of a good, and for each good
// with 2+ copies in the market one exchange taking them all for camels first and
// then the cheapest other goods. Always legal and never empty in a live round.
void CandidateMoves(const jaipur::State& state, jaipur::MoveList* out);

// The rollout policy: the best candidate by MoveScorer, or with probability
// `epsilon` a uniformly random candidate. `scratch` holds the candidates.
jaipur::Move RolloutMove(const jaipur::State& state, souk::Prng& prng, double epsilon,
                               jaipur::MoveList* scratch);

// The rupees `player` can expect at the end of the round: tokens held, a share of
// the sale value of the hand, and the camel token weighted by the herd lead.
double PositionValue(const jaipur::State& state, int player);

}  // namespace souk::ai::jaipur_bots
