#include "terminal/marrakech_screen.h"

namespace souk::terminal {
namespace {

namespace mk = souk::marrakech;
using mk::View;

constexpr Color kCarpetColor[mk::kMaxColors] = {Color::kRed, Color::kBlue, Color::kYellow, Color::kGreen};

std::string ColorName(int c, const Style& style) {
  static const char* kEnglish[] = {"red", "blue", "yellow", "green"};
  static const char* kFrench[] = {"rouge", "bleu", "jaune", "vert"};
  return style.lang == Lang::kFr ? kFrench[c] : kEnglish[c];
}

char ColorLetter(int c, const Style& style) { return style.lang == Lang::kFr ? "RBJV"[c] : "RBYG"[c]; }

int NumColors(const View& v) { return mk::NumColors(v.num_players, v.variant); }
int ColorsOf(const View& v) { return NumColors(v) / v.num_players; }
int ColorOf(const View& v, int player, int i) { return player + i * v.num_players; }

const char* Arrow(mk::Facing f) {
  switch (f) {
    case mk::Facing::kNorth: return "^";
    case mk::Facing::kEast: return ">";
    case mk::Facing::kSouth: return "v";
    case mk::Facing::kWest: return "<";
  }
  return "?";
}

std::string FacingName(mk::Facing f, const Style& style) {
  static const char* kEnglish[] = {"north", "east", "south", "west"};
  static const char* kFrench[] = {"le nord", "l'est", "le sud", "l'ouest"};
  return (style.lang == Lang::kFr ? kFrench : kEnglish)[static_cast<int>(f)];
}

int VisibleSquares(const View& v, int player) {
  int n = 0;
  for (int sq = 0; sq < mk::kNumSquares; ++sq)
    if (v.carpet[static_cast<size_t>(sq)] && v.color[static_cast<size_t>(sq)] % v.num_players == player) ++n;
  return n;
}

bool SameCarpet(const View& v, int a, int b) {
  return v.carpet[static_cast<size_t>(a)] && v.carpet[static_cast<size_t>(a)] == v.carpet[static_cast<size_t>(b)];
}

std::string Cell(const View& v, int sq, const Style& style) {
  const bool carpet = v.carpet[static_cast<size_t>(sq)] != 0;
  const int c = v.color[static_cast<size_t>(sq)];
  std::string text = carpet ? std::string(1, ColorLetter(c, style)) : ".";
  const std::string edge = sq == v.assam.square ? Arrow(v.assam.facing) : " ";
  text = edge + text + edge;
  if (!carpet) return sq == v.assam.square ? style.Paint(text, Color::kNone, true) : text;
  return style.Fill(text, kCarpetColor[c], c == 2 ? Color::kNone : Color::kWhite);
}

std::string Board(const View& v, const Style& style) {
  std::string out = "    ";
  for (int x = 0; x < mk::kBoardSize; ++x) out += Format("  %c ", 'a' + x);
  out.pop_back();  // no trailing space
  out += '\n';
  auto rule = [&](int y) {  // the line above row y (y == kBoardSize: the bottom)
    std::string line = "    +";
    for (int x = 0; x < mk::kBoardSize; ++x) {
      const bool joined = y > 0 && y < mk::kBoardSize && SameCarpet(v, mk::SquareAt(x, y - 1), mk::SquareAt(x, y));
      line += joined ? "   +" : "---+";
    }
    return line + '\n';
  };
  for (int y = 0; y < mk::kBoardSize; ++y) {
    out += rule(y);
    out += Format("  %d |", y + 1);
    for (int x = 0; x < mk::kBoardSize; ++x) {
      out += Cell(v, mk::SquareAt(x, y), style);
      const bool joined = x + 1 < mk::kBoardSize && SameCarpet(v, mk::SquareAt(x, y), mk::SquareAt(x + 1, y));
      out += joined ? " " : "|";
    }
    out += '\n';
  }
  return out + rule(mk::kBoardSize);
}

const std::string& Name(const std::vector<std::string>& names, int seat) { return names[static_cast<size_t>(seat)]; }

std::string Colors(const View& v, int p, const Style& style) {
  std::string out;
  for (int i = 0; i < ColorsOf(v); ++i) {
    const int c = ColorOf(v, p, i);
    out += i ? "+" : "";
    out += style.Paint(ColorName(c, style), kCarpetColor[c], true);
  }
  return out;
}

}  // namespace

std::string RenderMarrakech(const View& v, const std::vector<std::string>& names, const Style& style) {
  std::string out = style.Bold(style.tr("Marrakech", "Marrakech")) + '\n' + Board(v, style);
  out += Format(style.tr("Assam is on %s, facing %s (%s).\n", "Assam est en %s, tourné vers %s (%s).\n"),
                mk::SquareName(v.assam.square).c_str(), FacingName(v.assam.facing, style).c_str(), Arrow(v.assam.facing));
  for (int p = 0; p < v.num_players; ++p) {
    const View::Player& vp = v.players[static_cast<size_t>(p)];
    std::string line = Format("  %s (%s): ", Name(names, p).c_str(), Colors(v, p, style).c_str());
    if (vp.out) {
      line += style.tr("out of the game", "hors jeu");
    } else {
      line += Format(style.tr("%d dirhams, carpets left:", "%d dirhams, tapis restants :"), vp.dirhams);
      for (int i = 0; i < ColorsOf(v); ++i)
        line += Format(" %s %d", ColorName(ColorOf(v, p, i), style).c_str(), vp.carpets_left[static_cast<size_t>(i)]);
      line += Format(style.tr(", %d squares showing", ", %d cases visibles"), VisibleSquares(v, p));
    }
    out += line + '\n';
  }
  if (v.phase == mk::Phase::kGameOver) {
    out += style.tr("The game is over.\n", "La partie est finie.\n");
    return out;
  }
  const char* who = Name(names, v.to_move).c_str();
  switch (v.phase) {
    case mk::Phase::kOrient: out += Format(style.tr("%s to orient Assam.\n", "À %s d'orienter Assam.\n"), who); break;
    case mk::Phase::kRoll: out += Format(style.tr("%s to roll the die.\n", "À %s de lancer le dé.\n"), who); break;
    case mk::Phase::kPlace:
      out += Format(style.tr("%s to place a %s carpet beside Assam.\n", "À %s de poser un tapis %s à côté d'Assam.\n"), who,
                    style.Paint(ColorName(v.current_carpet, style), kCarpetColor[v.current_carpet], true).c_str());
      break;
    case mk::Phase::kGameOver: break;
  }
  return out;
}

std::vector<std::string> TellMarrakechMove(const View& before, const View& after, const mk::Move& move, int mover,
                                           int you, const std::vector<std::string>& names, const Style& style) {
  std::vector<std::string> lines;
  const bool second = mover == you;
  const std::string who = second ? style.tr("You", "Vous") : Name(names, mover);
  auto verb = [&](const char* en3, const char* en2, const char* fr3, const char* fr2) {
    return second ? style.tr(en2, fr2) : style.tr(en3, fr3);
  };
  switch (move.kind) {
    case mk::MoveKind::kOrient:
      if (move.turn == mk::Turn::kStraight)
        lines.push_back(Format(style.tr("%s %s Assam facing %s.", "%s %s Assam tourné vers %s."), who.c_str(),
                               verb("keeps", "keep", "garde", "gardez"), FacingName(after.assam.facing, style).c_str()));
      else
        lines.push_back(Format(style.tr("%s %s Assam %s: he faces %s.", "%s %s Assam %s : il regarde vers %s."), who.c_str(),
                               verb("turns", "turn", "tourne", "tournez"),
                               move.turn == mk::Turn::kLeft ? style.tr("left", "à gauche") : style.tr("right", "à droite"),
                               FacingName(after.assam.facing, style).c_str()));
      break;
    case mk::MoveKind::kRoll: {
      lines.push_back(Format(style.tr("%s %s %d: Assam walks to %s, facing %s.", "%s %s %d : Assam va en %s, tourné vers %s."),
                             who.c_str(), verb("rolls", "roll", "fait", "faites"), move.roll,
                             mk::SquareName(after.assam.square).c_str(), FacingName(after.assam.facing, style).c_str()));
      const int paid = before.players[static_cast<size_t>(mover)].dirhams - after.players[static_cast<size_t>(mover)].dirhams;
      for (int p = 0; p < after.num_players && paid > 0; ++p) {
        const int gained = after.players[static_cast<size_t>(p)].dirhams - before.players[static_cast<size_t>(p)].dirhams;
        if (gained <= 0) continue;
        if (second)
          lines.push_back(Format(style.tr("You pay %1$s %2$d dirhams.", "Vous payez %2$d dirhams à %1$s."),
                                 Name(names, p).c_str(), paid));
        else if (p == you)
          lines.push_back(Format(style.tr("%s pays you %d dirhams.", "%s vous paie %d dirhams."), who.c_str(), paid));
        else
          lines.push_back(Format(style.tr("%s pays %s %d dirhams.", "%s paie %s %d dirhams."), who.c_str(), Name(names, p).c_str(), paid));
      }
      for (int p = 0; p < after.num_players; ++p)
        if (after.players[static_cast<size_t>(p)].out && !before.players[static_cast<size_t>(p)].out)
          lines.push_back(p == you ? std::string(style.tr("You are out of the game.", "Vous êtes hors jeu."))
                                   : Format(style.tr("%s is out of the game.", "%s est hors jeu."), Name(names, p).c_str()));
      break;
    }
    case mk::MoveKind::kPlace: {
      int covered = 0;
      for (int sq : {move.first, move.second}) covered += before.carpet[static_cast<size_t>(sq)] != 0;
      std::string line = Format(style.tr("%s %s a %s carpet on %s %s", "%s %s un tapis %s sur %s %s"), who.c_str(),
                                verb("places", "place", "pose", "posez"), ColorName(before.current_carpet, style).c_str(),
                                mk::SquareName(move.first).c_str(), mk::SquareName(move.second).c_str());
      if (covered) line += Format(style.tr(", covering %d square%s", ", qui couvre %d case%s"), covered, covered > 1 ? "s" : "");
      lines.push_back(line + ".");
      break;
    }
  }
  if (after.phase != mk::Phase::kGameOver || before.phase == mk::Phase::kGameOver) return lines;
  lines.push_back(style.Bold(style.tr("Final scores:", "Scores finaux :")));
  for (int p = 0; p < after.num_players; ++p) {
    const int squares = VisibleSquares(after, p), dirhams = after.players[static_cast<size_t>(p)].dirhams;
    lines.push_back(Format(style.tr("  %s: %d squares + %d dirhams = %d", "  %s : %d cases + %d dirhams = %d"),
                           Name(names, p).c_str(), squares, dirhams, squares + dirhams));
  }
  std::string winners;
  for (int p = 0; p < after.num_players; ++p)
    if (after.winners >> p & 1) winners += (winners.empty() ? "" : style.tr(" and ", " et ")) + Name(names, p);
  lines.push_back(style.Bold(Format(style.tr("Winner: %s.", "Victoire : %s."), winners.c_str())));
  return lines;
}

}  // namespace souk::terminal
