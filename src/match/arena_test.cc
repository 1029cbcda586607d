// The arena's bookkeeping and statistics (its strength figures are in docs/ai.md).
#include "match/arena.h"

#include <cmath>

#include <gtest/gtest.h>

namespace souk::match {
namespace {

ArenaOptions Options(std::string game, std::vector<std::string> bots, int games = 100, uint64_t seed = 1) {
  ArenaOptions o;
  o.game = std::move(game);
  o.bots = std::move(bots);
  o.games = games;
  o.seed = seed;
  return o;
}

ArenaReport Play(ArenaOptions o) {
  auto report = RunArena(o);
  EXPECT_TRUE(report.ok()) << report.message();
  return report.ok() ? *report : ArenaReport{};
}

TEST(ArenaStatistics, WilsonIntervalMatchesKnownValues) {
  double low = 0, high = 0;
  WilsonInterval(0.5, 100, &low, &high);
  EXPECT_NEAR(low, 0.4038, 1e-3);
  EXPECT_NEAR(high, 0.5962, 1e-3);
  // Winning every game still leaves an interval below 100%.
  WilsonInterval(1.0, 400, &low, &high);
  EXPECT_NEAR(low, 0.9905, 1e-3);
  EXPECT_DOUBLE_EQ(high, 1.0);
}

TEST(ArenaStatistics, EloDifferenceFromExpectedScore) {
  EXPECT_DOUBLE_EQ(EloFromScore(0.5), 0.0);
  EXPECT_NEAR(EloFromScore(0.75), 190.85, 0.01);
  EXPECT_NEAR(EloFromScore(0.25), -190.85, 0.01);
  EXPECT_TRUE(std::isinf(EloFromScore(1.0)));
  EXPECT_TRUE(std::isinf(EloFromScore(0.0)));
}

TEST(Arena, EveryGameIsCountedOnceForEveryBot) {
  ArenaReport r = Play(Options("jaipur", {"greedy", "random"}, 10, 3));
  ASSERT_EQ(r.bots.size(), 2u);
  double points = 0;
  for (const BotResult& b : r.bots) {
    EXPECT_EQ(b.games, 10);
    EXPECT_EQ(b.wins + b.shared + b.losses, 10);
    EXPECT_GT(b.decisions, 0);
    EXPECT_LE(b.ci_low, b.win_rate);
    EXPECT_GE(b.ci_high, b.win_rate);
    points += b.points;
  }
  EXPECT_DOUBLE_EQ(points, 10.0);
  EXPECT_EQ(r.bots[0].wins, r.bots[1].losses);
  EXPECT_TRUE(r.has_elo);
  EXPECT_GT(r.average_decisions, 10);
}

TEST(Arena, GamesAreRoundedUpSoEveryBotPlaysEverySeatEqually) {
  ArenaReport r = Play(Options("marrakech", {"random", "random", "greedy"}, 4));
  EXPECT_EQ(r.options.games, 6);
  EXPECT_FALSE(r.has_elo);
  for (const BotResult& b : r.bots) EXPECT_EQ(b.games, 6);
}

TEST(Arena, SameSeedGivesTheSameResultsWhateverTheThreads) {
  ArenaOptions o = Options("marrakech", {"greedy", "mcts:iterations=60"}, 6, 42);
  ArenaReport one = Play(o);
  o.threads = 2;
  ArenaReport two = Play(o);
  ASSERT_EQ(one.bots.size(), two.bots.size());
  for (size_t b = 0; b < one.bots.size(); ++b) {
    EXPECT_EQ(one.bots[b].points, two.bots[b].points);
    EXPECT_EQ(one.bots[b].average_score, two.bots[b].average_score);
    EXPECT_EQ(one.bots[b].decisions, two.bots[b].decisions);
  }
  o.seed = 43;
  ArenaReport other = Play(o);
  EXPECT_NE(other.bots[0].average_score, one.bots[0].average_score);
}

TEST(Arena, ProgressIsReportedAfterEachGame) {
  std::vector<int> calls;
  ArenaOptions o = Options("jaipur", {"random", "random"}, 4);
  o.threads = 2;
  o.progress = [&](int done, int total) {
    EXPECT_EQ(total, 4);
    calls.push_back(done);
  };
  Play(o);
  EXPECT_EQ(calls, (std::vector<int>{1, 2, 3, 4}));
}

TEST(Arena, RefusesBadSetUpsBeforePlaying) {
  EXPECT_EQ(RunArena(Options("jaipur", {"random"})).message(), "jaipur needs 2 bots, got 1");
  EXPECT_EQ(RunArena(Options("marrakech", {"random", "random", "random", "random", "random"})).message(),
            "marrakech needs 2 to 4 bots, got 5");
  EXPECT_NE(RunArena(Options("jaipur", {"random", "wizard"})).message().find("bad bot 'wizard'"),
            std::string::npos);
  EXPECT_NE(RunArena(Options("chess", {"random", "random"})).message().find("chess"), std::string::npos);
  EXPECT_FALSE(RunArena(Options("jaipur", {"random", "random"}, 0)).ok());
}

TEST(Arena, RefusesCountsTooLargeToPlayBeforeAllocating) {
  // INT_MAX games used to overflow the rounding up to a multiple of the bots.
  EXPECT_EQ(RunArena(Options("jaipur", {"random", "random"}, 2147483647)).message(),
            "games must be from 1 to 1000000, got 2147483647");
  ArenaOptions many_threads = Options("jaipur", {"random", "random"}, 2);
  many_threads.threads = 100000;
  EXPECT_EQ(RunArena(many_threads).message(), "threads must be from 1 to 256, got 100000");
}

TEST(Arena, ReportsAsTextAndJson) {
  ArenaReport r = Play(Options("jaipur", {"greedy", "random"}, 2, 5));
  std::string text = ReportText(r);
  EXPECT_NE(text.find("greedy"), std::string::npos);
  EXPECT_NE(text.find("Elo difference (greedy over random)"), std::string::npos);
  Json j = ReportJson(r);
  EXPECT_EQ(j["bots"].size(), 2u);
  EXPECT_EQ(j["bots"][0]["bot"], "greedy");
  EXPECT_EQ(j["games"], 2);
}

// The report without its timings, which differ between any two runs.
Json Untimed(const ArenaReport& r) {
  Json j = ReportJson(r);
  j.erase("seconds");
  for (Json& b : j["bots"]) {
    b.erase("ms_per_move");
    b.erase("max_ms_per_move");
  }
  return j;
}

TEST(Arena, RangesOfGamesPlayedApartMergeIntoTheWholeRunsReport) {
  ArenaOptions o = Options("marrakech", {"greedy", "random", "mcts:iterations=30"}, 7, 11);
  const ArenaReport whole = Play(o);
  std::vector<GameOutcome> merged;
  for (auto [first, last] : {std::pair{0, 4}, std::pair{4, 4}, std::pair{4, 9}}) {
    o.threads = first == 0 ? 2 : 1;
    auto part = PlayArenaGames(o, first, last);
    ASSERT_TRUE(part.ok()) << part.message();
    ASSERT_EQ(part->size(), static_cast<size_t>(last - first));
    for (const GameOutcome& g : *part) merged.push_back(g);
  }
  o.threads = 1;
  auto report = ArenaReportOf(o, merged, 1.5);
  ASSERT_TRUE(report.ok()) << report.message();
  EXPECT_EQ(Untimed(*report), Untimed(whole));
  EXPECT_EQ(report->seconds, 1.5);
}

TEST(Arena, RangesOutsideTheRunAndMisplacedOutcomesAreRefused) {
  ArenaOptions o = Options("jaipur", {"random", "random"}, 3);  // rounded up to 4
  EXPECT_EQ(PlayArenaGames(o, 2, 5).message(), "games 2 to 5 are not a range of the 4 games");
  EXPECT_FALSE(PlayArenaGames(o, -1, 2).ok());
  EXPECT_FALSE(PlayArenaGames(o, 3, 2).ok());
  auto games = PlayArenaGames(o, 0, 4);
  ASSERT_TRUE(games.ok());
  EXPECT_FALSE(ArenaReportOf(o, std::span(*games).first(3), 0).ok()) << "a game missing";
  std::swap((*games)[0], (*games)[1]);
  EXPECT_EQ(ArenaReportOf(o, *games, 0).message(), "outcome 0 is not game 0 of 2 bots");
}

}  // namespace
}  // namespace souk::match
