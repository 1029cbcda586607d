// The arena's journal: a run stopped part way goes on where it stopped and reports
// what one sitting would have; a journal that is not this run's is refused.
#include "match/arena_journal.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

namespace souk::match {
namespace {

// Iteration budgets: a game's outcome is fixed by the run and its index.
ArenaOptions RunOf(int games, const std::string& journal) {
  ArenaOptions o;
  o.game = "jaipur";
  o.bots = {"mcts:iterations=40", "greedy"};
  o.games = games;
  o.seed = 7;
  o.threads = 2;
  o.journal = journal;
  return o;
}

class JournalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("souk_journal_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "run.jsonl").string();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Text() const {
    std::ifstream in(path_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  void Write(const std::string& text) const { std::ofstream(path_, std::ios::binary | std::ios::trunc) << text; }

  std::filesystem::path dir_;
  std::string path_;
};

// The report without what depends on the clock.
Json Timeless(const ArenaReport& report) {
  Json j = ReportJson(report);
  j.erase("seconds");
  j.erase("resumed");
  j.erase("threads");
  for (Json& bot : j["bots"]) {
    bot.erase("ms_per_move");
    bot.erase("max_ms_per_move");
  }
  return j;
}

TEST_F(JournalTest, ARunInSittingsReportsWhatOneSittingDoes) {
  auto whole = RunArena(RunOf(8, ""));
  ASSERT_TRUE(whole.ok()) << whole.message();
  auto first = RunArena(RunOf(4, path_));  // then a larger --games goes on with it
  ASSERT_TRUE(first.ok()) << first.message();
  EXPECT_EQ(first->resumed, 0);
  auto second = RunArena(RunOf(8, path_));
  ASSERT_TRUE(second.ok()) << second.message();
  EXPECT_EQ(second->resumed, 4);
  EXPECT_EQ(Timeless(*second), Timeless(*whole));
  EXPECT_NE(ReportText(*second).find("4 of the games read from the journal"), std::string::npos);
  auto third = RunArena(RunOf(8, path_));  // nothing left to play
  ASSERT_TRUE(third.ok()) << third.message();
  EXPECT_EQ(third->resumed, 8);
  EXPECT_EQ(Timeless(*third), Timeless(*whole));
}

TEST_F(JournalTest, ALastLineCutShortIsDroppedAndItsGamePlayedAgain) {
  ASSERT_TRUE(RunArena(RunOf(4, path_)).ok());
  const std::string full = Text();
  // The process died while writing game 3's line.
  const size_t last = full.rfind('\n', full.size() - 2) + 1;
  Write(full.substr(0, last + 20));
  auto resumed = RunArena(RunOf(4, path_));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ(resumed->resumed, 3);
  const std::string after = Text();
  EXPECT_EQ(std::count(after.begin(), after.end(), '\n'), 5);  // the run and 4 games, no torn line
  EXPECT_EQ(after.substr(0, last), full.substr(0, last));
  EXPECT_EQ(after.find('\0'), std::string::npos) << "the new line follows the kept ones, with no gap";
}

TEST_F(JournalTest, AFirstLineCutShortIsWrittenAgainFromTheStartOfTheFile) {
  ASSERT_TRUE(RunArena(RunOf(2, path_)).ok());
  const std::string full = Text();
  Write(full.substr(0, 30));  // the process died while writing the run's line
  auto resumed = RunArena(RunOf(2, path_));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ(resumed->resumed, 0);
  const std::string after = Text();
  const std::string header = full.substr(0, full.find('\n') + 1);
  EXPECT_EQ(after.substr(0, header.size()), header) << "the line is written over the cut one, not after it";
  EXPECT_EQ(std::count(after.begin(), after.end(), '\n'), 3);
}

TEST_F(JournalTest, AnotherRunsJournalIsRefusedNamingTheDifference) {
  ASSERT_TRUE(RunArena(RunOf(2, path_)).ok());
  ArenaOptions other = RunOf(2, path_);
  other.seed = 8;
  auto refused = RunArena(other);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("is the journal of another run: seed \"7\" where this run has \"8\""),
            std::string::npos)
      << refused.message();
  other = RunOf(2, path_);
  other.bots = {"greedy", "mcts:iterations=40"};
  refused = RunArena(other);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("bots [\"mcts:iterations=40\",\"greedy\"] where this run has"), std::string::npos)
      << refused.message();
}

TEST_F(JournalTest, BrokenLinesAreRefusedNamingTheLine) {
  ASSERT_TRUE(RunArena(RunOf(4, path_)).ok());
  const std::string full = Text();
  const std::string header = full.substr(0, full.find('\n') + 1);
  const std::string game0 = full.substr(header.size(), full.find('\n', header.size()) + 1 - header.size());
  const struct {
    std::string text;
    std::string says;
  } cases[] = {
      {"hello\n", "line 1: "},
      {"{\"game\":\"jaipur\"}\n", "line 1: not an arena journal"},
      {header + "{\"index\":0}\n", "line 2: (top level): missing key \"points\""},
      {header + game0 + game0, "a second time"},
      {header + "[1,2]\n", "line 2: "},
      {header + std::regex_replace(game0, std::regex("\"points\":\\[[^\\]]*\\]"), "\"points\":[5,0]"), "points[0]"},
      // A file given by mistake, its last line without a newline: not taken for a cut write.
      {"my notes", "line 1: not an arena journal of this run, and cut short"},
      {"hello\nworld", "line 1: "},
      {"{\"game\":\"jaipur\"}\n" + game0.substr(0, 10), "line 1: not an arena journal"},
  };
  for (const auto& c : cases) {
    Write(c.text);
    auto refused = RunArena(RunOf(4, path_));
    ASSERT_FALSE(refused.ok()) << c.says;
    EXPECT_NE(refused.message().find(c.says), std::string::npos) << refused.message();
    EXPECT_EQ(refused.message().rfind(path_, 0), 0u) << refused.message();  // it names the file
    EXPECT_EQ(Text(), c.text) << "a refused file is left as it was";
  }
  // A game beyond the run: the journal of a longer run, resumed with fewer games.
  std::filesystem::remove(path_);
  ASSERT_TRUE(RunArena(RunOf(4, path_)).ok());
  auto refused = RunArena(RunOf(2, path_));
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("is beyond this run's 2 games (give --games"), std::string::npos)
      << refused.message();
}

TEST_F(JournalTest, OnlyARegularFileIsAJournal) {
  // A pipe would block its reading for ever; /dev/zero would fill the memory.
  const std::string fifo = (dir_ / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {fifo, std::string("/dev/zero")}) {
    auto refused = RunArena(RunOf(2, path));
    ASSERT_FALSE(refused.ok()) << path;
    EXPECT_NE(refused.message().find(path + ": a journal is a regular file"), std::string::npos) << refused.message();
  }
}

TEST_F(JournalTest, OneProcessAtATime) {
  auto checked = CheckArena(RunOf(2, path_));
  ASSERT_TRUE(checked.ok());
  auto held = ArenaJournal::Open(path_, *checked);
  ASSERT_TRUE(held.ok()) << held.message();
  auto second = RunArena(RunOf(2, path_));
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(second.message().find("in use by another process"), std::string::npos) << second.message();
}

TEST_F(JournalTest, AnOutcomeReadsBackExactly) {
  GameOutcome g;
  g.index = 3;
  g.points = {0.5, 0.5};
  g.place = {2, 2};
  g.score = {-3, 70};
  g.decisions = {41, 40};
  g.think_seconds = {0.1 + 0.2, 1e-7};
  g.max_move_seconds = {0.3, 2e-8};
  g.total_decisions = 81;
  g.unfinished = true;
  g.failure = {"engine x timed out: after 5 s", ""};
  g.failure_code = {"timed_out", ""};
  auto read = OutcomeFromJson(ParseJson(DumpJson(OutcomeJson(g))).value(), 2);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(DumpJson(OutcomeJson(*read)), DumpJson(OutcomeJson(g)));
  EXPECT_EQ(read->think_seconds, g.think_seconds);  // bit for bit
  auto wrong_size = OutcomeFromJson(OutcomeJson(g), 3);
  ASSERT_FALSE(wrong_size.ok());
  EXPECT_NE(wrong_size.message().find("points"), std::string::npos) << wrong_size.message();
}

}  // namespace
}  // namespace souk::match
