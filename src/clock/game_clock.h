// The clocks of one game (docs/clocks.md): each seat's time left, whose turn it is and
// when that turn began. Told each action with the time the server received it, and
// nothing else: replaying a game's stored times gives the same clocks on any instance
// and after a restart. Times are Unix milliseconds, given, never read here.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "clock/time_control.h"
#include "core/status.h"

namespace souk::clock {

class GameClock {
 public:
  // An action this long past the seat's time still counts: what the network took to
  // bring it. The boundary is inclusive: at exactly time left + grace, in time. Not for
  // a turn that begins with no time left (GraceMs).
  static constexpr int64_t kGraceMs = 1000;

  GameClock() = default;  // no clock: every action is in time
  // The clocks at the game's start, `start_ms`, with `first_to_move` to move.
  GameClock(const TimeControl& control, int num_seats, int64_t start_ms, int first_to_move);

  const TimeControl& control() const { return control_; }
  // A clock counts: a time control, and a seat to move.
  bool running() const { return control_.has_clock() && to_move_ >= 0; }
  int to_move() const { return to_move_; }
  int64_t turn_started_ms() const { return turn_started_ms_; }

  // Whether the seat to move may still act at `now_ms`.
  bool InTime(int64_t now_ms) const;
  // The first instant at which the seat to move is out of time; nothing when not running.
  std::optional<int64_t> FlagAtMs() const;
  // Turn-based: when the seat to move's turn ends (its grace aside); nothing otherwise.
  std::optional<int64_t> DeadlineMs() const;

  // The seat to move acted at `now_ms`. It is charged the time since its turn began (a
  // time before that counts as none: instances' clocks differ a little), its time left
  // floored at 0 within the grace; when `next_to_move` is another seat (-1 when nobody
  // is, the game over) its turn ends: real time adds the increment, turn-based starts
  // the next seat's turn afresh. Too late, it is refused, coded out_of_time, and nothing
  // changes.
  Status Act(int64_t now_ms, int next_to_move);
  // The seat to move was found out of time at `now_ms` (at or after FlagAtMs()): its
  // time is 0, and `next_to_move`'s turn begins at `now_ms` (-1: nobody's).
  void Flag(int64_t now_ms, int next_to_move);

  // Each seat's milliseconds left at `now_ms`, the seat to move's counting down and
  // floored at 0; turn-based, the others have a whole turn. Empty without a clock.
  std::vector<int64_t> LeftAt(int64_t now_ms) const;

 private:
  int64_t ElapsedAt(int64_t now_ms) const;
  int64_t GraceMs() const { return turn_has_grace_ ? kGraceMs : 0; }
  void StartTurn(int64_t now_ms, int seat);

  TimeControl control_;
  std::vector<int64_t> left_;  // at the start of the current turn
  int to_move_ = -1;
  int64_t turn_started_ms_ = 0;
  bool turn_has_grace_ = true;  // the seat to move began its turn with time left
};

}  // namespace souk::clock
