#include "terminal/input.h"
#include "terminal/games.h"

#include <algorithm>
#include <optional>

#include "core/jaipur/jaipur.h"
#include "core/messages.h"
#include "core/text.h"
#include "terminal/layout.h"
#include "terminal/messages.h"

namespace souk::terminal {
namespace {

using Kind = Entry::Kind;

bool OneOf(const std::string& word, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return word == n; });
}

// English names through the game's parser; French ones (lower case, with or
// without accents) here, since the engine only speaks the canonical language.
std::optional<std::string> CardWord(const std::string& word) {
  static const struct { const char* french; const char* card; } kFrench[] = {
      {"diamant", "diamond"}, {"diamants", "diamond"}, {"or", "gold"},         {"argent", "silver"},
      {"tissu", "cloth"},     {"tissus", "cloth"},     {"epice", "spice"},     {"epices", "spice"},
      {"\xc3\xa9pice", "spice"}, {"\xc3\xa9pices", "spice"}, {"cuir", "leather"}, {"cuirs", "leather"},
      {"chameau", "camel"},   {"chameaux", "camel"},   {"diamonds", "diamond"}, {"camels", "camel"},
  };
  for (const auto& f : kFrench)
    if (word == f.french) return std::string(f.card);
  if (auto card = jaipur::ParseCard(word)) return std::string(jaipur::CardName(*card));
  return std::nullopt;
}

Entry Move(std::string text) { return {Kind::kMove, std::move(text)}; }

// "'dimond' is not a card", with the card one letter away when there is one.
Entry NotACard(const std::string& word, const Style& style) {
  static const struct { const char* en; const char* fr; } kCards[] = {
      {"diamond", "diamant"}, {"gold", "or"},       {"silver", "argent"}, {"cloth", "tissu"},
      {"spice", "épices"},    {"leather", "cuir"},  {"camel", "chameau"},
  };
  for (const auto& c : kCards)
    for (const char* name : {c.en, c.fr})
      if (std::string_view(name).size() >= 4 && OneEditApart(word, name))
        return {Kind::kError, Format(style.tr("'%s' is not a card: did you mean %s?", "'%s' n'est pas une carte : vouliez-vous dire %s ?"),
                                     Quoted(word).c_str(), style.tr(c.en, c.fr))};
  return {Kind::kError, Format(style.tr("'%s' is not a card", "'%s' n'est pas une carte"), Quoted(word).c_str())};
}
Entry Error(std::string text) { return {Kind::kError, std::move(text)}; }

}  // namespace

Entry JaipurShortForm(const std::vector<std::string>& w, std::string_view line,
                      const std::vector<std::string>& legal, const Style& style) {
  const std::string& verb = w[0];
  if (w.size() == 1 && OneOf(verb, {"c", "camels", "chameaux"})) return Move("camels");
  // "take the camels", "prendre les chameaux": the list's own words.
  if (w.size() == 3 && OneOf(verb, {"t", "take", "prendre"}) && OneOf(w[1], {"the", "les"})) return Move("camels");
  if (OneOf(verb, {"t", "take", "p", "prendre"}) && w.size() == 2) {
    auto card = CardWord(w[1]);
    if (!card) return NotACard(w[1], style);
    return Move(*card == "camel" ? "camels" : "take " + *card);
  }
  if (OneOf(verb, {"s", "sell", "v", "vendre"}) && (w.size() == 2 || w.size() == 3)) {
    auto card = CardWord(w.back());
    if (!card) return NotACard(w.back(), style);
    if (w.size() == 3) return Move("sell " + w[1] + " " + *card);
    // "s cloth": the largest legal sale of that good.
    std::string best;
    int most = 0;
    const std::string suffix = " " + *card;
    for (const std::string& m : legal) {
      if (m.rfind("sell ", 0) != 0 || m.size() < suffix.size() || m.compare(m.size() - suffix.size(), suffix.size(), suffix) != 0)
        continue;
      int count = std::atoi(m.c_str() + 5);
      if (count > most) {
        most = count;
        best = m;
      }
    }
    if (best.empty())  // the catalogue's grammar names the card: "de tissu", "d'or"
      return Error(RenderTemplate(style.tr("you cannot sell {card} now", "vous ne pouvez pas vendre de {card} maintenant"),
                                  {{"card", *card}}, style.lang));
    return Move(best);
  }
  // Exchanges: "x gold spice / leather camel", "take silver and spice, give 2
  // gold" (the list's own words), "2 cloth for 2 camels", "x cloth x2 / camel x2".
  const bool x_verb = OneOf(verb, {"x", "exchange", "echanger", "\xc3\xa9" "changer"});
  const bool separated = std::any_of(w.begin(), w.end(), [](const std::string& word) {
    return OneOf(word, {"/", "for", "contre", "give", "donner"});
  });
  if ((x_verb && w.size() >= 4) || (separated && w.size() >= 3)) {
    std::string taken, given;
    bool after_separator = false;
    int count = 1;
    std::string* last = nullptr;  // the list the last card went to, for "x2"
    std::string last_card;
    const size_t start = x_verb || OneOf(verb, {"t", "take", "prendre"}) ? 1 : 0;
    for (size_t i = start; i < w.size(); ++i) {
      const std::string& word = w[i];
      if (OneOf(word, {"/", "for", "contre", "give", "donner"})) {
        if (after_separator) return Error(style.tr("an exchange has one '/'", "un échange a un seul '/'"));
        after_separator = true;
        continue;
      }
      if (OneOf(word, {"and", "et", "the", "les", "a", "an", "un", "une", ","})) continue;
      if (auto n = ParseSmallInt(word); n && *n >= 1 && *n <= 7) {
        count = *n;
        continue;
      }
      if (word.size() == 2 && word[0] == 'x' && word[1] >= '2' && word[1] <= '7' && last) {
        for (int k = 1; k < word[1] - '0'; ++k) *last += " " + last_card;
        continue;
      }
      auto card = CardWord(word);
      if (!card) return NotACard(word, style);
      last = after_separator ? &given : &taken;
      last_card = *card;
      for (int k = 0; k < count; ++k) *last += " " + *card;
      count = 1;
    }
    if (!after_separator || taken.empty() || given.empty())
      return Error(style.tr("write an exchange as: x CARDS TAKEN / CARDS GIVEN",
                            "écrivez un échange ainsi : x CARTES PRISES / CARTES DONNÉES"));
    return Move("exchange" + taken + " for" + given);
  }
  return Move(std::string(Trim(line)));
}

Entry MarrakechShortForm(const std::vector<std::string>& w, std::string_view line,
                         const std::vector<std::string>& /*legal*/, const Style& /*style*/) {
  if (w.size() == 1 && OneOf(w[0], {"l", "left", "g", "gauche"})) return Move("left");
  if (w.size() == 1 && OneOf(w[0], {"s", "straight", "td", "droit", "tout-droit"})) return Move("straight");
  if (w.size() == 2 && w[0] == "tout" && w[1] == "droit") return Move("straight");
  if (w.size() == 1 && OneOf(w[0], {"r", "right", "d", "droite"})) return Move("right");
  if (w.size() == 3 && OneOf(w[0], {"p", "place", "poser"})) return Move("place " + w[1] + " " + w[2]);
  if (w.size() == 2 && w[0] == "tout" && w[1] == "droit") return Move("straight");
  if (w.size() == 2 && w[0].size() == 2 && w[1].size() == 2) return Move("place " + w[0] + " " + w[1]);
  return Move(std::string(Trim(line)));
}


Entry ReadEntry(std::string_view game, std::string_view line, const std::vector<std::string>& legal,
                const Style& style) {
  std::string spaced(line);  // "take silver and spice, give 2 gold": commas part words
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::vector<std::string> w = SplitLowerWords(spaced);
  if (w.empty()) return {};
  const std::string& first = w[0];
  if (w.size() == 1) {
    if (OneOf(first, {"help", "?", "aide", "h"})) return {Kind::kHelp, {}};
    if (OneOf(first, {"hint", "conseil"})) return {Kind::kHint, {}};
    if (OneOf(first, {"undo", "annuler", "u"})) return {Kind::kUndo, {}};
    if (OneOf(first, {"quit", "q", "quitter", "exit"})) return {Kind::kQuit, {}};
  }
  if (OneOf(first, {"moves", "coups", "m", "log", "journal"}) && w.size() <= 3) {
    // "moves 2", "moves sell", "log 2": the words after the command.
    std::string rest;
    for (size_t i = 1; i < w.size(); ++i) rest += (i > 1 ? " " : "") + w[i];
    return {OneOf(first, {"log", "journal"}) ? Kind::kLog : Kind::kMoves, rest};
  }
  if (OneOf(first, {"save", "sauver", "enregistrer"})) {
    // The file name keeps its case and spaces: everything after the command word.
    std::string_view rest = Trim(line);
    rest.remove_prefix(std::min(rest.size(), rest.find_first_of(" \t")));
    rest = Trim(rest);
    if (rest.empty()) return Error(style.tr("save needs a file name: save FILE", "sauver a besoin d'un nom de fichier : sauver FICHIER"));
    return {Kind::kSave, std::string(rest)};
  }
  if (w.size() == 1 && std::all_of(first.begin(), first.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    auto n = ParseSmallInt(first);
    if (!n || *n < 1 || *n > static_cast<int>(legal.size()))
      return Error(Format(style.tr("there is no move %s: the legal moves are numbered 1 to %zu (type 'moves')",
                                   "il n'y a pas de coup %s : les coups légaux vont de 1 à %zu (tapez 'coups')"),
                          Quoted(first).c_str(), legal.size()));
    return Move(legal[static_cast<size_t>(*n - 1)]);
  }
  const TerminalGame* known = TerminalGameFor(game);
  if (!known) return Move(std::string(Trim(line)));
  return known->short_form(w, line, legal, style);
}

}  // namespace souk::terminal
