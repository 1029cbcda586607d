// A time control as the API and the records write it (docs/clocks.md):
// {"base_s": 300, "increment_s": 3} (real time), {"days_per_move": 2} (turn-based), or
// null (no clock).
#pragma once

#include "clock/time_control.h"
#include "core/status.h"
#include "format/json.h"

namespace souk {

// The time control `value` writes (null: none). Anything else, a missing base, an
// unknown key, both kinds at once, a fraction of a second, a value out of its limits,
// is refused coded bad_clock, the message naming the key.
Result<clock::TimeControl> TimeControlFromJson(const Json& value);
// What TimeControlFromJson reads back to the same control.
Json TimeControlToJson(const clock::TimeControl& control);

}  // namespace souk
