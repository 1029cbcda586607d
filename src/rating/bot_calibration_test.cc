#include "rating/bot_calibration.h"

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rating/bot_ratings_test_util.h"

namespace souk::rating {
namespace {

using testing::ByName;

// docs/ratings.md's table, from docs/ai.md's figures.
TEST(BotCalibration, JaipursLevelsClimbFromGreedy) {
  const auto bots = ByName(CalibratedBotRatings("jaipur"));
  ASSERT_EQ(bots.size(), 5u);
  EXPECT_EQ(bots.at("greedy").rating, 1500);
  EXPECT_NEAR(bots.at("random").rating, 339, 0.5);
  EXPECT_NEAR(bots.at("easy").rating, 2065, 0.5);
  EXPECT_NEAR(bots.at("medium").rating, 2236, 0.5);
  EXPECT_NEAR(bots.at("hard").rating, 2347, 0.5);
}

TEST(BotCalibration, MarrakechsLevelsSitCloseTogether) {
  const auto bots = ByName(CalibratedBotRatings("marrakech"));
  ASSERT_EQ(bots.size(), 5u);
  EXPECT_EQ(bots.at("greedy").rating, 1500);
  EXPECT_NEAR(bots.at("easy").rating, 1271, 0.5);
  EXPECT_NEAR(bots.at("medium").rating, 1500, 0.5);
  EXPECT_NEAR(bots.at("hard").rating, 1567, 0.5);
  EXPECT_LT(bots.at("hard").standard_error, 20);
}

TEST(BotCalibration, AGameWithoutFiguresHasNoBotRatings) {
  EXPECT_TRUE(CalibratedBotRatings("chess").empty());
  for (const GameArenaFigures& figures : ArenaFigures()) EXPECT_FALSE(CalibratedBotRatings(figures.game).empty());
}

TEST(BotCalibration, ABotAsAnOpponentHasAtLeastTheFloorDeviation) {
  const Glicko2Config config;
  const auto bots = ByName(CalibratedBotRatings("marrakech"));
  const Rating hard = BotAsOpponent(bots.at("hard"), config);
  EXPECT_EQ(hard.rating, bots.at("hard").rating);
  EXPECT_EQ(hard.deviation, config.min_deviation) << "a standard error of 16 reads as the floor";
  EXPECT_EQ(BotAsOpponent(bots.at("greedy"), config).deviation, config.min_deviation) << "the anchor's 0 too";
  EXPECT_NEAR(BotAsOpponent(bots.at("random"), config).deviation, 246, 1);
  // A newcomer who beats `hard` gains more than one who beats `easy`.
  const Rating newcomer;
  const Rating easy = BotAsOpponent(bots.at("easy"), config);
  EXPECT_GT(UpdateAfterGame(newcomer, hard, 1, 0, config).rating, UpdateAfterGame(newcomer, easy, 1, 0, config).rating);
}

}  // namespace
}  // namespace souk::rating
