// A game's time control (docs/clocks.md): none; real time, a base per seat and a Fischer
// increment; or turn-based, a deadline for each turn. Only arithmetic on times given to
// it: the server measures when each move arrived, and nothing here reads a clock.
#pragma once

#include <cstdint>
#include <string>

#include "core/status.h"

namespace souk::clock {

struct TimeControl {
  enum class Kind : uint8_t { kNone, kRealTime, kTurnBased };
  Kind kind = Kind::kNone;
  int64_t base_ms = 0;       // kRealTime: each seat's time at the start
  int64_t increment_ms = 0;  // kRealTime: added to a seat's time as its turn ends
  int64_t per_move_ms = 0;   // kTurnBased: the time each turn has

  bool has_clock() const { return kind != Kind::kNone; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// The limits a time control is checked against (docs/clocks.md). A base of minutes to
// three hours covers blitz to long games; an increment over three minutes would make a
// real-time game a turn-based one, which has its own kind.
inline constexpr int64_t kMinBaseS = 1;
inline constexpr int64_t kMaxBaseS = 3 * 3600;
inline constexpr int64_t kMaxIncrementS = 180;
// Turn-based: 12 hours, or 1, 2 or 3 days, in half days (1, 2, 4 or 6).
inline constexpr int64_t kHalfDayMs = int64_t{12} * 3600 * 1000;

// A real-time control of `base_s` seconds and `increment_s` seconds a turn; an
// invalid_argument Status coded bad_clock naming the field and its range otherwise.
Result<TimeControl> RealTime(int64_t base_s, int64_t increment_s);
// A turn-based control of `days_per_move` days (0.5, 1, 2 or 3); bad_clock otherwise.
Result<TimeControl> TurnBased(double days_per_move);

// "5+3", "2 days a move", "12 hours a move", "no clock": for people and logs.
std::string Describe(const TimeControl& control);

}  // namespace souk::clock
