// souk_rating_figures: the tables of docs/ratings.md, printed from the rating code
// itself. Not part of the `souk` binary.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "rating/bot_ratings.h"
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

// The arena figures of docs/ai.md, "Strength", as each pairing's score for the first
// bot (win rate times games; a draw counted half there already). Jaipur: the levels as
// measured with the weights trained on search play (3fbb7d2, 2026-11-26, 200 games
// each) and `greedy` against `random` from the Strength table (400 games; neither bot
// has changed since). Marrakech: the two-player rows of its Strength table (400 games
// each, 2026-11-22 to 24).
struct ArenaRow {
  const char* first;
  const char* second;
  double games;
  double win_rate;  // the first bot's, in percent
};

void PrintBots(const char* game, const std::vector<ArenaRow>& rows) {
  std::vector<BotMatch> matches;
  for (const ArenaRow& r : rows) {
    const double score = r.games * r.win_rate / 100;
    matches.push_back({r.first, r.second, score, 0, r.games - score});
  }
  const std::vector<BotRating> fit = FitBotRatings(matches, {"greedy", 1500, 1});
  const std::vector<BotRating> two = FitBotRatings(matches, {"greedy", 1500, 2});
  std::printf("\n%s\n\n| bot | rating | standard error | with 2 virtual draws a pair |\n|---|---|---|---|\n", game);
  for (size_t i = 0; i < fit.size(); ++i)
    std::printf("| `%s` | %.0f | %.0f | %.0f |\n", fit[i].bot.c_str(), fit[i].rating, fit[i].standard_error,
                two[i].rating);
}

void PrintBots() {
  PrintBots("Jaipur", {
                          {"greedy", "random", 400, 100.0},
                          {"easy", "greedy", 200, 96.5},
                          {"medium", "easy", 200, 73.0},
                          {"hard", "medium", 200, 65.5},
                      });
  PrintBots("Marrakech (two players)", {
                                           {"greedy", "random", 400, 100.0},
                                           {"easy", "greedy", 400, 21.4},
                                           {"medium", "easy", 400, 79.4},
                                           {"hard", "medium", 400, 59.8},
                                           {"hard", "greedy", 400, 59.1},
                                       });
}

}  // namespace
}  // namespace souk::rating

int main() {
  souk::rating::PrintPopulations();
  souk::rating::PrintConstants();
  souk::rating::PrintBots();
  return 0;
}
