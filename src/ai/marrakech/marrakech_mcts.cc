// MCTS for Marrakech: the algorithm and its parameters are described in marrakech_mcts.h.
#include "ai/marrakech/marrakech_mcts.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>

#include "ai/marrakech/marrakech_bots.h"
#include "ai/marrakech/marrakech_internal.h"

namespace souk::ai::marrakech_bots {

using marrakech::Move;
using marrakech::Phase;
using marrakech::State;

namespace {

constexpr int64_t kDefaultIterations = 10000;
constexpr int32_t kMaxRootVisits = int32_t{1} << 30;

uint64_t Derive(uint64_t seed, uint64_t stream) {
  Prng prng(seed ^ (stream * 0xd1b54a32d192ed03ULL));
  prng.Next();
  return prng.Next();
}

// The chance child for what the roll showed: (roll - 1) * 2 + which of the mover's
// colours was drawn (0 when nothing was drawn, or the mover has one colour).
int ChanceIndex(const State& s, int roller, int roll) {
  int drawn = 0;
  if (s.phase == Phase::kPlace && s.NumColorsOf(roller) == 2 && s.CurrentCarpet() != s.ColorOf(roller, 0)) drawn = 1;
  return (roll - 1) * 2 + drawn;
}

constexpr uint64_t Bit(int square) { return uint64_t{1} << square; }

constexpr std::array<uint64_t, marrakech::kNumSquares> BuildNeighbours() {
  std::array<uint64_t, marrakech::kNumSquares> table{};
  for (int s = 0; s < marrakech::kNumSquares; ++s) {
    int x = marrakech::SquareX(s), y = marrakech::SquareY(s);
    if (x > 0) table[static_cast<size_t>(s)] |= Bit(s - 1);
    if (x < marrakech::kBoardSize - 1) table[static_cast<size_t>(s)] |= Bit(s + 1);
    if (y > 0) table[static_cast<size_t>(s)] |= Bit(s - marrakech::kBoardSize);
    if (y < marrakech::kBoardSize - 1) table[static_cast<size_t>(s)] |= Bit(s + marrakech::kBoardSize);
  }
  return table;
}
constexpr std::array<uint64_t, marrakech::kNumSquares> kNeighbours = BuildNeighbours();

// A rollout's quick placement: empty squares and others' squares won (the latter
// count twice: taken from someone), plus a bonus per neighbouring square of the
// carpet's colour (a bigger group). Ties to a random one of the best.
double QuickPlacementScore(const State& s, const Move& m, double group_bonus) {
  const int me = s.to_move, c = s.CurrentCarpet();
  const uint64_t own = s.color_bits[static_cast<size_t>(c)];
  const int a = m.first, b = m.second;
  double score = 0;
  for (int sq : {a, b}) {
    if (!s.carpet[static_cast<size_t>(sq)]) {
      score += 1;
    } else {
      int owner = s.Owner(s.color[static_cast<size_t>(sq)]);
      if (owner != me) score += s.players[static_cast<size_t>(owner)].out ? 1 : 2;
    }
  }
  uint64_t around = (kNeighbours[static_cast<size_t>(a)] | kNeighbours[static_cast<size_t>(b)]) & ~(Bit(a) | Bit(b));
  return score + group_bonus * std::popcount(around & own);
}

int QuickPlacement(const State& s, const marrakech::MoveList& moves, double group_bonus, Prng& prng) {
  int best = 0, ties = 0;
  double best_score = -1;
  for (int i = 0; i < moves.size(); ++i) {
    double score = QuickPlacementScore(s, moves[i], group_bonus);
    if (score > best_score) {
      best_score = score;
      best = i;
      ties = 1;
    } else if (score == best_score && prng.Below(static_cast<uint32_t>(++ties)) == 0) {
      best = i;
    }
  }
  return best;
}

}  // namespace

// Bytes a node costs while SetRoot finds and compacts the kept tree: the node, a
// 4-byte entry of the search's queue, and the marks and ranks of the compaction.
constexpr size_t kNodePeakBytes = 80 + 4 + 1;

void MctsSearcher::SetRoot(const marrakech::View& view, int64_t iterations, uint64_t seed) {
  prng_ = Prng(seed);
  root_world_ = State::FromView(view, prng_);
  hidden_piles_ = view.num_players == 2 && view.variant == marrakech::Variant::kStandard;
  const int64_t ceiling = Ceiling();
  // A pool reserved above the ceiling (a memory limit lowered since) goes.
  if (static_cast<int64_t>(nodes_.capacity()) > ceiling) Release();
  const uint64_t hash = PublicHash(view);
  // Within a round of turns of the old root: every seat's three plies, and ours again.
  const int32_t found = nodes_.empty() || !config_.reuse ? -1 : Find(hash, 3 * view.num_players + 3);
  const int64_t kept = found >= 0 ? nodes_.size() : 0;  // an upper bound on the subtree
  int64_t want = std::min<int64_t>(ceiling, kept + 12 * iterations + 64);
  reused_ = found >= 0;
  const int64_t capacity = static_cast<int64_t>(nodes_.capacity());
  // Growing the pool copies it: both pools for a moment. Under a memory limit that
  // has no room for both, the search starts afresh instead.
  if (reused_ && capacity < want && limit_nodes_ > 0 && capacity + want > limit_nodes_) {
    Release();
    reused_ = false;
    want = std::min<int64_t>(ceiling, 12 * iterations + 64);
  }
  if (reused_) {
    Compact(found);
  } else {
    nodes_.clear();
    nodes_.push_back(Node{});
  }
  if (static_cast<int64_t>(nodes_.capacity()) < want) nodes_.reserve(static_cast<size_t>(want));
  // An iteration adds at most 12 nodes: only the ceiling ever fills the pool.
  pool_limit_ = want;
  root_ = 0;
  if (nodes_[0].kind == Kind::kLeaf) Expand(0, root_world_);
}

int64_t MctsSearcher::Ceiling() const {
  // Room for the root and its children whatever the limit, so that a search always
  // ranks the root's moves.
  const int64_t ceiling = limit_nodes_ > 0 ? std::min(config_.max_nodes, limit_nodes_) : config_.max_nodes;
  return std::max<int64_t>(64, ceiling);
}

void MctsSearcher::SetMemoryLimit(size_t bytes) {
  limit_nodes_ = bytes == 0 ? 0 : std::max<int64_t>(1, static_cast<int64_t>(bytes / kNodePeakBytes));
}

size_t MctsSearcher::MemoryBytes() const { return nodes_.capacity() * sizeof(Node); }

size_t MctsSearcher::SearchMemoryBytes(int64_t iterations) const {
  const int64_t ceiling = std::max<int64_t>(64, config_.max_nodes);
  const int64_t capacity = static_cast<int64_t>(nodes_.capacity()) > ceiling ? 0 : static_cast<int64_t>(nodes_.capacity());
  const int64_t size = capacity > 0 ? static_cast<int64_t>(nodes_.size()) : 0;
  const int64_t want = std::min<int64_t>(ceiling, size + 12 * std::max<int64_t>(0, iterations) + 64);
  const int64_t pools = want > capacity ? capacity + want : capacity;
  return std::max(static_cast<size_t>(pools) * sizeof(Node), static_cast<size_t>(capacity) * kNodePeakBytes);
}

void MctsSearcher::Release() {
  std::vector<Node>().swap(nodes_);
  root_ = -1;
  pool_limit_ = 0;
}

int32_t MctsSearcher::Find(uint64_t hash, int max_depth) {
  // Breadth first, a level at a time: the shallowest match, first in child order.
  std::vector<int32_t> queue;
  queue.reserve(nodes_.size());  // 4 bytes a node at most, never twice that while growing
  queue.push_back(root_);
  size_t level_end = queue.size();
  int depth = 0;
  for (size_t i = 0; i < queue.size(); ++i) {
    if (i == level_end) {
      ++depth;
      level_end = queue.size();
    }
    const Node& n = nodes_[static_cast<size_t>(queue[i])];
    if (n.kind == Kind::kLeaf) continue;  // never expanded: nothing to keep, no hash
    if (n.hash == hash) return queue[i];
    if (depth == max_depth) continue;
    for (int k = 0; k < n.num_children; ++k) queue.push_back(n.first_child + k);
  }
  return -1;
}

void MctsSearcher::Compact(int32_t root) {
  // Keeps the subtree of `root` where it lies, in the order it lies: a child's index
  // is above its parent's (children are added after), so a forward pass marks the
  // subtree, and each kept node moves down to its rank among the kept, never past a
  // node not yet moved. Siblings stay together. No second pool: a bit and a rank
  // count per 64 nodes on the side.
  const size_t n = nodes_.size();
  std::vector<uint64_t> kept((n + 63) / 64, 0);
  auto is_kept = [&](size_t i) { return (kept[i / 64] >> (i % 64) & 1) != 0; };
  kept[static_cast<size_t>(root) / 64] |= uint64_t{1} << (static_cast<size_t>(root) % 64);
  for (size_t i = static_cast<size_t>(root); i < n; ++i) {
    if (!is_kept(i)) continue;
    const Node& node = nodes_[i];
    for (int k = 0; node.first_child >= 0 && k < node.num_children; ++k) {
      const size_t c = static_cast<size_t>(node.first_child + k);
      kept[c / 64] |= uint64_t{1} << (c % 64);
    }
  }
  std::vector<int32_t> before(kept.size() + 1, 0);  // kept nodes in the words before
  for (size_t w = 0; w < kept.size(); ++w) before[w + 1] = before[w] + std::popcount(kept[w]);
  auto rank = [&](size_t i) {
    const uint64_t below = i % 64 == 0 ? 0 : kept[i / 64] & ((uint64_t{1} << (i % 64)) - 1);
    return before[i / 64] + std::popcount(below);
  };
  for (size_t i = static_cast<size_t>(root); i < n; ++i) {
    if (!is_kept(i)) continue;
    Node node = nodes_[i];
    if (node.first_child >= 0) node.first_child = rank(static_cast<size_t>(node.first_child));
    nodes_[static_cast<size_t>(rank(i))] = node;
  }
  nodes_.resize(static_cast<size_t>(before.back()));
}

bool MctsSearcher::Expand(int32_t index, const State& s) {
  Node& n = nodes_[static_cast<size_t>(index)];
  n.hash = PublicHash(s);
  if (s.game_over()) {
    n.kind = Kind::kTerminal;
    return true;
  }
  marrakech::MoveList moves;
  int count = kChanceChildren;
  if (s.phase != Phase::kRoll) {
    s.LegalMoves(&moves);
    count = moves.size();
  }
  if (static_cast<int64_t>(nodes_.size()) + count > pool_limit_) return false;  // never past the pool
  n.kind = s.phase == Phase::kRoll ? Kind::kChance : Kind::kDecision;
  n.first_child = static_cast<int32_t>(nodes_.size());
  n.num_children = static_cast<uint8_t>(count);
  for (int k = 0; k < count; ++k) {
    Node child;
    if (s.phase != Phase::kRoll) {
      child.move = moves[k];
      if (config_.prior_weight > 0) {
        double h = child.move.kind == marrakech::MoveKind::kOrient
                       ? ExpectedTribute(s, s.to_move, child.move.turn, 30.0)
                       : QuickPlacementScore(s, child.move, config_.rollout_group_bonus);
        child.prior = static_cast<float>(config_.prior_weight * h / config_.margin_scale);
      }
    }
    nodes_.push_back(child);  // `n` may not be used past here
  }
  return true;
}

int32_t MctsSearcher::SelectDecision(const Node& n, int mover) const {
  const double log_n = std::log(static_cast<double>(std::max(1, n.visits)));
  int32_t best = n.first_child;
  double best_score = -1e18;
  for (int k = 0; k < n.num_children; ++k) {
    const Node& c = nodes_[static_cast<size_t>(n.first_child + k)];
    double score;
    if (c.visits == 0) {
      score = 1e9 + c.prior;  // every move once first, the likeliest first
    } else {
      double visits = c.visits;
      score = c.reward[static_cast<size_t>(mover)] / visits + config_.exploration * std::sqrt(log_n / visits) +
              c.prior / (visits + 1);
    }
    if (score > best_score) {
      best_score = score;
      best = n.first_child + k;
    }
  }
  return best;
}

int32_t MctsSearcher::SelectChance(const Node& n, State* s, Prng& prng) const {
  const int roller = s->to_move;
  int roll;
  if (config_.stratified_die) {
    // The outcome furthest behind its share of the visits.
    roll = 1;
    double most_behind = -1e18;
    for (const marrakech::RollOutcome& o : marrakech::kRollOutcomes) {
      const Node* c = &nodes_[static_cast<size_t>(n.first_child + (o.roll - 1) * 2)];
      double behind = o.probability * (n.visits + 1) - (c[0].visits + c[1].visits);
      if (behind > most_behind) {
        most_behind = behind;
        roll = o.roll;
      }
    }
  } else {
    roll = marrakech::DrawRoll(prng);
  }
  s->ApplyMove(Move::Roll(roll));
  return n.first_child + ChanceIndex(*s, roller, roll);
}

void MctsSearcher::Rollout(State* s, Prng& prng) const {
  marrakech::MoveList moves;
  for (int steps = 0; !s->game_over() && (config_.rollout_cap == 0 || steps < config_.rollout_cap); ++steps) {
    switch (s->phase) {
      case Phase::kRoll:
        s->ApplyMove(Move::Roll(marrakech::DrawRoll(prng)));
        break;
      case Phase::kOrient: {
        marrakech::Turn turn = static_cast<marrakech::Turn>(prng.Below(3));
        if (config_.rollout_safe_orient > 0 &&
            prng.Below(1u << 16) < static_cast<uint32_t>(config_.rollout_safe_orient * 65536)) {
          double best = -1e18;
          for (marrakech::Turn t : {marrakech::Turn::kLeft, marrakech::Turn::kStraight, marrakech::Turn::kRight}) {
            double v = ExpectedTribute(*s, s->to_move, t, 30.0);
            if (v > best) {
              best = v;
              turn = t;
            }
          }
        }
        s->ApplyMove(Move::Orient(turn));
        break;
      }
      default: {
        s->LegalMoves(&moves);
        int pick;
        if (config_.rollout_greedy_place > 0 &&
            prng.Below(1u << 16) < static_cast<uint32_t>(config_.rollout_greedy_place * 65536))
          pick = QuickPlacement(*s, moves, config_.rollout_group_bonus, prng);
        else
          pick = static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())));
        s->ApplyMove(moves[pick]);
        break;
      }
    }
  }
}

void MctsSearcher::Evaluate(const State& s, std::array<double, 4>* reward, std::array<double, 4>* wins,
                            std::array<double, 4>* margin) const {
  // A capped rollout ends early: judge it by the scores as they stand.
  const uint8_t winners = s.game_over() ? s.winners : s.ComputeWinners();
  const int shared = std::popcount(static_cast<unsigned>(winners));
  std::array<int, 4> score{};
  for (int p = 0; p < s.num_players; ++p) score[static_cast<size_t>(p)] = s.Score(p);
  const double w = config_.margin_weight;
  for (int p = 0; p < s.num_players; ++p) {
    size_t i = static_cast<size_t>(p);
    int best_other = -1;
    for (int q = 0; q < s.num_players; ++q)
      if (q != p) best_other = std::max(best_other, score[static_cast<size_t>(q)]);
    double win = (winners >> p & 1) ? 1.0 / shared : 0.0;
    double m = score[i] - best_other;
    double scaled = std::clamp(m / config_.margin_scale, -1.0, 1.0);
    (*wins)[i] = win;
    (*margin)[i] = m;
    (*reward)[i] = s.players[i].out ? 0.0 : (1 - w) * win + w * (0.5 + 0.5 * scaled);
  }
}

bool MctsSearcher::Iterate() {
  // Visit counts are 32-bit (nodes stay small); a kept root adds up over moves.
  if (nodes_[static_cast<size_t>(root_)].visits >= kMaxRootVisits) return false;
  Prng& prng = prng_;
  State s = root_world_;
  if (hidden_piles_) s.RandomizeHidden(s.to_move, prng);
  int depth = 0;
  int32_t index = root_;
  path_[0] = index;
  chooser_[0] = -1;
  while (true) {
    Node* n = &nodes_[static_cast<size_t>(index)];
    if (n->kind == Kind::kTerminal) break;
    bool leaf = n->kind == Kind::kLeaf;
    if (leaf) {
      if (!Expand(index, s)) break;  // the pool is full: a rollout from here
      n = &nodes_[static_cast<size_t>(index)];
      if (n->kind == Kind::kTerminal) break;
    }
    const int mover = s.to_move;
    int32_t child;
    if (n->kind == Kind::kChance) {
      child = SelectChance(*n, &s, prng);
    } else {
      child = SelectDecision(*n, mover);
      s.ApplyMove(nodes_[static_cast<size_t>(child)].move);
    }
    ++depth;
    path_[static_cast<size_t>(depth)] = child;
    chooser_[static_cast<size_t>(depth)] = static_cast<int8_t>(mover);
    index = child;
    if (leaf) break;  // one new node per iteration, then a rollout
  }
  Rollout(&s, prng);
  std::array<double, 4> reward{}, wins{}, margin{};
  Evaluate(s, &reward, &wins, &margin);
  for (int d = 0; d <= depth; ++d) {
    Node& n = nodes_[static_cast<size_t>(path_[static_cast<size_t>(d)])];
    ++n.visits;
    for (size_t p = 0; p < 4; ++p) n.reward[p] += reward[p];
    if (int who = chooser_[static_cast<size_t>(d)]; who >= 0) {
      n.wins += wins[static_cast<size_t>(who)];
      n.margin += margin[static_cast<size_t>(who)];
    }
  }
  return true;
}

int MctsSearcher::RootChildren() const { return nodes_[static_cast<size_t>(root_)].num_children; }

int64_t MctsSearcher::root_visits() const { return nodes_[static_cast<size_t>(root_)].visits; }

marrakech::Move MctsSearcher::RootMove(int i) const {
  return nodes_[static_cast<size_t>(nodes_[static_cast<size_t>(root_)].first_child + i)].move;
}

RootStat MctsSearcher::root_stat(int i) const {
  const Node& c = nodes_[static_cast<size_t>(nodes_[static_cast<size_t>(root_)].first_child + i)];
  RootStat r;
  r.visits = c.visits;
  r.reward = c.reward[static_cast<size_t>(root_world_.to_move)];
  r.wins = c.wins;
  r.margin = c.margin;
  return r;
}

namespace {

class MctsBot final : public Bot {
 public:
  MctsBot(const MctsParams& params, const MctsConfig& config, uint64_t seed)
      : config_(WithParams(config, params)),
        seed_(seed),
        search_(params.budget, kDefaultIterations, [&](const Budget& budget) {
          // The node ceiling is the bot's, shared among its threads.
          MctsConfig per_thread = config_;
          per_thread.max_nodes = std::max<int64_t>(1024, config_.max_nodes / budget.threads);
          return MctsSearcher(per_thread);
        }) {}

  Move ChooseMove(const marrakech::View& view) override { return Analyse(view).moves.front().move; }

  size_t MemoryBytes() const override { return search_.MemoryBytes(); }

  size_t SearchMemoryBytes() const override {
    return search_.SearchMemoryBytes([&](int t) { return Reserved(t); });
  }

  void SetMemoryLimit(size_t bytes) override { search_.SetMemoryLimit(bytes); }

  void ReleaseMemory() override { search_.Release(); }
  void CapNextMove(int ms) override { search_.CapNextSearch(ms); }

  Analysis<Move> Analyse(const marrakech::View& view) override {
    const auto start = SearchClock::now();
    const uint64_t search_seed = Derive(seed_, searches_++);
    Analysis<Move> analysis;
    analysis.iterations = search_.Search([&](MctsSearcher& tree, int t) {
      tree.SetRoot(view, Reserved(t), Derive(search_seed, static_cast<uint64_t>(t)));
    });

    const MctsSearcher& first = search_.tree(0);
    for (int i = 0; i < first.RootChildren(); ++i) {
      const RootStat sum = search_.SummedRootStat(i);
      double v = static_cast<double>(std::max<int64_t>(1, sum.visits));
      analysis.moves.push_back(
          {first.RootMove(i), sum.visits, sum.visits ? sum.wins / v : 0.0, sum.visits ? sum.margin / v : 0.0});
    }
    std::stable_sort(analysis.moves.begin(), analysis.moves.end(), [](const auto& x, const auto& y) {
      return x.visits != y.visits ? x.visits > y.visits : x.win_rate > y.win_rate;
    });
    if (!analysis.moves.empty() && analysis.moves.front().visits == 0) {
      // No iteration ran (a deadline already past): the heuristic's move, not the
      // first one listed.
      Prng unused(0);
      const Move greedy = GreedyMove(State::FromView(view, unused), GreedyWeights{});
      std::stable_partition(analysis.moves.begin(), analysis.moves.end(),
                            [&](const auto& m) { return m.move == greedy; });
    }
    analysis.seconds = std::chrono::duration<double>(SearchClock::now() - start).count();
    return analysis;
  }

 private:
  // The iterations thread t reserves room for: its share, or under a time budget
  // alone a generous guess at the iteration rate.
  int64_t Reserved(int t) const {
    const Budget& b = search_.budget();
    const int64_t share = search_.Share(t);
    return b.iterations > 0 ? share : std::min(share, int64_t{400} * b.time_ms);
  }

  MctsConfig config_;
  uint64_t seed_;
  uint64_t searches_ = 0;
  RootParallel<MctsSearcher> search_;
};

}  // namespace

std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, uint64_t seed) {
  return std::make_unique<MctsBot>(params, MctsConfig{}, seed);
}

std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, const MctsConfig& config, uint64_t seed) {
  return std::make_unique<MctsBot>(params, config, seed);
}

}  // namespace souk::ai::marrakech_bots
