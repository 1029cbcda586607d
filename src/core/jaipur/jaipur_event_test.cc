// What a move did, told by PlayMove: checked on built positions and against the
// states before and after over whole random games.
#include "core/jaipur/jaipur_event.h"

#include <gtest/gtest.h>

#include "core/jaipur/jaipur_test_util.h"

namespace souk::jaipur {
namespace {

using testing::Cards;
using testing::M;

TEST(JaipurEvent, TakingTheCamelsCountsThem) {
  State s = testing::Position({.market = Cards("gold camel camel camel spice")});
  MoveEvent e = PlayMove(s, M("camels"));
  EXPECT_EQ(e.seat, 0);
  EXPECT_EQ(e.camels, 3);
  EXPECT_EQ(e.num_tokens, 0);
  EXPECT_FALSE(e.round_end.has_value());
}

TEST(JaipurEvent, ATimeoutEndsTheGameAndNamesTheWinner) {
  State s = testing::Position({.market = Cards("gold camel camel camel spice"), .to_move = 1});
  MoveEvent e = PlayMove(s, Move::TimeOut());
  EXPECT_EQ(e.seat, 1);
  EXPECT_EQ(e.move.kind, MoveKind::kTimeOut);
  EXPECT_TRUE(e.game_over);
  EXPECT_EQ(e.winner, 0);
  EXPECT_FALSE(e.round_end.has_value()) << "no round is scored";
  EXPECT_EQ(s.timed_out, 1);
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
        // The table as the round ended: the move played, nothing scored or dealt.
        State within = before;
        ASSERT_TRUE(within.PlayWithinRound(m));
        for (int p = 0; p < kNumPlayers; ++p) {
          const View& table = r.tables[static_cast<size_t>(p)];
          ASSERT_EQ(table, within.ViewFor(p));
          ASSERT_EQ(table.round, before.round);
          ASSERT_EQ(table.herd[static_cast<size_t>(p)], r.herds[static_cast<size_t>(p)]);
          ASSERT_EQ(table.RoundPurse(p).goods, r.goods[static_cast<size_t>(p)]);
        }
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

TEST(JaipurEvents, ARoundsEndTableShowsEachViewerOnlyTheirOwnHand) {
  // Play random games until a round ends, then look at its tables as each may see them.
  Prng prng(7);
  State s = State::NewGame(11);
  MoveList moves;
  std::optional<MoveEvent> ended;
  while (!ended) {
    s.LegalMoves(&moves);
    MoveEvent e = PlayMove(s, moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
    if (e.round_end) ended = e;
  }
  const RoundEnd& whole = *ended->round_end;
  ASSERT_NE(whole.tables[0].hand, CardCounts{}) << "a seat holds cards at a round's end in this game";
  ASSERT_NE(whole.tables[1].hand, CardCounts{});
  for (int viewer : {0, 1}) {
    const RoundEnd seen = *ForViewer(*ended, viewer).round_end;
    const size_t mine = static_cast<size_t>(viewer), theirs = static_cast<size_t>(1 - viewer);
    EXPECT_EQ(seen.tables[mine], whole.tables[mine]) << "the viewer's own table is whole";
    EXPECT_EQ(seen.tables[theirs].hand, CardCounts{}) << "the other hand is blanked";
    EXPECT_EQ(seen.tables[theirs].num_bonus_tokens, 0);
    EXPECT_EQ(seen.tables[theirs].market, whole.tables[theirs].market) << "the public table stays";
  }
  const RoundEnd spectator = *ForViewer(*ended, -1).round_end;
  for (const View& table : spectator.tables) {
    EXPECT_EQ(table.hand, CardCounts{});
    EXPECT_EQ(table.num_bonus_tokens, 0);
  }
}

}  // namespace
}  // namespace souk::jaipur
