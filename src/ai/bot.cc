#include "ai/bot.h"

#include <algorithm>
#include <vector>

#include "ai/jaipur/jaipur_bots.h"
#include "ai/marrakech/marrakech_bots.h"
#include "core/game_type.h"
#include "core/prng.h"

namespace souk::ai {

std::string_view BotFailureName(BotFailure failure) {
  switch (failure) {
    case BotFailure::kNone: return "";
    case BotFailure::kFailedToStart: return "failed_to_start";
    case BotFailure::kCrashed: return "crashed";
    case BotFailure::kHung: return "hung";
    case BotFailure::kTimedOut: return "timed_out";
    case BotFailure::kFlooded: return "flooded";
    case BotFailure::kRefused: return "refused";
    case BotFailure::kReportedError: return "reported_error";
    case BotFailure::kMalformedLine: return "malformed_line";
    case BotFailure::kIllegalMove: return "illegal_move";
    case BotFailure::kNoMove: return "no_move";
  }
  return "";
}
namespace {

// Wraps one game's typed bot: the view is unwrapped to the game's own type, the
// moves turned into canonical text.
template <typename GameBot, typename GameView>
class TypedBot final : public Bot {
 public:
  explicit TypedBot(std::unique_ptr<GameBot> bot) : bot_(std::move(bot)) {}

  std::string ChooseMove(const AnyView& view) override { return ToString(bot_->ChooseMove(std::get<GameView>(view))); }

  TextAnalysis Analyse(const AnyView& view) override {
    auto typed = bot_->Analyse(std::get<GameView>(view));
    TextAnalysis text;
    text.iterations = typed.iterations;
    text.seconds = typed.seconds;
    for (const auto& m : typed.moves) text.moves.push_back({ToString(m.move), m.visits, m.win_rate, m.score});
    return text;
  }

  size_t MemoryBytes() const override { return bot_->MemoryBytes(); }
  size_t SearchMemoryBytes() const override { return bot_->SearchMemoryBytes(); }
  void SetMemoryLimit(size_t bytes) override { bot_->SetMemoryLimit(bytes); }
  void ReleaseMemory() override { bot_->ReleaseMemory(); }
  void CapNextMove(int ms) override { bot_->CapNextMove(ms); }

 private:
  std::unique_ptr<GameBot> bot_;
};

template <typename GameBot, typename GameView, typename Factory>
std::unique_ptr<Bot> Make(std::string_view game, const BotSpec& spec, uint64_t seed, const Factory& factory) {
  return std::make_unique<TypedBot<GameBot, GameView>>(factory(spec.kind, ResolveParams(game, spec), seed));
}

std::unique_ptr<Bot> MakeJaipurBot(std::string_view game, const BotSpec& spec, uint64_t seed) {
  namespace g = jaipur_bots;
  return Make<g::Bot, jaipur::View>(game, spec, seed, [](BotKind kind, const MctsParams& p, uint64_t sd) {
    return kind == BotKind::kRandom ? g::MakeRandomBot(sd)
         : kind == BotKind::kGreedy ? g::MakeGreedyBot(sd)
                                    : g::MakeMctsBot(p, sd);
  });
}

std::unique_ptr<Bot> MakeMarrakechBot(std::string_view game, const BotSpec& spec, uint64_t seed) {
  namespace g = marrakech_bots;
  return Make<g::Bot, marrakech::View>(game, spec, seed, [](BotKind kind, const MctsParams& p, uint64_t sd) {
    return kind == BotKind::kRandom ? g::MakeRandomBot(sd)
         : kind == BotKind::kGreedy ? g::MakeGreedyBot(sd)
                                    : g::MakeMctsBot(p, sd);
  });
}

// Read after main starts; written only before, by RegisterBotModule.
std::vector<const BotModule*>& BotModules() {
  static constexpr BotModule kJaipur{&kJaipurType, &MakeJaipurBot, 3};
  static constexpr BotModule kMarrakech{&kMarrakechType, &MakeMarrakechBot, 4};
  static std::vector<const BotModule*> modules = {&kJaipur, &kMarrakech};
  return modules;
}

const BotModule* ModuleOf(std::string_view game) {
  auto type = GameTypeOrError(game);
  if (!type.ok()) return nullptr;
  for (const BotModule* module : BotModules())
    if (module->type == *type) return module;
  return nullptr;
}

// Plays a registered game's view (core/registered_game.h) from its legal moves alone.
class RegisteredRandomBot final : public Bot {
 public:
  explicit RegisteredRandomBot(uint64_t seed) : prng_(seed) {}
  std::string ChooseMove(const AnyView& view) override {
    const auto& moves = std::get<RegisteredView>(view).legal_moves;
    if (moves.empty()) return {};
    return moves[prng_.Below(static_cast<uint32_t>(moves.size()))];
  }
  TextAnalysis Analyse(const AnyView& view) override {
    TextAnalysis analysis;
    for (const std::string& move : std::get<RegisteredView>(view).legal_moves) analysis.moves.push_back({move, 0, 0, 0});
    return analysis;
  }
  size_t MemoryBytes() const override { return 0; }
  size_t SearchMemoryBytes() const override { return 0; }
  void SetMemoryLimit(size_t) override {}
  void ReleaseMemory() override {}

 private:
  Prng prng_;
};

}  // namespace

bool RegisterBotModule(const BotModule& module) {
  for (const BotModule* known : BotModules())
    if (known->type == module.type) return false;
  BotModules().push_back(&module);
  return true;
}

std::unique_ptr<Bot> MakeRegisteredRandomBot(uint64_t seed) { return std::make_unique<RegisteredRandomBot>(seed); }

Result<std::unique_ptr<Bot>> MakeBot(std::string_view game, const BotSpec& spec, uint64_t seed) {
  auto type = GameTypeOrError(game);
  if (!type.ok()) return type.status();
  const BotModule* module = ModuleOf(game);
  if (!module) return Status::NotFound(std::string(game) + " has no bots");
  std::unique_ptr<Bot> bot = module->make(game, spec, seed);
  if (!bot) return Status::NotFound(std::string(game) + " has no " + ToString(spec) + " bot");
  return bot;
}

double EstimatedThinkMs(std::string_view game, const BotSpec& spec) {
  const BotModule* module = ModuleOf(game);
  if (spec.kind != BotKind::kMcts || !module) return 0;
  const MctsParams params = ResolveParams(game, spec);
  int64_t iterations = params.budget.iterations;
  if (iterations <= 0 && params.budget.time_ms <= 0) iterations = 10000;  // the bots' default
  double ms = iterations > 0 ? static_cast<double>(iterations) * module->micros_per_iteration / 1000 : 1e18;
  if (params.budget.time_ms > 0) ms = std::min(ms, static_cast<double>(params.budget.time_ms));
  return ms;
}

Result<std::unique_ptr<Bot>> MakeBot(std::string_view game, std::string_view spec, uint64_t seed) {
  auto parsed = ParseBotSpec(spec);
  if (!parsed.ok()) return parsed.status();
  return MakeBot(game, *parsed, seed);
}

}  // namespace souk::ai
