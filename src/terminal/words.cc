#include "terminal/words.h"

#include "core/marrakech/marrakech.h"

namespace souk::terminal {
namespace {

namespace mk = souk::marrakech;

constexpr Color kCardColor[jaipur::kNumCardTypes] = {Color::kRed,   Color::kYellow, Color::kWhite, Color::kMagenta,
                                                     Color::kGreen, Color::kBrown,  Color::kGrey};

std::string Jaipur(const jaipur::Move& m, const Style& style) {
  switch (m.kind) {
    case jaipur::MoveKind::kTake:
      return style.tr("take ", "prendre ") + JaipurCardName(m.good, 1, style);
    case jaipur::MoveKind::kCamels: return style.tr("take the camels", "prendre les chameaux");
    case jaipur::MoveKind::kTimeOut: return style.tr("out of time", "plus de temps");
    case jaipur::MoveKind::kSell:
      return Format(style.tr("sell %d %s", "vendre %d %s"), m.count, JaipurCardName(m.good, m.count, style).c_str());
    case jaipur::MoveKind::kExchange:
      return Format(style.tr("take %s, give %s", "prendre %s, donner %s"),
                    JaipurCardList(m.taken.Unpack(), Style{false, style.lang}).c_str(),
                    JaipurCardList(m.given.Unpack(), Style{false, style.lang}).c_str());
  }
  return {};
}

std::string Marrakech(const mk::Move& m, const Style& style) {
  switch (m.kind) {
    case mk::MoveKind::kOrient:
      return m.turn == mk::Turn::kLeft    ? style.tr("left", "gauche")
             : m.turn == mk::Turn::kRight ? style.tr("right", "droite")
                                          : style.tr("straight", "tout droit");
    case mk::MoveKind::kRoll: return Format(style.tr("roll %d", "dé %d"), m.roll);
    case mk::MoveKind::kTimeOut: return style.tr("out of time", "plus de temps");
    case mk::MoveKind::kPlace:
      return Format(style.tr("place %s %s", "poser %s %s"), mk::SquareName(m.first).c_str(),
                    mk::SquareName(m.second).c_str());
  }
  return {};
}

}  // namespace

std::string JaipurCardName(jaipur::Card card, int count, const Style& style) {
  // The French rulebook's words; "épices" stays plural, as on the cards.
  static const char* const kFrench[][2] = {{"diamant", "diamants"}, {"or", "or"},         {"argent", "argent"},
                                           {"tissu", "tissus"},     {"épices", "épices"}, {"cuir", "cuirs"},
                                           {"chameau", "chameaux"}};
  const int i = jaipur::Index(card);
  if (style.lang == Lang::kFr) return kFrench[i][count > 1 ? 1 : 0];
  if (card == jaipur::Card::kCamel && count > 1) return "camels";
  if (card == jaipur::Card::kDiamond && count > 1) return "diamonds";  // the others are mass nouns
  return std::string(jaipur::CardName(card));
}

std::string JaipurCardList(const jaipur::CardCounts& counts, const Style& style) {
  std::vector<std::string> items;
  for (int t = 0; t < jaipur::kNumCardTypes; ++t) {
    const int n = counts[static_cast<size_t>(t)];
    if (n == 0) continue;
    const auto card = static_cast<jaipur::Card>(t);
    std::string name = style.Paint(JaipurCardName(card, n, style), kCardColor[t]);
    items.push_back(n > 1 ? Format("%d %s", n, name.c_str()) : name);
  }
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += i + 1 == items.size() ? style.tr(" and ", " et ") : ", ";
    out += items[i];
  }
  return out;
}

std::string JaipurMoveWords(const std::string& move, const Style& style) {
  auto m = jaipur::ParseMove(move);
  return m.ok() ? Jaipur(*m, style) : move;
}

std::string MarrakechMoveWords(const std::string& move, const Style& style) {
  auto m = mk::ParseMove(move);
  return m.ok() ? Marrakech(*m, style) : move;
}

}  // namespace souk::terminal
