#include "rating/bot_ratings.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rating/bot_ratings_test_util.h"

namespace souk::rating {
namespace {

double Expected(double a, double b) { return 1 / (1 + std::pow(10.0, (b - a) / 400)); }

using testing::ByName;

const std::map<std::string, double> kTrue = {{"random", 500}, {"greedy", 1300}, {"easy", 1550}, {"medium", 1700}};

// Records whose scores are exactly what the true ratings expect: the fit must give the
// true ratings back, to the precision of Newton's stopping rule.
TEST(BotRatings, RecoversTheRatingsBehindExactRecords) {
  std::vector<BotMatch> matches;
  const std::vector<std::pair<std::string, std::string>> pairings = {
      {"greedy", "random"}, {"easy", "greedy"}, {"medium", "easy"}, {"medium", "greedy"}};
  for (const auto& [a, b] : pairings) {
    const double p = Expected(kTrue.at(a), kTrue.at(b));
    matches.push_back({a, b, 400 * p, 0, 400 * (1 - p)});
  }
  const auto fit = ByName(FitBotRatings(matches, {"random", 500, 0}));
  ASSERT_EQ(fit.size(), 4u);
  for (const auto& [bot, rating] : kTrue) EXPECT_NEAR(fit.at(bot).rating, rating, 1e-6) << bot;
  EXPECT_EQ(fit.at("random").standard_error, 0);
  EXPECT_GT(fit.at("medium").standard_error, fit.at("easy").standard_error) << "farther from the anchor";
}

// Records drawn at random from the true ratings (seeded): the fit lands within a few
// standard errors, and the standard errors are of the size 400 games give.
TEST(BotRatings, RecoversKnownRatingsFromSampledGames) {
  std::mt19937_64 engine(7);
  auto uniform = [&] { return static_cast<double>(engine() >> 11) / 9007199254740992.0; };
  std::vector<BotMatch> matches;
  const std::vector<std::pair<std::string, std::string>> pairings = {
      {"easy", "greedy"}, {"medium", "easy"}, {"medium", "greedy"}, {"greedy", "random"}, {"easy", "random"}};
  for (const auto& [a, b] : pairings) {
    const double p = Expected(kTrue.at(a), kTrue.at(b));
    BotMatch m{a, b};
    // Draws now and then, taken from wins and losses alike so that the expected score
    // stays p, as the model has it.
    const double draw = 0.2 * std::min(p, 1 - p);
    for (int g = 0; g < 400; ++g) {
      const double u = uniform();
      if (u < draw) {
        m.draws += 1;
      } else if (u < draw + p - draw / 2) {
        m.wins += 1;
      } else {
        m.losses += 1;
      }
    }
    matches.push_back(m);
  }
  const auto fit = ByName(FitBotRatings(matches, {"greedy", 1300, 1}));
  for (const auto& [bot, rating] : kTrue) {
    if (bot == "greedy") continue;
    EXPECT_NEAR(fit.at(bot).rating, rating, 3 * fit.at(bot).standard_error) << bot;
    EXPECT_GT(fit.at(bot).standard_error, 10) << bot;
    EXPECT_LT(fit.at(bot).standard_error, 150) << bot;  // random wins only a few games: the widest
  }
  EXPECT_EQ(fit.at("greedy").rating, 1300);
}

// A perfect score has no finite maximum; one virtual draw makes the gap that of 400.5
// points in 401 games: 400 log10(801) = 1162 points.
TEST(BotRatings, VirtualDrawsBoundAPerfectScore) {
  const std::vector<BotMatch> matches = {{"greedy", "random", 400, 0, 0}};
  const auto fit = ByName(FitBotRatings(matches, {"random", 500, 1}));
  EXPECT_NEAR(fit.at("greedy").rating - 500, 400 * std::log10(801.0), 1e-6);
  EXPECT_THROW(FitBotRatings(matches, {"random", 500, 0}), std::invalid_argument);
}

TEST(BotRatings, BadInputIsRefused) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const BotFitOptions options{"random", 500, 1};
  EXPECT_THROW(FitBotRatings(std::vector<BotMatch>{}, options), std::invalid_argument);
  EXPECT_THROW(FitBotRatings(std::vector<BotMatch>{{"greedy", "random", nan, 0, 1}}, options), std::invalid_argument);
  EXPECT_THROW(FitBotRatings(std::vector<BotMatch>{{"greedy", "random", -1, 0, 1}}, options), std::invalid_argument);
  EXPECT_THROW(FitBotRatings(std::vector<BotMatch>{{"random", "random", 1, 0, 1}}, options), std::invalid_argument);
  EXPECT_THROW(FitBotRatings(std::vector<BotMatch>{{"greedy", "easy", 1, 0, 1}}, options), std::invalid_argument)
      << "the anchor played no match";
  const std::vector<BotMatch> islands = {{"greedy", "random", 3, 0, 1}, {"hard", "medium", 3, 0, 1}};
  EXPECT_THROW(FitBotRatings(islands, options), std::invalid_argument) << "hard and medium never met the others";
  EXPECT_THROW(FitBotRatings(std::vector<BotMatch>{{"greedy", "random", 3, 0, 1}}, {"random", 500, -1}),
               std::invalid_argument);
}

}  // namespace
}  // namespace souk::rating
