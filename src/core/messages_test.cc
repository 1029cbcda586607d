// The catalogue of the engine's messages: both languages for every entry, and every
// refusal of both games' rules and move parsers read back and told in French.
#include "core/messages.h"

#include <algorithm>
#include <functional>
#include <set>

#include <gtest/gtest.h>

#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"
#include "core/marrakech/marrakech_test_util.h"
#include "core/text.h"

namespace souk {
namespace {

// The placeholder names of a template, and whether any has a form (`/` or `|`).
std::multiset<std::string> Placeholders(std::string_view pattern, bool* has_forms = nullptr) {
  std::multiset<std::string> names;
  for (size_t open = pattern.find('{'); open != std::string_view::npos; open = pattern.find('{', open + 1)) {
    size_t close = pattern.find('}', open);
    EXPECT_NE(close, std::string_view::npos) << pattern;
    if (close == std::string_view::npos) break;
    std::string_view body = pattern.substr(open + 1, close - open - 1);
    size_t mark = body.find_first_of("/|");
    if (mark != std::string_view::npos && has_forms) *has_forms = true;
    names.insert(std::string(body.substr(0, mark)));
  }
  return names;
}

std::set<std::string> Distinct(const std::multiset<std::string>& names) { return {names.begin(), names.end()}; }

TEST(MessageCatalogue, EveryEntryHasEnglishAndFrenchWithTheSamePlaceholders) {
  const std::set<std::string> known = {"rule", "why",   "card",  "count",  "seat", "carpet", "square",
                                       "first", "second", "move", "input", "word", "syntax"};
  auto catalogue = MessageCatalogue();
  ASSERT_EQ(catalogue.size(), static_cast<size_t>(MessageId::kNotASquare) + 1);
  std::set<std::string_view> english, french;
  for (size_t i = 0; i < catalogue.size(); ++i) {
    const MessageEntry& e = catalogue[i];
    SCOPED_TRACE(std::string(e.en));
    EXPECT_EQ(static_cast<size_t>(e.id), i);
    EXPECT_FALSE(e.en.empty());
    EXPECT_FALSE(e.fr.empty());
    EXPECT_NE(e.en, e.fr);
    EXPECT_TRUE(english.insert(e.en).second) << "two entries with one English text";
    EXPECT_TRUE(french.insert(e.fr).second) << "two entries with one French text";
    bool english_forms = false;
    auto en_names = Placeholders(e.en, &english_forms);
    auto fr_names = Placeholders(e.fr);
    EXPECT_FALSE(english_forms) << "English templates are read back: plain {name} only";
    EXPECT_EQ(en_names.size(), Distinct(en_names).size()) << "each placeholder once in English";
    EXPECT_EQ(Distinct(en_names), Distinct(fr_names));
    for (const std::string& name : en_names) EXPECT_TRUE(known.count(name)) << name;
    // A noun agrees with a number of the same message.
    for (size_t at = e.fr.find('/'); at != std::string_view::npos; at = e.fr.find('/', at + 1)) {
      size_t close = e.fr.find('}', at);
      if (close == std::string_view::npos || e.fr.rfind('{', at) < e.fr.rfind('}', at)) continue;
      EXPECT_TRUE(en_names.count(std::string(e.fr.substr(at + 1, close - at - 1)))) << e.fr;
    }
  }
}

// French typography: a non-breaking space (U+00A0) before a colon, a semicolon, an
// exclamation or a question mark, never a plain one (a line must not break before it).
TEST(MessageCatalogue, FrenchPutsANonBreakingSpaceBeforeTwoPartPunctuation) {
  for (const MessageEntry& e : MessageCatalogue()) {
    const std::string fr(e.fr);
    for (char mark : {':', ';', '!', '?'})
      for (size_t at = fr.find(mark); at != std::string::npos; at = fr.find(mark, at + 1)) {
        if (mark == ':' && at > 0 && fr[at - 1] == '{') continue;  // not text
        EXPECT_NE(fr[at - 1], ' ') << fr;
        EXPECT_EQ(fr.substr(at - 2, 2), "\u00a0") << "before '" << mark << "' in: " << fr;
      }
  }
}

TEST(MessageCatalogue, RendersEnglishAsTheEngineWroteIt) {
  EXPECT_EQ(RenderMessage(MessageId::kYouHold, {{"count", "2"}, {"card", "cloth"}}), "you hold 2 cloth");
  EXPECT_EQ(RenderMessage(MessageId::kHerdHas, {{"count", "1"}}), "your herd has 1 camels");
  EXPECT_EQ(RenderMessage(MessageId::kIllegalMove, {{"move", "camels"}, {"rule", "x"}}), "illegal move 'camels': x");
}

TEST(MessageTranslation, FrenchAgreesWithNumbersAndElides) {
  auto fr = [](std::string_view text) { return TranslateMessage(text, Lang::kFr); };
  EXPECT_EQ(fr("illegal move 'take gold': the market has no gold"), "coup illégal 'take gold'\u00a0: le marché n'a pas d'or");
  EXPECT_EQ(fr("illegal move 'take spice': the market has no spice"),
            "coup illégal 'take spice'\u00a0: le marché n'a pas d'épices");
  EXPECT_EQ(fr("illegal move 'take cloth': the market has no cloth"),
            "coup illégal 'take cloth'\u00a0: le marché n'a pas de tissu");
  EXPECT_EQ(fr("illegal move 'sell 3 cloth': you hold 2 cloth"), "coup illégal 'sell 3 cloth'\u00a0: vous avez 2 tissus");
  EXPECT_EQ(fr("illegal move 'sell 3 cloth': you hold 1 cloth"), "coup illégal 'sell 3 cloth'\u00a0: vous avez 1 tissu");
  EXPECT_EQ(fr("illegal move 'sell 2 diamond': you hold 0 diamond"),
            "coup illégal 'sell 2 diamond'\u00a0: vous avez 0 diamant");
  EXPECT_EQ(fr("illegal move 'exchange gold gold for cloth leather': the market has 1 gold"),
            "coup illégal 'exchange gold gold for cloth leather'\u00a0: le marché a 1 or");
  EXPECT_EQ(fr("illegal move 'exchange gold spice for camel camel': your herd has 1 camels"),
            "coup illégal 'exchange gold spice for camel camel'\u00a0: votre troupeau a 1 chameau");
  EXPECT_EQ(fr("illegal move 'exchange gold spice for camel camel': your herd has 0 camels"),
            "coup illégal 'exchange gold spice for camel camel'\u00a0: votre troupeau a 0 chameau");
  EXPECT_EQ(fr("illegal move 'exchange gold spice diamond for camel camel camel': your herd has 2 camels"),
            "coup illégal 'exchange gold spice diamond for camel camel camel'\u00a0: votre troupeau a 2 chameaux");
}

TEST(MessageTranslation, NestedMessagesAndQuotedInputAreReadBack) {
  auto fr = [](std::string_view text) { return TranslateMessage(text, Lang::kFr); };
  EXPECT_EQ(fr("bad move 'exchange ruby for gold': unknown card 'ruby' (cards: diamond gold silver cloth spice leather "
               "camel)"),
            "coup invalide 'exchange ruby for gold'\u00a0: carte inconnue 'ruby' (cartes\u00a0: diamond gold silver cloth spice "
            "leather camel)");
  // Quotes in what the player typed do not confuse the reading.
  EXPECT_EQ(fr("bad move 'it's': unknown action 'it's' (moves: left, straight, right, roll N, place C1 C2)"),
            "coup invalide 'it's'\u00a0: action inconnue 'it's' (coups\u00a0: left, straight, right, roll N, place C1 C2)");
  EXPECT_EQ(fr("bad move 'a': b': unknown action 'a':' (moves: take G, camels, exchange ... for ..., sell N G)"),
            "coup invalide 'a': b'\u00a0: action inconnue 'a':' (coups\u00a0: take G, camels, exchange ... for ..., sell N G)");
  EXPECT_EQ(fr("bad move '': empty (moves: left, straight, right, roll N, place C1 C2)"),
            "coup invalide ''\u00a0: vide (coups\u00a0: left, straight, right, roll N, place C1 C2)");
  auto parsed = ParseMessage("illegal move 'place c4 d4': a carpet may not cover Assam's square c4");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->id, MessageId::kIllegalMove);
  ASSERT_EQ(parsed->args.size(), 2u);
  EXPECT_EQ(parsed->args[0].value, "place c4 d4");
  EXPECT_EQ(ParseMessage(parsed->args[1].value)->id, MessageId::kCarpetNotOnAssam);
}

TEST(MessageTranslation, OtherTextPassesThroughUnchanged) {
  for (std::string_view text : {"", "not your turn: seat 1 is to move", "no game abc", "the game is over!",
                                "illegal move 'take gold': a rule the catalogue does not know",
                                "illegal move 'take gold': the market has no ruby", "state: round: must be from 1 to 99",
                                "you hold x cloth", "a carpet may not cover Assam's square z9", "héhé : ça"}) {
    EXPECT_EQ(TranslateMessage(text, Lang::kFr), text);
    EXPECT_FALSE(ParseMessage(text).has_value()) << text;
  }
  std::string long_text = "illegal move '" + std::string(2000, 'x') + "': the game is over";
  EXPECT_EQ(TranslateMessage(long_text, Lang::kFr), long_text);
  EXPECT_EQ(TranslateMessage("illegal move 'take gold': the market has no gold", Lang::kEn),
            "illegal move 'take gold': the market has no gold");
}

TEST(MessageTranslation, TemplatesOfOtherLayersGetTheSameGrammar) {
  const MessageArgs gold = {{"card", "gold"}};
  EXPECT_EQ(RenderTemplate("you cannot sell {card} now", gold, Lang::kEn), "you cannot sell gold now");
  EXPECT_EQ(RenderTemplate("vous ne pouvez pas vendre de {card} maintenant", gold, Lang::kFr),
            "vous ne pouvez pas vendre d'or maintenant");
  EXPECT_EQ(RenderTemplate("{card} et le {card}", gold, Lang::kFr), "or et l'or");
  EXPECT_EQ(RenderTemplate("{missing}", gold, Lang::kFr), "{missing}");
}

TEST(MessageTranslation, AStatusIsTranslatedFromItsMessageNotItsText) {
  const Message rule{MessageId::kYouHold, {{"count", "1"}, {"card", "gold"}}};
  const Status refused = MessageStatus(ErrorCode::kIllegalMove, {MessageId::kIllegalMove, {{"move", "sell 2 gold"}, {"rule", rule}}});
  EXPECT_EQ(refused.message(), "illegal move 'sell 2 gold': you hold 1 gold");
  EXPECT_EQ(StatusText(refused, Lang::kFr), "coup illégal 'sell 2 gold'\u00a0: vous avez 1 or");
  // Text that no longer ends with the message (a caller rewrote it) is shown as it is.
  EXPECT_EQ(StatusText(Status::Error("sell 2 gold: you hold 1 gold"), Lang::kFr), "sell 2 gold: you hold 1 gold");
  // A status without a catalogued message: its text, in any language.
  EXPECT_EQ(StatusText(Status::Coded(ErrorCode::kNotYourTurn, "not your turn"), Lang::kFr), "not your turn");
}

TEST(MessageTranslation, LanguageNames) {
  EXPECT_EQ(ParseLang("fr"), Lang::kFr);
  EXPECT_EQ(ParseLang("EN"), Lang::kEn);
  EXPECT_FALSE(ParseLang("de").has_value());
  EXPECT_FALSE(ParseLang("french").has_value());
}

// --- Every refusal of the engine, driven and told in French -------------------------

struct Refusal {
  Refusal(Status refused, MessageId why) : message(refused.message()), status(std::move(refused)), reason(why) {}
  std::string message;  // as the engine wrote it
  Status status;        // as the engine returned it
  MessageId reason;     // the id it must be read back as
};

// The English literal text of every template, its longest piece: none may be left
// in a translation.
std::vector<std::string> EnglishPieces() {
  std::vector<std::string> pieces;
  for (const MessageEntry& e : MessageCatalogue()) {
    std::string longest, current;
    for (char c : e.en) {
      if (c == '{') {
        longest = std::max(longest, current, [](const auto& a, const auto& b) { return a.size() < b.size(); });
        current.clear();
      } else if (c == '}') {
        current.clear();
      } else {
        current.push_back(c);
      }
    }
    longest = std::max(longest, current, [](const auto& a, const auto& b) { return a.size() < b.size(); });
    if (longest.size() >= 8) pieces.push_back(longest);
  }
  return pieces;
}

void CheckAll(const std::vector<Refusal>& refusals, std::set<MessageId>* reached) {
  const std::vector<std::string> pieces = EnglishPieces();
  for (const Refusal& r : refusals) {
    SCOPED_TRACE(r.message);
    auto outer = ParseMessage(r.message);
    ASSERT_TRUE(outer.has_value()) << "not read back from the catalogue";
    ASSERT_TRUE(outer->id == MessageId::kIllegalMove || outer->id == MessageId::kBadMove);
    reached->insert(outer->id);
    ASSERT_EQ(outer->args.size(), 2u);
    auto inner = ParseMessage(outer->args[1].value);
    ASSERT_TRUE(inner.has_value());
    EXPECT_EQ(inner->id, r.reason);
    reached->insert(inner->id);
    const std::string french = TranslateMessage(r.message, Lang::kFr);
    EXPECT_NE(french, r.message);
    EXPECT_TRUE(french.rfind("coup illégal '", 0) == 0 || french.rfind("coup invalide '", 0) == 0) << french;
    for (const std::string& piece : pieces) EXPECT_EQ(french.find(piece), std::string::npos) << french << " holds " << piece;
    // English stays exactly as written.
    EXPECT_EQ(TranslateMessage(r.message, Lang::kEn), r.message);
    // The Status carries the message itself: translated from its id and arguments,
    // it reads as the text read back does, after any prefix.
    const bool illegal = outer->id == MessageId::kIllegalMove;
    EXPECT_EQ(r.status.error_code(), illegal ? ErrorCode::kIllegalMove : ErrorCode::kBadMove);
    EXPECT_EQ(r.status.code(), illegal ? StatusCode::kIllegalMove : StatusCode::kInvalidArgument);
    ASSERT_NE(r.status.catalogued(), nullptr);
    EXPECT_EQ(r.status.catalogued()->id, outer->id);
    ASSERT_EQ(r.status.catalogued()->args.size(), 2u);
    ASSERT_NE(r.status.catalogued()->args[1].message, nullptr);
    EXPECT_EQ(r.status.catalogued()->args[1].message->id, r.reason);
    EXPECT_EQ(StatusText(r.status, Lang::kFr), french);
    EXPECT_EQ(StatusText(r.status, Lang::kEn), r.message);
    EXPECT_EQ(StatusText(r.status.Prefixed("game g1: "), Lang::kFr), "game g1: " + french);
  }
}

namespace jp {
using namespace souk::jaipur;

CardCounts Cards(std::string_view names) {
  CardCounts counts{};
  for (const auto& word : SplitLowerWords(names)) ++counts[Index(*ParseCard(word))];
  return counts;
}

// Seat 0 to move with this market, hand and herd; the rest of the cards in the deck.
State Position(std::string_view market, std::string_view hand, int herd) {
  State s = State::NewGame(1);
  s.market = Cards(market);
  s.to_move = 0;
  s.players[0].hand = Cards(hand);
  s.players[0].hand_size = 0;
  for (auto n : s.players[0].hand) s.players[0].hand_size = static_cast<uint8_t>(s.players[0].hand_size + n);
  s.players[0].herd = static_cast<uint8_t>(herd);
  return s;
}

Status Check(const State& s, const Move& m) {
  Status st = s.CheckMove(m);
  EXPECT_FALSE(st.ok()) << ToString(m);
  return st;
}
Status Check(const State& s, std::string_view text) {
  auto m = ParseMove(text);
  EXPECT_TRUE(m.ok()) << m.message();
  return m.ok() ? Check(s, *m) : m.status();
}
Status Parse(std::string_view text) {
  auto m = ParseMove(text);
  EXPECT_FALSE(m.ok()) << text;
  return m.status();
}
}  // namespace jp

namespace mk {
using namespace souk::marrakech;

Status Check(const State& s, const Move& m) {
  Status st = s.CheckMove(m);
  EXPECT_FALSE(st.ok()) << ToString(m);
  return st;
}
Status Check(const State& s, std::string_view text) {
  auto m = ParseMove(text);
  EXPECT_TRUE(m.ok()) << m.message();
  return m.ok() ? Check(s, *m) : m.status();
}
Status Parse(std::string_view text) {
  auto m = ParseMove(text);
  EXPECT_FALSE(m.ok()) << text;
  return m.status();
}
std::string At(int x, int y) { return SquareName(SquareAt(x, y)); }
}  // namespace mk

std::vector<Refusal> JaipurRefusals() {
  using namespace jp;
  using Id = MessageId;
  State s = Position("gold spice camel camel leather", "cloth cloth silver leather", 1);
  State full = Position("gold spice camel camel leather", "cloth cloth cloth silver silver leather leather", 0);
  State six = Position("gold spice camel camel leather", "cloth cloth cloth silver silver leather", 2);
  State goods = Position("gold spice diamond cloth leather", "cloth", 0);
  State over = s;
  over.game_over = true;
  over.winner = 0;
  std::string many_gold = "exchange";
  for (int i = 0; i < 16; ++i) many_gold += " gold";
  return {
      {Check(over, "take gold"), Id::kGameOver},
      {Check(s, Move::Take(Card::kCamel)), Id::kCamelsTakenTogether},
      {Check(s, "take diamond"), Id::kMarketHasNo},
      {Check(goods, "camels"), Id::kMarketHasNo},
      {Check(full, "take gold"), Id::kHandFull},
      {Check(s, "sell 2 camel"), Id::kCamelsNotSold},
      {Check(s, Move::Sell(0, Card::kCloth)), Id::kSaleNeedsACard},
      {Check(s, "sell 3 cloth"), Id::kYouHold},
      {Check(s, "sell 1 silver"), Id::kPreciousSaleMinimum},
      {Check(s, "exchange camel gold for cloth silver"), Id::kExchangeTakesNoCamels},
      {Check(s, "exchange gold spice for cloth"), Id::kExchangeBalanced},
      {Check(s, "exchange gold for cloth"), Id::kExchangeMinimum},
      {Check(s, "exchange gold gold for cloth cloth"), Id::kMarketHas},
      {Check(s, "exchange gold spice for leather leather"), Id::kYouHold},
      {Check(s, "exchange gold leather for leather cloth"), Id::kTakenAndGiven},
      {Check(s, "exchange gold spice for camel camel"), Id::kHerdHas},
      {Check(six, "exchange gold spice for camel camel"), Id::kHandLimitAfterExchange},
      {Parse(""), Id::kEmptyMove},
      {Parse("dance"), Id::kUnknownAction},
      {Parse("camels 2"), Id::kTakesNoArgument},
      {Parse("take"), Id::kTakeNeedsAGood},
      {Parse("take ruby"), Id::kUnknownCard},
      {Parse("sell 2 ruby"), Id::kUnknownCard},
      {Parse("exchange ruby for gold"), Id::kUnknownCardListed},
      {Parse("exchange gold for ruby"), Id::kUnknownCardListed},
      {Parse("sell gold"), Id::kSellNeedsCountAndGood},
      {Parse("sell many gold"), Id::kNotACardCount},
      {Parse(many_gold + " for cloth"), Id::kTooManyOfOneType},
      {Parse("exchange gold spice"), Id::kExchangeNeedsFor},
      {Parse("exchange gold for spice for leather"), Id::kForTwice},
  };
}

std::vector<Refusal> MarrakechRefusals() {
  using namespace mk;
  using Id = MessageId;
  State orient = State::NewGame(2, Variant::kStandard, 1);
  State roll = orient;
  roll.ApplyMove(Move::Orient(Turn::kStraight));
  State place = roll;
  place.ApplyMove(Move::Roll(1));
  EXPECT_EQ(place.phase, Phase::kPlace);
  const int x = SquareX(place.assam.square), y = SquareY(place.assam.square);
  const int side = x > 0 ? x - 1 : x + 1;  // a column beside Assam's
  const int far = x < 3 ? 6 : 0;           // a column that touches nothing of his
  State covered = place;
  marrakech::testing::Lay(&covered, At(side, y), At(side, y + (y < 6 ? 1 : -1)), 1);
  Move off_board = Move::Place(0, 1);
  off_board.second = kNumSquares;
  Move no_half_turn = Move::Orient(static_cast<Turn>(3));
  State over = orient;
  over.phase = Phase::kGameOver;
  return {
      {Check(over, "left"), Id::kGameOver},
      {Check(orient, "roll 3"), Id::kMustOrient},
      {Check(roll, "left"), Id::kMustRoll},
      {Check(place, "right"), Id::kMustPlace},
      {Check(orient, no_half_turn), Id::kQuarterTurnsOnly},
      {Check(roll, Move::Roll(5)), Id::kDieRange},
      {Check(place, off_board), Id::kCarpetOnBoard},
      {Check(place, "place " + At(side, y) + " " + At(x, y > 0 ? y - 1 : y + 1)), Id::kCarpetAdjacent},
      {Check(place, "place " + At(x, y) + " " + At(side, y)), Id::kCarpetNotOnAssam},
      {Check(place, "place " + At(far, 0) + " " + At(far, 1)), Id::kCarpetTouchesAssam},
      {Check(covered, "place " + At(side, y) + " " + At(side, y + (y < 6 ? 1 : -1))), Id::kCarpetNotOnOneCarpet},
      {Parse(""), Id::kEmptyMove},
      {Parse("jump"), Id::kUnknownAction},
      {Parse("left 2"), Id::kTakesNoArgument},
      {Parse("back"), Id::kNoHalfTurn},
      {Parse("roll"), Id::kRollNeedsNumber},
      {Parse("roll 7"), Id::kNotARoll},
      {Parse("place c3"), Id::kPlaceNeedsSquares},
      {Parse("place c3 z9"), Id::kNotASquare},
  };
}

TEST(EngineRefusals, EveryRefusalOfBothGamesIsReadBackAndToldInFrench) {
  std::set<MessageId> reached;
  CheckAll(JaipurRefusals(), &reached);
  CheckAll(MarrakechRefusals(), &reached);
  for (const MessageEntry& e : MessageCatalogue())
    EXPECT_TRUE(reached.count(e.id)) << "no refusal of the engine reached: " << e.en;
}

TEST(EngineRefusals, SomeInFrenchWordForWord) {
  std::vector<Refusal> j = JaipurRefusals();
  std::vector<Refusal> m = MarrakechRefusals();
  auto fr = [](const Refusal& r) { return TranslateMessage(r.message, Lang::kFr); };
  EXPECT_EQ(j[8].message, "illegal move 'sell 1 silver': diamond, gold and silver sell 2 cards at least");
  EXPECT_EQ(fr(j[8]), "coup illégal 'sell 1 silver'\u00a0: le diamant, l'or et l'argent se vendent par 2 cartes au moins");
  EXPECT_EQ(fr(j[2]), "coup illégal 'take diamond'\u00a0: le marché n'a pas de diamant");
  EXPECT_EQ(fr(j[3]), "coup illégal 'camels'\u00a0: le marché n'a pas de chameau");
  EXPECT_EQ(fr(j[7]), "coup illégal 'sell 3 cloth'\u00a0: vous avez 2 tissus");
  EXPECT_EQ(fr(j[16]),
            "coup illégal 'exchange gold spice for camel camel'\u00a0: limite de main\u00a0: vous finiriez avec plus de 7 marchandises");
  EXPECT_EQ(fr(j[18]),
            "coup invalide 'dance'\u00a0: action inconnue 'dance' (coups\u00a0: take G, camels, exchange ... for ..., sell N G)");
  EXPECT_EQ(fr(j[13]), "coup illégal 'exchange gold spice for leather leather'\u00a0: vous avez 1 cuir");
  EXPECT_EQ(fr(j[15]), "coup illégal 'exchange gold spice for camel camel'\u00a0: votre troupeau a 1 chameau");
  const std::string seat = m[1].message.substr(m[1].message.find("player ") + 7, 1);
  EXPECT_EQ(fr(m[1]), "coup illégal 'roll 3'\u00a0: le joueur " + seat +
                          " doit d'abord orienter Assam (gauche, tout droit ou droite)");
  const std::string& covers = m[8].message;  // "... Assam's square SQ"
  const std::string square = covers.substr(covers.size() - 2);
  EXPECT_EQ(fr(m[8]), "coup illégal '" + covers.substr(14, covers.find("':") - 14) +
                          "'\u00a0: un tapis ne peut pas couvrir la case " + square + " d'Assam");
  EXPECT_EQ(fr(m[16]), "coup invalide 'roll 7'\u00a0: '7' n'est pas un lancer du dé (1 à 4)");
}

}  // namespace
}  // namespace souk
