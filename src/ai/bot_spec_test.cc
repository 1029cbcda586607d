// The bot spec grammar of ai/bot_spec.h.
#include "ai/bot_spec.h"

#include <gtest/gtest.h>

namespace souk::ai {
namespace {

BotSpec Parse(std::string_view text) {
  auto spec = ParseBotSpec(text);
  EXPECT_TRUE(spec.ok()) << spec.message();
  return spec.ok() ? *spec : BotSpec{};
}

std::string Error(std::string_view text) {
  auto spec = ParseBotSpec(text);
  EXPECT_FALSE(spec.ok()) << text;
  return spec.message();
}

TEST(BotSpec, NamesTheThreeKinds) {
  EXPECT_EQ(Parse("random").kind, BotKind::kRandom);
  EXPECT_EQ(Parse("greedy").kind, BotKind::kGreedy);
  EXPECT_EQ(Parse("mcts").kind, BotKind::kMcts);
  EXPECT_EQ(Parse("mcts"), BotSpec{});  // every option left to the bot's defaults
}

TEST(BotSpec, ReadsEveryMctsOption) {
  MctsParams p = ResolveParams("jaipur", Parse("mcts:iterations=20000,time=500,threads=2,c=0.7,rollout=80"));
  EXPECT_EQ(p.budget.iterations, 20000);
  EXPECT_EQ(p.budget.time_ms, 500);
  EXPECT_EQ(p.budget.threads, 2);
  EXPECT_DOUBLE_EQ(p.exploration, 0.7);
  EXPECT_EQ(p.rollout_cap, 80);
}

TEST(BotSpec, TimeTakesMillisecondsOrSeconds) {
  EXPECT_EQ(Parse("mcts:time=500").time_ms, 500);
  EXPECT_EQ(Parse("mcts:time=500ms").time_ms, 500);
  EXPECT_EQ(Parse("mcts:time=1.5s").time_ms, 1500);
  // Whole milliseconds written as decimal seconds that binary cannot hold exactly.
  EXPECT_EQ(Parse("mcts:time=1.005s").time_ms, 1005);
  EXPECT_EQ(Parse("mcts:time=0.007s").time_ms, 7);
  EXPECT_NE(Error("mcts:time=1.0005s").find("time must be milliseconds"), std::string::npos);
  EXPECT_NE(Error("mcts:time=2.5").find("time must be milliseconds"), std::string::npos);
}

TEST(BotSpec, LevelsAreMctsBudgetsEachLargerThanTheOneBelow) {
  EXPECT_EQ(Parse("easy").kind, BotKind::kMcts);
  EXPECT_EQ(Parse("hard").level, "hard");
  for (std::string_view game : {"jaipur", "marrakech"}) {
    MctsParams easy = ResolveParams(game, Parse("easy")), medium = ResolveParams(game, Parse("medium")),
               hard = ResolveParams(game, Parse("hard"));
    EXPECT_GT(easy.budget.iterations, 0);
    EXPECT_LT(easy.budget.iterations, medium.budget.iterations);
    EXPECT_LT(medium.budget.iterations, hard.budget.iterations);
    EXPECT_EQ(easy.budget.time_ms, 0);  // iterations only: the same strength on any machine
  }
}

TEST(BotSpec, OptionsOverrideALevel) {
  MctsParams p = ResolveParams("jaipur", Parse("hard:threads=1"));
  EXPECT_EQ(p.budget.threads, 1);
  EXPECT_EQ(p.budget.iterations, LevelParams("jaipur", "hard").budget.iterations);
  // A time limit replaces the level's iteration budget rather than adding to it.
  MctsParams timed = ResolveParams("jaipur", Parse("hard:time=200"));
  EXPECT_EQ(timed.budget.time_ms, 200);
  EXPECT_EQ(timed.budget.iterations, 0);
  EXPECT_EQ(timed.budget.threads, LevelParams("jaipur", "hard").budget.threads);
}

TEST(BotSpec, ClockIsAManagedMeanTimeAMove) {
  BotSpec s = Parse("mcts:clock=100,threads=1");
  EXPECT_EQ(s.time_ms, 100);
  EXPECT_TRUE(s.clock);
  MctsParams p = ResolveParams("jaipur", s);
  EXPECT_TRUE(p.budget.clock);
  EXPECT_EQ(p.budget.time_ms, 100);
  EXPECT_FALSE(ResolveParams("jaipur", Parse("mcts:time=100")).budget.clock);
  EXPECT_EQ(ResolveParams("jaipur", Parse("hard:clock=1s")).budget.iterations, 0);
  EXPECT_EQ(LongestMoveMs(s), 200);  // a move may think twice the mean
  EXPECT_EQ(LongestMoveMs(Parse("mcts:time=100")), 100);
  EXPECT_EQ(LongestMoveMs(Parse("hard")), 0);
}

TEST(BotSpec, CanonicalTextParsesBackToTheSameSpec) {
  for (std::string_view text : {"random", "greedy", "mcts", "easy", "medium", "hard", "hard:threads=1",
                                "mcts:iterations=20000,threads=2", "mcts:time=500", "mcts:c=0.35,rollout=40",
                                "medium:time=250", "mcts:clock=100,threads=1", "hard:clock=2s"}) {
    BotSpec s = Parse(text);
    EXPECT_EQ(Parse(ToString(s)), s) << text << " -> " << ToString(s);
  }
  EXPECT_EQ(ToString(Parse("mcts:threads=2,iterations=20000")), "mcts:iterations=20000,threads=2");
}

TEST(BotSpec, ErrorsNameTheSpecAndWhatIsWrong) {
  EXPECT_EQ(Error("wizard"), "bad bot 'wizard': unknown bot; expected random, greedy, mcts, easy, medium or hard");
  EXPECT_EQ(Error("greedy:time=5"), "bad bot 'greedy:time=5': greedy takes no options");
  EXPECT_NE(Error("mcts:time=x").find("time must be milliseconds"), std::string::npos);
  EXPECT_NE(Error("mcts:time=0").find("time must be milliseconds"), std::string::npos);
  EXPECT_NE(Error("mcts:iterations=-3").find("iterations must be"), std::string::npos);
  EXPECT_NE(Error("mcts:iterations=99999999999999").find("iterations must be"), std::string::npos);
  EXPECT_NE(Error("mcts:threads=0").find("threads must be"), std::string::npos);
  EXPECT_NE(Error("mcts:c=nan").find("c must be"), std::string::npos);
  EXPECT_NE(Error("mcts:depth=3").find("unknown option 'depth'"), std::string::npos);
  EXPECT_NE(Error("mcts:time").find("is not key=value"), std::string::npos);
  EXPECT_NE(Error("mcts:time=5,time=6").find("given twice"), std::string::npos);
  EXPECT_NE(Error("mcts:clock=0").find("clock must be milliseconds"), std::string::npos);
  EXPECT_NE(Error("mcts:time=100,clock=100").find("not both"), std::string::npos);
  EXPECT_NE(Error("mcts:clock=100,time=100").find("not both"), std::string::npos);
  EXPECT_NE(Error("mcts:").find("is not key=value"), std::string::npos);
  EXPECT_NE(Error("").find("unknown bot"), std::string::npos);
}

}  // namespace
}  // namespace souk::ai
