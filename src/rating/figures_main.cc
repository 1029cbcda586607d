// souk_rating_figures: the tables of docs/ratings.md, printed from the rating code
// itself. Not part of the `souk` binary.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "rating/population.h"

namespace souk::rating {
namespace {

void PrintPopulations() {
  const MultiplayerConfig config;
  const std::vector<PopulationSetup> setups = StandardPopulations();
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

}  // namespace
}  // namespace souk::rating

int main() {
  souk::rating::PrintPopulations();
  return 0;
}
