#include "terminal/games.h"

#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"
#include "terminal/words.h"

namespace souk::terminal {
namespace {

template <typename Move, Result<Move> (*Parse)(std::string_view)>
std::string CanonicalText(const std::string& move) {
  auto parsed = Parse(move);
  return parsed.ok() ? ToString(*parsed) : move;
}

constexpr Verb kJaipurVerbs[] = {{"take", "prendre"}, {"sell", "vendre"}, {"exchange", "échanger"}, {"camels", "chameaux"}};
constexpr Verb kMarrakechVerbs[] = {{"left", "gauche"}, {"straight", "tout droit"}, {"right", "droite"}, {"place", "poser"}};

constexpr TerminalGame kTerminalGames[] = {
    {&kJaipurType, kJaipurVerbs, &JaipurMoveWords, &CanonicalText<jaipur::Move, &jaipur::ParseMove>, &JaipurShortForm,
     "  t gold          take one good from the market\n"
     "  c               take all the camels\n"
     "  s 3 cloth       sell 3 cloth (s cloth: sell all your cloth)\n"
     "  x gold spice / leather camel   take gold and spice, give leather and a camel\n",
     "  t or            prendre une marchandise au marché (t gold)\n"
     "  c               prendre tous les chameaux\n"
     "  s 3 tissu       vendre 3 tissus (s tissu : vendre tous vos tissus)\n"
     "  x or epice / cuir chameau   prendre or et épices, donner cuir et un chameau\n"},
    {&kMarrakechType, kMarrakechVerbs, &MarrakechMoveWords, &CanonicalText<marrakech::Move, &marrakech::ParseMove>,
     &MarrakechShortForm,
     "  l  s  r         turn Assam left, keep him straight, turn him right\n"
     "  c3 d3           place your carpet on c3 and d3 (or: place c3 d3)\n",
     "  g  td  d        tourner Assam à gauche, tout droit, à droite (l s r aussi)\n"
     "  c3 d3           poser votre tapis sur c3 et d3 (ou : place c3 d3)\n"},
};

}  // namespace

const TerminalGame* TerminalGameFor(std::string_view game) {
  const GameType* type = FindGameType(game);
  for (const TerminalGame& g : kTerminalGames)
    if (g.type == type) return &g;
  return nullptr;
}

std::string MoveWords(std::string_view game, const std::string& move, const Style& style) {
  const TerminalGame* known = TerminalGameFor(game);
  return known ? known->move_words(move, style) : move;
}

}  // namespace souk::terminal
