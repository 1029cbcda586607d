#include "rating/glicko2.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace souk::rating {
namespace {

double Round(double x, int digits) {
  const double scale = std::pow(10.0, digits);
  return std::round(x * scale) / scale;
}

Glicko2Config GlickmansConfig() {
  Glicko2Config config;
  config.tau = 0.5;         // the example's system constant
  config.min_deviation = 1;  // the example has no floor: an opponent is 1400 ± 30
  return config;
}

// Glickman, "Example of the Glicko-2 system" (2012), section "Example calculation".
// The paper rounds as it goes: it prints mu' = -0.2069 and phi' = 0.8722, then converts
// those rounded figures to 1464.06 and 151.52, and prints sigma' = 0.05999 (to five
// digits, truncated). Unrounded, the same algorithm gives 1464.0507, 151.5165 and
// 0.0599960. So the test checks the paper's figures the way the paper made them, and
// the unrounded result within the rounding of the paper's last digits.
TEST(Glicko2, ReproducesGlickmansWorkedExample) {
  const Rating player{1500, 200, 0.06};
  const std::vector<GameResult> results = {
      {{1400, 30, 0.06}, 1},
      {{1550, 100, 0.06}, 0},
      {{1700, 300, 0.06}, 0},
  };
  const Rating after = UpdateRatingPeriod(player, results, GlickmansConfig());
  const double mu = (after.rating - 1500) / 173.7178;
  const double phi = after.deviation / 173.7178;
  EXPECT_EQ(Round(mu, 4), -0.2069);
  EXPECT_EQ(Round(phi, 4), 0.8722);
  EXPECT_EQ(Round(1500 + 173.7178 * Round(mu, 4), 2), 1464.06);
  EXPECT_EQ(Round(173.7178 * Round(phi, 4), 2), 151.52);
  EXPECT_EQ(std::trunc(after.volatility * 1e5) / 1e5, 0.05999);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, OneGameIsTheRatingPeriodOfOneResult) {
  const Glicko2Config config;
  const Rating me{1600, 120, 0.06};
  const Rating opponent{1500, 80, 0.05};
  const GameResult result{opponent, 1};
  const Rating period = UpdateRatingPeriod(me, std::span<const GameResult>(&result, 1), config, 0.3);
  const Rating game = UpdateAfterGame(me, opponent, 1, 0.3, config);
  EXPECT_EQ(game.rating, period.rating);
  EXPECT_EQ(game.deviation, period.deviation);
  EXPECT_EQ(game.volatility, period.volatility);
}

TEST(Glicko2, AWinRaisesALossLowersADrawBetweenEqualsKeeps) {
  const Glicko2Config config;
  const Rating a{1500, 200, 0.06};
  EXPECT_GT(UpdateAfterGame(a, a, 1, 1, config).rating, 1500);
  EXPECT_LT(UpdateAfterGame(a, a, 0, 1, config).rating, 1500);
  EXPECT_NEAR(UpdateAfterGame(a, a, 0.5, 1, config).rating, 1500, 1e-9);
  EXPECT_LT(UpdateAfterGame(a, a, 0.5, 1, config).deviation, 200) << "a game teaches something";
}

// A long absence grows the deviation more than a short one, so the next game moves
// the rating more.
TEST(Glicko2, TheDeviationGrowsWithTheTimeSinceTheLastGame) {
  const Glicko2Config config;
  const Rating me{1700, 60, 0.06};
  const Rating opponent{1700, 60, 0.06};
  const Rating soon = UpdateAfterGame(me, opponent, 0, 0.0, config);
  const Rating later = UpdateAfterGame(me, opponent, 0, RatingPeriods(365, config), config);
  EXPECT_LT(later.rating, soon.rating);
  EXPECT_GT(later.deviation, soon.deviation);
}

TEST(Glicko2, AgedFollowsTheSquareRootRule) {
  const Glicko2Config config;
  const Rating me{1700, 60, 0.06};
  const double phi = 60 / 173.7178;
  const double expected = 173.7178 * std::sqrt(phi * phi + 10 * 0.06 * 0.06);
  EXPECT_NEAR(Aged(me, 10, config).deviation, expected, 1e-9);
  EXPECT_NEAR(Aged(me, 0, config).deviation, 60, 1e-9);
  EXPECT_EQ(Aged(me, 1e9, config).deviation, config.max_deviation) << "never less known than a newcomer";
  EXPECT_EQ(Aged(me, 10, config).rating, 1700);
}

// docs/ratings.md's claim: settled at the floor, a player shows "?" again after about a
// year without a game, not after a month.
TEST(Glicko2, ASettledPlayerBecomesProvisionalAfterAboutAYearAway) {
  const Glicko2Config config;
  const Rating settled{1800, config.min_deviation, 0.06};
  EXPECT_FALSE(IsProvisional(Aged(settled, RatingPeriods(30, config), config), config));
  EXPECT_FALSE(IsProvisional(Aged(settled, RatingPeriods(300, config), config), config));
  EXPECT_TRUE(IsProvisional(Aged(settled, RatingPeriods(600, config), config), config));
}

TEST(Glicko2, TheDeviationStaysWithinItsBounds) {
  const Glicko2Config config;
  Rating me{1500, 50, 0.06};
  const Rating opponent{1500, 50, 0.06};
  for (int i = 0; i < 500; ++i) me = UpdateAfterGame(me, opponent, i % 2, 0.0, config);
  EXPECT_EQ(me.deviation, config.min_deviation);
  const Rating newcomer;
  EXPECT_LE(UpdateAfterGame(newcomer, opponent, 1, 1e6, config).deviation, config.max_deviation);
}

TEST(Glicko2, TheVolatilityIsCapped) {
  const Glicko2Config config;
  Rating me{1500, 100, 0.09};
  const Rating weak{1000, 50, 0.06};
  const Rating strong{2000, 50, 0.06};
  for (int i = 0; i < 50; ++i) me = UpdateAfterGame(me, i % 2 ? weak : strong, i % 2 ? 0 : 1, 1, config);  // upsets
  EXPECT_LE(me.volatility, config.max_volatility);
  EXPECT_GT(me.volatility, 0.09) << "upsets raise the volatility";
}

// tau is what lets the volatility move: the same upsets move it more under a larger one.
TEST(Glicko2, ALargerTauLetsTheVolatilityMoveMore) {
  auto after_upsets = [](double tau) {
    Glicko2Config config;
    config.tau = tau;
    Rating me{1500, 100, 0.06};
    for (int i = 0; i < 10; ++i) me = UpdateAfterGame(me, Rating{2000, 50, 0.06}, 1, 1, config);
    return me.volatility;
  };
  EXPECT_GT(after_upsets(0.3), 0.06);
  EXPECT_GT(after_upsets(1.2), after_upsets(0.75));
  EXPECT_GT(after_upsets(0.75), after_upsets(0.3));
}

TEST(Glicko2, ProvisionalAboveTheThreshold) {
  const Glicko2Config config;
  EXPECT_TRUE(IsProvisional(Rating{}, config));
  EXPECT_FALSE(IsProvisional(Rating{1500, 110, 0.06}, config));
  EXPECT_TRUE(IsProvisional(Rating{1500, 110.01, 0.06}, config));
  EXPECT_TRUE(IsProvisional(Rating{1500, std::numeric_limits<double>::quiet_NaN(), 0.06}, config));
}

TEST(Glicko2, NoResultsOnlyGrowsTheDeviation) {
  const Glicko2Config config;
  const Rating me{1650, 80, 0.06};
  const Rating after = UpdateRatingPeriod(me, {}, config);
  EXPECT_EQ(after.rating, 1650);
  EXPECT_EQ(after.deviation, Aged(me, 1, config).deviation);
  EXPECT_GT(after.deviation, 80);
}

TEST(Glicko2, BadInputIsRefused) {
  const Glicko2Config config;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const Rating ok;
  EXPECT_THROW(UpdateAfterGame(ok, ok, 1.5, 1, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(ok, ok, -0.1, 1, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(ok, ok, nan, 1, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(Rating{nan, 100, 0.06}, ok, 1, 1, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(ok, Rating{1500, inf, 0.06}, 1, 1, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(ok, ok, 1, nan, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(ok, ok, 1, -1, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(Rating{1500, -5, 0.06}, ok, 1, 1, config), std::invalid_argument);
  EXPECT_THROW(UpdateAfterGame(Rating{1500, 100, 0}, ok, 1, 1, config), std::invalid_argument);
  EXPECT_THROW(Aged(ok, nan, config), std::invalid_argument);
  EXPECT_THROW(RatingPeriods(-1, config), std::invalid_argument);
  Glicko2Config no_floor;
  no_floor.min_deviation = 0;
  EXPECT_THROW(UpdateAfterGame(ok, ok, 1, 1, no_floor), std::invalid_argument) << "a floor of 0 would divide by 0";
}

// A deviation of 0 (a corrupt row, a hand-made bot rating) reads as the floor rather
// than dividing by zero.
TEST(Glicko2, AZeroDeviationReadsAsTheFloor) {
  const Glicko2Config config;
  const Rating zero{1500, 0, 0.06};
  EXPECT_EQ(Checked(zero, config).deviation, config.min_deviation);
  const Rating after = UpdateAfterGame(zero, Rating{1500, 0, 0.06}, 1, 1, config);
  EXPECT_TRUE(std::isfinite(after.rating));
  EXPECT_GT(after.rating, 1500);
  EXPECT_EQ(after.rating, UpdateAfterGame(Rating{1500, 45, 0.06}, Rating{1500, 45, 0.06}, 1, 1, config).rating);
}

TEST(Glicko2, RatingsFarApartStayFinite) {
  const Glicko2Config config;
  const Rating after = UpdateAfterGame(Rating{1e6, 45, 0.06}, Rating{-1e6, 45, 0.06}, 0, 1, config);
  EXPECT_TRUE(std::isfinite(after.rating));
  EXPECT_TRUE(std::isfinite(after.deviation));
  EXPECT_TRUE(std::isfinite(after.volatility));
  EXPECT_LT(after.rating, 1e6);
}

TEST(Glicko2, ExpectedScore) {
  EXPECT_DOUBLE_EQ(ExpectedScore(Rating{1500, 50, 0.06}, Rating{1500, 50, 0.06}), 0.5);
  EXPECT_GT(ExpectedScore(Rating{1900, 50, 0.06}, Rating{1500, 50, 0.06}), 0.9);
  // A more uncertain opponent pulls the expectation towards one half.
  EXPECT_LT(ExpectedScore(Rating{1900, 50, 0.06}, Rating{1500, 300, 0.06}),
            ExpectedScore(Rating{1900, 50, 0.06}, Rating{1500, 50, 0.06}));
}

}  // namespace
}  // namespace souk::rating
