// Engines by name: the config file that registers them (docs/engine-protocol.md,
// "Using engines in Souk"), and the one factory the command line, the arena and the
// server use to make a bot from a spec that may name an engine ("engine:NAME").
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "ai/bot.h"
#include "core/status.h"
#include "engine/engine_bot.h"

namespace souk::engine {

struct EngineRegistry {
  std::map<std::string, EngineConfig> engines;
  // The command line also takes a path to an executable as an engine ("engine:./my.py",
  // or any spec with a '/'); the server never does.
  bool allow_paths = false;
};

// $XDG_CONFIG_HOME/souk/engines.json, else $HOME/.config/souk/engines.json.
std::string DefaultEnginesPath();
// Reads a config file: {"NAME": {"command": [...], "directory": ..., "time_ms": ...,
// "iterations": ..., "margin_ms": ..., "memory_mb": ...}, ...}. A missing default file
// is an empty registry; a missing file given by name, or a broken one, is an error
// naming the file and the key. Relative directories are from the file's directory,
// which is also an engine's directory when it gives none.
Result<EngineRegistry> LoadEngineRegistry(const std::string& path, bool must_exist);
Result<EngineRegistry> ParseEngineRegistry(std::string_view text, const std::string& source,
                                           const std::string& base_directory);
// `souk serve --engine NAME=COMMAND`: the command split on spaces.
Status AddEngineOption(EngineRegistry* registry, std::string_view option);

// True for a spec naming an engine: "engine:..." (or, where paths are allowed, one with a '/').
bool IsEngineSpec(const EngineRegistry& registry, std::string_view spec);
// A bot for `game` from `spec`: Souk's own (ai::MakeBot), or an engine the registry
// names (an unknown name, or a path where paths are not allowed, is refused).
Result<std::unique_ptr<ai::Bot>> MakeBotOrEngine(const EngineRegistry& registry, std::string_view game,
                                                 std::string_view spec, uint64_t seed);
// The arena's before_move (match/arena.h) for bots MakeBotOrEngine made: an engine is
// started (EngineBot::Prepare) and told the moves played; true for an engine, false
// (nothing done) for Souk's own bots.
bool PrepareEngineMove(ai::Bot& bot, const AnyView& view, int moves_played);

}  // namespace souk::engine
