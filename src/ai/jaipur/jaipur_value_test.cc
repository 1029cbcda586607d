// The learned evaluation and its training: features in range on every position of
// random rounds, the kept weights judging plain positions the plain way, and a
// training run that is reproducible and learns.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ai/jaipur/jaipur_value.h"
#include "ai/jaipur/jaipur_value_training.h"
#include "core/jaipur/jaipur.h"
#include "core/prng.h"

namespace souk::ai::jaipur_bots {
namespace {

using jaipur::MoveList;
using jaipur::State;

// Every position of `games` random games' rounds, live ones only.
std::vector<State> LivePositions(int games, uint64_t seed) {
  std::vector<State> positions;
  MoveList moves;
  Prng prng(seed);
  for (int g = 0; g < games; ++g) {
    State s = State::NewGame(seed + static_cast<uint64_t>(g));
    while (!s.game_over) {
      positions.push_back(s);
      s.LegalMoves(&moves);
      s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  return positions;
}

// A run small enough for a unit test.
ValueTrainingConfig SmallRun(int64_t rounds, int64_t holdout_rounds, int64_t report_every) {
  ValueTrainingConfig config;
  config.rounds = rounds;
  config.holdout_rounds = holdout_rounds;
  config.report_every = report_every;
  return config;
}

TEST(JaipurValue, EveryFeatureOfEveryPositionIsAWeightOfTheModel) {
  const int count = ValueFeatureCount();
  ASSERT_EQ(static_cast<int>(LearnedValueWeights().size()), count);
  for (const State& s : LivePositions(40, 3)) {
    for (int player = 0; player < 2; ++player) {
      ValueFeatures f;
      ExtractValueFeatures(s, player, &f);
      ASSERT_GT(f.size, 0);
      ASSERT_LE(f.size, ValueFeatures::kMaxActive);
      for (int i = 0; i < f.size; ++i) {
        ASSERT_LT(f.index[static_cast<size_t>(i)], count);
        ASSERT_TRUE(std::isfinite(f.value[static_cast<size_t>(i)]));
      }
      const double p = SealProbability(LearnedValueWeights(), s, player);
      ASSERT_GT(p, 0.0);
      ASSERT_LT(p, 1.0);
    }
  }
}

TEST(JaipurValue, TheKeptWeightsFavourAPlayerFarAheadLateInTheRound) {
  int judged = 0, favoured = 0;
  for (const State& s : LivePositions(200, 11)) {
    if (s.deck_size > 6 && s.EmptyTokenPiles() < 2) continue;
    const int lead0 = s.players[0].GoodsRupees() + s.players[0].BonusRupees() - s.players[1].GoodsRupees() -
                      s.players[1].BonusRupees();
    if (std::abs(lead0) < 25) continue;
    const int leader = lead0 > 0 ? 0 : 1;
    ++judged;
    favoured += SealProbability(LearnedValueWeights(), s, leader) > 0.5;
  }
  ASSERT_GT(judged, 50);
  EXPECT_GE(favoured, judged * 95 / 100) << favoured << " of " << judged;
}

TEST(JaipurValueTraining, TheSameSeedTrainsTheSameWeights) {
  ValueTrainingConfig config = SmallRun(300, 50, 100);
  const ValueTrainingResult a = TrainValue(config, {});
  const ValueTrainingResult b = TrainValue(config, {});
  EXPECT_EQ(a.weights, b.weights);
  config.seed = 2;
  EXPECT_NE(TrainValue(config, {}).weights, a.weights);
}

TEST(JaipurValueTraining, TrainingLowersTheHeldOutLossBelowChance) {
  const ValueTrainingConfig config = SmallRun(3000, 300, 1000);
  std::vector<ValueTrainingPoint> heard;
  const ValueTrainingResult result = TrainValue(config, [&](const ValueTrainingPoint& p) { heard.push_back(p); });
  ASSERT_EQ(result.curve.size(), 4u);  // 0, 1000, 2000, 3000 rounds
  ASSERT_EQ(heard.size(), result.curve.size());
  EXPECT_NEAR(result.curve.front().log_loss, std::log(2.0), 1e-9);  // all weights 0: one half everywhere
  EXPECT_LT(result.curve.back().log_loss, 0.6);
  EXPECT_GT(result.curve.back().accuracy, 0.65);
  EXPECT_GT(result.holdout_positions, 300 * 2 * 20);
}

TEST(JaipurValueTraining, TheThreadsDoNotChangeTheWeights) {
  ValueTrainingConfig config = SmallRun(300, 30, 100);
  const ValueTrainingResult one = TrainValue(config, {});
  config.threads = 3;
  const ValueTrainingResult three = TrainValue(config, {});
  EXPECT_EQ(one.weights, three.weights);
  ASSERT_EQ(one.curve.size(), three.curve.size());
  for (size_t i = 0; i < one.curve.size(); ++i) EXPECT_EQ(one.curve[i].log_loss, three.curve[i].log_loss);
}

TEST(JaipurValueTraining, SearchSelfPlayIsReproducibleWhateverTheThreads) {
  ValueTrainingConfig config = SmallRun(12, 4, 6);
  config.search = MctsParams{};
  config.search->budget.iterations = 30;
  config.initial_weights.assign(LearnedValueWeights().begin(), LearnedValueWeights().end());
  const ValueTrainingResult one = TrainValue(config, {});
  config.threads = 2;
  const ValueTrainingResult two = TrainValue(config, {});
  EXPECT_EQ(one.weights, two.weights);
  EXPECT_NE(one.weights, config.initial_weights);  // it learned
  // Rounds played by the search are other rounds than the rollout policy's.
  ValueTrainingConfig rollout = SmallRun(12, 4, 6);
  rollout.initial_weights = config.initial_weights;
  EXPECT_NE(TrainValue(rollout, {}).holdout_positions, one.holdout_positions);
}

TEST(JaipurValueTraining, TrainingStartsFromTheGivenWeights) {
  ValueTrainingConfig config = SmallRun(100, 100, 100);
  config.initial_weights.assign(LearnedValueWeights().begin(), LearnedValueWeights().end());
  const ValueTrainingResult result = TrainValue(config, {});
  // Zeros would judge every position one half (log loss ln 2); the kept weights judge far better.
  EXPECT_LT(result.curve.front().log_loss, std::log(2.0) - 0.1);
}

TEST(JaipurValueTraining, TheIncludeFileReadsBackToEveryWeightAndItsAncestry) {
  const ValueTrainingConfig config = SmallRun(200, 20, 200);
  const ValueTrainingResult result = TrainValue(config, {});
  const std::string text =
      WeightsInclude(result, "souk train jaipur-value --from a.inc --rounds 200", {"souk train jaipur-value --out a.inc"});
  EXPECT_EQ(text.rfind("// Generated by `souk train jaipur-value --from a.inc --rounds 200`", 0), 0u);
  EXPECT_NE(text.find("\n// Started from weights generated by `souk train jaipur-value --out a.inc`.\n"),
            std::string::npos);
  // Every weight a float literal ("3.0f,"): the file is C++ source.
  size_t literals = 0;
  for (size_t at = text.find("f,"); at != std::string::npos; at = text.find("f,", at + 1)) ++literals;
  EXPECT_EQ(literals, result.weights.size());
  const Result<WeightsFile> read = ParseWeightsInclude(text);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(read->weights, result.weights);  // bit for bit
  EXPECT_EQ(read->generated_by,
            (std::vector<std::string>{"souk train jaipur-value --from a.inc --rounds 200", "souk train jaipur-value --out a.inc"}));
  // A command with a line break in it still heads one comment line.
  const std::string broken = WeightsInclude(result, "souk train\njaipur-value");
  EXPECT_EQ(broken.rfind("// Generated by `souk train jaipur-value`: do not edit.\n", 0), 0u);
}

TEST(JaipurValueTraining, ABrokenWeightsFileIsRefusedNamingWhatIsWrong) {
  std::string good = "// Generated by `x`: do not edit.\n";
  for (int i = 0; i < ValueFeatureCount(); ++i) good += "0.5f,\n";
  ASSERT_TRUE(ParseWeightsInclude(good).ok());
  const struct {
    std::string text;
    std::string says;
  } cases[] = {
      {good + "1.0f,\n", "holds " + std::to_string(ValueFeatureCount() + 1) + " weights; the model has"},
      {good.substr(0, good.size() - 6), "the model has"},
      {good + "1.2.3f,\n", "\"1.2.3\" is not a weight"},
      {"0.5f,,0.5f\n" + good, "line 1: an empty weight between two commas"},
      {"// Generated by `x\n" + good, "line 1: a \"Generated by\" line without its closing `"},
      {good + "nan,\n", "\"nan\" is not a weight"},
      {good + "{\n", "\"{\" is not a weight"},
      {"", "holds 0 weights"},
  };
  for (const auto& c : cases) {
    const Result<WeightsFile> read = ParseWeightsInclude(c.text);
    ASSERT_FALSE(read.ok()) << c.says;
    EXPECT_NE(read.message().find(c.says), std::string::npos) << read.message();
  }
}

}  // namespace
}  // namespace souk::ai::jaipur_bots
