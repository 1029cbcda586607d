// An external engine as an ai::Bot: the caller's side of the souk-engine protocol
// (docs/engine-protocol.md, "Using engines in Souk"). The process is started at the
// bot's first move, fed the seat's view only, and supervised: every reply has a
// deadline, and any failure (malformed line, error, illegal move, timeout, hang,
// crash, flood) ends the engine's part: ChooseMove returns "" and FailureReason says
// what happened. The caller then counts the game as lost by that engine.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "engine/engine_process.h"

namespace souk::engine {

// One engine as its config file registers it (engine_registry.h).
struct EngineConfig {
  std::string name;
  std::vector<std::string> command;  // argv: the program and its arguments
  std::string working_directory;     // "" for the caller's
  int time_ms = 1000;                // each `go`'s time budget; 0 to send none
  int64_t iterations = 0;            // each `go`'s iteration budget; 0 to send none
  int margin_ms = -1;                // allowed past time_ms; -1: max(200 ms, 20% of time_ms)
  int64_t memory_mb = 0;             // RLIMIT_AS; 0 for none
  // How long a reply other than bestmove (handshake, newgame, position) may take, and
  // a move when `go` sends no time.
  int reply_timeout_ms = 5000;
  int move_limit_ms = 30000;
  int grace_ms = 500;  // after `stop` or `quit`, before the group is killed

  int Margin() const { return margin_ms >= 0 ? margin_ms : std::max(200, time_ms / 5); }
};

// The most `info` lines one `go` may send before it counts as a flood.
inline constexpr int kMaxInfoLines = 10'000;

class EngineBot : public ai::Bot {
 public:
  // A bot for `game` whose choices the engine makes; `seed` is sent as newgame's seed.
  EngineBot(EngineConfig config, uint64_t seed) : config_(std::move(config)), seed_(seed) {}
  ~EngineBot() override;

  std::string ChooseMove(const AnyView& view) override;
  ai::TextAnalysis Analyse(const AnyView& view) override;
  size_t MemoryBytes() const override { return 0; }
  size_t SearchMemoryBytes() const override { return 0; }
  void SetMemoryLimit(size_t) override {}
  void ReleaseMemory() override {}
  std::string FailureReason() const override { return failure_; }
  ai::BotFailure FailureKind() const override { return failure_kind_; }

  // The engine's process id while one runs (tests check that it is reaped), or -1.
  pid_t pid() const { return process_ ? process_->pid() : -1; }
  // What was written to the engine's stdin, every line (for tests and logs).
  const std::vector<std::string>& sent() const { return sent_; }
  // Quits the engine (if it runs) and waits for it: the next move starts a new one.
  void Stop();
  // Before a move: starts the engine if it is not running (process, handshake and
  // newgame for `view`'s game and seat), so that its start-up can be timed apart, and
  // has the next `position` tell it `moves_played`, the moves the players have made
  // so far. A failure is kept for the move (FailureReason).
  void Prepare(const AnyView& view, int moves_played);

 private:
  // Starts the engine and has it play `view`'s seat and game; false on failure.
  bool Ready(const AnyView& view);
  bool Send(std::string_view line, Clock::time_point deadline);
  // Reads lines until the final reply `expected` (its first word); `other` lines before
  // it are accepted when their first word is one of `allowed`.
  bool Await(std::string_view request, std::string* reply, Clock::time_point deadline);
  // Asks for a move; the analysis holds the engine's info lines, its first move the
  // bestmove. False on failure.
  bool Go(const AnyView& view, ai::TextAnalysis* analysis);
  void Fail(ai::BotFailure kind, std::string reason);
  std::string Prefix() const { return "engine " + config_.name + " "; }

  EngineConfig config_;
  uint64_t seed_;
  std::unique_ptr<EngineProcess> process_;
  std::vector<std::string> sent_;
  std::string failure_;
  ai::BotFailure failure_kind_ = ai::BotFailure::kNone;
  std::string game_;  // the game newgame announced, with its seat and players
  int seat_ = -1, players_ = 0;
  int moves_played_ = -1;  // for the next position; -1 when the caller does not count
};

// The milliseconds as people read them: "1,350".
std::string GroupedMs(int64_t ms);

}  // namespace souk::engine
