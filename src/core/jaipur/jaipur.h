// Jaipur, the two-player card game of trading (Sébastien Pauchon, GameWorks).
//
// Rules in brief (full text: shared/rules/, decisions: docs/rules/jaipur.md):
// - 55 cards: diamond 6, gold 6, silver 6, cloth 8, spice 8, leather 10, camel 11.
// - A round: 3 camels in the market, the other 52 cards shuffled, 5 dealt to each
//   player, 2 more to the market; the rest is the deck. Camels dealt into a hand go
//   straight to that player's herd (face up, public size).
// - On a turn a player does exactly one of:
//     take G      one good from the market (not with 7 goods in hand); refill 1
//     camels      all camels of the market into the herd; refill as many
//     exchange    2+ goods from the market for as many cards from hand goods and/or
//                 herd camels; no type both taken and given; hand ends at <= 7; no refill
//     sell N G    N cards of one good: tokens from the top of its pile (fewer if the
//                 pile runs short), a hidden bonus for 3 / 4 / 5+ cards; diamond, gold
//                 and silver need N >= 2.
// - The round ends right after a move that empties a third token pile or needs a
//   refill the deck cannot complete. Larger herd takes the camel token (5); most
//   rupees takes a seal (ties: more bonus tokens, then more goods tokens; a full tie
//   gives no seal). The loser (after a full tie: the player who did not start)
//   starts the next round. Two seals win the game.
//
// Parameters: one option, explicit_chance (Options; off by default). A game is its
// options, its seed (which draws the first player and every deal) and its moves.
//
// Explicit chance (docs/rules/jaipur.md, "Explicit chance"): off, every card drawn
// (the refill after `take` and `camels`, the deal at each round's start) is drawn
// inside the move from the state's ordered deck. On, each single card drawn is a
// chance node: the move only says how many cards are to be drawn (pending_draws), and
// then no seat is to move until each of them is drawn with ApplyChance(type), whose
// probability is that type's share of the deck (ChanceOutcomes). The deal is drawn in
// the order the deal without the option gives the cards: seat 0's five, seat 1's
// five, then the market's two (camels dealt into a hand go to its herd). A refill the
// deck cannot complete ends the round as without the option: the rest of the deck
// goes to the market inside the move (there is nothing left to chance), no chance
// node. SampleChance() gives the deck's top card, so that playing the chance nodes
// with it gives exactly the game the same seed and moves give without the option.
// The bonus tokens a sale takes are random and hidden too, but stay inside the sale:
// they are never chance nodes.
//
// Representation: State is a fixed-size value (no heap) that is cheap to copy; search
// copies it rather than undoing moves, because deals and refills are not invertible
// without the deck order anyway. Cards are kept as counts per type: hands and the
// market are sets, not sequences. Only the deck is ordered.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/fixed_list.h"
#include "core/prng.h"
#include "core/status.h"

namespace souk::jaipur {

// Canonical order (also the order of JSON lists and of the `souk legal` names).
enum class Card : uint8_t { kDiamond, kGold, kSilver, kCloth, kSpice, kLeather, kCamel };

inline constexpr int kNumPlayers = 2;
inline constexpr int kNumCardTypes = 7;
inline constexpr int kNumGoods = 6;  // every type but camel
inline constexpr int kNumCards = 55;
inline constexpr int kMarketSize = 5;
inline constexpr int kHandLimit = 7;
inline constexpr int kStartingHand = 5;
inline constexpr int kCamelTokenValue = 5;
inline constexpr int kSealsToWin = 2;
inline constexpr int kNumGoodsTokens = 38;
inline constexpr int kNumBonusTokens = 18;
inline constexpr int kNumBonusPiles = 3;  // for sales of 3, 4 and 5+ cards
inline constexpr uint32_t kMaxRound = 1000000000;  // what a state file may say

inline constexpr std::array<int, kNumCardTypes> kCardsPerType = {6, 6, 6, 8, 8, 10, 11};
inline constexpr std::array<int, kNumGoods> kTokensPerGood = {5, 5, 5, 7, 7, 9};
// Goods tokens in the order they are taken (highest first); unused slots are 0.
inline constexpr std::array<std::array<uint8_t, 9>, kNumGoods> kGoodsTokenValues = {{
    {7, 7, 5, 5, 5},
    {6, 6, 5, 5, 5},
    {5, 5, 5, 5, 5},
    {5, 3, 3, 2, 2, 1, 1},
    {5, 3, 3, 2, 2, 1, 1},
    {4, 3, 2, 1, 1, 1, 1, 1, 1},
}};
inline constexpr std::array<int, kNumBonusPiles> kBonusTokensPerPile = {7, 6, 5};
inline constexpr std::array<std::array<uint8_t, 7>, kNumBonusPiles> kBonusTokenValues = {{
    {1, 1, 2, 2, 2, 3, 3},
    {4, 4, 5, 5, 6, 6},
    {8, 8, 9, 10, 10},
}};

using CardCounts = std::array<uint8_t, kNumCardTypes>;

constexpr int Index(Card c) { return static_cast<int>(c); }
constexpr Card GoodAt(int index) { return static_cast<Card>(index); }
constexpr bool IsPrecious(Card c) { return c <= Card::kSilver; }
constexpr int MinimumSale(Card c) { return IsPrecious(c) ? 2 : 1; }
// The bonus pile a sale of `cards` cards draws from, or -1 for none.
constexpr int BonusPileForSale(int cards) { return cards < 3 ? -1 : (cards >= 5 ? 2 : cards - 3); }
// The pile a bonus value comes from (values of different piles never overlap).
constexpr int BonusPileOfValue(int value) { return value <= 3 ? 0 : (value <= 6 ? 1 : 2); }

std::string_view CardName(Card c);
// Accepts the canonical name and its plural ("gold", "golds", "camels").
std::optional<Card> ParseCard(std::string_view word);

// kTimeOut is not a player's choice: the server's clock applies it to the seat to
// move when its time runs out (docs/rules/jaipur.md, "Out of time"), so that a
// game's record replays the end. It is never among LegalMoves().
enum class MoveKind : uint8_t { kTake, kCamels, kExchange, kSell, kTimeOut };

// Card counts packed 4 bits per type (type t in bits 4t..4t+3), so that a move is
// 12 bytes and generating an exchange is one store: random playouts list 18
// exchanges a position on average, and a position can have up to 158.
class PackedCounts {
 public:
  constexpr PackedCounts() = default;
  explicit PackedCounts(const CardCounts& counts);
  int operator[](int type) const { return static_cast<int>((bits_ >> (4 * type)) & 0xf); }
  int Total() const;
  CardCounts Unpack() const;
  uint32_t bits() const { return bits_; }
  static PackedCounts FromBits(uint32_t bits) { PackedCounts p; p.bits_ = bits; return p; }
  bool operator==(const PackedCounts&) const = default;

 private:
  uint32_t bits_ = 0;
};

struct Move {
  MoveKind kind = MoveKind::kCamels;
  Card good = Card::kDiamond;  // kTake, kSell
  uint8_t count = 0;           // kSell: cards sold
  PackedCounts taken;          // kExchange: goods taken from the market
  PackedCounts given;          // kExchange: hand goods and herd camels given

  static constexpr Move Take(Card good) {
    Move m;
    m.kind = MoveKind::kTake;
    m.good = good;
    return m;
  }
  static constexpr Move Camels() { return Move{}; }
  static constexpr Move TimeOut() {
    Move m;
    m.kind = MoveKind::kTimeOut;
    return m;
  }
  static constexpr Move Sell(int count, Card good) {
    Move m;
    m.kind = MoveKind::kSell;
    m.good = good;
    m.count = static_cast<uint8_t>(count);
    return m;
  }
  static Move Exchange(PackedCounts taken, PackedCounts given) {
    Move m;
    m.kind = MoveKind::kExchange;
    m.taken = taken;
    m.given = given;
    return m;
  }
  static Move Exchange(const CardCounts& taken, const CardCounts& given) {
    return Exchange(PackedCounts(taken), PackedCounts(given));
  }
  bool operator==(const Move&) const = default;
};

// Canonical text: "take gold", "camels", "exchange gold spice for leather camel",
// "sell 3 cloth"; "timeout" for MoveKind::kTimeOut.
std::string ToString(const Move& move);
// Parses canonical text; also accepts any case, extra spaces, plural card names,
// "take camels" for "camels", and exchange lists in any order.
Result<Move> ParseMove(std::string_view text);

// The largest number of legal moves a reachable position has is far below this
// (JaipurSimulation in tests/ checks every position it reaches).
inline constexpr int kMaxMoves = 512;

// A fixed-capacity list so that move generation allocates nothing.
using MoveList = FixedList<Move, kMaxMoves>;

struct PlayerState {
  CardCounts hand{};  // goods only: hand[kCamel] stays 0
  // Goods of this hand the opponent has seen arrive (taken from the market) and
  // not seen leave: a public lower bound on hand, per type. Cards dealt or drawn
  // are never known. Search uses it to deal the opponent plausible hands.
  CardCounts known{};
  uint8_t hand_size = 0;
  uint8_t herd = 0;
  uint8_t seals = 0;
  uint8_t num_goods_tokens = 0;
  uint8_t num_bonus_tokens = 0;
  std::array<uint8_t, kNumGoodsTokens> goods_tokens{};  // values, in the order taken
  std::array<uint8_t, kNumBonusTokens> bonus_tokens{};  // values, in the order taken

  int GoodsRupees() const;
  int BonusRupees() const;
  bool operator==(const PlayerState&) const = default;
};

struct RoundResult {
  std::array<int, kNumPlayers> rupees{};
  int camel_token = -1;  // the seat that took it, or -1
  int seal = -1;         // the seat that won the seal, or -1 after a full tie
  bool operator==(const RoundResult&) const = default;
};

struct View;

// How a game is played beyond the rules' fixed parts.
struct Options {
  bool explicit_chance = false;  // see the header comment
  bool operator==(const Options&) const = default;
};

// One outcome of a chance node: the type of the card drawn and its probability.
struct ChanceOutcome {
  Card card = Card::kDiamond;
  double probability = 0;
};
// A chance node has at most one outcome per card type.
using ChanceOutcomeList = FixedList<ChanceOutcome, kNumCardTypes>;
// The cards a round's deal draws: five to each hand, two to the market (beside its
// three camels).
inline constexpr int kCardsDealt = kNumPlayers * kStartingHand + 2;

// The whole state of a game, hidden parts included. Fields are public so that
// loaders and tests can build any position; Validate() says whether it is one the
// rules allow, and every member function expects a valid state.
struct State {
  uint64_t rng = 0;  // the game's PRNG state (deals of later rounds)
  // Rounds are unbounded in principle (full ties give no seal), so 32 bits.
  uint32_t round = 1;
  uint8_t to_move = 0;
  uint8_t round_starter = 0;
  bool game_over = false;
  int8_t winner = -1;
  // The seat that ran out of time (the game ended on a `timeout`, its opponent the
  // winner), or -1.
  int8_t timed_out = -1;
  CardCounts market{};
  CardCounts discard{};
  // The deck is stored bottom first: the top card, drawn next, is deck[deck_size-1].
  std::array<Card, kNumCards> deck{};
  uint8_t deck_size = 0;
  std::array<uint8_t, kNumGoods> tokens_left{};  // goods tokens left on each pile
  // Bonus piles stored bottom first: the next one taken is bonus[p][bonus_left[p]-1].
  std::array<std::array<uint8_t, 7>, kNumBonusPiles> bonus{};
  std::array<uint8_t, kNumBonusPiles> bonus_left{};
  std::array<PlayerState, kNumPlayers> players{};
  std::optional<RoundResult> last_round;
  bool explicit_chance = false;  // Options::explicit_chance
  // explicit_chance only: the single cards still to be drawn, each a chance node,
  // before anyone moves. The next goes to the market when pending_draws is no more
  // than the market's empty places, else (a deal: 12 down to 3) to seat 0's hand while
  // more than 7 are pending, then to seat 1's.
  uint8_t pending_draws = 0;

  // A new game: the seed draws the first player, then round 1 is dealt (with
  // explicit_chance, round 1's deal is left to the chance nodes).
  static State NewGame(uint64_t seed, Options options = {});
  Options options() const {
    Options o;
    o.explicit_chance = explicit_chance;
    return o;
  }

  // Whether the next step is a card drawn by chance (explicit_chance only).
  bool IsChanceNode() const { return pending_draws != 0; }
  // The card types the deck holds, each with its share of the deck (they sum to 1);
  // empty away from a chance node.
  void ChanceOutcomes(ChanceOutcomeList* outcomes) const;
  // The card the deck would give: its top card, as the draw without the option takes
  // it. At a chance node only.
  Card SampleChance() const { return deck[static_cast<size_t>(deck_size - 1)]; }
  // Ok, or why `card` cannot be drawn now: not a chance node, or none left in the deck.
  souk::Status CheckChance(Card card) const;
  // Draws a card of that type (checked by assert only): the topmost one of the deck,
  // moved to the top first, so that SampleChance()'s card leaves the deck as it is.
  void ApplyChance(Card card);

  // Every move the seat to move may choose; never a timeout (see MoveKind). None at a
  // chance node.
  void LegalMoves(MoveList* moves) const;
  // Ok, or an error naming the move and the rule it breaks. A timeout is accepted
  // whenever the game goes on and no card is to be drawn.
  souk::Status CheckMove(const Move& move) const;
  // Plays a legal move (checked by assert only: call CheckMove on untrusted input).
  // Ends, scores and deals rounds as the move requires.
  void ApplyMove(const Move& move);
  // ApplyMove's first half: the move played, nothing more (the turn not passed, a round
  // it ends neither scored nor dealt); whether it ends the round. For the events, which
  // show the table as the round ended (PlayMove).
  bool PlayWithinRound(const Move& move);
  // ApplyMove's second half: the round scored and the next one dealt (or the game
  // ended) when PlayWithinRound said it ended, else the turn passed.
  void FinishMove(bool round_over);

  // Accessors in the rulebook's words.
  Card DeckCardFromTop(int i) const { return deck[static_cast<size_t>(deck_size - 1 - i)]; }
  // Value of the next token of that good, 0 if none.
  int NextGoodsToken(Card good) const {
    const size_t g = static_cast<size_t>(Index(good));
    const int left = tokens_left[g];
    return left == 0 ? 0 : kGoodsTokenValues[g][static_cast<size_t>(kTokensPerGood[g] - left)];
  }
  int NextBonusToken(int pile) const { return bonus_left[pile] ? bonus[pile][bonus_left[pile] - 1] : 0; }
  int EmptyTokenPiles() const {
    int empty = 0;
    for (uint8_t left : tokens_left) empty += left == 0;
    return empty;
  }
  int MarketSize() const;
  // Rupees as the scoring rules count them now: the round's goods and bonus tokens
  // so far; once the game is over, the last round's total, camel token included
  // (after a timeout, the round it cut short: its tokens so far).
  int Score(int player) const {
    if (game_over && timed_out < 0 && last_round) return last_round->rupees[static_cast<size_t>(player)];
    const PlayerState& p = players[static_cast<size_t>(player)];
    return p.GoodsRupees() + p.BonusRupees();
  }

  // Everything `player` may know, and nothing else.
  View ViewFor(int player) const;

  // Checks every invariant of a position reachable under the rules: the 55 cards,
  // 38 goods tokens and 18 bonus tokens accounted for, pile order, hand limit,
  // market size, seals. The message names the first broken one.
  souk::Status Validate() const;

  // Re-deals what `observer` cannot see: the opponent's unknown hand cards and the
  // deck are shuffled together (sizes and known cards kept), unseen bonus tokens are shuffled between the
  // piles and the opponent's tokens of the same pile, and the PRNG state is redrawn.
  // The result has the same ViewFor(observer). Used for tests and search.
  void RandomizeHidden(int observer, Prng& prng);

  // A state that `view` could be taken from, its hidden parts dealt at random
  // consistently with the view: the opponent's unknown hand cards and the deck from
  // the unseen cards, the unseen bonus tokens between the piles and the opponent.
  // Search samples its worlds with this, so that it never touches a real State.
  static State FromView(const View& view, Prng& prng);

  // Equal positions: compares the live part of the deck and bonus piles only.
  bool operator==(const State& other) const;

 private:
  void DealRound();
  // false when the deck ran out before the market was full; with explicit_chance a
  // refill the deck can complete is left to the chance nodes.
  bool Refill();
  void DrawAtDeal(Card card, int drawn);  // the deal's card number `drawn` (from 0)
  void EndRound();
};

// A player's knowledge of the game: the public state plus their own hand and
// bonus token values. Bots and clients are given this, never a State.
struct View {
  struct Opponent {
    uint8_t hand_size = 0;
    std::array<uint8_t, kNumBonusPiles> bonus_counts{};  // tokens taken from each pile
    bool operator==(const Opponent&) const = default;
  };

  int viewer = 0;
  int round = 1;
  int to_move = 0;
  int round_starter = 0;
  bool game_over = false;
  int winner = -1;
  int timed_out = -1;  // State::timed_out: public
  bool explicit_chance = false;  // State::explicit_chance: public
  int pending_draws = 0;         // State::pending_draws: public
  CardCounts market{};
  CardCounts discard{};
  int deck_size = 0;
  std::array<uint8_t, kNumGoods> tokens_left{};
  std::array<uint8_t, kNumBonusPiles> bonus_left{};
  CardCounts hand{};                               // the viewer's goods
  std::array<CardCounts, kNumPlayers> known{};     // public: PlayerState::known
  std::array<uint8_t, kNumPlayers> herd{};         // public
  std::array<uint8_t, kNumPlayers> seals{};        // public
  std::array<std::array<uint8_t, kNumGoodsTokens>, kNumPlayers> goods_tokens{};  // public
  std::array<uint8_t, kNumPlayers> num_goods_tokens{};
  std::array<uint8_t, kNumBonusTokens> bonus_tokens{};  // the viewer's own values
  uint8_t num_bonus_tokens = 0;
  Opponent opponent;
  std::optional<RoundResult> last_round;

  // What a player's rupees are made of, as far as this view may tell.
  struct Purse {
    int goods = 0;  // goods tokens: public
    int bonus = 0;  // bonus tokens: the viewer's own; the opponent's once a score announced them
    int camel = 0;  // the camel token, once a round was scored
    int total = 0;
  };
  // `player`'s rupees in the round being played: goods tokens, and bonus tokens for
  // the viewer (the opponent's are hidden until the round is scored).
  Purse RoundPurse(int player) const;
  // After the game's end, `player`'s score in its last round, broken down. The
  // opponent's bonus is what the announced total leaves after the public tokens:
  // the values were hidden, their sum is not once the total is told.
  Purse FinalRoundPurse(int player) const;

  bool operator==(const View&) const = default;
};

}  // namespace souk::jaipur
