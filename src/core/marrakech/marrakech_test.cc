// One test per rule and decision of docs/rules/marrakech.md, named after it.
#include "core/marrakech/marrakech.h"
#include "core/marrakech/marrakech_test_util.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace souk::marrakech {
namespace {

using testing::kModes;
using testing::Lay;
using testing::Mode;

constexpr Facing N = Facing::kNorth;
constexpr Facing E = Facing::kEast;
constexpr Facing S = Facing::kSouth;
constexpr Facing W = Facing::kWest;

int Sq(std::string_view name) {
  auto sq = ParseSquare(name);
  EXPECT_TRUE(sq.has_value()) << name;
  return sq.value_or(0);
}

Position At(std::string_view name, Facing f) { return Position{static_cast<uint8_t>(Sq(name)), f}; }

// Player p is about to roll, Assam on `square` facing f.
void ReadyToRoll(State* s, int p, std::string_view square, Facing f) {
  s->to_move = static_cast<uint8_t>(p);
  s->phase = Phase::kRoll;
  s->assam = At(square, f);
}

// Player p's roll of 1 brings Assam onto `square` (from the square below it, facing north).
void LandOn(State* s, int p, std::string_view square) {
  int sq = Sq(square);
  ASSERT_LT(SquareY(sq), kBoardSize - 1);
  ReadyToRoll(s, p, SquareName(sq + kBoardSize), N);
  ASSERT_TRUE(s->CheckMove(Move::Roll(1)).ok());
  s->ApplyMove(Move::Roll(1));
  ASSERT_EQ(s->assam.square, sq);
}

std::vector<std::string> Texts(const State& s) {
  MoveList moves;
  s.LegalMoves(&moves);
  std::vector<std::string> texts;
  for (const Move& m : moves) texts.push_back(ToString(m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

bool Legal(const State& s, const Move& m) {
  MoveList moves;
  s.LegalMoves(&moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

int TotalDirhams(const State& s) {
  int total = 0;
  for (int p = 0; p < s.num_players; ++p) total += s.players[static_cast<size_t>(p)].dirhams;
  return total;
}

// Plays one random move: a roll drawn with the die's probabilities, else a uniform legal move.
Move RandomMove(const State& s, Prng& prng) {
  if (s.phase == Phase::kRoll) return Move::Roll(DrawRoll(prng));
  MoveList moves;
  s.LegalMoves(&moves);
  return moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))];
}

// ---------------------------------------------------------------- the market

TEST(MarrakechErrors, ARefusedMoveIsAnIllegalMoveAndUnreadableTextAnInvalidArgument) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  EXPECT_EQ(s.CheckMove(Move::Roll(3)).code(), StatusCode::kIllegalMove) << "Assam is oriented first";
  EXPECT_EQ(ParseMove("place z9 a1").code(), StatusCode::kInvalidArgument);
}

TEST(MarrakechRules, MarketIsSevenBySevenWithSquaresA1ToG7) {
  EXPECT_EQ(kNumSquares, 49);
  EXPECT_EQ(SquareName(SquareAt(0, 0)), "a1");  // top-left
  EXPECT_EQ(SquareName(SquareAt(6, 0)), "g1");  // corner loop
  EXPECT_EQ(SquareName(SquareAt(0, 6)), "a7");  // corner loop
  EXPECT_EQ(SquareName(SquareAt(6, 6)), "g7");
  EXPECT_EQ(SquareName(SquareAt(2, 3)), "c4");
  std::set<std::string> names;
  for (int s = 0; s < kNumSquares; ++s) {
    names.insert(SquareName(s));
    EXPECT_EQ(ParseSquare(SquareName(s)), s);
  }
  EXPECT_EQ(names.size(), 49u);
  for (const char* bad : {"h1", "a8", "a0", "", "a", "a11", "11", "aa", "`1"}) EXPECT_FALSE(ParseSquare(bad)) << bad;
  EXPECT_EQ(ParseSquare("C3"), Sq("c3"));
}

TEST(MarrakechRules, AssamStartsOnTheCentreFacingNorth) {
  for (const Mode& m : kModes) {
    State s = State::NewGame(m.players, m.variant, 7);
    EXPECT_EQ(SquareName(s.assam.square), "d4") << m.name;
    EXPECT_EQ(s.assam.facing, N) << m.name;
  }
}

TEST(MarrakechRules, FirstPlayerIsSeatZero) {
  for (const Mode& m : kModes)
    for (uint64_t seed = 0; seed < 20; ++seed) {
      State s = State::NewGame(m.players, m.variant, seed);
      EXPECT_EQ(s.to_move, 0);
      EXPECT_EQ(s.phase, Phase::kOrient);
    }
}

TEST(MarrakechRules, EveryPlayerStartsWithThirtyDirhams) {
  for (const Mode& m : kModes) {
    State s = State::NewGame(m.players, m.variant, 3);
    for (int p = 0; p < m.players; ++p) EXPECT_EQ(s.players[static_cast<size_t>(p)].dirhams, 30) << m.name;
  }
}

TEST(MarrakechRules, ThreePlayersHaveFifteenCarpetsOfTheirColour) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  for (int p = 0; p < 3; ++p) {
    const PlayerState& ps = s.players[static_cast<size_t>(p)];
    ASSERT_EQ(ps.pile_size, 15);
    for (int i = 0; i < 15; ++i) EXPECT_EQ(ps.pile[static_cast<size_t>(i)], p);
  }
}

TEST(MarrakechRules, FourPlayersHaveTwelveCarpetsOfTheirColour) {
  State s = State::NewGame(4, Variant::kStandard, 1);
  for (int p = 0; p < 4; ++p) {
    const PlayerState& ps = s.players[static_cast<size_t>(p)];
    ASSERT_EQ(ps.pile_size, 12);
    for (int i = 0; i < 12; ++i) EXPECT_EQ(ps.pile[static_cast<size_t>(i)], p);
  }
}

TEST(MarrakechRules, SingleColourVariantGivesFifteenCarpetsOfOneColour) {
  State s = State::NewGame(2, Variant::kSingleColour, 1);
  EXPECT_EQ(s.NumColors(), 2);
  for (int p = 0; p < 2; ++p) {
    const PlayerState& ps = s.players[static_cast<size_t>(p)];
    ASSERT_EQ(ps.pile_size, 15);
    for (int i = 0; i < 15; ++i) EXPECT_EQ(ps.pile[static_cast<size_t>(i)], p);
  }
}

TEST(MarrakechRules, TwoPlayersOwnTwoColoursOfTwelveCarpetsInOnePileOf24) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  EXPECT_EQ(s.NumColors(), 4);
  for (int p = 0; p < 2; ++p) {
    const PlayerState& ps = s.players[static_cast<size_t>(p)];
    ASSERT_EQ(ps.pile_size, 24);
    int own = 0, second = 0;
    for (int i = 0; i < 24; ++i) {
      own += ps.pile[static_cast<size_t>(i)] == p;
      second += ps.pile[static_cast<size_t>(i)] == p + 2;
    }
    EXPECT_EQ(own, 12);
    EXPECT_EQ(second, 12);
  }
}

TEST(MarrakechRules, ColourOwnerIsColourModuloPlayers) {
  State two = State::NewGame(2, Variant::kStandard, 1);
  EXPECT_EQ(two.Owner(0), 0);
  EXPECT_EQ(two.Owner(1), 1);
  EXPECT_EQ(two.Owner(2), 0);
  EXPECT_EQ(two.Owner(3), 1);
  EXPECT_EQ(two.ColorOf(0, 1), 2);
  EXPECT_EQ(two.ColorOf(1, 1), 3);
  State four = State::NewGame(4, Variant::kStandard, 1);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(four.Owner(c), c);
  State single = State::NewGame(2, Variant::kSingleColour, 1);
  EXPECT_EQ(single.NumColorsOf(0), 1);
  EXPECT_EQ(single.Owner(1), 1);
}

TEST(MarrakechRules, TwoPlayerPileIsShuffledWithTheGamePrng) {
  // Seat 0's pile (12 x colour 0 then 12 x colour 2) is shuffled first, then seat 1's;
  // element 0 of the shuffled array is drawn first.
  const uint64_t seed = 42;
  Prng prng(seed);
  State s = State::NewGame(2, Variant::kStandard, seed);
  for (int p = 0; p < 2; ++p) {
    std::array<uint8_t, 24> order{};
    for (int i = 0; i < 24; ++i) order[static_cast<size_t>(i)] = static_cast<uint8_t>(i < 12 ? p : p + 2);
    prng.Shuffle(order.data(), order.size());
    const PlayerState& ps = s.players[static_cast<size_t>(p)];
    for (int i = 0; i < 24; ++i) EXPECT_EQ(ps.pile[static_cast<size_t>(23 - i)], order[static_cast<size_t>(i)]);
  }
  EXPECT_EQ(s.rng, prng.state());
  EXPECT_NE(State::NewGame(2, Variant::kStandard, 43).players, s.players);
  EXPECT_EQ(State::NewGame(2, Variant::kStandard, 42), s);
}

TEST(MarrakechRules, TwoPlayerCarpetsArePlacedInPileOrder) {
  State s = State::NewGame(2, Variant::kStandard, 5);
  Prng prng(9);
  int placements = 0;
  while (!s.game_over()) {
    if (s.phase == Phase::kPlace) {
      const PlayerState& me = s.players[s.to_move];
      int expected = me.pile[static_cast<size_t>(me.pile_size - 1)];
      EXPECT_EQ(s.CurrentCarpet(), expected);
      Move m = RandomMove(s, prng);
      s.ApplyMove(m);
      EXPECT_EQ(s.color[m.first], expected);
      EXPECT_EQ(s.color[m.second], expected);
      ++placements;
    } else {
      s.ApplyMove(RandomMove(s, prng));
    }
  }
  EXPECT_GT(placements, 0);
}

// ---------------------------------------------------------------- orientation

TEST(MarrakechRules, OrientationKeepsOrTurnsAQuarter) {
  EXPECT_EQ(Turned(N, Turn::kLeft), W);  // left is counter-clockwise
  EXPECT_EQ(Turned(N, Turn::kRight), E);
  EXPECT_EQ(Turned(N, Turn::kStraight), N);
  EXPECT_EQ(Turned(E, Turn::kLeft), N);
  EXPECT_EQ(Turned(S, Turn::kRight), W);
  EXPECT_EQ(Turned(W, Turn::kRight), N);
  State s = State::NewGame(3, Variant::kStandard, 1);
  EXPECT_EQ(Texts(s), (std::vector<std::string>{"left", "right", "straight"}));
  s.ApplyMove(Move::Orient(Turn::kRight));
  EXPECT_EQ(s.assam.facing, E);
  EXPECT_EQ(s.phase, Phase::kRoll);
}

TEST(MarrakechRules, HalfTurnIsNeverLegal) {
  for (int f = 0; f < 4; ++f) {
    State s = State::NewGame(2, Variant::kStandard, 1);
    s.assam.facing = static_cast<Facing>(f);
    Facing opposite = static_cast<Facing>((f + 2) % 4);
    MoveList moves;
    s.LegalMoves(&moves);
    ASSERT_EQ(moves.size(), 3);
    for (const Move& m : moves) EXPECT_NE(Turned(s.assam.facing, m.turn), opposite);
  }
  for (const char* text : {"back", "u-turn", "around"}) {
    auto parsed = ParseMove(text);
    ASSERT_FALSE(parsed.ok());
    EXPECT_NE(parsed.message().find("never makes a half turn"), std::string::npos) << parsed.message();
  }
}

// ---------------------------------------------------------------- the die

TEST(MarrakechRules, DieShowsOneTwoTwoThreeThreeFour) {
  EXPECT_EQ(kDieFaces, (std::array<uint8_t, 6>{1, 2, 2, 3, 3, 4}));
}

TEST(MarrakechRules, RollOutcomesHaveProbabilitiesSixthThirdThirdSixth) {
  ASSERT_EQ(kRollOutcomes.size(), 4u);
  const double expected[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
  double total = 0;
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(kRollOutcomes[i].roll, static_cast<int>(i) + 1);
    EXPECT_DOUBLE_EQ(kRollOutcomes[i].probability, expected[i]);
    EXPECT_EQ(kRollOutcomes[i].sixths, std::count(kDieFaces.begin(), kDieFaces.end(), kRollOutcomes[i].roll));
    total += kRollOutcomes[i].probability;
  }
  EXPECT_DOUBLE_EQ(total, 1.0);
}

TEST(MarrakechRules, DrawnRollsFollowTheDie) {
  Prng prng(2024);
  std::array<int, 5> counts{};
  const int kDraws = 60000;
  for (int i = 0; i < kDraws; ++i) ++counts[static_cast<size_t>(DrawRoll(prng))];
  EXPECT_EQ(counts[0], 0);
  for (const RollOutcome& o : kRollOutcomes)
    EXPECT_NEAR(counts[static_cast<size_t>(o.roll)] / static_cast<double>(kDraws), o.probability, 0.01);
}

TEST(MarrakechRules, RollIsAChanceNodeAfterOrienting) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  s.ApplyMove(Move::Orient(Turn::kStraight));
  EXPECT_EQ(s.phase, Phase::kRoll);
  EXPECT_EQ(s.to_move, 0);  // the mover, who waits on the die
  EXPECT_EQ(Texts(s), (std::vector<std::string>{"roll 1", "roll 2", "roll 3", "roll 4"}));
  EXPECT_FALSE(s.CheckMove(Move::Orient(Turn::kLeft)).ok());
  EXPECT_FALSE(s.CheckMove(Move::Place(Sq("d2"), Sq("d3"))).ok());
  EXPECT_FALSE(s.CheckMove(Move::Roll(5)).ok());
}

TEST(MarrakechRules, EveryRollAdvancesThePrngByExactlyOneDraw) {
  for (int roll = 1; roll <= 4; ++roll) {
    State s = State::NewGame(2, Variant::kStandard, 77);
    s.ApplyMove(Move::Orient(Turn::kStraight));
    Prng expected(s.rng);
    DrawRoll(expected);
    s.ApplyMove(Move::Roll(roll));
    EXPECT_EQ(s.rng, expected.state()) << roll;
  }
}

TEST(MarrakechRules, SampleRollDrawsFromTheGamePrngWithoutChangingTheState) {
  State s = State::NewGame(3, Variant::kStandard, 11);
  s.ApplyMove(Move::Orient(Turn::kLeft));
  State before = s;
  Prng copy(s.rng);
  int roll = s.SampleRoll();
  EXPECT_EQ(roll, DrawRoll(copy));
  EXPECT_EQ(s, before);
  EXPECT_EQ(s.SampleRoll(), roll);
}

// ---------------------------------------------------------------- Assam's walk

TEST(MarrakechRules, AssamWalksStraightAheadByTheRoll) {
  EXPECT_EQ(MoveAssam(At("d4", N), 3), At("d1", N));
  EXPECT_EQ(MoveAssam(At("d4", E), 2), At("f4", E));
  EXPECT_EQ(MoveAssam(At("d4", S), 1), At("d5", S));
  EXPECT_EQ(MoveAssam(At("d4", W), 3), At("a4", W));
  State s = State::NewGame(2, Variant::kStandard, 1);
  s.ApplyMove(Move::Orient(Turn::kRight));
  s.ApplyMove(Move::Roll(2));
  EXPECT_EQ(s.assam, At("f4", E));
  EXPECT_EQ(s.phase, Phase::kPlace);
}

// FACTS.md's table, written out square by square.
struct Exit {
  const char* from;
  Facing leaving;
  const char* to;
  Facing now;
};
const Exit kBorderTrack[] = {
    // North edge (row 1): columns a-b, c-d, e-f joined, facing south; g1 loops to face west.
    {"a1", N, "b1", S}, {"b1", N, "a1", S}, {"c1", N, "d1", S}, {"d1", N, "c1", S},
    {"e1", N, "f1", S}, {"f1", N, "e1", S}, {"g1", N, "g1", W},
    // South edge (row 7): columns b-c, d-e, f-g joined, facing north; a7 loops to face east.
    {"a7", S, "a7", E}, {"b7", S, "c7", N}, {"c7", S, "b7", N}, {"d7", S, "e7", N},
    {"e7", S, "d7", N}, {"f7", S, "g7", N}, {"g7", S, "f7", N},
    // West edge (column a): rows 1-2, 3-4, 5-6 joined, facing east; a7 loops to face north.
    {"a1", W, "a2", E}, {"a2", W, "a1", E}, {"a3", W, "a4", E}, {"a4", W, "a3", E},
    {"a5", W, "a6", E}, {"a6", W, "a5", E}, {"a7", W, "a7", N},
    // East edge (column g): rows 2-3, 4-5, 6-7 joined, facing west; g1 loops to face south.
    {"g1", E, "g1", S}, {"g2", E, "g3", W}, {"g3", E, "g2", W}, {"g4", E, "g5", W},
    {"g5", E, "g4", W}, {"g6", E, "g7", W}, {"g7", E, "g6", W},
};

TEST(MarrakechRules, BorderTrackFromEveryEdgeSquareInEveryDirectionLeavingTheBoard) {
  // Every (edge square, direction off the board) pair, found by brute force, is in
  // the table exactly once, and the walk follows it.
  const int kDx[4] = {0, 1, 0, -1}, kDy[4] = {-1, 0, 1, 0};
  int exits = 0;
  for (int s = 0; s < kNumSquares; ++s)
    for (int f = 0; f < 4; ++f) {
      if (OnBoard(SquareX(s) + kDx[f], SquareY(s) + kDy[f])) continue;
      ++exits;
      Position from{static_cast<uint8_t>(s), static_cast<Facing>(f)};
      int found = 0;
      for (const Exit& e : kBorderTrack) {
        if (At(e.from, e.leaving) != from) continue;
        ++found;
        EXPECT_EQ(TrackStep(from), At(e.to, e.now)) << e.from << " facing " << FacingLetter(e.leaving);
        EXPECT_EQ(MoveAssam(from, 1), At(e.to, e.now)) << e.from;
      }
      EXPECT_EQ(found, 1) << SquareName(s) << " facing " << FacingLetter(static_cast<Facing>(f));
    }
  EXPECT_EQ(exits, 28);
  EXPECT_EQ(std::size(kBorderTrack), 28u);
}

TEST(MarrakechRules, CornerLoopAtG1) {
  EXPECT_EQ(TrackStep(At("g1", N)), At("g1", W));
  EXPECT_EQ(TrackStep(At("g1", E)), At("g1", S));
  EXPECT_EQ(MoveAssam(At("g3", N), 3), At("g1", W));  // g2, g1, loop
  EXPECT_EQ(MoveAssam(At("g3", N), 4), At("f1", W));
  EXPECT_EQ(MoveAssam(At("e1", E), 4), At("g2", S));  // f1, g1, loop, g2
  EXPECT_EQ(MoveAssam(At("e1", E), 3), At("g1", S));
}

TEST(MarrakechRules, CornerLoopAtA7) {
  EXPECT_EQ(TrackStep(At("a7", S)), At("a7", E));
  EXPECT_EQ(TrackStep(At("a7", W)), At("a7", N));
  EXPECT_EQ(MoveAssam(At("a5", S), 3), At("a7", E));  // a6, a7, loop
  EXPECT_EQ(MoveAssam(At("a5", S), 4), At("b7", E));
  EXPECT_EQ(MoveAssam(At("c7", W), 4), At("a6", N));  // b7, a7, loop, a6
}

TEST(MarrakechRules, TheArcIsNotAStep) {
  // From a1 facing north, one step crosses the arc and lands on b1: the arc itself
  // costs nothing, the landing square is the step.
  EXPECT_EQ(MoveAssam(At("a1", N), 1), At("b1", S));
  EXPECT_EQ(MoveAssam(At("a1", N), 2), At("b2", S));
  EXPECT_EQ(MoveAssam(At("d2", N), 4), At("c3", S));  // d1, c1, c2, c3
  EXPECT_EQ(MoveAssam(At("g5", E), 2), At("f4", W));   // g4, f4
}

TEST(MarrakechRules, WalkTableMatchesRepeatedStepsAndStaysOnTheBoard) {
  for (int s = 0; s < kNumSquares; ++s)
    for (int f = 0; f < 4; ++f) {
      Position p{static_cast<uint8_t>(s), static_cast<Facing>(f)};
      Position walked = p;
      for (int n = 0; n <= 4; ++n) {
        EXPECT_EQ(MoveAssam(p, n), walked);
        EXPECT_LT(walked.square, kNumSquares);
        walked = TrackStep(walked);
      }
    }
}

// ---------------------------------------------------------------- tribute

TEST(MarrakechRules, NoTributeOnAnEmptySquare) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  LandOn(&s, 0, "d3");
  EXPECT_EQ(TotalDirhams(s), 90);
  EXPECT_EQ(s.players[0].dirhams, 30);
  EXPECT_EQ(s.phase, Phase::kPlace);
}

TEST(MarrakechRules, TributeIsTheConnectedGroupOfTheColourAssamStopsOn) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "b2", "c2", 1);
  Lay(&s, "c3", "c4", 1);  // c3 touches c2: group b2 c2 c3 c4
  Lay(&s, "e2", "f2", 1);  // same colour, not connected
  LandOn(&s, 0, "c3");
  EXPECT_EQ(s.TributeAt(Sq("c3")), 4);
  EXPECT_EQ(s.players[0].dirhams, 26);
  EXPECT_EQ(s.players[1].dirhams, 34);
  EXPECT_EQ(s.players[2].dirhams, 30);
  EXPECT_EQ(s.phase, Phase::kPlace);
}

TEST(MarrakechRules, DiagonalSquaresAreNotConnected) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "b2", "b3", 2);
  Lay(&s, "c4", "d4", 2);  // touches b3 only at a corner
  LandOn(&s, 0, "c4");
  EXPECT_EQ(s.players[0].dirhams, 28);
  EXPECT_EQ(s.players[2].dirhams, 32);
}

TEST(MarrakechRules, TributeCountsOnlyVisibleSquares) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "b2", "c2", 1);
  Lay(&s, "d2", "e2", 1);  // group of 4 ...
  Lay(&s, "c2", "c3", 2);  // ... until c2 is covered: b2 and d2 e2 are apart
  EXPECT_EQ(s.TributeAt(Sq("d2")), 2);
  EXPECT_EQ(s.TributeAt(Sq("b2")), 1);
  LandOn(&s, 0, "e2");
  EXPECT_EQ(s.players[0].dirhams, 28);
  EXPECT_EQ(s.players[1].dirhams, 32);
}

TEST(MarrakechRules, NoTributeOnOwnCarpet) {
  State s = State::NewGame(4, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 3);
  LandOn(&s, 3, "d2");
  EXPECT_EQ(s.players[3].dirhams, 30);
  EXPECT_EQ(TotalDirhams(s), 120);
}

TEST(MarrakechRules, TributeGoesToTheOwnerOfTheColour) {
  State s = State::NewGame(4, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 2);
  LandOn(&s, 0, "d2");
  EXPECT_EQ(s.players[0].dirhams, 28);
  EXPECT_EQ(s.players[1].dirhams, 30);
  EXPECT_EQ(s.players[2].dirhams, 32);
  EXPECT_EQ(s.players[3].dirhams, 30);
}

TEST(MarrakechRules, TwoPlayerOwnColoursAreFreeToLandOn) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 2);  // seat 0's second colour
  Lay(&s, "e2", "f2", 0);
  LandOn(&s, 0, "d2");
  EXPECT_EQ(s.players[0].dirhams, 30);
  LandOn(&s, 0, "e2");
  EXPECT_EQ(s.players[0].dirhams, 30);
  LandOn(&s, 1, "d2");  // seat 1 pays for colour 2's group (c2 d2), not colour 0's
  EXPECT_EQ(s.players[1].dirhams, 28);
  EXPECT_EQ(s.players[0].dirhams, 32);
}

TEST(MarrakechRules, TwoPlayerTributeGroupsArePerColour) {
  // Seat 1's colours 1 and 3 touch; seat 0 landing on colour 1 pays its group only.
  State s = State::NewGame(2, Variant::kStandard, 1);
  Lay(&s, "b2", "c2", 1);
  Lay(&s, "d2", "e2", 3);
  Lay(&s, "b3", "c3", 3);
  LandOn(&s, 0, "c2");
  EXPECT_EQ(s.players[0].dirhams, 28);
  EXPECT_EQ(s.players[1].dirhams, 32);
}

TEST(MarrakechRules, PayingTheLastDirhamExactlyDoesNotEliminate) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 1);
  s.players[0].dirhams = 2;
  s.players[2].dirhams = 58;
  LandOn(&s, 0, "d2");
  EXPECT_EQ(s.players[0].dirhams, 0);
  EXPECT_FALSE(s.players[0].out);
  EXPECT_EQ(s.phase, Phase::kPlace);
  EXPECT_EQ(s.to_move, 0);
}

TEST(MarrakechRules, PlayerWhoCannotPayPaysAllAndIsOut) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 1);
  Lay(&s, "d3", "e3", 1);
  s.players[0].dirhams = 3;
  s.players[2].dirhams = 57;
  int pile = s.players[0].pile_size;
  LandOn(&s, 0, "d2");
  EXPECT_TRUE(s.players[0].out);
  EXPECT_EQ(s.players[0].dirhams, 0);
  EXPECT_EQ(s.players[1].dirhams, 33);  // all of it, not the 4 due
  // The turn ends at once: no placement, the next player orients.
  EXPECT_EQ(s.players[0].pile_size, pile);
  EXPECT_EQ(s.to_move, 1);
  EXPECT_EQ(s.phase, Phase::kOrient);
  EXPECT_EQ(TotalDirhams(s), 90);
}

TEST(MarrakechRules, PlayerWithNoDirhamsLeftIsOutOnAnyTribute) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 2);
  s.players[0].dirhams = 0;
  s.players[1].dirhams = 60;
  LandOn(&s, 0, "d2");
  EXPECT_TRUE(s.players[0].out);
  EXPECT_EQ(s.players[2].dirhams, 30);
}

TEST(MarrakechRules, OutPlayerIsSkippedInTurnOrder) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  s.players[1].out = true;
  s.players[2].dirhams = static_cast<uint8_t>(s.players[2].dirhams + s.players[1].dirhams);
  s.players[1].dirhams = 0;
  s.ApplyMove(Move::Orient(Turn::kStraight));
  s.ApplyMove(Move::Roll(1));
  MoveList moves;
  s.LegalMoves(&moves);
  s.ApplyMove(moves[0]);
  EXPECT_EQ(s.to_move, 2);
  s.ApplyMove(Move::Orient(Turn::kStraight));
  s.ApplyMove(Move::Roll(1));
  s.LegalMoves(&moves);
  s.ApplyMove(moves[0]);
  EXPECT_EQ(s.to_move, 0);
}

TEST(MarrakechRules, OutPlayersCarpetsCollectNoTribute) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 1);
  s.players[1].out = true;
  s.players[2].dirhams = 60;
  s.players[1].dirhams = 0;
  LandOn(&s, 0, "d2");
  EXPECT_EQ(s.players[0].dirhams, 30);
  EXPECT_EQ(s.players[1].dirhams, 0);
  EXPECT_EQ(s.phase, Phase::kPlace);
}

TEST(MarrakechRules, OutPlayersCarpetsStayAndStillBlockCoveringBothHalves) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c3", "d3", 1);
  s.players[1].out = true;
  s.players[2].dirhams = 60;
  s.players[1].dirhams = 0;
  LandOn(&s, 0, "d4");
  EXPECT_EQ(s.carpet[static_cast<size_t>(Sq("c3"))], 1);
  EXPECT_FALSE(Legal(s, Move::Place(Sq("c3"), Sq("d3"))));
  Status why = s.CheckMove(Move::Place(Sq("c3"), Sq("d3")));
  EXPECT_NE(why.message().find("both halves of one carpet"), std::string::npos) << why.message();
  EXPECT_TRUE(Legal(s, Move::Place(Sq("d3"), Sq("e3"))));
}

TEST(MarrakechRules, OutPlayerScoresNothing) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c3", "d3", 1);
  s.players[1].out = true;
  s.players[2].dirhams = 60;
  s.players[1].dirhams = 0;
  EXPECT_EQ(s.Score(1), 0);
  EXPECT_EQ(s.VisibleSquares(1), 2);
  EXPECT_FALSE(s.ComputeWinners() & 2);
}

TEST(MarrakechRules, OutPlayersPileIsNeverPlaced) {
  // Three players, seat 1 out with carpets left: the game ends once seats 0 and 2 have
  // placed theirs.
  State s = State::NewGame(3, Variant::kStandard, 1);
  s.players[1].out = true;
  s.players[0].dirhams = 45;
  s.players[2].dirhams = 45;
  s.players[1].dirhams = 0;
  s.players[0].pile_size = 1;
  s.players[2].pile_size = 1;
  s.placed = {14, 0, 14, 0};
  Prng prng(3);
  int placements = 0;
  while (!s.game_over()) {
    ASSERT_NE(s.to_move, 1);
    if (s.phase == Phase::kPlace) ++placements;
    s.ApplyMove(RandomMove(s, prng));
  }
  EXPECT_EQ(placements, 2);
  EXPECT_EQ(s.players[1].pile_size, 15);
}

// --- Out of time (docs/rules/marrakech.md, "Out of time") ------------------------

// Plays whole turns (orient straight, the game's own roll, the first placement) until
// `seat` is to orient with at least one carpet of its own on the board.
void PlayUntilSeatOrientsWithACarpetDown(State* s, int seat) {
  while (!(s->to_move == seat && s->phase == Phase::kOrient && s->placed[static_cast<size_t>(seat)] > 0)) {
    ASSERT_FALSE(s->game_over());
    if (s->phase == Phase::kOrient) {
      s->ApplyMove(Move::Orient(Turn::kStraight));
    } else if (s->phase == Phase::kRoll) {
      s->ApplyMove(Move::Roll(s->SampleRoll()));
    } else {
      MoveList moves;
      s->LegalMoves(&moves);
      s->ApplyMove(moves[0]);
    }
  }
}

TEST(MarrakechTimeOut, PutsTheMoverOutWithNoDirhamsItsCarpetsStayAndTheGameGoesOn) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  PlayUntilSeatOrientsWithACarpetDown(&s, 1);
  ASSERT_FALSE(s.players[1].out);
  const int held = s.players[1].dirhams;
  ASSERT_GT(held, 0);
  const int visible = s.VisibleSquares(1), pile = s.players[1].pile_size;
  ASSERT_GT(visible, 0);
  const std::array<int, 2> others = {s.players[0].dirhams, s.players[2].dirhams};
  ASSERT_TRUE(s.CheckMove(Move::TimeOut()).ok());
  s.ApplyMove(Move::TimeOut());
  EXPECT_TRUE(s.players[1].out);
  EXPECT_EQ(s.players[1].dirhams, 0);
  EXPECT_EQ(s.dirhams_lost, held) << "the dirhams go to no one";
  EXPECT_EQ(s.players[0].dirhams, others[0]);
  EXPECT_EQ(s.players[2].dirhams, others[1]);
  EXPECT_EQ(s.timed_out, 0b010);
  EXPECT_EQ(s.VisibleSquares(1), visible) << "its carpets stay on the board";
  EXPECT_EQ(s.players[1].pile_size, pile);
  EXPECT_EQ(s.Score(1), 0);
  EXPECT_FALSE(s.game_over());
  EXPECT_EQ(s.to_move, 2);
  EXPECT_EQ(s.phase, Phase::kOrient);
  EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
  // The game goes on without seat 1, to its end.
  Prng prng(9);
  while (!s.game_over()) {
    ASSERT_NE(s.to_move, 1);
    s.ApplyMove(RandomMove(s, prng));
    ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  }
  EXPECT_FALSE(s.winners & 0b010);
}

TEST(MarrakechTimeOut, WithTwoPlayersTheOtherWinsAtOnce) {
  for (Variant variant : {Variant::kStandard, Variant::kSingleColour}) {
    State s = State::NewGame(2, variant, 4);
    s.ApplyMove(Move::Orient(Turn::kStraight));
    s.ApplyMove(Move::Roll(s.SampleRoll()));
    ASSERT_EQ(s.phase, Phase::kPlace);
    const int pile = s.players[0].pile_size;
    s.ApplyMove(Move::TimeOut());  // in the place phase, the carpet drawn
    EXPECT_TRUE(s.game_over());
    EXPECT_EQ(s.winners, 0b10);
    EXPECT_TRUE(s.players[0].out);
    EXPECT_EQ(s.players[0].pile_size, pile) << "the carpet drawn is not placed";
    EXPECT_EQ(s.dirhams_lost + s.players[1].dirhams, 60);
    EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
  }
}

TEST(MarrakechTimeOut, InTheRollPhaseItIsTheMoversAndNoDieIsThrown) {
  State s = State::NewGame(4, Variant::kStandard, 2);
  s.ApplyMove(Move::Orient(Turn::kLeft));
  ASSERT_EQ(s.phase, Phase::kRoll);
  const State before = s;
  ASSERT_TRUE(s.CheckMove(Move::TimeOut()).ok());
  s.ApplyMove(Move::TimeOut());
  EXPECT_TRUE(s.players[0].out);
  EXPECT_EQ(s.timed_out, 0b0001);
  EXPECT_EQ(s.rng, before.rng) << "the die was not thrown";
  EXPECT_EQ(s.assam, before.assam);
  EXPECT_EQ(s.to_move, 1);
  EXPECT_EQ(s.phase, Phase::kOrient);
  EXPECT_FALSE(s.game_over());
  EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
}

TEST(MarrakechTimeOut, IsNeverALegalMoveButIsAcceptedInEveryPhase) {
  for (const Mode& mode : kModes) {
    State s = State::NewGame(mode.players, mode.variant, 6);
    Prng prng(6);
    std::set<Phase> phases;
    while (!s.game_over()) {
      MoveList moves;
      s.LegalMoves(&moves);
      for (const Move& m : moves) ASSERT_NE(m.kind, MoveKind::kTimeOut) << mode.name;
      ASSERT_TRUE(s.CheckMove(Move::TimeOut()).ok()) << mode.name;
      phases.insert(s.phase);
      s.ApplyMove(RandomMove(s, prng));
    }
    EXPECT_EQ(phases.size(), 3u) << mode.name;
  }
}

TEST(MarrakechTimeOut, IsRefusedOnceTheGameIsOver) {
  State s = State::NewGame(2, Variant::kStandard, 3);
  s.ApplyMove(Move::TimeOut());
  ASSERT_TRUE(s.game_over());
  EXPECT_EQ(s.CheckMove(Move::TimeOut()).message(), "illegal move 'timeout': the game is over");
}

TEST(MarrakechTimeOut, ReadsAndWritesAsTimeout) {
  EXPECT_EQ(ToString(Move::TimeOut()), "timeout");
  auto parsed = ParseMove(" TIMEOUT ");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, Move::TimeOut());
  EXPECT_FALSE(ParseMove("timeout 2").ok());
}

TEST(MarrakechTimeOut, ValidateCountsTheDirhamsLost) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  s.ApplyMove(Move::TimeOut());
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  State missing = s;
  missing.dirhams_lost = 0;
  missing.timed_out = 0;
  EXPECT_FALSE(missing.Validate().ok()) << "30 dirhams gone with no seat out of time";
  State not_out = s;
  not_out.timed_out = 0b100;
  EXPECT_FALSE(not_out.Validate().ok()) << "seat 2 is still in";
}

TEST(MarrakechTimeOut, TheViewTellsItAndAWorldSampledFromItIsTheSame) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  s.ApplyMove(Move::TimeOut());
  for (int viewer = 0; viewer < 3; ++viewer) {
    View v = s.ViewFor(viewer);
    EXPECT_EQ(v.timed_out, 0b001);
    EXPECT_EQ(v.dirhams_lost, 30);
    Prng prng(2);
    State world = State::FromView(v, prng);
    EXPECT_TRUE(world.Validate().ok()) << world.Validate().message();
    EXPECT_EQ(world.ViewFor(viewer), v);
  }
}

TEST(MarrakechRules, GameEndsWhenOnlyOnePlayerIsLeft) {
  State s = State::NewGame(2, Variant::kSingleColour, 1);
  Lay(&s, "c2", "d2", 1);
  s.players[0].dirhams = 1;
  s.players[1].dirhams = 59;
  LandOn(&s, 0, "d2");
  EXPECT_TRUE(s.players[0].out);
  EXPECT_TRUE(s.game_over());
  EXPECT_EQ(s.winners, 0b10);
  EXPECT_EQ(s.players[1].dirhams, 60);
}

TEST(MarrakechRules, GameGoesOnWhileTwoPlayersAreIn) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c2", "d2", 2);
  s.players[0].dirhams = 1;
  s.players[1].dirhams = 59;
  LandOn(&s, 0, "d2");
  EXPECT_TRUE(s.players[0].out);
  EXPECT_FALSE(s.game_over());
  EXPECT_EQ(s.to_move, 1);
}

// ---------------------------------------------------------------- placement

TEST(MarrakechRules, PlacementMustTouchAssamsSquare) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  LandOn(&s, 0, "d4");
  Status why = s.CheckMove(Move::Place(Sq("f4"), Sq("g4")));
  EXPECT_EQ(why.message(), "illegal move 'place f4 g4': the carpet must touch Assam's square d4 along a side");
  EXPECT_FALSE(s.CheckMove(Move::Place(Sq("c3"), Sq("b3"))).ok());  // c3 is diagonal to d4
  EXPECT_TRUE(s.CheckMove(Move::Place(Sq("c4"), Sq("b4"))).ok());
  EXPECT_TRUE(s.CheckMove(Move::Place(Sq("c3"), Sq("d3"))).ok());
}

TEST(MarrakechRules, PlacementMayNotCoverAssam) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  LandOn(&s, 0, "d4");
  Status why = s.CheckMove(Move::Place(Sq("d4"), Sq("d5")));
  EXPECT_EQ(why.message(), "illegal move 'place d4 d5': a carpet may not cover Assam's square d4");
  for (const Move& m : [&] { MoveList l; s.LegalMoves(&l); return l; }())
    EXPECT_TRUE(m.first != s.assam.square && m.second != s.assam.square);
}

TEST(MarrakechRules, PlacementCoversTwoOrthogonallyAdjacentSquares) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  LandOn(&s, 0, "d4");
  const char* kMsg = "a carpet covers two orthogonally adjacent squares";
  for (auto [a, b] : {std::pair{"c5", "d3"}, {"d3", "d3"}, {"d3", "e2"}, {"d3", "d1"}}) {
    Status why = s.CheckMove(Move::Place(Sq(a), Sq(b)));
    EXPECT_NE(why.message().find(kMsg), std::string::npos) << a << b << ": " << why.message();
  }
  Move off;
  off.kind = MoveKind::kPlace;
  off.first = 45;
  off.second = 52;
  EXPECT_FALSE(s.CheckMove(off).ok());
}

TEST(MarrakechRules, PlacementStaysInsideTheBoard) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  ReadyToRoll(&s, 0, "b1", W);
  s.ApplyMove(Move::Roll(1));
  ASSERT_EQ(s.assam, At("a1", W));
  EXPECT_EQ(Texts(s), (std::vector<std::string>{"place a2 a3", "place a2 b2", "place b1 b2", "place b1 c1"}));
  ReadyToRoll(&s, 0, "g6", S);
  s.ApplyMove(Move::Roll(1));
  ASSERT_EQ(s.assam, At("g7", S));
  EXPECT_EQ(Texts(s), (std::vector<std::string>{"place e7 f7", "place f6 f7", "place f6 g6", "place g5 g6"}));
}

TEST(MarrakechRules, PlacementMayNotCoverBothHalvesOfOneCarpet) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c3", "d3", 1);
  LandOn(&s, 0, "d4");
  Status why = s.CheckMove(Move::Place(Sq("d3"), Sq("c3")));
  EXPECT_EQ(why.message(),
            "illegal move 'place c3 d3': a carpet may not cover both halves of one carpet (carpet 1 lies on c3 d3)");
  EXPECT_FALSE(Legal(s, Move::Place(Sq("c3"), Sq("d3"))));
}

TEST(MarrakechRules, PlacementMayNotCoverBothHalvesOfOwnCarpet) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c3", "d3", 0);
  LandOn(&s, 0, "d4");
  EXPECT_FALSE(s.CheckMove(Move::Place(Sq("c3"), Sq("d3"))).ok());
  EXPECT_FALSE(Legal(s, Move::Place(Sq("c3"), Sq("d3"))));
}

TEST(MarrakechRules, PlacementMayCoverHalvesOfTwoDifferentCarpets) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c2", "c3", 1);
  Lay(&s, "d2", "d3", 2);
  LandOn(&s, 0, "d4");
  Move m = Move::Place(Sq("c3"), Sq("d3"));
  ASSERT_TRUE(Legal(s, m));
  s.ApplyMove(m);
  EXPECT_EQ(s.carpet[static_cast<size_t>(Sq("c3"))], 3);
  EXPECT_EQ(s.carpet[static_cast<size_t>(Sq("c2"))], 1);
  EXPECT_EQ(s.VisibleSquares(1), 1);
  EXPECT_EQ(s.VisibleSquares(2), 1);
  EXPECT_EQ(s.VisibleSquares(0), 2);
}

TEST(MarrakechRules, PlacementMayCoverOneHalfAndAnEmptySquare) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c3", "d3", 1);
  LandOn(&s, 0, "d4");
  ASSERT_TRUE(Legal(s, Move::Place(Sq("d3"), Sq("e3"))));
  ASSERT_TRUE(Legal(s, Move::Place(Sq("d2"), Sq("d3"))));
  s.ApplyMove(Move::Place(Sq("d3"), Sq("e3")));
  EXPECT_EQ(s.color[static_cast<size_t>(Sq("d3"))], 0);
  EXPECT_EQ(s.color[static_cast<size_t>(Sq("c3"))], 1);
}

TEST(MarrakechRules, CarpetHiddenByTwoPlacementsLeavesTheBoard) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "c3", "d3", 1);
  Lay(&s, "b3", "c3", 2);
  Lay(&s, "d3", "e3", 0);
  for (int sq = 0; sq < kNumSquares; ++sq) EXPECT_NE(s.carpet[static_cast<size_t>(sq)], 1);
  EXPECT_EQ(s.VisibleSquares(1), 0);
  EXPECT_EQ(s.placed[1], 1);
}

TEST(MarrakechRules, AtMostTwelvePlacementsEachListedOnce) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  for (int a = 0; a < kNumSquares; ++a) {
    s.assam = Position{static_cast<uint8_t>(a), N};
    s.phase = Phase::kPlace;
    MoveList moves;
    s.LegalMoves(&moves);
    EXPECT_LE(moves.size(), kMaxMoves);
    EXPECT_GE(moves.size(), 4);
    std::set<std::pair<int, int>> pairs;
    for (const Move& m : moves) {
      EXPECT_LT(m.first, m.second);
      pairs.insert({m.first, m.second});
    }
    EXPECT_EQ(static_cast<int>(pairs.size()), moves.size());
  }
  s.assam = At("d4", N);
  MoveList moves;
  s.LegalMoves(&moves);
  EXPECT_EQ(moves.size(), 12);
}

TEST(MarrakechRules, LegalMovesAreExactlyTheMovesCheckMoveAccepts) {
  for (const Mode& mode : kModes) {
    State s = State::NewGame(mode.players, mode.variant, 21);
    Prng prng(5);
    for (int step = 0; step < 150 && !s.game_over(); ++step) {
      MoveList moves;
      s.LegalMoves(&moves);
      std::vector<Move> all;
      for (int t = 0; t < 3; ++t) all.push_back(Move::Orient(static_cast<Turn>(t)));
      for (int r = 0; r <= 5; ++r) all.push_back(Move::Roll(r));
      for (int a = 0; a < kNumSquares; ++a)
        for (int b = a; b < kNumSquares; ++b) all.push_back(Move::Place(a, b));
      int accepted = 0;
      for (const Move& m : all) {
        bool ok = s.CheckMove(m).ok();
        accepted += ok;
        EXPECT_EQ(ok, std::find(moves.begin(), moves.end(), m) != moves.end()) << ToString(m);
      }
      EXPECT_EQ(accepted, moves.size());
      s.ApplyMove(RandomMove(s, prng));
    }
  }
}

TEST(MarrakechRules, CarpetIdsFollowPlacementOrder) {
  State s = State::NewGame(4, Variant::kStandard, 3);
  Prng prng(1);
  int expected_id = 1;
  while (!s.game_over()) {
    Move m = RandomMove(s, prng);
    bool place = m.kind == MoveKind::kPlace;
    s.ApplyMove(m);
    if (place) {
      EXPECT_EQ(s.carpet[m.first], expected_id);
      EXPECT_EQ(s.carpet[m.second], expected_id);
      ++expected_id;
    }
  }
  EXPECT_EQ(s.NextCarpetId(), expected_id);
}

// ---------------------------------------------------------------- turns and the end

TEST(MarrakechRules, TurnIsOrientThenRollThenPlace) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  for (int turn = 0; turn < 6; ++turn) {
    EXPECT_EQ(s.to_move, turn % 3);
    EXPECT_EQ(s.phase, Phase::kOrient);
    s.ApplyMove(Move::Orient(Turn::kStraight));
    EXPECT_EQ(s.phase, Phase::kRoll);
    s.ApplyMove(Move::Roll(1));
    ASSERT_EQ(s.phase, Phase::kPlace);
    MoveList moves;
    s.LegalMoves(&moves);
    s.ApplyMove(moves[moves.size() - 1]);
  }
}

TEST(MarrakechRules, GameEndsWhenTheLastCarpetIsPlaced) {
  // Find a game without eliminations: it lasts exactly as many turns as carpets.
  for (const Mode& mode : kModes) {
    bool checked = false;
    for (uint64_t seed = 1; seed < 50 && !checked; ++seed) {
      State s = State::NewGame(mode.players, mode.variant, seed);
      Prng prng(seed);
      int placements = 0;
      bool eliminated = false;
      while (!s.game_over()) {
        Move m = RandomMove(s, prng);
        s.ApplyMove(m);
        placements += m.kind == MoveKind::kPlace;
        if (s.PlayersIn() < mode.players) eliminated = true;
      }
      if (eliminated) continue;
      EXPECT_EQ(placements, s.NumColors() * s.CarpetsPerColor()) << mode.name;
      for (int p = 0; p < mode.players; ++p) EXPECT_EQ(s.players[static_cast<size_t>(p)].pile_size, 0);
      EXPECT_NE(s.winners, 0);
      checked = true;
    }
    EXPECT_TRUE(checked) << mode.name;
  }
}

TEST(MarrakechRules, ScoreIsVisibleSquaresPlusDirhams) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "a1", "b1", 0);
  Lay(&s, "a2", "b2", 0);
  Lay(&s, "b2", "b3", 1);  // covers one of colour 0's squares
  EXPECT_EQ(s.Score(0), 3 + 30);
  EXPECT_EQ(s.Score(1), 2 + 30);
  EXPECT_EQ(s.Score(2), 30);
}

TEST(MarrakechRules, TwoPlayerScoreCountsBothColours) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  Lay(&s, "a1", "b1", 0);
  Lay(&s, "a3", "b3", 2);
  Lay(&s, "a5", "b5", 1);
  EXPECT_EQ(s.Score(0), 4 + 30);
  EXPECT_EQ(s.Score(1), 2 + 30);
}

TEST(MarrakechRules, HighestScoreWins) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "a1", "b1", 2);
  EXPECT_EQ(s.ComputeWinners(), 0b100);
}

TEST(MarrakechRules, TieIsBrokenByDirhams) {
  State s = State::NewGame(3, Variant::kStandard, 1);
  Lay(&s, "a1", "b1", 0);
  Lay(&s, "a2", "b2", 0);  // seat 0: 4 squares + 28 = 32
  s.players[0].dirhams = 28;
  s.players[1].dirhams = 32;  // seat 1: 0 squares + 32 = 32
  s.players[2].dirhams = 30;
  EXPECT_EQ(s.Score(0), s.Score(1));
  EXPECT_EQ(s.ComputeWinners(), 0b010);
}

TEST(MarrakechRules, FullTieIsASharedWin) {
  State s = State::NewGame(4, Variant::kStandard, 1);
  Lay(&s, "a1", "b1", 0);
  Lay(&s, "a3", "b3", 2);
  Lay(&s, "a5", "b5", 3);
  EXPECT_EQ(s.ComputeWinners(), 0b1101);  // seats 0, 2 and 3: 32 points, 30 dirhams each
  s.players[3].dirhams = 29;
  s.players[1].dirhams = 31;
  EXPECT_EQ(s.ComputeWinners(), 0b0101);
}

TEST(MarrakechRules, SharedWinAtTheEndOfAGame) {
  // Two players (single colour), one carpet each left, dirhams equal: the board decides,
  // and a symmetric finish shares the win.
  State s = State::NewGame(2, Variant::kSingleColour, 1);
  for (int p = 0; p < 2; ++p) s.players[static_cast<size_t>(p)].pile_size = 1;
  s.placed = {14, 14, 0, 0};
  s.ApplyMove(Move::Orient(Turn::kStraight));
  s.ApplyMove(Move::Roll(2));  // d2
  s.ApplyMove(Move::Place(Sq("b2"), Sq("c2")));
  ASSERT_FALSE(s.game_over());
  s.ApplyMove(Move::Orient(Turn::kStraight));
  s.ApplyMove(Move::Roll(1));  // d1
  s.ApplyMove(Move::Place(Sq("e1"), Sq("f1")));
  ASSERT_TRUE(s.game_over());
  EXPECT_EQ(s.Score(0), 32);
  EXPECT_EQ(s.Score(1), 32);
  EXPECT_EQ(s.winners, 0b11);
}

// ---------------------------------------------------------------- views and hidden information

TEST(MarrakechRules, ViewHidesPileOrderAndPrng) {
  State a = State::NewGame(2, Variant::kStandard, 1);
  State b = State::NewGame(2, Variant::kStandard, 2);
  ASSERT_NE(a.players, b.players);
  ASSERT_NE(a.rng, b.rng);
  EXPECT_EQ(a.ViewFor(0), b.ViewFor(0));
  EXPECT_EQ(a.ViewFor(1), b.ViewFor(1));
  View v = a.ViewFor(1);
  EXPECT_EQ(v.viewer, 1);
  EXPECT_EQ(v.players[0].pile_size, 24);
  EXPECT_EQ(v.players[0].carpets_left, (std::array<uint8_t, 2>{12, 12}));
}

TEST(MarrakechRules, CurrentCarpetIsShownOnlyInThePlacePhase) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  EXPECT_EQ(s.ViewFor(1).current_carpet, -1);
  s.ApplyMove(Move::Orient(Turn::kStraight));
  EXPECT_EQ(s.ViewFor(0).current_carpet, -1);
  s.ApplyMove(Move::Roll(2));
  int top = s.players[0].pile[23];
  EXPECT_EQ(s.CurrentCarpet(), top);
  EXPECT_EQ(s.ViewFor(0).current_carpet, top);
  EXPECT_EQ(s.ViewFor(1).current_carpet, top);  // drawn face up: public
}

TEST(MarrakechRules, RandomizeHiddenKeepsEveryViewAndTheDrawnCarpet) {
  for (const Mode& mode : kModes) {
    State s = State::NewGame(mode.players, mode.variant, 8);
    Prng prng(8), shuffler(99);
    bool changed = false;
    for (int step = 0; step < 120 && !s.game_over(); ++step) {
      for (int observer = 0; observer < mode.players; ++observer) {
        State r = s;
        r.RandomizeHidden(observer, shuffler);
        ASSERT_TRUE(r.Validate().ok()) << r.Validate().message();
        for (int p = 0; p < mode.players; ++p) EXPECT_EQ(r.ViewFor(p), s.ViewFor(p)) << mode.name;
        EXPECT_EQ(r.CurrentCarpet(), s.CurrentCarpet());
        changed |= r.players != s.players;
      }
      s.ApplyMove(RandomMove(s, prng));
    }
    if (mode.players == 2 && mode.variant == Variant::kStandard) {
      EXPECT_TRUE(changed);
    }
  }
}

TEST(MarrakechFromView, SampledWorldIsValidAndHasTheSameView) {
  for (const Mode& mode : kModes) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      State s = State::NewGame(mode.players, mode.variant, seed);
      Prng prng(seed + 100);
      while (true) {
        for (int viewer = 0; viewer < mode.players; ++viewer) {
          View v = s.ViewFor(viewer);
          State sampled = State::FromView(v, prng);
          ASSERT_TRUE(sampled.Validate().ok()) << mode.name << ": " << sampled.Validate().message();
          ASSERT_EQ(sampled.ViewFor(viewer), v) << mode.name;
          // Everything public is the same for every seat, so every view matches.
          for (int p = 0; p < mode.players; ++p) ASSERT_EQ(sampled.ViewFor(p), s.ViewFor(p)) << mode.name;
          EXPECT_EQ(sampled.CurrentCarpet(), s.CurrentCarpet());
          EXPECT_EQ(sampled.placed, s.placed);
        }
        if (s.game_over()) break;
        s.ApplyMove(RandomMove(s, prng));
      }
    }
  }
}

TEST(MarrakechFromView, SampledPilesVaryOnlyInOrder) {
  // Two-player standard game: the pile order is hidden, so two samples differ in it
  // but hold the same carpets, and a sampled game plays on like the real one.
  State s = State::NewGame(2, Variant::kStandard, 5);
  Prng prng(6);
  for (int i = 0; i < 10; ++i) s.ApplyMove(RandomMove(s, prng));
  View v = s.ViewFor(0);
  bool differs = false;
  State first = State::FromView(v, prng);
  for (int k = 0; k < 20; ++k) {
    State other = State::FromView(v, prng);
    differs |= other.players != first.players;
    EXPECT_NE(other.rng, first.rng);
    for (size_t p = 0; p < 2; ++p) {
      const PlayerState &x = first.players[p], &y = other.players[p];
      std::multiset<int> a(x.pile.begin(), x.pile.begin() + x.pile_size);
      std::multiset<int> b(y.pile.begin(), y.pile.begin() + y.pile_size);
      EXPECT_EQ(a, b);
    }
  }
  EXPECT_TRUE(differs);
}

// ---------------------------------------------------------------- validation

TEST(MarrakechRules, NewGamesAreValid) {
  for (const Mode& m : kModes)
    for (uint64_t seed = 0; seed < 10; ++seed) {
      Status v = State::NewGame(m.players, m.variant, seed).Validate();
      EXPECT_TRUE(v.ok()) << m.name << ": " << v.message();
    }
}

TEST(MarrakechRules, ValidateNamesTheBrokenInvariant) {
  State base = State::NewGame(3, Variant::kStandard, 1);
  Lay(&base, "c3", "d3", 0);
  Lay(&base, "d3", "e3", 1);
  base.to_move = 2;
  ASSERT_TRUE(base.Validate().ok()) << base.Validate().message();
  struct Case {
    const char* expect;
    void (*mutate)(State*);
  };
  const Case cases[] = {
      {"players[0].dirhams", [](State* s) { s->players[0].out = true; }},
      {"dirhams in all", [](State* s) { s->players[1].dirhams = 31; }},
      {"to_move: must be a seat", [](State* s) { s->to_move = 3; }},
      {"assam: off the board", [](State* s) { s->assam.square = 49; }},
      {"board[2][3].carpet: carpet 9 has not been placed", [](State* s) { s->carpet[17] = 9; }},
      {"board[2][2].color: colour 3 is not in play", [](State* s) { s->color[16] = 3; }},
      {"have different colours", [](State* s) { s->color[17] = 2; s->color_bits = {0x10000, 0x40000, 0x20000, 0}; }},
      {"the last placed, must show both halves", [](State* s) { s->placed[2] = 1; s->players[2].pile_size = 14; }},
      {"color_bits", [](State* s) { s->color_bits[0] = 0; }},
      {"players[1].pile: colour 1 has 1 carpets placed and 15", [](State* s) { s->players[1].pile_size = 15; s->players[1].pile[14] = 1; }},
      {"players[0].pile[0]: colour 2", [](State* s) { s->players[0].pile[13] = 2; }},
      {"players: seat 3", [](State* s) { s->players[3].dirhams = 1; }},
      {"placed[3]", [](State* s) { s->placed[3] = 1; }},
      {"placed[0]: the game has 15 carpets of each colour", [](State* s) { s->placed[0] = 200; }},
      {"pile sizes do not follow the turn order", [](State* s) { s->to_move = 0; }},
      {"to_move: player 2 is out", [](State* s) { s->players[2].out = true; s->players[0].dirhams = 60; s->players[2].dirhams = 0; }},
      {"winners: must be empty", [](State* s) { s->winners = 1; }},
      {"the game is over but carpets are left", [](State* s) { s->phase = Phase::kGameOver; }},
      {"variant: single-colour", [](State* s) { s->variant = Variant::kSingleColour; }},
      {"an empty square has no colour", [](State* s) { s->color[0] = 1; }},
  };
  for (const Case& c : cases) {
    State s = base;
    c.mutate(&s);
    Status v = s.Validate();
    EXPECT_FALSE(v.ok()) << c.expect;
    EXPECT_NE(v.message().find(c.expect), std::string::npos) << "expected '" << c.expect << "', got '" << v.message() << "'";
  }
}

TEST(MarrakechRules, ValidateNeverCrashesOnArbitraryStates) {
  // Random field values (out-of-range ones included); a state that passes Validate
  // must then play to its end with every invariant kept.
  Prng prng(31337);
  int valid = 0;
  for (int i = 0; i < 20000; ++i) {
    const Mode& mode = kModes[prng.Below(4)];
    State s = State::NewGame(mode.players, mode.variant, prng.Next());
    for (int k = static_cast<int>(prng.Below(30)); k > 0; --k) s.ApplyMove(RandomMove(s, prng));
    if (s.game_over()) continue;
    auto pick = [&](uint32_t n) { return static_cast<uint8_t>(prng.Below(n)); };
    for (int e = 1 + static_cast<int>(prng.Below(2)); e > 0; --e) {
      size_t sq = prng.Below(kNumSquares), p = prng.Below(kMaxPlayers), c = prng.Below(kMaxColors);
      switch (prng.Below(15)) {
        case 0: s.rng = prng.Next(); break;
        case 1: s.num_players = pick(7); break;
        case 2: s.variant = static_cast<Variant>(pick(3)); break;
        case 3: s.to_move = pick(6); break;
        case 4: s.phase = static_cast<Phase>(pick(5)); break;
        case 5: s.assam.square = pick(64); break;
        case 6: s.assam.facing = static_cast<Facing>(pick(6)); break;
        case 7: s.winners = pick(32); break;
        case 8: s.carpet[sq] = pick(256); break;
        case 9: s.color[sq] = pick(6); break;
        case 10: s.placed[c] = pick(256); break;
        case 11: s.players[p].dirhams = pick(256); break;
        case 12: s.players[p].out = !s.players[p].out; break;
        case 13: s.players[p].pile_size = pick(40); break;
        default: s.players[p].pile[prng.Below(kMaxPile)] = pick(6); break;
      }
    }
    if (!s.Validate().ok()) continue;
    ++valid;
    while (!s.game_over()) {
      s.ApplyMove(RandomMove(s, prng));
      Status v = s.Validate();
      ASSERT_TRUE(v.ok()) << v.message();
    }
  }
  EXPECT_GT(valid, 100);
}

// ---------------------------------------------------------------- move text

TEST(MarrakechMoveText, CanonicalTextRoundTrips) {
  std::vector<Move> moves;
  for (int t = 0; t < 3; ++t) moves.push_back(Move::Orient(static_cast<Turn>(t)));
  for (int r = 1; r <= 4; ++r) moves.push_back(Move::Roll(r));
  for (int a = 0; a < kNumSquares; ++a)
    for (int b = a + 1; b < kNumSquares; ++b)
      if (Adjacent(a, b)) moves.push_back(Move::Place(a, b));
  for (const Move& m : moves) {
    auto parsed = ParseMove(ToString(m));
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    EXPECT_EQ(*parsed, m);
  }
  EXPECT_EQ(ToString(Move::Orient(Turn::kLeft)), "left");
  EXPECT_EQ(ToString(Move::Roll(3)), "roll 3");
  EXPECT_EQ(ToString(Move::Place(Sq("d3"), Sq("c3"))), "place c3 d3");
  EXPECT_EQ(ToString(Move::Place(Sq("c4"), Sq("c3"))), "place c3 c4");  // row-major: row first
}

TEST(MarrakechMoveText, ParserIgnoresCaseAndExtraSpaces) {
  EXPECT_EQ(*ParseMove("  LEFT "), Move::Orient(Turn::kLeft));
  EXPECT_EQ(*ParseMove("Straight"), Move::Orient(Turn::kStraight));
  EXPECT_EQ(*ParseMove("roll   4"), Move::Roll(4));
  EXPECT_EQ(*ParseMove("\tPlace  C3\tD3 "), Move::Place(Sq("c3"), Sq("d3")));
}

TEST(MarrakechMoveText, PlacementSquaresInEitherOrderAreNormalised) {
  auto parsed = ParseMove("place d3 c3");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(ToString(*parsed), "place c3 d3");
  EXPECT_EQ(ToString(*ParseMove("place c4 c3")), "place c3 c4");
}

TEST(MarrakechMoveText, ParserErrorsSayWhatIsWrong) {
  auto message = [](std::string_view text) { return ParseMove(text).message(); };
  EXPECT_EQ(message("place z9 a1"), "bad move 'place z9 a1': 'z9' is not a square (a1..g7)");
  EXPECT_EQ(message("place a1 h2"), "bad move 'place a1 h2': 'h2' is not a square (a1..g7)");
  EXPECT_EQ(message("place a1"), "bad move 'place a1': 'place' needs the carpet's two squares, e.g. 'place c3 d3'");
  EXPECT_EQ(message("roll 5"), "bad move 'roll 5': '5' is not a roll of the die (1 to 4)");
  EXPECT_EQ(message("roll"), "bad move 'roll': 'roll' needs the die's number, e.g. 'roll 3'");
  EXPECT_EQ(message("left now"), "bad move 'left now': 'left' takes no argument");
  EXPECT_EQ(message(""), "bad move '': empty (moves: left, straight, right, roll N, place C1 C2)");
  EXPECT_EQ(message("jump"), "bad move 'jump': unknown action 'jump' (moves: left, straight, right, roll N, place C1 C2)");
  // Errors are one line: the echoed text has its white space runs and control characters tamed.
  EXPECT_EQ(message(" left\n\t now\r\n"), "bad move 'left now': 'left' takes no argument");
  EXPECT_EQ(message("roll \x01"), "bad move 'roll \\x01': '\\x01' is not a roll of the die (1 to 4)");
  EXPECT_EQ(message(std::string(100, 'x')),
            "bad move '" + std::string(60, 'x') + "...': unknown action '" + std::string(60, 'x') +
                "...' (moves: left, straight, right, roll N, place C1 C2)");
}

TEST(MarrakechMoveText, IllegalMovesNameTheMoveAndTheRule) {
  State s = State::NewGame(2, Variant::kStandard, 1);
  EXPECT_EQ(s.CheckMove(Move::Roll(2)).message(),
            "illegal move 'roll 2': player 0 must first orient Assam (left, straight or right)");
  EXPECT_EQ(s.CheckMove(Move::Place(Sq("d3"), Sq("d2"))).message(),
            "illegal move 'place d2 d3': player 0 must first orient Assam (left, straight or right)");
  s.ApplyMove(Move::Orient(Turn::kStraight));
  EXPECT_EQ(s.CheckMove(Move::Orient(Turn::kLeft)).message(),
            "illegal move 'left': Assam is oriented: the die must be rolled now (roll 1 to roll 4)");
  s.ApplyMove(Move::Roll(1));
  EXPECT_EQ(s.CheckMove(Move::Roll(1)).message(),
            "illegal move 'roll 1': Assam has moved: player 0 must place a carpet now");
}

TEST(MarrakechMoveText, FuzzedParserNeverCrashesAndAlwaysExplains) {
  Prng prng(12345);
  const std::string alphabet = "abcdefghlprstoinguvwxyzABCDGHLPR0123456789 \t-_!?\n";
  const std::vector<std::string> seeds = {"left", "right", "straight", "roll 1", "roll 4", "place c3 d3", "place a1 b1",
                                          "place g7 g6"};
  int ok = 0;
  for (int i = 0; i < 5000; ++i) {
    std::string text;
    if (i % 2 == 0) {
      int len = static_cast<int>(prng.Below(16));
      for (int k = 0; k < len; ++k) text.push_back(alphabet[prng.Below(static_cast<uint32_t>(alphabet.size()))]);
    } else {
      text = seeds[prng.Below(static_cast<uint32_t>(seeds.size()))];
      int edits = 1 + static_cast<int>(prng.Below(3));
      for (int e = 0; e < edits; ++e) {
        size_t pos = text.empty() ? 0 : prng.Below(static_cast<uint32_t>(text.size()));
        char c = alphabet[prng.Below(static_cast<uint32_t>(alphabet.size()))];
        switch (prng.Below(3)) {
          case 0: if (!text.empty()) text[pos] = c; break;
          case 1: text.insert(text.begin() + static_cast<std::ptrdiff_t>(pos), c); break;
          default: if (!text.empty()) text.erase(pos, 1); break;
        }
      }
      if (prng.Below(10) == 0) text.push_back(static_cast<char>(prng.Below(256)));
    }
    auto parsed = ParseMove(text);
    if (parsed.ok()) {
      ++ok;
      auto again = ParseMove(ToString(*parsed));
      ASSERT_TRUE(again.ok());
      EXPECT_EQ(*again, *parsed);
    } else {
      EXPECT_EQ(parsed.message().rfind("bad move '", 0), 0u) << parsed.message();
      EXPECT_EQ(parsed.message().find('\n'), std::string::npos) << parsed.message();
      EXPECT_GT(parsed.message().size(), 14u);
    }
  }
  EXPECT_GT(ok, 10);  // some mutations stay valid moves
}

// ---------------------------------------------------------------- simulation

// 2,500 complete games per mode, checked after every move at the level of the
// engine's types (the cross-game simulation in tests/ adds JSON round trips).
TEST(MarrakechSimulation, RandomGamesKeepEveryInvariant) {
  for (const Mode& mode : kModes) {
    int games = 2500, eliminations = 0, shared = 0;
    for (int g = 0; g < games; ++g) {
      State s = State::NewGame(mode.players, mode.variant, static_cast<uint64_t>(g) * 7919 + 1);
      Prng prng(static_cast<uint64_t>(g) + 1000);
      const int total = s.NumColors() * s.CarpetsPerColor();
      int moves = 0;
      while (!s.game_over()) {
        MoveList legal;
        s.LegalMoves(&legal);
        ASSERT_FALSE(legal.empty()) << mode.name;  // a legal placement always exists
        Move m = RandomMove(s, prng);
        ASSERT_TRUE(s.CheckMove(m).ok()) << s.CheckMove(m).message();
        s.ApplyMove(m);
        ++moves;
        Status v = s.Validate();
        ASSERT_TRUE(v.ok()) << mode.name << " game " << g << " move " << moves << ": " << v.message();
        ASSERT_EQ(TotalDirhams(s), 30 * mode.players);
        int carpets = s.NextCarpetId() - 1;
        for (int p = 0; p < mode.players; ++p) carpets += s.players[static_cast<size_t>(p)].pile_size;
        ASSERT_EQ(carpets, total);
        ASSERT_LE(moves, 3 * total);
        // Each player's view is the same whatever the hidden piles hold.
        int observer = moves % mode.players;
        State other = s;
        other.RandomizeHidden(observer, prng);
        ASSERT_TRUE(other.Validate().ok()) << other.Validate().message();
        ASSERT_EQ(other.ViewFor(observer), s.ViewFor(observer)) << mode.name << " game " << g << " move " << moves;
        // And a world sampled from that view is one it could have been taken from.
        View seen = s.ViewFor(observer);
        State sampled = State::FromView(seen, prng);
        ASSERT_TRUE(sampled.Validate().ok()) << mode.name << " game " << g << " move " << moves << ": "
                                             << sampled.Validate().message();
        ASSERT_EQ(sampled.ViewFor(observer), seen) << mode.name << " game " << g << " move " << moves;
        // The view counts each score as the state does, so that no client counts it.
        for (int p = 0; p < mode.players; ++p) ASSERT_EQ(seen.Score(p), s.Score(p)) << mode.name << " seat " << p;
      }
      EXPECT_NE(s.winners, 0);
      eliminations += s.PlayersIn() < mode.players;
      shared += std::popcount(static_cast<unsigned>(s.winners)) > 1;
    }
    // Not rules, but a sign the simulation reaches the interesting cases.
    EXPECT_GT(eliminations, 0) << mode.name;
    RecordProperty(std::string(mode.name) + "_eliminations", eliminations);
    RecordProperty(std::string(mode.name) + "_shared_wins", shared);
  }
}

}  // namespace
}  // namespace souk::marrakech
