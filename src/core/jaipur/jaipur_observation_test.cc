// The observation holds only what its seat may know: re-dealing everything hidden
// from that seat changes no number; and it does change with what the seat sees.
#include "core/jaipur/jaipur_observation.h"

#include <array>

#include <gtest/gtest.h>

namespace souk::jaipur {
namespace {

using Observation = std::array<float, kObservationSize>;

Observation Of(const State& s, int viewer) {
  Observation o{};
  WriteObservation(s.ViewFor(viewer), o);
  return o;
}

TEST(JaipurObservation, ReDealingWhatASeatCannotSeeChangesNoNumber) {
  MoveList moves;
  int positions = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    State s = State::NewGame(seed);
    Prng prng(seed + 3);
    while (!s.game_over) {
      for (int viewer = 0; viewer < kNumPlayers; ++viewer) {
        const Observation seen = Of(s, viewer);
        for (int k = 0; k < 3; ++k) {
          State other = s;
          other.RandomizeHidden(viewer, prng);
          ASSERT_EQ(Of(other, viewer), seen) << "seed " << seed << ": the observation tells a hidden card";
        }
      }
      ++positions;
      s.LegalMoves(&moves);
      s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  EXPECT_GT(positions, 5000);
}

TEST(JaipurObservation, TheSlicesHoldWhatTheyAreDocumentedToHold) {
  State s = State::NewGame(7);
  const View v = s.ViewFor(s.to_move);
  const Observation o = Of(s, s.to_move);
  EXPECT_EQ(o[6], v.market[static_cast<size_t>(Index(Card::kCamel))]) << "market camels at 6";
  for (int g = 0; g < kNumGoods; ++g) EXPECT_EQ(o[static_cast<size_t>(7 + g)], v.hand[static_cast<size_t>(g)]);
  EXPECT_EQ(o[25], v.opponent.hand_size);
  EXPECT_EQ(o[35], v.deck_size);
  EXPECT_EQ(o[42], 7) << "the next diamond token is worth 7";
  EXPECT_EQ(o[64], 1) << "the viewer is to move";
  EXPECT_EQ(o[66], 1) << "round 1";
  EXPECT_NE(Of(s, 0), Of(s, 1)) << "each seat sees its own hand";
}

}  // namespace
}  // namespace souk::jaipur
