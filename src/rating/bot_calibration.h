// The bots' fixed ratings per game, calibrated from the arena figures of docs/ai.md
// ("Strength"), which are kept here as data: the one place to update when the bots
// change and the arena is run again (docs/ratings.md, "The bots' ratings").
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "rating/bot_ratings.h"
#include "rating/glicko2.h"

namespace souk::rating {

// One arena pairing as docs/ai.md reports it: games played and the first bot's win
// rate (a draw or shared win already counted as a fraction there).
struct ArenaPairing {
  std::string_view first;
  std::string_view second;
  double games;
  double win_rate_percent;
};

struct GameArenaFigures {
  std::string_view game;  // the registry's name of the game
  std::span<const ArenaPairing> pairings;
};

// Every game's figures.
std::span<const GameArenaFigures> ArenaFigures();

// The options the bots are calibrated with: `greedy` at 1500, one virtual draw a pair.
BotFitOptions BotCalibrationOptions();

// The pairings as matches for FitBotRatings (wins = win rate x games, the rest losses:
// the likelihood sees only the score, so draws need no column of their own).
std::vector<BotMatch> ArenaMatches(std::span<const ArenaPairing> pairings);

// The calibrated ratings of `game`'s bots; empty for a game with no figures.
std::vector<BotRating> CalibratedBotRatings(std::string_view game);

// A bot as a rated opponent: its rating, its standard error as the deviation (clamped
// into the config's bounds, so at least min_deviation), Glickman's default volatility.
// Only the player's side is updated after a game against it.
Rating BotAsOpponent(const BotRating& bot, const Glicko2Config& config);

}  // namespace souk::rating
