// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012), as lichess runs it:
// instant updates after each game through fractional rating periods, deviation and
// volatility kept inside fixed bounds. docs/ratings.md says what the numbers mean and
// why each constant is what it is.
//
// Everything here is on the Glicko scale (a new player is 1500 ± 350); the algorithm's
// own scale (mu, phi) is internal. Bad input throws std::invalid_argument with the
// reason: these functions are fed by the server's own stored ratings and finished
// games, so a NaN or a score of 2 is a bug to be seen, not a value to carry on with.
#pragma once

#include <span>

namespace souk::rating {

struct Rating {
  double rating = 1500;
  double deviation = 350;    // RD: one standard deviation of the estimate, in rating points
  double volatility = 0.06;  // sigma: how erratic the player's results are (Glicko-2 scale)
};

struct Glicko2Config {
  // tau constrains how fast the volatility may change. Glickman suggests 0.3 to 1.2;
  // lichess runs 0.75. Board games with dice and a hidden deck (Marrakech, Jaipur) are
  // noisier per game than chess, which argues for a small tau; we keep lichess's value
  // because lichess tuned it with the period length and bounds below, on real data, and
  // the three are meant to go together. Glickman's worked example uses 0.5.
  double tau = 0.75;
  // Illinois algorithm's stopping rule for the new volatility (Glickman's epsilon).
  double convergence_tolerance = 1e-6;
  // A deviation is kept in [min_deviation, max_deviation]. The floor keeps an
  // established player's rating movable (lichess: 45); the ceiling is a new player's
  // deviation, so that an absence never makes anyone less known than a newcomer.
  double min_deviation = 45;
  double max_deviation = 350;
  // The volatility is capped (lichess: 0.1) so that a streak of upsets cannot make a
  // rating swing without limit; it must stay above zero for its logarithm.
  double max_volatility = 0.1;
  // One rating period, in days (lichess: 4.6, i.e. 0.21436 periods a day). A player
  // settled at a deviation of 45 to 60 who stops playing shows "?" again after about
  // a year away (docs/ratings.md).
  double period_days = 4.6;
  // Above this deviation a rating is provisional and shows "?" (lichess: 110).
  double provisional_deviation = 110;
};

// One game's result against one opponent, as the player saw it: 1 win, 0.5 draw, 0 loss.
// Any score in [0, 1] is accepted (a shared place can be worth a fraction).
struct GameResult {
  Rating opponent;
  double score = 0;
};

// Glickman's rating-period update: the player's rating after the given results, all
// counted as played within one period. With no results only the deviation grows.
// `periods` is the time the update stands for, in rating periods (1 is Glickman's
// algorithm exactly); the deviation grows by it before the results shrink it again.
Rating UpdateRatingPeriod(const Rating& self, std::span<const GameResult> results, const Glicko2Config& config,
                          double periods = 1.0);

// The instant update when one game ends (lichess's fractional rating periods): the
// deviation grows for the periods since the player's last rated game (see
// RatingPeriods), then the game's result is applied. Call it for each of the two
// players with the other's rating from before the game, aged to now (Aged with the
// opponent's own time away); pools.h's RateGame does both sides so.
Rating UpdateAfterGame(const Rating& self, const Rating& opponent, double score,
                       double periods_since_last_game, const Glicko2Config& config);

// The rating as it stands after `periods` without a game: the deviation grows as
// sqrt(RD^2 + periods * sigma^2) on the Glicko-2 scale, up to max_deviation. What a
// leaderboard or an opponent should see for a player who has been away.
Rating Aged(const Rating& rating, double periods, const Glicko2Config& config);

// Elapsed days as rating periods (days / period_days).
double RatingPeriods(double elapsed_days, const Glicko2Config& config);

// True when the deviation is above config.provisional_deviation: the rating is shown
// with a "?" and kept off leaderboards.
bool IsProvisional(const Rating& rating, const Glicko2Config& config);

// The expected score of `self` against `opponent` (Glicko-2's E, with the opponent's
// deviation flattening it): 0.5 between equals.
double ExpectedScore(const Rating& self, const Rating& opponent);

// Checks a rating and returns it with its deviation and volatility clamped into the
// config's bounds; throws std::invalid_argument for a NaN or infinite field, a negative
// deviation or a volatility that is not above zero. A deviation of 0 reads as
// min_deviation.
Rating Checked(const Rating& rating, const Glicko2Config& config);

}  // namespace souk::rating
