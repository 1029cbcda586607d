// A warmed-up search allocates nothing per iteration: the node pool is reserved when
// the root is set, moves live in fixed-size lists, states are values. Counted by
// replacing the global allocation functions in this binary only (not with sanitizers).
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "ai/marrakech/marrakech_mcts.h"

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

namespace souk::ai::marrakech {
namespace {

namespace mk = souk::marrakech;

TEST(MarrakechNoAllocation, SearchIterationsAllocateNothing) {
  for (int players : {2, 4}) {
    mk::State s = mk::State::NewGame(players, mk::Variant::kStandard, 3);
    Searcher searcher{MctsConfig{}};
    searcher.SetRoot(s.ViewFor(0), 5000, 1);
    searcher.Run(100, false, {});
    long before = g_allocations;
    EXPECT_EQ(searcher.Run(4000, false, {}), 4000);
    EXPECT_EQ(g_allocations, before) << players << " players";
    EXPECT_GT(searcher.nodes(), 1000);
  }
}

}  // namespace
}  // namespace souk::ai::marrakech
