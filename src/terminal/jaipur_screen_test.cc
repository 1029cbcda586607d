#include "terminal/jaipur_screen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace souk::terminal {
namespace {

using jaipur::Card;
using jaipur::Move;
using jaipur::MoveKind;
using jaipur::State;

const Style kEnglish{false, Lang::kEn};
const Style kFrench{false, Lang::kFr};
const std::vector<std::string> kNames = {"Ann", "Bot"};

size_t At(int i) { return static_cast<size_t>(i); }

// Compares `text` byte for byte with testdata/NAME. After an intended change of the
// screen, run the test with SOUK_UPDATE_GOLDEN=1 to rewrite the files, then review
// their diff.
void ExpectGolden(const std::string& name, const std::string& text) {
  const std::string path = std::string(SOUK_TESTDATA) + "/" + name;
  if (std::getenv("SOUK_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << text;
    return;
  }
  std::ifstream file(path, std::ios::binary);
  ASSERT_TRUE(file) << "missing " << path << " (SOUK_UPDATE_GOLDEN=1 writes it)";
  std::stringstream golden;
  golden << file.rdbuf();
  EXPECT_EQ(text, golden.str()) << "differs from " << path << " (SOUK_UPDATE_GOLDEN=1 to accept)";
}

struct Step {
  State before, after;
  Move move;
  int mover;
  jaipur::MoveEvent event;
};

// A game of seeded random legal moves, at most `max_moves` of them.
std::vector<Step> RandomGame(uint64_t seed, int max_moves = 100000) {
  State s = State::NewGame(seed);
  Prng prng(seed + 1);
  std::vector<Step> steps;
  while (!s.game_over && static_cast<int>(steps.size()) < max_moves) {
    jaipur::MoveList moves;
    s.LegalMoves(&moves);
    Step step{s, s, moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))], s.to_move, {}};
    step.event = jaipur::PlayMove(s, step.move);
    step.after = s;
    steps.push_back(step);
  }
  return steps;
}

std::vector<std::string> Tell(const Step& st, int viewer, int you, const Style& style = kEnglish) {
  return TellJaipurMove(st.before.ViewFor(viewer), st.after.ViewFor(viewer), jaipur::ForViewer(st.event, viewer), you,
                        kNames, style);
}
std::string Joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  return all;
}

Step Play(const State& s, const Move& move) {
  EXPECT_TRUE(s.CheckMove(move).ok()) << jaipur::ToString(move);
  Step st{s, s, move, s.to_move, {}};
  st.event = jaipur::PlayMove(st.after, move);
  return st;
}

// Ann (seat 0) to move, with 4 leather in hand and 2 camels; the market holds a gold,
// a spice and 3 camels. Token piles are full, so wording is exact.
State Trading() {
  State s = State::NewGame(1);
  s.to_move = 0;
  s.market = {0, 1, 0, 0, 1, 0, 3};
  s.players[0].hand = {0, 0, 0, 0, 0, 4, 0};
  s.players[0].known = {};
  s.players[0].hand_size = 4;
  s.players[0].herd = 2;
  return s;
}

TEST(JaipurScreen, OpeningMatchesGolden) {
  const State s = State::NewGame(7);
  ExpectGolden("jaipur_opening_en.txt", RenderJaipur(s.ViewFor(0), kNames, kEnglish));
  ExpectGolden("jaipur_opening_fr.txt", RenderJaipur(s.ViewFor(0), kNames, kFrench));
}

TEST(JaipurScreen, MidGameAfterASaleMatchesGolden) {
  const std::vector<Step> steps = RandomGame(11, 30);
  bool sold = false;
  for (const Step& st : steps) sold |= st.move.kind == MoveKind::kSell;
  ASSERT_TRUE(sold);
  ASSERT_EQ(steps.back().after.round, 1u);
  ExpectGolden("jaipur_midgame_en.txt", RenderJaipur(steps.back().after.ViewFor(1), kNames, kEnglish));
  ExpectGolden("jaipur_midgame_fr.txt", RenderJaipur(steps.back().after.ViewFor(1), kNames, kFrench));
}

TEST(JaipurScreen, GameOverMatchesGoldenAndNamesTheWinner) {
  const std::vector<Step> steps = RandomGame(5);
  const State& end = steps.back().after;
  ASSERT_TRUE(end.game_over);
  const std::string screen = RenderJaipur(end.ViewFor(0), kNames, kEnglish);
  EXPECT_NE(screen.find("game over, winner: " + kNames[At(end.winner)]), std::string::npos) << screen;
  ExpectGolden("jaipur_game_over_en.txt", screen);
  ExpectGolden("jaipur_game_over_fr.txt", RenderJaipur(end.ViewFor(0), kNames, kFrench));
}

// The board and the game's summary give each player the same rupees: the summary's
// breakdown line is the board's "round's score" line, word for word.
TEST(JaipurScreen, TheGameOverBoardAgreesWithTheSummary) {
  const std::vector<Step> steps = RandomGame(5);
  const Step& last = steps.back();
  ASSERT_TRUE(last.after.game_over);
  const std::string board = RenderJaipur(last.after.ViewFor(0), kNames, kEnglish);
  EXPECT_EQ(board.find("values hidden"), std::string::npos) << board;
  const std::vector<std::string> told = Tell(last, 0, -1);
  for (int p = 0; p < 2; ++p) {
    const int rupees = last.after.last_round->rupees[At(p)];
    const std::string summary = kNames[At(p)] + Format(": %d rupees = goods tokens ", rupees);
    auto line = std::find_if(told.begin(), told.end(), [&](const std::string& l) { return l.find(summary) != std::string::npos; });
    ASSERT_NE(line, told.end());
    EXPECT_NE(board.find(Format("= %d rupees\n", rupees)), std::string::npos) << board;
  }
}

// 80 columns, and 14 lines at most (12 but for long hands and lists): the rest of a 24-line screen is for the moves
// told and the prompt.
TEST(JaipurScreen, ScreenStaysWithinEightyColumns) {
  for (uint64_t seed : {5, 6, 7})
    for (const Step& st : RandomGame(seed))
      for (const Style& style : {kEnglish, kFrench}) {
        const std::string text = RenderJaipur(st.after.ViewFor(0), kNames, style);
        ASSERT_LE(std::count(text.begin(), text.end(), '\n'), 14) << text;
        std::istringstream screen(text);
        for (std::string line; std::getline(screen, line);) {
          size_t columns = 0;
          for (char c : line) columns += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
          ASSERT_LE(columns, 80u) << line;
        }
      }
}

TEST(JaipurScreen, PlainModeWritesNoEscapeByte) {
  for (const Step& st : RandomGame(3)) {
    for (const Style& style : {kEnglish, kFrench}) {
      EXPECT_EQ(RenderJaipur(st.after.ViewFor(0), kNames, style).find('\x1b'), std::string::npos);
      EXPECT_EQ(Joined(Tell(st, 0, 0, style)).find('\x1b'), std::string::npos);
    }
  }
}

TEST(JaipurScreen, ColourModePaintsEachGoodInItsColour) {
  const Style colour{true, Lang::kEn};
  const std::string screen = RenderJaipur(Trading().ViewFor(0), kNames, colour);
  EXPECT_NE(screen.find("\x1b[33mgold"), std::string::npos) << screen;           // market: yellow gold
  EXPECT_NE(screen.find("\x1b[32mspice"), std::string::npos) << screen;          // green spice
  EXPECT_NE(screen.find("\x1b[90mcamel"), std::string::npos) << screen;          // grey camels
  EXPECT_NE(screen.find("\x1b[38;5;130mleather"), std::string::npos) << screen;  // brown leather, in hand
  EXPECT_NE(screen.find("\x1b[31mdiamond"), std::string::npos) << screen;        // red diamond pile
}

TEST(JaipurScreen, TheOpponentsHiddenHandChangesNothingOnScreen) {
  int hands_differed = 0;
  for (const Step& st : RandomGame(21, 40)) {
    State other = st.after;
    Prng prng(99);
    other.RandomizeHidden(0, prng);
    hands_differed += other.players[1].hand != st.after.players[1].hand;
    EXPECT_EQ(RenderJaipur(st.after.ViewFor(0), kNames, kEnglish), RenderJaipur(other.ViewFor(0), kNames, kEnglish));
  }
  EXPECT_GT(hands_differed, 0);  // otherwise the comparison proved nothing
}

TEST(JaipurScreen, OnlyTheKnownCardsOfTheOpponentsHandAreShown) {
  State s = Trading();
  s.players[1].hand = {2, 0, 0, 0, 0, 0, 0};
  s.players[1].known = {1, 0, 0, 0, 0, 0, 0};
  s.players[1].hand_size = 2;
  const std::string screen = RenderJaipur(s.ViewFor(0), kNames, kEnglish);
  EXPECT_NE(screen.find("hand 2 cards (known: diamond); herd"), std::string::npos) << screen;
  EXPECT_EQ(screen.find("diamond x2"), std::string::npos) << screen;
}

TEST(JaipurScreen, ShowsTheViewersHandTokenPilesAndRupees) {
  State s = Trading();
  s.players[0].num_goods_tokens = 2;
  s.players[0].goods_tokens[0] = 7;
  s.players[0].goods_tokens[1] = 6;
  s.players[0].num_bonus_tokens = 1;
  s.players[0].bonus_tokens[0] = 9;
  s.tokens_left[5] = 4;
  const std::string screen = RenderJaipur(s.ViewFor(0), kNames, kEnglish);
  EXPECT_NE(screen.find("leather  1 1 1 1\n"), std::string::npos) << screen;
  EXPECT_NE(screen.find("Ann: hand 4/7: leather x4; herd 2 camels\n"), std::string::npos) << screen;
  EXPECT_NE(screen.find("  tokens 7+6 = 13, bonus 9 = 9; rupees 22\n"), std::string::npos) << screen;
  // The opponent sees the goods tokens but not the bonus value.
  const std::string theirs = RenderJaipur(s.ViewFor(1), kNames, kEnglish);
  EXPECT_NE(theirs.find("  tokens 7+6 = 13, bonus: 1 hidden; rupees 13 + bonus\n"), std::string::npos) << theirs;
  EXPECT_EQ(theirs.find("9 = 9"), std::string::npos) << theirs;
}

TEST(JaipurScreen, TakingOneGoodIsToldInBothPersonsAndLanguages) {
  const Step st = Play(Trading(), Move::Take(Card::kGold));
  EXPECT_EQ(Tell(st, 1, 1), std::vector<std::string>{"Ann takes a gold card."});
  EXPECT_EQ(Tell(st, 0, 0), std::vector<std::string>{"You take a gold card."});
  EXPECT_EQ(Tell(st, 1, 1, kFrench), std::vector<std::string>{"Ann prend une carte or."});
  EXPECT_EQ(Tell(st, 0, 0, kFrench), std::vector<std::string>{"Vous prenez une carte or."});
}

TEST(JaipurScreen, RunningOutOfTimeIsToldWithTheWinner) {
  const Step st = Play(Trading(), Move::TimeOut());
  EXPECT_EQ(Tell(st, 1, -1), (std::vector<std::string>{"Ann ran out of time.", "Bot wins the game."}));
  EXPECT_EQ(Tell(st, 0, 0), (std::vector<std::string>{"You ran out of time.", "Bot wins the game."}));
  EXPECT_EQ(Tell(st, 1, 1), (std::vector<std::string>{"Ann ran out of time.", "You win the game."}));
  EXPECT_EQ(Tell(st, 1, -1, kFrench), (std::vector<std::string>{"Ann n'a plus de temps.", "Bot gagne la partie."}));
  EXPECT_EQ(Tell(st, 0, 0, kFrench), (std::vector<std::string>{"Vous n'avez plus de temps.", "Bot gagne la partie."}));
  const std::string screen = RenderJaipur(st.after.ViewFor(1), kNames, kEnglish);
  EXPECT_NE(screen.find("game over, winner: Bot (Ann ran out of time)"), std::string::npos) << screen;
  EXPECT_EQ(screen.find("round's score"), std::string::npos) << "no round was scored: " << screen;
}

TEST(JaipurScreen, TakingTheCamelsCountsThemFromTheMarket) {
  const Step st = Play(Trading(), Move::Camels());
  EXPECT_EQ(Tell(st, 1, 1), std::vector<std::string>{"Ann takes 3 camels."});
  EXPECT_EQ(Tell(st, 0, 0), std::vector<std::string>{"You take 3 camels."});
  EXPECT_EQ(Tell(st, 1, -1, kFrench), std::vector<std::string>{"Ann prend 3 chameaux."});
  EXPECT_EQ(Tell(st, 0, 0, kFrench), std::vector<std::string>{"Vous prenez 3 chameaux."});
}

TEST(JaipurScreen, AnExchangeListsTheCardsTakenAndGiven) {
  const Step st =
      Play(Trading(), Move::Exchange(jaipur::CardCounts{0, 1, 0, 0, 1, 0, 0}, jaipur::CardCounts{0, 0, 0, 0, 0, 1, 1}));
  EXPECT_EQ(Tell(st, 1, 1),
            std::vector<std::string>{"Ann takes gold and spice, gives leather and camel."});
  EXPECT_EQ(Tell(st, 0, 0), std::vector<std::string>{"You take gold and spice, give leather and camel."});
  EXPECT_EQ(Tell(st, 1, 1, kFrench), std::vector<std::string>{"Ann prend or et épices, donne cuir et chameau."});
  EXPECT_EQ(Tell(st, 0, 0, kFrench), std::vector<std::string>{"Vous prenez or et épices, donnez cuir et chameau."});
  // Counts as players say them: "give 2 gold".
  const Step two = Play(Trading(), Move::Exchange(jaipur::CardCounts{0, 1, 0, 0, 1, 0, 0}, jaipur::CardCounts{0, 0, 0, 0, 0, 0, 2}));
  EXPECT_EQ(Tell(two, 0, 0), std::vector<std::string>{"You take gold and spice, give 2 camels."});
  EXPECT_EQ(Tell(two, 0, 0, kFrench), std::vector<std::string>{"Vous prenez or et épices, donnez 2 chameaux."});
}

TEST(JaipurScreen, ASaleTellsItsTokenValuesAndTheBonusValueToTheSellerOnly) {
  const Step st = Play(Trading(), Move::Sell(4, Card::kLeather));
  const int bonus = st.after.players[0].bonus_tokens[0];
  EXPECT_EQ(Tell(st, 1, 1), std::vector<std::string>{"Ann sells 4 leather: 4+3+2+1 = 10 rupees and a bonus token."});
  EXPECT_EQ(Tell(st, 0, 0), std::vector<std::string>{
                                Format("You sell 4 leather: 4+3+2+1 = 10 rupees and a bonus token of %d.", bonus)});
  EXPECT_EQ(Tell(st, 1, 1, kFrench),
            std::vector<std::string>{"Ann vend 4 cuir : 4+3+2+1 = 10 roupies et un jeton bonus."});
  EXPECT_EQ(Tell(st, 0, 0, kFrench), std::vector<std::string>{Format(
                                         "Vous vendez 4 cuir : 4+3+2+1 = 10 roupies et un jeton bonus de %d.", bonus)});
}

TEST(JaipurScreen, ASaleFromAShortPileSaysHowFewTokensItEarned) {
  State s = Trading();
  s.tokens_left[5] = 2;
  s.bonus_left[1] = 0;
  EXPECT_EQ(Tell(Play(s, Move::Sell(4, Card::kLeather)), 1, 1),
            std::vector<std::string>{
                "Ann sells 4 leather: 1+1 = 2 rupees (only 2 tokens were left), no bonus token left for that size."});
  s.tokens_left[5] = 0;
  EXPECT_EQ(Tell(Play(s, Move::Sell(1, Card::kLeather)), 1, 1, kFrench),
            std::vector<std::string>{"Ann vend 1 cuir : plus aucun jeton cuir, aucune roupie."});
}

TEST(JaipurScreen, EveryMoveOfARandomGameStartsWithItsMover) {
  for (const Step& st : RandomGame(3)) {
    const int other = 1 - st.mover;
    EXPECT_EQ(Tell(st, other, other)[0].rfind(kNames[At(st.mover)] + " ", 0), 0u);
    EXPECT_EQ(Tell(st, st.mover, st.mover)[0].rfind("You ", 0), 0u);
    EXPECT_EQ(Tell(st, st.mover, st.mover, kFrench)[0].rfind("Vous ", 0), 0u);
    // The opponent's bonus values never appear before the round is scored.
    if (st.move.kind == MoveKind::kSell && st.after.round == st.before.round) {
      EXPECT_EQ(Tell(st, other, other)[0].find("bonus token of"), std::string::npos);
    }
  }
}

// A round that Ann ends by selling 3 leather off a pile of 2 while the diamond and
// gold piles are empty: 7+7+6 before, 1+1 from the sale, a 3-card bonus; Bot has
// 5+5+6 and a bonus of 4. Ann's herd of 4 beats Bot's 2.
State RoundEnd() {
  State s = Trading();
  s.players[0].hand = {0, 0, 0, 0, 0, 3, 0};
  s.players[0].hand_size = 3;
  s.players[0].herd = 4;
  s.players[0].num_goods_tokens = 3;
  s.players[0].goods_tokens = {7, 7, 6};
  s.players[1].herd = 2;
  s.players[1].num_goods_tokens = 3;
  s.players[1].goods_tokens = {5, 5, 6};
  s.players[1].num_bonus_tokens = 1;
  s.players[1].bonus_tokens = {4};
  s.tokens_left = {0, 0, 5, 7, 7, 2};
  return s;
}

TEST(JaipurScreen, ARoundEndGivesTheScoringBreakdown) {
  const State s = RoundEnd();
  const int bonus = s.NextBonusToken(0);
  const Step st = Play(s, Move::Sell(3, Card::kLeather));
  ASSERT_EQ(st.after.round, 2u);
  const int ann = 22 + bonus + 5;
  EXPECT_EQ(Tell(st, 1, 1),
            (std::vector<std::string>{
                "Ann sells 3 leather: 1+1 = 2 rupees (only 2 tokens were left) and a bonus token.",
                "A third token pile is empty: round 1 is over.",
                Format("  Ann: %d rupees = goods tokens 22 + bonus tokens %d (1 token) + camel token 5", ann, bonus),
                "  Bot: 20 rupees = goods tokens 16 + bonus tokens 4 (4) + camel token 0",
                "Camel token (5): Ann, 4 camels against 2.",
                "Ann wins a seal of excellence.",
                "Seals: Ann 1, Bot 0. Round 2 is dealt; you start.",
            }));
  // The seller learns their bonus value although the next round is already dealt.
  const std::vector<std::string> mine = Tell(st, 0, 0);
  EXPECT_EQ(mine[0],
            Format("You sell 3 leather: 1+1 = 2 rupees (only 2 tokens were left) and a bonus token of %d.", bonus));
  EXPECT_EQ(mine[2],
            Format("  Ann: %d rupees = goods tokens 22 + bonus tokens %d (%d) + camel token 5", ann, bonus, bonus));
  EXPECT_EQ(mine[3], "  Bot: 20 rupees = goods tokens 16 + bonus tokens 4 (1 token) + camel token 0");
  EXPECT_EQ(mine[5], "You win a seal of excellence.");
  const std::vector<std::string> french = Tell(st, 1, 1, kFrench);
  EXPECT_EQ(french[1], "Une troisième pile de jetons est vide : la manche 1 est finie.");
  EXPECT_EQ(french[4], "Jeton chameau (5) : Ann, 4 chameaux contre 2.");
  EXPECT_EQ(french[5], "Ann remporte un sceau d'excellence.");
}

TEST(JaipurScreen, EqualRupeesAreSettledByTheTieBreaksOrGiveNoSeal) {
  // Ann ends the round selling the last leather: 5+5+1 = 11 rupees in 3 tokens, herds equal.
  State s = RoundEnd();
  s.players[0].hand = {0, 0, 0, 0, 0, 1, 0};
  s.players[0].hand_size = 1;
  s.players[0].goods_tokens = {5, 5};
  s.players[0].num_goods_tokens = 2;
  s.players[0].herd = 2;
  s.tokens_left[5] = 1;
  s.players[1].goods_tokens = {5, 5, 1};
  s.players[1].num_bonus_tokens = 0;
  std::vector<std::string> lines = Tell(Play(s, Move::Sell(1, Card::kLeather)), 1, 1);
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[4], "Camel token: nobody, both herds have 2.");
  EXPECT_EQ(lines[5], "A full tie: nobody wins the seal.");
  EXPECT_EQ(Tell(Play(s, Move::Sell(1, Card::kLeather)), 0, 0, kFrench)[5],
            "Égalité parfaite : personne ne remporte le sceau.");
  // Bot's 10 in goods and a bonus of 1 tie Ann's 11, and the bonus token decides.
  s.players[1].goods_tokens = {5, 5};
  s.players[1].num_goods_tokens = 2;
  s.players[1].num_bonus_tokens = 1;
  s.players[1].bonus_tokens = {1};
  lines = Tell(Play(s, Move::Sell(1, Card::kLeather)), 0, 0);
  EXPECT_EQ(lines[3], "  Bot: 11 rupees = goods tokens 10 + bonus tokens 1 (1 token) + camel token 0");
  EXPECT_EQ(lines[5], "Bot wins a seal of excellence (equal rupees, more bonus tokens).");
}

TEST(JaipurScreen, RandomRoundEndsMatchTheRoundResult) {
  int rounds = 0;
  for (uint64_t seed : {8, 9})
    for (const Step& st : RandomGame(seed)) {
      if (st.after.round == st.before.round && !st.after.game_over) continue;
      ++rounds;
      const jaipur::RoundResult& r = *st.after.last_round;
      for (int viewer = 0; viewer < 2; ++viewer) {
        const std::string all = Joined(Tell(st, viewer, -1));
        EXPECT_NE(all.find(Format("round %u is over.", st.before.round)), std::string::npos) << all;
        for (int p = 0; p < 2; ++p) {
          // Goods tokens at scoring time: unless the game is over, the state after
          // the move is already the next deal, so add the sale's tokens to before's.
          int goods = st.after.players[At(p)].GoodsRupees();
          if (!st.after.game_over) {
            State pile = st.before;
            goods = pile.players[At(p)].GoodsRupees();
            const size_t g = At(jaipur::Index(st.move.good));
            for (int i = 0;
                 p == st.mover && st.move.kind == MoveKind::kSell && i < st.move.count && pile.tokens_left[g];
                 ++i, --pile.tokens_left[g])
              goods += pile.NextGoodsToken(st.move.good);
          }
          EXPECT_NE(all.find(Format("  %s: %d rupees = goods tokens %d + ", kNames[At(p)].c_str(), r.rupees[At(p)], goods)),
                    std::string::npos)
              << all;
          EXPECT_NE(all.find(Format("camel token %d\n", r.camel_token == p ? 5 : 0)), std::string::npos) << all;
        }
        const std::string seal = r.seal >= 0 ? kNames[At(r.seal)] + " wins a seal" : "nobody wins the seal";
        EXPECT_NE(all.find(seal), std::string::npos) << all;
      }
    }
  EXPECT_GE(rounds, 4);
}

TEST(JaipurScreen, TheGameEndNamesTheWinner) {
  State s = RoundEnd();
  s.players[0].seals = 1;
  s.players[1].seals = 1;
  s.round = 3;
  s.last_round = jaipur::RoundResult{};
  const Step st = Play(s, Move::Sell(3, Card::kLeather));
  ASSERT_TRUE(st.after.game_over);
  EXPECT_EQ(Tell(st, 1, 1).back(), "Ann wins the game with two seals!");
  EXPECT_EQ(Tell(st, 0, 0).back(), "You win the game with two seals!");
  EXPECT_EQ(Tell(st, 1, 1, kFrench).back(), "Ann gagne la partie avec deux sceaux !");
  EXPECT_EQ(Tell(st, 0, 0, kFrench).back(), "Vous gagnez la partie avec deux sceaux !");
  // The final state keeps the round's tokens, so the breakdown is the same as when a
  // round ends with a new deal.
  EXPECT_EQ(Tell(st, 0, 0)[2], Format("  Ann: %d rupees = goods tokens 22 + bonus tokens %d (%d) + camel token 5",
                                      27 + s.NextBonusToken(0), s.NextBonusToken(0), s.NextBonusToken(0)));
}

}  // namespace
}  // namespace souk::terminal
