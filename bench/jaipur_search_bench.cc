// Jaipur IS-MCTS speed: iterations per second of one search of a fixed budget, at
// the opening and in mid-game, with one and two root-parallel threads. Figures
// and the command that produced them: docs/performance.md.
#include <benchmark/benchmark.h>

#include "ai/jaipur/jaipur_bots.h"
#include "core/jaipur/jaipur.h"

namespace souk::jaipur {
namespace {

constexpr int64_t kIterations = 2000;

View OpeningView() {
  State s = State::NewGame(7);
  return s.ViewFor(s.to_move);
}

// After 20 random moves of a fixed game.
View MidGameView() {
  State s = State::NewGame(7);
  MoveList moves;
  Prng prng(1);
  for (int i = 0; i < 20; ++i) {
    s.LegalMoves(&moves);
    s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
  }
  return s.ViewFor(s.to_move);
}

void RunSearch(benchmark::State& bench, const View& view) {
  ai::MctsParams params;
  params.budget.iterations = kIterations;
  params.budget.threads = static_cast<int>(bench.range(0));
  auto bot = ai::jaipur_bots::MakeMctsBot(params, 1);
  int64_t iterations = 0;
  for (auto _ : bench) {
    auto analysis = bot->Analyse(view);
    iterations += analysis.iterations;
    benchmark::DoNotOptimize(analysis.moves.data());
  }
  bench.SetItemsProcessed(iterations);
}

void BM_JaipurMctsOpening(benchmark::State& bench) { RunSearch(bench, OpeningView()); }
BENCHMARK(BM_JaipurMctsOpening)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_JaipurMctsMidGame(benchmark::State& bench) { RunSearch(bench, MidGameView()); }
BENCHMARK(BM_JaipurMctsMidGame)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace souk::jaipur
