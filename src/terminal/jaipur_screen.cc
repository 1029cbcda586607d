#include "terminal/jaipur_screen.h"

#include <numeric>

namespace souk::terminal {
namespace {

using jaipur::Card;
using jaipur::CardCounts;
using jaipur::View;

constexpr Color kCardColor[jaipur::kNumCardTypes] = {Color::kRed,   Color::kYellow, Color::kWhite, Color::kMagenta,
                                                     Color::kGreen, Color::kBrown,  Color::kGrey};

std::string CardWord(Card c, const Style& style) {
  static const char* kFrench[] = {"diamant", "or", "argent", "tissu", "épices", "cuir", "chameau"};
  return style.lang == Lang::kFr ? kFrench[jaipur::Index(c)] : std::string(jaipur::CardName(c));
}

std::string Painted(Card c, const Style& style) { return style.Paint(CardWord(c, style), kCardColor[jaipur::Index(c)]); }

// "diamond ×2, gold" (camels left out: they live in the herd).
std::string CardsText(const CardCounts& counts, const Style& style) {
  std::string out;
  for (int t = 0; t < jaipur::kNumGoods; ++t) {
    if (!counts[static_cast<size_t>(t)]) continue;
    if (!out.empty()) out += ", ";
    out += Painted(jaipur::GoodAt(t), style);
    if (counts[static_cast<size_t>(t)] > 1) out += Format(" x%d", counts[static_cast<size_t>(t)]);
  }
  return out.empty() ? style.tr("none", "aucune") : out;
}

std::string Seals(int seals, const Style& style) {
  std::string out;
  for (int i = 0; i < jaipur::kSealsToWin; ++i) out += i < seals ? style.Paint("*", Color::kYellow, true) : "o";
  return out;
}

int GoodsRupees(const View& v, int p) {
  const auto& tokens = v.goods_tokens[static_cast<size_t>(p)];
  return std::accumulate(tokens.begin(), tokens.begin() + v.num_goods_tokens[static_cast<size_t>(p)], 0);
}

std::string TokenList(const View& v, int p) {
  std::string out;
  for (int i = 0; i < v.num_goods_tokens[static_cast<size_t>(p)]; ++i) {
    out += i ? "+" : "";
    out += std::to_string(v.goods_tokens[static_cast<size_t>(p)][static_cast<size_t>(i)]);
  }
  return out;
}

// The values left on a good's pile, next one first.
std::vector<int> PileValues(const View& v, int good) {
  std::vector<int> values;
  const int total = jaipur::kTokensPerGood[static_cast<size_t>(good)];
  for (int i = total - v.tokens_left[static_cast<size_t>(good)]; i < total; ++i)
    values.push_back(jaipur::kGoodsTokenValues[static_cast<size_t>(good)][static_cast<size_t>(i)]);
  return values;
}

const std::string& Name(const std::vector<std::string>& names, int seat) { return names[static_cast<size_t>(seat)]; }

}  // namespace

std::string RenderJaipur(const View& v, const std::vector<std::string>& names, const Style& style) {
  const int me = v.viewer, them = 1 - v.viewer;
  std::string out;
  out += style.Bold(Format(style.tr("Jaipur - round %d", "Jaipur - manche %d"), v.round));
  if (v.game_over)
    out += Format(style.tr(" - game over, %s won", " - partie finie, %s a gagné"), Name(names, v.winner).c_str());
  else
    out += Format(style.tr(" - %s to play", " - à %s de jouer"), Name(names, v.to_move).c_str());
  out += '\n';
  out += Format(style.tr("Seals: %s %s   %s %s\n", "Sceaux : %s %s   %s %s\n"), Name(names, me).c_str(),
                Seals(v.seals[static_cast<size_t>(me)], style).c_str(), Name(names, them).c_str(),
                Seals(v.seals[static_cast<size_t>(them)], style).c_str());
  out += '\n';
  std::string market;
  for (int t = 0; t < jaipur::kNumCardTypes; ++t)
    for (int k = 0; k < v.market[static_cast<size_t>(t)]; ++k) {
      market += "  [";
      market += Painted(static_cast<Card>(t), style);
      market += ']';
    }
  out += style.tr("Market:", "Marché :") + market + '\n';
  out += Format(style.tr("Deck: %d cards\n", "Pioche : %d cartes\n"), v.deck_size);
  out += '\n' + std::string(style.tr("Goods tokens (next first):\n", "Jetons marchandise (le prochain d'abord) :\n"));
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    std::string values;
    for (int value : PileValues(v, g)) {
      values += ' ';
      values += std::to_string(value);
    }
    if (values.empty()) values = std::string(" ") + style.tr("(none left)", "(épuisés)");
    std::string label = CardWord(jaipur::GoodAt(g), style);
    // Padded by characters, not bytes: "épices" is seven bytes wide on screen six.
    size_t width = 0;
    for (char c : label) width += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
    if (width < 8) label.append(8 - width, ' ');
    out += "  ";
    out += style.Paint(label, kCardColor[g]);
    out += values;
    out += '\n';
  }
  out += Format(style.tr("Bonus tokens left: 3 cards %d, 4 cards %d, 5+ cards %d\n",
                         "Jetons bonus restants : 3 cartes %d, 4 cartes %d, 5+ cartes %d\n"),
                v.bonus_left[0], v.bonus_left[1], v.bonus_left[2]);
  out += '\n';
  // The opponent: what is public of their hand and tokens.
  const int hand_them = v.opponent.hand_size;
  out += style.Bold(Name(names, them)) + '\n';
  out += hand_them == 1 ? std::string(style.tr("  hand: 1 card", "  main : 1 carte"))
                        : Format(style.tr("  hand: %d cards", "  main : %d cartes"), hand_them);
  CardCounts known = v.known[static_cast<size_t>(them)];
  if (std::accumulate(known.begin(), known.end(), 0) > 0)
    out += Format(style.tr(" (known: %s)", " (connues : %s)"), CardsText(known, style).c_str());
  out += Format(style.tr(", herd: %d camels\n", ", troupeau : %d chameaux\n"), v.herd[static_cast<size_t>(them)]);
  const auto& counts = v.opponent.bonus_counts;
  out += Format(style.tr("  goods tokens: %s = %d rupees; bonus tokens: %d (3: %d, 4: %d, 5+: %d), values hidden\n",
                         "  jetons marchandise : %s = %d roupies ; jetons bonus : %d (3 : %d, 4 : %d, 5+ : %d), valeurs cachées\n"),
                TokenList(v, them).empty() ? "-" : TokenList(v, them).c_str(), GoodsRupees(v, them),
                counts[0] + counts[1] + counts[2], counts[0], counts[1], counts[2]);
  // The viewer: everything of their own.
  int hand_me = 0;
  for (int t = 0; t < jaipur::kNumGoods; ++t) hand_me += v.hand[static_cast<size_t>(t)];
  out += style.Bold(Name(names, me)) + '\n';
  out += Format(style.tr("  hand (%d/%d): %s\n", "  main (%d/%d) : %s\n"), hand_me, jaipur::kHandLimit,
                CardsText(v.hand, style).c_str());
  out += Format(style.tr("  herd: %d camels\n", "  troupeau : %d chameaux\n"), v.herd[static_cast<size_t>(me)]);
  int bonus = 0;
  std::string bonus_list;
  for (int i = 0; i < v.num_bonus_tokens; ++i) {
    bonus += v.bonus_tokens[static_cast<size_t>(i)];
    bonus_list += i ? "+" : "";
    bonus_list += std::to_string(v.bonus_tokens[static_cast<size_t>(i)]);
  }
  out += Format(style.tr("  goods tokens: %s = %d; bonus tokens: %s = %d; rupees: %d\n",
                         "  jetons marchandise : %s = %d ; jetons bonus : %s = %d ; roupies : %d\n"),
                TokenList(v, me).empty() ? "-" : TokenList(v, me).c_str(), GoodsRupees(v, me),
                bonus_list.empty() ? "-" : bonus_list.c_str(), bonus, GoodsRupees(v, me) + bonus);
  return out;
}

std::vector<std::string> TellJaipurMove(const View& before, const View& after, const jaipur::Move& move, int mover,
                                        int you, const std::vector<std::string>& names, const Style& style) {
  std::vector<std::string> lines;
  const bool second = mover == you;
  const char* who = second ? style.tr("You", "Vous") : Name(names, mover).c_str();
  auto verb = [&](const char* en3, const char* en2, const char* fr3, const char* fr2) {
    return second ? style.tr(en2, fr2) : style.tr(en3, fr3);
  };
  switch (move.kind) {
    case jaipur::MoveKind::kTake:
      lines.push_back(Format("%s %s %s.", who, verb("takes 1", "take 1", "prend 1", "prenez 1"),
                             Painted(move.good, style).c_str()));
      break;
    case jaipur::MoveKind::kCamels:
      lines.push_back(Format(style.tr("%s %s %d camels.", "%s %s %d chameaux."), who,
                             verb("takes", "take", "prend", "prenez"), before.market[jaipur::Index(Card::kCamel)]));
      break;
    case jaipur::MoveKind::kExchange: {
      std::string taken, given;
      const CardCounts t = move.taken.Unpack(), g = move.given.Unpack();
      for (int c = 0; c < jaipur::kNumCardTypes; ++c) {
        for (int k = 0; k < t[static_cast<size_t>(c)]; ++k) {
          taken += taken.empty() ? "" : ", ";
          taken += CardWord(static_cast<Card>(c), style);
        }
        for (int k = 0; k < g[static_cast<size_t>(c)]; ++k) {
          given += given.empty() ? "" : ", ";
          given += CardWord(static_cast<Card>(c), style);
        }
      }
      lines.push_back(Format(style.tr("%s %s %s from the market for %s.", "%s %s %s au marché contre %s."), who,
                             verb("exchanges", "exchange", "échange", "échangez"), taken.c_str(), given.c_str()));
      break;
    }
    case jaipur::MoveKind::kSell: {
      const std::vector<int> pile = PileValues(before, jaipur::Index(move.good));
      std::string sum;
      int total = 0;
      for (int i = 0; i < move.count && i < static_cast<int>(pile.size()); ++i) {
        sum += i ? "+" : "";
        sum += std::to_string(pile[static_cast<size_t>(i)]);
        total += pile[static_cast<size_t>(i)];
      }
      std::string line = Format("%s %s %d %s: ", who, verb("sells", "sell", "vend", "vendez"), move.count,
                                Painted(move.good, style).c_str());
      if (sum.empty()) line += style.tr("no tokens left for it", "plus aucun jeton pour elle");
      else line += Format(style.tr("%s = %d rupees", "%s = %d roupies"), sum.c_str(), total);
      const int pile_index = jaipur::BonusPileForSale(move.count);
      if (pile_index >= 0 && before.bonus_left[static_cast<size_t>(pile_index)] > 0) {
        line += style.tr(" and a bonus token", " et un jeton bonus");
        // Its value is the seller's secret until the round is scored.
        if (second && after.round == before.round && after.num_bonus_tokens > before.num_bonus_tokens)
          line += Format(style.tr(" (%d)", " (%d)"), after.bonus_tokens[static_cast<size_t>(after.num_bonus_tokens - 1)]);
      }
      lines.push_back(line + ".");
      break;
    }
  }
  if (after.round == before.round && !after.game_over) return lines;
  // The round was scored: its totals are public, and so are the goods tokens, so
  // each player's bonus total is what remains.
  const jaipur::RoundResult& r = *after.last_round;
  lines.push_back(style.Bold(Format(style.tr("Round %d is over.", "La manche %d est finie."), before.round)));
  for (int p = 0; p < jaipur::kNumPlayers; ++p) {
    int goods = GoodsRupees(before, p);
    if (move.kind == jaipur::MoveKind::kSell && p == mover) {
      const std::vector<int> pile = PileValues(before, jaipur::Index(move.good));
      for (int i = 0; i < move.count && i < static_cast<int>(pile.size()); ++i) goods += pile[static_cast<size_t>(i)];
    }
    const int camel = r.camel_token == p ? jaipur::kCamelTokenValue : 0;
    const int total = r.rupees[static_cast<size_t>(p)];
    lines.push_back(Format(style.tr("  %s: goods tokens %d + bonus tokens %d + camel token %d = %d rupees",
                                    "  %s : jetons marchandise %d + jetons bonus %d + jeton chameau %d = %d roupies"),
                           Name(names, p).c_str(), goods, total - goods - camel, camel, total));
  }
  if (r.seal >= 0)
    lines.push_back(Format(style.tr("%s wins the seal of excellence.", "%s remporte le sceau d'excellence."),
                           Name(names, r.seal).c_str()));
  else
    lines.push_back(style.tr("A full tie: nobody wins the seal.", "Égalité parfaite : personne ne remporte le sceau."));
  if (after.game_over)
    lines.push_back(style.Bold(Format(style.tr("%s wins the game with two seals!", "%s gagne la partie avec deux sceaux !"),
                                      Name(names, after.winner).c_str())));
  else
    lines.push_back(Format(style.tr("Round %d is dealt; %s starts.", "La manche %d est distribuée ; %s commence."),
                           after.round, Name(names, after.to_move).c_str()));
  return lines;
}

}  // namespace souk::terminal
