// Rating a game of three or four (Marrakech), and the methods compared for it. Every
// method reads and writes the same Rating on the Glicko scale, so that a leaderboard
// shows one kind of number whatever the pool (docs/ratings.md, "More than two players").
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "rating/glicko2.h"

namespace souk::rating {

enum class MultiplayerMethod {
  // Glicko-2 over the pairs: each player's game is one rating period holding a result
  // against every other player (1 above them, 0.5 tied, 0 below).
  kGlicko2Pairwise,
  // Weng & Lin, "A Bayesian Approximation Method for Online Ranking" (JMLR 2011): the
  // Bradley-Terry full-pair model (their Algorithm 1 with one player per team).
  kWengLinBradleyTerry,
  // The same paper's Plackett-Luce model (their Algorithm 4), OpenSkill's default.
  kWengLinPlackettLuce,
};

// The method the multi-player pool uses (docs/ratings.md says why).
inline constexpr MultiplayerMethod kMultiplayerPoolMethod = MultiplayerMethod::kGlicko2Pairwise;

std::string_view MethodName(MultiplayerMethod method);

// One player's part in a finished game.
struct Seat {
  Rating rating;  // before the game
  // 1 for the winner, 2 for the next...; equal places are a tie (Marrakech can tie).
  // Only the order matters: {1, 3, 3} and {1, 2, 2} say the same.
  int place = 1;
  // Rating periods since this player's last rated game in the pool (RatingPeriods).
  double periods_since_last_game = 0;
};

// Weng-Lin's constants on their own scale (mu 25, sigma 25/3 for a newcomer, as in
// the paper and OpenSkill).
struct WengLinConfig {
  double beta = 25.0 / 6;  // the spread of one game's performance around a player's skill
  double kappa = 1e-4;     // a variance never shrinks by more than this factor in one game
};

struct MultiplayerConfig {
  Glicko2Config glicko;  // bounds, periods and provisional threshold: every method uses them
  WengLinConfig weng_lin;
};

// Every seat's rating after the game, in the seats' order. Throws std::invalid_argument
// for fewer than two seats or a bad rating (glicko2.h's Checked).
std::vector<Rating> RateMultiplayerGame(MultiplayerMethod method, std::span<const Seat> seats,
                                        const MultiplayerConfig& config);

// The mapping between Weng-Lin's (mu, sigma) and the Glicko scale. It is linear and
// chosen so that two players of known skill have the same chance of beating each
// other in both models: Bradley-Terry's 1 / (1 + exp(-(mu_a - mu_b) / (sqrt(2) beta)))
// is Glicko's 1 / (1 + exp(-(r_a - r_b) / 173.7178)) when one mu unit is
// 173.7178 / (sqrt(2) beta) rating points (29.5 at beta = 25/6), and mu 25 is 1500.
struct WengLinSkill {
  double mu;
  double sigma;
};
double RatingPointsPerMu(const WengLinConfig& config);
WengLinSkill ToWengLin(const Rating& rating, const WengLinConfig& config);
Rating FromWengLin(const WengLinSkill& skill, double volatility, const WengLinConfig& config);

}  // namespace souk::rating
