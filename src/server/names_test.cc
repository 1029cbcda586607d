// What a player's name may hold (issue 17, defect 6).
#include "server/names.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <set>

#include "server/game_service.h"

namespace souk::server {
namespace {

std::string Accepted(const std::string& name) {
  auto checked = CheckName(name, "name");
  EXPECT_TRUE(checked.ok()) << name << ": " << checked.message();
  return checked.ok() ? *checked : "";
}

std::string Refused(const std::string& name) {
  auto checked = CheckName(name, "name");
  EXPECT_FALSE(checked.ok()) << name;
  EXPECT_EQ(checked.code(), StatusCode::kInvalidArgument);
  return checked.message();
}

TEST(Names, LettersOfEveryScriptDigitsAndAFewMarksOfPunctuation) {
  for (const char* name : {"Ann", "Zoë", "José María", "O'Brien", "d’Artagnan", "Jean-Luc", "R2-D2", "ann_b.",
                           "李小龙", "Дмитрий", "محمد", "अनुराग", "Nguyễn", "e\u0301te\u0301", "ÅSA", "123456789012345678901234"})
    EXPECT_EQ(Accepted(name), name);
  EXPECT_EQ(Accepted("  Ann Lee  "), "Ann Lee") << "spaces around are dropped";
  EXPECT_EQ(Accepted(""), "") << "no name";
  EXPECT_EQ(Accepted("   "), "");
}

TEST(Names, NoControlFormattingOrInvisibleCharacters) {
  EXPECT_EQ(Refused("\u202Eevil"), "name: U+202E is not allowed (letters, digits, spaces and - _ . ' only)");
  for (const char* name : {"a\u202Ab", "a\u202Db", "a\u200Fb", "a\u200Eb", "a\u2066b", "a\u2067b", "a\u2068b", "a\u2069b",
                           "a\u200Bb", "a\u200Db", "a\uFEFFb", "a\u00ADb", "a\u061Cb", "a\u00A0b", "a\u3000b", "a\u3164b",
                           "a\u2028b", "a\tb", "a\nb", "a\x7f" "b", "\xF3\xA0\x80\x81", "a\uE000b"})
    Refused(name);
  Refused(std::string("a\0b", 3));
}

TEST(Names, NoMarkupNorSymbols) {
  EXPECT_EQ(Refused("<b>Ann</b>"), "name: '<' is not allowed (letters, digits, spaces and - _ . ' only)");
  for (const char* name : {"a&b", "\"Ann\"", "a>b", "a/b", "a;b", "a`b", "😀", "a\u2764b", "a$b", "a=b", "a(b)"})
    Refused(name);
}

TEST(Names, AtMost24CharactersOfValidUtf8AndSensibleSpacesAndMarks) {
  EXPECT_EQ(Refused("1234567890123456789012345"), "name: at most 24 characters");
  EXPECT_EQ(Accepted("李李李李李李李李李李李李李李李李李李李李李李李李"), "李李李李李李李李李李李李李李李李李李李李李李李李") << "characters, not bytes";
  EXPECT_EQ(Refused(std::string(200, 'a')), "name: at most 24 characters");
  for (const char* bytes : {"\xC3", "a\x80", "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF"})
    EXPECT_EQ(Refused(bytes), "name: not valid UTF-8") << bytes;
  EXPECT_EQ(Refused("Ann  Lee"), "name: one space between words");
  EXPECT_EQ(Refused("\u0301a"), "name: a combining mark (U+0301) only after a letter, three at most");
  Refused("a \u0301");
  Accepted("a\u0301\u0302\u0303");
  Refused("a\u0301\u0302\u0303\u0304");
}

TEST(Names, TheServiceChecksNamesAtCreationAndJoining) {
  const std::string path = ::testing::TempDir() + "names_test_" + std::to_string(getpid()) + ".db";
  {
    auto store = OpenSqliteStore(path);
    ASSERT_TRUE(store.ok());
    GameService service(**store, 1);
    CreateRequest r{"jaipur", 2, "", {{"human", "\u202Eevil"}, {"human", ""}}, 0, ""};
    EXPECT_EQ(service.Create(r).message(), "seats[0].name: U+202E is not allowed (letters, digits, spaces and - _ . ' only)");
    r.seats[0].name = "  Zoë ";
    Created c = *service.Create(r);
    EXPECT_EQ(service.View(c.game_id, 0)->json["seats"][0]["name"], "Zoë");
    EXPECT_EQ(service.Join(c.game_id, c.invites[0].second, "<script>").code(), StatusCode::kInvalidArgument);
    ASSERT_TRUE(service.Join(c.game_id, c.invites[0].second, "Bob").ok()) << "a refused name leaves the invite usable";
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
}

TEST(Names, ABotNameIsNoneOfTheNamesTakenComparedWithoutCase) {
  const std::string first = BotName({}, 0);
  EXPECT_FALSE(first.empty());
  EXPECT_NE(BotName({first}, 0), first);
  std::string upper = first;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_NE(BotName({upper}, 0), first);
  EXPECT_EQ(BotName({}, 16), first) << "the start wraps around the list";
}

TEST(Names, TheServiceNamesEachBotSeatUniquelyInItsGame) {
  const std::string path = ::testing::TempDir() + "bot_names_test_" + std::to_string(getpid()) + ".db";
  {
    auto store = OpenSqliteStore(path);
    ASSERT_TRUE(store.ok());
    GameService service(**store, 1);
    std::set<std::string> seen;
    // A human takes a bot's name in every other game: the bots then avoid it.
    for (int game = 0; game < 24; ++game) {
      const std::string human = game % 2 ? BotName({}, static_cast<uint64_t>(game)) : "Ann";
      CreateRequest r{"marrakech", 4, "", {{"human", human}, {"easy", ""}, {"easy", ""}, {"medium", "Bob"}}, 0,
                      "client " + std::to_string(game)};  // one game each: under the per-address limit
      auto c = service.Create(r);
      ASSERT_TRUE(c.ok()) << c.message();
      const Json seats = service.View(c->game_id, 0)->json.at("seats");
      std::set<std::string> names;
      for (const Json& seat : seats) names.insert(seat.at("name").get<std::string>());
      EXPECT_EQ(names.size(), 4u) << seats.dump();
      EXPECT_EQ(seats.at(0).at("name"), human);
      EXPECT_EQ(seats.at(3).at("name"), "Bob") << "a bot given a name keeps it";
      for (int bot : {1, 2}) {
        const std::string name = seats.at(static_cast<size_t>(bot)).at("name").get<std::string>();
        EXPECT_TRUE(CheckName(name, "name").ok()) << name;
        EXPECT_LE(name.size(), 8u) << name << ": short, for the log's sentences";
        seen.insert(name);
      }
    }
    EXPECT_GT(seen.size(), 4u) << "games differ in their bots' names";
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
}

}  // namespace
}  // namespace souk::server
