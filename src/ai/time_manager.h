// Time management for a search on a clock (Budget::clock): the bot's clock gains
// `gain` milliseconds a move and each move spends what it uses, so that over any
// run of moves the bot thinks at most `gain` a move on average (plus the last
// check's overshoot, a fraction of a millisecond, paid back by the next move).
//
// Within that, a move thinks less where one root move has pulled so far ahead that
// it stays the most visited whatever the time left to the move's target would
// bring (the "best move cannot change" stop), and longer where the root is split:
// past the target it goes on while the two most visited moves are close or the most
// visited one is not the best rated, up to twice the gain, and only on time saved
// before. The idea and its measured value in games: Baier & Winands, "Time
// Management for Monte-Carlo Tree Search", IEEE TCIAIG 2016 (their EARLY and
// BEHIND/UNSTABLE rules); docs/ai.md measures it for Jaipur.
#pragma once

#include <algorithm>
#include <cstdint>

namespace souk::ai {

// The root's visits as time management reads them.
struct RootSplit {
  int64_t best = 0;     // the most visited child's visits
  int64_t second = 0;   // the runner-up's
  bool best_rated_best = true;  // the most visited has the best mean reward among the contenders
};

class TimeManager {
 public:
  // Past the target, the root counts as split while the runner-up has this share of
  // the leader's visits.
  static constexpr double kSplitShare = 0.7;
  // Contenders for "best rated": children with at least this share of the leader's visits.
  static constexpr double kContenderShare = 0.25;
  // The most a clock keeps, in moves' gains: time saved beyond it is not kept.
  static constexpr double kMaxBankMoves = 8;
  // Time saved is spread over about this many moves.
  static constexpr double kSpreadMoves = 4;
  // The most one move thinks, in gains.
  static constexpr int kMaxMoveGains = 2;
  // The least of the target a move thinks before the early stop may end it.
  static constexpr double kMinShare = 0.1;

  explicit TimeManager(double gain_ms) : gain_ms_(gain_ms) {}

  // A move's target: the gain plus a share of what the clock has saved (less what
  // it overspent), so that time saved on easy moves is spent on the next ones. Its
  // limit: the gain plus what the clock has saved, at most twice the gain.
  double target_ms() const { return std::min(gain_ms_ + bank_ms_ / kSpreadMoves, limit_ms()); }
  double limit_ms() const { return gain_ms_ + std::clamp(bank_ms_, -gain_ms_ / 2, (kMaxMoveGains - 1) * gain_ms_); }
  double bank_ms() const { return bank_ms_; }

  // Whether a search `elapsed_ms` into its move, having run `done` iterations whose
  // root stands at `split`, stops now.
  bool ShouldStop(double elapsed_ms, int64_t done, const RootSplit& split) const {
    if (elapsed_ms >= limit_ms()) return true;
    if (done <= 0 || elapsed_ms <= 0) return false;
    const double target = target_ms();
    if (elapsed_ms < target) {
      if (elapsed_ms < kMinShare * target) return false;
      // Were every iteration left before the target to go to the runner-up, would it
      // still trail?
      const double rate = static_cast<double>(done) / elapsed_ms;
      return static_cast<double>(split.best - split.second) > rate * (target - elapsed_ms);
    }
    const bool split_root = static_cast<double>(split.second) >= kSplitShare * static_cast<double>(split.best);
    return !split_root && split.best_rated_best;
  }

  // The move is made, having used `used_ms`.
  void EndMove(double used_ms) { bank_ms_ = std::min(bank_ms_ + gain_ms_ - used_ms, kMaxBankMoves * gain_ms_); }

 private:
  double gain_ms_;
  double bank_ms_ = 0;
};

// The split of a tree's root of `children` children, read through root_stat(i).
template <typename Tree>
RootSplit ReadRootSplit(const Tree& tree, int children) {
  RootSplit split;
  int best = -1;
  for (int i = 0; i < children; ++i) {
    const int64_t v = tree.root_stat(i).visits;
    if (best < 0 || v > split.best) {
      split.second = best < 0 ? 0 : split.best;
      split.best = v;
      best = i;
    } else if (v > split.second) {
      split.second = v;
    }
  }
  if (best < 0 || split.best == 0) return split;
  const auto leader = tree.root_stat(best);
  const double leader_mean = leader.reward / static_cast<double>(leader.visits);
  const double contender_visits = TimeManager::kContenderShare * static_cast<double>(split.best);
  for (int i = 0; i < children; ++i) {
    const auto s = tree.root_stat(i);
    if (i == best || s.visits == 0 || static_cast<double>(s.visits) < contender_visits) continue;
    if (s.reward / static_cast<double>(s.visits) > leader_mean) {
      split.best_rated_best = false;
      break;
    }
  }
  return split;
}

}  // namespace souk::ai
