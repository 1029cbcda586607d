// A warmed-up search allocates nothing per iteration: the node pool is reserved when
// the root is set, moves live in fixed-size lists, states are values (counted with
// tests/support/allocation_count.h, so not in the sanitizer build).
#include <gtest/gtest.h>

#include "support/allocation_count.h"

#include "ai/marrakech/marrakech_mcts.h"


namespace souk::ai::marrakech_bots {
namespace {

TEST(MarrakechNoAllocation, SearchIterationsAllocateNothing) {
  for (int players : {2, 4}) {
    marrakech::State s = marrakech::State::NewGame(players, marrakech::Variant::kStandard, 3);
    MctsSearcher searcher{MctsConfig{}};
    searcher.SetRoot(s.ViewFor(0), 5000, 1);
    RunIterations(searcher, 100);
    long before = ::souk::testing::AllocationCount();
    EXPECT_EQ(RunIterations(searcher, 4000), 4000);
    EXPECT_EQ(::souk::testing::AllocationCount(), before) << players << " players";
    EXPECT_GT(searcher.nodes(), 1000);
  }
}

}  // namespace
}  // namespace souk::ai::marrakech_bots
