// The explicit_chance option (jaipur.h, docs/rules/jaipur.md "Explicit chance"): each
// card drawn is a chance node, its sampler replays the game without the option, and
// State::FromView deals the unseen cards of a view uniformly.
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "core/jaipur/jaipur.h"
#include "core/jaipur/jaipur_event.h"
#include "core/jaipur/jaipur_test_util.h"
#include "core/prng.h"

namespace souk::jaipur {
namespace chance_test {

using testing::Cards;
using testing::M;

constexpr int kGames = 300;
constexpr int kMaxDecisions = 3000;  // random play can swap cards forever

Options ExplicitChance() {
  Options o;
  o.explicit_chance = true;
  return o;
}

CardCounts DeckCounts(const State& s) {
  CardCounts counts{};
  for (int i = 0; i < s.deck_size; ++i) ++counts[static_cast<size_t>(Index(s.deck[static_cast<size_t>(i)]))];
  return counts;
}

// A legal move picked by `prng` (the state is a decision).
Move RandomMove(const State& s, Prng& prng) {
  MoveList moves;
  s.LegalMoves(&moves);
  return moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))];
}

// One of the chance node's outcomes, each as likely as the others.
Card RandomOutcome(const State& s, Prng& prng) {
  ChanceOutcomeList outcomes;
  s.ChanceOutcomes(&outcomes);
  return outcomes[static_cast<int>(prng.Below(static_cast<uint32_t>(outcomes.size())))].card;
}

TEST(JaipurChance, OffByDefaultNoStepIsAChanceNode) {
  State s = State::NewGame(7);
  EXPECT_FALSE(s.explicit_chance);
  EXPECT_FALSE(s.IsChanceNode());
  ChanceOutcomeList outcomes;
  s.ChanceOutcomes(&outcomes);
  EXPECT_TRUE(outcomes.empty());
  EXPECT_FALSE(s.CheckChance(Card::kGold).ok());
}

TEST(JaipurChance, TheDealIsTwelveDrawsSeatZeroThenSeatOneThenTheMarket) {
  State s = State::NewGame(7, ExplicitChance());
  EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
  EXPECT_EQ(s.pending_draws, kCardsDealt);
  EXPECT_EQ(s.deck_size, 52);
  EXPECT_EQ(s.market, Cards("camel camel camel"));
  MoveList moves;
  s.LegalMoves(&moves);
  EXPECT_TRUE(moves.empty());
  auto cards_of = [&](int seat) { return s.players[static_cast<size_t>(seat)].hand_size + s.players[static_cast<size_t>(seat)].herd; };
  for (int i = 0; i < kCardsDealt; ++i) {
    s.ApplyChance(s.SampleChance());
    EXPECT_TRUE(s.Validate().ok()) << "after draw " << i << ": " << s.Validate().message();
    EXPECT_EQ(cards_of(0), std::min(i + 1, kStartingHand));
    EXPECT_EQ(cards_of(1), std::clamp(i + 1 - kStartingHand, 0, kStartingHand));
    EXPECT_EQ(s.MarketSize(), 3 + std::max(0, i + 1 - 2 * kStartingHand));
  }
  EXPECT_FALSE(s.IsChanceNode());
  EXPECT_EQ(s.deck_size, 40);
}

TEST(JaipurChance, AMoveOrAnAbsentCardIsRefusedAtAChanceNode) {
  State s = State::NewGame(3, ExplicitChance());
  EXPECT_EQ(s.CheckMove(M("camels")).code(), StatusCode::kIllegalMove);
  // Draw every camel the deck holds; then a camel is no outcome.
  while (DeckCounts(s)[Index(Card::kCamel)] > 0 && s.IsChanceNode()) s.ApplyChance(Card::kCamel);
  ASSERT_TRUE(s.IsChanceNode());
  EXPECT_FALSE(s.CheckChance(Card::kCamel).ok());
  EXPECT_NE(s.CheckChance(Card::kCamel).message().find("no camel"), std::string::npos) << s.CheckChance(Card::kCamel).message();
}

TEST(JaipurChance, CamelsDrawnIntoAHandGoToTheHerd) {
  State s = State::NewGame(3, ExplicitChance());
  s.ApplyChance(Card::kCamel);
  EXPECT_EQ(s.players[0].herd, 1);
  EXPECT_EQ(s.players[0].hand_size, 0);
  EXPECT_EQ(s.players[0].hand[Index(Card::kCamel)], 0);
}

// Over random games, random moves and outcomes: every chance node offers exactly the
// types the deck holds at their share of it, and every state is one the rules allow.
TEST(JaipurChance, OutcomesAreTheDeckShareOfEachTypeLeftAndSumToOne) {
  Prng prng(20261129);
  int chance_nodes = 0, deck_ends = 0, refills = 0;
  for (int game = 0; game < kGames; ++game) {
    State s = State::NewGame(static_cast<uint64_t>(game), ExplicitChance());
    for (int steps = 0; steps < kMaxDecisions && !s.game_over; ++steps) {
      ASSERT_TRUE(s.Validate().ok()) << "game " << game << ": " << s.Validate().message();
      if (s.IsChanceNode()) {
        ++chance_nodes;
        ChanceOutcomeList outcomes;
        s.ChanceOutcomes(&outcomes);
        const CardCounts deck = DeckCounts(s);
        double sum = 0;
        int types_in_deck = 0;
        for (int t = 0; t < kNumCardTypes; ++t) types_in_deck += deck[static_cast<size_t>(t)] > 0;
        ASSERT_EQ(outcomes.size(), types_in_deck);
        for (const ChanceOutcome& o : outcomes) {
          ASSERT_GT(deck[static_cast<size_t>(Index(o.card))], 0);
          EXPECT_DOUBLE_EQ(o.probability, static_cast<double>(deck[static_cast<size_t>(Index(o.card))]) / s.deck_size);
          EXPECT_TRUE(s.CheckChance(o.card).ok());
          sum += o.probability;
        }
        ASSERT_NEAR(sum, 1.0, 1e-12);
        s.ApplyChance(RandomOutcome(s, prng));
        continue;
      }
      const Move move = RandomMove(s, prng);
      const int missing = kMarketSize - s.MarketSize() + (move.kind == MoveKind::kTake ? 1 : 0) +
                          (move.kind == MoveKind::kCamels ? s.market[Index(Card::kCamel)] : 0);
      const bool draws = move.kind == MoveKind::kTake || move.kind == MoveKind::kCamels;
      const int deck_before = s.deck_size;
      const uint32_t round = s.round;
      s.ApplyMove(move);
      if (draws && missing > deck_before) {
        // The deck cannot complete the refill: the round is over, with no chance node
        // but the next round's deal.
        ++deck_ends;
        EXPECT_TRUE(s.game_over || s.round == round + 1);
        EXPECT_EQ(s.pending_draws, s.game_over ? 0 : kCardsDealt);
      } else if (draws) {
        ++refills;
        EXPECT_EQ(s.pending_draws, missing);
      } else if (s.round == round) {
        EXPECT_EQ(s.pending_draws, 0);
      }
    }
  }
  EXPECT_GT(chance_nodes, 10000);
  EXPECT_GT(deck_ends, 100);  // rounds the deck ended (the others: a third empty pile)
  EXPECT_GT(refills, 1000);
}

// The state's sampler at every chance node plays the game without the option: the
// same seed and moves give the same states (the option aside) and the same events.
TEST(JaipurChance, TheSamplerReplaysTheGameWithoutTheOption) {
  for (int game = 0; game < kGames; ++game) {
    Prng moves_prng(static_cast<uint64_t>(game) * 7919 + 1);
    State plain = State::NewGame(static_cast<uint64_t>(game));
    State chance = State::NewGame(static_cast<uint64_t>(game), ExplicitChance());
    auto settle = [&] {
      while (chance.IsChanceNode()) chance.ApplyChance(chance.SampleChance());
    };
    auto same = [&] {
      State unmarked = chance;
      unmarked.explicit_chance = false;
      return unmarked == plain;
    };
    settle();
    ASSERT_TRUE(same()) << "game " << game << " dealt differently";
    for (int steps = 0; steps < kMaxDecisions && !plain.game_over; ++steps) {
      const Move move = RandomMove(plain, moves_prng);
      ASSERT_TRUE(chance.CheckMove(move).ok()) << ToString(move);
      MoveEvent plain_event = PlayMove(plain, move);
      MoveEvent chance_event = PlayMove(chance, move);
      // The round's end tables are views, which tell whether the option is on.
      if (chance_event.round_end)
        for (View& v : chance_event.round_end->tables) v.explicit_chance = false;
      ASSERT_EQ(chance_event, plain_event) << "game " << game << ", move " << steps << ": " << ToString(move);
      settle();
      ASSERT_TRUE(same()) << "game " << game << ", after move " << steps << ": " << ToString(move);
      ASSERT_EQ(chance.Score(0), plain.Score(0));
      ASSERT_EQ(chance.Score(1), plain.Score(1));
    }
    EXPECT_EQ(chance.winner, plain.winner);
  }
}

// Views taken at random steps of explicit-chance games, chance nodes included.
std::vector<View> SomeViews() {
  std::vector<View> views;
  Prng prng(99);
  for (int game = 0; game < 40; ++game) {
    State s = State::NewGame(static_cast<uint64_t>(game) + 1000, ExplicitChance());
    for (int steps = 0; steps < 400 && !s.game_over; ++steps) {
      if (steps % 7 == 0) views.push_back(s.ViewFor(steps % 2));
      if (s.IsChanceNode()) {
        s.ApplyChance(RandomOutcome(s, prng));
      } else {
        s.ApplyMove(RandomMove(s, prng));
      }
    }
  }
  return views;
}

TEST(JaipurChance, AResampledStateHasTheViewItWasMadeFrom) {
  Prng prng(4242);
  int at_chance_nodes = 0;
  for (const View& view : SomeViews()) {
    const State world = State::FromView(view, prng);
    ASSERT_TRUE(world.Validate().ok()) << world.Validate().message();
    ASSERT_EQ(world.ViewFor(view.viewer), view);
    // The viewer's own cards stay in the viewer's hand: none is in the deck or the
    // opponent's hand beyond what the unseen cards allow.
    const PlayerState& opp = world.players[static_cast<size_t>(1 - view.viewer)];
    const CardCounts deck = DeckCounts(world);
    for (int t = 0; t < kNumCardTypes; ++t) {
      const size_t i = static_cast<size_t>(t);
      int unseen = kCardsPerType[i] - view.market[i] - view.discard[i] - view.hand[i] - view.known[static_cast<size_t>(1 - view.viewer)][i];
      if (t == Index(Card::kCamel)) unseen -= view.herd[0] + view.herd[1];
      EXPECT_EQ(deck[i] + opp.hand[i] - opp.known[i], unseen) << CardName(static_cast<Card>(t));
    }
    at_chance_nodes += world.IsChanceNode();
  }
  EXPECT_GT(at_chance_nodes, 10);
}

// At a chance node a view tells how many cards are to be drawn, never which: the
// deck and the opponent's unknown cards dealt again leave every view as it was.
TEST(JaipurChance, AViewAtAChanceNodeDoesNotTellTheNextCard) {
  Prng prng(17);
  int checked = 0, other_next_card = 0;
  for (int game = 0; game < 20; ++game) {
    State s = State::NewGame(static_cast<uint64_t>(game) + 500, ExplicitChance());
    for (int steps = 0; steps < 300 && !s.game_over; ++steps) {
      if (s.IsChanceNode()) {
        for (int viewer = 0; viewer < kNumPlayers; ++viewer) {
          State redealt = s;
          redealt.RandomizeHidden(viewer, prng);
          const View view = s.ViewFor(viewer);
          ASSERT_EQ(redealt.ViewFor(viewer), view);
          EXPECT_EQ(view.pending_draws, s.pending_draws);
          EXPECT_TRUE(view.explicit_chance);
          ++checked;
          other_next_card += redealt.SampleChance() != s.SampleChance();
        }
        s.ApplyChance(RandomOutcome(s, prng));
      } else {
        s.ApplyMove(RandomMove(s, prng));
      }
    }
  }
  EXPECT_GT(checked, 500);
  EXPECT_GT(other_next_card, checked / 3);  // the same view, another card to come
}

// Pearson's statistic of observed counts against expected ones (expected > 0 only).
double ChiSquare(const std::array<double, kNumCardTypes>& observed, const std::array<double, kNumCardTypes>& expected) {
  double chi2 = 0;
  for (size_t t = 0; t < observed.size(); ++t)
    if (expected[t] > 0) chi2 += (observed[t] - expected[t]) * (observed[t] - expected[t]) / expected[t];
  return chi2;
}

// The unseen cards are dealt uniformly, given that a hand holds no camel: the
// opponent's unknown cards are a uniform draw of the unseen goods, the deck the rest in
// a uniform order. Checked on the deck's top card and the opponent's hand.
TEST(JaipurChance, ResamplingDealsTheUnseenCardsUniformly) {
  State s = State::NewGame(31, ExplicitChance());
  Prng play(5);
  while (s.round == 1 && (s.IsChanceNode() || s.deck_size > 30)) {
    if (s.IsChanceNode()) {
      s.ApplyChance(s.SampleChance());
    } else {
      s.ApplyMove(RandomMove(s, play));
    }
  }
  ASSERT_FALSE(s.game_over);
  const int viewer = 0;
  const View view = s.ViewFor(viewer);
  const PlayerState& real_opp = s.players[1];
  const int unknown = real_opp.hand_size - testing::Total(real_opp.known);
  ASSERT_GT(unknown, 0);
  std::array<double, kNumCardTypes> unseen{};
  double unseen_goods = 0;
  for (int t = 0; t < kNumCardTypes; ++t) {
    const size_t i = static_cast<size_t>(t);
    unseen[i] = DeckCounts(s)[i] + real_opp.hand[i] - real_opp.known[i];
    if (t != Index(Card::kCamel)) unseen_goods += unseen[i];
  }
  constexpr int kSamples = 20000;
  std::array<double, kNumCardTypes> top{}, hand{}, expected_top{}, expected_hand{};
  Prng prng(777);
  for (int n = 0; n < kSamples; ++n) {
    const State world = State::FromView(view, prng);
    ++top[static_cast<size_t>(Index(world.deck[static_cast<size_t>(world.deck_size - 1)]))];
    for (int t = 0; t < kNumCardTypes; ++t)
      hand[static_cast<size_t>(t)] += world.players[1].hand[static_cast<size_t>(t)] - real_opp.known[static_cast<size_t>(t)];
  }
  for (int t = 0; t < kNumCardTypes; ++t) {
    const size_t i = static_cast<size_t>(t);
    const bool camel = t == Index(Card::kCamel);
    const double in_hand = camel ? 0 : unknown * unseen[i] / unseen_goods;  // expected count per deal
    expected_hand[i] = kSamples * in_hand;
    expected_top[i] = kSamples * (unseen[i] - in_hand) / s.deck_size;
  }
  EXPECT_EQ(hand[static_cast<size_t>(Index(Card::kCamel))], 0);
  // 6 degrees of freedom at most: 22.46 is the 0.1% tail. The seeds are fixed, so
  // the figures are too; a biased deal (say the first unseen card always on top)
  // gives thousands.
  EXPECT_LT(ChiSquare(top, expected_top), 22.46);
  // The hand's counts are hypergeometric, tighter than the multinomial the statistic
  // assumes: the bound is loose, still far below what a bias gives.
  EXPECT_LT(ChiSquare(hand, expected_hand), 22.46);
}

}  // namespace chance_test
}  // namespace souk::jaipur
