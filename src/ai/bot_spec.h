// Bots are named everywhere (terminal, server, arena) by one spec string:
//
//   spec    := name [":" option ("," option)*]
//   name    := random | greedy | mcts | easy | medium | hard
//   option  := iterations=N | time=MS | threads=N | c=X | rollout=N
//
// e.g. "greedy", "mcts", "mcts:time=500", "mcts:iterations=20000,threads=2", "hard".
// A level is a named mcts budget, per game (docs/ai.md); options after a level
// override it ("hard:threads=1"), and a level given only one limit (iterations or
// time) drops its other one. time is in milliseconds per move ("500", "500ms" or
// "0.5s").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ai/search.h"
#include "core/status.h"

namespace souk::ai {

enum class BotKind : uint8_t { kRandom, kGreedy, kMcts };

// A spec as written: the options given, 0 for those not given.
struct BotSpec {
  BotKind kind = BotKind::kMcts;
  std::string level;  // "easy" | "medium" | "hard", or empty
  int64_t iterations = 0;
  int time_ms = 0;
  bool clock = false;  // time_ms is a mean a move, managed (the `clock` option), not a limit
  int threads = 0;
  double exploration = 0;
  int rollout_cap = 0;
  bool operator==(const BotSpec&) const = default;
};

// The search parameters a level stands for in `game` ("jaipur" or "marrakech").
MctsParams LevelParams(std::string_view game, std::string_view level);
// The parameters an mcts spec gives in `game`: its level's, overridden by its options.
MctsParams ResolveParams(std::string_view game, const BotSpec& spec);
// The longest one move of `spec` may think, in ms, by its time budget: `time`, or
// twice a `clock` (ai/time_manager.h); 0 with neither.
int64_t LongestMoveMs(const BotSpec& spec);

// The message names the spec and what is wrong ("bad bot 'mcts:time=x': time must be ...").
Result<BotSpec> ParseBotSpec(std::string_view text);
// Canonical text, which parses back to the same spec ("hard", "mcts:iterations=2000").
std::string ToString(const BotSpec& spec);

}  // namespace souk::ai
