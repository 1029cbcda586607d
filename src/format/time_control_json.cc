#include "format/time_control_json.h"

#include <limits>
#include <string>

namespace souk {
namespace {

Status Bad(const std::string& message) { return Status::Coded(ErrorCode::kBadClock, "clock: " + message); }

// A key as a message may quote it: JSON-escaped, and cut short (it is the client's).
std::string Quoted(const std::string& key) {
  return DumpJson(Json(key.size() > 40 ? key.substr(0, 40) + "..." : key));
}

// Whole seconds, as a signed number (a huge unsigned one is out of every range anyway).
Result<int64_t> Seconds(const Json& object, const char* key) {
  const Json& value = object.at(key);
  if (!value.is_number_integer()) return Bad(std::string(key) + " must be a whole number of seconds");
  if (value.is_number_unsigned() && value.get<uint64_t>() > uint64_t{std::numeric_limits<int64_t>::max()})
    return Bad(std::string(key) + " is out of range");
  return value.get<int64_t>();
}

}  // namespace

Result<clock::TimeControl> TimeControlFromJson(const Json& value) {
  if (value.is_null()) return clock::TimeControl{};
  if (!value.is_object())
    return Bad(R"(must be {"base_s": N, "increment_s": N} (real time) or {"days_per_move": N} (turn-based))");
  for (const auto& [key, member] : value.items()) {
    if (key != "base_s" && key != "increment_s" && key != "days_per_move") return Bad("unknown key " + Quoted(key));
  }
  const bool turn_based = value.contains("days_per_move");
  if (turn_based && (value.contains("base_s") || value.contains("increment_s")))
    return Bad("real time (base_s, increment_s) or turn-based (days_per_move), not both");
  if (turn_based) {
    const Json& days = value.at("days_per_move");
    if (!days.is_number()) return Bad("days_per_move must be a number: 0.5, 1, 2 or 3");
    return clock::TurnBased(days.get<double>());
  }
  if (!value.contains("base_s")) return Bad("base_s is missing");
  auto base = Seconds(value, "base_s");
  if (!base.ok()) return base.status();
  int64_t increment = 0;
  if (value.contains("increment_s")) {
    auto given = Seconds(value, "increment_s");
    if (!given.ok()) return given.status();
    increment = *given;
  }
  return clock::RealTime(*base, increment);
}

Json TimeControlToJson(const clock::TimeControl& control) {
  switch (control.kind) {
    case clock::TimeControl::Kind::kNone:
      return nullptr;
    case clock::TimeControl::Kind::kRealTime:
      return Json{{"base_s", control.base_ms / 1000}, {"increment_s", control.increment_ms / 1000}};
    case clock::TimeControl::Kind::kTurnBased: {
      const int64_t half_days = control.per_move_ms / clock::kHalfDayMs;
      return half_days == 1 ? Json{{"days_per_move", 0.5}} : Json{{"days_per_move", half_days / 2}};
    }
  }
  return nullptr;
}

}  // namespace souk
