// What one Marrakech move did, as the rules saw it: Assam's turn, his walk step by
// step (the border arcs included), the tribute paid and to whom over which squares,
// who went out, where a carpet went, and the game's end. Everything that tells a
// move (the terminal's words, the server's events, the web app's log) reads this
// instead of re-deriving the rules from two states. Nothing in it is hidden: the
// piles' order never shows in a move.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/marrakech/marrakech.h"

namespace souk::marrakech {

struct Tribute {
  int from = 0;
  int to = 0;
  int amount = 0;        // what was paid: all the payer had when they went out
  uint64_t squares = 0;  // the carpet group paid for, a bit per square
  bool operator==(const Tribute&) const = default;
};

struct MoveEvent {
  int seat = 0;  // the mover (the roller, for a roll)
  Move move;
  // kRoll: Assam after each step; the last is where he stopped.
  std::array<Position, 4> path{};
  int path_length = 0;
  std::optional<Tribute> tribute;
  // kRoll on another player's carpet: the tribute owed, the size of its group,
  // whether it was paid in full (tribute), in part or not at all (out).
  int tribute_due = 0;
  uint8_t out = 0;  // a bit per seat this move put out of the game
  bool game_over = false;
  uint8_t winners = 0;  // a bit per seat, once the game is over

  Position Stop() const { return path_length ? path[static_cast<size_t>(path_length - 1)] : Position{}; }
  bool operator==(const MoveEvent&) const = default;
};

// Plays a legal move (asserted, as State::ApplyMove) and tells what it did.
MoveEvent PlayMove(State& state, const Move& move);

}  // namespace souk::marrakech
