// An MCTS search allocates nothing once its node pool is warm. Counted by replacing the global allocation
// functions in this binary only (they do not mix with the sanitizers).
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "ai/jaipur/jaipur_bots.h"

namespace {
long g_allocations = 0;
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace souk::ai::jaipur {
namespace {

using souk::jaipur::MoveList;
using souk::jaipur::State;

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
  long before = g_allocations;
  bot->ChooseMove(mid.ViewFor(mid.to_move));
  EXPECT_EQ(g_allocations - before, 0);
}

}  // namespace
}  // namespace souk::ai::jaipur
