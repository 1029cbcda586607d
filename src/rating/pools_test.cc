#include "rating/pools.h"

#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace souk::rating {
namespace {

TEST(Pools, TheThreePoolsOfTheIssue) {
  EXPECT_EQ(PoolFor("jaipur", 2), Pool::kJaipur);
  EXPECT_EQ(PoolFor("marrakech", 2), Pool::kMarrakechTwoPlayers);
  EXPECT_EQ(PoolFor("marrakech", 3), Pool::kMarrakechMultiplayer);
  EXPECT_EQ(PoolFor("marrakech", 4), Pool::kMarrakechMultiplayer);
  EXPECT_EQ(PoolFor("marrakech", 5), std::nullopt);
  EXPECT_EQ(PoolFor("jaipur", 3), std::nullopt);
  EXPECT_EQ(PoolFor("chess", 2), std::nullopt);
  EXPECT_EQ(PoolFor("", 2), std::nullopt);
}

TEST(Pools, IdsAreStableUniqueAndUrlSafe) {
  EXPECT_EQ(PoolId(Pool::kJaipur), "jaipur");
  EXPECT_EQ(PoolId(Pool::kMarrakechTwoPlayers), "marrakech-2");
  EXPECT_EQ(PoolId(Pool::kMarrakechMultiplayer), "marrakech-multi");
  std::set<std::string> seen;
  const std::regex url_safe("[a-z0-9-]+");
  for (const PoolRow& row : Pools()) {
    EXPECT_TRUE(seen.insert(std::string(row.id)).second) << row.id;
    EXPECT_TRUE(std::regex_match(std::string(row.id), url_safe)) << row.id;
    EXPECT_EQ(PoolFromId(row.id), row.pool);
    EXPECT_EQ(&RowOf(row.pool), &row);
  }
  EXPECT_EQ(Pools().size(), 3u);
  EXPECT_EQ(PoolFromId("Jaipur"), std::nullopt);
  EXPECT_EQ(PoolFromId("marrakech"), std::nullopt);
}

// No game and player count falls in two pools.
TEST(Pools, PoolsDoNotOverlap) {
  for (const PoolRow& a : Pools())
    for (const PoolRow& b : Pools())
      if (&a != &b && a.game == b.game) {
        EXPECT_TRUE(a.max_players < b.min_players || b.max_players < a.min_players) << a.id << " " << b.id;
      }
}

TEST(Pools, RateGameUsesThePoolsMethodAndCount) {
  const MultiplayerConfig config;
  const Rating a{1600, 100, 0.06};
  const Rating b{1450, 200, 0.06};
  const std::vector<Seat> two = {{a, 1, 0.2}, {b, 2, 0}};
  const std::vector<Rating> after = RateGame(Pool::kJaipur, two, config);
  EXPECT_EQ(after[0].rating, UpdateAfterGame(a, Aged(b, 0, config.glicko), 1, 0.2, config.glicko).rating);
  EXPECT_EQ(after[1].rating, UpdateAfterGame(b, Aged(a, 0.2, config.glicko), 0, 0, config.glicko).rating);
  EXPECT_THROW(RateGame(Pool::kMarrakechMultiplayer, two, config), std::invalid_argument);
  const std::vector<Seat> three = {{a, 1, 0}, {b, 2, 0}, {Rating{}, 3, 0}};
  EXPECT_THROW(RateGame(Pool::kMarrakechTwoPlayers, three, config), std::invalid_argument);
  EXPECT_EQ(RateGame(Pool::kMarrakechMultiplayer, three, config).size(), 3u);
}

// docs/ratings.md's "For the engineer", as written there.
TEST(Pools, TheDocsExampleWorks) {
  namespace r = souk::rating;
  const std::string_view game = "jaipur";
  const int players = 2;
  const r::Rating stored_rating_a{1620, 80, 0.06};
  const r::Rating stored_rating_b;
  const double days_since_a_last_game = 3;
  const double days_since_b_last_game = 0;
  std::optional<r::Pool> pool = r::PoolFor(game, players);
  ASSERT_TRUE(pool.has_value());
  std::vector<r::Seat> seats = {{stored_rating_a, /*place*/ 1, r::RatingPeriods(days_since_a_last_game, {})},
                                {stored_rating_b, 2, r::RatingPeriods(days_since_b_last_game, {})}};
  std::vector<r::Rating> after = r::RateGame(*pool, seats, r::MultiplayerConfig{});
  EXPECT_GT(after[0].rating, 1620);
  EXPECT_LT(after[1].rating, 1500);
  EXPECT_EQ(r::PoolId(*pool), "jaipur");
  EXPECT_TRUE(r::IsProvisional(after[1], r::Glicko2Config{}));
  EXPECT_FALSE(r::IsProvisional(after[0], r::Glicko2Config{}));
  EXPECT_GT(r::Aged(after[0], r::RatingPeriods(100, {}), {}).deviation, after[0].deviation);
}

}  // namespace
}  // namespace souk::rating
