// Whole sessions of `souk play` scripted through strings (the pseudo-terminal test
// is tests/terminal_pty_test.cc).
#include "terminal/session.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "format/record.h"
#include "terminal/jaipur_screen.h"

namespace souk::terminal {
namespace {

struct Session {
  int code = -1;
  std::string out, err;
};

Session PlayScript(PlayOptions options, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out, err;
  Session s;
  s.code = Play(options, in, out, err);
  s.out = out.str();
  s.err = err.str();
  return s;
}

PlayOptions Options(const std::string& game, std::vector<std::string> seats, uint64_t seed = 1) {
  PlayOptions o;
  o.game.game = game;
  o.game.seed = seed;
  o.game.players = static_cast<int>(seats.size());
  o.seats = std::move(seats);
  o.hint_bot = "easy";
  return o;
}

std::string Repeat(const std::string& line, int times) {
  std::string s;
  for (int i = 0; i < times; ++i) s += line;
  return s;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string TempPath(const char* name) { return ::testing::TempDir() + name + std::to_string(getpid()); }

TEST(PlaySession, AWholeJaipurGameAgainstABotByMoveNumbers) {
  Session s = PlayScript(Options("jaipur", {"human", "easy"}), Repeat("1\n", 400) + "n\n");
  EXPECT_EQ(s.code, 0) << s.err;
  EXPECT_NE(s.out.find("Game over."), std::string::npos) << s.out.substr(s.out.size() - 2000);
  EXPECT_NE(s.out.find("r: review this game. Play again? (y/n)"), std::string::npos);
  EXPECT_EQ(s.out.find("\x1b"), std::string::npos) << "plain mode writes no escape codes";
}

// Issue 39: the review offered at the end, in the player's language; once.
TEST(PlaySession, TheEndOffersTheGamesReviewOnce) {
  PlayOptions o = Options("marrakech", {"human", "random"}, 5);
  o.style.lang = Lang::kFr;
  o.review.budget = 8;
  o.review.samples = 1;
  const size_t prompts = Count(PlayScript(o, Repeat("1\n", 1000)).out, "votre coup> ");
  Session s = PlayScript(o, Repeat("1\n", static_cast<int>(prompts)) + "a\nr\nn\n");
  EXPECT_EQ(s.code, 0) << s.err;
  const size_t review = s.out.find("Coups signalés");
  ASSERT_NE(review, std::string::npos) << s.out.substr(s.out.size() - 3000);
  EXPECT_NE(s.out.find("Chances de gagner par coup", review), std::string::npos);
  EXPECT_NE(s.out.find("Analyse d'une partie de marrakech", review), std::string::npos);
  EXPECT_NE(s.out.find("P0 : précision", review), std::string::npos);
  EXPECT_EQ(s.out.find("analyse : [", review), std::string::npos) << "no progress bar off a terminal";
  EXPECT_EQ(Count(s.out, "a : analyser la partie."), 1u);
  EXPECT_EQ(Count(s.out.substr(review), "Rejouer ? (o/n)"), 1u) << "'r' after the review is no second review: " << s.out.substr(review);
}

TEST(PlaySession, AWholeMarrakechGameForFourPlayers) {
  Session s = PlayScript(Options("marrakech", {"easy", "human", "random", "greedy"}), Repeat("1\n", 200) + "n\n");
  EXPECT_EQ(s.code, 0) << s.err;
  EXPECT_NE(s.out.find("Game over."), std::string::npos);
}

TEST(PlaySession, PlayAgainStartsANewGameWithTheNextSeed) {
  PlayOptions o = Options("jaipur", {"human", "random"}, 5);
  o.seed_given = true;
  // A first run counts the game's prompts, so that the answer comes right after them.
  const size_t prompts = Count(PlayScript(o, Repeat("1\n", 1000)).out, "your move> ");
  Session s = PlayScript(o, Repeat("1\n", static_cast<int>(prompts)) + "y\nquit\ny\n");
  EXPECT_NE(s.out.find("Jaipur, seed 5."), std::string::npos);
  EXPECT_NE(s.out.find("Game over."), std::string::npos);
  EXPECT_NE(s.out.find("Jaipur, seed 6."), std::string::npos) << s.out.substr(s.out.size() - 500);
}

TEST(PlaySession, BadInputSaysWhatIsWrongAndAsksAgain) {
  Session s = PlayScript(Options("jaipur", {"human", "easy"}),
                         "dance\n999\nt rubies\nsave\nundo\nsell 9 diamond\nquit\nn\nquit\ny\n");
  EXPECT_EQ(s.code, kExitLeft) << "left before the end";
  EXPECT_NE(s.out.find("! there is no move 999"), std::string::npos);
  EXPECT_NE(s.out.find("! 'rubies' is not a card"), std::string::npos);
  EXPECT_NE(s.out.find("! save needs a file name"), std::string::npos);
  EXPECT_NE(s.out.find("! nothing to undo yet"), std::string::npos);
  EXPECT_NE(s.out.find("! 'dance' is not a move: type a move's number, 'moves' for the list"), std::string::npos);
  EXPECT_NE(s.out.find("! illegal move 'sell 9 diamonds'"), std::string::npos);
  // Every bad entry, and the quit taken back, asked again: one prompt each.
  EXPECT_EQ(Count(s.out, "your move> "), 8u);
}

// Holding enough of a precious good, the refusal of a sale of 1 names the sale to type.
TEST(PlaySession, APreciousSaleOfOneWhenHoldingTwoSaysWhatToType) {
  PlayOptions o = Options("jaipur", {"human", "easy"}, 8);  // the hand holds silver x2
  o.seed_given = true;
  Session s = PlayScript(o, "sell 1 silver\nquit\ny\n");
  EXPECT_NE(s.out.find("! silver sells 2 or more at a time: type 'sell 2 silver'\n"), std::string::npos) << s.out;
  EXPECT_EQ(s.out.find("you hold 2"), std::string::npos) << s.out;
  o.style.lang = Lang::kFr;
  Session f = PlayScript(o, "v 1 argent\nquitter\no\n");
  EXPECT_NE(f.out.find("! argent se vend par 2 au moins : tapez 'vendre 2 argent'\n"), std::string::npos) << f.out;
}

// Errors say what would be legal: the minimum of a precious sale and the hand.
TEST(PlaySession, APreciousSaleTooSmallSaysTheMinimumAndTheHand) {
  PlayOptions o = Options("jaipur", {"human", "easy"}, 3);
  o.seed_given = true;
  Session s = PlayScript(o, "sell 1 gold\nquit\ny\n");
  EXPECT_NE(s.out.find("! gold sells by 2 or more; you hold 1\n"), std::string::npos) << s.out;
  o.style.lang = Lang::kFr;
  Session f = PlayScript(o, "v 1 or\nquitter\no\n");
  EXPECT_NE(f.out.find("! l'or se vend par 2 au moins ; vous en avez 1\n"), std::string::npos) << f.out;
}

TEST(PlaySession, AMovePlayedIsRecordedInCanonicalText) {
  const std::string path = TempPath("canonical");
  // Every opening market holds three camels, so "c" (take them) is legal.
  Session s = PlayScript(Options("jaipur", {"human", "human"}), "\nc\n\nsave " + path + "\nquit\n");
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  auto record = ParseRecord(text.str());
  ASSERT_TRUE(record.ok()) << record.message() << s.out;
  EXPECT_EQ(record->moves, std::vector<std::string>{"camels"});
  EXPECT_EQ(record->seats, (std::vector<std::string>{"human", "human"}));
  std::remove(path.c_str());
}

TEST(PlaySession, UndoGoesBackToYourPreviousDecision) {
  const std::string path = TempPath("undo");
  Session s = PlayScript(Options("marrakech", {"human", "random"}),
                         "1\n1\nundo\nsave " + path + "\nquit\n");
  EXPECT_NE(s.out.find("Back to your previous move."), std::string::npos) << s.out;
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  auto record = ParseRecord(text.str());
  ASSERT_TRUE(record.ok()) << record.message();
  // Orient, roll, place, then the bot's orient, roll and place: undo at the second
  // orientation goes back to the first placement, after the orientation and its roll.
  ASSERT_GE(record->moves.size(), 2u);
  EXPECT_EQ(record->moves.size(), 2u) << text.str();
  std::remove(path.c_str());
}

TEST(PlaySession, ASavedGameResumesWhereItWasLeft) {
  const std::string path = TempPath("resume");
  Session first = PlayScript(Options("jaipur", {"human", "easy"}, 9), "1\n1\nsave " + path + "\nquit\n");
  ASSERT_NE(first.out.find("Saved to"), std::string::npos) << first.out;
  PlayOptions resume;
  resume.load_path = path;
  Session second = PlayScript(resume, "quit\ny\n");
  EXPECT_EQ(second.code, kExitLeft) << second.err;
  // The screen shown on resuming is one shown before saving.
  size_t start = second.out.find("\n\n");
  std::string screen = second.out.substr(start, second.out.find("your move> ") - start);
  EXPECT_GT(screen.size(), 10u);
  EXPECT_NE(first.out.find(screen), std::string::npos) << screen;
  std::remove(path.c_str());
}

TEST(PlaySession, HotSeatShowsEachPlayerTheirOwnViewBehindAPassScreen) {
  PlayOptions o = Options("jaipur", {"human", "human"}, 3);
  Session s = PlayScript(o, "\n1\n\nquit\n");
  EXPECT_EQ(Count(s.out, "Pass the keyboard to Player "), 2u);
  // The screen after each pass prompt is that player's own view and nobody else's.
  auto state = NewGame(o.game);
  ASSERT_TRUE(state.ok());
  const int first = (*state)->current_player();
  const std::vector<std::string> names = {"Player 1", "Player 2"};
  std::string own = RenderJaipur(std::get<jaipur::View>((*state)->PlayerView(first)), names, o.style);
  std::string other = RenderJaipur(std::get<jaipur::View>((*state)->PlayerView(1 - first)), names, o.style);
  size_t pass = s.out.find("Pass the keyboard");
  size_t second_pass = s.out.find("Pass the keyboard", pass + 1);
  std::string first_turn = s.out.substr(pass, second_pass - pass);
  EXPECT_NE(first_turn.find(own), std::string::npos);
  EXPECT_EQ(first_turn.find(other), std::string::npos);
}

TEST(PlaySession, UndoIsRefusedBetweenHumans) {
  Session s = PlayScript(Options("jaipur", {"human", "human"}), "\nundo\nquit\n");
  EXPECT_NE(s.out.find("! undo is for games against bots only"), std::string::npos);
}

TEST(PlaySession, HintShowsTheBotsRanking) {
  Session s = PlayScript(Options("jaipur", {"human", "easy"}), "hint\nquit\ny\n");
  EXPECT_NE(s.out.find("Hint (easy bot, 300 simulations):"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("    1. "), std::string::npos);
}

TEST(PlaySession, FrenchThroughout) {
  PlayOptions o = Options("jaipur", {"human", "easy"});
  o.style.lang = Lang::kFr;
  Session s = PlayScript(o, "aide\n999\nquitter\no\n");
  EXPECT_NE(s.out.find("votre coup> "), std::string::npos);
  EXPECT_NE(s.out.find("Commandes : coups"), std::string::npos);
  EXPECT_NE(s.out.find("! il n'y a pas de coup 999"), std::string::npos);
  EXPECT_EQ(s.out.find("your move"), std::string::npos);
}

TEST(PlaySession, TheEnginesRefusalsAreInFrenchWithLangFr) {
  PlayOptions o = Options("jaipur", {"human", "easy"});
  o.style.lang = Lang::kFr;
  Session s = PlayScript(o, "v 9 diamant\nx or / tissu\ndanse\nquitter\no\n");
  EXPECT_NE(s.out.find("! coup illégal 'vendre 9 diamants'\u00a0: vous avez "), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("! coup illégal 'prendre or, donner tissu'\u00a0: un échange porte au moins sur 2 cartes contre 2"),
            std::string::npos);
  EXPECT_NE(s.out.find("! 'danse' n'est pas un coup : tapez le numéro d'un coup"), std::string::npos) << s.out;
  EXPECT_EQ(s.out.find("illegal move"), std::string::npos);
  EXPECT_EQ(s.out.find("bad move"), std::string::npos);

  PlayOptions m = Options("marrakech", {"human", "easy"});
  m.style.lang = Lang::kFr;
  Session t = PlayScript(m, "demi-tour\nquitter\no\n");
  EXPECT_NE(t.out.find("! 'demi-tour' n'est pas un coup : tapez le numéro d'un coup"), std::string::npos) << t.out;
  EXPECT_EQ(t.out.find("roll"), std::string::npos) << "the die is rolled for the player: no 'roll N' to type";
  Session u = PlayScript(m, "back\nquitter\no\n");
  EXPECT_NE(u.out.find("! coup invalide 'back'\u00a0: Assam ne fait jamais demi-tour (orientez-le avec gauche, tout droit ou droite)"),
            std::string::npos)
      << u.out;
}

TEST(PlaySession, BadSeatsAreRefusedBeforePlay) {
  Session unknown = PlayScript(Options("jaipur", {"human", "grandmaster"}), "");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("seat 2: "), std::string::npos) << "seats numbered as on the screens: " << unknown.err;
  PlayOptions wrong = Options("jaipur", {"human", "easy", "easy"});
  wrong.game.players = 0;
  Session count = PlayScript(wrong, "");
  EXPECT_EQ(count.code, 2);
  EXPECT_EQ(count.err, "souk: 3 seats given for a game of 2 players\n");
}

TEST(PlaySession, ABrokenSaveFileIsAClearError) {
  const std::string path = TempPath("broken");
  std::ofstream(path) << "souk-record 1\ngame chess\nseed 1\n";
  PlayOptions o;
  o.load_path = path;
  Session s = PlayScript(o, "");
  EXPECT_EQ(s.code, 2);
  EXPECT_NE(s.err.find("chess"), std::string::npos) << s.err;
  std::remove(path.c_str());
  o.load_path = path + ".missing";
  EXPECT_EQ(PlayScript(o, "").err, "souk: " + o.load_path + ": cannot open\n");
}

TEST(PlaySession, EndOfInputLeavesTheGameQuietlyWithStatus3) {
  Session s = PlayScript(Options("marrakech", {"human", "easy", "easy"}), "");
  EXPECT_EQ(s.code, kExitLeft);
  EXPECT_EQ(s.out.find("saved"), std::string::npos) << "a script's input ended: nothing written";
}

TEST(WatchSession, BotsPlayAWholeGame) {
  WatchOptions o;
  o.game.game = "marrakech";
  o.game.seed = 2;
  o.game.players = 3;
  o.bots = {"random", "greedy", "easy"};
  std::istringstream in;
  std::ostringstream out, err;
  EXPECT_EQ(Watch(o, in, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("Game over."), std::string::npos);
}

}  // namespace
}  // namespace souk::terminal
