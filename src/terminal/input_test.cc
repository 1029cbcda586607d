#include "terminal/input.h"
#include "terminal/games.h"
#include "terminal/words.h"

#include <gtest/gtest.h>

namespace souk::terminal {
namespace {

const Style kEnglish{false, Lang::kEn};
const Style kFrench{false, Lang::kFr};
using Kind = Entry::Kind;

std::string MoveOf(std::string_view game, std::string_view line, const std::vector<std::string>& legal = {}) {
  Entry e = ReadEntry(game, line, legal, kEnglish);
  EXPECT_EQ(e.kind, Kind::kMove) << line << ": " << e.text;
  return e.text;
}

TEST(Input, ANumberPicksThatMoveOfTheList) {
  std::vector<std::string> legal = {"camels", "sell 2 cloth", "take gold"};
  EXPECT_EQ(MoveOf("jaipur", " 2 ", legal), "sell 2 cloth");
  EXPECT_EQ(MoveOf("jaipur", "3", legal), "take gold");
}

TEST(Input, ANumberOutsideTheListSaysTheRange) {
  Entry e = ReadEntry("jaipur", "4", {"camels", "take gold", "take spice"}, kEnglish);
  EXPECT_EQ(e.kind, Kind::kError);
  EXPECT_EQ(e.text, "there is no move 4: the legal moves are numbered 1 to 3 (type 'moves')");
  EXPECT_EQ(ReadEntry("jaipur", "0", {"camels"}, kFrench).text,
            "il n'y a pas de coup 0 : les coups légaux vont de 1 à 1 (tapez 'coups')");
}

TEST(Input, JaipurShortFormsBecomeCanonicalText) {
  EXPECT_EQ(MoveOf("jaipur", "t gold"), "take gold");
  EXPECT_EQ(MoveOf("jaipur", "T Golds"), "take gold");
  EXPECT_EQ(MoveOf("jaipur", "t camels"), "camels");
  EXPECT_EQ(MoveOf("jaipur", "c"), "camels");
  EXPECT_EQ(MoveOf("jaipur", "s 3 cloth"), "sell 3 cloth");
  EXPECT_EQ(MoveOf("jaipur", "x gold spice / leather camel"), "exchange gold spice for leather camel");
  EXPECT_EQ(MoveOf("jaipur", "x gold spice for leather camel"), "exchange gold spice for leather camel");
}

TEST(Input, JaipurFrenchCardNamesAreUnderstood) {
  EXPECT_EQ(MoveOf("jaipur", "t or"), "take gold");
  EXPECT_EQ(MoveOf("jaipur", "prendre argent"), "take silver");
  EXPECT_EQ(MoveOf("jaipur", "v 2 \xc3\xa9pices"), "sell 2 spice");
  EXPECT_EQ(MoveOf("jaipur", "x diamant tissu contre cuir chameau"), "exchange diamond cloth for leather camel");
}

TEST(Input, JaipurSellWithoutACountSellsAsManyAsAllowed) {
  std::vector<std::string> legal = {"sell 1 cloth", "sell 2 cloth", "sell 3 cloth", "sell 1 spice", "take gold"};
  EXPECT_EQ(MoveOf("jaipur", "s cloth", legal), "sell 3 cloth");
  Entry e = ReadEntry("jaipur", "s gold", legal, kEnglish);
  EXPECT_EQ(e.kind, Kind::kError);
  EXPECT_EQ(e.text, "you cannot sell gold now");
  EXPECT_EQ(ReadEntry("jaipur", "v or", legal, kFrench).text, "vous ne pouvez pas vendre d'or maintenant");
  EXPECT_EQ(ReadEntry("jaipur", "v diamant", legal, kFrench).text, "vous ne pouvez pas vendre de diamant maintenant");
}

TEST(Input, JaipurBadShortFormsSayWhatIsWrong) {
  EXPECT_EQ(ReadEntry("jaipur", "t rubies", {}, kEnglish).text, "'rubies' is not a card");
  EXPECT_EQ(ReadEntry("jaipur", "x gold spice leather camel", {}, kEnglish).text,
            "write an exchange as: x CARDS TAKEN / CARDS GIVEN");
  EXPECT_EQ(ReadEntry("jaipur", "x gold / spice / camel", {}, kEnglish).text, "an exchange has one '/'");
}

TEST(Input, MarrakechShortFormsBecomeCanonicalText) {
  EXPECT_EQ(MoveOf("marrakech", "l"), "left");
  EXPECT_EQ(MoveOf("marrakech", "S"), "straight");
  EXPECT_EQ(MoveOf("marrakech", "r"), "right");
  EXPECT_EQ(MoveOf("marrakech", "g"), "left");
  EXPECT_EQ(MoveOf("marrakech", "tout droit"), "straight");
  EXPECT_EQ(MoveOf("marrakech", "d"), "right");
  EXPECT_EQ(MoveOf("marrakech", "c3 d3"), "place c3 d3");
  EXPECT_EQ(MoveOf("marrakech", "p C3 c4"), "place c3 c4");
}

TEST(Input, CommandsInEitherLanguage) {
  for (const char* help : {"help", "?", "aide"}) EXPECT_EQ(ReadEntry("jaipur", help, {}, kEnglish).kind, Kind::kHelp);
  for (const char* moves : {"moves", "coups"}) EXPECT_EQ(ReadEntry("marrakech", moves, {}, kEnglish).kind, Kind::kMoves);
  for (const char* hint : {"hint", "conseil"}) EXPECT_EQ(ReadEntry("jaipur", hint, {}, kEnglish).kind, Kind::kHint);
  for (const char* undo : {"undo", "annuler"}) EXPECT_EQ(ReadEntry("jaipur", undo, {}, kEnglish).kind, Kind::kUndo);
  for (const char* quit : {"quit", "q", "quitter"}) EXPECT_EQ(ReadEntry("jaipur", quit, {}, kEnglish).kind, Kind::kQuit);
  EXPECT_EQ(ReadEntry("jaipur", "   ", {}, kEnglish).kind, Kind::kNothing);
}

TEST(Input, WordsAPlayerMeets) {
  EXPECT_EQ(MoveOf("jaipur", "p cuir"), "take leather") << "p for prendre";
  EXPECT_EQ(MoveOf("jaipur", "sell 2 diamonds"), "sell 2 diamond") << "the list's own plural";
  Entry near = ReadEntry("jaipur", "t dimond", {}, kEnglish);
  EXPECT_EQ(near.kind, Kind::kError);
  EXPECT_EQ(near.text, "'dimond' is not a card: did you mean diamond?");
  EXPECT_EQ(ReadEntry("jaipur", "p diamnt", {}, kFrench).text, "'diamnt' n'est pas une carte : vouliez-vous dire diamant ?");
  EXPECT_EQ(ReadEntry("jaipur", "t rubies", {}, kEnglish).text, "'rubies' is not a card");
  EXPECT_EQ(MoveWords("jaipur", "sell 2 diamond", kEnglish), "sell 2 diamonds");
}

TEST(Input, MovesAndLogTakeAPageOrAFilter) {
  Entry page = ReadEntry("jaipur", "moves 2", {}, kEnglish);
  EXPECT_EQ(page.kind, Kind::kMoves);
  EXPECT_EQ(page.text, "2");
  Entry filter = ReadEntry("jaipur", "coups Vendre", {}, kFrench);
  EXPECT_EQ(filter.kind, Kind::kMoves);
  EXPECT_EQ(filter.text, "vendre");
  for (const char* log : {"log", "journal"}) EXPECT_EQ(ReadEntry("marrakech", log, {}, kEnglish).kind, Kind::kLog);
  Entry log_page = ReadEntry("jaipur", "log 3", {}, kEnglish);
  EXPECT_EQ(log_page.kind, Kind::kLog);
  EXPECT_EQ(log_page.text, "3");
}

TEST(Input, SaveKeepsTheFileNameAsTyped) {
  Entry e = ReadEntry("jaipur", "save  My Games/Game 1.txt ", {}, kEnglish);
  EXPECT_EQ(e.kind, Kind::kSave);
  EXPECT_EQ(e.text, "My Games/Game 1.txt");
  Entry missing = ReadEntry("jaipur", "sauver", {}, kFrench);
  EXPECT_EQ(missing.kind, Kind::kError);
  EXPECT_EQ(missing.text, "sauver a besoin d'un nom de fichier : sauver FICHIER");
}

TEST(Input, AnythingElseGoesToTheGamesParser) {
  EXPECT_EQ(MoveOf("jaipur", "  exchange gold for camel "), "exchange gold for camel");
  EXPECT_EQ(MoveOf("marrakech", "roll 3"), "roll 3");
}

}  // namespace
}  // namespace souk::terminal

namespace souk::terminal {
namespace {

// The list's own words come back as the moves they name, in both languages, and
// the screen's notation (x2, counts) too.
TEST(ReadEntry, ReadsTheMovesAsTheListWritesThem) {
  const Style en, fr{false, Lang::kFr};
  const std::vector<std::string> none;
  for (std::string move : {"take gold", "camels", "sell 3 cloth", "exchange silver spice for gold gold",
                                  "exchange cloth cloth for camel camel"}) {
    EXPECT_EQ(ReadEntry("jaipur", MoveWords("jaipur", move, en), none, en).text, move) << MoveWords("jaipur", move, en);
    EXPECT_EQ(ReadEntry("jaipur", MoveWords("jaipur", move, fr), none, fr).text, move) << MoveWords("jaipur", move, fr);
  }
  EXPECT_EQ(MoveWords("jaipur", "exchange silver spice for gold gold", en), "take silver and spice, give 2 gold");
  EXPECT_EQ(MoveWords("jaipur", "sell 2 cloth", fr), "vendre 2 tissus");
  EXPECT_EQ(ReadEntry("jaipur", "2 cloth for 2 camels", none, en).text, "exchange cloth cloth for camel camel");
  EXPECT_EQ(ReadEntry("jaipur", "x cloth x2 / camel x2", none, en).text, "exchange cloth cloth for camel camel");
  for (std::string move : {"left", "straight", "right", "place c3 d3"}) {
    EXPECT_EQ(ReadEntry("marrakech", MoveWords("marrakech", move, fr), none, fr).text, move);
    EXPECT_EQ(ReadEntry("marrakech", MoveWords("marrakech", move, en), none, en).text, move);
  }
  EXPECT_EQ(MoveWords("marrakech", "place c3 d3", fr), "poser c3 d3");
}

TEST(ReadEntry, ControlCharactersAndLongLinesAreQuotedSafely) {
  const Style en;
  Entry e = ReadEntry("jaipur", "take spice\x01\x02", {}, en);
  EXPECT_EQ(e.text, "'spice^A^B' is not a card");
  Entry long_line = ReadEntry("jaipur", "take " + std::string(6000, 'z'), {}, en);
  EXPECT_LT(long_line.text.size(), 80u);
  EXPECT_NE(long_line.text.find("…"), std::string::npos);
}

}  // namespace
}  // namespace souk::terminal
