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
  EXPECT_EQ(Parse("mcts").mcts.budget.iterations, 0);  // the default budget
}

TEST(BotSpec, ReadsEveryMctsOption) {
  BotSpec s = Parse("mcts:iterations=20000,time=500,threads=2,c=0.7,rollout=80");
  EXPECT_EQ(s.mcts.budget.iterations, 20000);
  EXPECT_EQ(s.mcts.budget.time_ms, 500);
  EXPECT_EQ(s.mcts.budget.threads, 2);
  EXPECT_DOUBLE_EQ(s.mcts.exploration, 0.7);
  EXPECT_EQ(s.mcts.rollout_cap, 80);
}

TEST(BotSpec, TimeTakesMillisecondsOrSeconds) {
  EXPECT_EQ(Parse("mcts:time=500").mcts.budget.time_ms, 500);
  EXPECT_EQ(Parse("mcts:time=500ms").mcts.budget.time_ms, 500);
  EXPECT_EQ(Parse("mcts:time=1.5s").mcts.budget.time_ms, 1500);
}

TEST(BotSpec, LevelsAreMctsBudgetsEachLargerThanTheOneBelow) {
  BotSpec easy = Parse("easy"), medium = Parse("medium"), hard = Parse("hard");
  EXPECT_EQ(easy.kind, BotKind::kMcts);
  EXPECT_EQ(hard.level, "hard");
  EXPECT_LT(easy.mcts.budget.iterations, medium.mcts.budget.iterations);
  EXPECT_LT(medium.mcts.budget.iterations, hard.mcts.budget.iterations);
}

TEST(BotSpec, OptionsOverrideALevel) {
  BotSpec s = Parse("hard:threads=1");
  EXPECT_EQ(s.mcts.budget.threads, 1);
  EXPECT_EQ(s.mcts.budget.iterations, LevelSpec("hard").mcts.budget.iterations);
  // A time limit replaces the level's iteration budget rather than adding to it.
  BotSpec timed = Parse("hard:time=200");
  EXPECT_EQ(timed.mcts.budget.time_ms, 200);
  EXPECT_EQ(timed.mcts.budget.iterations, 0);
}

TEST(BotSpec, CanonicalTextParsesBackToTheSameSpec) {
  for (std::string_view text : {"random", "greedy", "mcts", "easy", "medium", "hard", "hard:threads=1",
                                "mcts:iterations=20000,threads=2", "mcts:time=500", "mcts:c=0.35,rollout=40",
                                "medium:time=250"}) {
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
  EXPECT_NE(Error("mcts:").find("is not key=value"), std::string::npos);
  EXPECT_NE(Error("").find("unknown bot"), std::string::npos);
}

}  // namespace
}  // namespace souk::ai
