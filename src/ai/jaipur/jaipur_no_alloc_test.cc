// An MCTS search allocates nothing once its node pool is warm (counted with
// tests/support/allocation_count.h, so not in the sanitizer build).
#include <gtest/gtest.h>

#include "support/allocation_count.h"

#include "ai/jaipur/jaipur_bots.h"


namespace souk::ai::jaipur_bots {
namespace {

using jaipur::MoveList;
using jaipur::State;

TEST(JaipurMctsNoAllocation, WarmSearchAllocatesNothing) {
  // Positions: the opening and a mid-game one.
  State opening = State::NewGame(17);
  State mid = opening;
  MoveList moves;
  Prng prng(2);
  for (int i = 0; i < 20 && !mid.game_over; ++i) {
    mid.LegalMoves(&moves);
    mid.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
  }
  ASSERT_FALSE(mid.game_over);

  MctsParams params;
  params.budget.iterations = 2000;
  auto bot = MakeMctsBot(params, 5);
  bot->ChooseMove(opening.ViewFor(opening.to_move));  // warms the pool up
  long before = ::souk::testing::AllocationCount();
  bot->ChooseMove(mid.ViewFor(mid.to_move));
  EXPECT_EQ(::souk::testing::AllocationCount() - before, 0);
}

}  // namespace
}  // namespace souk::ai::jaipur_bots
