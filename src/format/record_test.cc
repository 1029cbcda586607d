#include "format/record.h"

#include <gtest/gtest.h>

namespace souk {
namespace {

TEST(Record, FormatAndParseRoundTrip) {
  GameRecord r{{"jaipur", 18446744073709551615ULL, 0, ""}, {"take gold", "camels"}};
  std::string text = FormatRecord(r);
  EXPECT_EQ(text, "souk-record 1\ngame jaipur\nseed 18446744073709551615\nmoves\ntake gold\ncamels\n");
  auto parsed = ParseRecord(text);
  ASSERT_TRUE(parsed.ok()) << parsed.message();
  EXPECT_EQ(parsed->options.seed, r.options.seed);
  EXPECT_EQ(parsed->moves, r.moves);
}

TEST(Record, SeatsRoundTripAndAreOptional) {
  GameRecord r;
  r.options = {"marrakech", 7, 3, ""};
  r.seats = {"human", "mcts:time=500", "easy"};
  std::string text = FormatRecord(r);
  EXPECT_NE(text.find("\nseats human,mcts:time=500,easy\n"), std::string::npos) << text;
  auto parsed = ParseRecord(text);
  ASSERT_TRUE(parsed.ok()) << parsed.message();
  EXPECT_EQ(parsed->seats, r.seats);
  EXPECT_TRUE(ParseRecord("souk-record 1\ngame jaipur\nseed 1\nmoves\n")->seats.empty());
  EXPECT_EQ(ParseRecord("souk-record 1\ngame jaipur\nseats human,,hard\n").message(),
            "record line 3: seats: a comma-separated list of 'human' or bot specs, none empty");
}

TEST(Record, CommentsAndBlankLinesAreIgnored) {
  auto parsed = ParseRecord("# a game\n\nsouk-record 1\ngame marrakech\nplayers 3\nvariant x\nseed 5\nmoves\n# first\nleft\n");
  ASSERT_TRUE(parsed.ok()) << parsed.message();
  EXPECT_EQ(parsed->options.players, 3);
  EXPECT_EQ(parsed->options.variant, "x");
  EXPECT_EQ(parsed->moves, std::vector<std::string>{"left"});
}

TEST(Record, ErrorsNameTheLine) {
  EXPECT_EQ(ParseRecord("").message(), "record: empty (a record starts with 'souk-record 1')");
  EXPECT_EQ(ParseRecord("souk-record 2\n").message(), "record line 1: a record starts with 'souk-record 1'");
  EXPECT_EQ(ParseRecord("souk-record 1\ngame jaipur\nseed -1\n").message(),
            "record line 3: seed must be a whole number from 0 to 2^64-1");
  EXPECT_EQ(ParseRecord("souk-record 1\ngame jaipur\nseed 99999999999999999999\n").message(),
            "record line 3: seed is larger than 2^64-1");
  EXPECT_EQ(ParseRecord("souk-record 1\ncolour red\n").message(), "record line 2: unknown key 'colour'");
  EXPECT_EQ(ParseRecord("souk-record 1\nseed 1\n").message(), "record: no 'game' line");
  EXPECT_EQ(ParseRecord("souk-record 1\ngame jaipur\nmoves\n").message(), "record: no 'seed' line");
  EXPECT_EQ(ParseRecord("souk-record 1\ngame jaipur\ngame marrakech\n").message(),
            "record line 3: 'game' appears twice");
}

TEST(Record, ReplayNamesTheBadMove) {
  auto parsed = ParseRecord("souk-record 1\ngame jaipur\nseed 1\nmoves\nsell 9 diamond\n");
  ASSERT_TRUE(parsed.ok());
  auto state = Replay(*parsed);
  ASSERT_FALSE(state.ok());
  EXPECT_EQ(state.message().rfind("record move 1: illegal move 'sell 9 diamond'", 0), 0u) << state.message();
}

TEST(Record, ReplayIsByteIdenticalToLivePlay) {
  auto game = NewGame({"jaipur", 11, 0, ""});
  ASSERT_TRUE(game.ok());
  GameRecord record{{"jaipur", 11, 0, ""}, {}};
  Prng chooser(3);
  for (int i = 0; i < 60 && !(*game)->is_over(); ++i) {
    auto moves = (*game)->LegalMoves();
    record.moves.push_back(moves[chooser.Below(static_cast<uint32_t>(moves.size()))]);
    ASSERT_TRUE((*game)->Apply(record.moves.back()).ok());
  }
  auto replayed = Replay(*ParseRecord(FormatRecord(record)));
  ASSERT_TRUE(replayed.ok()) << replayed.message();
  EXPECT_EQ(DumpJson((*replayed)->ToJson()), DumpJson((*game)->ToJson()));
}

}  // namespace
}  // namespace souk

namespace souk {
namespace {

// The server applies `timeout` when a clock runs out: its records must replay it.
TEST(Record, ARecordWithATimeoutReplaysToTheSameFinalState) {
  for (const GameOptions& options : {GameOptions{"jaipur", 11, 0, ""}, GameOptions{"marrakech", 11, 3, ""}}) {
    auto game = NewGame(options);
    ASSERT_TRUE(game.ok());
    GameRecord record{options, {}};
    Prng chooser(3);
    for (int i = 0; i < 20; ++i) {
      std::string move = (*game)->SampleChance();
      if (move.empty()) {
        auto moves = (*game)->LegalMoves();
        move = moves[chooser.Below(static_cast<uint32_t>(moves.size()))];
      }
      record.moves.push_back(move);
      ASSERT_TRUE((*game)->Apply(move).ok());
    }
    record.moves.push_back("timeout");
    ASSERT_TRUE((*game)->Apply("timeout").ok());
    for (int i = 0; i < 6 && !(*game)->is_over(); ++i) {  // Marrakech goes on without the seat
      std::string move = (*game)->SampleChance();
      if (move.empty()) move = (*game)->LegalMoves()[0];
      record.moves.push_back(move);
      ASSERT_TRUE((*game)->Apply(move).ok());
    }
    const std::string text = FormatRecord(record);
    ASSERT_NE(text.find("\ntimeout\n"), std::string::npos);
    auto replayed = Replay(*ParseRecord(text));
    ASSERT_TRUE(replayed.ok()) << replayed.message();
    EXPECT_EQ(DumpJson((*replayed)->ToJson()), DumpJson((*game)->ToJson())) << options.game;
    EXPECT_TRUE(DumpJson((*replayed)->ToJson()).find("timed_out") != std::string::npos) << options.game;
  }
}

}  // namespace
}  // namespace souk
