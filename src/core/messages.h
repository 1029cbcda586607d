// The rules engine's messages to a person, in English and French, from one
// catalogue: why a move is refused ("illegal move 'sell 1 silver': ...") and why a
// move's text is not understood ("bad move 'x': ...").
//
// Why in the core: the engine itself writes every refusal through this catalogue
// (RenderMessage: a message id and named arguments, rendered in English), so the
// English a Status carries and the templates a translation reads cannot drift
// apart. The core may use the standard library only, and so does this file; a
// module above the core could not be used by the engine.
//
// Messages travel as plain English text (in a Status, a JSON reply, a test's
// expectation), so every existing text and tool is unchanged; a Status made by
// MessageStatus also keeps the message itself, its id and arguments, nested ones
// too. A layer that speaks to a person translates at its edge from those
// (StatusText): the terminal before it prints, the server before it replies.
// ParseMessage and TranslateMessage read English text back, for a caller that has
// only text: a `rule` or `why` argument given as text (RenderTemplate), the tests.
//
// Templates have named placeholders, `{name}`. The name says what the value is:
//   rule, why              another message of the catalogue, translated in turn
//   card                   a Jaipur card, as the engine names it ("gold"); told in
//                          the rulebook's words in French ("or", "épices")
//   count, seat, carpet    a whole number
//   square, first, second  a Marrakech square ("c4"), the same in every language
//   move, input, word, syntax  text shown as it is: a move's canonical text, what
//                          the player typed, the canonical move syntax
// French templates may also write:
//   {card/count}           the card's noun in the number of `count` ("2 tissus")
//   {count|one|other}      `one` or `other` by the number in `count` (French counts
//                          0 and 1 in the singular, as the terminal does)
// and elide before a card's noun: "de {card}" is "d'or", "le {card}" "l'argent".
// English templates use plain `{name}` only, so that a message can be read back.
// French puts a plain space before ':', like the terminal's other French texts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace souk {

enum class Lang : uint8_t { kEn, kFr };

// "en" or "fr" (any case); nothing for anything else.
std::optional<Lang> ParseLang(std::string_view text);

enum class MessageId : uint8_t {
  // Wrappers: the move, then the reason (another message).
  kIllegalMove,
  kBadMove,
  // Either game's rules.
  kGameOver,
  // Jaipur's rules.
  kCamelsTakenTogether,
  kMarketHasNo,
  kHandFull,
  kCamelsNotSold,
  kSaleNeedsACard,
  kYouHold,
  kPreciousSaleMinimum,
  kExchangeTakesNoCamels,
  kExchangeBalanced,
  kExchangeMinimum,
  kMarketHas,
  kTakenAndGiven,
  kHerdHas,
  kHandLimitAfterExchange,
  // The move parsers (both games).
  kEmptyMove,
  kUnknownAction,
  kTakesNoArgument,
  // Jaipur's move parser.
  kTakeNeedsAGood,
  kUnknownCard,
  kUnknownCardListed,
  kSellNeedsCountAndGood,
  kNotACardCount,
  kTooManyOfOneType,
  kExchangeNeedsFor,
  kForTwice,
  // Marrakech's rules.
  kMustOrient,
  kMustRoll,
  kMustPlace,
  kQuarterTurnsOnly,
  kDieRange,
  kCarpetOnBoard,
  kCarpetAdjacent,
  kCarpetNotOnAssam,
  kCarpetTouchesAssam,
  kCarpetNotOnOneCarpet,
  // Marrakech's move parser.
  kNoHalfTurn,
  kRollNeedsNumber,
  kNotARoll,
  kPlaceNeedsSquares,
  kNotASquare,
};

struct MessageEntry {
  MessageId id;
  std::string_view en;
  std::string_view fr;
};

// Every message, in MessageId order.
std::span<const MessageEntry> MessageCatalogue();

// One argument, its value as the English message writes it ("gold", "3", "c4",
// or a whole message for `rule` and `why`).
struct MessageArg {
  MessageArg(std::string_view arg_name, std::string arg_value) : name(arg_name), value(std::move(arg_value)) {}
  // A nested message (`rule`, `why`): its English text, and the message itself.
  MessageArg(std::string_view arg_name, Message nested);

  std::string_view name;
  std::string value;
  std::shared_ptr<const Message> message;  // for a nested message, else null
};
using MessageArgs = std::vector<MessageArg>;

// A message of the catalogue, not yet rendered.
struct Message {
  MessageId id;
  MessageArgs args;
};

// A failure of `code` whose text is `message` in English, the message kept for
// translating it (Status::catalogued).
Status MessageStatus(ErrorCode code, Message message);

// The message in `lang`: cards named in that language, nested messages translated.
std::string RenderMessage(MessageId id, const MessageArgs& args = {}, Lang lang = Lang::kEn);
std::string RenderMessage(const Message& message, Lang lang = Lang::kEn);

// Any template in the catalogue's syntax (for texts of the layers above that name
// cards, e.g. the terminal's), rendered the same way.
std::string RenderTemplate(std::string_view pattern, const MessageArgs& args, Lang lang);

struct ParsedMessage {
  MessageId id;
  MessageArgs args;  // nested messages as English text
};

// Reads an English message back into its id and arguments; nothing when the text
// is not a message of the catalogue (nested messages must be too).
std::optional<ParsedMessage> ParseMessage(std::string_view text);

// An engine message in `lang`; any other text unchanged.
std::string TranslateMessage(std::string_view text, Lang lang);

// A failure's message in `lang`: a catalogued message translated from its id and
// arguments (after its prefix, kept as it is); any other text unchanged.
std::string StatusText(const Status& status, Lang lang);

}  // namespace souk
