// Card names and the canonical move text.
#include <array>
#include <vector>

#include "core/jaipur/jaipur.h"
#include "core/messages.h"
#include "core/text.h"

namespace souk::jaipur {
namespace {

constexpr std::array<std::string_view, kNumCardTypes> kCardNames = {
    "diamond", "gold", "silver", "cloth", "spice", "leather", "camel"};
constexpr std::string_view kMoveSyntax = "take G, camels, exchange ... for ..., sell N G";

// Why a card list does not parse (the caller wraps it in "bad move").
Status Error(MessageId id, const MessageArgs& args = {}) { return MessageStatus(ErrorCode::kBadMove, {id, args}); }

void AppendCards(std::string* out, const CardCounts& counts) {
  for (int t = 0; t < kNumCardTypes; ++t)
    for (int i = 0; i < counts[t]; ++i) {
      out->push_back(' ');
      out->append(kCardNames[t]);
    }
}

// Reads card names up to the end of `words` or the word `stop`; returns the index
// after the list.
Result<size_t> ReadCards(const std::vector<std::string>& words, size_t from, std::string_view stop,
                         CardCounts* counts) {
  size_t i = from;
  for (; i < words.size() && words[i] != stop; ++i) {
    auto card = ParseCard(words[i]);
    if (!card)
      return Error(MessageId::kUnknownCardListed,
                   {{"word", Printable(words[i])}, {"syntax", "diamond gold silver cloth spice leather camel"}});
    if ((*counts)[Index(*card)] == 15) return Error(MessageId::kTooManyOfOneType);
    ++(*counts)[Index(*card)];
  }
  return i;
}

}  // namespace

std::string_view CardName(Card c) { return kCardNames[Index(c)]; }

std::optional<Card> ParseCard(std::string_view word) {
  for (int t = 0; t < kNumCardTypes; ++t) {
    std::string_view name = kCardNames[t];
    if (word == name) return static_cast<Card>(t);
    if (word.size() == name.size() + 1 && word.substr(0, name.size()) == name && word.back() == 's')
      return static_cast<Card>(t);
  }
  return std::nullopt;
}

std::string ToString(const Move& move) {
  switch (move.kind) {
    case MoveKind::kTake:
      return "take " + std::string(CardName(move.good));
    case MoveKind::kCamels:
      return "camels";
    case MoveKind::kTimeOut:
      return "timeout";
    case MoveKind::kSell:
      return "sell " + std::to_string(move.count) + " " + std::string(CardName(move.good));
    case MoveKind::kExchange: {
      std::string out = "exchange";
      AppendCards(&out, move.taken.Unpack());
      out += " for";
      AppendCards(&out, move.given.Unpack());
      return out;
    }
  }
  return "?";
}

Result<Move> ParseMove(std::string_view text) {
  std::vector<std::string> words = SplitLowerWords(text);
  using Id = MessageId;
  // `why` is a message of the catalogue.
  auto bad = [&](Message why) {
    return MessageStatus(ErrorCode::kBadMove, {Id::kBadMove, {{"input", Printable(text)}, {"why", std::move(why)}}});
  };
  auto error = [&](Id why, const MessageArgs& args = {}) { return bad({why, args}); };
  auto word = [](const std::string& w) { return MessageArgs{{"word", Printable(w)}}; };
  if (words.empty()) return error(Id::kEmptyMove, {{"syntax", std::string(kMoveSyntax)}});
  const std::string& verb = words[0];
  if (verb == "camels" || (verb == "take" && words.size() == 2 && ParseCard(words[1]) == Card::kCamel)) {
    if (words.size() > 2 || (verb == "camels" && words.size() > 1)) return error(Id::kTakesNoArgument, word("camels"));
    return Move::Camels();
  }
  // Not in kMoveSyntax: players never type it (see MoveKind::kTimeOut), but a
  // record the server wrote must replay.
  if (verb == "timeout") {
    if (words.size() > 1) return error(Id::kTakesNoArgument, word("timeout"));
    return Move::TimeOut();
  }
  if (verb == "take") {
    if (words.size() != 2) return error(Id::kTakeNeedsAGood);
    auto card = ParseCard(words[1]);
    if (!card) return error(Id::kUnknownCard, word(words[1]));
    return Move::Take(*card);
  }
  if (verb == "sell") {
    if (words.size() != 3) return error(Id::kSellNeedsCountAndGood);
    auto count = ParseSmallInt(words[1]);
    if (!count || *count < 1 || *count > kNumCards) return error(Id::kNotACardCount, word(words[1]));
    auto card = ParseCard(words[2]);
    if (!card) return error(Id::kUnknownCard, word(words[2]));
    return Move::Sell(*count, *card);
  }
  if (verb == "exchange") {
    CardCounts taken{}, given{};
    auto after_taken = ReadCards(words, 1, "for", &taken);
    if (!after_taken.ok()) return bad(*after_taken.status().catalogued());
    if (*after_taken == words.size()) return error(Id::kExchangeNeedsFor);
    auto end = ReadCards(words, *after_taken + 1, "for", &given);
    if (!end.ok()) return bad(*end.status().catalogued());
    if (*end != words.size()) return error(Id::kForTwice);
    return Move::Exchange(taken, given);
  }
  return error(Id::kUnknownAction, {{"word", Printable(verb)}, {"syntax", std::string(kMoveSyntax)}});
}

}  // namespace souk::jaipur
