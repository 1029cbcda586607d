// Simulated populations: players of known strength play games whose outcomes are drawn
// from those strengths, and the real rating code rates them. How well the final ratings
// order the players (Spearman's rank correlation) is how the methods were compared
// (docs/ratings.md). Deterministic: std::mt19937_64 (whose output the standard fixes)
// and our own conversions to uniform and normal numbers, never std::*_distribution,
// whose output differs between standard libraries.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "rating/multiplayer.h"

namespace souk::rating {

struct PopulationSetup {
  std::string name;
  int players = 100;
  int games = 3000;
  int min_seats = 2;  // each game draws its player count uniformly in [min_seats, max_seats]
  int max_seats = 2;
  // True strengths ~ Normal(1500, strength_sd) on the Glicko scale. One game's
  // performance is strength + Normal(0, 209): two players then beat each other as the
  // Glicko/Elo curve says (a 400-point edge wins about 91%).
  double strength_sd = 200;
  // Performances in the same bucket of this width tie (0: no ties). Marrakech can tie.
  double tie_width = 0;
  double days = 180;  // the games are spread evenly over this many days
  // Players who change: each true strength is a random walk, this many points of
  // standard deviation a day (0: strengths fixed). The figures compare the final
  // ratings with the final strengths.
  double drift_per_day = 0;
  uint64_t seed = 1;
};

struct PopulationOutcome {
  double rank_correlation = 0;  // Spearman's rho between true strength and final rating
  // Least-squares slope of final rating on true strength: 1 when the ratings spread
  // like the strengths, so that a gap on the board means the same edge in every pool.
  double slope = 0;
  double games_per_player = 0;
};

// The populations docs/ratings.md reports and the tests hold to: the pools' player
// counts, 100 players, 3,000 games over half a year. Marrakech's dice make one game
// say less about skill than Jaipur's, so its strengths are assumed closer together
// (standard deviation 120 against 200), and its performances tie now and then.
std::vector<PopulationSetup> StandardPopulations();

// The same populations with strengths that wander, 10 points a day (about 130 points
// over the half year): what tau and the period length are for.
std::vector<PopulationSetup> DriftingPopulations();

// The seeds each figure is averaged over.
inline constexpr int kPopulationSeeds = 10;

PopulationOutcome SimulatePopulation(const PopulationSetup& setup, MultiplayerMethod method,
                                     const MultiplayerConfig& config);

// Spearman's rank correlation (ties get their mean rank). Both of the same size >= 2.
double SpearmanCorrelation(std::span<const double> x, std::span<const double> y);

}  // namespace souk::rating
