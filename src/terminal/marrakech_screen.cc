#include "terminal/marrakech_screen.h"

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "terminal/layout.h"

namespace souk::terminal {
namespace {

namespace mk = souk::marrakech;
using mk::View;

// Colour c of the rules is drawn on kCarpetBg[c] with kCarpetInk[c] letters; the ink is
// chosen for contrast (there is no black in Color, dark grey stands in on yellow).
constexpr Color kCarpetBg[mk::kMaxColors] = {Color::kRed, Color::kBlue, Color::kYellow, Color::kGreen};
constexpr Color kCarpetInk[mk::kMaxColors] = {Color::kWhite, Color::kWhite, Color::kGrey, Color::kWhite};

size_t At(int i) { return static_cast<size_t>(i); }

const char* ColorName(int c, const Style& style) {
  static const char* const kEn[] = {"red", "blue", "yellow", "green"};
  static const char* const kFr[] = {"rouge", "bleu", "jaune", "vert"};
  return style.tr(kEn[c], kFr[c]);
}
// The initial of the colour's name, so that the plain board reads in either language.
char ColorLetter(int c, const Style& style) { return style.tr("RBYG", "RBJV")[c]; }
std::string PaintedColor(int c, const Style& style) { return style.Paint(ColorName(c, style), kCarpetBg[c], true); }

char Arrow(mk::Facing f) { return "^>v<"[static_cast<int>(f)]; }
const char* FacingName(mk::Facing f, const Style& style) {
  static const char* const kEn[] = {"north", "east", "south", "west"};
  static const char* const kFr[] = {"le nord", "l'est", "le sud", "l'ouest"};
  return style.tr(kEn[static_cast<int>(f)], kFr[static_cast<int>(f)]);
}

int NumColors(const View& v) { return mk::NumColors(v.num_players, v.variant); }
int ColorsPerPlayer(const View& v) { return NumColors(v) / v.num_players; }
int ColorOf(const View& v, int player, int i) { return player + i * v.num_players; }
const std::string& Name(const std::vector<std::string>& names, int seat) { return names[At(seat)]; }

// Replaces {0}, {1}... with args, so that the two languages may order them differently
// (printf's %1$s is not ISO C++).
std::string Sub(std::string_view text, std::initializer_list<std::string> args) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 2] == '}') {
      out += *(args.begin() + (text[i + 1] - '0'));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string Dirhams(int n) { return Format(n == 1 ? "%d dirham" : "%d dirhams", n); }

bool SameCarpet(const View& v, int a, int b) { return v.carpet[At(a)] && v.carpet[At(a)] == v.carpet[At(b)]; }

// --- The board -------------------------------------------------------------------
// Each square is 3 characters between walls; the wall (or the rule segment) between
// the two halves of one carpet is left out and filled with its colour, so that a
// carpet reads as one piece and two carpets side by side, even of one colour, do not.

std::string Cell(const View& v, int sq, const Style& style) {
  const bool assam = sq == v.assam.square;
  std::string text = assam ? std::string(1, Arrow(v.assam.facing)) : " ";
  text += v.carpet[At(sq)] ? ColorLetter(v.color[At(sq)], style) : '.';
  text += text[0];
  if (v.carpet[At(sq)]) return style.Fill(text, kCarpetBg[v.color[At(sq)]], kCarpetInk[v.color[At(sq)]]);
  return assam ? style.Paint(text, Color::kMagenta, true) : text;
}

// The wall between two neighbours: a gap in the carpet's colour when they are one carpet.
std::string Wall(const View& v, int a, int b, const char* wall, const Style& style) {
  if (!SameCarpet(v, a, b)) return wall;
  const std::string gap(std::string_view(wall).size(), ' ');
  return style.Fill(gap, kCarpetBg[v.color[At(a)]]);
}

std::string Board(const View& v, const Style& style) {
  std::string out = "    ";
  for (int x = 0; x < mk::kBoardSize; ++x) out += Format("  %c ", 'a' + x);
  out.back() = '\n';
  for (int y = 0; y <= mk::kBoardSize; ++y) {
    out += "    +";  // the rule above row y, or below the board
    for (int x = 0; x < mk::kBoardSize; ++x) {
      const bool inside = y > 0 && y < mk::kBoardSize;
      out += inside ? Wall(v, mk::SquareAt(x, y - 1), mk::SquareAt(x, y), "---", style) : "---";
      out += "+";
    }
    out += "\n";
    if (y == mk::kBoardSize) break;
    out += Format("  %d |", y + 1);
    for (int x = 0; x < mk::kBoardSize; ++x) {
      out += Cell(v, mk::SquareAt(x, y), style);
      out += x + 1 < mk::kBoardSize ? Wall(v, mk::SquareAt(x, y), mk::SquareAt(x + 1, y), "|", style) : "|";
    }
    out += "\n";
  }
  return out;
}

// --- Players and scores ---------------------------------------------------------

// Display width of UTF-8 text: one column per character.
int Width(std::string_view text) {
  return static_cast<int>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}
std::string Spaces(int n) { return std::string(At(std::max(0, n)), ' '); }
std::string PadLeft(const std::string& text, int width) { return Spaces(width - Width(text)) + text; }

std::string CarpetsLeft(const View& v, int p, const Style& style) {
  std::string out;
  for (int i = 0; i < ColorsPerPlayer(v); ++i) {
    if (i) out += ", ";
    out += PaintedColor(ColorOf(v, p, i), style);
    out += Format(" %d", v.players[At(p)].carpets_left[At(i)]);
  }
  return out;
}

// The panel beside the board is this wide, so that board and panel fit 80 columns.
constexpr size_t kPanelWidth = 45;
constexpr int kMaxNameWidth = 14;

std::vector<std::string> PlayerTable(const View& v, const std::vector<std::string>& names, const Style& style) {
  const std::string player = style.tr("Player", "Joueur"), dirhams = style.tr("Dirhams", "Dirhams"),
                    squares = style.tr("Squares", "Cases");
  int name_width = Width(player);
  for (int p = 0; p < v.num_players; ++p) name_width = std::max(name_width, Width(Name(names, p)));
  name_width = std::min(name_width, kMaxNameWidth);
  std::vector<std::string> lines = {"  " + player + Spaces(name_width - Width(player) + 2) + dirhams + "  " + squares};
  const bool over = v.phase == mk::Phase::kGameOver;
  for (int p = 0; p < v.num_players; ++p) {
    const View::Player& vp = v.players[At(p)];
    const std::string name = FitLine(Name(names, p), At(name_width));
    std::string line = !over && p == v.to_move ? "> " : "  ";
    line += style.Bold(name) + Spaces(name_width - Width(name) + 2);
    line += PadLeft(std::to_string(vp.dirhams), Width(dirhams)) + "  ";
    line += PadLeft(std::to_string(v.VisibleSquares(p)), Width(squares));
    std::string left = vp.out ? style.Paint(style.tr("out", "hors jeu"), Color::kGrey, true)
                              : over ? std::string() : style.tr("left: ", "restants : ") + CarpetsLeft(v, p, style);
    if (!left.empty() && VisibleWidth(line) + 2 + VisibleWidth(left) <= kPanelWidth) {
      line += "  " + left;
      left.clear();
    }
    lines.push_back(line);
    if (!left.empty()) lines.push_back("    " + left);
  }
  return lines;
}

// "Ann", "Ann and Bob", "Ann, Bob and Cy", with `you` as "you".
std::string Join(const View& v, uint8_t seats, const std::vector<std::string>& names, int you, const Style& style) {
  std::vector<std::string> listed;
  for (int p = 0; p < v.num_players; ++p)
    if (seats >> p & 1) listed.push_back(p == you ? style.tr("you", "vous") : Name(names, p));
  std::string out;
  for (size_t i = 0; i < listed.size(); ++i) {
    if (i) out += i + 1 == listed.size() ? style.tr(" and ", " et ") : ", ";
    out += listed[i];
  }
  return out;
}

// The end of the game: each score, then the winner(s).
std::vector<std::string> FinalLines(const View& v, const std::vector<std::string>& names, int you, const Style& style) {
  std::vector<std::string> lines = {style.Bold(style.tr("Final scores:", "Scores finaux :"))};
  for (int p = 0; p < v.num_players; ++p) {
    const View::Player& vp = v.players[At(p)];
    const std::string who = p == you ? style.tr("You", "Vous") : Name(names, p);
    if (vp.out) {
      lines.push_back(Sub(style.tr("  {0}: out of the game, 0", "  {0} : hors jeu, 0"), {who}));
      continue;
    }
    const int squares = v.VisibleSquares(p);
    const std::string shown = Format(squares == 1 ? style.tr("%d square", "%d case") : style.tr("%d squares", "%d cases"), squares);
    lines.push_back(Sub(style.tr("  {0}: {1} + {2} = {3}", "  {0} : {1} + {2} = {3}"),
                        {who, shown, Dirhams(vp.dirhams), std::to_string(v.Score(p))}));
  }
  const bool shared = (v.winners & (v.winners - 1)) != 0;
  const std::string winners = Join(v, v.winners, names, you, style);
  if (!shared && you >= 0 && (v.winners >> you & 1))
    lines.push_back(style.Bold(style.tr("You win!", "Vous gagnez !")));
  else
    lines.push_back(style.Bold(Sub(shared ? style.tr("Shared win: {0}.", "Victoire partagée : {0}.")
                                          : style.tr("Winner: {0}.", "Victoire : {0}."),
                                   {winners})));
  return lines;
}

}  // namespace

std::string RenderMarrakech(const View& v, const std::vector<std::string>& names, const Style& style) {
  std::vector<std::string> panel = {
      style.Bold("Marrakech"),
      Sub(style.tr("Assam is on {0}, facing {1} ({2}).", "Assam est en {0}, tourné vers {1} ({2})."),
          {mk::SquareName(v.assam.square), FacingName(v.assam.facing, style), std::string(1, Arrow(v.assam.facing))})};
  std::string colours = style.tr("Colours:", "Couleurs :");
  for (int c = 0; c < NumColors(v); ++c) colours += Format("  %c %s", ColorLetter(c, style), PaintedColor(c, style).c_str());
  panel.push_back(colours);
  panel.emplace_back();
  for (std::string& line : PlayerTable(v, names, style)) panel.push_back(std::move(line));
  panel.emplace_back();
  // "You" on the screen of a game against bots: the phase is told to the player.
  const bool yours = Name(names, v.to_move) == style.tr("You", "Vous");
  const std::string who = style.Bold(Name(names, v.to_move));
  std::string phase;
  switch (v.phase) {
    case mk::Phase::kOrient:
      phase = yours ? style.tr("Your turn: orient Assam left, straight or right.",
                               "À vous d'orienter Assam : gauche, tout droit ou droite.")
                    : Sub(style.tr("{0} to orient Assam: left, straight or right.",
                                   "À {0} d'orienter Assam : gauche, tout droit ou droite."),
                          {who});
      break;
    case mk::Phase::kRoll:
      phase = yours ? style.tr("Your turn to roll the die.", "À vous de lancer le dé.")
                    : Sub(style.tr("{0} to roll the die.", "À {0} de lancer le dé."), {who});
      break;
    case mk::Phase::kPlace:
      phase = Sub(yours ? style.tr("Your turn: place a {1} carpet beside Assam.", "À vous de poser un tapis {1} à côté d'Assam.")
                        : style.tr("{0} to place a {1} carpet beside Assam.", "À {0} de poser un tapis {1} à côté d'Assam."),
                  {who, PaintedColor(v.current_carpet, style)});
      break;
    case mk::Phase::kGameOver: {
      std::vector<std::string> final_lines = FinalLines(v, names, -1, style);
      final_lines.insert(final_lines.begin(), style.tr("The game is over.", "La partie est finie."));
      for (std::string& line : final_lines) panel.push_back(FitLine(line, kPanelWidth));
      break;
    }
  }
  for (std::string& line : Wrap(phase, kPanelWidth)) panel.push_back(std::move(line));
  while (!panel.empty() && panel.back().empty()) panel.pop_back();
  std::string out;
  for (const std::string& line : SideBySide(SplitLines(Board(v, style)), panel, 33, 2)) out += line + "\n";
  return out;
}

std::vector<std::string> TellMarrakechMove(const View& before, const View& after, const mk::MoveEvent& event, int you,
                                           const std::vector<std::string>& names, const Style& style, bool brief) {
  const mk::Move& move = event.move;
  const int mover = event.seat;
  const bool second = mover == you;
  const std::string who = second ? style.tr("You", "Vous") : Name(names, mover);
  // The verb agrees with the subject: third person, then second, in each language.
  auto verb = [&](const char* en3, const char* en2, const char* fr3, const char* fr2) {
    return std::string(second ? style.tr(en2, fr2) : style.tr(en3, fr3));
  };
  std::vector<std::string> lines;
  if (brief && move.kind == mk::MoveKind::kOrient) {
    lines.push_back(Sub(move.turn == mk::Turn::kStraight ? style.tr("{0} {1} straight.", "{0} {1} tout droit.")
                                                         : style.tr("{0} {1} {2}.", "{0} {1} {2}."),
                        {who, move.turn == mk::Turn::kStraight ? verb("keeps", "keep", "va", "allez")
                                                               : verb("turns", "turn", "tourne", "tournez"),
                         move.turn == mk::Turn::kLeft ? style.tr("left", "à gauche") : style.tr("right", "à droite")}));
    return lines;
  }
  if (brief && move.kind == mk::MoveKind::kPlace) {
    lines.push_back(Sub(style.tr("{0} {1} {2} on {3} {4}.", "{0} {1} du {2} en {3} {4}."),
                        {who, verb("places", "place", "pose", "posez"), PaintedColor(after.color[move.first], style),
                         mk::SquareName(move.first), mk::SquareName(move.second)}));
  }
  if (brief && move.kind == mk::MoveKind::kRoll) {
    lines.push_back(Sub(style.tr("{0} {1} {2} to {3}.", "{0} {1} {2}, jusqu'en {3}."),
                        {who, verb("rolls", "roll", "fait", "faites"), std::to_string(move.roll),
                         mk::SquareName(after.assam.square)}));
    if (event.tribute) {
      // The area's colour and size say why.
      const int p = event.tribute->to;
      const std::string paid = Dirhams(event.tribute->amount);
      static const char* const kFeminine[] = {"rouge", "bleue", "jaune", "verte"};
      const int c = after.color[At(after.assam.square)];
      const std::string colour = style.Paint(style.tr(ColorName(c, style), kFeminine[c]), kCarpetBg[c], true);
      const int n = event.tribute_due;
      const std::string area = Sub(n == 1 ? style.tr("{0} area of 1 square", "zone {0} de 1 case")
                                          : style.tr("{0} area of {1} squares", "zone {0} de {1} cases"),
                                   {colour, std::to_string(n)});
      if (second)
        lines.push_back(Sub(style.tr("You pay {1} to {0} ({2}).", "Vous payez {1} à {0} ({2})."), {Name(names, p), paid, area}));
      else if (p == you)
        lines.push_back(Sub(style.tr("{0} pays you {1} ({2}).", "{0} vous paie {1} ({2})."), {who, paid, area}));
      else
        lines.push_back(Sub(style.tr("{0} pays {2} to {1} ({3}).", "{0} paie {2} à {1} ({3})."), {who, Name(names, p), paid, area}));
    }
    if (event.out >> mover & 1)
      lines.push_back(Sub(second ? style.tr("You are out of the game.", "Vous êtes hors jeu.")
                                 : style.tr("{0} is out of the game.", "{0} est hors jeu."),
                          {who}));
  }
  if (move.kind == mk::MoveKind::kTimeOut) {  // brief or not: the clock, then the seat out
    lines.push_back(second ? std::string(style.tr("You ran out of time: you are out of the game.",
                                                  "Vous n'avez plus de temps : vous êtes hors jeu."))
                           : Sub(style.tr("{0} ran out of time: {0} is out of the game.",
                                          "{0} n'a plus de temps : {0} est hors jeu."),
                                 {who}));
  }
  if (!brief) switch (move.kind) {
    case mk::MoveKind::kOrient: {
      const std::string facing = FacingName(after.assam.facing, style);
      if (move.turn == mk::Turn::kStraight)
        lines.push_back(Sub(style.tr("{0} {1} Assam facing {2}.", "{0} {1} Assam tourné vers {2}."),
                            {who, verb("keeps", "keep", "garde", "gardez"), facing}));
      else
        lines.push_back(Sub(style.tr("{0} {1} Assam {2}: he now faces {3}.", "{0} {1} Assam {2} : il regarde vers {3}."),
                            {who, verb("turns", "turn", "tourne", "tournez"),
                             move.turn == mk::Turn::kLeft ? style.tr("left", "à gauche") : style.tr("right", "à droite"),
                             facing}));
      break;
    }
    case mk::MoveKind::kRoll: {
      std::string line = Sub(style.tr("{0} {1} {2}: Assam walks to {3} (facing {4}", "{0} {1} {2} au dé : Assam avance jusqu'en {3} (tourné vers {4}"),
                             {who, verb("rolls", "roll", "fait", "faites"), std::to_string(move.roll),
                              mk::SquareName(after.assam.square), FacingName(after.assam.facing, style)});
      if (after.assam.facing != before.assam.facing)
        line += style.tr(", after a U-turn at the edge", " après un demi-tour au bord");
      lines.push_back(line + ").");
      if (event.tribute) {
        // Why: the area Assam stands on, its owner and its size.
        const int p = event.tribute->to;
        const std::string paid = Dirhams(event.tribute->amount);
        const int square = after.assam.square;
        // "la zone bleue": the colour agrees with the French noun.
        static const char* const kFeminine[] = {"rouge", "bleue", "jaune", "verte"};
        const int c = after.color[At(square)];
        const std::string colour = style.Paint(style.tr(ColorName(c, style), kFeminine[c]), kCarpetBg[c], true);
        const int n = event.tribute_due;  // the area's size: a dirham a square
        const std::string size = Format(n == 1 ? style.tr("%d square", "%d case") : style.tr("%d squares", "%d cases"), n);
        if (second)
          lines.push_back(Sub(style.tr("You land on {0}'s {2} area of {3}: you pay {1} to {0}.",
                                       "Vous tombez sur la zone {2} de {0} ({3}) : vous payez {1} à {0}."),
                              {Name(names, p), paid, colour, size}));
        else if (p == you)
          lines.push_back(Sub(style.tr("{0} lands on your {2} area of {3}: {0} pays you {1}.",
                                       "{0} tombe sur votre zone {2} ({3}) : {0} vous paie {1}."),
                              {who, paid, colour, size}));
        else
          lines.push_back(Sub(style.tr("{0} lands on {1}'s {3} area of {4}: {0} pays {2} to {1}.",
                                       "{0} tombe sur la zone {3} de {1} ({4}) : {0} paie {2} à {1}."),
                              {who, Name(names, p), paid, colour, size}));
      }
      if (event.out >> mover & 1)
        lines.push_back(Sub(second ? style.tr("You cannot pay the {0} due: you are out of the game.",
                                              "Vous ne pouvez pas payer les {0} dus : vous êtes hors jeu.")
                                   : style.tr("{1} cannot pay the {0} due: {1} is out of the game.",
                                              "{1} ne peut pas payer les {0} dus : {1} est hors jeu."),
                            {Dirhams(event.tribute_due), who}));
      break;
    }
    case mk::MoveKind::kPlace: {
      const int c = after.color[move.first];
      std::string line = Sub(style.tr("{0} {1} a {2} carpet on {3} {4}", "{0} {1} un tapis {2} en {3} {4}"),
                             {who, verb("places", "place", "pose", "posez"), PaintedColor(c, style),
                              mk::SquareName(move.first), mk::SquareName(move.second)});
      std::string covered;
      for (int sq : {move.first, move.second}) {
        if (!before.carpet[At(sq)]) continue;
        if (!covered.empty()) covered += style.tr(" and ", " et ");
        covered += Sub(style.tr("{0} on {1}", "le {0} en {1}"), {PaintedColor(before.color[At(sq)], style), mk::SquareName(sq)});
      }
      if (!covered.empty()) line += Sub(style.tr(", covering {0}", ", par-dessus {0}"), {covered});
      lines.push_back(line + ".");
      break;
    }
    case mk::MoveKind::kTimeOut:
      break;  // told above
  }
  if (after.phase == mk::Phase::kGameOver && before.phase != mk::Phase::kGameOver) {
    lines.push_back(style.tr("The game is over.", "La partie est finie."));
    for (std::string& line : FinalLines(after, names, you, style)) lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace souk::terminal
