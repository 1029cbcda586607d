#include "engine/engine_registry.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/game_type.h"
#include "format/json.h"

namespace souk::engine {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "engine:";

Result<int64_t> Integer(const Json& entry, const std::string& path, const char* key, int64_t min, int64_t max) {
  const Json& value = entry.at(key);
  if (!value.is_number_integer() || value.get<int64_t>() < min || value.get<int64_t>() > max)
    return Status::Error(path + "." + key + ": expected an integer from " + std::to_string(min) + " to " +
                         std::to_string(max));
  return value.get<int64_t>();
}

Result<EngineConfig> ReadEntry(const std::string& name, const Json& entry, const std::string& path,
                               const std::string& base) {
  if (!entry.is_object()) return Status::Error(path + ": expected an object with a \"command\"");
  EngineConfig config;
  config.name = name;
  static const char* const kKeys[] = {"command", "directory", "time_ms", "iterations", "margin_ms", "memory_mb"};
  for (const auto& [key, value] : entry.items()) {
    if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys))
      return Status::Error(path + "." + key + ": unknown key (expected command, directory, time_ms, iterations, "
                                              "margin_ms, memory_mb)");
  }
  auto command = entry.find("command");
  if (command == entry.end() || !command->is_array() || command->empty())
    return Status::Error(path + ".command: expected an array of strings, the program first");
  for (const Json& arg : *command) {
    if (!arg.is_string() || arg.get<std::string>().empty())
      return Status::Error(path + ".command: expected an array of non-empty strings");
    config.command.push_back(arg.get<std::string>());
  }
  config.working_directory = base;
  if (auto dir = entry.find("directory"); dir != entry.end()) {
    if (!dir->is_string()) return Status::Error(path + ".directory: expected a string");
    fs::path d = dir->get<std::string>();
    config.working_directory = d.is_absolute() || base.empty() ? d.string() : (fs::path(base) / d).string();
  }
  if (entry.contains("time_ms")) {
    auto v = Integer(entry, path, "time_ms", 0, 3'600'000);
    if (!v.ok()) return v.status();
    config.time_ms = static_cast<int>(*v);
  }
  if (entry.contains("iterations")) {
    auto v = Integer(entry, path, "iterations", 0, 1'000'000'000);
    if (!v.ok()) return v.status();
    config.iterations = *v;
  }
  if (entry.contains("margin_ms")) {
    auto v = Integer(entry, path, "margin_ms", 0, 600'000);
    if (!v.ok()) return v.status();
    config.margin_ms = static_cast<int>(*v);
  }
  if (entry.contains("memory_mb")) {
    auto v = Integer(entry, path, "memory_mb", 0, 1 << 20);
    if (!v.ok()) return v.status();
    config.memory_mb = *v;
  }
  return config;
}

}  // namespace

std::string DefaultEnginesPath() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg) return std::string(xdg) + "/souk/engines.json";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.config/souk/engines.json";
}

Result<EngineRegistry> ParseEngineRegistry(std::string_view text, const std::string& source,
                                           const std::string& base_directory) {
  auto json = ParseJson(text);
  if (!json.ok()) return Status::Error(source + ": " + json.message());
  if (!json->is_object())
    return Status::Error(source + ": expected an object of engines: {\"NAME\": {\"command\": [...]}, ...}");
  EngineRegistry registry;
  for (const auto& [name, entry] : json->items()) {
    if (name.empty() || name.find_first_of(" :/") != std::string::npos)
      return Status::Error(source + ": engine name \"" + name + "\": expected a name without spaces, ':' or '/'");
    auto config = ReadEntry(name, entry, source + ": " + name, base_directory);
    if (!config.ok()) return config.status();
    registry.engines[name] = *config;
  }
  return registry;
}

Result<EngineRegistry> LoadEngineRegistry(const std::string& path, bool must_exist) {
  std::ifstream in(path);
  if (!in) {
    if (!must_exist && !fs::exists(path)) return EngineRegistry{};
    return Status::Error("--engines: cannot read " + path);
  }
  std::stringstream text;
  text << in.rdbuf();
  std::error_code ignored;
  fs::path absolute = fs::absolute(path, ignored);
  return ParseEngineRegistry(text.str(), path, absolute.parent_path().string());
}

Status AddEngineOption(EngineRegistry* registry, std::string_view option) {
  size_t equals = option.find('=');
  std::string name(option.substr(0, equals));
  if (equals == std::string_view::npos || name.empty() || name.find_first_of(" :/") != std::string::npos)
    return Status::Error("--engine: expected NAME=COMMAND, a name without spaces, ':' or '/', got \"" +
                         std::string(option) + "\"");
  EngineConfig config;
  config.name = name;
  std::istringstream words{std::string(option.substr(equals + 1))};
  for (std::string word; words >> word;) config.command.push_back(word);
  if (config.command.empty()) return Status::Error("--engine " + name + ": the command is empty");
  if (registry->engines.count(name)) return Status::Error("--engine " + name + ": given twice");
  registry->engines[name] = config;
  return Status::Ok();
}

bool IsEngineSpec(const EngineRegistry& registry, std::string_view spec) {
  return spec.starts_with(kPrefix) || (registry.allow_paths && spec.find('/') != std::string_view::npos);
}

Result<std::unique_ptr<ai::Bot>> MakeBotOrEngine(const EngineRegistry& registry, std::string_view game,
                                                 std::string_view spec, uint64_t seed) {
  if (!IsEngineSpec(registry, spec)) return ai::MakeBot(game, spec, seed);
  auto type = GameTypeOrError(game);
  if (!type.ok()) return type.status();
  std::string_view name = spec.starts_with(kPrefix) ? spec.substr(kPrefix.size()) : spec;
  if (name.find('/') != std::string_view::npos) {
    if (!registry.allow_paths)
      return Status::Error("bad bot '" + std::string(spec) + "': engines here are named, never paths");
    EngineConfig config;
    config.name = std::string(name);
    config.command = {std::string(name)};
    return std::unique_ptr<ai::Bot>(new EngineBot(config, seed));
  }
  auto found = registry.engines.find(std::string(name));
  if (found == registry.engines.end()) {
    std::string known;
    for (const auto& [n, config] : registry.engines) known += (known.empty() ? "" : ", ") + n;
    return Status::Error("bad bot '" + std::string(spec) + "': no engine named \"" + std::string(name) + "\" (" +
                         (known.empty() ? "none registered" : "registered: " + known) + ")");
  }
  return std::unique_ptr<ai::Bot>(new EngineBot(found->second, seed));
}

bool PrepareEngineMove(ai::Bot& bot, const AnyView& view, int moves_played) {
  auto* engine = dynamic_cast<EngineBot*>(&bot);
  if (!engine) return false;
  engine->Prepare(view, moves_played);
  return true;
}

}  // namespace souk::engine
