// Bots are named everywhere (terminal, server, arena) by one spec string:
//
//   spec    := name [":" option ("," option)*]
//   name    := random | greedy | mcts | easy | medium | hard
//   option  := iterations=N | time=MS | threads=N | c=X | rollout=N
//
// e.g. "greedy", "mcts", "mcts:time=500", "mcts:iterations=20000,threads=2", "hard".
// A level is a named mcts budget (docs/ai.md); options after a level override it
// ("hard:threads=1"). time is in milliseconds per move ("500", "500ms" or "0.5s").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ai/search.h"
#include "core/status.h"

namespace souk::ai {

enum class BotKind : uint8_t { kRandom, kGreedy, kMcts };

struct BotSpec {
  BotKind kind = BotKind::kMcts;
  std::string level;  // "easy" | "medium" | "hard" when named by level, else empty
  MctsParams mcts;    // kMcts only; zeros mean the defaults
  bool operator==(const BotSpec&) const = default;
};

// The mcts budget of each level.
BotSpec LevelSpec(std::string_view level);

// The message names the spec and what is wrong ("bad bot 'mcts:time=x': time must be ...").
Result<BotSpec> ParseBotSpec(std::string_view text);
// Canonical text, which parses back to the same spec ("hard", "mcts:iterations=2000").
std::string ToString(const BotSpec& spec);

}  // namespace souk::ai
