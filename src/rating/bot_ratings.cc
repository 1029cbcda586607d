#include "rating/bot_ratings.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace souk::rating {
namespace {

// Rating points per unit of the logistic's natural scale: 400 / ln 10.
const double kPointsPerUnit = 400 / std::numbers::ln10;
constexpr int kMaxNewtonSteps = 200;

struct Pair {
  size_t a;
  size_t b;
  double score;  // a's points, virtual draws included
  double games;
};

size_t IndexOf(std::vector<std::string>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it != names.end()) return static_cast<size_t>(it - names.begin());
  names.push_back(name);
  return names.size() - 1;
}

// Solves m x = rhs in place by Gaussian elimination with partial pivoting (a handful of
// bots: no library needed). Throws when m is singular.
std::vector<double> Solve(std::vector<std::vector<double>> m, std::vector<double> rhs) {
  const size_t n = rhs.size();
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < n; ++r)
      if (std::abs(m[r][col]) > std::abs(m[pivot][col])) pivot = r;
    if (!(std::abs(m[pivot][col]) > 1e-300)) throw std::invalid_argument("the matches do not determine the ratings");
    std::swap(m[col], m[pivot]);
    std::swap(rhs[col], rhs[pivot]);
    for (size_t r = col + 1; r < n; ++r) {
      const double f = m[r][col] / m[col][col];
      for (size_t c = col; c < n; ++c) m[r][c] -= f * m[col][c];
      rhs[r] -= f * rhs[col];
    }
  }
  std::vector<double> x(n);
  for (size_t i = n; i-- > 0;) {
    double s = rhs[i];
    for (size_t c = i + 1; c < n; ++c) s -= m[i][c] * x[c];
    x[i] = s / m[i][i];
  }
  return x;
}

void RequireConnected(const std::vector<std::string>& names, const std::vector<Pair>& pairs, size_t anchor) {
  std::vector<bool> reached(names.size(), false);
  reached[anchor] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const Pair& p : pairs)
      if (reached[p.a] != reached[p.b]) {
        reached[p.a] = reached[p.b] = true;
        grew = true;
      }
  }
  for (size_t i = 0; i < names.size(); ++i)
    if (!reached[i]) throw std::invalid_argument("no chain of matches links " + names[i] + " to the anchor");
}

}  // namespace

std::vector<BotRating> FitBotRatings(std::span<const BotMatch> matches, const BotFitOptions& options) {
  if (!(std::isfinite(options.virtual_draws) && options.virtual_draws >= 0 && std::isfinite(options.anchor_rating)))
    throw std::invalid_argument("virtual draws must be finite and not negative, the anchor's rating finite");
  std::vector<std::string> names;
  std::vector<Pair> pairs;
  for (const BotMatch& m : matches) {
    for (double count : {m.wins, m.draws, m.losses})
      if (!(std::isfinite(count) && count >= 0))
        throw std::invalid_argument("a match's counts must be finite and not negative");
    if (m.first == m.second) throw std::invalid_argument("a bot cannot be rated against itself: " + m.first);
    const double games = m.wins + m.draws + m.losses;
    if (games == 0) continue;
    const size_t a = IndexOf(names, m.first);
    const size_t b = IndexOf(names, m.second);
    pairs.push_back({a, b, m.wins + (m.draws + options.virtual_draws) / 2, games + options.virtual_draws});
  }
  const auto found = std::find(names.begin(), names.end(), options.anchor);
  if (found == names.end()) throw std::invalid_argument("the anchor " + options.anchor + " played no match");
  const size_t anchor = static_cast<size_t>(found - names.begin());
  RequireConnected(names, pairs, anchor);

  // Newton's method on the log-likelihood, theta in natural units, the anchor's fixed
  // at 0. The likelihood is concave, so from 0 it climbs straight to its maximum; a
  // step is halved while it would overshoot (a perfect score pulls hard at first).
  const size_t n = names.size();
  std::vector<double> theta(n, 0);
  auto free_index = [&](size_t i) { return i < anchor ? i : i - 1; };
  std::vector<std::vector<double>> information;  // minus the Hessian over the free bots
  bool converged = false;
  for (int step = 0; step < kMaxNewtonSteps && !converged; ++step) {
    std::vector<double> gradient(n - 1, 0);
    information.assign(n - 1, std::vector<double>(n - 1, 0));
    for (const Pair& p : pairs) {
      const double expected = 1 / (1 + std::exp(theta[p.b] - theta[p.a]));
      const double g = p.score - p.games * expected;
      const double w = p.games * expected * (1 - expected);
      if (p.a != anchor) {
        gradient[free_index(p.a)] += g;
        information[free_index(p.a)][free_index(p.a)] += w;
      }
      if (p.b != anchor) {
        gradient[free_index(p.b)] -= g;
        information[free_index(p.b)][free_index(p.b)] += w;
      }
      if (p.a != anchor && p.b != anchor) {
        information[free_index(p.a)][free_index(p.b)] -= w;
        information[free_index(p.b)][free_index(p.a)] -= w;
      }
    }
    const std::vector<double> move = Solve(information, gradient);
    double largest = 0;
    for (double x : move) largest = std::max(largest, std::abs(x));
    const double scale = largest > 2 ? 2 / largest : 1;  // at most 2 units (347 points) a step
    for (size_t i = 0; i < n; ++i)
      if (i != anchor) theta[i] += scale * move[free_index(i)];
    converged = largest < 1e-10;
  }
  if (!converged)
    throw std::invalid_argument("the ratings do not converge: a perfect score with no virtual draws has no finite fit");

  // Standard errors: the square roots of the inverse information's diagonal.
  std::vector<BotRating> out;
  for (size_t i = 0; i < n; ++i) {
    double se = 0;
    if (i != anchor) {
      std::vector<double> unit(n - 1, 0);
      unit[free_index(i)] = 1;
      se = std::sqrt(Solve(information, unit)[free_index(i)]) * kPointsPerUnit;
    }
    out.push_back({names[i], options.anchor_rating + theta[i] * kPointsPerUnit, se});
  }
  return out;
}

}  // namespace souk::rating
