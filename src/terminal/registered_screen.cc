#include "terminal/registered_screen.h"

#include "core/game_type.h"
#include "format/json.h"

namespace souk::terminal {
namespace {

// A value in plain words: text unquoted, null as "?" (what the viewer may not know),
// arrays as lists.
std::string Plain(const Json& value) {
  if (value.is_null()) return "?";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::string text;
    for (const Json& item : value) text.append(text.empty() ? "" : ", ").append(Plain(item));
    return text.insert(0, 1, '[') + ']';
  }
  if (value.is_object()) {
    std::string text;
    for (const auto& [key, item] : value.items()) text.append(text.empty() ? "" : ", ").append(key).append(" ").append(Plain(item));
    return text.insert(0, 1, '{') + '}';
  }
  return value.dump();
}

std::string SeatName(const Json& seat, const std::vector<std::string>& names) {
  if (!seat.is_number_integer()) return Plain(seat);
  const int s = seat.get<int>();
  if (s >= 0 && static_cast<size_t>(s) < names.size()) return names[static_cast<size_t>(s)];
  return std::string("seat ").append(std::to_string(s + 1));
}

}  // namespace

std::string RenderRegistered(const RegisteredView& view, const std::vector<std::string>& names, const Style& style) {
  const GameType* type = FindGameType(view.game);
  std::string screen = style.Bold(type ? std::string(style.tr(std::string(type->display_name).c_str(),
                                                             std::string(type->display_name_fr).c_str()))
                                       : view.game) +
                       "\n";
  const Json json = Json::parse(view.json);
  for (const auto& [key, value] : json.items()) {
    if (key == "game") continue;
    const bool seat_key = key == "viewer" || key == "to_move" || key == "winner";
    screen.append("  ").append(key).append(": ").append(seat_key ? SeatName(value, names) : Plain(value)).append("\n");
  }
  return screen;
}

std::vector<std::string> TellRegisteredMove(const RegisteredEvent& event, int you, const std::vector<std::string>& names) {
  const Json json = Json::parse(event.For(you));
  // "Bob: bet", then the other keys: "Bob: call; winner: Ann, chips: 2, cards: [K, Q]".
  std::string line = json.contains("seat") ? SeatName(json["seat"], names) + ":" : "";
  if (json.contains("move")) line.append(" ").append(Plain(json["move"]));
  std::string rest;
  for (const auto& [key, value] : json.items()) {
    if (key == "seat" || key == "move") continue;
    rest.append(rest.empty() ? "" : ", ").append(key).append(": ").append(key == "winner" ? SeatName(value, names) : Plain(value));
  }
  if (!rest.empty()) line.append(line.empty() ? "" : "; ").append(rest);
  return {line};
}

}  // namespace souk::terminal
