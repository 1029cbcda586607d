// Information-set Monte Carlo tree search for Jaipur: single-observer IS-MCTS
// (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
// TCIAIG 2012).
//
// One tree for the deciding player's information set. Each iteration samples a
// world the player cannot tell from the real one (State::RandomizeHidden of a
// world from State::FromView: the opponent's unknown cards, the deck order, unseen
// bonus values), then descends the tree: its edges are moves of both players, and at
// each node only the children legal in this world compete, by UCB1 with the
// availability count (how often the child was legal) in place of the parent's
// visits. Card refills are not nodes: each world fixes them (a tree whose children
// also match the market a refill left played worse at equal iterations and gained
// no more from ten times them: docs/ai.md, issue 43). The first node with
// an untried move (legal in this world, not yet a child) adds the one the greedy
// score rates best (MctsConfig::expand_greedy; a random one without it), the round
// is played out by a heuristic rollout, and the result is backed up along the path,
// each node scored for the player who moved into it.
//
// The horizon is the end of the current round: the reward for the deciding player
// is (1 - w) * seal + w * sigmoid(margin / s), seal 1 / 0.5 / 0 for winning /
// fully tying / losing the round's seal of excellence, margin its rupee lead. A
// round cut at the rollout cap counts the lead in PositionValue (the rupees each
// player can expect: tokens held, a share of the hand, the camel token) as its
// margin, and as its seal the probability the learned evaluation gives it
// (jaipur_value.h, trained by self-play; sigmoid(margin / cap_scale) with
// learned_value off). Analysis reports the mean seal as win_rate and the mean
// margin as score.
//
// Moves: the root has every take, camel and sale move and the `root_exchanges`
// best exchanges by the greedy score (a position can have 150+ exchanges, most of
// them pointless); deeper nodes and rollouts use CandidateMoves (takes, camels,
// selling a whole set, exchanges taking every copy of a good). Rollouts play the
// greedy scorer's choice among those, or with probability `epsilon` a random one,
// for at most `rollout_cap` moves; a capped round is judged as above.
//
// Parameters (MctsParams, 0 = default): iterations 10,000 when no budget is set;
// exploration 0.5; rollout_cap 4 (the learned evaluation judges a round cut after
// a few greedy moves better than a long playout does, and costs less; docs/ai.md).
// Threads: root parallelism (ai/root_parallel.h), one tree and one PRNG stream per
// thread, the iteration budget split in fixed shares and the root statistics summed,
// so a seed and an iteration budget fix the move.
//
// No tree reuse between moves: the subtree that the opponent's reply would leave
// holds 14% of a 30,000-iteration search on average and 27% of a 300,000-iteration
// one, if the opponent replies as the tree expects (docs/ai.md, issue 43): a quarter
// more search at most, which the bot's scaling curve puts at ten Elo or less; and
// those statistics mix markets and hands that the next root rules out.
//
// The search loop allocates nothing: nodes come from a pool reserved before the
// search (children are first-child / next-sibling indices; at most 4M nodes per
// bot, shared among its threads; under a time budget alone 700 a millisecond of its
// longest move and thread, at least 512K), worlds are copied
// values and move lists are fixed-size. The pools stay reserved between moves (no
// tree is kept); a memory limit (Bot::SetMemoryLimit) lowers the ceiling and frees a
// pool reserved larger than it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "ai/jaipur/jaipur_bots.h"
#include "ai/root_parallel.h"
#include "core/jaipur/jaipur.h"
#include "core/prng.h"

namespace souk::ai::jaipur_bots {

// The search's knobs, for tests and experiments; MctsParams' non-zero exploration
// and rollout_cap override theirs, and its budget says how long to search.
struct MctsConfig {
  double exploration = 0.5;     // UCT constant, rewards in [0, 1]
  int rollout_cap = 4;          // moves past the tree before a capped round is scored
  double margin_weight = 0.1;   // w in the reward
  double margin_scale = 10.0;   // s in the reward, rupees
  double cap_scale = 6.0;       // seal probability of a capped round: sigmoid(margin / this)
  int root_exchanges = 8;       // exchanges among the root's moves, best by the greedy score
  double epsilon = 0.1;         // rollout: share of random candidate moves
  // Below the root, the move a node adds is its untried candidate with the best greedy
  // score in the iteration's world (else a random untried one).
  bool expand_greedy = true;
  // A capped round's seal probability: the learned evaluation (jaipur_value.h), else
  // sigmoid(PositionValue margin / cap_scale), the hand-set one.
  bool learned_value = true;
  // The learned evaluation's weights (caller-owned, outliving the bot); empty: the
  // weights kept in the tree. Self-play training searches with the weights it
  // starts from.
  std::span<const float> value_weights;
};

// One tree searched by one thread (a Tree of ai::RootParallel, ai/root_parallel.h).
class MctsSearcher {
 public:
  // At most `max_nodes` nodes past the root's children, whatever the iterations.
  explicit MctsSearcher(size_t max_nodes);
  // Roots a new tree: worlds re-dealt from `base`, whose player to move is the
  // observer; the root's children are `root_moves`. Reserves the pool for `iterations`
  // iterations (a node each) up to the ceiling and the memory limit. Allocates.
  void SetRoot(const jaipur::State& base, const jaipur::MoveList& root_moves, const MctsConfig& config,
               uint64_t stream_seed, int64_t iterations);
  // One world dealt and searched; always runs. Allocates nothing.
  bool Iterate();
  int RootChildren() const { return num_root_children_; }
  // The i-th of the root's children (root_moves order).
  RootStat root_stat(int i) const { return root_stats_[static_cast<size_t>(i)]; }
  size_t nodes_used() const { return pool_.size(); }
  // The moves of the nodes below the root's i-th child, in the order the search added
  // them (for tests and inspection; allocates).
  std::vector<jaipur::Move> ChildMovesOfRootChild(int i) const;

  // Memory. The pool's reserved bytes: kept between searches (reserved once, reused).
  size_t MemoryBytes() const { return pool_.capacity() * sizeof(Node); }
  // What the pool a search of `iterations` reserves at most: a node each up to the
  // ceiling, and the most children a root can have; or the pool it has, if larger.
  size_t SearchMemoryBytes(int64_t iterations) const;
  // Caps the pool from the next SetRoot on (0: the ceiling alone).
  void SetMemoryLimit(size_t bytes) { limit_bytes_ = bytes; }
  // Frees a pool reserved larger than the limit leaves a root of `root_children`.
  void ReleaseAboveLimit(int root_children);
  // Frees the pool; the next SetRoot reserves it again.
  void Release() { std::vector<Node>().swap(pool_); }

 private:
  struct Node {
    jaipur::Move move;
    uint8_t slot = 0;  // CandidateSlot(move), in what was padding
    uint64_t key = 0;  // the move packed, for matching
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    uint32_t visits = 0;
    uint32_t avail = 0;
    double reward = 0;  // sum, for `mover`
    uint8_t mover = 0;
  };

  void SearchWorld(jaipur::State& world);
  int SelectRootChild() const;
  // A uniformly random one of the `untried` candidates (of n) not matched by a child.
  int PickUntried(int untried, int n);
  // The untried candidate (of n) with the best greedy score in `world`, the first on a tie.
  int BestUntried(const jaipur::State& world, int n) const;
  int32_t NewNode(const jaipur::Move& move, int mover);

  size_t max_nodes_;
  size_t limit_bytes_ = 0;  // 0: the ceiling alone
  std::vector<Node> pool_;  // [0] the root, [1..n] its children in root_moves order
  std::vector<RootStat> root_stats_;
  jaipur::State base_;
  const MctsConfig* config_ = nullptr;
  std::span<const float> value_weights_;  // config_'s, or the kept ones
  souk::Prng prng_;
  int observer_ = 0;
  int num_root_children_ = 0;
  jaipur::MoveList candidates_;
  // Matching a node's children against the moves legal in this world: the
  // candidate of each slot (jaipur_mcts.cc, CandidateSlot) with its key, cleared by
  // stamping.
  static constexpr int kSlots = 19;
  std::array<uint64_t, kSlots> table_keys_{};
  std::array<int, kSlots> table_index_{};
  std::array<uint32_t, kSlots> table_stamp_{};
  std::array<uint32_t, jaipur::kMaxMoves> matched_stamp_{};
  uint32_t stamp_ = 0;
};

// The MCTS bot with its internal knobs set (params' non-zero fields override them).
std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, const MctsConfig& config, uint64_t seed);

}  // namespace souk::ai::jaipur_bots
