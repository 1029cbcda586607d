// souk_rating_figures: the tables of docs/ratings.md, printed from the rating code
// itself. Not part of the `souk` binary.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "rating/bot_calibration.h"
#include "rating/population.h"

namespace souk::rating {
namespace {

void PrintPopulations() {
  const MultiplayerConfig config;
  std::vector<PopulationSetup> setups = StandardPopulations();
  for (const PopulationSetup& drifting : DriftingPopulations()) setups.push_back(drifting);
  const MultiplayerMethod methods[] = {MultiplayerMethod::kGlicko2Pairwise, MultiplayerMethod::kWengLinBradleyTerry,
                                       MultiplayerMethod::kWengLinPlackettLuce};
  std::printf("| population | games a player |");
  for (MultiplayerMethod m : methods) std::printf(" %s: rho mean [min] / slope |", MethodName(m).data());
  std::printf("\n|---|---|---|---|---|\n");
  for (const PopulationSetup& base : setups) {
    double per_player = 0;
    std::printf("| %s |", base.name.c_str());
    std::string row;
    for (MultiplayerMethod m : methods) {
      double sum = 0, low = 1, slope = 0;
      for (int seed = 1; seed <= kPopulationSeeds; ++seed) {
        PopulationSetup setup = base;
        setup.seed = static_cast<uint64_t>(seed);
        const PopulationOutcome o = SimulatePopulation(setup, m, config);
        sum += o.rank_correlation;
        low = std::min(low, o.rank_correlation);
        slope += o.slope;
        per_player = o.games_per_player;
      }
      char cell[128];
      std::snprintf(cell, sizeof cell, " %.3f [%.3f] / %.2f |", sum / kPopulationSeeds, low, slope / kPopulationSeeds);
      row += cell;
    }
    std::printf(" %.0f |%s\n", per_player, row.c_str());
  }
}

// How much Glicko-2's constants matter on the same populations: tau, and the length of
// a rating period (which sets how fast the deviation grows between games).
void PrintConstants() {
  const std::vector<PopulationSetup> fixed = StandardPopulations();
  const std::vector<PopulationSetup> drifting = DriftingPopulations();
  const std::vector<PopulationSetup> setups = {fixed[0], fixed[1], fixed[4], drifting[0], drifting[1], drifting[4]};
  std::printf("\n| tau | period (days) |");
  for (const PopulationSetup& setup : setups) std::printf(" %s |", setup.name.c_str());
  std::printf("\n|---|---|---|---|---|---|---|---|\n");
  struct Choice {
    double tau;
    double period_days;
  };
  for (const Choice c : {Choice{0.3, 4.6}, Choice{0.5, 4.6}, Choice{0.75, 4.6}, Choice{1.2, 4.6}, Choice{0.75, 1},
                         Choice{0.75, 30}}) {
    MultiplayerConfig config;
    config.glicko.tau = c.tau;
    config.glicko.period_days = c.period_days;
    std::printf("| %.2f | %.1f |", c.tau, c.period_days);
    for (const PopulationSetup& base : setups) {
      double sum = 0;
      for (int seed = 1; seed <= kPopulationSeeds; ++seed) {
        PopulationSetup setup = base;
        setup.seed = static_cast<uint64_t>(seed);
        sum += SimulatePopulation(setup, MultiplayerMethod::kGlicko2Pairwise, config).rank_correlation;
      }
      std::printf(" %.3f |", sum / kPopulationSeeds);
    }
    std::printf("\n");
  }
}

// The bots' ratings from the arena figures kept in bot_calibration.cc, and how much the
// prior (virtual draws) matters.
void PrintBots() {
  for (const GameArenaFigures& figures : ArenaFigures()) {
    const std::vector<BotMatch> matches = ArenaMatches(figures.pairings);
    BotFitOptions two_draws = BotCalibrationOptions();
    two_draws.virtual_draws = 2;
    const std::vector<BotRating> fit = FitBotRatings(matches, BotCalibrationOptions());
    const std::vector<BotRating> two = FitBotRatings(matches, two_draws);
    std::printf("\n%s\n\n| bot | rating | standard error | with 2 virtual draws a pair |\n|---|---|---|---|\n",
                std::string(figures.game).c_str());
    for (size_t i = 0; i < fit.size(); ++i)
      std::printf("| `%s` | %.0f | %.0f | %.0f |\n", fit[i].bot.c_str(), fit[i].rating, fit[i].standard_error,
                  two[i].rating);
  }
}

}  // namespace
}  // namespace souk::rating

int main() {
  souk::rating::PrintPopulations();
  souk::rating::PrintConstants();
  souk::rating::PrintBots();
  return 0;
}
