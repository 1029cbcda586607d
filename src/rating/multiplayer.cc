#include "rating/multiplayer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace souk::rating {
namespace {

constexpr double kGlickoScale = 173.7178;  // rating points per unit of Glicko-2's mu

// Seat i's score against seat j: what a two-player game between them would have said.
double PairScore(const Seat& i, const Seat& j) {
  if (i.place == j.place) return 0.5;
  return i.place < j.place ? 1.0 : 0.0;
}

std::vector<Rating> Glicko2Pairwise(std::span<const Seat> seats, const Glicko2Config& config) {
  // Opponents are seen as they stand now: aged by their own time away.
  std::vector<Rating> now;
  for (const Seat& seat : seats) now.push_back(Aged(seat.rating, seat.periods_since_last_game, config));
  std::vector<Rating> after;
  std::vector<GameResult> results;
  for (size_t i = 0; i < seats.size(); ++i) {
    results.clear();
    for (size_t j = 0; j < seats.size(); ++j)
      if (j != i) results.push_back({now[j], PairScore(seats[i], seats[j])});
    after.push_back(UpdateRatingPeriod(seats[i].rating, results, config, seats[i].periods_since_last_game));
  }
  return after;
}

// Algorithm 1 of Weng & Lin with one player per team: each pair is a Bradley-Terry
// comparison, its logistic scale c widened by both players' uncertainty.
void WengLinBradleyTerry(std::vector<WengLinSkill>& skills, std::span<const Seat> seats, const WengLinConfig& config) {
  const std::vector<WengLinSkill> before = skills;
  for (size_t i = 0; i < seats.size(); ++i) {
    const double var_i = before[i].sigma * before[i].sigma;
    double omega = 0;  // the mean's move
    double delta = 0;  // the variance's relative shrink
    for (size_t q = 0; q < seats.size(); ++q) {
      if (q == i) continue;
      const double c = std::sqrt(var_i + before[q].sigma * before[q].sigma + 2 * config.beta * config.beta);
      const double p = 1 / (1 + std::exp((before[q].mu - before[i].mu) / c));  // P(i above q)
      const double gamma = before[i].sigma / c;  // the paper's suggested damping
      omega += var_i / c * (PairScore(seats[i], seats[q]) - p);
      delta += gamma * var_i / (c * c) * p * (1 - p);
    }
    skills[i].mu = before[i].mu + omega;
    skills[i].sigma = before[i].sigma * std::sqrt(std::max(1 - delta, config.kappa));
  }
}

// Algorithm 4 of Weng & Lin (Plackett-Luce): the order is a sequence of choices, the
// winner first among all, the second among the rest...; tied players share a choice.
void WengLinPlackettLuce(std::vector<WengLinSkill>& skills, std::span<const Seat> seats, const WengLinConfig& config) {
  const std::vector<WengLinSkill> before = skills;
  const size_t n = seats.size();
  double c2 = 0;
  double top = before[0].mu;
  for (const WengLinSkill& s : before) {
    c2 += s.sigma * s.sigma + config.beta * config.beta;
    top = std::max(top, s.mu);
  }
  const double c = std::sqrt(c2);
  // exp(mu / c), shifted by the best mu: only ratios enter, and no exponent overflows;
  // kept above zero so that no ratio is 0 / 0 when ratings are absurdly far apart.
  std::vector<double> strength(n);
  for (size_t i = 0; i < n; ++i)
    strength[i] = std::max(std::exp((before[i].mu - top) / c), std::numeric_limits<double>::min());
  std::vector<double> remaining(n, 0);  // C_q: the strengths still to choose from when q's place is chosen
  std::vector<double> tied(n, 0);       // A_q: how many share q's place
  for (size_t q = 0; q < n; ++q)
    for (size_t s = 0; s < n; ++s) {
      if (seats[s].place >= seats[q].place) remaining[q] += strength[s];
      if (seats[s].place == seats[q].place) tied[q] += 1;
    }
  for (size_t i = 0; i < n; ++i) {
    double omega = 0;
    double delta = 0;
    for (size_t q = 0; q < n; ++q) {
      if (seats[q].place > seats[i].place) continue;  // choices made after i's place do not involve i
      const double p = strength[i] / remaining[q];
      omega += ((q == i ? 1.0 : 0.0) - p) / tied[q];
      delta += p * (1 - p) / tied[q];
    }
    const double var_i = before[i].sigma * before[i].sigma;
    const double gamma = before[i].sigma / c;
    skills[i].mu = before[i].mu + var_i / c * omega;
    skills[i].sigma = before[i].sigma * std::sqrt(std::max(1 - gamma * var_i / (c * c) * delta, config.kappa));
  }
}

}  // namespace

std::string_view MethodName(MultiplayerMethod method) {
  switch (method) {
    case MultiplayerMethod::kGlicko2Pairwise: return "Glicko-2 over the pairs";
    case MultiplayerMethod::kWengLinBradleyTerry: return "Weng-Lin Bradley-Terry (full pairs)";
    case MultiplayerMethod::kWengLinPlackettLuce: return "Weng-Lin Plackett-Luce";
  }
  return "?";
}

double RatingPointsPerMu(const WengLinConfig& config) { return kGlickoScale / (std::sqrt(2.0) * config.beta); }

WengLinSkill ToWengLin(const Rating& rating, const WengLinConfig& config) {
  const double k = RatingPointsPerMu(config);
  return {25 + (rating.rating - 1500) / k, rating.deviation / k};
}

Rating FromWengLin(const WengLinSkill& skill, double volatility, const WengLinConfig& config) {
  const double k = RatingPointsPerMu(config);
  return {1500 + (skill.mu - 25) * k, skill.sigma * k, volatility};
}

std::vector<Rating> RateMultiplayerGame(MultiplayerMethod method, std::span<const Seat> seats,
                                        const MultiplayerConfig& config) {
  if (seats.size() < 2) throw std::invalid_argument("a rated game needs at least two players");
  if (!(config.weng_lin.beta > 0 && config.weng_lin.kappa > 0))
    throw std::invalid_argument("Weng-Lin's beta and kappa must be above zero");
  if (method == MultiplayerMethod::kGlicko2Pairwise) return Glicko2Pairwise(seats, config.glicko);

  // Weng-Lin keeps no volatility and has no time: the deviation first grows for the
  // time away exactly as Glicko-2's does (Aged), and the result is clamped into the
  // same bounds, so that every pool's "?" and absences mean the same.
  std::vector<WengLinSkill> skills;
  for (const Seat& seat : seats)
    skills.push_back(ToWengLin(Aged(seat.rating, seat.periods_since_last_game, config.glicko), config.weng_lin));
  if (method == MultiplayerMethod::kWengLinBradleyTerry) {
    WengLinBradleyTerry(skills, seats, config.weng_lin);
  } else {
    WengLinPlackettLuce(skills, seats, config.weng_lin);
  }
  std::vector<Rating> after;
  for (size_t i = 0; i < seats.size(); ++i) {
    const Rating r = FromWengLin(skills[i], Checked(seats[i].rating, config.glicko).volatility, config.weng_lin);
    after.push_back({r.rating, std::clamp(r.deviation, config.glicko.min_deviation, config.glicko.max_deviation),
                     r.volatility});
  }
  return after;
}

}  // namespace souk::rating
