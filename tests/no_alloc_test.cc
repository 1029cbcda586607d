// The playout loop of every game, and the dealing of hidden information that search
// does, allocate nothing: they work on caller-owned, fixed-size storage (counted with
// tests/support/allocation_count.h, so not in the sanitizer build).
#include <memory>

#include <gtest/gtest.h>

#include "support/allocation_count.h"

#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"


namespace souk {
namespace {

// The counter the tests below rely on does see allocations.
TEST(NoAllocation, CounterSeesAnAllocation) {
  long before = ::souk::testing::AllocationCount();
  auto value = std::make_unique<int>(7);
  EXPECT_EQ(*value, 7);
  EXPECT_GT(::souk::testing::AllocationCount(), before);
}

TEST(NoAllocation, JaipurPlayoutAllocatesNothingPerMove) {
  jaipur::MoveList moves;
  Prng prng(3);
  long total_moves = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    jaipur::State state = jaipur::State::NewGame(seed);
    long before = ::souk::testing::AllocationCount();
    while (!state.game_over) {
      state.LegalMoves(&moves);
      state.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
      ++total_moves;
    }
    ASSERT_EQ(::souk::testing::AllocationCount(), before) << "seed " << seed;
  }
  EXPECT_GT(total_moves, 10000);
}

TEST(NoAllocation, MarrakechPlayoutAllocatesNothingPerMove) {
  using namespace marrakech;
  MoveList moves;
  Prng prng(4);
  long total_moves = 0;
  for (int players = 2; players <= 4; ++players) {
    for (Variant variant : {Variant::kStandard, Variant::kSingleColour}) {
      if (variant == Variant::kSingleColour && players != 2) continue;
      for (uint64_t seed = 0; seed < 100; ++seed) {
        State state = State::NewGame(players, variant, seed);
        long before = ::souk::testing::AllocationCount();
        while (!state.game_over()) {
          state.LegalMoves(&moves);
          state.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
          ++total_moves;
        }
        ASSERT_EQ(::souk::testing::AllocationCount(), before) << players << " players, seed " << seed;
      }
    }
  }
  EXPECT_GT(total_moves, 10000);
}

// Search deals a world from the view every iteration or every move.
TEST(NoAllocation, DealingHiddenInformationAllocatesNothing) {
  Prng prng(5);
  jaipur::MoveList jaipur_moves;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    jaipur::State state = jaipur::State::NewGame(seed);
    long before = ::souk::testing::AllocationCount();
    for (int ply = 0; ply < 60 && !state.game_over; ++ply) {
      jaipur::State world = jaipur::State::FromView(state.ViewFor(state.to_move), prng);
      world.RandomizeHidden(state.to_move, prng);
      state.LegalMoves(&jaipur_moves);
      state.ApplyMove(jaipur_moves[static_cast<int>(prng.Below(static_cast<uint32_t>(jaipur_moves.size())))]);
    }
    ASSERT_EQ(::souk::testing::AllocationCount(), before) << "jaipur seed " << seed;
  }
  marrakech::MoveList marrakech_moves;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    marrakech::State state = marrakech::State::NewGame(2, marrakech::Variant::kStandard, seed);
    long before = ::souk::testing::AllocationCount();
    while (!state.game_over()) {
      marrakech::State world = marrakech::State::FromView(state.ViewFor(state.to_move), prng);
      world.RandomizeHidden(state.to_move, prng);
      state.LegalMoves(&marrakech_moves);
      state.ApplyMove(
          marrakech_moves[static_cast<int>(prng.Below(static_cast<uint32_t>(marrakech_moves.size())))]);
    }
    ASSERT_EQ(::souk::testing::AllocationCount(), before) << "marrakech seed " << seed;
  }
}

}  // namespace
}  // namespace souk
