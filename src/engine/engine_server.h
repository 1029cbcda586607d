// Souk's own bots as an engine over the souk-engine protocol (docs/engine-protocol.md):
// requests one line at a time from an istream, replies to an ostream, so that the
// protocol is tested without a process. `souk engine` runs it on stdin and stdout.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ai/bot.h"
#include "core/any_view.h"
#include "format/json.h"

namespace souk::engine {

inline constexpr int kProtocolVersion = 1;
// A request line longer than this is refused (and the rest of it skipped).
inline constexpr size_t kMaxLineBytes = 1 << 20;

struct EngineOptions {
  std::string bot = "hard";  // the bot spec (ai/bot_spec.h) the engine plays
  uint64_t seed = 0;         // the bot's seed when `newgame` gives none
  // Analyse each move and send `info` lines (the bot's ranking: visits, win estimate,
  // score); the move is then the ranking's first. Without it the move is ChooseMove's,
  // the one the bot plays in Souk's arena from the same seed.
  bool info = false;
};

class EngineServer {
 public:
  // The bot spec must parse (ai::ParseBotSpec); Create says why not.
  static Result<std::unique_ptr<EngineServer>> Create(const EngineOptions& options);

  // Handles one request line (without its newline), writing its replies to `out`.
  // Returns false after `quit`.
  bool HandleLine(std::string_view line, std::ostream& out);
  // Reads requests until `quit` or the end of `in`.
  void Run(std::istream& in, std::ostream& out);

 private:
  EngineServer(const EngineOptions& options, const ai::BotSpec& spec) : options_(options), spec_(spec) {}
  void Handshake(std::string_view args, std::ostream& out);
  void NewGame(std::string_view args, std::ostream& out);
  void Position(std::string_view args, std::ostream& out);
  void Go(std::string_view args, std::ostream& out);

  EngineOptions options_;
  ai::BotSpec spec_;
  bool greeted_ = false;
  // The game being played: set by `newgame`.
  std::string game_;
  int players_ = 0;
  int seat_ = 0;
  uint64_t bot_seed_ = 0;
  std::unique_ptr<ai::Bot> bot_;
  std::string bot_budget_;  // the spec text the bot was made with
  // The position: set by `position`, cleared by `newgame`.
  std::optional<AnyView> view_;
  bool chance_ = false;
  bool over_ = false;
};

// The view JSON of `game` read back into its View, checked: exactly what ViewToJson
// writes for it, and a position the rules can reach from some hidden state.
Result<AnyView> ViewFromJsonChecked(const Json& json);

}  // namespace souk::engine
