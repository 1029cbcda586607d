#include "terminal/marrakech_screen.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace souk::terminal {
namespace {

namespace mk = souk::marrakech;

const Style kPlain{false, Lang::kEn};
const Style kFrench{false, Lang::kFr};
const std::vector<std::string> kNames = {"Ann", "Bob", "Cy", "Di"};

// Compares with testdata/NAME; SOUK_UPDATE_GOLDEN=1 rewrites the file instead.
void ExpectGolden(const std::string& name, const std::string& text) {
  const std::string path = std::string(SOUK_TESTDATA) + "/" + name;
  if (std::getenv("SOUK_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << text;
    return;
  }
  std::ifstream file(path, std::ios::binary);
  std::stringstream golden;
  golden << file.rdbuf();
  EXPECT_EQ(text, golden.str()) << "differs from " << path << " (SOUK_UPDATE_GOLDEN=1 to accept)";
}

struct Step {
  mk::State before, after;
  mk::Move move;
  int mover;
};

// Seeded random legal moves and die rolls, up to `max_moves` moves.
std::vector<Step> RandomGame(int players, uint64_t seed, int max_moves = 100000) {
  mk::State s = mk::State::NewGame(players, mk::Variant::kStandard, seed);
  Prng prng(seed + 1);
  std::vector<Step> steps;
  while (!s.game_over() && static_cast<int>(steps.size()) < max_moves) {
    mk::Move m;
    if (s.phase == mk::Phase::kRoll) {
      m = mk::Move::Roll(mk::DrawRoll(prng));
    } else {
      mk::MoveList moves;
      s.LegalMoves(&moves);
      m = moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))];
    }
    Step step{s, s, m, s.to_move};
    s.ApplyMove(m);
    step.after = s;
    steps.push_back(step);
  }
  return steps;
}

std::string Tell(const Step& st, int viewer, int you, const Style& style = kPlain) {
  std::string all;
  for (const auto& line : TellMarrakechMove(st.before.ViewFor(viewer), st.after.ViewFor(viewer), st.move, st.mover, you,
                                            kNames, style))
    all += line + "\n";
  return all;
}

// The text of row `y` (0-based) of the board, and of the rule above it.
std::string Row(const std::string& screen, int y) {
  std::istringstream in(screen);
  std::string line;
  const std::string prefix = Format("  %d |", y + 1);
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) return line;
  return {};
}
std::string RuleAbove(const std::string& screen, int y) {
  std::istringstream in(screen);
  std::string line, previous;
  const std::string prefix = Format("  %d |", y + 1);
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) return previous;
    previous = line;
  }
  return {};
}

TEST(MarrakechScreen, GoldenOpening) {
  mk::State s = mk::State::NewGame(2, mk::Variant::kStandard, 1);
  ExpectGolden("marrakech_opening_en.txt", RenderMarrakech(s.ViewFor(0), kNames, kPlain));
  ExpectGolden("marrakech_opening_fr.txt", RenderMarrakech(s.ViewFor(0), kNames, kFrench));
}

TEST(MarrakechScreen, GoldenMidGameForFourPlayers) {
  std::vector<Step> steps = RandomGame(4, 2, 60);
  ExpectGolden("marrakech_midgame4_en.txt", RenderMarrakech(steps.back().after.ViewFor(2), kNames, kPlain));
}

TEST(MarrakechScreen, GoldenGameOver) {
  std::vector<Step> steps = RandomGame(3, 3);
  ASSERT_TRUE(steps.back().after.game_over());
  ExpectGolden("marrakech_game_over_en.txt", RenderMarrakech(steps.back().after.ViewFor(0), kNames, kPlain));
  ExpectGolden("marrakech_game_over_fr.txt", RenderMarrakech(steps.back().after.ViewFor(0), kNames, kFrench));
}

TEST(MarrakechScreen, PlainModeWritesNoEscapeCodesAndColourModeDoes) {
  const mk::View v = RandomGame(2, 4, 30).back().after.ViewFor(0);
  EXPECT_EQ(RenderMarrakech(v, kNames, kPlain).find('\x1b'), std::string::npos);
  EXPECT_NE(RenderMarrakech(v, kNames, Style{true, Lang::kEn}).find("\x1b[4"), std::string::npos) << "carpets get a background";
}

TEST(MarrakechScreen, TheTwoHalvesOfACarpetAreJoinedAndNeighboursAreNot) {
  int horizontal = 0, vertical = 0;
  for (const Step& st : RandomGame(2, 5)) {
    if (st.move.kind != mk::MoveKind::kPlace) continue;
    const std::string screen = RenderMarrakech(st.after.ViewFor(0), kNames, kPlain);
    const int a = std::min<int>(st.move.first, st.move.second), b = std::max<int>(st.move.first, st.move.second);
    const int x = mk::SquareX(a), y = mk::SquareY(a);
    if (mk::SquareY(b) == y) {
      EXPECT_EQ(Row(screen, y)[static_cast<size_t>(5 + 4 * x + 3)], ' ') << screen;  // no wall inside the carpet
      ++horizontal;
    } else {
      EXPECT_EQ(RuleAbove(screen, y + 1).substr(static_cast<size_t>(5 + 4 * x), 3), "   ") << screen;
      ++vertical;
    }
  }
  EXPECT_GT(horizontal, 0);
  EXPECT_GT(vertical, 0);
  // Different carpets side by side keep their walls: an empty board has every one.
  const std::string empty = RenderMarrakech(mk::State::NewGame(2, mk::Variant::kStandard, 1).ViewFor(0), kNames, kPlain);
  EXPECT_EQ(Row(empty, 0), "  1 | . | . | . | . | . | . | . |");
}

TEST(MarrakechScreen, AssamShowsWhereHeIsAndHisFacing) {
  mk::State s = mk::State::NewGame(2, mk::Variant::kStandard, 1);
  std::string screen = RenderMarrakech(s.ViewFor(0), kNames, kPlain);
  EXPECT_EQ(Row(screen, 3), "  4 | . | . | . |^.^| . | . | . |");
  EXPECT_NE(screen.find("Assam is on d4, facing north (^)."), std::string::npos);
  s.ApplyMove(mk::Move::Orient(mk::Turn::kRight));
  EXPECT_EQ(Row(RenderMarrakech(s.ViewFor(0), kNames, kPlain), 3), "  4 | . | . | . |>.>| . | . | . |");
}

TEST(MarrakechScreen, EveryKindOfMoveIsToldInBothLanguages) {
  for (const Step& st : RandomGame(2, 6, 40)) {
    const int other = 1 - st.mover;
    const std::string third = Tell(st, other, other), second = Tell(st, st.mover, st.mover);
    const std::string french = Tell(st, other, other, kFrench);
    EXPECT_EQ(third.rfind(kNames[static_cast<size_t>(st.mover)] + " ", 0), 0u) << third;
    EXPECT_EQ(second.rfind("You ", 0), 0u) << second;
    switch (st.move.kind) {
      case mk::MoveKind::kOrient:
        EXPECT_TRUE(third.find(" turns Assam ") != std::string::npos || third.find(" keeps Assam facing ") != std::string::npos) << third;
        EXPECT_NE(french.find("Assam"), std::string::npos);
        break;
      case mk::MoveKind::kRoll:
        EXPECT_NE(third.find(Format(" rolls %d: Assam walks to %s", st.move.roll, mk::SquareName(st.after.assam.square).c_str())),
                  std::string::npos) << third;
        EXPECT_NE(french.find(Format(" fait %d : Assam va en ", st.move.roll)), std::string::npos) << french;
        break;
      case mk::MoveKind::kPlace:
        EXPECT_NE(third.find(Format(" places a %s carpet on %s %s", st.before.CurrentCarpet() % 2 == 0 ? (st.before.CurrentCarpet() == 0 ? "red" : "yellow") : (st.before.CurrentCarpet() == 1 ? "blue" : "green"),
                                    mk::SquareName(st.move.first).c_str(), mk::SquareName(st.move.second).c_str())),
                  std::string::npos) << third;
        EXPECT_NE(french.find(" pose un tapis "), std::string::npos) << french;
        break;
    }
  }
}

TEST(MarrakechScreen, TributeAndRuinAreTold) {
  int tributes = 0, ruins = 0;
  for (uint64_t seed = 1; seed < 40 && (tributes < 5 || ruins < 1); ++seed)
    for (const Step& st : RandomGame(2 + static_cast<int>(seed % 3), seed)) {
      if (st.move.kind != mk::MoveKind::kRoll) continue;
      const int paid = st.before.players[static_cast<size_t>(st.mover)].dirhams - st.after.players[static_cast<size_t>(st.mover)].dirhams;
      if (paid <= 0) continue;
      int to = -1;
      for (int p = 0; p < st.after.num_players; ++p)
        if (st.after.players[static_cast<size_t>(p)].dirhams > st.before.players[static_cast<size_t>(p)].dirhams) to = p;
      ASSERT_GE(to, 0);
      EXPECT_NE(Tell(st, to, to).find(Format("%s pays you %d dirhams.", kNames[static_cast<size_t>(st.mover)].c_str(), paid)),
                std::string::npos);
      EXPECT_NE(Tell(st, st.mover, st.mover).find(Format("You pay %s %d dirhams.", kNames[static_cast<size_t>(to)].c_str(), paid)),
                std::string::npos);
      EXPECT_NE(Tell(st, st.mover, st.mover, kFrench).find(Format("Vous payez %d dirhams à %s.", paid, kNames[static_cast<size_t>(to)].c_str())),
                std::string::npos);
      ++tributes;
      if (st.after.players[static_cast<size_t>(st.mover)].out) {
        EXPECT_NE(Tell(st, to, to).find(kNames[static_cast<size_t>(st.mover)] + " is out of the game."), std::string::npos);
        ++ruins;
      }
    }
  EXPECT_GE(tributes, 5);
  EXPECT_GE(ruins, 1);
}

TEST(MarrakechScreen, TheLastMoveEndsWithTheFinalScores) {
  std::vector<Step> steps = RandomGame(2, 7);
  const Step& last = steps.back();
  ASSERT_TRUE(last.after.game_over());
  const std::string told = Tell(last, 0, 0);
  EXPECT_NE(told.find("Final scores:"), std::string::npos) << told;
  for (int p = 0; p < 2; ++p)
    EXPECT_NE(told.find(Format("= %d", last.after.Score(p))), std::string::npos) << told;
  EXPECT_NE(told.find("Winner: "), std::string::npos) << told;
  EXPECT_NE(Tell(last, 0, 0, kFrench).find("Scores finaux"), std::string::npos);
  EXPECT_EQ(Tell(steps[steps.size() - 2], 0, 0).find("Final scores"), std::string::npos);
}

}  // namespace
}  // namespace souk::terminal
