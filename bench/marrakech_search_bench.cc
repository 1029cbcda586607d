// Marrakech MCTS: iterations per second (items_per_second), at the opening and in
// mid-game (after 20 turns of random play, fixed seed), two and four players, one and
// two root-parallel threads. Each benchmark iteration is one search of a fixed
// budget from a fresh bot, so the figure includes setting up the tree.
#include <benchmark/benchmark.h>

#include "ai/marrakech/marrakech_bots.h"
#include "core/marrakech/marrakech.h"

namespace {

using souk::Prng;
using namespace souk::marrakech;

constexpr int64_t kIterations = 5000;

State Position(int players, int turns) {
  State s = State::NewGame(players, Variant::kStandard, 2024);
  Prng prng(7);
  MoveList legal;
  for (int done = 0; done < turns && !s.game_over();) {
    s.LegalMoves(&legal);
    Move m = s.phase == Phase::kRoll ? Move::Roll(DrawRoll(prng))
                                     : legal[static_cast<int>(prng.Below(static_cast<uint32_t>(legal.size())))];
    s.ApplyMove(m);
    if (m.kind == MoveKind::kPlace) ++done;
  }
  return s;
}

void BM_MarrakechMcts(benchmark::State& bench, int players, int turns, int threads) {
  State s = Position(players, turns);
  View view = s.ViewFor(s.to_move);
  souk::ai::MctsParams params;
  params.budget.iterations = kIterations;
  params.budget.threads = threads;
  int64_t iterations = 0;
  uint64_t seed = 1;
  for (auto _ : bench) {
    auto bot = souk::ai::marrakech_bots::MakeMctsBot(params, seed++);
    auto analysis = bot->Analyse(view);
    iterations += analysis.iterations;
    benchmark::DoNotOptimize(analysis);
  }
  bench.SetItemsProcessed(iterations);
}

BENCHMARK_CAPTURE(BM_MarrakechMcts, 2p_opening_1thread, 2, 0, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MarrakechMcts, 2p_opening_2threads, 2, 0, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MarrakechMcts, 2p_midgame_1thread, 2, 20, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MarrakechMcts, 2p_midgame_2threads, 2, 20, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MarrakechMcts, 4p_opening_1thread, 4, 0, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MarrakechMcts, 4p_opening_2threads, 4, 0, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MarrakechMcts, 4p_midgame_1thread, 4, 20, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_MarrakechMcts, 4p_midgame_2threads, 4, 20, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
