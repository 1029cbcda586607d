#include "rating/population.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

namespace souk::rating {
namespace {

// One game's performance spread: the difference of two such performances has a
// standard deviation of 209 * sqrt(2) = 296 points, and Normal(0, 296) is within 1% of
// the logistic curve Glicko assumes (scale 173.7; 1.702 * 173.7 = 296).
constexpr double kPerformanceSd = 209;

class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  // Uniform in (0, 1): the top 53 bits, offset by half a step so that log() is safe.
  double Uniform() { return (static_cast<double>(engine_() >> 11) + 0.5) / 9007199254740992.0; }
  double Normal() {  // Box-Muller, one of the pair; the two draws in a fixed order
    const double radius = std::sqrt(-2 * std::log(Uniform()));
    return radius * std::cos(2 * std::numbers::pi * Uniform());
  }
  int Below(int n) { return std::min(n - 1, static_cast<int>(Uniform() * n)); }

 private:
  std::mt19937_64 engine_;
};

std::vector<double> Ranks(std::span<const double> v) {
  std::vector<size_t> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v[a] < v[b]; });
  std::vector<double> rank(v.size());
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    for (size_t k = i; k <= j; ++k) rank[order[k]] = (static_cast<double>(i + j) / 2) + 1;
    i = j + 1;
  }
  return rank;
}

double Pearson(std::span<const double> x, std::span<const double> y) {
  const double n = static_cast<double>(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0;
}

}  // namespace

std::vector<PopulationSetup> StandardPopulations() {
  return {
      {.name = "Jaipur", .min_seats = 2, .max_seats = 2, .strength_sd = 200, .tie_width = 0},
      {.name = "Marrakech, 2 players", .min_seats = 2, .max_seats = 2, .strength_sd = 120, .tie_width = 20},
      {.name = "Marrakech, 3 players", .min_seats = 3, .max_seats = 3, .strength_sd = 120, .tie_width = 20},
      {.name = "Marrakech, 4 players", .min_seats = 4, .max_seats = 4, .strength_sd = 120, .tie_width = 20},
      {.name = "Marrakech, 3 or 4 players", .min_seats = 3, .max_seats = 4, .strength_sd = 120, .tie_width = 20},
  };
}

std::vector<PopulationSetup> DriftingPopulations() {
  std::vector<PopulationSetup> setups = StandardPopulations();
  for (PopulationSetup& setup : setups) {
    setup.name += ", drifting";
    setup.drift_per_day = 10;
  }
  return setups;
}

double SpearmanCorrelation(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size() || x.size() < 2) throw std::invalid_argument("Spearman needs two series of one size >= 2");
  const std::vector<double> rx = Ranks(x);
  const std::vector<double> ry = Ranks(y);
  return Pearson(rx, ry);
}

PopulationOutcome SimulatePopulation(const PopulationSetup& setup, MultiplayerMethod method,
                                     const MultiplayerConfig& config) {
  if (setup.min_seats < 2 || setup.max_seats < setup.min_seats || setup.players < setup.max_seats ||
      setup.games < 1 || !(setup.days > 0))
    throw std::invalid_argument("a population needs 2 <= min_seats <= max_seats <= players, games and days");
  Random random(setup.seed);
  const size_t n = static_cast<size_t>(setup.players);
  std::vector<double> strength(n);
  for (double& s : strength) s = 1500 + setup.strength_sd * random.Normal();
  std::vector<Rating> rating(n);
  std::vector<double> last_day(n, -1);  // -1: not yet played
  std::vector<int> played(n, 0);

  std::vector<size_t> pool(n);
  std::vector<Seat> seats;
  std::vector<double> performance;
  for (int g = 0; g < setup.games; ++g) {
    const double day = setup.days * g / setup.games;
    const int count = setup.min_seats + random.Below(setup.max_seats - setup.min_seats + 1);
    // The first `count` of a partial Fisher-Yates shuffle: distinct players, uniformly.
    std::iota(pool.begin(), pool.end(), 0);
    for (int k = 0; k < count; ++k) {
      const size_t at = static_cast<size_t>(k);
      std::swap(pool[at], pool[at + static_cast<size_t>(random.Below(setup.players - k))]);
    }
    if (setup.drift_per_day > 0)  // each walks on for the days since their last game
      for (int k = 0; k < count; ++k) {
        const size_t who = pool[static_cast<size_t>(k)];
        if (last_day[who] >= 0) strength[who] += setup.drift_per_day * std::sqrt(day - last_day[who]) * random.Normal();
      }
    performance.assign(static_cast<size_t>(count), 0);
    for (int k = 0; k < count; ++k) {
      const double p = strength[pool[static_cast<size_t>(k)]] + kPerformanceSd * random.Normal();
      performance[static_cast<size_t>(k)] = setup.tie_width > 0 ? std::floor(p / setup.tie_width) : p;
    }
    seats.clear();
    for (int k = 0; k < count; ++k) {
      const size_t who = pool[static_cast<size_t>(k)];
      int place = 1;
      for (int o = 0; o < count; ++o)
        if (performance[static_cast<size_t>(o)] > performance[static_cast<size_t>(k)]) ++place;
      const double away = last_day[who] < 0 ? 0 : RatingPeriods(day - last_day[who], config.glicko);
      seats.push_back({rating[who], place, away});
    }
    const std::vector<Rating> after = RateMultiplayerGame(method, seats, config);
    for (int k = 0; k < count; ++k) {
      const size_t who = pool[static_cast<size_t>(k)];
      rating[who] = after[static_cast<size_t>(k)];
      last_day[who] = day;
      ++played[who];
    }
  }

  if (setup.drift_per_day > 0)  // everyone's strength as of the last day
    for (size_t i = 0; i < n; ++i)
      if (last_day[i] >= 0) strength[i] += setup.drift_per_day * std::sqrt(setup.days - last_day[i]) * random.Normal();
  std::vector<double> final_rating(n);
  for (size_t i = 0; i < n; ++i) final_rating[i] = rating[i].rating;
  PopulationOutcome outcome;
  outcome.rank_correlation = SpearmanCorrelation(strength, final_rating);
  const double r = Pearson(strength, final_rating);
  auto sd = [](const std::vector<double>& v) {
    const double m = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    double s = 0;
    for (double x : v) s += (x - m) * (x - m);
    return std::sqrt(s / static_cast<double>(v.size()));
  };
  outcome.slope = r * sd(final_rating) / sd(strength);
  outcome.games_per_player = static_cast<double>(std::accumulate(played.begin(), played.end(), 0)) / setup.players;
  return outcome;
}

}  // namespace souk::rating
