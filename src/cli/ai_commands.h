// `souk hint`, `souk arena` and `souk train`: the AI from the command line.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/bot.h"

#include "format/game.h"

namespace souk::cli {

// Makes bots from specs as the command line names them: Souk's own, `engine:NAME` from
// the engines file (`path`, or the default when ""), or a path to an engine. Throws
// CliError for an unreadable or broken file.
std::function<Result<std::unique_ptr<ai::Bot>>(std::string_view, std::string_view, uint64_t)> CommandLineBots(
    const std::string& path);

struct HintOptions {
  int player = -1;  // -1: the player to move
  std::string bot = "hard";
  uint64_t seed = 1;
  int top = 10;     // moves listed; 0 for all
  std::string engines;  // the engines' config file; "" for the default (engine_registry.h)
  bool json = false;
  bool pretty = false;
};
// Ranks the player's legal moves from that player's view. Throws CliError.
int Hint(const GameState& state, const HintOptions& options);

struct ArenaCommand {
  std::string game;
  std::vector<std::string> bots;
  std::string variant;
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  std::string engines;  // as HintOptions::engines
  std::string journal;  // "" for none (match/arena_journal.h)
  bool json = false;
  bool pretty = false;
};
int Arena(const ArenaCommand& command);

struct TrainCommand {
  std::string what;  // "jaipur-value", the one model there is
  int64_t rounds = 300000;
  uint64_t seed = 1;
  double lambda = 0.8;
  double rate = 0.005;
  double epsilon = 0.1;
  std::string policy = "rollout";  // or an mcts spec with an iteration budget
  std::string from;                // a weights file to start from; "" starts from zeros
  int threads = 1;                 // rounds played at once
  int64_t holdout = 2000;          // rounds played by the policy to measure the curve on
  std::string out;  // the weights' file; "" prints the curve only
};
// Trains the Jaipur learned evaluation by TD(λ) self-play; prints its training curve
// and writes the weights as jaipur_value_weights.inc. Throws CliError.
int Train(const TrainCommand& command, const std::string& command_line);

}  // namespace souk::cli
