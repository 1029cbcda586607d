#include "rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace souk::rating {
namespace {

// Glicko-2's conversion between the Glicko scale and its own (Glickman, step 2).
constexpr double kScale = 173.7178;
constexpr double kCentre = 1500;

// Illinois iterations are bounded so that no input can loop forever; from a valid
// start it converges in well under 20.
constexpr int kMaxIterations = 200;

double G(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

// The expected score, kept off exact 0 and 1: past a gap of about 3,600 points the
// double rounds to certainty, the variance v below becomes 1/0, and the update NaN.
// Nobody real is that far apart; a corrupt row must still give a finite rating.
double E(double mu, double mu_j, double phi_j) {
  return std::clamp(1.0 / (1.0 + std::exp(-G(phi_j) * (mu - mu_j))), 1e-9, 1 - 1e-9);
}

void RequireFinite(double value, const char* what) {
  if (!std::isfinite(value)) throw std::invalid_argument(std::string(what) + " must be a finite number");
}

double CheckedPeriods(double periods) {
  RequireFinite(periods, "rating periods");
  if (periods < 0) throw std::invalid_argument("rating periods must not be negative");
  return periods;
}

// Step 5 of Glickman's paper: the new volatility sigma', by the Illinois algorithm on
// f(x) = e^x (delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v + e^x)^2) - (x - a) / tau^2.
double NewVolatility(double phi, double sigma, double delta, double v, const Glicko2Config& config) {
  const double a = std::log(sigma * sigma);
  const double tau = config.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double lo = a;  // Glickman's A
  double hi;      // Glickman's B
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0 && k < kMaxIterations) ++k;
    hi = a - k * tau;
  }
  double f_lo = f(lo);
  double f_hi = f(hi);
  for (int i = 0; i < kMaxIterations && std::abs(hi - lo) > config.convergence_tolerance; ++i) {
    const double c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
    const double f_c = f(c);
    if (f_c * f_hi <= 0) {
      lo = hi;
      f_lo = f_hi;
    } else {
      f_lo /= 2;  // the Illinois step: halve the stale end so the secant keeps moving
    }
    hi = c;
    f_hi = f_c;
  }
  return std::exp(lo / 2);
}

double ClampDeviation(double rd, const Glicko2Config& config) {
  return std::clamp(rd, config.min_deviation, config.max_deviation);
}

}  // namespace

Rating Checked(const Rating& rating, const Glicko2Config& config) {
  if (!(config.min_deviation > 0 && config.max_deviation >= config.min_deviation && config.max_volatility > 0 &&
        config.tau > 0 && config.convergence_tolerance > 0 && config.period_days > 0))
    throw std::invalid_argument("a Glicko-2 config needs 0 < min_deviation <= max_deviation and tau, "
                                "max_volatility, convergence_tolerance and period_days above zero");
  RequireFinite(rating.rating, "a rating");
  RequireFinite(rating.deviation, "a rating deviation");
  RequireFinite(rating.volatility, "a volatility");
  if (rating.deviation < 0) throw std::invalid_argument("a rating deviation must not be negative");
  if (rating.volatility <= 0) throw std::invalid_argument("a volatility must be above zero");
  return {rating.rating, ClampDeviation(rating.deviation, config), std::min(rating.volatility, config.max_volatility)};
}

Rating Aged(const Rating& rating, double periods, const Glicko2Config& config) {
  const Rating r = Checked(rating, config);
  const double phi = r.deviation / kScale;
  const double grown = std::sqrt(phi * phi + CheckedPeriods(periods) * r.volatility * r.volatility);
  return {r.rating, ClampDeviation(grown * kScale, config), r.volatility};
}

Rating UpdateRatingPeriod(const Rating& self, std::span<const GameResult> results, const Glicko2Config& config,
                          double periods) {
  CheckedPeriods(periods);
  if (results.empty()) return Aged(self, periods, config);  // Glickman: only the deviation grows
  const Rating me = Checked(self, config);
  const double mu = (me.rating - kCentre) / kScale;
  const double phi = me.deviation / kScale;

  // Steps 3 and 4: the estimated variance v from the results, and the improvement
  // delta they suggest.
  double inverse_v = 0;
  double sum = 0;  // sum of g(phi_j) (s_j - E_j)
  for (const GameResult& result : results) {
    RequireFinite(result.score, "a score");
    if (result.score < 0 || result.score > 1) throw std::invalid_argument("a score must be in [0, 1]");
    const Rating opponent = Checked(result.opponent, config);
    const double mu_j = (opponent.rating - kCentre) / kScale;
    const double g = G(opponent.deviation / kScale);
    const double e = E(mu, mu_j, opponent.deviation / kScale);
    inverse_v += g * g * e * (1 - e);
    sum += g * (result.score - e);
  }
  const double v = 1 / inverse_v;
  const double delta = v * sum;

  // Steps 5 to 7. The pre-period deviation phi* grows by `periods` (lichess's
  // fractional periods; Glickman's is 1).
  const double sigma = std::min(NewVolatility(phi, me.volatility, delta, v, config), config.max_volatility);
  const double phi_star = std::sqrt(phi * phi + periods * sigma * sigma);
  const double new_phi = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double new_mu = mu + new_phi * new_phi * sum;
  return {kCentre + kScale * new_mu, ClampDeviation(kScale * new_phi, config), sigma};
}

Rating UpdateAfterGame(const Rating& self, const Rating& opponent, double score, double periods_since_last_game,
                       const Glicko2Config& config) {
  const GameResult result{opponent, score};
  return UpdateRatingPeriod(self, std::span<const GameResult>(&result, 1), config, periods_since_last_game);
}

double RatingPeriods(double elapsed_days, const Glicko2Config& config) {
  RequireFinite(elapsed_days, "elapsed days");
  if (elapsed_days < 0) throw std::invalid_argument("elapsed days must not be negative");
  return elapsed_days / config.period_days;
}

bool IsProvisional(const Rating& rating, const Glicko2Config& config) {
  return !(rating.deviation <= config.provisional_deviation);  // a NaN deviation is provisional too
}

double ExpectedScore(const Rating& self, const Rating& opponent) {
  return E((self.rating - kCentre) / kScale, (opponent.rating - kCentre) / kScale, opponent.deviation / kScale);
}

}  // namespace souk::rating
