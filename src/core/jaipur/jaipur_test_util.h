// Position builders shared by the Jaipur rule tests and the bot tests: a valid
// mid-round position from the cards in the market, the hands and the herds.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <string_view>

#include <gtest/gtest.h>

#include "core/jaipur/jaipur.h"
#include "core/prng.h"
#include "core/text.h"

namespace souk::jaipur::testing {

// "gold gold camel" as counts; every word must be a card.
inline CardCounts Cards(std::string_view names) {
  CardCounts counts{};
  for (const auto& word : SplitLowerWords(names)) {
    auto card = ParseCard(word);
    assert(card.has_value());
    if (card) ++counts[Index(*card)];
  }
  return counts;
}

// A move from its text, which the test expects to parse.
inline Move M(std::string_view text) {
  auto move = ParseMove(text);
  EXPECT_TRUE(move.ok()) << move.message();
  return move.ok() ? *move : Move{};
}

inline int Total(const CardCounts& counts) {
  int n = 0;
  for (auto c : counts) n += c;
  return n;
}

struct PositionSpec {
  CardCounts market{};
  std::array<CardCounts, kNumPlayers> hands{};
  std::array<int, kNumPlayers> herds{};
  int to_move = 0;
  // The game the rest comes from: token piles full, its bonus piles, its PRNG.
  uint64_t base_seed = 1;
  // The cards left form the deck: in canonical order with diamonds drawn first,
  // or shuffled by this seed.
  bool shuffle_deck = false;
  uint64_t deck_seed = 5;
};

// The position `spec` describes; nobody knows anybody's cards yet.
inline State Position(const PositionSpec& spec) {
  State s = State::NewGame(spec.base_seed);
  s.market = spec.market;
  s.discard = {};
  s.to_move = static_cast<uint8_t>(spec.to_move);
  s.round_starter = static_cast<uint8_t>(spec.to_move);
  CardCounts used = s.market;
  for (int p = 0; p < kNumPlayers; ++p) {
    auto& ps = s.players[static_cast<size_t>(p)];
    ps.hand = spec.hands[static_cast<size_t>(p)];
    ps.known = {};
    ps.hand_size = static_cast<uint8_t>(Total(ps.hand));
    ps.herd = static_cast<uint8_t>(spec.herds[static_cast<size_t>(p)]);
    for (int t = 0; t < kNumCardTypes; ++t) used[static_cast<size_t>(t)] += ps.hand[static_cast<size_t>(t)];
    used[static_cast<size_t>(Index(Card::kCamel))] += ps.herd;
  }
  s.deck_size = 0;
  if (spec.shuffle_deck) {
    for (int t = 0; t < kNumCardTypes; ++t)
      for (int i = used[static_cast<size_t>(t)]; i < kCardsPerType[static_cast<size_t>(t)]; ++i)
        s.deck[s.deck_size++] = static_cast<Card>(t);
    Prng prng(spec.deck_seed);
    prng.Shuffle(s.deck.data(), s.deck_size);
  } else {
    for (int t = kNumCardTypes - 1; t >= 0; --t)
      for (int i = used[static_cast<size_t>(t)]; i < kCardsPerType[static_cast<size_t>(t)]; ++i)
        s.deck[s.deck_size++] = static_cast<Card>(t);
  }
  return s;
}

// Moves `n` cards of `good` from the deck to the discard and the next `tokens`
// tokens of its pile to `player`: the trace of earlier sales. False if the deck
// has too few of that good.
inline bool PastSale(State& s, int player, Card good, int n, int tokens) {
  auto& ps = s.players[static_cast<size_t>(player)];
  for (int i = 0; i < n; ++i) {
    auto it = std::find(s.deck.begin(), s.deck.begin() + s.deck_size, good);
    if (it == s.deck.begin() + s.deck_size) return false;
    std::rotate(it, it + 1, s.deck.begin() + s.deck_size);
    --s.deck_size;
    ++s.discard[static_cast<size_t>(Index(good))];
  }
  for (int i = 0; i < tokens; ++i) {
    ps.goods_tokens[ps.num_goods_tokens++] = static_cast<uint8_t>(s.NextGoodsToken(good));
    --s.tokens_left[static_cast<size_t>(Index(good))];
  }
  return true;
}

}  // namespace souk::jaipur::testing
