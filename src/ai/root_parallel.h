// Root-parallel Monte Carlo tree search, the part every game's searcher shares: one
// tree per thread, each with its own PRNG stream and a fixed share of the iteration
// budget, the deadline, the threads, the root statistics summed, and the trees'
// memory against the bot's limit. What a tree is (its nodes, its tree policy, its
// rollouts, the worlds it deals) stays in the game's searcher: src/ai/<game>/<game>_mcts.h.
//
// A Tree is one thread's search. RootParallel<Tree> needs of it:
//   bool Iterate();                 // one iteration; false, having run none, when it cannot
//   RootStat root_stat(int i) const;             // the root's i-th child, so far
//   int RootChildren() const;                    // the root's children, once rooted
//   size_t MemoryBytes() const;                  // what it holds between searches
//   size_t SearchMemoryBytes(int64_t iterations) const;  // the most a search of that
//                                                // many iterations would hold at once
//   void SetMemoryLimit(size_t bytes);           // its share of the bot's limit, 0: none
//   void Release();                              // drops all it holds
// and the game roots each tree before its iterations (Search's `setup`).
//
// Determinism: the shares are fixed and each thread's stream is the game's choice, so
// a seed and an iteration budget fix the move whatever the threads' timing.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "ai/search.h"
#include "ai/time_manager.h"

namespace souk::ai {

// The searches' clock: the steady clock, unless a test has set another source, a clock
// it moves by hand (a time budget's tests then measure nothing by the wall clock).
// Read before every 64th iteration at most: the indirection costs nothing measurable.
struct SearchClock {
  using duration = std::chrono::steady_clock::duration;
  using time_point = std::chrono::steady_clock::time_point;
  using Source = time_point (*)();
  static time_point now() { return source_.load(std::memory_order_relaxed)(); }
  // For tests: `source` from now on, or the steady clock again for nullptr. Set it
  // while no search runs.
  static void SetSourceForTesting(Source source) { source_.store(source ? source : &Steady); }

 private:
  static time_point Steady() { return std::chrono::steady_clock::now(); }
  static inline std::atomic<Source> source_{&Steady};
};

// A thread's iterations when only the deadline ends its search.
inline constexpr int64_t kUnlimitedIterations = std::numeric_limits<int64_t>::max();

// When a search stops besides its iterations: never, or at a time. The clock is read
// before every 64th iteration.
class Deadline {
 public:
  Deadline() = default;  // none
  explicit Deadline(SearchClock::time_point at) : set_(true), at_(at) {}
  // `ms` milliseconds from now; none for 0.
  static Deadline In(int ms) {
    return ms > 0 ? Deadline(SearchClock::now() + std::chrono::milliseconds(ms)) : Deadline();
  }
  // Whether a search that has run `done` iterations stops here.
  bool Reached(int64_t done) const { return set_ && done % 64 == 0 && SearchClock::now() >= at_; }
  // The earlier of two deadlines (none counts as never).
  static Deadline Earliest(const Deadline& a, const Deadline& b) {
    if (!a.set_) return b;
    if (!b.set_) return a;
    return a.at_ <= b.at_ ? a : b;
  }

 private:
  bool set_ = false;
  SearchClock::time_point at_{};
};

// Runs `tree` for `iterations` iterations, or until the deadline, or until it cannot
// go on. Returns the iterations run. Allocates nothing of its own.
template <typename Tree>
int64_t RunIterations(Tree& tree, int64_t iterations, const Deadline& deadline = {}) {
  int64_t done = 0;
  while (done < iterations && !deadline.Reached(done) && tree.Iterate()) ++done;
  return done;
}

// What the search learned of one of the root's moves, for the player to decide: sums
// over the iterations that began with it.
struct RootStat {
  int64_t visits = 0;
  double reward = 0;  // the search's reward
  double wins = 0;    // wins, a shared win split (Jaipur: the round's seal, 1, 0.5 or 0)
  double margin = 0;  // the score margin over the best opponent
  RootStat& operator+=(const RootStat& o) {
    visits += o.visits;
    reward += o.reward;
    wins += o.wins;
    margin += o.margin;
    return *this;
  }
};

// A game's search knobs with MctsParams' non-zero exploration and rollout cap in place
// of theirs.
template <typename Config>
Config WithParams(Config config, const MctsParams& params) {
  if (params.exploration > 0) config.exploration = params.exploration;
  if (params.rollout_cap > 0) config.rollout_cap = params.rollout_cap;
  return config;
}

template <typename Tree>
class RootParallel {
 public:
  // `budget` with neither limit set searches `default_iterations`; with fewer than one
  // thread, one. make_tree(budget) builds each thread's tree, given the budget so set.
  template <typename MakeTree>
  RootParallel(const Budget& budget, int64_t default_iterations, const MakeTree& make_tree) : budget_(budget) {
    if (budget_.iterations <= 0 && budget_.time_ms <= 0) budget_.iterations = default_iterations;
    budget_.threads = std::max(1, budget_.threads);
    time_ = TimeManager(budget_.time_ms);
    for (int t = 0; t < budget_.threads; ++t) trees_.push_back(std::make_unique<Tree>(make_tree(budget_)));
    done_.resize(trees_.size());
  }

  const Budget& budget() const { return budget_; }
  int threads() const { return budget_.threads; }
  Tree& tree(int t) { return *trees_[static_cast<size_t>(t)]; }
  const Tree& tree(int t) const { return *trees_[static_cast<size_t>(t)]; }

  // Thread t's iterations: its fixed share of the budget (a thread whose share is 0,
  // with fewer iterations than threads, searches nothing, even with a deadline), or
  // kUnlimitedIterations under a time budget alone.
  int64_t Share(int t) const {
    if (budget_.iterations <= 0) return kUnlimitedIterations;
    return budget_.iterations / threads() + (t < budget_.iterations % threads() ? 1 : 0);
  }

  // One search: the deadline starts; on every thread (thread 0 the caller's) setup(tree,
  // t) roots the tree, then it runs its share or until the deadline. Returns the
  // iterations of all threads.
  //
  // On a clock (Budget::clock) the time manager (ai/time_manager.h) ends the search
  // instead of the deadline, reading thread 0's tree; the others stop with it.
  template <typename Setup>
  int64_t Search(const Setup& setup) {
    const auto start = SearchClock::now();
    const bool clock = budget_.clock && budget_.time_ms > 0;
    const Deadline budgeted = clock ? Deadline(start + std::chrono::duration_cast<SearchClock::duration>(
                                                           std::chrono::duration<double, std::milli>(time_.limit_ms())))
                                     : Deadline::In(budget_.time_ms);
    const Deadline cap = Deadline::In(std::exchange(cap_ms_, 0));
    const Deadline deadline = Deadline::Earliest(budgeted, cap);
    stop_.store(false, std::memory_order_relaxed);
    auto run = [&](int t) {
      Tree& tree = this->tree(t);
      setup(tree, t);
      done_[static_cast<size_t>(t)] = clock ? RunOnClock(tree, t, start, deadline, cap) : RunIterations(tree, Share(t), deadline);
    };
    if (threads() == 1) {
      run(0);
    } else {
      std::vector<std::thread> workers;
      workers.reserve(static_cast<size_t>(threads() - 1));
      for (int t = 1; t < threads(); ++t) workers.emplace_back(run, t);
      run(0);
      for (auto& w : workers) w.join();
    }
    int64_t iterations = 0;
    for (int64_t d : done_) iterations += d;
    if (clock) time_.EndMove(MillisecondsSince(start));
    return iterations;
  }

  // The next search stops `ms` milliseconds in at the latest, whatever its budget
  // says: a game clock's time left is the server's to measure, and a bot on a clock
  // must move before it runs out (docs/clocks.md). 0: no cap. For one search only.
  void CapNextSearch(int ms) { cap_ms_ = ms; }

  // The clock's state (for tests and inspection).
  const TimeManager& time_manager() const { return time_; }

  // The root's i-th child's statistics, summed over the threads' trees in thread order.
  RootStat SummedRootStat(int i) const {
    RootStat sum;
    for (const auto& tree : trees_) sum += tree->root_stat(i);
    return sum;
  }

  // Memory (ai::Bot's methods). What the trees hold between searches.
  size_t MemoryBytes() const {
    size_t bytes = 0;
    for (const auto& tree : trees_) bytes += tree->MemoryBytes();
    return bytes;
  }
  // The most the next search would hold, each thread t's tree searching reserve(t)
  // iterations (what the game expects it to reserve room for).
  template <typename Reserve>
  size_t SearchMemoryBytes(const Reserve& reserve) const {
    size_t bytes = 0;
    for (int t = 0; t < threads(); ++t) bytes += tree(t).SearchMemoryBytes(reserve(t));
    return bytes;
  }
  // Shares `bytes` equally among the trees: 0 stays 0 (no limit), and a limit never
  // rounds down to none.
  void SetMemoryLimit(size_t bytes) {
    for (auto& tree : trees_) tree->SetMemoryLimit(bytes == 0 ? 0 : std::max<size_t>(1, bytes / trees_.size()));
  }
  void Release() {
    for (auto& tree : trees_) tree->Release();
  }

 private:
  static double MillisecondsSince(SearchClock::time_point start) {
    return std::chrono::duration<double, std::milli>(SearchClock::now() - start).count();
  }

  // Thread t's iterations on a clock: thread 0 asks the time manager (and the cap, if
  // any) every 64 iterations and raises stop_; the others watch it, and the move's limit.
  int64_t RunOnClock(Tree& tree, int t, SearchClock::time_point start, const Deadline& deadline, const Deadline& cap) {
    const int64_t share = Share(t);
    const int children = tree.RootChildren();
    int64_t done = 0;
    while (done < share && tree.Iterate()) {
      if (++done % 64 != 0) continue;
      if (stop_.load(std::memory_order_relaxed)) break;
      if (t != 0) {
        if (deadline.Reached(done)) break;
      } else if (cap.Reached(done) || time_.ShouldStop(MillisecondsSince(start), done, ReadRootSplit(tree, children))) {
        stop_.store(true, std::memory_order_relaxed);
        break;
      }
    }
    return done;
  }

  Budget budget_;
  TimeManager time_{0};
  std::atomic<bool> stop_{false};
  int cap_ms_ = 0;  // CapNextSearch's
  std::vector<std::unique_ptr<Tree>> trees_;
  std::vector<int64_t> done_;  // iterations per thread in the last search
};

}  // namespace souk::ai
