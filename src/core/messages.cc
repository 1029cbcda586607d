#include "core/messages.h"

#include <array>
#include <cstddef>

#include "core/jaipur/jaipur.h"

namespace souk {
namespace {

using Id = MessageId;

// Each English text is exactly what the engine wrote before the catalogue (tests,
// the golden files and the command line read it); the French follows the
// terminal's words (jaipur_screen.cc, input.cc) and the web app's (words.ts).
constexpr MessageEntry kCatalogue[] = {
    {Id::kIllegalMove, "illegal move '{move}': {rule}", "coup illégal '{move}'\u00a0: {rule}"},
    {Id::kBadMove, "bad move '{input}': {why}", "coup invalide '{input}'\u00a0: {why}"},
    {Id::kGameOver, "the game is over", "la partie est terminée"},

    {Id::kCamelsTakenTogether, "camels are taken all together, with 'camels'",
     "les chameaux se prennent tous ensemble, avec 'camels'"},
    {Id::kMarketHasNo, "the market has no {card}", "le marché n'a pas de {card}"},
    {Id::kHandFull, "hand limit: you already hold 7 goods", "limite de main\u00a0: vous avez déjà 7 marchandises"},
    {Id::kCamelsNotSold, "camels cannot be sold", "les chameaux ne se vendent pas"},
    {Id::kSaleNeedsACard, "a sale needs at least one card", "une vente compte au moins une carte"},
    {Id::kYouHold, "you hold {count} {card}", "vous avez {count} {card/count}"},
    {Id::kPreciousSaleMinimum, "diamond, gold and silver sell 2 cards at least",
     "le diamant, l'or et l'argent se vendent par 2 cartes au moins"},
    {Id::kExchangeTakesNoCamels, "an exchange never takes camels from the market",
     "un échange ne prend jamais de chameaux au marché"},
    {Id::kExchangeBalanced, "an exchange gives back as many cards as it takes",
     "un échange rend autant de cartes qu'il en prend"},
    {Id::kExchangeMinimum, "an exchange is at least 2 cards for 2", "un échange porte au moins sur 2 cartes contre 2"},
    {Id::kMarketHas, "the market has {count} {card}", "le marché a {count} {card/count}"},
    {Id::kTakenAndGiven, "the same good cannot be both taken and given",
     "une même marchandise ne peut pas être à la fois prise et donnée"},
    {Id::kHerdHas, "your herd has {count} camels", "votre troupeau a {count} {count|chameau|chameaux}"},
    {Id::kHandLimitAfterExchange, "hand limit: you would end with more than 7 goods",
     "limite de main\u00a0: vous finiriez avec plus de 7 marchandises"},

    {Id::kEmptyMove, "empty (moves: {syntax})", "vide (coups\u00a0: {syntax})"},
    {Id::kUnknownAction, "unknown action '{word}' (moves: {syntax})", "action inconnue '{word}' (coups\u00a0: {syntax})"},
    {Id::kTakesNoArgument, "'{word}' takes no argument", "'{word}' ne prend pas d'argument"},

    {Id::kTakeNeedsAGood, "'take' needs one good, e.g. 'take gold'",
     "'take' demande une marchandise, par exemple 'take gold'"},
    {Id::kUnknownCard, "unknown card '{word}'", "carte inconnue '{word}'"},
    {Id::kUnknownCardListed, "unknown card '{word}' (cards: {syntax})", "carte inconnue '{word}' (cartes\u00a0: {syntax})"},
    {Id::kSellNeedsCountAndGood, "'sell' needs a count and a good, e.g. 'sell 3 cloth'",
     "'sell' demande un nombre et une marchandise, par exemple 'sell 3 cloth'"},
    {Id::kNotACardCount, "'{word}' is not a card count", "'{word}' n'est pas un nombre de cartes"},
    {Id::kTooManyOfOneType, "too many cards of one type in the exchange", "trop de cartes d'un même type dans l'échange"},
    {Id::kExchangeNeedsFor, "'exchange' needs 'for', e.g. 'exchange gold spice for leather camel'",
     "'exchange' demande 'for', par exemple 'exchange gold spice for leather camel'"},
    {Id::kForTwice, "'for' appears twice", "'for' apparaît deux fois"},

    {Id::kMustOrient, "player {seat} must first orient Assam (left, straight or right)",
     "le joueur {seat} doit d'abord orienter Assam (gauche, tout droit ou droite)"},
    {Id::kMustRoll, "Assam is oriented: the die must be rolled now (roll 1 to roll 4)",
     "Assam est orienté\u00a0: il faut maintenant lancer le dé (roll 1 à roll 4)"},
    {Id::kMustPlace, "Assam has moved: player {seat} must place a carpet now",
     "Assam s'est déplacé\u00a0: le joueur {seat} doit maintenant poser un tapis"},
    {Id::kQuarterTurnsOnly, "Assam keeps his direction or turns a quarter, never a half turn",
     "Assam garde sa direction ou tourne d'un quart de tour, jamais d'un demi-tour"},
    {Id::kDieRange, "the die shows 1 to 4", "le dé montre de 1 à 4"},
    {Id::kCarpetOnBoard, "a carpet lies inside the board", "un tapis se pose à l'intérieur du plateau"},
    {Id::kCarpetAdjacent, "a carpet covers two orthogonally adjacent squares",
     "un tapis couvre deux cases voisines par un côté"},
    {Id::kCarpetNotOnAssam, "a carpet may not cover Assam's square {square}",
     "un tapis ne peut pas couvrir la case {square} d'Assam"},
    {Id::kCarpetTouchesAssam, "the carpet must touch Assam's square {square} along a side",
     "le tapis doit toucher par un côté la case {square} d'Assam"},
    {Id::kCarpetNotOnOneCarpet, "a carpet may not cover both halves of one carpet (carpet {carpet} lies on {first} {second})",
     "un tapis ne peut pas couvrir les deux moitiés d'un même tapis (le tapis {carpet} est sur {first} {second})"},

    {Id::kNoHalfTurn, "Assam never makes a half turn (orient him with left, straight or right)",
     "Assam ne fait jamais demi-tour (orientez-le avec gauche, tout droit ou droite)"},
    {Id::kRollNeedsNumber, "'roll' needs the die's number, e.g. 'roll 3'",
     "'roll' demande le nombre du dé, par exemple 'roll 3'"},
    {Id::kNotARoll, "'{word}' is not a roll of the die (1 to 4)", "'{word}' n'est pas un lancer du dé (1 à 4)"},
    {Id::kPlaceNeedsSquares, "'place' needs the carpet's two squares, e.g. 'place c3 d3'",
     "'place' demande les deux cases du tapis, par exemple 'place c3 d3'"},
    {Id::kNotASquare, "'{word}' is not a square (a1..g7)", "'{word}' n'est pas une case (a1..g7)"},
};

constexpr bool InIdOrder() {
  for (size_t i = 0; i < std::size(kCatalogue); ++i)
    if (static_cast<size_t>(kCatalogue[i].id) != i) return false;
  return true;
}
static_assert(InIdOrder(), "kCatalogue lists every MessageId once, in order");
static_assert(static_cast<size_t>(Id::kNotASquare) + 1 == std::size(kCatalogue));

// The rulebook's French names, singular and plural ("épices" is plural on the cards).
constexpr std::array<std::array<std::string_view, 2>, jaipur::kNumCardTypes> kFrenchCards = {{
    {"diamant", "diamants"},
    {"or", "or"},
    {"argent", "argent"},
    {"tissu", "tissus"},
    {"épices", "épices"},
    {"cuir", "cuirs"},
    {"chameau", "chameaux"},
}};

enum class Kind { kMessage, kCard, kNumber, kSquare, kText, kUnknown };

Kind KindOf(std::string_view name) {
  if (name == "rule" || name == "why") return Kind::kMessage;
  if (name == "card") return Kind::kCard;
  if (name == "count" || name == "seat" || name == "carpet") return Kind::kNumber;
  if (name == "square" || name == "first" || name == "second") return Kind::kSquare;
  if (name == "move" || name == "input" || name == "word" || name == "syntax") return Kind::kText;
  return Kind::kUnknown;
}

// A template cut into literal text and placeholders.
struct Segment {
  static Segment Literal(std::string_view text) {
    Segment s;
    s.literal = text;
    return s;
  }
  std::string_view literal;  // when `name` is empty
  std::string_view name;
  std::string_view agree;       // {card/count}: the number the noun agrees with
  std::string_view one, other;  // {count|one|other}
  bool choice = false;
};

std::vector<Segment> Split(std::string_view pattern) {
  std::vector<Segment> segments;
  while (!pattern.empty()) {
    size_t open = pattern.find('{');
    size_t close = open == std::string_view::npos ? open : pattern.find('}', open);
    if (close == std::string_view::npos) {  // no (complete) placeholder left
      segments.push_back(Segment::Literal(pattern));
      break;
    }
    if (open > 0) segments.push_back(Segment::Literal(pattern.substr(0, open)));
    std::string_view body = pattern.substr(open + 1, close - open - 1);
    Segment s;
    size_t mark = body.find_first_of("/|");
    s.name = body.substr(0, mark);
    if (mark != std::string_view::npos && body[mark] == '/') {
      s.agree = body.substr(mark + 1);
    } else if (mark != std::string_view::npos) {
      std::string_view forms = body.substr(mark + 1);
      size_t bar = forms.find('|');
      s.choice = true;
      s.one = forms.substr(0, bar);
      s.other = bar == std::string_view::npos ? forms : forms.substr(bar + 1);
    }
    segments.push_back(s);
    pattern.remove_prefix(close + 1);
  }
  return segments;
}

const MessageArg* FindArg(const MessageArgs& args, std::string_view name) {
  for (const MessageArg& a : args)
    if (a.name == name) return &a;
  return nullptr;
}

const std::string* Find(const MessageArgs& args, std::string_view name) {
  const MessageArg* arg = FindArg(args, name);
  return arg ? &arg->value : nullptr;
}

std::optional<int> Number(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

// French counts 0 and 1 in the singular, English 1 only.
bool Singular(int n, Lang lang) { return n == 1 || (n == 0 && lang == Lang::kFr); }

std::optional<jaipur::Card> CardNamed(std::string_view name) {
  for (int t = 0; t < jaipur::kNumCardTypes; ++t)
    if (jaipur::CardName(static_cast<jaipur::Card>(t)) == name) return static_cast<jaipur::Card>(t);
  return std::nullopt;
}

// English keeps the engine's word, which has no plural ("you hold 2 cloth").
std::string CardNoun(std::string_view name, int count, Lang lang) {
  auto card = CardNamed(name);
  if (!card || lang == Lang::kEn) return std::string(name);
  return std::string(kFrenchCards[static_cast<size_t>(jaipur::Index(*card))][Singular(count, lang) ? 0 : 1]);
}

bool StartsWithVowel(std::string_view word) {
  if (word.empty()) return false;
  if (std::string_view("aeiouyAEIOUY").find(word[0]) != std::string_view::npos) return true;
  // é è ê in UTF-8.
  return word.size() >= 2 && word[0] == '\xc3' && (word[1] == '\xa9' || word[1] == '\xa8' || word[1] == '\xaa');
}

// "de " + "or" is "d'or", "le " + "argent" "l'argent".
void Elide(std::string* out, std::string_view noun) {
  if (!StartsWithVowel(noun)) return;
  for (std::string_view word : {"de ", "le ", "la ", "que "}) {
    if (out->size() < word.size() || out->compare(out->size() - word.size(), word.size(), word) != 0) continue;
    size_t start = out->size() - word.size();
    if (start > 0 && (*out)[start - 1] != ' ' && (*out)[start - 1] != '(') continue;
    out->resize(out->size() - 2);  // the vowel and the space
    out->push_back('\'');
    return;
  }
}

const std::vector<std::vector<Segment>>& EnglishTemplates() {
  static const std::vector<std::vector<Segment>> templates = [] {
    std::vector<std::vector<Segment>> all;
    for (const MessageEntry& e : kCatalogue) all.push_back(Split(e.en));
    return all;
  }();
  return templates;
}

// Nested messages go two deep ("bad move ...: unknown card ... (cards: ...)"); the
// limit bounds the work on any text.
constexpr int kMaxDepth = 4;
// Longer texts are no message of the engine (its quotes are cut at 60 characters).
constexpr size_t kMaxMessageSize = 1000;

std::optional<ParsedMessage> ParseAt(std::string_view text, int depth);

bool Accepts(Kind kind, std::string_view value, int depth) {
  switch (kind) {
    case Kind::kMessage: return !value.empty() && depth < kMaxDepth && ParseAt(value, depth + 1).has_value();
    case Kind::kCard: return CardNamed(value).has_value();
    case Kind::kNumber: return Number(value).has_value();
    case Kind::kSquare:
      return value.size() == 2 && value[0] >= 'a' && value[0] <= 'g' && value[1] >= '1' && value[1] <= '7';
    case Kind::kText: return true;
    case Kind::kUnknown: return false;
  }
  return false;
}

// Does `text` read as segments[i...]? Tries every length of each placeholder (a
// quoted input may hold quotes itself), shortest first.
bool Match(const std::vector<Segment>& segments, size_t i, std::string_view text, MessageArgs* args, int depth) {
  if (i == segments.size()) return text.empty();
  const Segment& s = segments[i];
  if (s.name.empty()) {
    if (text.substr(0, s.literal.size()) != s.literal) return false;
    return Match(segments, i + 1, text.substr(s.literal.size()), args, depth);
  }
  const bool last = i + 1 == segments.size();
  std::string_view next = last || !segments[i + 1].name.empty() ? std::string_view() : segments[i + 1].literal;
  for (size_t end = last ? text.size() : 0; end <= text.size(); ++end) {
    if (!next.empty() && text.substr(end, next.size()) != next) continue;
    std::string_view value = text.substr(0, end);
    if (!Accepts(KindOf(s.name), value, depth)) continue;
    args->push_back({s.name, std::string(value)});
    if (Match(segments, i + 1, text.substr(end), args, depth)) return true;
    args->pop_back();
  }
  return false;
}

std::optional<ParsedMessage> ParseAt(std::string_view text, int depth) {
  const auto& templates = EnglishTemplates();
  for (size_t t = 0; t < templates.size(); ++t) {
    MessageArgs args;
    if (Match(templates[t], 0, text, &args, depth)) return ParsedMessage{kCatalogue[t].id, std::move(args)};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Lang> ParseLang(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  char a = static_cast<char>(text[0] | 0x20), b = static_cast<char>(text[1] | 0x20);
  if (a == 'e' && b == 'n') return Lang::kEn;
  if (a == 'f' && b == 'r') return Lang::kFr;
  return std::nullopt;
}

std::span<const MessageEntry> MessageCatalogue() { return kCatalogue; }

std::string RenderTemplate(std::string_view pattern, const MessageArgs& args, Lang lang) {
  std::string out;
  for (const Segment& s : Split(pattern)) {
    if (s.name.empty()) {
      out += s.literal;
      continue;
    }
    const std::string* value = Find(args, s.name);
    if (!value) {  // a mistake in the caller, shown rather than hidden
      out.append("{").append(s.name).append("}");
      continue;
    }
    if (s.choice) {
      out += Singular(Number(*value).value_or(0), lang) ? s.one : s.other;
      continue;
    }
    switch (KindOf(s.name)) {
      case Kind::kCard: {
        const std::string* count = s.agree.empty() ? nullptr : Find(args, s.agree);
        std::string noun = CardNoun(*value, count ? Number(*count).value_or(1) : 1, lang);
        if (lang == Lang::kFr) Elide(&out, noun);
        out += noun;
        break;
      }
      case Kind::kMessage: {
        const MessageArg* arg = FindArg(args, s.name);
        out += arg->message ? RenderMessage(*arg->message, lang) : TranslateMessage(*value, lang);
        break;
      }
      default: out += *value; break;
    }
  }
  return out;
}

std::string RenderMessage(MessageId id, const MessageArgs& args, Lang lang) {
  const MessageEntry& e = kCatalogue[static_cast<size_t>(id)];
  return RenderTemplate(lang == Lang::kFr ? e.fr : e.en, args, lang);
}

std::string RenderMessage(const Message& message, Lang lang) { return RenderMessage(message.id, message.args, lang); }

MessageArg::MessageArg(std::string_view arg_name, Message nested)
    : name(arg_name), value(RenderMessage(nested)), message(std::make_shared<const Message>(std::move(nested))) {}

Status MessageStatus(ErrorCode code, Message message) {
  std::string english = RenderMessage(message);
  return Status::Coded(code, std::move(english), std::make_shared<const Message>(std::move(message)));
}

std::string StatusText(const Status& status, Lang lang) {
  const Message* message = status.catalogued();
  if (!message || lang == Lang::kEn) return status.message();
  const std::string english = RenderMessage(*message);
  const std::string& text = status.message();
  if (text.size() < english.size() || text.compare(text.size() - english.size(), english.size(), english) != 0)
    return text;  // not the catalogued message after a prefix: shown as it is
  return text.substr(0, text.size() - english.size()) + RenderMessage(*message, lang);
}

std::optional<ParsedMessage> ParseMessage(std::string_view text) {
  if (text.size() > kMaxMessageSize) return std::nullopt;
  return ParseAt(text, 0);
}

std::string TranslateMessage(std::string_view text, Lang lang) {
  if (lang == Lang::kEn) return std::string(text);
  auto parsed = ParseMessage(text);
  if (!parsed) return std::string(text);
  return RenderMessage(parsed->id, parsed->args, lang);
}

}  // namespace souk
