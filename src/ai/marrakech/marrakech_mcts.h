// The MCTS bot: Monte Carlo tree search with explicit chance nodes, max^n style.
//
// The tree is over public positions (see MctsSearcher below). Each iteration
// deals the hidden piles afresh (two-player standard game; the other modes hide
// nothing that matters), walks down the tree, adds one node and plays a rollout:
// - decision nodes (orient, place): UCT on the mover's own reward component;
// - chance nodes (the roll): children keyed by what every player then sees, the roll
//   and the colour drawn for the placement, 4 x 2 of them. The die is chosen by the
//   outcome least visited against its probability (variance reduction), the colour
//   comes from the iteration's dealing of the pile: the top of a uniformly shuffled
//   pile is each colour in proportion to the carpets left, so the tree sees the drawn
//   colour with its true probability without reshuffling before each draw;
// - rollouts: uniform moves, rolls from the die, all chance from the iteration's
//   Prng; by default cut after 18 plies (six turns), since a random game's far
//   future is mostly noise (docs/ai.md has the measurements).
// Rewards, per seat in [0, 1]: a win 1 (shared wins split), a loss 0, blended with
// a share (margin_weight) of the score margin over the best opponent, scaled by
// margin_scale and clamped; seats that are out get 0. A cut rollout is judged on the
// scores as they stand. Defaults (MctsConfig): the margin alone (weight 1, 20 points
// for the full range), which measured better than the win alone with noisy rollouts.
// Parameters: MctsParams.exploration (UCT constant, default 0.3), rollout_cap
// (default 18 plies), budget (iterations and/or time; 10,000 iterations with
// neither; threads: root parallel (ai/root_parallel.h), each thread its own tree and
// Prng stream, iterations in fixed shares, root statistics summed).
// Between moves each thread keeps its tree and restarts from the node whose public
// position the new view shows, if it lies within a few turns of the old root.
//
// The search loop allocates nothing: nodes come from a pool reserved before it
// (MctsConfig::max_nodes per bot), worlds are copied values, move lists fixed-size.
// Internal to souk_ai_marrakech; exposed for its tests and benchmarks.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "ai/marrakech/marrakech_bots.h"
#include "ai/root_parallel.h"
#include "core/marrakech/marrakech.h"
#include "core/prng.h"

namespace souk::ai::marrakech_bots {

struct MctsConfig {
  double exploration = 0.3;    // UCT constant, rewards in [0, 1]
  int rollout_cap = 18;         // moves (plies) past the tree; 0: to the end of the game
  double margin_weight = 1.0;  // share of the reward given to the score margin
  double margin_scale = 20;    // a margin this big (points) is worth the whole share
  // Rollouts orient away from the costliest tribute with this probability (else at
  // random) and place uniformly.
  double rollout_safe_orient = 0.0;
  // Rollouts place by a cheap score (squares won, taken, own groups grown) with this
  // probability, else uniformly.
  double rollout_greedy_place = 0.0;
  double rollout_group_bonus = 0.5;  // the cheap score's weight for a neighbour of one's colour
  // Chance nodes: the die by least visited against its probability, else sampled.
  bool stratified_die = true;
  // Progressive bias: a child's cheap heuristic value (points, divided by
  // margin_scale) times this, over its visits + 1, is added to its UCT score, and
  // unvisited children are tried best heuristic first.
  double prior_weight = 0.0;
  bool reuse = true;            // keep the tree between moves
  // The pool's ceiling per bot, shared among its threads (80 bytes a node; SetRoot
  // compacts the tree it keeps in place, and growing the pool copies it, old and new
  // pools for a moment); past it the tree stops growing. Every iteration budget in docs/ai.md stays under it (an iteration adds
  // at most 12 nodes), and strength stops growing long before.
  int64_t max_nodes = 1 << 20;
};

// A tree over public positions: the only hidden thing in Marrakech is the order of
// the piles, which no player knows, so a view is the whole of everyone's knowledge
// and every node is a position all players see alike. One thread's search (a Tree of
// ai::RootParallel, ai/root_parallel.h).
class MctsSearcher {
 public:
  explicit MctsSearcher(const MctsConfig& config) : config_(config) {}

  // Roots the tree at `view`: the node of the kept tree showing the same public
  // position if there is one within a few turns of the old root, else a new tree.
  // Reserves room for `iterations` more (an estimate for time budgets). Allocates.
  void SetRoot(const marrakech::View& view, int64_t iterations, uint64_t seed);

  // One iteration, or false (running none) when the root's visits are at their
  // ceiling. Allocates nothing.
  bool Iterate();

  int RootChildren() const;
  // The i-th of the root's children: its move and, for the root's mover, its sums.
  marrakech::Move RootMove(int i) const;
  RootStat root_stat(int i) const;
  bool reused() const { return reused_; }
  int64_t nodes() const { return static_cast<int64_t>(nodes_.size()); }
  int64_t root_visits() const;

  // Memory. The bytes held between moves: the pool, by capacity.
  size_t MemoryBytes() const;
  // The most SetRoot and `iterations` iterations would hold at any moment without a
  // memory limit: finding and compacting the kept tree, then growing the pool.
  size_t SearchMemoryBytes(int64_t iterations) const;
  // Caps what SetRoot and the iterations hold from now on (0: the ceiling of the config
  // alone). A pool reserved above the cap is dropped, its tree with it, at SetRoot;
  // a tree that could grow only above it starts afresh.
  void SetMemoryLimit(size_t bytes);
  // Drops the tree and its pool.
  void Release();

 private:
  enum class Kind : uint8_t { kLeaf, kDecision, kChance, kTerminal };
  struct Node {
    std::array<double, marrakech::kMaxPlayers> reward{};  // sums, per seat
    double wins = 0;    // of the seat whose choice (or roll) led here
    double margin = 0;  // of the same seat
    uint64_t hash = 0;  // the public position; set on expansion
    float prior = 0;    // the heuristic value of the choice that led here
    int32_t visits = 0;
    int32_t first_child = -1;
    uint8_t num_children = 0;
    Kind kind = Kind::kLeaf;
    marrakech::Move move;  // the choice that led here, from a decision node
  };
  static constexpr int kChanceChildren = 8;  // 4 rolls x the colour drawn (2 at most)
  static constexpr int kMaxPath = 3 * marrakech::kMaxCarpets + 8;

  bool Expand(int32_t node, const marrakech::State& s);
  int32_t SelectDecision(const Node& n, int mover) const;
  int32_t SelectChance(const Node& n, marrakech::State* s, Prng& prng) const;
  void Rollout(marrakech::State* s, Prng& prng) const;
  void Evaluate(const marrakech::State& s, std::array<double, 4>* reward, std::array<double, 4>* wins,
                std::array<double, 4>* margin) const;
  int32_t Find(uint64_t hash, int max_depth);
  void Compact(int32_t root);
  int64_t Ceiling() const;

  MctsConfig config_;
  std::vector<Node> nodes_;
  int64_t pool_limit_ = 0;   // Expand adds no node past this many
  int64_t limit_nodes_ = 0;  // SetMemoryLimit's cap in nodes, 0: none
  int32_t root_ = -1;
  bool reused_ = false;
  bool hidden_piles_ = false;  // two-player standard game: pile order unknown
  marrakech::State root_world_;
  Prng prng_;
  std::array<int32_t, kMaxPath> path_{};
  std::array<int8_t, kMaxPath> chooser_{};
};

// The MCTS bot with its internal knobs set (params' non-zero fields override them).
std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, const MctsConfig& config, uint64_t seed);

}  // namespace souk::ai::marrakech_bots
