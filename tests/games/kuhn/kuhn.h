// Kuhn poker, the tests' own game: a third game that Souk does not ship, linked only
// into test binaries, so that every layer is shown to work for a game it knows only
// through the registry (docs/architecture.md, "A game of the tests").
//
// The rules (H. W. Kuhn, 1950, as OpenSpiel's kuhn_poker):
//  1. Two players; a deck of three cards, Jack < Queen < King.
//  2. Each player puts one chip in the pot (the ante).
//  3. Each is dealt one card face down from the shuffled deck; the third card is set
//     aside unseen. A player sees their own card only.
//  4. Seat 0 acts first: pass, or bet one chip.
//  5. After a pass, seat 1 may pass, or bet one chip.
//  6. After pass, bet: seat 0 may fold, or call (put in one chip).
//  7. After a bet first: seat 1 may fold, or call.
//  8. A fold ends the hand: the other player wins the pot, and no card is shown.
//  9. Pass, pass, or a call ends the hand in a showdown: both cards are shown and the
//     higher card wins the pot.
// 10. A player's score is the chips won from the other: what the loser put in.
// 11. A game is one hand; its winner is the one who won the pot.
// 12. The deal is the game's seed's: the same seed deals the same cards.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/prng.h"
#include "core/status.h"

namespace souk::kuhn {

enum class Card : uint8_t { kJack, kQueen, kKing };
enum class Action : uint8_t { kPass, kBet, kCall, kFold };

inline constexpr int kNumPlayers = 2;
inline constexpr int kMaxActions = 3;

std::string_view CardName(Card card);  // "J", "Q", "K"
std::optional<Card> CardOf(std::string_view name);
std::string_view ActionName(Action action);  // "pass", "bet", "call", "fold"
// The message names the word and the moves there are.
Result<Action> ParseAction(std::string_view text);

struct State {
  std::array<Card, kNumPlayers> cards{};
  Card set_aside = Card::kKing;
  std::array<Action, kMaxActions> history{};
  int num_actions = 0;

  // The seed's deal (rule 12).
  static State Deal(uint64_t seed);

  bool over() const;
  int to_move() const;  // the seat to act; meaningless once over
  bool folded() const;  // ended by a fold (no card shown)
  bool showdown() const { return over() && !folded(); }
  int winner() const;  // -1 while the hand goes on
  // Chips each seat has put in the pot.
  std::array<int, kNumPlayers> stakes() const;
  // Chips won (+) or lost (-) by each seat; zeros while the hand goes on.
  std::array<int, kNumPlayers> scores() const;

  std::vector<Action> LegalActions() const;
  // Ok, or why `action` may not be played now.
  Status Check(Action action) const;
  void Apply(Action action);  // a checked action
  // The cards distinct and the actions a hand can have played.
  Status Validate() const;
};

}  // namespace souk::kuhn
