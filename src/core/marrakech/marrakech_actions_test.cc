// The fixed action ids: documented anchors, a bijection with the moves, and every
// legal move of whole random games of every mode has its id.
#include "core/marrakech/marrakech_actions.h"

#include <set>

#include <gtest/gtest.h>

#include "core/marrakech/marrakech_test_util.h"

namespace souk::marrakech {
namespace {

int Id(std::string_view text) {
  auto move = ParseMove(text);
  EXPECT_TRUE(move.ok()) << move.message();
  return move.ok() ? ActionOf(*move) : -2;
}

TEST(MarrakechActions, TheDocumentedIdsAreTheseMoves) {
  EXPECT_EQ(Id("left"), 0);
  EXPECT_EQ(Id("right"), 2);
  EXPECT_EQ(Id("roll 1"), 3);
  EXPECT_EQ(Id("roll 4"), 6);
  EXPECT_EQ(Id("place a1 b1"), 7);
  EXPECT_EQ(Id("place a1 a2"), 8);
  EXPECT_EQ(Id("place f7 g7"), 90);
  EXPECT_EQ(kNumDistinctActions, 91);
}

TEST(MarrakechActions, EveryIdIsOneMoveAndBack) {
  std::set<std::string> texts;
  for (int a = 0; a < kNumDistinctActions; ++a) {
    const Move m = MoveOf(a);
    ASSERT_EQ(ActionOf(m), a) << ToString(m);
    ASSERT_TRUE(texts.insert(ToString(m)).second);
  }
  EXPECT_EQ(ActionOf(Move::Place(0, 2)), -1) << "a1 and c1 are not adjacent";
}

TEST(MarrakechActions, AnOrientationNoRuleAllowsHasNoId) {
  // A half turn (the rules forbid it) used to get id 3, the die's roll 1.
  EXPECT_EQ(ActionOf(Move::Orient(static_cast<Turn>(3))), -1);
  EXPECT_EQ(ActionOf(Move::Roll(0)), -1);
  EXPECT_EQ(ActionOf(Move::Roll(5)), -1);
}

TEST(MarrakechActions, EveryLegalMoveOfRandomGamesHasItsId) {
  MoveList moves;
  int64_t checked = 0;
  for (const auto& mode : testing::kModes) {
    for (uint64_t seed = 0; seed < 50; ++seed) {
      State s = State::NewGame(mode.players, mode.variant, seed);
      Prng prng(seed + 11);
      while (!s.game_over()) {
        s.LegalMoves(&moves);
        for (const Move& m : moves) {
          const int id = ActionOf(m);
          ASSERT_GE(id, 0) << ToString(m);
          ASSERT_EQ(MoveOf(id), m) << ToString(m);
          ++checked;
        }
        s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
      }
    }
  }
  EXPECT_GT(checked, 100000);
}

}  // namespace
}  // namespace souk::marrakech
