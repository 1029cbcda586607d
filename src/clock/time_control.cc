#include "clock/time_control.h"

#include <cmath>

namespace souk::clock {

Result<TimeControl> RealTime(int64_t base_s, int64_t increment_s) {
  if (base_s < kMinBaseS || base_s > kMaxBaseS)
    return Status::Coded(ErrorCode::kBadClock, "clock: base_s must be from " + std::to_string(kMinBaseS) + " to " +
                                                   std::to_string(kMaxBaseS) + " seconds, got " +
                                                   std::to_string(base_s));
  if (increment_s < 0 || increment_s > kMaxIncrementS)
    return Status::Coded(ErrorCode::kBadClock, "clock: increment_s must be from 0 to " +
                                                   std::to_string(kMaxIncrementS) + " seconds, got " +
                                                   std::to_string(increment_s));
  TimeControl control;
  control.kind = TimeControl::Kind::kRealTime;
  control.base_ms = base_s * 1000;
  control.increment_ms = increment_s * 1000;
  return control;
}

Result<TimeControl> TurnBased(double days_per_move) {
  const double half_days = days_per_move * 2;
  const bool allowed = std::isfinite(half_days) && (half_days == 1 || half_days == 2 || half_days == 4 || half_days == 6);
  if (!allowed)
    return Status::Coded(ErrorCode::kBadClock, "clock: days_per_move must be 0.5 (12 hours), 1, 2 or 3");
  TimeControl control;
  control.kind = TimeControl::Kind::kTurnBased;
  control.per_move_ms = static_cast<int64_t>(half_days) * kHalfDayMs;
  return control;
}

std::string Describe(const TimeControl& control) {
  switch (control.kind) {
    case TimeControl::Kind::kNone:
      return "no clock";
    case TimeControl::Kind::kRealTime: {
      // Minutes when whole ("5+3"), else seconds ("90s+2").
      const int64_t base_s = control.base_ms / 1000;
      std::string base = base_s % 60 == 0 ? std::to_string(base_s / 60) : std::to_string(base_s) + "s";
      return base + "+" + std::to_string(control.increment_ms / 1000);
    }
    case TimeControl::Kind::kTurnBased:
      if (control.per_move_ms == kHalfDayMs) return "12 hours a move";
      if (control.per_move_ms == 2 * kHalfDayMs) return "1 day a move";
      return std::to_string(control.per_move_ms / (2 * kHalfDayMs)) + " days a move";
  }
  return "no clock";
}

}  // namespace souk::clock
