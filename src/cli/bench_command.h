// `souk bench`: fixed searches of every bot of every game, and one signature of what
// they chose. Stockfish's `bench` is the model: the searches are fixed (seeds,
// positions, iteration budgets, never time), so the signature changes exactly when
// some bot's play changes, on any machine and in any build. docs/performance.md.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace souk::cli {

struct BenchTotals {
  int searches = 0;
  int64_t nodes = 0;       // MCTS iterations, summed over the searches
  uint64_t signature = 0;  // a hash of every search's game, position, bot, choice and root visits
};

// Runs the bench's searches; `trace`, if not null, is told one line per search.
BenchTotals RunBench(std::ostream* trace);

class BenchCommand {
 public:
  // Adds the subcommand and its options to `app`.
  explicit BenchCommand(CLI::App& app);
  bool parsed() const;
  // Prints `nodes N signature HEX` on stdout, the time it took on stderr.
  int Run();

 private:
  CLI::App* bench_ = nullptr;
  bool verbose_ = false;
};

}  // namespace souk::cli
