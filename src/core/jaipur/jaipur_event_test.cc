// What a move did, told by PlayMove: checked on built positions and against the
// states before and after over whole random games.
#include "core/jaipur/jaipur_event.h"

#include <gtest/gtest.h>

#include "core/jaipur/jaipur_test_util.h"

namespace souk::jaipur {
namespace {

using testing::Cards;

Move M(std::string_view text) {
  auto move = ParseMove(text);
  EXPECT_TRUE(move.ok()) << move.message();
  return move.ok() ? *move : Move{};
}

TEST(JaipurEvent, TakingTheCamelsCountsThem) {
  State s = testing::Position({.market = Cards("gold camel camel camel spice")});
  MoveEvent e = PlayMove(s, M("camels"));
  EXPECT_EQ(e.seat, 0);
  EXPECT_EQ(e.camels, 3);
  EXPECT_EQ(e.num_tokens, 0);
  EXPECT_FALSE(e.round_end.has_value());
}

TEST(JaipurEvent, ASaleWinsTheTopTokensAndABonusOnlyItsSellerSees) {
  State s = testing::Position({.market = Cards("gold camel camel camel spice"),
                               .hands = {Cards("leather leather leather cloth")}});
  const int bonus = s.NextBonusToken(0);
  MoveEvent e = PlayMove(s, M("sell 3 leather"));
  ASSERT_EQ(e.num_tokens, 3);
  EXPECT_EQ(e.tokens[0], kGoodsTokenValues[Index(Card::kLeather)][0]);
  EXPECT_EQ(e.TokensTotal(), s.players[0].GoodsRupees());
  EXPECT_TRUE(e.bonus);
  EXPECT_EQ(e.bonus_value, bonus);
  EXPECT_EQ(ForViewer(e, 0).bonus_value, bonus);
  EXPECT_EQ(ForViewer(e, 1).bonus_value, 0) << "the opponent sees that a bonus was taken, not its value";
  EXPECT_EQ(ForViewer(e, -1).bonus_value, 0) << "and so does a spectator";
  EXPECT_TRUE(ForViewer(e, 1).bonus);
}

TEST(JaipurEvent, ASaleBeyondThePileWinsOnlyTheTokensLeft) {
  State s = testing::Position({.market = Cards("gold camel camel camel spice"), .hands = {Cards("cloth cloth cloth")}});
  s.tokens_left[static_cast<size_t>(Index(Card::kCloth))] = 1;
  MoveEvent e = PlayMove(s, M("sell 3 cloth"));
  EXPECT_EQ(e.num_tokens, 1);
}

// Over whole games: every event agrees with the states before and after it.
TEST(JaipurEvent, EveryEventAgreesWithTheStatesAroundIt) {
  int sales = 0, rounds = 0;
  MoveList moves;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    State s = State::NewGame(seed);
    Prng prng(seed);
    while (!s.game_over) {
      s.LegalMoves(&moves);
      const Move m = moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))];
      const State before = s;
      State expected = s;
      expected.ApplyMove(m);
      const MoveEvent e = PlayMove(s, m);
      ASSERT_EQ(s, expected) << "PlayMove plays the move as ApplyMove does";
      ASSERT_EQ(e.seat, before.to_move);
      ASSERT_EQ(e.game_over, s.game_over);
      ASSERT_EQ(e.winner, s.winner);
      const auto& mine_before = before.players[before.to_move];
      if (e.round_end) {
        ++rounds;
        const RoundEnd& r = *e.round_end;
        for (size_t p = 0; p < kNumPlayers; ++p) {
          ASSERT_EQ(r.goods[p] + r.bonus[p] + r.camel[p], r.result.rupees[p]);
          ASSERT_GE(r.bonus[p], 0);
          ASSERT_EQ(r.bonus[p] == 0, r.bonus_tokens[p] == 0);
        }
        ASSERT_EQ(r.result, *s.last_round);
        ASSERT_EQ(r.result.camel_token, r.herds[0] == r.herds[1] ? -1 : (r.herds[0] > r.herds[1] ? 0 : 1));
      } else if (m.kind == MoveKind::kSell) {
        ++sales;
        const auto& mine = s.players[before.to_move];
        ASSERT_EQ(e.TokensTotal(), mine.GoodsRupees() - mine_before.GoodsRupees());
        ASSERT_EQ(e.bonus, mine.num_bonus_tokens > mine_before.num_bonus_tokens);
        if (e.bonus) {
          ASSERT_EQ(e.bonus_value, mine.bonus_tokens[mine.num_bonus_tokens - 1u]);
        }
      }
    }
  }
  EXPECT_GT(sales, 1000);
  EXPECT_GT(rounds, 400);
}

}  // namespace
}  // namespace souk::jaipur
