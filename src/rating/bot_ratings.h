// The bots' fixed ratings, fitted from arena matches between them: the ratings a
// player's "against the bots" rating is measured against (docs/ratings.md, "The bots'
// ratings").
//
// The model is Bradley-Terry on the Elo curve, which is Glicko's for opponents of small
// deviation: a bot rated D points above another scores 1 / (1 + 10^(-D / 400)) against
// it. The fit is the maximum of the likelihood of every match's score (a draw counts
// half a win and half a loss), with one bot's rating fixed (the anchor), by Newton's
// method. A perfect score (400-0) has no finite maximum, so each pair that played is
// given `virtual_draws` draws more, a prior in the manner of Coulom's BayesElo.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace souk::rating {

// One pairing's results from the first bot's side. Counts may be fractional (an
// arena's win rate times its games), and must be finite and not negative.
struct BotMatch {
  std::string first;
  std::string second;
  double wins = 0;
  double draws = 0;
  double losses = 0;
};

struct BotFitOptions {
  std::string anchor;          // the bot whose rating is fixed
  double anchor_rating = 1500;  // docs/ratings.md: `greedy` at 1500, a newcomer's rating
  double virtual_draws = 1;    // added to each pair that played; 0 for the raw likelihood
};

struct BotRating {
  std::string bot;
  double rating = 0;
  // One standard error of the rating relative to the anchor, from the likelihood's
  // curvature: 0 for the anchor itself.
  double standard_error = 0;
};

// One rating per bot, in the order the bots first appear in `matches`. Throws
// std::invalid_argument for bad counts, a bot playing itself, an anchor that played
// no match, a bot with no chain of matches to the anchor, or (with no virtual draws) a
// record whose ratings run off to infinity.
std::vector<BotRating> FitBotRatings(std::span<const BotMatch> matches, const BotFitOptions& options);

}  // namespace souk::rating
