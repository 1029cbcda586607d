// Marrakech random playouts: the speed of the rules core for search.
//
// Each step enumerates the legal moves in full, then plays one: a uniform choice
// for orienting and placing, and for the die an outcome drawn with its probability
// (DrawRoll). Orient, roll and place each count as one move. items_per_second is
// moves per second on one core; games_per_second counts finished games.
#include <benchmark/benchmark.h>

#include "core/marrakech/marrakech.h"

namespace {

using souk::Prng;
using namespace souk::marrakech;

void BM_MarrakechRandomPlayout(benchmark::State& bench, int players, Variant variant) {
  Prng prng(12345);
  uint64_t seed = 1;
  int64_t moves = 0, games = 0;
  MoveList legal;
  for (auto _ : bench) {
    State s = State::NewGame(players, variant, seed++);
    while (!s.game_over()) {
      s.LegalMoves(&legal);
      Move m = s.phase == Phase::kRoll ? legal[DrawRoll(prng) - 1]  // legal lists roll 1..4
                                       : legal[static_cast<int>(prng.Below(static_cast<uint32_t>(legal.size())))];
      s.ApplyMove(m);
      ++moves;
    }
    benchmark::DoNotOptimize(s);
    ++games;
  }
  bench.SetItemsProcessed(moves);
  bench.counters["games_per_second"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bench.counters["moves_per_game"] = games ? static_cast<double>(moves) / static_cast<double>(games) : 0.0;
}

BENCHMARK_CAPTURE(BM_MarrakechRandomPlayout, 2p, 2, Variant::kStandard);
BENCHMARK_CAPTURE(BM_MarrakechRandomPlayout, 2p_single_colour, 2, Variant::kSingleColour);
BENCHMARK_CAPTURE(BM_MarrakechRandomPlayout, 3p, 3, Variant::kStandard);
BENCHMARK_CAPTURE(BM_MarrakechRandomPlayout, 4p, 4, Variant::kStandard);

}  // namespace
