// Every Jaipur move as a number that means the same move in every state: the fixed
// action space that learning code works in (policy outputs, masks, replay data).
//
//   0 to 5     take one good: diamond, gold, silver, cloth, spice, leather
//   6          take the camels
//   7 to 48    sell: 7 + 7 * good + (count - 1), good as above, count 1 to 7
//   49 on      exchanges: by the number of cards k (2 to 5), then the goods taken,
//              then the cards given, each as its canonical list of cards in
//              lexicographic order of card indices (diamond 0 ... camel 6); the
//              goods given never include one taken (the rules forbid it)
//   after them  with explicit_chance, a chance node's outcomes: NumDistinctActions()
//               + the card type drawn (diamond 0 ... camel 6), kNumCardTypes ids
//
// Every legal move has an id; not every id is legal in a given state (a sale of 7
// diamonds never is). The ids are documented in docs/python.md; changing them
// changes every dataset made with them, so they never change.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/jaipur/jaipur.h"

namespace souk::jaipur {

inline constexpr int kFirstTakeAction = 0;
inline constexpr int kCamelsAction = 6;
inline constexpr int kFirstSellAction = 7;
inline constexpr int kMaxSaleCount = kHandLimit;
inline constexpr int kFirstExchangeAction = kFirstSellAction + kNumGoods * kMaxSaleCount;  // 49

// The size of the action space (ids 0 to NumDistinctActions() - 1).
int NumDistinctActions();
// The id of a move; -1 for a move outside the table (a count no rule allows: a sale
// of more than 7 cards, an exchange of more than 5 or of a good for itself), and for a
// timeout, which is never a legal move.
int ActionOf(const Move& move);
// The ids of many moves, each as ActionOf gives it: a position's legal moves in one
// call, for the Python library's vectorised environments.
void ActionsOf(std::span<const Move> moves, int32_t* out);
// The move of an id in [0, NumDistinctActions()).
Move MoveOf(int action);

// The id of drawing a card of that type at a chance node (explicit_chance), and back:
// the type drawn, or nullopt for an id that is no chance outcome.
int ChanceActionOf(Card card);
std::optional<Card> ChanceCardOf(int action);

}  // namespace souk::jaipur
