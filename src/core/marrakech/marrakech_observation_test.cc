// The observation holds only what its seat may know: re-dealing the piles changes
// no number; seats and colours are the viewer's own way round.
#include "core/marrakech/marrakech_observation.h"

#include <array>

#include <gtest/gtest.h>

#include "core/marrakech/marrakech_test_util.h"

namespace souk::marrakech {
namespace {

using Observation = std::array<float, kObservationSize>;

Observation Of(const State& s, int viewer) {
  Observation o{};
  WriteObservation(s.ViewFor(viewer), o);
  return o;
}

TEST(MarrakechObservation, ReDealingWhatASeatCannotSeeChangesNoNumber) {
  MoveList moves;
  int positions = 0;
  for (const auto& mode : testing::kModes) {
    for (uint64_t seed = 0; seed < 15; ++seed) {
      State s = State::NewGame(mode.players, mode.variant, seed);
      Prng prng(seed + 9);
      while (!s.game_over()) {
        for (int viewer = 0; viewer < s.num_players; ++viewer) {
          const Observation seen = Of(s, viewer);
          State other = s;
          other.RandomizeHidden(viewer, prng);
          ASSERT_EQ(Of(other, viewer), seen) << mode.name << " seed " << seed;
        }
        ++positions;
        s.LegalMoves(&moves);
        s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
      }
    }
  }
  EXPECT_GT(positions, 5000);
}

TEST(MarrakechObservation, EachSeatSeesItselfInTheFirstSlot) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  testing::Lay(&s, "a1", "b1", 1);  // seat 1's colour
  const Observation seen_by_1 = Of(s, 1), seen_by_0 = Of(s, 0);
  EXPECT_EQ(seen_by_1[0 * 4 + 0], 1) << "seat 1 sees its own colour in slot 0";
  EXPECT_EQ(seen_by_0[0 * 4 + 1], 1) << "seat 0 sees seat 1's colour in slot 1";
  EXPECT_EQ(seen_by_0[196 + 0], 1) << "a1 and b1 are one carpet";
  EXPECT_EQ(seen_by_0[294 + kCentre], 1) << "Assam on d4";
  EXPECT_EQ(seen_by_0[375], 1) << "seat 0 to move: slot 0 for seat 0";
  EXPECT_EQ(seen_by_1[375 + 2], 1) << "and slot 2 for seat 1";
  EXPECT_EQ(seen_by_0[347 + 2], 30) << "30 dirhams";
  EXPECT_EQ(seen_by_0[383 + 1], 1) << "3 players";
}

}  // namespace
}  // namespace souk::marrakech
