// The learned evaluation's features; the model is described in jaipur_value.h.
#include "ai/jaipur/jaipur_value.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <iterator>

#include "ai/jaipur/jaipur_heuristic.h"

namespace souk::ai::jaipur_bots {

using jaipur::State;

namespace {

// The round's progress, by cards left in the deck: 0–4, 5–9, 10–19, 20–29, 30+.
constexpr int kPhases = 5;
int Phase(int deck_size) {
  if (deck_size < 5) return 0;
  if (deck_size < 10) return 1;
  return std::min(4, deck_size / 10 + 1);
}

// The rupee lead in 21 buckets of 3, clamped at ±30.
constexpr int kLeadBuckets = 21;
int LeadBucket(int lead) { return (std::clamp(lead, -30, 30) + 30) / 3; }

constexpr int kSides = 2;  // the player, the opponent
constexpr int kHandCounts = jaipur::kHandLimit + 1;
constexpr int kTokenCounts = 10;  // tokens left on a pile: 0..9
constexpr int kHerdCounts = 12;   // 11 camels at most
constexpr int kHerdDiffs = 17;    // herd lead clamped at ±8
constexpr int kMarketCounts = jaipur::kMarketSize + 1;
constexpr int kBonusCounts = 8;
constexpr int kDeckSizes = 41;

// The weight vector, block by block.
constexpr int kBias = 0;
constexpr int kToMove = kBias + 1;
constexpr int kPositionMargin = kToMove + 1;  // dense: PositionValue margin / 10
constexpr int kLead = kPositionMargin + 1;    // dense: rupee lead / 10
constexpr int kLeadByPhase = kLead + 1;
constexpr int kHandByTokens = kLeadByPhase + kLeadBuckets * kPhases;
constexpr int kHandByPhase = kHandByTokens + kSides * jaipur::kNumGoods * kHandCounts * kTokenCounts;
constexpr int kHerdLeadByPhase = kHandByPhase + kSides * jaipur::kNumGoods * kHandCounts * kPhases;
constexpr int kHerd = kHerdLeadByPhase + kHerdDiffs * kPhases;
constexpr int kHandSizeByPhase = kHerd + kSides * kHerdCounts;
constexpr int kMarket = kHandSizeByPhase + kSides * kHandCounts * kPhases;  // [mover is player][card][count]
constexpr int kLeadByEmptyPiles = kMarket + 2 * jaipur::kNumCardTypes * kMarketCounts;
constexpr int kBonusLeft = kLeadByEmptyPiles + 3 * kLeadBuckets;
constexpr int kDeckSize = kBonusLeft + jaipur::kNumBonusPiles * kBonusCounts;
constexpr int kFeatureCount = kDeckSize + kDeckSizes;

constexpr float kWeights[] = {
#include "ai/jaipur/jaipur_value_weights.inc"
};
static_assert(std::size(kWeights) == kFeatureCount,
              "jaipur_value_weights.inc does not match the features: retrain (docs/ai.md)");

int Rupees(const jaipur::PlayerState& p) { return p.GoodsRupees() + p.BonusRupees(); }

// Calls add(index, value) for each active feature of `state` for `player`, in the
// order ValueFeatures lists them: the search sums the weights as it goes, in that
// same order, rather than storing the features first.
template <typename Add>
void VisitValueFeatures(const State& state, int player, double position_margin, Add&& add) {
  const int phase = Phase(state.deck_size);
  const std::array<const jaipur::PlayerState*, 2> side = {&state.players[static_cast<size_t>(player)],
                                                          &state.players[static_cast<size_t>(1 - player)]};
  const int lead = Rupees(*side[0]) - Rupees(*side[1]);
  const bool to_move = state.to_move == player;

  auto one_hot = [&add](int i) { add(i, 1.0f); };
  one_hot(kBias);
  if (to_move) one_hot(kToMove);
  add(kPositionMargin, static_cast<float>(position_margin / 10.0));
  add(kLead, static_cast<float>(lead) / 10.0f);
  one_hot(kLeadByPhase + LeadBucket(lead) * kPhases + phase);
  for (int s = 0; s < kSides; ++s) {
    for (int g = 0; g < jaipur::kNumGoods; ++g) {
      const int held = side[static_cast<size_t>(s)]->hand[static_cast<size_t>(g)];
      const int left = state.tokens_left[static_cast<size_t>(g)];
      const int cell = (s * jaipur::kNumGoods + g) * kHandCounts + held;
      one_hot(kHandByTokens + cell * kTokenCounts + left);
      one_hot(kHandByPhase + cell * kPhases + phase);
    }
    one_hot(kHerd + s * kHerdCounts + std::min<int>(side[static_cast<size_t>(s)]->herd, kHerdCounts - 1));
    one_hot(kHandSizeByPhase + (s * kHandCounts + side[static_cast<size_t>(s)]->hand_size) * kPhases + phase);
  }
  const int herd_lead = std::clamp(side[0]->herd - side[1]->herd, -8, 8) + 8;
  one_hot(kHerdLeadByPhase + herd_lead * kPhases + phase);
  for (int c = 0; c < jaipur::kNumCardTypes; ++c)
    one_hot(kMarket + ((to_move ? 1 : 0) * jaipur::kNumCardTypes + c) * kMarketCounts +
            std::min<int>(state.market[static_cast<size_t>(c)], kMarketCounts - 1));
  one_hot(kLeadByEmptyPiles + std::min(2, state.EmptyTokenPiles()) * kLeadBuckets + LeadBucket(lead));
  for (int p = 0; p < jaipur::kNumBonusPiles; ++p)
    one_hot(kBonusLeft + p * kBonusCounts + std::min<int>(state.bonus_left[static_cast<size_t>(p)], kBonusCounts - 1));
  one_hot(kDeckSize + std::min<int>(state.deck_size, kDeckSizes - 1));
}

}  // namespace

int ValueFeatureCount() { return kFeatureCount; }

void ExtractValueFeatures(const State& state, int player, ValueFeatures* out) {
  ExtractValueFeatures(state, player, PositionValue(state, player) - PositionValue(state, 1 - player), out);
}

void ExtractValueFeatures(const State& state, int player, double position_margin, ValueFeatures* out) {
  out->size = 0;
  VisitValueFeatures(state, player, position_margin, [out](int i, float v) { out->Add(i, v); });
  assert(out->size <= ValueFeatures::kMaxActive);
}

double ValueLogit(std::span<const float> weights, const ValueFeatures& features) {
  double sum = 0;
  for (int i = 0; i < features.size; ++i)
    sum += static_cast<double>(weights[features.index[static_cast<size_t>(i)]]) * features.value[static_cast<size_t>(i)];
  return sum;
}

double SealProbability(std::span<const float> weights, const State& state, int player) {
  return SealProbability(weights, state, player, PositionValue(state, player) - PositionValue(state, 1 - player));
}

double SealProbability(std::span<const float> weights, const State& state, int player, double position_margin) {
  double logit = 0;  // ValueLogit's sum, term by term in the same order
  VisitValueFeatures(state, player, position_margin,
                     [&](int i, float v) { logit += static_cast<double>(weights[static_cast<size_t>(i)]) * v; });
  return 1.0 / (1.0 + std::exp(-logit));
}

std::span<const float> LearnedValueWeights() { return kWeights; }

}  // namespace souk::ai::jaipur_bots
