#include "rating/bot_calibration.h"

#include <algorithm>
#include <array>
#include <string>

namespace souk::rating {
namespace {

// docs/ai.md, "Strength". Jaipur: the levels as measured with the weights trained on
// search play (3fbb7d2, 2026-11-26, 200 games each), and `greedy` against `random` from
// the Strength table (400 games; neither bot has changed since). Marrakech: the
// two-player rows of its Strength table (400 games each, 2026-11-22 to 24).
constexpr std::array kJaipur = {
    ArenaPairing{"greedy", "random", 400, 100.0},
    ArenaPairing{"easy", "greedy", 200, 96.5},
    ArenaPairing{"medium", "easy", 200, 73.0},
    ArenaPairing{"hard", "medium", 200, 65.5},
};
constexpr std::array kMarrakech = {
    ArenaPairing{"greedy", "random", 400, 100.0}, ArenaPairing{"easy", "greedy", 400, 21.4},
    ArenaPairing{"medium", "easy", 400, 79.4},    ArenaPairing{"hard", "medium", 400, 59.8},
    ArenaPairing{"hard", "greedy", 400, 59.1},
};
constexpr std::array kFigures = {
    GameArenaFigures{"jaipur", kJaipur},
    GameArenaFigures{"marrakech", kMarrakech},
};

}  // namespace

std::span<const GameArenaFigures> ArenaFigures() { return kFigures; }

BotFitOptions BotCalibrationOptions() { return {"greedy", 1500, 1}; }

std::vector<BotMatch> ArenaMatches(std::span<const ArenaPairing> pairings) {
  std::vector<BotMatch> matches;
  for (const ArenaPairing& p : pairings) {
    const double score = p.games * p.win_rate_percent / 100;
    matches.push_back({std::string(p.first), std::string(p.second), score, 0, p.games - score});
  }
  return matches;
}

std::vector<BotRating> CalibratedBotRatings(std::string_view game) {
  for (const GameArenaFigures& figures : kFigures)
    if (figures.game == game) return FitBotRatings(ArenaMatches(figures.pairings), BotCalibrationOptions());
  return {};
}

Rating BotAsOpponent(const BotRating& bot, const Glicko2Config& config) {
  return Checked(Rating{bot.rating, bot.standard_error, Rating{}.volatility}, config);
}

}  // namespace souk::rating
