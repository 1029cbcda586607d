#include "cli/bench_command.h"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/bot.h"
#include "cli/cli_error.h"
#include "core/game_type.h"
#include "core/prng.h"
#include "format/game.h"

namespace souk::cli {
namespace {

// Every kind of bot and every level; all search a fixed number of iterations (the
// levels are iteration budgets, bare `mcts` its default 10,000), hard on two threads,
// which split the budget in fixed shares.
constexpr std::string_view kBots[] = {"random", "greedy", "easy", "medium", "hard", "mcts"};

// Each configuration's positions: the decision reached after `decisions` random moves
// of the players from a new game of `seed` (chance drawn by the game's own PRNG). An
// even and an odd count, so that Marrakech gives both an orientation and a placement.
struct Position {
  uint64_t seed;
  int decisions;
};
constexpr Position kPositions[] = {{1, 6}, {2, 31}, {3, 50}};

constexpr uint64_t kBotSeed = 1;

// FNV-1a, 64 bits: the same value on every platform and in every build.
class Signature {
 public:
  void Add(std::string_view text) {
    for (unsigned char c : text) Mix(c);
    Mix(0xff);  // ends the field, so that "ab","c" and "a","bc" differ
  }
  void Add(int64_t n) { Add(std::string_view(std::to_string(n))); }
  uint64_t value() const { return hash_; }

 private:
  void Mix(unsigned char byte) {
    hash_ ^= byte;
    hash_ *= 0x100000001b3ULL;
  }
  uint64_t hash_ = 0xcbf29ce484222325ULL;
};

// Every configuration of every game in the registry: each player count with the
// default rules, and each variant with its fewest players.
std::vector<GameOptions> Configurations() {
  std::vector<GameOptions> configs;
  for (const GameType* type : GameTypes()) {
    for (int players = type->min_players; players <= type->max_players; ++players)
      configs.push_back({std::string(type->name), 0, players, ""});
    for (const GameType::Variant& variant : type->variants)
      configs.push_back({std::string(type->name), 0, variant.min_players, std::string(variant.name)});
  }
  return configs;
}

// Plays chance outcomes until a player is to decide or the game is over.
void DrawChance(GameState& state) {
  while (!state.is_over() && state.current_player() == GameState::kChance) {
    if (!state.Apply(state.SampleChance()).ok()) throw CliError{1, "internal error: a chance outcome was refused"};
  }
}

// The position: the last decision reached, if the game ends before `decisions`.
std::unique_ptr<GameState> PositionOf(GameOptions options, const Position& position) {
  options.seed = position.seed;
  auto game = NewGame(options);
  if (!game.ok()) throw CliError{1, "internal error: " + game.message()};
  std::unique_ptr<GameState> state = std::move(*game);
  DrawChance(*state);
  Prng chooser(position.seed ^ 0xbe7c4be7c4be7c4bULL);
  for (int i = 0; i < position.decisions; ++i) {
    std::unique_ptr<GameState> next = state->Clone();
    const std::vector<std::string> legal = next->LegalMoves();
    if (!next->Apply(legal[chooser.Below(static_cast<uint32_t>(legal.size()))]).ok())
      throw CliError{1, "internal error: a legal move was refused"};
    DrawChance(*next);
    if (next->is_over()) break;
    state = std::move(next);
  }
  return state;
}

std::string ConfigName(const GameOptions& o) {
  return o.game + " " + std::to_string(o.players) + "p" + (o.variant.empty() ? "" : " " + o.variant);
}

}  // namespace

BenchTotals RunBench(std::ostream* trace) {
  BenchTotals totals;
  Signature signature;
  for (const GameOptions& config : Configurations()) {
    for (size_t p = 0; p < std::size(kPositions); ++p) {
      const std::unique_ptr<GameState> state = PositionOf(config, kPositions[p]);
      const AnyView view = state->PlayerView(state->current_player());
      for (std::string_view spec : kBots) {
        auto bot = ai::MakeBot(config.game, spec, kBotSeed);
        if (!bot.ok()) throw CliError{1, "internal error: " + bot.message()};
        // What a bot that searches chooses is its analysis's first move; the others
        // choose apart from their ranking, so their choice is asked of a second bot.
        const ai::TextAnalysis analysis = (*bot)->Analyse(view);
        const std::string chosen = analysis.iterations > 0 ? analysis.moves.front().move
                                                           : (*ai::MakeBot(config.game, spec, kBotSeed))->ChooseMove(view);
        signature.Add(ConfigName(config));
        signature.Add(static_cast<int64_t>(p));
        signature.Add(spec);
        signature.Add(chosen);
        signature.Add(analysis.iterations);
        for (const auto& ranked : analysis.moves) {
          signature.Add(ranked.move);
          signature.Add(ranked.visits);
        }
        ++totals.searches;
        totals.nodes += analysis.iterations;
        if (trace)
          *trace << ConfigName(config) << ", position " << p << ", " << spec << ": " << chosen << " ("
                 << analysis.iterations << " nodes)\n";
      }
    }
  }
  totals.signature = signature.value();
  return totals;
}

BenchCommand::BenchCommand(CLI::App& app) {
  bench_ = app.add_subcommand(
      "bench", "Fixed searches of every bot of every game: the nodes searched and a signature of the play");
  bench_->add_flag("--verbose", verbose_, "Each search's move and nodes on stderr");
}

bool BenchCommand::parsed() const { return bench_->parsed(); }

int BenchCommand::Run() {
  const auto start = std::chrono::steady_clock::now();
  const BenchTotals totals = RunBench(verbose_ ? &std::cerr : nullptr);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("nodes %" PRId64 " signature %016" PRIx64 "\n", totals.nodes, totals.signature);
  std::fflush(stdout);
  std::fprintf(stderr, "%d searches in %.2f s: %.0f nodes/s\n", totals.searches, seconds,
               seconds > 0 ? static_cast<double>(totals.nodes) / seconds : 0.0);
  return 0;
}

}  // namespace souk::cli
