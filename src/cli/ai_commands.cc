#include "cli/ai_commands.h"
#include "core/game_type.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>

#include "ai/bot.h"
#include "ai/bot_spec.h"
#include "ai/jaipur/jaipur_value_training.h"
#include "cli/cli_error.h"
#include "cli/read_input.h"
#include "engine/engine_registry.h"
#include "match/arena.h"

namespace souk::cli {
namespace {

// The file a long command ends by writing, checked before it starts: a typo in --out
// should cost a second, not the training.
void CheckWritable(const std::string& flag, const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw CliError{kBadInput, flag + " " + path + ": is a folder"};
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const std::string checked = std::filesystem::exists(path, error) ? path : parent.empty() ? "." : parent.string();
  if (::access(checked.c_str(), W_OK) != 0)
    throw CliError{kBadInput, flag + " " + path + ": cannot write it: " + std::strerror(errno)};
}

// Why `player` has no decision to make now, or "" when they have one.
std::string WhyNoDecision(const GameState& state, int player) {
  if (state.is_over()) return "the game is over";
  int mover = state.current_player();
  if (mover == GameState::kChance) return "the next move is the die's, not a player's";
  if (mover != player) return "player " + std::to_string(player) + " is not to move (player " + std::to_string(mover) + " is)";
  return "";
}

std::string Duration(double seconds) {
  int s = static_cast<int>(seconds + 0.5);
  char buffer[32];
  if (s >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%dh%02dm", s / 3600, s / 60 % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%dm%02ds", s / 60, s % 60);
  }
  return buffer;
}

// `souk arena`'s exit status when a bot lost every game by failing (docs/ai.md).
constexpr int kABotFailedEveryGame = 3;

// The engines the command line may name: the config file's, and paths.
engine::EngineRegistry Engines(const std::string& path) {
  auto registry = engine::LoadEngineRegistry(path.empty() ? engine::DefaultEnginesPath() : path, !path.empty());
  if (!registry.ok()) throw CliError{kBadInput, registry.message()};
  registry->allow_paths = true;
  return *registry;
}

}  // namespace

std::function<Result<std::unique_ptr<ai::Bot>>(std::string_view, std::string_view, uint64_t)> CommandLineBots(
    const std::string& path) {
  engine::EngineRegistry engines = Engines(path);
  return [engines](std::string_view game, std::string_view spec, uint64_t seed) {
    return engine::MakeBotOrEngine(engines, game, spec, seed);
  };
}

int Hint(const GameState& state, const HintOptions& o) {
  if (o.player >= state.num_players())
    throw CliError{kBadInput, "--player must be a seat from 0 to " + std::to_string(state.num_players() - 1)};
  int player = o.player >= 0 ? o.player : state.current_player();
  std::string why = WhyNoDecision(state, player);
  if (!why.empty()) throw CliError{kBadInput, "no hint: " + why};
  engine::EngineRegistry engines = Engines(o.engines);
  const bool external = engine::IsEngineSpec(engines, o.bot);
  auto spec = external ? Result<ai::BotSpec>(ai::BotSpec{}) : ai::ParseBotSpec(o.bot);
  if (!spec.ok()) throw CliError{kBadInput, "--bot: " + spec.message()};
  auto bot = engine::MakeBotOrEngine(engines, state.game(), o.bot, o.seed);
  if (!bot.ok()) throw CliError{kBadInput, "--bot: " + bot.message()};
  ai::TextAnalysis analysis = (*bot)->Analyse(state.PlayerView(player));
  if (std::string failure = (*bot)->FailureReason(); !failure.empty()) throw CliError{kBadInput, failure};
  const std::string bot_name = external ? o.bot : ai::ToString(*spec);

  size_t shown = o.top > 0 ? std::min(analysis.moves.size(), static_cast<size_t>(o.top)) : analysis.moves.size();
  if (o.json) {
    Json moves = Json::array();
    for (size_t i = 0; i < shown; ++i) {
      const auto& m = analysis.moves[i];
      moves.push_back(Json{{"move", m.move}, {"visits", m.visits}, {"win_rate", std::round(m.win_rate * 1000) / 1000},
                           {"score", std::round(m.score * 100) / 100}});
    }
    Json j{{"game", state.game()}, {"player", player}, {"bot", bot_name},
           {"iterations", analysis.iterations}, {"seconds", std::round(analysis.seconds * 1000) / 1000},
           {"legal_moves", analysis.moves.size()}, {"moves", moves}};
    std::cout << DumpJson(j, o.pretty) << '\n';
    return 0;
  }
  std::cout << "Hint for player " << player << " (" << state.game() << ", bot " << bot_name;
  if (analysis.iterations) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, ": %lld iterations in %.3f s", static_cast<long long>(analysis.iterations),
                  analysis.seconds);
    std::cout << buffer;
  }
  std::cout << ")\n";
  size_t width = 4;
  for (size_t i = 0; i < shown; ++i) width = std::max(width, analysis.moves[i].move.size());
  // Bots that do not search (random, greedy) have no visits or win rates: only
  // their own value of each move.
  const bool searched = analysis.iterations > 0;
  char line[256];
  if (searched) {
    std::snprintf(line, sizeof line, "%3s  %-*s %9s %7s %8s\n", "#", static_cast<int>(width), "move", "visits", "win",
                  "score");
  } else {
    std::snprintf(line, sizeof line, "%3s  %-*s %8s\n", "#", static_cast<int>(width), "move", "value");
  }
  std::cout << line;
  for (size_t i = 0; i < shown; ++i) {
    const auto& m = analysis.moves[i];
    if (searched) {
      std::snprintf(line, sizeof line, "%3zu  %-*s %9lld %6.1f%% %+8.1f\n", i + 1, static_cast<int>(width),
                    m.move.c_str(), static_cast<long long>(m.visits), 100 * m.win_rate, m.score);
    } else {
      std::snprintf(line, sizeof line, "%3zu  %-*s %+8.1f\n", i + 1, static_cast<int>(width), m.move.c_str(), m.score);
    }
    std::cout << line;
  }
  if (shown < analysis.moves.size())
    std::cout << "(" << analysis.moves.size() - shown << " more legal moves; --top 0 lists them all)\n";
  if (searched) {
    std::cout << "win: the estimated chance to win " << FindGameType(state.game())->win_estimate
              << "; score: the expected margin over the best opponent\n";
  }
  return 0;
}

int Train(const TrainCommand& c, const std::string& command_line) {
  if (c.what != "jaipur-value")
    throw CliError{kBadInput, "train: unknown model \"" + c.what + "\"; expected jaipur-value"};
  if (c.rounds < 1 || c.rounds > 100'000'000) throw CliError{kBadInput, "--rounds must be from 1 to 100000000"};
  if (!(c.lambda >= 0 && c.lambda <= 1)) throw CliError{kBadInput, "--lambda must be from 0 to 1"};
  if (!(c.rate > 0 && c.rate <= 1)) throw CliError{kBadInput, "--rate must be above 0 and at most 1"};
  if (!(c.epsilon >= 0 && c.epsilon <= 1)) throw CliError{kBadInput, "--epsilon must be from 0 to 1"};
  if (c.threads < 1 || c.threads > 256) throw CliError{kBadInput, "--threads must be from 1 to 256"};
  if (c.holdout < 1 || c.holdout > 1'000'000) throw CliError{kBadInput, "--holdout must be from 1 to 1000000"};
  ai::jaipur_bots::ValueTrainingConfig config;
  if (c.policy != "rollout") {
    auto spec = ai::ParseBotSpec(c.policy);
    if (!spec.ok()) throw CliError{kBadInput, "--policy: " + spec.message()};
    if (spec->kind != ai::BotKind::kMcts)
      throw CliError{kBadInput, "--policy must be rollout or an mcts spec (\"" + c.policy + "\" is not)"};
    ai::MctsParams params = ai::ResolveParams("jaipur", *spec);
    if (params.budget.time_ms > 0 || params.budget.iterations <= 0) {
      throw CliError{kBadInput, "--policy \"" + c.policy +
                                    "\" has a time budget: training is reproducible from its seed only with "
                                    "iterations (mcts:iterations=N)"};
    }
    config.search = params;
  }
  std::vector<std::string> ancestry;
  if (!c.from.empty()) {
    auto file = ai::jaipur_bots::ParseWeightsInclude(ReadInput(c.from));
    if (!file.ok()) throw CliError{kBadInput, "--from " + c.from + ": " + file.message()};
    config.initial_weights = std::move(file->weights);
    ancestry = std::move(file->generated_by);
  }
  if (!c.out.empty()) CheckWritable("--out", c.out);
  config.threads = c.threads;
  config.rounds = c.rounds;
  config.holdout_rounds = c.holdout;
  config.seed = c.seed;
  config.lambda = c.lambda;
  config.learning_rate = c.rate;
  config.epsilon = c.epsilon;
  config.report_every = std::max<int64_t>(1, c.rounds / 10);
  const auto start = std::chrono::steady_clock::now();
  std::cout << "rounds\tlog loss\taccuracy\tseconds\n";
  auto result = ai::jaipur_bots::TrainValue(config, [&](const ai::jaipur_bots::ValueTrainingPoint& point) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << point.rounds << '\t' << std::fixed << std::setprecision(4) << point.log_loss << '\t'
              << point.accuracy << '\t' << std::setprecision(1) << seconds << std::endl;
  });
  std::cout << "hand-set\t" << std::setprecision(4) << result.hand_set.log_loss << '\t' << result.hand_set.accuracy
            << "\t(" << result.holdout_positions << " held-out positions)\n";
  if (!c.out.empty()) {
    std::ofstream out(c.out, std::ios::binary);
    out << ai::jaipur_bots::WeightsInclude(result, command_line, ancestry);
    if (!out) throw CliError{1, c.out + ": cannot write it: " + std::strerror(errno)};
    std::cout << "Weights written to " << c.out << '\n';
  }
  return 0;
}

int Arena(const ArenaCommand& c) {
  match::ArenaOptions options;
  options.game = c.game;
  options.variant = c.variant;
  options.bots = c.bots;
  options.games = c.games;
  options.seed = c.seed;
  options.threads = c.threads;
  options.journal = c.journal;
  options.make_bot = CommandLineBots(c.engines);
  options.before_move = engine::PrepareEngineMove;
  const bool terminal = isatty(STDERR_FILENO) != 0;
  auto start = std::chrono::steady_clock::now();
  if (terminal) {
    options.progress = [start](int done, int total) {
      double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      double left = elapsed / done * (total - done);
      std::fprintf(stderr, "\r\033[Karena: %d/%d games, %s elapsed, about %s left", done, total, Duration(elapsed).c_str(),
                   Duration(left).c_str());
      std::fflush(stderr);
    };
  }
  auto report = match::RunArena(options);
  if (terminal) std::fprintf(stderr, "\r\033[K");
  if (!report.ok()) throw CliError{kBadInput, report.message()};
  if (c.json) {
    std::cout << DumpJson(match::ReportJson(*report), c.pretty) << '\n';
  } else {
    std::cout << match::ReportText(*report);
  }
  // A bot that lost every game by failing (an engine that never starts, say) makes the
  // run say nothing of its play: a script must not take it for a result.
  for (const match::BotResult& b : report->bots) {
    if (b.games == 0 || b.failures < b.games) continue;
    std::cerr << "souk: arena: " << b.spec << " failed in every one of its " << b.games << " games (first: "
              << (b.failure_counts.empty() ? "" : b.failure_counts.front().first) << ")\n";
    return kABotFailedEveryGame;
  }
  return 0;
}

}  // namespace souk::cli
