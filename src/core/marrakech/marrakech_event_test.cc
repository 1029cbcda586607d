// What a move did, told by PlayMove: checked on built positions and against the
// states before and after over whole random games of every mode.
#include "core/marrakech/marrakech_event.h"

#include <bit>

#include <gtest/gtest.h>

#include "core/marrakech/marrakech_test_util.h"

namespace souk::marrakech {
namespace {

TEST(MarrakechEvent, ATimeoutPutsTheMoverOutAndWithTwoPlayersEndsTheGame) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  MoveEvent e = PlayMove(s, Move::TimeOut());
  EXPECT_EQ(e.seat, 0);
  EXPECT_EQ(e.move.kind, MoveKind::kTimeOut);
  EXPECT_EQ(e.out, 0b001);
  EXPECT_FALSE(e.tribute.has_value());
  EXPECT_FALSE(e.game_over);
  MoveEvent second = PlayMove(s, Move::TimeOut());
  EXPECT_EQ(second.seat, 1);
  EXPECT_EQ(second.out, 0b010);
  EXPECT_TRUE(second.game_over);
  EXPECT_EQ(second.winners, 0b100);
}

TEST(MarrakechEvent, ARollTellsAssamsWalkAndTheTributeForTheGroup) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  s.ApplyMove(Move::Orient(Turn::kStraight));  // seat 0, north from d4
  testing::Lay(&s, "d2", "e2", 1);             // seat 1's colour, two squares
  MoveEvent e = PlayMove(s, Move::Roll(2));
  ASSERT_EQ(e.path_length, 2);
  EXPECT_EQ(SquareName(e.path[0].square), "d3");
  EXPECT_EQ(SquareName(e.Stop().square), "d2");
  ASSERT_TRUE(e.tribute.has_value());
  EXPECT_EQ(e.tribute->from, 0);
  EXPECT_EQ(e.tribute->to, 1);
  EXPECT_EQ(e.tribute->amount, 2);
  EXPECT_EQ(std::popcount(e.tribute->squares), 2);
  EXPECT_EQ(e.tribute_due, 2);
  EXPECT_EQ(e.out, 0);
}

TEST(MarrakechEvent, ARollerWhoCannotPayIsToldWhatWasDue) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  s.ApplyMove(Move::Orient(Turn::kStraight));  // seat 0, north from d4
  testing::Lay(&s, "d2", "e2", 1);
  s.players[0].dirhams = 0;                    // nothing to pay with
  MoveEvent e = PlayMove(s, Move::Roll(2));
  EXPECT_EQ(e.out, 1);
  EXPECT_FALSE(e.tribute.has_value()) << "nothing was paid";
  EXPECT_EQ(e.tribute_due, 2);
}

TEST(MarrakechEvent, NothingIsDueOnOnesOwnCarpetOrAnOutPlayers) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  s.ApplyMove(Move::Orient(Turn::kStraight));  // seat 0, north from d4
  testing::Lay(&s, "d2", "e2", 0);             // seat 0's own colour
  State own = s;
  EXPECT_EQ(PlayMove(own, Move::Roll(2)).tribute_due, 0);
  testing::Lay(&s, "d2", "e2", 2);  // seat 2's, who is out
  s.players[2].out = true;
  EXPECT_EQ(PlayMove(s, Move::Roll(2)).tribute_due, 0);
}

TEST(MarrakechEvent, AStepOffTheBoardFollowsTheArcAndTurnsAssam) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  s.assam = {static_cast<uint8_t>(SquareAt(3, 0)), Facing::kNorth};  // d1, facing off the board
  s.ApplyMove(Move::Orient(Turn::kStraight));
  MoveEvent e = PlayMove(s, Move::Roll(1));
  ASSERT_EQ(e.path_length, 1);
  EXPECT_EQ(e.Stop(), s.assam);
  EXPECT_EQ(e.Stop().facing, Facing::kSouth);
}

TEST(MarrakechEvent, EveryEventAgreesWithTheStatesAroundIt) {
  int tributes = 0, outs = 0;
  MoveList moves;
  for (const auto& mode : testing::kModes) {
    for (uint64_t seed = 0; seed < 100; ++seed) {
      State s = State::NewGame(mode.players, mode.variant, seed);
      Prng prng(seed * 7 + 1);
      while (!s.game_over()) {
        s.LegalMoves(&moves);
        const Move m = moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))];
        const State before = s;
        State expected = s;
        expected.ApplyMove(m);
        const MoveEvent e = PlayMove(s, m);
        ASSERT_EQ(s, expected);
        ASSERT_EQ(e.seat, before.to_move);
        ASSERT_EQ(e.game_over, s.game_over());
        ASSERT_EQ(e.winners, s.winners);
        if (m.kind == MoveKind::kRoll) {
          ASSERT_EQ(e.path_length, m.roll);
          ASSERT_EQ(e.Stop(), s.assam);
        } else {
          ASSERT_EQ(e.path_length, 0);
        }
        int dirhams_before = 0, dirhams_after = 0;
        for (int p = 0; p < s.num_players; ++p) {
          dirhams_before += before.players[static_cast<size_t>(p)].dirhams;
          dirhams_after += s.players[static_cast<size_t>(p)].dirhams;
        }
        ASSERT_EQ(dirhams_before, dirhams_after) << "a tribute moves dirhams, never makes them";
        if (e.tribute) {
          ++tributes;
          ASSERT_NE(e.tribute->to, e.tribute->from);
          ASSERT_EQ(s.players[static_cast<size_t>(e.tribute->to)].dirhams,
                    before.players[static_cast<size_t>(e.tribute->to)].dirhams + e.tribute->amount);
          ASSERT_TRUE(e.tribute->squares >> s.assam.square & 1) << "the group paid for holds Assam's square";
          ASSERT_LE(e.tribute->amount, std::popcount(e.tribute->squares));
          ASSERT_EQ(e.tribute_due, std::popcount(e.tribute->squares));
        }
        if (e.tribute_due) {
          ASSERT_TRUE(e.tribute || e.out) << "what is due is paid, or its debtor goes out";
        }
        if (e.out) {
          ++outs;
          ASSERT_EQ(e.out, 1 << before.to_move) << "only the roller can go out";
        }
      }
    }
  }
  EXPECT_GT(tributes, 1000);
  EXPECT_GT(outs, 10);
}

}  // namespace
}  // namespace souk::marrakech
