#include "format/game.h"

#include <array>

#include "core/text.h"
#include "format/game_modules.h"

namespace souk {
namespace {

const std::array<const GameModule*, 2>& Modules() {
  static const std::array<const GameModule*, 2> modules = {&kJaipurModule, &kMarrakechModule};
  return modules;
}

const GameModule* Find(std::string_view name) {
  for (const GameModule* m : Modules())
    if (m->name == name) return m;
  return nullptr;
}

std::string UnknownGame(std::string_view name) {
  std::string known;
  for (const auto& n : GameNames()) known += (known.empty() ? "" : ", ") + n;
  return "unknown game " + Quoted(name) + " (games: " + known + ")";
}

}  // namespace

std::vector<std::string> GameNames() {
  std::vector<std::string> names;
  for (const GameModule* m : Modules()) names.emplace_back(m->name);
  return names;
}

Result<std::unique_ptr<GameState>> NewGame(const GameOptions& options) {
  const GameModule* module = Find(options.game);
  if (!module) return Status::Error(UnknownGame(options.game));
  return module->create(options);
}

Result<std::unique_ptr<GameState>> LoadState(const Json& json) {
  if (!json.is_object()) return Status::Error("state: expected a JSON object");
  auto it = json.find("game");
  if (it == json.end()) return Status::Error("state: missing key \"game\"");
  if (!it->is_string()) return Status::Error("game: expected a string");
  const GameModule* module = Find(it->get<std::string>());
  if (!module) return Status::Error("game: " + UnknownGame(it->get<std::string>()));
  return module->load(json);
}

Result<std::unique_ptr<GameState>> LoadStateText(std::string_view text) {
  auto json = ParseJson(text);
  if (!json.ok()) return json.status();
  return LoadState(*json);
}

}  // namespace souk
