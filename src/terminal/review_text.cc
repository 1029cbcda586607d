#include "terminal/review_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

namespace souk::terminal {
namespace {

constexpr int kGraphRows = 11;      // 100%, 90%, ... 0%
constexpr int kGraphColumns = 72;   // with the 6-column axis label: 78 wide
constexpr int kProgressWidth = 40;

std::string Fixed(double x, int decimals, bool sign = false) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, sign ? "%+.*f" : "%.*f", decimals, x);
  return buffer;
}

// Appended, not "P" + ...: GCC 12 warns of a false overlap there (-Wrestrict).
std::string Seat(int seat) {
  std::string name = "P";
  name += std::to_string(seat);
  return name;
}

}  // namespace

std::string ReviewSummary(const review::GameReview& r) {
  std::ostringstream out;
  out << "Review of a " << r.game.game << " game (seed " << r.game.seed << ", " << r.game.players << " players"
      << (r.game.variant.empty() ? "" : ", " + r.game.variant) << "), won by";
  for (int w : r.winners) out << ' ' << Seat(w);
  out << ".\nBudget " << r.options.budget << " MCTS iterations a decision, " << r.options.samples
      << " playouts an estimate, seed " << r.options.seed << ".\n\n";
  for (const review::PlayerSummary& p : r.players)
    out << Seat(p.seat) << ": accuracy " << Fixed(p.accuracy, 1) << ", skill " << Fixed(p.skill, 3, true) << ", luck "
        << Fixed(p.luck, 3, true) << ", " << p.inaccuracies << " inaccuracies, " << p.mistakes << " mistakes, "
        << p.blunders << " blunders\n";
  return out.str();
}

std::string ReviewMoves(const review::GameReview& r) {
  std::ostringstream out;
  out << "\nMoves (win chance of the mover after the move; flags with the better move):\n";
  size_t d = 0, c = 0;
  for (size_t ply = 0; ply < r.moves.size(); ++ply) {
    out << "  " << (ply + 1) << ". ";
    const review::DecisionReview* decision =
        d < r.decisions.size() && r.decisions[d].ply == static_cast<int>(ply) ? &r.decisions[d++] : nullptr;
    const review::ChanceEvent* chance =
        c < r.chance_events.size() && r.chance_events[c].ply == static_cast<int>(ply) ? &r.chance_events[c++] : nullptr;
    if (decision) {
      out << Seat(decision->seat) << ' ' << decision->played << "  " << Fixed(100 * decision->played_value, 0) << '%';
      if (decision->flag != review::Flag::kNone) {
        out << "  " << review::FlagName(decision->flag) << " (-" << Fixed(100 * decision->loss, 0)
            << " points; better: " << decision->best << ' ' << Fixed(100 * decision->best_value, 0) << "%)";
        if (!decision->line.empty()) {
          out << "\n       then:";
          for (const std::string& m : decision->line) out << " | " << m;
        }
      }
    } else {
      out << "chance " << r.moves[ply];
    }
    if (chance) {
      out << "  luck:";
      for (size_t s = 0; s < chance->swing.size(); ++s)
        out << ' ' << Seat(static_cast<int>(s)) << ' ' << Fixed(100 * chance->swing[s], 0, true);
    }
    out << '\n';
  }
  return out.str();
}

// Each seat's win chance over the game, one digit per seat (the last seat drawn
// wins a shared cell), the plies squeezed into at most kGraphColumns columns.
std::string ReviewGraph(const review::GameReview& r) {
  const size_t points = r.win_chance.size();
  const size_t columns = std::min(points, static_cast<size_t>(kGraphColumns));
  std::vector<std::string> rows(kGraphRows, std::string(columns, ' '));
  for (size_t col = 0; col < columns; ++col) {
    const size_t k = columns == 1 ? 0 : col * (points - 1) / (columns - 1);
    for (size_t s = 0; s < r.win_chance[k].size(); ++s) {
      const int level = static_cast<int>(std::lround(r.win_chance[k][s] * (kGraphRows - 1)));
      rows[static_cast<size_t>(kGraphRows - 1 - level)][col] = static_cast<char>('0' + s);
    }
  }
  std::ostringstream out;
  out << "\nWin chance by move (digit = seat; " << points - 1 << " moves over " << columns << " columns):\n";
  for (int row = 0; row < kGraphRows; ++row) {
    const int percent = 100 - row * 100 / (kGraphRows - 1);
    char label[8];
    std::snprintf(label, sizeof label, "%4d%%", percent);
    out << label << '|' << rows[static_cast<size_t>(row)] << '\n';
  }
  out << "     +" << std::string(columns, '-') << '\n';
  return out.str();
}

std::string ReviewProgressBar(int done, int total) {
  const int filled = total > 0 ? std::clamp(done * kProgressWidth / total, 0, kProgressWidth) : kProgressWidth;
  return "review: [" + std::string(static_cast<size_t>(filled), '#') +
         std::string(static_cast<size_t>(kProgressWidth - filled), ' ') + "] " + std::to_string(done) + "/" +
         std::to_string(total) + " moves";
}

}  // namespace souk::terminal
