// OpenSpiel's ways of naming a game with its parameters, for souk.load_game: the game
// string "marrakech(players=3,variant=single_colour)" and the parameter dict
// {"players": 3}; and back, a game's parameters and its game string.
#include <cctype>

#include "python/bindings.h"

namespace souk::python {
namespace {

std::string Trimmed(std::string_view text) {
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return std::string(text.substr(begin, end - begin));
}

const GameType& TypeOrThrow(std::string_view name) { return *Value(GameTypeOrError(name)); }

// Jaipur's one option of its own (jaipur::Options, docs/rules/jaipur.md): each card
// drawn is a chance node.
constexpr std::string_view kExplicitChance = "explicit_chance";

// The game's parameters, in order: `players` for every game (the registry judges the
// count), `variant` for a game that has variants, `explicit_chance` for Jaipur.
std::vector<std::string> ParameterNames(const GameType& type) {
  std::vector<std::string> names = {"players"};
  if (!type.variants.empty()) names.push_back("variant");
  if (HasExplicitChanceOption(&type)) names.emplace_back(kExplicitChance);
  return names;
}

// A boolean written in a game string: OpenSpiel writes true and false.
bool BoolOfText(std::string_view key, const std::string& value) {
  if (value == "true" || value == "True" || value == "1") return true;
  if (value == "false" || value == "False" || value == "0") return false;
  ThrowInvalid(std::string(key) + " must be true or false, got '" + value + "'");
}

[[noreturn]] void ThrowUnknownParameter(const GameType& type, std::string_view key) {
  std::string known;
  for (const std::string& name : ParameterNames(type)) known += (known.empty() ? "" : ", ") + name;
  ThrowInvalid(std::string(type.name) + " has no parameter '" + std::string(key) + "' (it has: " + known + ")");
}

bool IsParameter(const GameType& type, std::string_view key) {
  for (const std::string& name : ParameterNames(type))
    if (name == key) return true;
  return false;
}

}  // namespace

Game GameOfString(std::string_view text) {
  const size_t open = text.find('(');
  const std::string name = Trimmed(text.substr(0, open));
  if (open == std::string_view::npos) return Value(LoadGame(name, 0, ""));
  const GameType& type = TypeOrThrow(name);
  std::string_view inside = text.substr(open + 1);
  if (inside.empty() || inside.back() != ')' || inside.substr(0, inside.size() - 1).find_first_of("()") != std::string_view::npos)
    ThrowInvalid("game string '" + std::string(text) + "': expected name(key=value,...)");
  inside.remove_suffix(1);
  py::dict params;
  while (!Trimmed(inside).empty()) {
    const size_t comma = inside.find(',');
    const std::string_view pair = inside.substr(0, comma);
    const size_t equals = pair.find('=');
    const std::string key = Trimmed(pair.substr(0, equals));
    if (equals == std::string_view::npos || key.empty())
      ThrowInvalid("game string '" + std::string(text) + "': '" + Trimmed(pair) + "' is not key=value");
    if (params.contains(key)) ThrowInvalid("game string '" + std::string(text) + "': '" + key + "' given twice");
    const std::string value = Trimmed(pair.substr(equals + 1));
    if (!IsParameter(type, key)) ThrowUnknownParameter(type, key);
    if (key == "players") {
      const bool digits = !value.empty() && value.size() <= 9 &&
                          std::all_of(value.begin(), value.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
      if (!digits) ThrowInvalid("players must be an int, got '" + value + "'");
      params[py::str(key)] = py::int_(std::stoi(value));
    } else if (key == kExplicitChance) {
      params[py::str(key)] = py::bool_(BoolOfText(key, value));
    } else {
      params[py::str(key)] = py::str(value);
    }
    if (comma == std::string_view::npos) break;
    inside.remove_prefix(comma + 1);
  }
  return GameOfParams(name, params);
}

Game GameOfParams(std::string_view name, const py::dict& params) {
  const GameType& type = TypeOrThrow(name);
  int players = 0;
  std::string variant;
  bool explicit_chance = false;
  for (const auto& [key_object, value] : params) {
    if (!py::isinstance<py::str>(key_object))
      throw py::type_error("a game parameter's name must be a str, got " +
                           std::string(py::str(py::type::of(key_object).attr("__name__"))));
    const std::string key = key_object.cast<std::string>();
    if (!IsParameter(type, key)) ThrowUnknownParameter(type, key);
    if (key == "players") {
      if (PyBool_Check(value.ptr())) throw py::type_error("players must be an int, got bool");
      const std::optional<int64_t> count = Int64Of(value, "players");
      players = count && *count >= -1000 && *count <= 1000 ? static_cast<int>(*count) : 1000;
    } else if (key == kExplicitChance) {
      if (!PyBool_Check(value.ptr()))
        throw py::type_error("explicit_chance must be a bool, got " + std::string(py::str(py::type::of(value).attr("__name__"))));
      explicit_chance = value.cast<bool>();
    } else {
      if (!py::isinstance<py::str>(value))
        throw py::type_error("variant must be a str, got " + std::string(py::str(py::type::of(value).attr("__name__"))));
      variant = value.cast<std::string>();
    }
  }
  return Value(LoadGame(name, players, variant, explicit_chance));
}

py::dict GameParameters(const Game& game) {
  py::dict params;
  params["players"] = game.players;
  if (!game.type->variants.empty()) params["variant"] = game.variant;
  if (HasExplicitChanceOption(game.type)) params[py::str(kExplicitChance)] = game.explicit_chance;
  return params;
}

py::dict ParameterSpecification(const GameType& type) {
  py::dict spec;
  spec["players"] = type.default_players;
  if (!type.variants.empty()) spec["variant"] = std::string();
  if (HasExplicitChanceOption(&type)) spec[py::str(kExplicitChance)] = false;
  return spec;
}

std::string GameString(const Game& game) {
  std::string text(game.type->name);
  text += "(players=" + std::to_string(game.players);
  if (!game.variant.empty()) text += ",variant=" + game.variant;
  if (game.explicit_chance) text += ",explicit_chance=true";
  return text + ")";
}

}  // namespace souk::python
