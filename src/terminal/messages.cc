#include "terminal/messages.h"

#include <algorithm>
#include <variant>

#include "core/game_type.h"
#include "core/jaipur/jaipur.h"
#include "core/messages.h"
#include "terminal/games.h"
#include "terminal/layout.h"
#include "terminal/words.h"

namespace souk::terminal {
namespace {

// Seats count from 1 on every screen: the engine's `seat` arguments too, in
// nested messages as well.
void NumberSeatsFromOne(MessageArgs* args) {
  for (MessageArg& a : *args) {
    if (a.name == "seat") {
      a.value = std::to_string(std::stoi(a.value) + 1);
    } else if (a.message) {
      Message inner = *a.message;
      NumberSeatsFromOne(&inner.args);
      a = MessageArg(a.name, std::move(inner));
    }
  }
}

const MessageArg* FindArg(const MessageArgs& args, std::string_view name) {
  for (const MessageArg& a : args)
    if (a.name == name) return &a;
  return nullptr;
}

const std::string* Arg(const MessageArgs& args, std::string_view name) {
  const MessageArg* arg = FindArg(args, name);
  return arg ? &arg->value : nullptr;
}


}  // namespace

// One edit apart (a letter more, less, changed or two swapped).
bool OneEditApart(std::string_view a, std::string_view b) {
  if (a == b) return false;
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > 1) return false;
  size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (a.size() == b.size()) {
    if (a.substr(i + 1) == b.substr(i + 1)) return true;
    return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] && a.substr(i + 2) == b.substr(i + 2);
  }
  return a.substr(i) == b.substr(i + 1);
}

std::string NearVerb(std::string_view game, std::string_view word, const Style& style) {
  const TerminalGame* known = TerminalGameFor(game);
  if (!known || word.size() < 3) return {};
  for (const Verb& v : known->verbs)
    for (std::string_view name : {std::string_view(v.en), std::string_view(v.fr)})
      if (OneEditApart(word, name) || (word.size() >= 3 && name.size() > word.size() && name.substr(0, word.size()) == word))
        return style.tr(v.en, v.fr);
  return {};
}

std::string ExplainRefusal(std::string_view game, const AnyView& view, const Status& refusal, const Style& style) {
  // Read from the message the engine kept (its id and arguments), never its text;
  // a refusal told otherwise (with a prefix, or none of the engine's) as it is.
  const Message* catalogued = refusal.catalogued();
  if (!catalogued || RenderMessage(*catalogued) != refusal.message()) return StatusText(refusal, style.lang);
  Message parsed = *catalogued;
  NumberSeatsFromOne(&parsed.args);
  const MessageArg* inner_arg = FindArg(parsed.args, parsed.id == MessageId::kIllegalMove ? "rule" : "why");
  const Message* inner = inner_arg ? inner_arg->message.get() : nullptr;
  // A word that is no action: the nearest verb, or how to find the moves (the
  // engine's own list names 'roll N', which the terminal does for the player).
  if (parsed.id == MessageId::kBadMove && inner && inner->id == MessageId::kUnknownAction) {
    const std::string word = Quoted(*Arg(inner->args, "word"));
    const std::string near = NearVerb(game, *Arg(inner->args, "word"), style);
    if (!near.empty())
      return Format(style.tr("'%s' is not a move: did you mean %s?", "'%s' n'est pas un coup : vouliez-vous dire %s ?"),
                    word.c_str(), near.c_str());
    return Format(style.tr("'%s' is not a move: type a move's number, 'moves' for the list, 'help' for the short forms",
                           "'%s' n'est pas un coup : tapez le numéro d'un coup, 'coups' pour la liste, 'aide' pour les formes brèves"),
                  word.c_str());
  }
  // A precious good sold alone: the minimum and what the player holds.
  if (parsed.id == MessageId::kIllegalMove && inner && inner->id == MessageId::kPreciousSaleMinimum) {
    auto move = jaipur::ParseMove(*Arg(parsed.args, "move"));
    const auto* v = std::get_if<jaipur::View>(&view);
    if (move.ok() && v) {
      const int held = v->hand[static_cast<size_t>(jaipur::Index(move->good))];
      // Holding enough, the answer is the sale to type.
      if (held >= 2)
        return Format(style.tr("%s sells 2 or more at a time: type 'sell %d %s'", "%s se vend par 2 au moins : tapez 'vendre %d %s'"),
                      JaipurCardName(move->good, 1, Style{false, style.lang}).c_str(), held,
                      JaipurCardName(move->good, held, Style{false, style.lang}).c_str());
      return RenderTemplate(style.tr("{card} sells by 2 or more; you hold {count}",
                                     "le {card} se vend par 2 au moins ; vous en avez {count}"),
                            {{"card", std::string(jaipur::CardName(move->good))}, {"count", std::to_string(held)}},
                            style.lang);
    }
  }
  // The move quoted as the list writes it, in the player's words.
  if (parsed.id == MessageId::kIllegalMove)
    for (MessageArg& a : parsed.args)
      if (a.name == "move") a.value = MoveWords(game, a.value, style);
  return RenderMessage(parsed, style.lang);
}

std::string GameOptionsError(const GameOptions& options, const std::string& message, const Style& style) {
  const GameType* type = FindGameType(options.game);
  if (!type) {
    std::string names;
    for (const std::string& name : GameTypeNames()) names += (names.empty() ? "" : style.tr(" and ", " et ")) + name;
    return Format(style.tr("there is no game '%s': souk plays %s", "il n'y a pas de jeu '%s' : souk joue à %s"),
                  Quoted(options.game).c_str(), names.c_str());
  }
  const std::string name(style.tr(std::string(type->display_name).c_str(), std::string(type->display_name_fr).c_str()));
  const bool default_variant = options.variant.empty();
  if (default_variant && options.players != 0 && !type->AllowsPlayers(options.players)) {
    if (type->min_players == type->max_players)
      return Format(style.tr("%s is for %d players", "%s se joue à %d joueurs"), name.c_str(), type->min_players);
    return Format(style.tr("%s is for %d to %d players", "%s se joue de %d à %d joueurs"), name.c_str(), type->min_players,
                  type->max_players);
  }
  std::string text = message;
  if (text.rfind("record: ", 0) == 0) text.erase(0, 8);
  return text;
}

}  // namespace souk::terminal
