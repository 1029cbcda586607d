// IS-MCTS for Jaipur: the algorithm and its parameters are described in jaipur_mcts.h.
#include "ai/jaipur/jaipur_mcts.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <numeric>

#include "ai/jaipur/jaipur_heuristic.h"
#include "ai/jaipur/jaipur_internal.h"
#include "ai/jaipur/jaipur_value.h"

namespace souk::ai::jaipur_bots {

using jaipur::Index;
using jaipur::Move;
using jaipur::MoveKind;
using jaipur::MoveList;
using jaipur::State;
using jaipur::View;

namespace {

constexpr int64_t kDefaultIterations = 10000;
constexpr int kMaxDepth = 128;
// Tree nodes per bot, shared among its threads: an iteration budget reserves one node
// an iteration up to kMaxNodes; a time budget what its longest move grows at the
// fastest rate a search runs (kNodesPerMs, one node an iteration), at least
// kTimeBudgetNodes and at most kMaxNodes. Past the ceiling the tree stops growing and
// iterations go on as rollouts, so memory stays bounded whatever the spec asks for.
// The rate (2026-11-27, one core, 66 positions of self-play): 340,000 iterations a
// second at the median and 640,000 at the 90th percentile (late in a round) in
// 20,000-iteration searches, 170,000 and 490,000 in 300,000-iteration ones. A flat
// 512K nodes stopped the tree growing in 6 of the 66 positions within 1 s, in 30
// within 3 s (docs/ai.md, issue 43).
constexpr size_t kTimeBudgetNodes = size_t{1} << 19;
constexpr size_t kMaxNodes = size_t{1} << 22;
constexpr size_t kNodesPerMs = 700;

size_t NodeCeiling(const Budget& budget) {
  if (budget.iterations > 0) return kMaxNodes;
  const size_t longest_ms = static_cast<size_t>(budget.time_ms) * (budget.clock ? TimeManager::kMaxMoveGains : 1);
  return std::clamp(longest_ms * kNodesPerMs * static_cast<size_t>(budget.threads), kTimeBudgetNodes, kMaxNodes);
}

uint64_t MoveKey(const Move& m) {
  return static_cast<uint64_t>(m.kind) | (static_cast<uint64_t>(m.good) << 2) | (static_cast<uint64_t>(m.count) << 5) |
         (static_cast<uint64_t>(m.taken.bits()) << 8) | (static_cast<uint64_t>(m.given.bits()) << 36);
}

// A move's slot among CandidateMoves' moves, which offer at most one of each kind
// per good (a take, the sale of all held, the exchange taking all of it) and one
// camels move: a node's child can only match the candidate in its own slot.
// Computed without branches, as the kinds of a position's candidates vary: the
// first slot of the kind, plus the good taken or sold (`good` is 0 in camels and
// exchange moves, `taken` empty in all but exchanges).
int CandidateSlot(const Move& m) {
  constexpr int kGoods = jaipur::kNumGoods;
  constexpr std::array<int, 4> kFirst = {0, kGoods, 2 * kGoods + 1, kGoods + 1};  // take, camels, exchange, sell
  static_assert(static_cast<int>(MoveKind::kExchange) == 2 && static_cast<int>(MoveKind::kSell) == 3);
  const int taken_good = std::countr_zero(m.taken.bits() | (1u << (4 * kGoods))) / 4 % kGoods;
  return kFirst[static_cast<size_t>(m.kind)] + Index(m.good) + taken_good;
}

// log(n) for the UCB term: a table for the counts that occur most, libm beyond.
class LogTable {
 public:
  static constexpr uint32_t kSize = 1u << 16;
  LogTable() {
    values_[0] = 0;
    for (uint32_t i = 1; i < kSize; ++i) values_[i] = static_cast<float>(std::log(static_cast<double>(i)));
  }
  double operator()(uint64_t n) const {
    return n < kSize ? values_[n] : std::log(static_cast<double>(n));
  }

 private:
  std::array<float, kSize> values_;
};

const LogTable& Log() {
  static const LogTable table;
  return table;
}

bool RoundOver(const State& world, uint32_t round) { return world.game_over || world.round != round; }

}  // namespace

MctsSearcher::MctsSearcher(size_t max_nodes) : max_nodes_(max_nodes) { root_stats_.reserve(jaipur::kMaxMoves); }

size_t MctsSearcher::SearchMemoryBytes(int64_t iterations) const {
  const size_t nodes = std::min(max_nodes_, static_cast<size_t>(iterations)) + static_cast<size_t>(jaipur::kMaxMoves) + 2;
  return std::max(MemoryBytes(), nodes * sizeof(Node));
}

void MctsSearcher::ReleaseAboveLimit(int root_children) {
  if (limit_bytes_ == 0) return;
  const size_t room = limit_bytes_ / sizeof(Node);
  const size_t fixed = static_cast<size_t>(root_children) + 2;
  if (MemoryBytes() > std::max(room, fixed) * sizeof(Node)) Release();
}

int32_t MctsSearcher::NewNode(const Move& move, int mover) {
  Node n;
  n.move = move;
  n.key = MoveKey(move);
  n.slot = static_cast<uint8_t>(CandidateSlot(move));
  n.mover = static_cast<uint8_t>(mover);
  pool_.push_back(n);
  return static_cast<int32_t>(pool_.size() - 1);
}

void MctsSearcher::SetRoot(const State& base, const MoveList& root_moves, const MctsConfig& config, uint64_t stream_seed,
                           int64_t iterations) {
  assert(iterations >= 0);
  base_ = base;
  config_ = &config;
  value_weights_ = config.value_weights.empty() ? LearnedValueWeights() : config.value_weights;
  assert(static_cast<int>(value_weights_.size()) == ValueFeatureCount());
  prng_ = Prng(stream_seed);
  observer_ = base.to_move;
  num_root_children_ = root_moves.size();
  // Every pool, the root's children included, within the limit.
  size_t max_nodes = max_nodes_;
  if (limit_bytes_ > 0) {
    const size_t room = limit_bytes_ / sizeof(Node);
    const size_t fixed = static_cast<size_t>(num_root_children_) + 2;
    max_nodes = std::min(max_nodes, room > fixed ? room - fixed : 0);
  }
  size_t want = static_cast<size_t>(num_root_children_) + 2 +
                std::min(max_nodes, static_cast<size_t>(std::min<int64_t>(iterations, int64_t{1} << 40)));
  if (pool_.capacity() < want) pool_.reserve(want);
  pool_.clear();
  NewNode(Move{}, 1 - observer_);  // the root: nobody moved into it
  for (int i = 0; i < num_root_children_; ++i) {
    int32_t child = NewNode(root_moves[i], observer_);
    if (i + 1 < num_root_children_) pool_[static_cast<size_t>(child)].next_sibling = child + 1;
  }
  if (num_root_children_ > 0) pool_[0].first_child = 1;
  root_stats_.assign(static_cast<size_t>(num_root_children_), RootStat{});
}

bool MctsSearcher::Iterate() {
  State world = base_;
  world.RandomizeHidden(observer_, prng_);
  SearchWorld(world);
  return true;
}

int MctsSearcher::SelectRootChild() const {
  const Node& root = pool_[0];
  double log_n = Log()(root.visits);
  int best = 1;
  double best_value = -1;
  for (int i = 1; i <= num_root_children_; ++i) {
    const Node& c = pool_[static_cast<size_t>(i)];
    if (c.visits == 0) return i;  // untried, in root_moves order (best heuristic first)
    double value = c.reward / c.visits + config_->exploration * std::sqrt(log_n / c.visits);
    if (value > best_value) {
      best_value = value;
      best = i;
    }
  }
  return best;
}

std::vector<Move> MctsSearcher::ChildMovesOfRootChild(int i) const {
  std::vector<Move> moves;  // children are linked newest first
  for (int32_t c = pool_[static_cast<size_t>(i + 1)].first_child; c >= 0; c = pool_[static_cast<size_t>(c)].next_sibling)
    moves.push_back(pool_[static_cast<size_t>(c)].move);
  std::reverse(moves.begin(), moves.end());
  return moves;
}

int MctsSearcher::PickUntried(int untried, int n) {
  int pick = static_cast<int>(prng_.Below(static_cast<uint32_t>(untried)));
  for (int i = 0; i < n; ++i)
    if (matched_stamp_[static_cast<size_t>(i)] != stamp_ && pick-- == 0) return i;
  return 0;
}

int MctsSearcher::BestUntried(const State& world, int n) const {
  MoveScorer scorer(world);
  int best = -1;
  double best_score = 0;
  for (int i = 0; i < n; ++i) {
    if (matched_stamp_[static_cast<size_t>(i)] == stamp_) continue;
    double score = scorer.Score(candidates_[i]);
    if (best < 0 || score > best_score) {
      best = i;
      best_score = score;
    }
  }
  return best;
}

void MctsSearcher::SearchWorld(State& world) {
  const uint32_t round = world.round;
  std::array<int32_t, kMaxDepth> path;  // the first `depth` set
  int depth = 0;

  int32_t node = SelectRootChild();
  bool expanded = pool_[static_cast<size_t>(node)].visits == 0;
  world.ApplyMove(pool_[static_cast<size_t>(node)].move);
  path[static_cast<size_t>(depth++)] = node;

  // Selection: among the children legal in this world, by UCB1 over availability.
  while (!expanded && depth < kMaxDepth && !RoundOver(world, round)) {
    CandidateMoves(world, &candidates_);
    const int n = candidates_.size();
    assert(n > 0 && n <= kSlots);
    ++stamp_;
    for (int i = 0; i < n; ++i) {
      const size_t slot = static_cast<size_t>(CandidateSlot(candidates_[i]));
      assert(table_stamp_[slot] != stamp_);
      table_stamp_[slot] = stamp_;
      table_keys_[slot] = MoveKey(candidates_[i]);
      table_index_[slot] = i;
    }
    Node& parent = pool_[static_cast<size_t>(node)];
    int32_t best = -1;
    double best_value = -1;
    const double c = config_->exploration;
    for (int32_t child = parent.first_child; child >= 0; child = pool_[static_cast<size_t>(child)].next_sibling) {
      Node& ch = pool_[static_cast<size_t>(child)];
      if (table_stamp_[ch.slot] != stamp_ || table_keys_[ch.slot] != ch.key) continue;
      const int index = table_index_[ch.slot];
      matched_stamp_[static_cast<size_t>(index)] = stamp_;
      ++ch.avail;
      double value = ch.reward / ch.visits + c * std::sqrt(Log()(ch.avail) / ch.visits);
      if (value > best_value) {
        best_value = value;
        best = child;
      }
    }
    int untried = 0;
    for (int i = 0; i < n; ++i) untried += matched_stamp_[static_cast<size_t>(i)] != stamp_;
    if (untried > 0 && pool_.size() < pool_.capacity()) {
      const int index = config_->expand_greedy ? BestUntried(world, n) : PickUntried(untried, n);
      int32_t child = NewNode(candidates_[index], world.to_move);  // may not move pool_ (reserved)
      Node& p = pool_[static_cast<size_t>(node)];
      pool_[static_cast<size_t>(child)].next_sibling = p.first_child;
      pool_[static_cast<size_t>(child)].avail = 1;
      p.first_child = child;
      world.ApplyMove(candidates_[index]);
      path[static_cast<size_t>(depth++)] = child;
      expanded = true;
      break;
    }
    if (best < 0) break;  // the pool is full and no child fits this world: roll out
    world.ApplyMove(pool_[static_cast<size_t>(best)].move);
    path[static_cast<size_t>(depth++)] = best;
    node = best;
  }

  // Rollout to the end of the round or the cap.
  for (int steps = 0; steps < config_->rollout_cap && !RoundOver(world, round); ++steps)
    world.ApplyMove(RolloutMove(world, prng_, config_->epsilon, &candidates_));

  double seal, margin;
  if (RoundOver(world, round)) {
    const auto& result = *world.last_round;
    margin = result.rupees[static_cast<size_t>(observer_)] - result.rupees[static_cast<size_t>(1 - observer_)];
    seal = result.seal == observer_ ? 1.0 : (result.seal < 0 ? 0.5 : 0.0);
  } else {
    margin = PositionValue(world, observer_) - PositionValue(world, 1 - observer_);
    seal = config_->learned_value ? SealProbability(value_weights_, world, observer_, margin)
                                  : Sigmoid(margin / config_->cap_scale);
  }
  double w = config_->margin_weight;
  double reward = (1 - w) * seal + w * Sigmoid(margin / config_->margin_scale);

  ++pool_[0].visits;
  for (int i = 0; i < depth; ++i) {
    Node& n = pool_[static_cast<size_t>(path[static_cast<size_t>(i)])];
    ++n.visits;
    n.reward += n.mover == observer_ ? reward : 1.0 - reward;
  }
  RootStat& stat = root_stats_[static_cast<size_t>(path[0] - 1)];
  ++stat.visits;
  stat.reward += reward;
  stat.wins += seal;
  stat.margin += margin;
}

namespace {

class MctsBot final : public Bot {
 public:
  MctsBot(const MctsParams& params, const MctsConfig& config, uint64_t seed)
      : config_(WithParams(config, params)),
        seed_(seed),
        search_(params.budget, kDefaultIterations, [](const Budget& budget) {
          // The bot's ceiling, shared among its threads.
          return MctsSearcher(NodeCeiling(budget) / static_cast<size_t>(budget.threads));
        }) {
    stats_.reserve(jaipur::kMaxMoves);
  }

  Move ChooseMove(const View& view) override {
    Search(view, /*always=*/false);
    return root_moves_[BestRootIndex()];
  }

  size_t MemoryBytes() const override { return search_.MemoryBytes(); }

  // Each thread's pool: what it has reserved, or what the next search reserves (a
  // node per iteration of its share, rounded up, up to the ceiling).
  size_t SearchMemoryBytes() const override {
    const Budget& budget = search_.budget();
    const int64_t per_thread = budget.iterations > 0 ? budget.iterations / budget.threads + 1 : kUnlimitedIterations;
    return search_.SearchMemoryBytes([&](int) { return per_thread; });
  }

  void SetMemoryLimit(size_t bytes) override { search_.SetMemoryLimit(bytes); }

  void ReleaseMemory() override { search_.Release(); }
  void CapNextMove(int ms) override { search_.CapNextSearch(ms); }

  Analysis<Move> Analyse(const View& view) override {
    const auto start = SearchClock::now();
    Search(view, /*always=*/true);
    Analysis<Move> analysis;
    analysis.iterations = iterations_;
    std::vector<int> order(static_cast<size_t>(root_moves_.size()));
    std::iota(order.begin(), order.end(), 0);
    auto rate = [&](int i) {
      const auto& s = stats_[static_cast<size_t>(i)];
      return s.visits ? s.wins / static_cast<double>(s.visits) : 0.0;
    };
    int best = BestRootIndex();
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      if ((a == best) != (b == best)) return a == best;
      const auto& sa = stats_[static_cast<size_t>(a)];
      const auto& sb = stats_[static_cast<size_t>(b)];
      if (sa.visits != sb.visits) return sa.visits > sb.visits;
      return rate(a) > rate(b);
    });
    for (int i : order) {
      const auto& s = stats_[static_cast<size_t>(i)];
      double visits = static_cast<double>(std::max<int64_t>(1, s.visits));
      analysis.moves.push_back({root_moves_[i], s.visits, rate(i), s.visits ? s.margin / visits : 0.0});
    }
    // The exchanges the root left out: no visits, in greedy order.
    for (int i = 0; i < pruned_.size(); ++i) analysis.moves.push_back({pruned_[i], 0, 0.0, 0.0});
    analysis.seconds = std::chrono::duration<double>(SearchClock::now() - start).count();
    return analysis;
  }

 private:
  // Root moves: every non-exchange, then the best exchanges by the greedy score;
  // all in greedy order so that the search tries the likeliest first.
  void RootMoves(const State& base) {
    base.LegalMoves(&legal_);
    MoveScorer scorer(base);
    const int n = legal_.size();
    for (int i = 0; i < n; ++i) {
      order_[static_cast<size_t>(i)] = i;
      scores_[static_cast<size_t>(i)] = scorer.Score(legal_[i]);
    }
    // std::sort with the index as tie-break: stable_sort would take a heap buffer.
    std::sort(order_.begin(), order_.begin() + n, [&](int a, int b) {
      double sa = scores_[static_cast<size_t>(a)], sb = scores_[static_cast<size_t>(b)];
      return sa != sb ? sa > sb : a < b;
    });
    root_moves_.clear();
    pruned_.clear();
    int exchanges = 0;
    for (int k = 0; k < n; ++k) {
      const Move& m = legal_[order_[static_cast<size_t>(k)]];
      if (m.kind != MoveKind::kExchange || exchanges++ < config_.root_exchanges) {
        root_moves_.push_back(m);
      } else {
        pruned_.push_back(m);
      }
    }
  }

  void Search(const View& view, bool always) {
    const uint64_t search = searches_++;
    Prng prng(StreamSeed(seed_, search, 0));
    State base = State::FromView(view, prng);
    RootMoves(base);
    stats_.assign(static_cast<size_t>(root_moves_.size()), RootStat{});
    iterations_ = 0;
    if (!always && root_moves_.size() == 1) return;

    // A pool reserved larger by an earlier search than the memory limit now allows
    // goes before any thread reserves its own.
    for (int t = 0; t < search_.threads(); ++t) search_.tree(t).ReleaseAboveLimit(root_moves_.size());
    iterations_ = search_.Search([&](MctsSearcher& tree, int t) {
      tree.SetRoot(base, root_moves_, config_, StreamSeed(seed_, search, 1 + static_cast<uint64_t>(t)), search_.Share(t));
    });
    for (int i = 0; i < root_moves_.size(); ++i) stats_[static_cast<size_t>(i)] = search_.SummedRootStat(i);
  }

  // Most visits, then the higher mean reward, then the greedy order.
  int BestRootIndex() const {
    int best = 0;
    for (int i = 1; i < root_moves_.size(); ++i) {
      const auto& a = stats_[static_cast<size_t>(i)];
      const auto& b = stats_[static_cast<size_t>(best)];
      if (a.visits > b.visits ||
          (a.visits == b.visits && a.visits > 0 && a.reward / a.visits > b.reward / b.visits))
        best = i;
    }
    return best;
  }

  MctsConfig config_;
  uint64_t seed_;
  uint64_t searches_ = 0;
  RootParallel<MctsSearcher> search_;
  std::vector<RootStat> stats_;  // the root's, summed over the threads
  int64_t iterations_ = 0;
  MoveList legal_, root_moves_, pruned_;
  std::array<int, jaipur::kMaxMoves> order_{};
  std::array<double, jaipur::kMaxMoves> scores_{};
};

}  // namespace

std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, uint64_t seed) {
  return std::make_unique<MctsBot>(params, MctsConfig{}, seed);
}

std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, const MctsConfig& config, uint64_t seed) {
  return std::make_unique<MctsBot>(params, config, seed);
}

}  // namespace souk::ai::jaipur_bots
