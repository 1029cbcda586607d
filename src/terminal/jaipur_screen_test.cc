#include "terminal/jaipur_screen.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace souk::terminal {
namespace {

using jaipur::Move;
using jaipur::MoveKind;
using jaipur::State;

const Style kPlain{false, Lang::kEn};
const Style kFrench{false, Lang::kFr};
const std::vector<std::string> kNames = {"Ann", "Bot"};

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

// A game played by seeded random legal moves; `stop` ends it early.
struct Step {
  State before, after;
  Move move;
  int mover;
};
std::vector<Step> RandomGame(uint64_t seed, int max_moves = 100000) {
  State s = State::NewGame(seed);
  Prng prng(seed + 1);
  std::vector<Step> steps;
  while (!s.game_over && static_cast<int>(steps.size()) < max_moves) {
    jaipur::MoveList moves;
    s.LegalMoves(&moves);
    Step step{s, s, moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))], s.to_move};
    s.ApplyMove(step.move);
    step.after = s;
    steps.push_back(step);
  }
  return steps;
}

std::vector<std::string> Tell(const Step& st, int viewer, int you, const Style& style = kPlain) {
  return TellJaipurMove(st.before.ViewFor(viewer), st.after.ViewFor(viewer), st.move, st.mover, you, kNames, style);
}

TEST(JaipurScreen, GoldenOpening) {
  State s = State::NewGame(7);
  ExpectGolden("jaipur_opening_en.txt", RenderJaipur(s.ViewFor(0), kNames, kPlain));
  ExpectGolden("jaipur_opening_fr.txt", RenderJaipur(s.ViewFor(0), kNames, kFrench));
}

TEST(JaipurScreen, GoldenMidGame) {
  std::vector<Step> steps = RandomGame(11, 30);
  ExpectGolden("jaipur_midgame_en.txt", RenderJaipur(steps.back().after.ViewFor(1), kNames, kPlain));
}

TEST(JaipurScreen, GoldenGameOver) {
  std::vector<Step> steps = RandomGame(5);
  ASSERT_TRUE(steps.back().after.game_over);
  ExpectGolden("jaipur_game_over_en.txt", RenderJaipur(steps.back().after.ViewFor(0), kNames, kPlain));
}

TEST(JaipurScreen, PlainModeWritesNoEscapeCodesAndColourModeDoes) {
  State s = State::NewGame(3);
  EXPECT_EQ(RenderJaipur(s.ViewFor(0), kNames, kPlain).find('\x1b'), std::string::npos);
  EXPECT_NE(RenderJaipur(s.ViewFor(0), kNames, Style{true, Lang::kEn}).find("\x1b["), std::string::npos);
}

TEST(JaipurScreen, TheOpponentsHiddenCardsChangeNothingOnScreen) {
  for (const Step& st : RandomGame(21, 40)) {
    State other = st.after;
    Prng prng(99);
    other.RandomizeHidden(0, prng);
    EXPECT_EQ(RenderJaipur(st.after.ViewFor(0), kNames, kPlain), RenderJaipur(other.ViewFor(0), kNames, kPlain));
  }
}

TEST(JaipurScreen, TheScreenShowsTheViewersHandAndTheTokenPiles) {
  State s = State::NewGame(7);
  std::string screen = RenderJaipur(s.ViewFor(0), kNames, kPlain);
  EXPECT_NE(screen.find("leather  4 3 2 1 1 1 1 1 1"), std::string::npos) << screen;
  EXPECT_NE(screen.find(Format("hand (%d/7)", s.players[0].hand_size)), std::string::npos) << screen;
  EXPECT_NE(screen.find(Format("hand: %d cards", s.players[1].hand_size)), std::string::npos) << screen;
}

TEST(JaipurScreen, EveryKindOfMoveIsToldInBothLanguages) {
  bool seen[4] = {};
  for (const Step& st : RandomGame(3)) {
    const int other = 1 - st.mover;
    const std::string third = Tell(st, other, other)[0];
    const std::string second = Tell(st, st.mover, st.mover)[0];
    const std::string french = Tell(st, other, other, kFrench)[0];
    EXPECT_EQ(third.rfind("Ann ", 0) == 0 || third.rfind("Bot ", 0) == 0, true) << third;
    EXPECT_EQ(second.rfind("You ", 0), 0u) << second;
    switch (st.move.kind) {
      case MoveKind::kTake:
        EXPECT_NE(third.find(" takes 1 "), std::string::npos) << third;
        EXPECT_NE(french.find(" prend 1 "), std::string::npos) << french;
        break;
      case MoveKind::kCamels:
        EXPECT_NE(third.find(Format(" takes %d camels.", st.before.market[jaipur::Index(jaipur::Card::kCamel)])),
                  std::string::npos) << third;
        EXPECT_NE(french.find(" chameaux."), std::string::npos) << french;
        break;
      case MoveKind::kExchange:
        EXPECT_NE(third.find(" exchanges "), std::string::npos) << third;
        EXPECT_NE(french.find(" échange "), std::string::npos) << french;
        break;
      case MoveKind::kSell:
        EXPECT_NE(third.find(Format(" sells %d %s: ", st.move.count, std::string(jaipur::CardName(st.move.good)).c_str())),
                  std::string::npos) << third;
        EXPECT_NE(french.find(" vend "), std::string::npos) << french;
        break;
    }
    seen[static_cast<int>(st.move.kind)] = true;
  }
  for (bool s : seen) EXPECT_TRUE(s);
}

TEST(JaipurScreen, ASaleTellsTheTokensFromTheTopOfThePile) {
  for (const Step& st : RandomGame(4)) {
    if (st.move.kind != MoveKind::kSell) continue;
    const int g = jaipur::Index(st.move.good);
    const int first = jaipur::kTokensPerGood[static_cast<size_t>(g)] - st.before.tokens_left[static_cast<size_t>(g)];
    std::string sum;
    int total = 0;
    for (int i = 0; i < st.move.count && first + i < jaipur::kTokensPerGood[static_cast<size_t>(g)]; ++i) {
      const int value = jaipur::kGoodsTokenValues[static_cast<size_t>(g)][static_cast<size_t>(first + i)];
      sum += (i ? "+" : "");
      sum += std::to_string(value);
      total += value;
    }
    const std::string line = Tell(st, 0, -1)[0];
    const std::string expected = sum.empty() ? "no tokens left" : Format("%s = %d rupees", sum.c_str(), total);
    EXPECT_NE(line.find(expected), std::string::npos) << line;
  }
}

TEST(JaipurScreen, ABonusValueIsToldToItsSellerOnly) {
  int checked = 0;
  for (uint64_t seed = 1; seed < 20 && checked < 3; ++seed)
    for (const Step& st : RandomGame(seed)) {
      if (st.move.kind != MoveKind::kSell || st.move.count < 3 || st.after.round != st.before.round) continue;
      if (st.after.players[static_cast<size_t>(st.mover)].num_bonus_tokens ==
          st.before.players[static_cast<size_t>(st.mover)].num_bonus_tokens)
        continue;
      const int value = st.after.players[static_cast<size_t>(st.mover)]
                            .bonus_tokens[st.after.players[static_cast<size_t>(st.mover)].num_bonus_tokens - 1];
      EXPECT_NE(Tell(st, st.mover, st.mover)[0].find(Format("and a bonus token (%d).", value)), std::string::npos);
      EXPECT_NE(Tell(st, 1 - st.mover, 1 - st.mover)[0].find("and a bonus token."), std::string::npos);
      ++checked;
    }
  EXPECT_EQ(checked, 3);
}

TEST(JaipurScreen, ARoundEndsWithItsScoringBreakdown) {
  for (const Step& st : RandomGame(8)) {
    if (st.after.round == st.before.round && !st.after.game_over) continue;
    std::vector<std::string> lines = Tell(st, 0, 0);
    const jaipur::RoundResult& r = *st.after.last_round;
    std::string all;
    for (const auto& l : lines) all += l + "\n";
    EXPECT_NE(all.find(Format("Round %u is over.", st.before.round)), std::string::npos) << all;
    EXPECT_NE(all.find(Format("= %d rupees", r.rupees[0])), std::string::npos) << all;
    EXPECT_NE(all.find(Format("= %d rupees", r.rupees[1])), std::string::npos) << all;
    const std::string seal = r.seal >= 0 ? kNames[static_cast<size_t>(r.seal)] + " wins the seal" : "nobody wins the seal";
    EXPECT_NE(all.find(seal), std::string::npos) << all;
    EXPECT_EQ(all.find("wins the game with two seals!") != std::string::npos, st.after.game_over) << all;
    std::string french;
    for (const auto& l : Tell(st, 0, 0, kFrench)) french += l + "\n";
    EXPECT_NE(french.find("La manche"), std::string::npos) << french;
  }
}

}  // namespace
}  // namespace souk::terminal
