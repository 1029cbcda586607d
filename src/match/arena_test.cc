// The arena's bookkeeping and statistics (its strength figures are in docs/ai.md).
#include "match/arena.h"
#include "match/arena_journal.h"

#include <chrono>
#include <cmath>
#include <map>
#include <thread>

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
    b.erase("startup_ms");
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

// Souk's random bot that fails at its `fail_at`-th move of each game (0: never), as an
// engine that crashes would: no move, and a reason.
class FailingBot : public ai::Bot {
 public:
  FailingBot(std::unique_ptr<ai::Bot> inner, int fail_at) : inner_(std::move(inner)), fail_at_(fail_at) {}
  std::string ChooseMove(const AnyView& view) override {
    if (++moves_ == fail_at_) {
      failure_ = "bot failing failed: it gave up";
      return {};
    }
    return inner_->ChooseMove(view);
  }
  ai::TextAnalysis Analyse(const AnyView& view) override { return inner_->Analyse(view); }
  size_t MemoryBytes() const override { return 0; }
  size_t SearchMemoryBytes() const override { return 0; }
  void SetMemoryLimit(size_t) override {}
  void ReleaseMemory() override {}
  std::string FailureReason() const override { return failure_; }
  ai::BotFailure FailureKind() const override { return failure_.empty() ? ai::BotFailure::kNone : ai::BotFailure::kCrashed; }

 private:
  std::unique_ptr<ai::Bot> inner_;
  int fail_at_, moves_ = 0;
  std::string failure_;
};

// "failing" is a FailingBot that fails at its third move; any other spec is Souk's.
Result<std::unique_ptr<ai::Bot>> WithFailingBot(std::string_view game, std::string_view spec, uint64_t seed) {
  if (spec != "failing") return ai::MakeBot(game, spec, seed);
  auto inner = ai::MakeBot(game, "random", seed);
  if (!inner.ok()) return inner.status();
  return std::unique_ptr<ai::Bot>(new FailingBot(std::move(*inner), 3));
}

TEST(Arena, GamesCutShortByAFailureAreNotInTheAverages) {
  ArenaOptions o = Options("jaipur", {"greedy", "random"}, 4, 9);
  auto games = PlayArenaGames(o, 0, 4);
  ASSERT_TRUE(games.ok()) << games.message();
  // Game 1 as if random had failed at its third move: a short game, a low score.
  GameOutcome& cut = (*games)[1];
  cut.failure = {"", "bot random failed: it gave up"};
  cut.total_decisions = 5;
  cut.score = {0, 0};
  double greedy_score = 0;
  int length = 0;
  for (int i : {0, 2, 3}) {
    greedy_score += (*games)[static_cast<size_t>(i)].score[0];
    length += (*games)[static_cast<size_t>(i)].total_decisions;
  }
  auto report = ArenaReportOf(o, *games, 1);
  ASSERT_TRUE(report.ok()) << report.message();
  EXPECT_EQ(report->cut_short, 1);
  EXPECT_EQ(report->bots[0].scored_games, 3);
  EXPECT_DOUBLE_EQ(report->bots[0].average_score, greedy_score / 3);
  EXPECT_DOUBLE_EQ(report->average_decisions, length / 3.0);
  EXPECT_EQ(report->bots[1].games, 4);  // still a game it played, and lost
  EXPECT_NE(ReportText(*report).find("1 game cut short by a bot's failure"), std::string::npos);
  EXPECT_EQ(ReportJson(*report)["cut_short"], 1);
}

TEST(Arena, ABotThatFailsEveryGameHasNoAverages) {
  ArenaOptions o = Options("jaipur", {"failing", "random"}, 4, 2);
  o.make_bot = WithFailingBot;
  ArenaReport r = Play(o);
  EXPECT_EQ(r.cut_short, 4);
  EXPECT_EQ(r.bots[0].failures, 4);
  EXPECT_EQ(r.bots[0].losses, 4);
  EXPECT_EQ(r.bots[0].scored_games, 0);
  EXPECT_EQ(r.bots[1].scored_games, 0);
  const std::string text = ReportText(r);
  EXPECT_NE(text.find("average game length: none (a failure cut every game short)"), std::string::npos) << text;
  Json j = ReportJson(r);
  EXPECT_TRUE(j["average_moves"].is_null());
  EXPECT_TRUE(j["bots"][0]["average_score"].is_null());
  EXPECT_EQ(j["bots"][0]["failed"], Json::parse(R"([{"code": "crashed", "what": "bot failing failed", "games": 4,
                                                     "first": "bot failing failed: it gave up"}])"));
}

// Failures are grouped by their code, whatever their messages say; a journal keeps
// the codes, and one written before codes counts its failures as "unknown".
TEST(Arena, FailuresAreCountedByCode) {
  ArenaOptions o = Options("jaipur", {"greedy", "random"}, 4, 9);
  auto games = PlayArenaGames(o, 0, 4);
  ASSERT_TRUE(games.ok()) << games.message();
  (*games)[0].failure = {"", "engine x timed out: no bestmove after 500 ms"};
  (*games)[0].failure_code = {"", "timed_out"};
  (*games)[1].failure = {"", "engine x timed out: no bestmove after 700 ms; it ignored stop and was killed"};
  (*games)[1].failure_code = {"", "timed_out"};
  (*games)[2].failure = {"", "engine x crashed: killed by signal 11"};
  (*games)[2].failure_code = {"", "crashed"};
  auto before_codes = OutcomeFromJson(Json{{"index", 3}, {"points", {1, 0}}, {"place", {1, 0}}, {"score", {9, 0}},
                                          {"moves", {3, 3}}, {"think_seconds", {0, 0}}, {"max_move_seconds", {0, 0}},
                                          {"total_moves", 6}, {"unfinished", false},
                                          {"failure", {"", "engine x went away: and said so"}}},
                                     2);
  ASSERT_TRUE(before_codes.ok()) << before_codes.message();
  (*games)[3] = *before_codes;
  auto read = OutcomeFromJson(OutcomeJson((*games)[1]), 2);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(read->failure_code, (std::vector<std::string>{"", "timed_out"}));
  auto report = ArenaReportOf(o, *games, 4);
  ASSERT_TRUE(report.ok()) << report.message();
  const auto& counts = report->bots[1].failure_counts;
  ASSERT_EQ(counts.size(), 3u);
  EXPECT_EQ(counts[0].code, "timed_out");
  EXPECT_EQ(counts[0].games, 2);
  EXPECT_EQ(counts[0].first, "engine x timed out: no bestmove after 500 ms");
  EXPECT_EQ(counts[1].code, "crashed");
  EXPECT_EQ(counts[2].code, "unknown");
  EXPECT_EQ(report->bots[1].failures, 4);
}

TEST(Arena, BeforeMoveIsToldTheMovesPlayedAndItsFirstCallIsTheStartUpNotAMove) {
  ArenaOptions o = Options("jaipur", {"random", "greedy"}, 2, 4);
  std::vector<int> told;                 // moves_played, call after call
  std::map<const ai::Bot*, int> calls;   // by bot: its calls this game
  o.before_move = [&](ai::Bot& bot, const AnyView& view, int moves_played) {
    EXPECT_EQ(std::visit([](const auto& v) { return v.viewer; }, view),
              std::visit([](const auto& v) { return v.to_move; }, view));
    told.push_back(moves_played);
    if (moves_played == 0) calls.clear();  // a new game: its bots may reuse the last game's addresses
    if (calls[&bot]++ == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a start that takes time
    return true;
  };
  ArenaReport r = Play(o);
  // Each game counts from 0, one more at every move.
  ASSERT_FALSE(told.empty());
  int games = 0;
  for (size_t i = 0; i < told.size(); ++i) {
    if (told[i] == 0) {
      ++games;
    } else {
      EXPECT_EQ(told[i], told[i - 1] + 1) << "call " << i;
    }
  }
  EXPECT_EQ(games, 2);
  // Counted, not timed: one start-up a game for each bot, its figure there, and no
  // extra move for it (one call before each move, the first of a game included).
  int decisions = 0;
  for (const BotResult& b : r.bots) {
    EXPECT_EQ(b.startups, 2) << b.spec;
    EXPECT_GT(b.startup_seconds, 0) << b.spec;
    decisions += b.decisions;
  }
  EXPECT_EQ(decisions, static_cast<int>(told.size())) << "the start-up is not a move";
  const std::string text = ReportText(r);
  const Json json = ReportJson(r);
  for (size_t b = 0; b < r.bots.size(); ++b) {
    EXPECT_NE(text.find(r.bots[b].spec + ": start-up "), std::string::npos) << text;
    EXPECT_GT(json.at("bots").at(b).at("startup_ms").get<double>(), 0.0) << r.bots[b].spec;
  }
}

}  // namespace
}  // namespace souk::match
