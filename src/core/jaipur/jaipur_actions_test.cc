// The fixed action ids: documented anchors, a bijection with the table of moves,
// and every legal move of whole random games has its id.
#include "core/jaipur/jaipur_actions.h"

#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace souk::jaipur {
namespace {

int Id(std::string_view text) {
  auto move = ParseMove(text);
  EXPECT_TRUE(move.ok()) << move.message();
  return move.ok() ? ActionOf(*move) : -2;
}

TEST(JaipurActions, TheDocumentedIdsAreTheseMoves) {
  EXPECT_EQ(Id("take diamond"), 0);
  EXPECT_EQ(Id("take leather"), 5);
  EXPECT_EQ(Id("camels"), 6);
  EXPECT_EQ(Id("sell 1 diamond"), 7);
  EXPECT_EQ(Id("sell 7 leather"), 48);
  EXPECT_EQ(Id("exchange diamond diamond for gold gold"), 49);
  EXPECT_EQ(Id("exchange diamond diamond for gold silver"), 50);
  EXPECT_EQ(NumDistinctActions(), 25505) << "changing the ids changes every dataset made with them";
}

TEST(JaipurActions, EveryIdIsOneMoveAndBack) {
  std::set<std::string> texts;
  for (int a = 0; a < NumDistinctActions(); ++a) {
    const Move m = MoveOf(a);
    ASSERT_EQ(ActionOf(m), a) << ToString(m);
    ASSERT_TRUE(texts.insert(ToString(m)).second) << "two ids for " << ToString(m);
  }
}

TEST(JaipurActions, MovesNoRuleAllowsHaveNoId) {
  EXPECT_EQ(ActionOf(Move::Sell(8, Card::kLeather)), -1);
  EXPECT_EQ(ActionOf(Move::Take(Card::kCamel)), -1);
  CardCounts six_taken{}, six_given{};
  six_taken[0] = 6;
  six_given[6] = 6;
  EXPECT_EQ(ActionOf(Move::Exchange(six_taken, six_given)), -1);
  CardCounts taken{}, given{};
  taken[0] = 2;
  given[6] = 3;
  EXPECT_EQ(ActionOf(Move::Exchange(taken, given)), -1) << "2 goods for 3 camels";
  given[6] = 1;
  given[0] = 1;
  EXPECT_EQ(ActionOf(Move::Exchange(taken, given)), -1) << "a diamond both taken and given";
  taken[6] = 1;
  given[0] = 0;
  given[6] = 3;
  EXPECT_EQ(ActionOf(Move::Exchange(taken, given)), -1) << "a camel taken";
}

TEST(JaipurActions, EveryLegalMoveOfRandomGamesHasItsId) {
  MoveList moves;
  int64_t checked = 0;
  for (uint64_t seed = 0; seed < 100; ++seed) {
    State s = State::NewGame(seed);
    Prng prng(seed + 5);
    while (!s.game_over) {
      s.LegalMoves(&moves);
      std::set<int> ids;
      for (const Move& m : moves) {
        const int id = ActionOf(m);
        ASSERT_GE(id, 0) << ToString(m);
        ASSERT_EQ(MoveOf(id), m);
        ids.insert(id);
        ++checked;
      }
      ASSERT_EQ(static_cast<int>(ids.size()), moves.size()) << "distinct moves, distinct ids";
      std::vector<int32_t> batch(static_cast<size_t>(moves.size()));
      ActionsOf(std::span<const Move>(moves.begin(), moves.end()), batch.data());
      for (int i = 0; i < moves.size(); ++i) ASSERT_EQ(batch[static_cast<size_t>(i)], ActionOf(moves[i]));
      s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  EXPECT_GT(checked, 100000);
}

}  // namespace
}  // namespace souk::jaipur
