#include "rating/multiplayer.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace souk::rating {
namespace {

constexpr MultiplayerMethod kAll[] = {MultiplayerMethod::kGlicko2Pairwise, MultiplayerMethod::kWengLinBradleyTerry,
                                      MultiplayerMethod::kWengLinPlackettLuce};

TEST(Multiplayer, TwoSeatsOfGlicko2PairwiseAreTheTwoPlayerUpdate) {
  const MultiplayerConfig config;
  const Rating a{1620, 90, 0.06};
  const Rating b{1480, 140, 0.07};
  const std::vector<Seat> seats = {{a, 2, 0.5}, {b, 1, 3}};
  const std::vector<Rating> after = RateMultiplayerGame(MultiplayerMethod::kGlicko2Pairwise, seats, config);
  ASSERT_EQ(after.size(), 2u);
  // Each sees the other as they stand now, aged by their own time away.
  EXPECT_EQ(after[0].rating, UpdateAfterGame(a, Aged(b, 3, config.glicko), 0, 0.5, config.glicko).rating);
  EXPECT_EQ(after[1].rating, UpdateAfterGame(b, Aged(a, 0.5, config.glicko), 1, 3, config.glicko).rating);
  EXPECT_EQ(after[1].deviation, UpdateAfterGame(b, Aged(a, 0.5, config.glicko), 1, 3, config.glicko).deviation);
}

TEST(Multiplayer, EqualPlayersEndInTheOrderTheyFinished) {
  const MultiplayerConfig config;
  const Rating r{1500, 200, 0.06};
  const std::vector<Seat> seats = {{r, 3, 1}, {r, 1, 1}, {r, 4, 1}, {r, 2, 1}};
  for (MultiplayerMethod method : kAll) {
    const std::vector<Rating> after = RateMultiplayerGame(method, seats, config);
    EXPECT_GT(after[1].rating, after[3].rating) << MethodName(method);
    EXPECT_GT(after[3].rating, 1500) << MethodName(method);
    EXPECT_LT(after[0].rating, 1500) << MethodName(method);
    EXPECT_LT(after[2].rating, after[0].rating) << MethodName(method);
    for (const Rating& x : after) EXPECT_LT(x.deviation, Aged(r, 1, config.glicko).deviation) << MethodName(method);
  }
}

TEST(Multiplayer, ATieBetweenEqualsMovesNobody) {
  const MultiplayerConfig config;
  const Rating r{1500, 200, 0.06};
  const std::vector<Seat> seats = {{r, 1, 0}, {r, 1, 0}, {r, 1, 0}};
  for (MultiplayerMethod method : kAll) {
    for (const Rating& x : RateMultiplayerGame(method, seats, config))
      EXPECT_NEAR(x.rating, 1500, 1e-9) << MethodName(method);
  }
}

TEST(Multiplayer, TiedPlayersMoveAlike) {
  const MultiplayerConfig config;
  const Rating r{1500, 200, 0.06};
  const std::vector<Seat> seats = {{r, 1, 0}, {r, 2, 0}, {r, 2, 0}, {r, 4, 0}};
  for (MultiplayerMethod method : kAll) {
    const std::vector<Rating> after = RateMultiplayerGame(method, seats, config);
    EXPECT_NEAR(after[1].rating, after[2].rating, 1e-9) << MethodName(method);
    EXPECT_GT(after[0].rating, after[1].rating) << MethodName(method);
    EXPECT_GT(after[1].rating, after[3].rating) << MethodName(method);
  }
}

TEST(Multiplayer, OnlyTheOrderOfPlacesMatters) {
  const MultiplayerConfig config;
  const std::vector<Seat> gaps = {{Rating{1600, 100, 0.06}, 1, 0}, {Rating{1500, 150, 0.06}, 3, 0}, {Rating{}, 3, 0}};
  std::vector<Seat> dense = gaps;
  dense[1].place = dense[2].place = 2;
  for (MultiplayerMethod method : kAll) {
    const std::vector<Rating> a = RateMultiplayerGame(method, gaps, config);
    const std::vector<Rating> b = RateMultiplayerGame(method, dense, config);
    for (size_t i = 0; i < a.size(); ++i) EXPECT_DOUBLE_EQ(a[i].rating, b[i].rating) << MethodName(method);
  }
}

TEST(Multiplayer, AnUpsetMovesMoreThanAnExpectedWin) {
  const MultiplayerConfig config;
  const Rating strong{1800, 80, 0.06};
  const Rating weak{1300, 80, 0.06};
  for (MultiplayerMethod method : kAll) {
    const std::vector<Seat> expected = {{strong, 1, 0}, {weak, 2, 0}, {weak, 2, 0}};
    const std::vector<Seat> upset = {{strong, 3, 0}, {weak, 1, 0}, {weak, 1, 0}};
    const double gain = RateMultiplayerGame(method, expected, config)[0].rating - 1800;
    const double loss = 1800 - RateMultiplayerGame(method, upset, config)[0].rating;
    EXPECT_GT(gain, 0) << MethodName(method);
    EXPECT_GT(loss, 3 * gain) << MethodName(method);
  }
}

// The mapping's promise: between two players of known skill, Weng-Lin's Bradley-Terry
// chance and Glicko's are the same curve.
TEST(Multiplayer, TheWengLinScaleGivesGlickosWinChances) {
  const WengLinConfig config;
  EXPECT_NEAR(RatingPointsPerMu(config), 29.48, 0.01);
  for (double gap : {50.0, 200.0, 400.0}) {
    const WengLinSkill a = ToWengLin(Rating{1500 + gap, 0, 0.06}, config);
    const WengLinSkill b = ToWengLin(Rating{1500, 0, 0.06}, config);
    const double weng_lin = 1 / (1 + std::exp(-(a.mu - b.mu) / (std::sqrt(2.0) * config.beta)));
    const double glicko = 1 / (1 + std::pow(10.0, -gap / 400));
    EXPECT_NEAR(weng_lin, glicko, 1e-4) << gap;
  }
  const Rating r{1712, 95, 0.07};
  const Rating back = FromWengLin(ToWengLin(r, config), r.volatility, config);
  EXPECT_NEAR(back.rating, r.rating, 1e-9);
  EXPECT_NEAR(back.deviation, r.deviation, 1e-9);
  EXPECT_NEAR(ToWengLin(Rating{}, config).mu, 25, 1e-12);
}

// OpenSkill's published figures (openskill.py's README, openskill.js's tests: defaults
// mu 25, sigma 25/3, beta 25/6, no tau): one game from four newcomers by each model, and
// from two. Through the mapping to the Glicko scale and back, with no time away.
TEST(Multiplayer, WengLinReproducesOpenSkillsFigures) {
  const MultiplayerConfig config;
  const Rating newcomer = FromWengLin({25, 25.0 / 3}, 0.06, config.weng_lin);
  const std::vector<Seat> four = {{newcomer, 1, 0}, {newcomer, 2, 0}, {newcomer, 3, 0}, {newcomer, 4, 0}};
  const double mu[] = {27.795084971874736, 26.552824984374855, 24.68943500312503, 20.96265504062538};
  const double sigma[] = {8.263160757613477, 8.179213704945203, 8.083731307186588, 8.083731307186588};
  const std::vector<Rating> after = RateMultiplayerGame(MultiplayerMethod::kWengLinPlackettLuce, four, config);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_NEAR(ToWengLin(after[i], config.weng_lin).mu, mu[i], 1e-9) << i;
    EXPECT_NEAR(ToWengLin(after[i], config.weng_lin).sigma, sigma[i], 1e-9) << i;
  }
  const double bt_mu[] = {32.90569415042095, 27.63523138347365, 22.36476861652635, 17.09430584957905};
  const std::vector<Rating> bt = RateMultiplayerGame(MultiplayerMethod::kWengLinBradleyTerry, four, config);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_NEAR(ToWengLin(bt[i], config.weng_lin).mu, bt_mu[i], 1e-9) << i;
    EXPECT_NEAR(ToWengLin(bt[i], config.weng_lin).sigma, 7.5012190693964005, 1e-9) << i;
  }
  const std::vector<Seat> two = {{newcomer, 1, 0}, {newcomer, 2, 0}};
  for (MultiplayerMethod method : {MultiplayerMethod::kWengLinPlackettLuce, MultiplayerMethod::kWengLinBradleyTerry}) {
    const std::vector<Rating> pair = RateMultiplayerGame(method, two, config);
    EXPECT_NEAR(ToWengLin(pair[0], config.weng_lin).mu, 27.63523138347365, 1e-9) << MethodName(method);
    EXPECT_NEAR(ToWengLin(pair[1], config.weng_lin).mu, 22.36476861652635, 1e-9) << MethodName(method);
    EXPECT_NEAR(ToWengLin(pair[0], config.weng_lin).sigma, 8.065506316323548, 1e-9) << MethodName(method);
  }
}

TEST(Multiplayer, BadInputIsRefused) {
  const MultiplayerConfig config;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (MultiplayerMethod method : kAll) {
    EXPECT_THROW(RateMultiplayerGame(method, std::vector<Seat>{}, config), std::invalid_argument);
    EXPECT_THROW(RateMultiplayerGame(method, std::vector<Seat>{{Rating{}, 1, 0}}, config), std::invalid_argument);
    const std::vector<Seat> bad_rating = {{Rating{nan, 100, 0.06}, 1, 0}, {Rating{}, 2, 0}};
    EXPECT_THROW(RateMultiplayerGame(method, bad_rating, config), std::invalid_argument) << MethodName(method);
    const std::vector<Seat> bad_time = {{Rating{}, 1, -2}, {Rating{}, 2, 0}};
    EXPECT_THROW(RateMultiplayerGame(method, bad_time, config), std::invalid_argument) << MethodName(method);
  }
  MultiplayerConfig no_beta;
  no_beta.weng_lin.beta = 0;
  const std::vector<Seat> ok = {{Rating{}, 1, 0}, {Rating{}, 2, 0}};
  EXPECT_THROW(RateMultiplayerGame(MultiplayerMethod::kWengLinBradleyTerry, ok, no_beta), std::invalid_argument);
}

// Ratings far apart (a corrupt row, a test) give finite results: Plackett-Luce's
// exponentials are shifted, so none overflows.
TEST(Multiplayer, ExtremeRatingsStayFinite) {
  const MultiplayerConfig config;
  const std::vector<Seat> seats = {{Rating{1e6, 45, 0.06}, 2, 0}, {Rating{-1e6, 45, 0.06}, 1, 0}, {Rating{}, 3, 0}};
  for (MultiplayerMethod method : kAll)
    for (const Rating& r : RateMultiplayerGame(method, seats, config)) {
      EXPECT_TRUE(std::isfinite(r.rating)) << MethodName(method);
      EXPECT_TRUE(std::isfinite(r.deviation)) << MethodName(method);
    }
}

}  // namespace
}  // namespace souk::rating
