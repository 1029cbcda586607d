#include "format/game.h"

#include <vector>

#include "format/engine_game.h"
#include "format/game_modules.h"
#include "format/jaipur_json.h"
#include "format/marrakech_json.h"
#include "format/registered_game.h"

namespace souk {
namespace {

// Read after main starts; written only before, by RegisterGameModule.
std::vector<const GameModule*>& Modules() {
  static std::vector<const GameModule*> modules = {&kJaipurModule, &kMarrakechModule};
  return modules;
}

// The module of a game of the registry, or an error naming the known games.
Result<const GameModule*> Find(std::string_view name) {
  auto type = GameTypeOrError(name);
  if (!type.ok()) return type.status();
  for (const GameModule* m : Modules())
    if (m->type == *type) return m;
  return Status::Internal("game '" + std::string(name) + "' has no state format");
}

// A JSON value in an error message: compact, ASCII, cut short.
std::string Brief(const Json& value) {
  std::string text = value.dump(-1, ' ', true);
  return text.size() > 40 ? text.substr(0, 40) + "..." : text;
}

}  // namespace

bool RegisterGameModule(const GameModule& module) {
  for (const GameModule* m : Modules())
    if (m->type == module.type) return false;
  Modules().push_back(&module);
  return true;
}

const ActionCodec* ActionCodecOf(const GameType* type) {
  for (const GameModule* m : Modules())
    if (m->type == type) return m->actions;
  return nullptr;
}

// Where `given` disagrees with `printed`, what `souk view` prints for the view read
// from it, as "PATH: what" ("" when it agrees). Keys may come in any order, and keys
// `souk view` does not print are ignored, as every loader ignores them
// (docs/formats.md); a key it prints must be there, with the value it prints (the
// reader does not read the derived ones, such as the viewer's `hand_size`).
std::string ViewDisagreement(const Json& printed, const Json& given, const std::string& path) {
  const std::string where = path.empty() ? "(top level)" : path;
  if (printed.is_object()) {
    if (!given.is_object()) return where + ": expected an object";
    for (const auto& [key, value] : printed.items()) {
      auto found = given.find(key);
      if (found == given.end())
        return where + ": missing key \"" + key + "\" (`souk view` prints " + Brief(value) + ")";
      std::string inner = ViewDisagreement(value, *found, json_in::Join(path, key));
      if (!inner.empty()) return inner;
    }
    return {};
  }
  if (printed.is_array() && given.is_array() && printed.size() == given.size()) {
    for (size_t i = 0; i < printed.size(); ++i) {
      std::string inner = ViewDisagreement(printed[i], given[i], json_in::Join(path, i));
      if (!inner.empty()) return inner;
    }
    return {};
  }
  if (printed == given) return {};
  return where + ": " + Brief(given) + " disagrees with the rest of the view (`souk view` prints " + Brief(printed) +
         ")";
}

ViewFacts FactsOf(const AnyView& view) {
  return std::visit([](const auto& v) { return FactsOfView(v); }, view);
}

Json ViewJson(const AnyView& view) {
  return std::visit([](const auto& v) { return ViewToJson(v); }, view);
}

std::vector<std::string> LegalMoveTexts(const AnyView& view) {
  return std::visit([](const auto& v) { return LegalMovesOfView(v); }, view);
}

std::vector<std::string> GameNames() { return GameTypeNames(); }

Result<std::unique_ptr<GameState>> NewGame(const GameOptions& options) {
  auto module = Find(options.game);
  if (!module.ok()) return module.status();
  return (*module)->create(options);
}

Result<std::unique_ptr<GameState>> LoadState(const Json& json) {
  if (!json.is_object()) return Status::Error("state: expected a JSON object");
  auto it = json.find("game");
  if (it == json.end()) return Status::Error("state: missing key \"game\"");
  if (!it->is_string()) return Status::Error("game: expected a string");
  auto module = Find(it->get<std::string>());
  if (!module.ok()) return module.status().Prefixed("game: ");
  return (*module)->load(json);
}

Result<AnyView> LoadView(const Json& json) {
  if (!json.is_object()) return Status::Error("view: expected a JSON object");
  auto it = json.find("game");
  if (it == json.end() || !it->is_string()) return Status::Error("view: game: expected a string");
  auto type = FindGameType(it->get<std::string>());
  if (!type) return Status::Error("view: game: unknown game '" + it->get<std::string>().substr(0, 40) + "'");
  auto module = Find(type->name);
  if (!module.ok()) return module.status();
  return (*module)->load_view(json);
}

Result<std::unique_ptr<GameState>> LoadStateText(std::string_view text) {
  auto json = ParseJson(text);
  if (!json.ok()) return json.status();
  return LoadState(*json);
}

}  // namespace souk
