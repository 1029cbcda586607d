#include "core/jaipur/jaipur_observation.h"

#include <cassert>

namespace souk::jaipur {

void WriteObservation(const View& v, std::span<float, kObservationSize> out) {
  const size_t me = static_cast<size_t>(v.viewer), them = 1 - me;
  size_t i = 0;
  auto put = [&](double value) { out[i++] = static_cast<float>(value); };
  for (int t = 0; t < kNumCardTypes; ++t) put(v.market[static_cast<size_t>(t)]);
  for (int g = 0; g < kNumGoods; ++g) put(v.hand[static_cast<size_t>(g)]);
  for (int g = 0; g < kNumGoods; ++g) put(v.known[them][static_cast<size_t>(g)]);
  for (int g = 0; g < kNumGoods; ++g) put(v.known[me][static_cast<size_t>(g)]);
  put(v.opponent.hand_size);
  put(v.herd[me]);
  put(v.herd[them]);
  for (int t = 0; t < kNumCardTypes; ++t) put(v.discard[static_cast<size_t>(t)]);
  put(v.deck_size);
  for (int g = 0; g < kNumGoods; ++g) put(v.tokens_left[static_cast<size_t>(g)]);
  for (int g = 0; g < kNumGoods; ++g) {
    const int left = v.tokens_left[static_cast<size_t>(g)];
    put(left ? kGoodsTokenValues[static_cast<size_t>(g)][static_cast<size_t>(kTokensPerGood[static_cast<size_t>(g)] - left)] : 0);
  }
  for (int p = 0; p < kNumBonusPiles; ++p) put(v.bonus_left[static_cast<size_t>(p)]);
  for (size_t p : {me, them}) {
    int rupees = 0;
    for (int k = 0; k < v.num_goods_tokens[p]; ++k) rupees += v.goods_tokens[p][static_cast<size_t>(k)];
    put(rupees);
  }
  put(v.num_goods_tokens[me]);
  put(v.num_goods_tokens[them]);
  int bonus_rupees = 0;
  std::array<int, kNumBonusPiles> mine{};
  for (int k = 0; k < v.num_bonus_tokens; ++k) {
    const int value = v.bonus_tokens[static_cast<size_t>(k)];
    bonus_rupees += value;
    ++mine[static_cast<size_t>(BonusPileOfValue(value))];
  }
  put(bonus_rupees);
  for (int p = 0; p < kNumBonusPiles; ++p) put(mine[static_cast<size_t>(p)]);
  for (int p = 0; p < kNumBonusPiles; ++p) put(v.opponent.bonus_counts[static_cast<size_t>(p)]);
  put(v.seals[me]);
  put(v.seals[them]);
  put(!v.game_over && v.to_move == v.viewer);
  put(v.round_starter == v.viewer);
  put(v.round);
  put(v.game_over);
  assert(i == kObservationSize);
}

}  // namespace souk::jaipur
