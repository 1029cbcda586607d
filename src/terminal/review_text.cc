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

// `line` within 80 columns, broken at spaces, the rest indented under the move.
std::string Wrapped(const std::string& line) {
  constexpr size_t kWidth = 80, kIndent = 7;
  std::string out, rest = line;
  while (rest.size() > kWidth) {
    size_t cut = rest.rfind(' ', kWidth);
    if (cut == std::string::npos || cut <= kIndent) cut = kWidth;
    out += rest.substr(0, cut) + '\n';
    rest = std::string(kIndent, ' ') + rest.substr(rest[cut] == ' ' ? cut + 1 : cut);
  }
  return out + rest + '\n';
}

// "1 blunder", "0 blunders" (French takes the singular for 0 and 1 alike).
std::string Counted(int n, const char* one, const char* many, const Style& style) {
  const bool singular = n == 1 || (n == 0 && style.lang == Lang::kFr);
  return std::to_string(n) + ' ' + (singular ? one : many);
}

const char* FlagWord(review::Flag flag, const Style& style) {
  switch (flag) {
    case review::Flag::kInaccuracy: return style.tr("inaccuracy", "imprécision");
    case review::Flag::kMistake: return style.tr("mistake", "erreur");
    case review::Flag::kBlunder: return style.tr("blunder", "gaffe");
    case review::Flag::kNone: break;
  }
  return "";
}

}  // namespace

std::string ReviewSummary(const review::GameReview& r, const Style& style) {
  std::ostringstream out;
  out << Format(style.tr("Review of a %s game (seed %llu, %d players", "Analyse d'une partie de %s (graine %llu, %d joueurs"),
                r.game.game.c_str(), static_cast<unsigned long long>(r.game.seed), r.game.players)
      << (r.game.variant.empty() ? "" : ", " + r.game.variant) << style.tr("), won by", "), gagnée par");
  for (int w : r.winners) out << ' ' << Seat(w);
  out << ".\n"
      << Format(style.tr("Budget %d MCTS iterations a decision, %d playouts an estimate, seed %llu.\n\n",
                         "Budget de %d itérations MCTS par décision,\n%d parties simulées par estimation, graine %llu.\n\n"),
                r.options.budget, r.options.samples, static_cast<unsigned long long>(r.options.seed));
  for (const review::PlayerSummary& p : r.players)
    out << Seat(p.seat) << style.tr(": ", " : ")
        << Format(style.tr("accuracy %s, skill %s, luck %s;\n", "précision %s, habileté %s, chance %s ;\n"),
                  Fixed(p.accuracy, 1).c_str(), Fixed(p.skill, 3, true).c_str(), Fixed(p.luck, 3, true).c_str())
        << "    " << Counted(p.inaccuracies, style.tr("inaccuracy", "imprécision"), style.tr("inaccuracies", "imprécisions"), style)
        << ", " << Counted(p.mistakes, style.tr("mistake", "erreur"), style.tr("mistakes", "erreurs"), style) << ", "
        << Counted(p.blunders, style.tr("blunder", "gaffe"), style.tr("blunders", "gaffes"), style) << '\n';
  return out.str();
}

std::string ReviewMoves(const review::GameReview& r, const Style& style, bool flagged_only) {
  std::ostringstream out;
  out << '\n'
      << (flagged_only ? style.tr("Flagged moves (with the better move):\n", "Coups signalés (avec le meilleur coup) :\n")
                       : style.tr("Moves (win chance of the mover after the move; flags with the better move):\n",
                                  "Coups (chances de gagner du joueur après son coup ; coups signalés avec le meilleur) :\n"));
  size_t d = 0, c = 0, flagged = 0;
  for (size_t ply = 0; ply < r.moves.size(); ++ply) {
    const review::DecisionReview* decision =
        d < r.decisions.size() && r.decisions[d].ply == static_cast<int>(ply) ? &r.decisions[d++] : nullptr;
    const review::ChanceEvent* chance =
        c < r.chance_events.size() && r.chance_events[c].ply == static_cast<int>(ply) ? &r.chance_events[c++] : nullptr;
    const bool flag = decision && decision->flag != review::Flag::kNone;
    if (flagged_only && !flag) continue;
    flagged += flag;
    std::string line = "  " + std::to_string(ply + 1) + ". ";
    if (decision) {
      line += Seat(decision->seat) + ' ' + decision->played + "  " + Fixed(100 * decision->played_value, 0) + '%';
      if (flag) {
        line += "  " + std::string(FlagWord(decision->flag, style)) + " (-" + Fixed(100 * decision->loss, 0) + " points)";
        out << Wrapped(line);
        line = Format(style.tr("       better: %s  %s%%", "       mieux : %s  %s %%"), decision->best.c_str(),
                      Fixed(100 * decision->best_value, 0).c_str());
        if (!decision->line.empty()) {
          out << Wrapped(line);
          line = std::string("       ") + style.tr("then:", "puis :");
          for (const std::string& m : decision->line) line += " | " + m;
        }
      }
    } else {
      line += style.tr("chance ", "hasard ") + r.moves[ply];
    }
    if (chance && !flagged_only) {
      line += style.tr("  luck:", "  chance :");
      for (size_t s = 0; s < chance->swing.size(); ++s)
        line += ' ' + Seat(static_cast<int>(s)) + ' ' + Fixed(100 * chance->swing[s], 0, true);
    }
    out << Wrapped(line);
  }
  if (flagged_only && flagged == 0) out << style.tr("  none\n", "  aucun\n");
  return out.str();
}

// Each seat's win chance over the game, one digit per seat (the last seat drawn
// wins a shared cell), the plies squeezed into at most kGraphColumns columns.
std::string ReviewGraph(const review::GameReview& r, const Style& style) {
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
  out << '\n'
      << Format(style.tr("Win chance by move (digit = seat; %zu moves over %zu columns):\n",
                         "Chances de gagner par coup (chiffre = joueur ; %zu coups sur %zu colonnes) :\n"),
                points - 1, columns);
  for (int row = 0; row < kGraphRows; ++row) {
    const int percent = 100 - row * 100 / (kGraphRows - 1);
    char label[8];
    std::snprintf(label, sizeof label, "%4d%%", percent);
    out << label << '|' << rows[static_cast<size_t>(row)] << '\n';
  }
  out << "     +" << std::string(columns, '-') << '\n';
  return out.str();
}

std::string ReviewProgressBar(int done, int total, const Style& style) {
  const int filled = total > 0 ? std::clamp(done * kProgressWidth / total, 0, kProgressWidth) : kProgressWidth;
  return style.tr("review: [", "analyse : [") + std::string(static_cast<size_t>(filled), '#') +
         std::string(static_cast<size_t>(kProgressWidth - filled), ' ') + "] " + std::to_string(done) + "/" +
         std::to_string(total) + style.tr(" moves", " coups");
}

}  // namespace souk::terminal
