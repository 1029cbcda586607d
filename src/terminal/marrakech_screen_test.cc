#include "terminal/marrakech_screen.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace souk::terminal {
namespace {

namespace mk = souk::marrakech;

const Style kEnglish{false, Lang::kEn};
const Style kFrench{false, Lang::kFr};
const std::vector<std::string> kNames = {"Ann", "Bob", "Cy", "Di"};

int Sq(const char* name) { return *mk::ParseSquare(name); }

// Compares with testdata/NAME byte for byte. Run with SOUK_UPDATE_GOLDEN=1 to rewrite
// the files after a deliberate change of the screen, then review the diff.
void ExpectGolden(const std::string& name, const std::string& text) {
  const std::string path = std::string(SOUK_TESTDATA) + "/" + name;
  if (std::getenv("SOUK_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << text;
    return;
  }
  std::ifstream file(path, std::ios::binary);
  ASSERT_TRUE(file) << path << " is missing (SOUK_UPDATE_GOLDEN=1 writes it)";
  std::stringstream golden;
  golden << file.rdbuf();
  EXPECT_EQ(text, golden.str()) << "differs from " << path << " (SOUK_UPDATE_GOLDEN=1 to accept)";
  // The board's 16 lines with the players beside it: a turn fits a 24-line screen.
  EXPECT_LE(std::count(text.begin(), text.end(), '\n'), 16) << text;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto width = std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; });
    EXPECT_LE(width, 80) << line;
  }
}

struct Step {
  mk::State before, after;
  mk::Move move;
  int mover;
};

// A game of seeded random legal moves, the die rolled by the game's own PRNG.
std::vector<Step> RandomGame(int players, uint64_t seed, int max_moves = 100000) {
  mk::State s = mk::State::NewGame(players, mk::Variant::kStandard, seed);
  Prng prng(seed + 1);
  std::vector<Step> steps;
  while (!s.game_over() && static_cast<int>(steps.size()) < max_moves) {
    mk::Move m = mk::Move::Roll(s.SampleRoll());
    if (s.phase != mk::Phase::kRoll) {
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

std::string Tell(const mk::State& before, const mk::State& after, const mk::Move& move, int mover, int you,
                 const Style& style = kEnglish) {
  std::string all;
  const int viewer = you >= 0 ? you : 0;
  mk::State played = before;
  const mk::MoveEvent event = mk::PlayMove(played, move);
  EXPECT_EQ(event.seat, mover);
  EXPECT_EQ(played, after) << "the step's states are the move's";
  for (const auto& line : TellMarrakechMove(before.ViewFor(viewer), after.ViewFor(viewer), event, you, kNames, style))
    all += line + "\n";
  return all;
}
std::string Tell(const Step& st, int you, const Style& style = kEnglish) {
  return Tell(st.before, st.after, st.move, st.mover, you, style);
}

// Plays `move` for the seat to move; returns what was told to `you`.
std::string Play(mk::State& s, const mk::Move& move, int you, const Style& style = kEnglish) {
  EXPECT_TRUE(s.CheckMove(move).ok()) << mk::ToString(move);
  const mk::State before = s;
  s.ApplyMove(move);
  return Tell(before, s, move, before.to_move, you, style);
}

// Puts Assam on `assam` and has `seat` place its next carpet on a and b, as if the
// earlier moves of the turn had brought him there.
void PlaceAs(mk::State& s, int seat, const char* assam, const char* a, const char* b) {
  s.to_move = static_cast<uint8_t>(seat);
  s.phase = mk::Phase::kPlace;
  s.assam.square = static_cast<uint8_t>(Sq(assam));
  const mk::Move m = mk::Move::Place(Sq(a), Sq(b));
  ASSERT_TRUE(s.CheckMove(m).ok()) << mk::ToString(m);
  s.ApplyMove(m);
}

// Row `y` (0-based) of the board and the rule line above it; square x's text starts
// at column 5 + 4x, the wall after it at 8 + 4x.
std::string Row(const std::string& screen, int y) {
  std::istringstream in(screen);
  const std::string prefix = Format("  %d |", y + 1);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) return line.substr(0, 33);  // the board, without the panel beside it
  return {};
}
std::string RuleAbove(const std::string& screen, int y) {
  std::istringstream in(screen);
  const std::string prefix = Format("  %d |", y + 1);
  std::string previous;
  for (std::string line; std::getline(in, line); previous = line)
    if (line.rfind(prefix, 0) == 0) return previous;
  return {};
}
std::string CellText(const std::string& screen, const char* square) {
  return Row(screen, mk::SquareY(Sq(square))).substr(static_cast<size_t>(5 + 4 * mk::SquareX(Sq(square))), 3);
}
char WallEastOf(const std::string& screen, const char* square) {
  return Row(screen, mk::SquareY(Sq(square)))[static_cast<size_t>(8 + 4 * mk::SquareX(Sq(square)))];
}
std::string RuleSouthOf(const std::string& screen, const char* square) {
  return RuleAbove(screen, mk::SquareY(Sq(square)) + 1).substr(static_cast<size_t>(5 + 4 * mk::SquareX(Sq(square))), 3);
}

// Four players, so that seat p places colour p: red, blue, yellow, green.
mk::State FourPlayers() { return mk::State::NewGame(4, mk::Variant::kStandard, 1); }

// The first position of a seeded four-player game where a player is out and the game
// goes on.
mk::State FourPlayersOneOut() {
  for (uint64_t seed = 1; seed < 500; ++seed)
    for (const Step& st : RandomGame(4, seed)) {
      const mk::State& s = st.after;
      if (!s.game_over() && s.PlayersIn() < 4 && s.phase == mk::Phase::kOrient) return s;
    }
  ADD_FAILURE() << "no four-player game with a player out";
  return FourPlayers();
}

TEST(MarrakechScreen, GoldenOpeningInBothLanguages) {
  const mk::View v = mk::State::NewGame(2, mk::Variant::kStandard, 1).ViewFor(0);
  ExpectGolden("marrakech_opening_en.txt", RenderMarrakech(v, kNames, kEnglish));
  ExpectGolden("marrakech_opening_fr.txt", RenderMarrakech(v, kNames, kFrench));
}

TEST(MarrakechScreen, GoldenMidGameInBothLanguages) {
  const std::vector<Step> steps = RandomGame(2, 2, 50);  // ends in a place phase: 50 = 16 turns + 2 moves
  ASSERT_EQ(steps.back().after.phase, mk::Phase::kPlace);
  const mk::View v = steps.back().after.ViewFor(1);
  ExpectGolden("marrakech_midgame_en.txt", RenderMarrakech(v, kNames, kEnglish));
  ExpectGolden("marrakech_midgame_fr.txt", RenderMarrakech(v, kNames, kFrench));
}

TEST(MarrakechScreen, GoldenFourPlayersWithOneOut) {
  const mk::State s = FourPlayersOneOut();
  const std::string screen = RenderMarrakech(s.ViewFor(0), kNames, kEnglish);
  EXPECT_NE(screen.find("  out\n"), std::string::npos) << screen;
  ExpectGolden("marrakech_four_out_en.txt", screen);
}

TEST(MarrakechScreen, GoldenGameOverInBothLanguages) {
  const mk::State end = RandomGame(2, 3).back().after;
  ASSERT_TRUE(end.game_over());
  const std::string screen = RenderMarrakech(end.ViewFor(0), kNames, kEnglish);
  for (int p = 0; p < 2; ++p)
    EXPECT_NE(screen.find(Format("= %d\n", end.Score(p))), std::string::npos) << screen;
  ExpectGolden("marrakech_game_over_en.txt", screen);
  ExpectGolden("marrakech_game_over_fr.txt", RenderMarrakech(end.ViewFor(0), kNames, kFrench));
}

TEST(MarrakechScreen, PlainModeHasNoEscapeByte) {
  for (const Step& st : RandomGame(2, 4))
    for (const Style& style : {kEnglish, kFrench}) {
      ASSERT_EQ(RenderMarrakech(st.after.ViewFor(0), kNames, style).find('\x1b'), std::string::npos);
      ASSERT_EQ(Tell(st, 0, style).find('\x1b'), std::string::npos);
    }
}

TEST(MarrakechScreen, ColourModePaintsCarpetsOnTheirBackground) {
  mk::State s = FourPlayers();
  PlaceAs(s, 0, "d4", "d3", "e3");  // red
  PlaceAs(s, 1, "d4", "e4", "e5");  // blue
  const std::string screen = RenderMarrakech(s.ViewFor(0), kNames, Style{true, Lang::kEn});
  EXPECT_NE(screen.find("\x1b[41;97m R "), std::string::npos) << "a red square";
  EXPECT_NE(screen.find("\x1b[44;97m B "), std::string::npos) << "a blue square";
  EXPECT_NE(screen.find("\x1b[41m \x1b[0m"), std::string::npos) << "the join inside the red carpet";
  EXPECT_NE(screen.find("\x1b[44m   \x1b[0m"), std::string::npos) << "the join inside the blue carpet";
}

TEST(MarrakechScreen, TwoHalvesOfOneCarpetAreJoined) {
  mk::State s = FourPlayers();
  PlaceAs(s, 0, "d4", "d3", "e3");  // across
  PlaceAs(s, 0, "d4", "e4", "e5");  // down
  const std::string screen = RenderMarrakech(s.ViewFor(0), kNames, kEnglish);
  EXPECT_EQ(Row(screen, 2), "  3 | . | . | . | R   R | . | . |") << screen;
  EXPECT_EQ(WallEastOf(screen, "d3"), ' ') << screen;
  EXPECT_EQ(RuleSouthOf(screen, "e4"), "   ") << screen;
}

TEST(MarrakechScreen, DifferentCarpetsOfOneColourSideBySideAreNotJoined) {
  mk::State s = FourPlayers();
  PlaceAs(s, 0, "d4", "d3", "e3");
  PlaceAs(s, 0, "d4", "e4", "e5");  // under e3
  PlaceAs(s, 0, "c4", "c2", "c3");  // left of d3
  const std::string screen = RenderMarrakech(s.ViewFor(0), kNames, kEnglish);
  EXPECT_EQ(RuleSouthOf(screen, "e3"), "---") << screen;
  EXPECT_EQ(WallEastOf(screen, "c3"), '|') << screen;
  EXPECT_EQ(RuleSouthOf(screen, "c2"), "   ") << screen;
}

TEST(MarrakechScreen, AssamShowsHisFacing) {
  mk::State s = FourPlayers();
  const char* arrows[] = {"^.^", ">.>", "v.v", "<.<"};
  const char* words[] = {"facing north (^)", "facing east (>)", "facing south (v)", "facing west (<)"};
  for (int f = 0; f < 4; ++f) {
    s.assam.facing = static_cast<mk::Facing>(f);
    const std::string screen = RenderMarrakech(s.ViewFor(0), kNames, kEnglish);
    EXPECT_EQ(CellText(screen, "d4"), arrows[f]) << screen;
    EXPECT_NE(screen.find(std::string("Assam is on d4, ") + words[f]), std::string::npos) << screen;
  }
  PlaceAs(s, 1, "d4", "c3", "c4");
  s.assam.square = static_cast<uint8_t>(Sq("c4"));
  EXPECT_EQ(CellText(RenderMarrakech(s.ViewFor(0), kNames, kEnglish), "c4"), "<B<") << "on a carpet";
  EXPECT_NE(RenderMarrakech(s.ViewFor(0), kNames, kFrench).find("Assam est en c4, tourné vers l'ouest (<)."),
            std::string::npos);
}

TEST(MarrakechScreen, ScreenShowsTheTurnPhaseAndCarpetToPlace) {
  mk::State s = mk::State::NewGame(2, mk::Variant::kStandard, 1);
  EXPECT_NE(RenderMarrakech(s.ViewFor(1), kNames, kEnglish).find("Ann to orient Assam"), std::string::npos);
  s.ApplyMove(mk::Move::Orient(mk::Turn::kStraight));
  EXPECT_NE(RenderMarrakech(s.ViewFor(1), kNames, kFrench).find("À Ann de lancer le dé."), std::string::npos);
  s.ApplyMove(mk::Move::Roll(1));
  const std::string color = s.CurrentCarpet() == 0 ? "red" : "yellow";
  const std::string screen = RenderMarrakech(s.ViewFor(1), kNames, kEnglish);
  EXPECT_NE(screen.find("Ann to place a " + color + " carpet beside Assam."), std::string::npos) << screen;
  EXPECT_NE(screen.find("  > Ann "), std::string::npos) << screen;
}

TEST(MarrakechScreen, OrientationIsToldInBothLanguages) {
  mk::State s = FourPlayers();
  mk::State t = s;
  EXPECT_EQ(Play(t, mk::Move::Orient(mk::Turn::kLeft), 1), "Ann turns Assam left: he now faces west.\n");
  t = s;
  EXPECT_EQ(Play(t, mk::Move::Orient(mk::Turn::kRight), 0, kFrench), "Vous tournez Assam à droite : il regarde vers l'est.\n");
  t = s;
  EXPECT_EQ(Play(t, mk::Move::Orient(mk::Turn::kStraight), 0), "You keep Assam facing north.\n");
  t = s;
  EXPECT_EQ(Play(t, mk::Move::Orient(mk::Turn::kStraight), 2, kFrench), "Ann garde Assam tourné vers le nord.\n");
}

TEST(MarrakechScreen, RollIsToldWithAssamsWalkInBothLanguages) {
  mk::State s = FourPlayers();
  s.ApplyMove(mk::Move::Orient(mk::Turn::kRight));
  mk::State t = s;
  EXPECT_EQ(Play(t, mk::Move::Roll(2), 3), "Ann rolls 2: Assam walks to f4 (facing east).\n");
  t = s;
  EXPECT_EQ(Play(t, mk::Move::Roll(4), 0, kFrench),
            "Vous faites 4 au dé : Assam avance jusqu'en g5 (tourné vers l'ouest après un demi-tour au bord).\n");
}

TEST(MarrakechScreen, PlacementIsToldWithTheSquaresItCovers) {
  mk::State s = FourPlayers();
  PlaceAs(s, 0, "d4", "d3", "e3");
  s.to_move = 1;
  s.phase = mk::Phase::kPlace;
  mk::State t = s;
  EXPECT_EQ(Play(t, mk::Move::Place(Sq("c3"), Sq("d3")), 0), "Bob places a blue carpet on c3 d3, covering red on d3.\n");
  t = s;
  EXPECT_EQ(Play(t, mk::Move::Place(Sq("e4"), Sq("e3")), 1, kFrench), "Vous posez un tapis bleu en e3 e4, par-dessus le rouge en e3.\n");
  t = s;
  EXPECT_EQ(Play(t, mk::Move::Place(Sq("d5"), Sq("d6")), 2), "Bob places a blue carpet on d5 d6.\n");
}

// Bob's blue carpet on e4 e5 and Ann, to roll, with Assam on d4 facing east: a roll
// of 1 stops him on it.
mk::State AnnFacingBobsCarpet() {
  mk::State s = FourPlayers();
  PlaceAs(s, 1, "d4", "e4", "e5");
  s.to_move = 0;
  s.phase = mk::Phase::kRoll;
  s.assam = {static_cast<uint8_t>(Sq("d4")), mk::Facing::kEast};
  return s;
}

// An area of one square is one square, in both languages.
TEST(MarrakechScreen, ATributeForOneSquareSaysSquareInTheSingular) {
  mk::State s = AnnFacingBobsCarpet();
  PlaceAs(s, 2, "d5", "e5", "f5");  // Carl's yellow covers half of Bob's: e4 alone stays blue
  s.to_move = 0;
  s.phase = mk::Phase::kRoll;
  s.assam = {static_cast<uint8_t>(Sq("d4")), mk::Facing::kEast};
  const mk::Move roll = mk::Move::Roll(1);
  mk::State after = s;
  after.ApplyMove(roll);
  EXPECT_NE(Tell(s, after, roll, 0, 0).find("\nYou land on Bob's blue area of 1 square: you pay 1 dirham to Bob.\n"),
            std::string::npos)
      << Tell(s, after, roll, 0, 0);
  EXPECT_NE(Tell(s, after, roll, 0, 1, kFrench).find("(1 case) : Ann vous paie 1 dirham.\n"), std::string::npos)
      << Tell(s, after, roll, 0, 1, kFrench);
}

TEST(MarrakechScreen, TributeIsToldToPayerPayeeAndOthers) {
  const mk::State s = AnnFacingBobsCarpet();
  const mk::Move roll = mk::Move::Roll(1);
  mk::State after = s;
  after.ApplyMove(roll);
  ASSERT_EQ(after.players[0].dirhams, 28);
  // The tribute says why: whose area Assam stands on, and its size.
  EXPECT_EQ(Tell(s, after, roll, 0, 0),
            "You roll 1: Assam walks to e4 (facing east).\nYou land on Bob's blue area of 2 squares: you pay 2 dirhams to Bob.\n");
  EXPECT_NE(Tell(s, after, roll, 0, 1).find("\nAnn lands on your blue area of 2 squares: Ann pays you 2 dirhams.\n"),
            std::string::npos);
  EXPECT_NE(Tell(s, after, roll, 0, 2).find("\nAnn lands on Bob's blue area of 2 squares: Ann pays 2 dirhams to Bob.\n"),
            std::string::npos);
  EXPECT_NE(Tell(s, after, roll, 0, 0, kFrench).find("\nVous tombez sur la zone bleue de Bob (2 cases) : vous payez 2 dirhams à Bob.\n"),
            std::string::npos)
      << Tell(s, after, roll, 0, 0, kFrench);
  EXPECT_NE(Tell(s, after, roll, 0, 1, kFrench).find("\nAnn tombe sur votre zone bleue (2 cases) : Ann vous paie 2 dirhams.\n"),
            std::string::npos);
  EXPECT_NE(Tell(s, after, roll, 0, 2, kFrench).find("\nAnn tombe sur la zone bleue de Bob (2 cases) : Ann paie 2 dirhams à Bob.\n"),
            std::string::npos);
}

TEST(MarrakechScreen, PlayerWhoCannotPayIsToldOutOfTheGame) {
  mk::State s = AnnFacingBobsCarpet();
  s.players[0].dirhams = 1;
  const mk::Move roll = mk::Move::Roll(1);
  mk::State after = s;
  after.ApplyMove(roll);
  ASSERT_TRUE(after.players[0].out);
  EXPECT_EQ(Tell(s, after, roll, 0, 2),
            "Ann rolls 1: Assam walks to e4 (facing east).\nAnn lands on Bob's blue area of 2 squares: Ann pays 1 dirham to Bob.\n"
            "Ann cannot pay the 2 dirhams due: Ann is out of the game.\n");
  EXPECT_NE(Tell(s, after, roll, 0, 0).find("\nYou cannot pay the 2 dirhams due: you are out of the game.\n"), std::string::npos);
  EXPECT_NE(Tell(s, after, roll, 0, 1, kFrench).find("\nAnn ne peut pas payer les 2 dirhams dus : Ann est hors jeu.\n"),
            std::string::npos);
  const std::string screen = RenderMarrakech(after.ViewFor(1), kNames, kEnglish);
  EXPECT_NE(screen.find("Ann           0        0  out\n"), std::string::npos) << screen;
  EXPECT_NE(screen.find("Bob to orient Assam"), std::string::npos) << screen;
}

TEST(MarrakechScreen, RunningOutOfTimeIsToldOutOfTheGame) {
  mk::State s = mk::State::NewGame(3, mk::Variant::kStandard, 1);
  mk::State again = s;
  EXPECT_EQ(Play(s, mk::Move::TimeOut(), 2), "Ann ran out of time: Ann is out of the game.\n");
  EXPECT_EQ(Play(again, mk::Move::TimeOut(), 0, kFrench), "Vous n'avez plus de temps : vous êtes hors jeu.\n");
  const std::string screen = RenderMarrakech(s.ViewFor(1), kNames, kEnglish);
  EXPECT_NE(screen.find("Bob to orient Assam"), std::string::npos) << screen;
}

TEST(MarrakechScreen, MoverIsYouInSecondPersonAndANameOtherwise) {
  for (const Step& st : RandomGame(2, 6, 30)) {
    const int other = 1 - st.mover;
    const std::string mover = kNames[static_cast<size_t>(st.mover)];
    EXPECT_EQ(Tell(st, st.mover).rfind("You ", 0), 0u) << Tell(st, st.mover);
    EXPECT_EQ(Tell(st, st.mover, kFrench).rfind("Vous ", 0), 0u) << Tell(st, st.mover, kFrench);
    EXPECT_EQ(Tell(st, other).rfind(mover + " ", 0), 0u) << Tell(st, other);
    EXPECT_EQ(Tell(st, -1, kFrench).rfind(mover + " ", 0), 0u) << Tell(st, -1, kFrench);
  }
}

TEST(MarrakechScreen, LastMoveTellsFinalScoresAndWinner) {
  const std::vector<Step> steps = RandomGame(2, 7);
  const Step& last = steps.back();
  ASSERT_TRUE(last.after.game_over());
  const int winner = last.after.winners == 1 ? 0 : 1;
  ASSERT_TRUE(last.after.winners == 1 || last.after.winners == 2);
  const std::string told = Tell(last, -1);
  EXPECT_NE(told.find("The game is over.\nFinal scores:\n"), std::string::npos) << told;
  for (int p = 0; p < 2; ++p)
    EXPECT_NE(told.find(Format("  %s: ", kNames[static_cast<size_t>(p)].c_str())), std::string::npos) << told;
  EXPECT_NE(told.find(Format("= %d\n", last.after.Score(winner))), std::string::npos) << told;
  EXPECT_NE(told.find("Winner: " + kNames[static_cast<size_t>(winner)] + ".\n"), std::string::npos) << told;
  EXPECT_NE(Tell(last, winner).find("You win!\n"), std::string::npos);
  EXPECT_NE(Tell(last, winner, kFrench).find("Scores finaux :\n"), std::string::npos);
  EXPECT_NE(Tell(last, winner, kFrench).find("Vous gagnez !\n"), std::string::npos);
  EXPECT_EQ(Tell(steps[steps.size() - 2], -1).find("Final scores"), std::string::npos);
}

TEST(MarrakechScreen, GameOverScreenNamesEveryWinnerOfASharedWin) {
  mk::View v = RandomGame(2, 7).back().after.ViewFor(0);
  v.winners = 3;
  EXPECT_NE(RenderMarrakech(v, kNames, kEnglish).find("  Shared win: Ann and Bob.\n"), std::string::npos);
  EXPECT_NE(RenderMarrakech(v, kNames, kFrench).find("  Victoire partagée : Ann et Bob.\n"), std::string::npos);
}

}  // namespace
}  // namespace souk::terminal
