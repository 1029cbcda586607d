// souk.VectorEnv's engine, free of Python: num_envs games stepped in one call, finished
// games dealt anew, chance outcomes drawn by each game's own PRNG, and optionally bots
// playing every seat but the learner's. vector_env.cc binds it, releasing the GIL
// around every call that plays moves.
//
// Outputs after reset and after each step, for the player each environment now waits
// on (the learner's seat with an opponent, else the player to move):
//   observations  float  [num_envs * observation_size]
//   legal ids     int32  flat, environment i's sorted at [offsets[i], offsets[i + 1])
//   offsets       int64  [num_envs + 1]
// and after a step: rewards (float [num_envs * reward_width]: every seat's without an
// opponent, the learner's with one), terminated and truncated (bool [num_envs]), and
// the games that ended in the step (EndedGame), for Gymnasium's final observation.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/status.h"
#include "python/engine.h"

namespace souk::python {

// What a step's reward is made of (docs/python.md, "Rewards").
enum class RewardMode {
  kWin,           // the game's returns when it ends, else 0
  kScore,         // the change of (own score - best opponent's) since the seat's last decision
  kScoreAndWin,   // both added
};

struct VectorEnvOptions {
  // More environments than this is a mistake, not a batch (a million games' states).
  static constexpr int kMaxEnvs = 1 << 20;
  Game game;
  int num_envs = 1;
  uint64_t seed = 0;
  std::optional<std::string> opponent;  // a bot spec for every seat but the learner's
  int seat = -1;                        // the learner's seat; -1: episode k of env i plays (i + k) % players
  RewardMode reward = RewardMode::kWin;
};

// A game that ended (or was truncated) during the last step, before its environment
// was dealt anew: what Gymnasium's final observation and final info carry.
struct EndedGame {
  int env = 0;
  int seat = 0;       // whose observation `observation` is: the learner's, or the seat that acted
  int length = 0;     // decisions of every seat (chance outcomes not counted)
  int steps = 0;      // step() calls the game took
  bool truncated = false;
  uint32_t winner_bits = 0;
  std::array<double, kMaxSeats> returns{};
  std::array<int, kMaxSeats> scores{};  // the game's own (GameState::Scores)
};

// Where a step writes its per-environment results (each num_envs long, rewards
// num_envs * reward_width).
struct StepOutputs {
  float* observations = nullptr;
  float* rewards = nullptr;
  bool* terminated = nullptr;
  bool* truncated = nullptr;
  int32_t* current_player = nullptr;
};

class VectorEnvEngine {
 public:
  virtual ~VectorEnvEngine() = default;
  // Checks the options (bot specs) and builds the engine for the game.
  static Result<std::unique_ptr<VectorEnvEngine>> Make(const VectorEnvOptions& options);

  int num_envs() const { return options_.num_envs; }
  int observation_size() const { return options_.game.ObservationSize(); }
  int reward_width() const { return options_.opponent ? 1 : options_.game.players; }
  // The most legal ids a position of the game may have (the padded form's width).
  virtual int max_legal() const = 0;
  const VectorEnvOptions& options() const { return options_; }

  // New games everywhere: with a seed, every sequence restarts as in a new engine of
  // that seed (games, bots, sampling); without, each environment's games go on.
  virtual Status Reset(std::optional<uint64_t> seed, const StepOutputs& out) = 0;
  // Ok, or the first environment whose action is refused and why; nothing is played.
  virtual Status Validate(std::span<const int64_t> actions) const = 0;
  // Plays validated actions; fails only if a bot plays a move the rules refuse.
  virtual Status Step(std::span<const int64_t> actions, const StepOutputs& out) = 0;
  // One uniformly random legal id per environment, from the engine's own PRNG.
  virtual void SampleLegal(std::span<int64_t> out) = 0;
  virtual AnyState StateOf(int env) const = 0;

  const std::vector<int32_t>& legal_ids() const { return legal_; }
  const std::vector<int64_t>& legal_offsets() const { return offsets_; }
  // The games that ended in the last step, in environment order, and their final
  // observations one after the other (observation_size each).
  const std::vector<EndedGame>& ended() const { return ended_; }
  const std::vector<float>& ended_observations() const { return ended_observations_; }

 protected:
  explicit VectorEnvEngine(const VectorEnvOptions& options) : options_(options) {}
  VectorEnvOptions options_;
  std::vector<int32_t> legal_;
  std::vector<int64_t> offsets_;
  std::vector<EndedGame> ended_;
  std::vector<float> ended_observations_;
};

}  // namespace souk::python
