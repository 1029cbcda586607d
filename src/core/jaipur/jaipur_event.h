// What one Jaipur move did, as the rules saw it: the cards taken and given, the
// goods tokens and the bonus won, how the round ended. Everything that tells a move
// (the terminal's words, the server's events, the web app's log) reads this
// instead of re-deriving the rules from two states.
//
// An event holds one secret: the value of a bonus token taken, which only its
// taker may see (ForViewer blanks it for anyone else). The rest is public: both
// players and spectators see the market, the token piles and the round's score.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/jaipur/jaipur.h"

namespace souk::jaipur {

struct RoundEnd {
  RoundResult result;  // rupees, camel token, seal
  // Each player's rupees broken down: goods tokens (the round-ending sale's
  // included), bonus tokens, and the camel token.
  std::array<int, kNumPlayers> goods{}, bonus{}, camel{};
  // What decided the camel token and the tie-breaks: each player's herd and number
  // of bonus tokens when the round was scored.
  std::array<int, kNumPlayers> herds{}, bonus_tokens{};
  // The table as the round ended, before it was scored and the next round dealt (the
  // market refilled, the seals not yet given), as each seat saw it. Clients show the
  // round's last state from this: the next view is already the next deal. ForViewer
  // blanks every hand and bonus value but the viewer's.
  std::array<View, kNumPlayers> tables{};
  bool operator==(const RoundEnd&) const = default;
};

struct MoveEvent {
  int seat = 0;
  Move move;
  int camels = 0;  // kCamels: how many the market held
  // kSell: the goods tokens won, top of the pile first (fewer than the cards sold
  // when the pile ran short).
  std::array<uint8_t, kHandLimit> tokens{};
  int num_tokens = 0;
  bool bonus = false;     // kSell: a bonus token was taken
  int bonus_value = 0;    // its value; 0 for whoever may not see it
  std::optional<RoundEnd> round_end;  // the move ended a round (never a timeout's)
  // Set after a move that ended the game; a kTimeOut move always does, `seat` being
  // the seat that ran out of time and `winner` the other.
  bool game_over = false;
  int winner = -1;

  int TokensTotal() const;
  bool operator==(const MoveEvent&) const = default;
};

// Plays a legal move (asserted, as State::ApplyMove) and tells what it did.
MoveEvent PlayMove(State& state, const Move& move);

// The event as `viewer` may see it (-1: a spectator): the bonus value is the
// seller's alone, and a round's end table shows only the viewer's own hand and bonus
// values.
MoveEvent ForViewer(MoveEvent event, int viewer);

}  // namespace souk::jaipur
