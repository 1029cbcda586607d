#include "ai/jaipur/jaipur_heuristic.h"

#include <algorithm>
#include <cmath>

namespace souk::ai::jaipur_bots {

using jaipur::Card;
using jaipur::CardCounts;
using jaipur::GoodAt;
using jaipur::Index;
using jaipur::Move;
using jaipur::MoveKind;
using jaipur::MoveList;
using jaipur::PackedCounts;
using jaipur::State;

namespace {

constexpr int kCamel = Index(Card::kCamel);

// Set by hand from the rules' token values, not tuned by duels yet; rupees or shares
// of rupees.
constexpr double kHold = 0.7;             // share of a held set's sale value
constexpr double kContested = 0.85;       // ... when the opponent is known to hold that good
constexpr double kCamelLeadStep = 0.15;   // camel-token probability per camel of lead
constexpr double kCamelUseFirst = 1.2;    // exchange value of the first camel, then less
constexpr double kCamelUseStep = 0.2;
constexpr double kRoomSix = -0.7;         // a hand of 6 goods
constexpr double kRoomSeven = -2.5;       // a full hand: no more takes
constexpr double kThreatWeight = 0.6;     // how much of the opponent's best take we count
constexpr double kRefillThreat = 0.6;     // an unseen card turned up for the opponent
constexpr double kCamelThreat = 1.0;      // the opponent's gain per market camel
constexpr double kRoundEnd = 100.0;       // a move that ends the round: win or lose

// Fixed bonus means (1 1 2 2 2 3 3 · 4 4 5 5 6 6 · 8 8 9 10 10) for evaluations
// that do not track which tokens are gone.
constexpr std::array<double, 3> kBonusMean = {2.0, 5.0, 9.0};

int Total(int good) { return jaipur::kTokensPerGood[static_cast<size_t>(good)]; }

// kTokenPrefix[g][k]: the rupees of the first k tokens of good g's pile.
constexpr std::array<std::array<int, 10>, jaipur::kNumGoods> BuildTokenPrefix() {
  std::array<std::array<int, 10>, jaipur::kNumGoods> prefix{};
  for (size_t g = 0; g < jaipur::kNumGoods; ++g)
    for (size_t k = 0; k < 9; ++k) prefix[g][k + 1] = prefix[g][k] + jaipur::kGoodsTokenValues[g][k];
  return prefix;
}
constexpr auto kTokenPrefix = BuildTokenPrefix();

// kCamelUse[n]: the exchange value of a herd of n camels (the first ones most).
constexpr std::array<double, 16> BuildCamelUse() {
  std::array<double, 16> use{};
  for (size_t i = 0; i + 1 < use.size(); ++i) {
    double v = kCamelUseFirst - kCamelUseStep * static_cast<double>(i);
    use[i + 1] = use[i] + (v > 0 ? v : 0);
  }
  return use;
}
constexpr auto kCamelUse = BuildCamelUse();

double CamelTokenShare(int lead) {
  return jaipur::kCamelTokenValue * std::clamp(0.5 + kCamelLeadStep * lead, 0.0, 1.0);
}

// The goods in the order an exchange gives them: cheapest next token first
// (leather before diamond), the canonical order on a tie. A stable sort by token
// value, as each good's rank among the distinct keys value * kNumGoods + good.
std::array<int, jaipur::kNumGoods> GiveOrder(const State& state) {
  std::array<int, jaipur::kNumGoods> key{}, order{};
  for (int g = 0; g < jaipur::kNumGoods; ++g)
    key[static_cast<size_t>(g)] = state.NextGoodsToken(GoodAt(g)) * jaipur::kNumGoods + g;
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    int rank = 0;
    for (int h = 0; h < jaipur::kNumGoods; ++h) rank += key[static_cast<size_t>(h)] < key[static_cast<size_t>(g)];
    order[static_cast<size_t>(rank)] = g;
  }
  return order;
}

}  // namespace

int TokenSum(int good, int cards, int tokens_left) {
  int first = Total(good) - tokens_left;
  int last = first + std::min(cards, tokens_left);
  const auto& prefix = kTokenPrefix[static_cast<size_t>(good)];
  return prefix[static_cast<size_t>(last)] - prefix[static_cast<size_t>(first)];
}

MoveScorer::MoveScorer(const State& state) : state_(state), me_(state.to_move) {
  const auto& mine = state.players[static_cast<size_t>(me_)];
  const auto& opp = state.players[static_cast<size_t>(1 - me_)];
  // The later in the round, the likelier a held card is never sold.
  double time_left = std::min(1.0, state.deck_size / 15.0);
  hold_ = kHold * (0.55 + 0.45 * time_left) * (state.EmptyTokenPiles() >= 2 ? 0.8 : 1.0);

  // Bonus values the player to move has not seen: the pile minus their own tokens.
  std::array<int, 3> sum = {14, 30, 45}, count = {7, 6, 5};  // each pile's values, summed
  for (int i = 0; i < mine.num_bonus_tokens; ++i) {
    int v = mine.bonus_tokens[static_cast<size_t>(i)];
    size_t p = static_cast<size_t>(jaipur::BonusPileOfValue(v));
    sum[p] -= v;
    --count[p];
  }
  for (size_t p = 0; p < 3; ++p) {
    unseen_mean_[p] = count[p] ? static_cast<double>(sum[p]) / count[p] : 0.0;
    bonus_mean_[p] = state.bonus_left[p] ? unseen_mean_[p] : 0.0;
  }
  opp_can_take_ = opp.hand_size < jaipur::kHandLimit;
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    size_t i = static_cast<size_t>(g);
    const double take = opp_can_take_ ? hold_ * TokenSum(g, 1, state.tokens_left[i]) * (1.0 + 0.3 * std::min<int>(opp.known[i], 2)) : 0.0;
    good_threat_[i][0] = 0;
    for (int n = 1; n <= jaipur::kMarketSize; ++n) {
      double threat = take;
      if (n >= 2 && jaipur::IsPrecious(GoodAt(g)))
        threat = std::max(threat, 0.8 * hold_ * TokenSum(g, n, state.tokens_left[i]));
      good_threat_[i][static_cast<size_t>(n)] = threat;
    }
  }
  for (int g = 0; g < jaipur::kNumGoods; ++g)
    hand_value_[static_cast<size_t>(g)] = HandValue(g, mine.hand[static_cast<size_t>(g)], state.tokens_left[static_cast<size_t>(g)]);
  camel_now_ = CamelValue(mine.herd);
  room_now_ = HandRoomValue(mine.hand_size);
  threat_now_ = Threat(state.market, 0, -1, 0);
}

double MoveScorer::HandValue(int good, int cards, int tokens_left) const {
  if (cards == 0) return 0;
  double base = TokenSum(good, cards, tokens_left);
  int pile = jaipur::BonusPileForSale(cards);
  if (pile >= 0) base += bonus_mean_[static_cast<size_t>(pile)];
  bool contested = state_.players[static_cast<size_t>(1 - me_)].known[static_cast<size_t>(good)] > 0;
  return hold_ * base * (contested ? kContested : 1.0);
}

double MoveScorer::CamelValue(int herd) const {
  int lead = herd - state_.players[static_cast<size_t>(1 - me_)].herd;
  return CamelTokenShare(lead) * hold_ / kHold + kCamelUse[static_cast<size_t>(std::min(herd, 15))];
}

double MoveScorer::HandRoomValue(int hand_size) const {
  return hand_size >= jaipur::kHandLimit ? kRoomSeven : (hand_size == jaipur::kHandLimit - 1 ? kRoomSix : 0.0);
}

double MoveScorer::Threat(const CardCounts& market, int refills, int sold_good, int sold_left) const {
  // Every candidate is non-negative, so the maximum does not depend on their order.
  double best = kCamelThreat * market[kCamel];
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    size_t i = static_cast<size_t>(g);
    if (g != sold_good) best = std::max(best, good_threat_[i][market[i]]);
  }
  if (sold_good >= 0 && market[static_cast<size_t>(sold_good)]) {  // the sale moved that pile's next token
    const int g = sold_good;
    size_t i = static_cast<size_t>(g);
    if (opp_can_take_) {
      const auto& opp = state_.players[static_cast<size_t>(1 - me_)];
      best = std::max(best, hold_ * TokenSum(g, 1, sold_left) * (1.0 + 0.3 * std::min<int>(opp.known[i], 2)));
    }
    if (market[i] >= 2 && jaipur::IsPrecious(GoodAt(g)))  // an exchange for the whole lot
      best = std::max(best, 0.8 * hold_ * TokenSum(g, market[i], sold_left));
  }
  return kThreatWeight * (best + kRefillThreat * refills);
}

double MoveScorer::RoundEndValue(double my_gain, int my_herd, int opp_herd) const {
  const auto& mine = state_.players[static_cast<size_t>(me_)];
  const auto& opp = state_.players[static_cast<size_t>(1 - me_)];
  double theirs = opp.GoodsRupees() + (opp_herd > my_herd ? jaipur::kCamelTokenValue : 0);
  for (int i = 0; i < opp.num_bonus_tokens; ++i)  // the pile is public, the value is not
    theirs += unseen_mean_[static_cast<size_t>(jaipur::BonusPileOfValue(opp.bonus_tokens[static_cast<size_t>(i)]))];
  double ours = mine.GoodsRupees() + mine.BonusRupees() + my_gain + (my_herd > opp_herd ? jaipur::kCamelTokenValue : 0);
  double margin = ours - theirs;
  return (margin > 0 ? kRoundEnd : (margin < 0 ? -kRoundEnd : 0.0)) + margin;
}

double MoveScorer::Score(const Move& move) const {
  const auto& mine = state_.players[static_cast<size_t>(me_)];
  const int opp_herd = state_.players[static_cast<size_t>(1 - me_)].herd;
  switch (move.kind) {
    case MoveKind::kTimeOut:
      return -1e9;  // never among the legal moves: the worst, should one ever be scored
    case MoveKind::kTake: {
      size_t g = static_cast<size_t>(Index(move.good));
      if (state_.deck_size < 1) return RoundEndValue(0, mine.herd, opp_herd);
      CardCounts market = state_.market;
      --market[g];
      double hand = HandValue(Index(move.good), mine.hand[g] + 1, state_.tokens_left[g]) - hand_value_[g];
      return hand + HandRoomValue(mine.hand_size + 1) - room_now_ -
             (Threat(market, 1, -1, 0) - threat_now_);
    }
    case MoveKind::kCamels: {
      int camels = state_.market[kCamel];
      if (state_.deck_size < camels) return RoundEndValue(0, mine.herd + camels, opp_herd);
      CardCounts market = state_.market;
      market[kCamel] = 0;
      return CamelValue(mine.herd + camels) - camel_now_ - (Threat(market, camels, -1, 0) - threat_now_);
    }
    case MoveKind::kSell: {
      int g = Index(move.good);
      size_t i = static_cast<size_t>(g);
      int left = state_.tokens_left[i];
      double gain = TokenSum(g, move.count, left);
      int pile = jaipur::BonusPileForSale(move.count);
      if (pile >= 0) gain += bonus_mean_[static_cast<size_t>(pile)];
      int left_after = left - std::min<int>(move.count, left);
      if (left > 0 && left_after == 0 && state_.EmptyTokenPiles() == 2) return RoundEndValue(gain, mine.herd, opp_herd);
      return gain + HandValue(g, mine.hand[i] - move.count, left_after) - hand_value_[i] +
             HandRoomValue(mine.hand_size - move.count) - room_now_ - (Threat(state_.market, 0, g, left_after) - threat_now_);
    }
    case MoveKind::kExchange: {
      double delta = 0;
      CardCounts market = state_.market;
      for (int g = 0; g < jaipur::kNumGoods; ++g) {
        size_t i = static_cast<size_t>(g);
        int taken = move.taken[g], given = move.given[g];
        if (taken == 0 && given == 0) continue;
        market[i] = static_cast<uint8_t>(market[i] - taken + given);
        delta += HandValue(g, mine.hand[i] + taken - given, state_.tokens_left[i]) - hand_value_[i];
      }
      int camels = move.given[kCamel];
      market[kCamel] = static_cast<uint8_t>(market[kCamel] + camels);
      delta += CamelValue(mine.herd - camels) - camel_now_;
      delta += HandRoomValue(mine.hand_size + camels) - room_now_;
      return delta - (Threat(market, 0, -1, 0) - threat_now_);
    }
  }
  return 0;
}

void CandidateMoves(const State& state, MoveList* out) {
  out->clear();
  const auto& me = state.players[state.to_move];
  // Takes, camels and sales are written unconditionally and kept by a count, as
  // State::LegalMoves does: which of them a position allows is unpredictable.
  Move* const tail = out->Tail();
  Move* write = tail;
  if (me.hand_size < jaipur::kHandLimit)
    for (int g = 0; g < jaipur::kNumGoods; ++g) {
      *write = Move::Take(GoodAt(g));
      write += state.market[static_cast<size_t>(g)] != 0;
    }
  *write = Move::Camels();
  write += state.market[kCamel] != 0;
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    int held = me.hand[static_cast<size_t>(g)];
    *write = Move::Sell(held, GoodAt(g));
    write += held >= jaipur::MinimumSale(GoodAt(g));
  }
  out->Extend(static_cast<int>(write - tail));
  std::array<int, jaipur::kNumGoods> order{};
  bool ordered = false;  // sorted when an exchange first needs goods to give
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    int want = state.market[static_cast<size_t>(g)];
    if (want < 2) continue;
    // Counts packed as PackedCounts holds them, 4 bits a type (none is above 7 here).
    const uint32_t taken = static_cast<uint32_t>(want) << (4 * g);
    int camels = std::min({static_cast<int>(me.herd), jaipur::kHandLimit - me.hand_size, want});
    uint32_t given = static_cast<uint32_t>(camels) << (4 * kCamel);
    int missing = want - camels;
    if (missing > 0 && !ordered) {
      order = GiveOrder(state);
      ordered = true;
    }
    for (int k = 0; k < jaipur::kNumGoods && missing > 0; ++k) {
      int t = order[static_cast<size_t>(k)];
      if (t == g) continue;
      int n = std::min<int>(missing, me.hand[static_cast<size_t>(t)]);
      given |= static_cast<uint32_t>(n) << (4 * t);
      missing -= n;
    }
    if (missing == 0) out->push_back(Move::Exchange(PackedCounts::FromBits(taken), PackedCounts::FromBits(given)));
  }
}

Move RolloutMove(const State& state, Prng& prng, double epsilon, MoveList* scratch) {
  CandidateMoves(state, scratch);
  int n = scratch->size();
  if (n == 1) return (*scratch)[0];
  // epsilon as a 32-bit threshold on one draw: one Next() per move.
  uint32_t draw = static_cast<uint32_t>(prng.Next() >> 32);
  if (draw < static_cast<uint32_t>(epsilon * 4294967295.0)) return (*scratch)[static_cast<int>(prng.Below(static_cast<uint32_t>(n)))];
  MoveScorer scorer(state);
  int best = 0;
  double best_score = scorer.Score((*scratch)[0]);
  for (int i = 1; i < n; ++i) {
    double s = scorer.Score((*scratch)[i]);
    if (s > best_score) {
      best_score = s;
      best = i;
    }
  }
  return (*scratch)[best];
}

double PositionValue(const State& state, int player) {
  const auto& p = state.players[static_cast<size_t>(player)];
  const auto& o = state.players[static_cast<size_t>(1 - player)];
  double value = p.GoodsRupees() + p.BonusRupees();
  double time_left = std::min(1.0, state.deck_size / 15.0);
  double hold = 0.6 * (0.4 + 0.6 * time_left);
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    int held = p.hand[static_cast<size_t>(g)];
    if (!held) continue;
    double sale = TokenSum(g, held, state.tokens_left[static_cast<size_t>(g)]);
    int pile = jaipur::BonusPileForSale(held);
    if (pile >= 0 && state.bonus_left[static_cast<size_t>(pile)]) sale += kBonusMean[static_cast<size_t>(pile)];
    value += hold * sale;
  }
  return value + CamelTokenShare(p.herd - o.herd);
}

}  // namespace souk::ai::jaipur_bots
