// Jaipur engine speed: random playouts with full legal-move enumeration at every
// step and a uniform choice, as an AI rollout would run them. Figures and the
// command that produced them: docs/performance.md.
#include <benchmark/benchmark.h>

#include "core/jaipur/jaipur.h"

namespace souk::jaipur {
namespace {

// Plays one whole game (to 2 seals) from `state`; returns the number of moves.
int64_t Playout(State& state, MoveList& moves, Prng& prng) {
  int64_t count = 0;
  while (!state.game_over) {
    state.LegalMoves(&moves);
    state.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
    ++count;
  }
  return count;
}

void BM_JaipurRandomPlayout(benchmark::State& bench) {
  MoveList moves;
  Prng prng(1);
  uint64_t seed = 0;
  int64_t total_moves = 0, games = 0;
  for (auto _ : bench) {
    State state = State::NewGame(seed++);
    total_moves += Playout(state, moves, prng);
    ++games;
  }
  bench.SetItemsProcessed(total_moves);
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bench.counters["moves/game"] = static_cast<double>(total_moves) / static_cast<double>(games);
}
BENCHMARK(BM_JaipurRandomPlayout);

void BM_JaipurLegalMovesOpening(benchmark::State& bench) {
  MoveList moves;
  State state = State::NewGame(5);
  for (auto _ : bench) {
    state.LegalMoves(&moves);
    benchmark::DoNotOptimize(moves.size());
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_JaipurLegalMovesOpening);

void BM_JaipurNewGame(benchmark::State& bench) {
  uint64_t seed = 0;
  for (auto _ : bench) benchmark::DoNotOptimize(State::NewGame(seed++));
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_JaipurNewGame);

}  // namespace
}  // namespace souk::jaipur
