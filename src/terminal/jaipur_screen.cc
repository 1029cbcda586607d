#include "terminal/jaipur_screen.h"

#include <algorithm>
#include <array>
#include <numeric>

#include "terminal/layout.h"
#include "terminal/words.h"

namespace souk::terminal {
namespace {

using jaipur::Card;
using jaipur::CardCounts;
using jaipur::View;

constexpr Color kCardColor[jaipur::kNumCardTypes] = {Color::kRed,   Color::kYellow, Color::kWhite, Color::kMagenta,
                                                     Color::kGreen, Color::kBrown,  Color::kGrey};
constexpr size_t kCamel = static_cast<size_t>(jaipur::Index(Card::kCamel));
// Token lists wrap here so that even 38 tokens keep the screen within 80 columns.
constexpr size_t kWrapAt = 74;
// The screen fits 80 columns.
constexpr size_t kWidth = 80;

size_t At(int i) { return static_cast<size_t>(i); }

std::string CardWord(Card c, const Style& style) {
  // The French rulebook's words; "épices" stays plural, as on the cards.
  static const char* kFrench[] = {"diamant", "or", "argent", "tissu", "épices", "cuir", "chameau"};
  return style.lang == Lang::kFr ? kFrench[jaipur::Index(c)] : std::string(jaipur::CardName(c));
}

std::string Painted(Card c, const Style& style) {
  return style.Paint(CardWord(c, style), kCardColor[jaipur::Index(c)]);
}

// "leather x2, gold" in canonical order; camels too when `counts` has any.
std::string CardsText(const CardCounts& counts, const Style& style) {
  std::string out;
  for (int t = 0; t < jaipur::kNumCardTypes; ++t) {
    if (!counts[At(t)]) continue;
    if (!out.empty()) out += ", ";
    out += Painted(jaipur::GoodAt(t), style);
    if (counts[At(t)] > 1) out += Format(" x%d", counts[At(t)]);
  }
  return out.empty() ? std::string(style.tr("none", "aucune")) : out;
}

// French counts 0 in the singular, English in the plural.
bool Singular(int n, const Style& style) { return n == 1 || (n == 0 && style.lang == Lang::kFr); }

std::string Cards(int n, const Style& style) {
  return Singular(n, style) ? Format(style.tr("%d card", "%d carte"), n) : Format(style.tr("%d cards", "%d cartes"), n);
}
std::string Camels(int n, const Style& style) {
  return Singular(n, style) ? Format(style.tr("%d camel", "%d chameau"), n)
                            : Format(style.tr("%d camels", "%d chameaux"), n);
}
std::string Rupees(int n, const Style& style) {
  return Singular(n, style) ? Format(style.tr("%d rupee", "%d roupie"), n)
                            : Format(style.tr("%d rupees", "%d roupies"), n);
}

// "4+3+2" (or "-" for none), wrapped under `indent` when it would pass kWrapAt.
std::string Sum(const std::vector<int>& values, size_t indent = 0) {
  if (values.empty()) return "-";
  std::string out;
  size_t column = indent;
  for (size_t i = 0; i < values.size(); ++i) {
    std::string item = i ? "+" : "";
    item += std::to_string(values[i]);
    if (column + item.size() > kWrapAt) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
    }
    out += item;
    column += item.size();
  }
  return out;
}

std::vector<int> GoodsTokens(const View& v, int p) {
  const auto& tokens = v.goods_tokens[At(p)];
  return std::vector<int>(tokens.begin(), tokens.begin() + v.num_goods_tokens[At(p)]);
}
std::vector<int> OwnBonusTokens(const View& v) {
  return std::vector<int>(v.bonus_tokens.begin(), v.bonus_tokens.begin() + v.num_bonus_tokens);
}

// The values left on a good's pile, next one first: the pile is the tail of
// kGoodsTokenValues, taken from its front.
std::vector<int> PileValues(const View& v, int good) {
  std::vector<int> values;
  const int total = jaipur::kTokensPerGood[At(good)];
  for (int i = total - v.tokens_left[At(good)]; i < total; ++i)
    values.push_back(jaipur::kGoodsTokenValues[At(good)][At(i)]);
  return values;
}

// Width on screen of UTF-8 text: "épices" is seven bytes but six columns.
size_t Columns(const std::string& text) {
  size_t width = 0;
  for (char c : text) width += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  return width;
}

std::string Seals(const View& v, const std::vector<std::string>& names, const Style& style) {
  return Format(style.tr("Seals: %s %d, %s %d (2 win)", "Sceaux : %s %d, %s %d (2 gagnent)"), names[0].c_str(),
                v.seals[0], names[1].c_str(), v.seals[1]);
}

// The goods piles in three columns of kPileColumn: label, then the values left.
constexpr size_t kPileColumn = 26;
std::vector<std::string> Piles(const View& v, const Style& style) {
  std::vector<std::string> lines(2);
  for (int g = 0; g < jaipur::kNumGoods; ++g) {
    std::string label = CardWord(jaipur::GoodAt(g), style);
    label.append(9 - Columns(label), ' ');
    std::string values;
    for (int value : PileValues(v, g)) {
      if (!values.empty()) values += ' ';
      values += std::to_string(value);
    }
    if (values.empty()) values = style.tr("none left", "épuisés");
    std::string& line = lines[At(g / 3)];
    if (g % 3) line.append(kPileColumn * At(g % 3) - VisibleWidth(line), ' ');
    line += style.Paint(label, kCardColor[g]) + values;
  }
  return lines;
}

// One player's rupees so far: goods tokens, bonus tokens (values only when the
// viewer may know them); when the game is over, the last round's score as the
// round's summary told it. The sums are the core's (View::RoundPurse).
std::vector<std::string> Purse(const View& v, int p, const Style& style) {
  const std::vector<int> goods = GoodsTokens(v, p);
  // A game lost on time ended within a round: no round's score to show.
  const bool over = v.game_over && v.timed_out < 0 && v.last_round;
  const View::Purse purse = v.RoundPurse(p);
  std::string text = Format(style.tr("  tokens %s = %d", "  jetons %s = %d"), Sum(goods).c_str(), purse.goods);
  if (p == v.viewer) {
    text += Format(style.tr(", bonus %s = %d", ", bonus %s = %d"), Sum(OwnBonusTokens(v)).c_str(), purse.bonus);
    if (!over) text += Format(style.tr("; rupees %d", " ; roupies %d"), purse.total);
  } else if (!over) {
    const auto& counts = v.opponent.bonus_counts;
    const int n = counts[0] + counts[1] + counts[2];
    if (n == 0)
      text += Format(style.tr(", no bonus; rupees %d", ", aucun bonus ; roupies %d"), purse.total);
    else
      text += Format(style.tr(", bonus: %d hidden; rupees %d + bonus", ", bonus : %d caché(s) ; roupies %d + bonus"), n,
                     purse.total);
  }
  std::vector<std::string> lines = Wrap(text, kWidth, 4);
  if (over) {
    const View::Purse round = v.FinalRoundPurse(p);
    lines.push_back(Format(style.tr("  round's score: goods tokens %d + bonus tokens %d + camel token %d = %s",
                                    "  score de la manche : marchandises %d + bonus %d + jeton chameau %d = %s"),
                           round.goods, round.bonus, round.camel, Rupees(round.total, style).c_str()));
  }
  return lines;
}

}  // namespace

std::string RenderJaipur(const View& v, const std::vector<std::string>& names, const Style& style) {
  const int me = v.viewer, them = 1 - v.viewer;
  std::vector<std::string> lines;
  auto add = [&](std::vector<std::string> more) { lines.insert(lines.end(), more.begin(), more.end()); };
  std::string title = style.Bold(Format(style.tr("Jaipur - round %d", "Jaipur - manche %d"), v.round));
  if (v.game_over) {
    title += Format(style.tr(" - game over, winner: %s", " - fin, victoire : %s"), names[At(v.winner)].c_str());
    if (v.timed_out >= 0)
      title += Format(style.tr(" (%s ran out of time)", " (%s n'a plus de temps)"), names[At(v.timed_out)].c_str());
  } else {
    title += Format(style.tr(" - to play: %s", " - au tour de : %s"), names[At(v.to_move)].c_str());
  }
  add(Spread(title, Seals(v, names, style), kWidth));
  std::string market = style.tr("Market:", "Marché :");
  for (int t = 0; t < jaipur::kNumCardTypes; ++t)
    for (int k = 0; k < v.market[At(t)]; ++k) market += " [" + Painted(static_cast<Card>(t), style) + "]";
  add(Spread(market, Format(style.tr("Deck: %s", "Pioche : %s"), Cards(v.deck_size, style).c_str()), kWidth));
  lines.emplace_back();
  // Bonus values stay hidden until the players take them: only the pile sizes show.
  add(Spread(style.tr("Goods tokens, next first:", "Jetons, prochain d'abord :"),
             Format(style.tr("Bonus tokens left: 3 cards %d, 4 cards %d, 5+ cards %d",
                             "Bonus restants : 3 cartes %d, 4 cartes %d, 5+ cartes %d"),
                    v.bonus_left[0], v.bonus_left[1], v.bonus_left[2]),
             kWidth));
  add(Piles(v, style));
  lines.emplace_back();

  std::string them_line = style.Bold(names[At(them)]) + Format(style.tr(": hand %s", " : main %s"),
                                                              Cards(v.opponent.hand_size, style).c_str());
  const CardCounts& known = v.known[At(them)];
  if (std::accumulate(known.begin(), known.end(), 0) > 0)
    them_line += Format(style.tr(" (known: %s)", " (connues : %s)"), CardsText(known, style).c_str());
  them_line += Format(style.tr("; herd %s", " ; troupeau %s"), Camels(v.herd[At(them)], style).c_str());
  add(Wrap(them_line, kWidth, 4));
  add(Purse(v, them, style));
  const int hand = std::accumulate(v.hand.begin(), v.hand.end(), 0);
  add(Wrap(style.Bold(names[At(me)]) + Format(style.tr(": hand %d/%d: %s; herd %s", " : main %d/%d : %s ; troupeau %s"),
                                              hand, jaipur::kHandLimit, CardsText(v.hand, style).c_str(),
                                              Camels(v.herd[At(me)], style).c_str()),
           kWidth, 4));
  add(Purse(v, me, style));
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

std::vector<std::string> TellJaipurMove(const View& before, const View& after, const jaipur::MoveEvent& event, int you,
                                        const std::vector<std::string>& names, const Style& style) {
  const jaipur::Move& move = event.move;
  const int mover = event.seat;
  // Subjects and verbs agree with the seat: "You take" but "Bot takes".
  auto subject = [&](int seat) { return seat == you ? std::string(style.tr("You", "Vous")) : names[At(seat)]; };
  auto object = [&](int seat) { return seat == you ? std::string(style.tr("you", "vous")) : names[At(seat)]; };
  auto verb = [&](int seat, const char* en3, const char* en2, const char* fr3, const char* fr2) {
    return seat == you ? style.tr(en2, fr2) : style.tr(en3, fr3);
  };
  const std::string who = subject(mover);
  const int viewer = before.viewer;
  std::vector<std::string> lines;

  // What the move did comes from the engine's event (the bonus value only when the
  // viewer is the seller); the views give the positions around it.
  const std::vector<int> sold_tokens(event.tokens.begin(), event.tokens.begin() + event.num_tokens);
  const bool bonus_taken = event.bonus;
  const int my_new_bonus = event.bonus_value;
  const jaipur::RoundEnd* end = event.round_end ? &*event.round_end : nullptr;
  const jaipur::RoundResult* result = end ? &end->result : nullptr;

  switch (move.kind) {
    case jaipur::MoveKind::kTake:
      lines.push_back(Format(style.tr("%s %s a %s card.", "%s %s une carte %s."), who.c_str(),
                             verb(mover, "takes", "take", "prend", "prenez"), Painted(move.good, style).c_str()));
      break;
    case jaipur::MoveKind::kCamels:
      lines.push_back(Format("%s %s %s.", who.c_str(), verb(mover, "takes", "take", "prend", "prenez"),
                             Camels(event.camels, style).c_str()));
      break;
    case jaipur::MoveKind::kExchange:
      // As players think of it: "Ann takes gold and spice, gives leather and a camel".
      lines.push_back(Format(style.tr("%s %s %s, %s %s.", "%s %s %s, %s %s."), who.c_str(),
                             verb(mover, "takes", "take", "prend", "prenez"),
                             JaipurCardList(move.taken.Unpack(), style).c_str(),
                             verb(mover, "gives", "give", "donne", "donnez"),
                             JaipurCardList(move.given.Unpack(), style).c_str()));
      break;
    case jaipur::MoveKind::kSell: {
      std::string line =
          Format(style.tr("%s %s %d %s: ", "%s %s %d %s : "), who.c_str(),
                 verb(mover, "sells", "sell", "vend", "vendez"), move.count, Painted(move.good, style).c_str());
      if (sold_tokens.empty()) {
        line += Format(style.tr("no %s token left, no rupees", "plus aucun jeton %s, aucune roupie"),
                       CardWord(move.good, style).c_str());
      } else {
        if (sold_tokens.size() > 1) line += Sum(sold_tokens) + " = ";
        line += Rupees(event.TokensTotal(), style);
        if (static_cast<int>(sold_tokens.size()) < move.count)
          line += sold_tokens.size() == 1
                      ? std::string(style.tr(" (only 1 token was left)", " (il ne restait qu'un jeton)"))
                      : Format(style.tr(" (only %d tokens were left)", " (il ne restait que %d jetons)"),
                               static_cast<int>(sold_tokens.size()));
      }
      if (bonus_taken && mover == viewer)
        line += Format(style.tr(" and a bonus token of %d", " et un jeton bonus de %d"), my_new_bonus);
      else if (bonus_taken)
        line += style.tr(" and a bonus token", " et un jeton bonus");
      else if (jaipur::BonusPileForSale(move.count) >= 0)
        line += style.tr(", no bonus token left for that size", ", plus de jeton bonus pour cette taille");
      lines.push_back(line + ".");
      break;
    }
    case jaipur::MoveKind::kTimeOut:
      lines.push_back(mover == you ? std::string(style.tr("You ran out of time.", "Vous n'avez plus de temps."))
                                   : Format(style.tr("%s ran out of time.", "%s n'a plus de temps."), who.c_str()));
      lines.push_back(style.Bold(Format(style.tr("%s %s the game.", "%s %s la partie."), subject(event.winner).c_str(),
                                        verb(event.winner, "wins", "win", "gagne", "gagnez"))));
      break;
  }
  if (!result) return lines;

  lines.push_back(
      style.Bold(move.kind == jaipur::MoveKind::kSell
                     ? Format(style.tr("A third token pile is empty: round %d is over.",
                                       "Une troisième pile de jetons est vide : la manche %d est finie."),
                              before.round)
                     : Format(style.tr("The deck cannot refill the market: round %d is over.",
                                       "La pioche ne peut plus compléter le marché : la manche %d est finie."),
                              before.round)));
  // Goods tokens are public and the totals are announced, so each player's bonus
  // total is what remains of their rupees; only the viewer's own values are listed.
  for (int p = 0; p < jaipur::kNumPlayers; ++p) {
    const int goods_total = end->goods[At(p)];
    const int bonus_total = end->bonus[At(p)];
    std::string bonus_text;
    if (p == viewer) {
      std::vector<int> mine = OwnBonusTokens(before);
      if (bonus_taken && mover == viewer) mine.push_back(my_new_bonus);
      bonus_text = mine.empty() ? std::string("0") : Format("%d (%s)", bonus_total, Sum(mine).c_str());
    } else {
      bonus_text = end->bonus_tokens[At(p)] == 1
                       ? Format(style.tr("%d (1 token)", "%d (1 jeton)"), bonus_total)
                       : Format(style.tr("%d (%d tokens)", "%d (%d jetons)"), bonus_total, end->bonus_tokens[At(p)]);
    }
    // The total first: a line cut at the screen's edge keeps it.
    lines.push_back(Format(style.tr("  %s: %d rupees = goods tokens %d + bonus tokens %s + camel token %d",
                                    "  %s : %d roupies = jetons marchandises %d + jetons bonus %s + jeton chameau %d"),
                           names[At(p)].c_str(), result->rupees[At(p)], goods_total, bonus_text.c_str(),
                           end->camel[At(p)]));
  }
  if (result->camel_token >= 0)
    lines.push_back(
        Format(style.tr("Camel token (5): %s, %d camels against %d.", "Jeton chameau (5) : %s, %d chameaux contre %d."),
               object(result->camel_token).c_str(), end->herds[At(result->camel_token)],
               end->herds[At(1 - result->camel_token)]));
  else
    lines.push_back(
        Format(style.tr("Camel token: nobody, both herds have %d.", "Jeton chameau : personne, troupeaux égaux (%d)."),
               end->herds[0]));
  if (result->seal >= 0) {
    std::string line =
        Format(style.tr("%s %s a seal of excellence", "%s %s un sceau d'excellence"), subject(result->seal).c_str(),
               verb(result->seal, "wins", "win", "remporte", "remportez"));
    // Equal rupees: the rulebook's tie-breaks, bonus tokens then goods tokens.
    if (result->rupees[0] == result->rupees[1])
      line += end->bonus_tokens[0] != end->bonus_tokens[1]
                  ? style.tr(" (equal rupees, more bonus tokens)", " (roupies égales, plus de jetons bonus)")
                  : style.tr(" (equal rupees and bonus tokens, more goods tokens)",
                             " (roupies et jetons bonus égaux, plus de jetons marchandises)");
    lines.push_back(line + ".");
  } else {
    lines.push_back(style.tr("A full tie: nobody wins the seal.", "Égalité parfaite : personne ne remporte le sceau."));
  }
  if (after.game_over) {
    lines.push_back(
        style.Bold(Format(style.tr("%s %s the game with two seals!", "%s %s la partie avec deux sceaux !"),
                          subject(after.winner).c_str(), verb(after.winner, "wins", "win", "gagne", "gagnez"))));
  } else {
    lines.push_back(Format(style.tr("Seals: %s %d, %s %d. Round %d is dealt; %s %s.",
                                    "Sceaux : %s %d, %s %d. La manche %d est distribuée ; %s %s."),
                           names[0].c_str(), after.seals[0], names[1].c_str(), after.seals[1], after.round,
                           object(after.to_move).c_str(),
                           verb(after.to_move, "starts", "start", "commence", "commencez")));
  }
  return lines;
}

}  // namespace souk::terminal
