#include "format/game.h"

#include <array>

#include "format/game_modules.h"
#include "format/jaipur_json.h"
#include "format/marrakech_json.h"

namespace souk {
namespace {

const std::array<const GameModule*, 2>& Modules() {
  static const std::array<const GameModule*, 2> modules = {&kJaipurModule, &kMarrakechModule};
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

}  // namespace

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

Result<std::unique_ptr<GameState>> LoadStateText(std::string_view text) {
  auto json = ParseJson(text);
  if (!json.ok()) return json.status();
  return LoadState(*json);
}

}  // namespace souk
