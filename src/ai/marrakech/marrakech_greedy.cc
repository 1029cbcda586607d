// The greedy bot: one move ahead, with a heuristic value in dirhams and squares.
//
// Placing: squares won and taken from opponents now, the tribute the next player can
// be expected to pay into the new carpet's group (they will orient away from it if
// they can), and the "potential" of every colour (the sum of its squared group sizes:
// landing on a group costs its size, and is about as likely as the group is big), so
// growing one's own groups and splitting others' pays later too.
// Orienting: the expected tribute over the die (being put out costs `ruin`), plus a
// share of the best placement value where Assam lands.
#include <algorithm>
#include <bit>
#include <memory>
#include <vector>

#include "ai/marrakech/marrakech_bots.h"
#include "ai/marrakech/marrakech_internal.h"

namespace souk::ai::marrakech_bots {
namespace {

using marrakech::Move;
using marrakech::State;

bool Active(const State& s, int player) { return !s.players[static_cast<size_t>(player)].out; }

// Sum of squared group sizes of colour c.
int Potential(const State& s, int c) {
  uint64_t bits = s.color_bits[static_cast<size_t>(c)];
  int total = 0;
  while (bits) {
    uint64_t group = s.GroupAt(std::countr_zero(bits));
    int n = std::popcount(group);
    total += n * n;
    bits &= ~group;
  }
  return total;
}

struct Tribute {
  double paid = 0;     // expected dirhams the roller pays, ruin included
  double to_whom[marrakech::kMaxPlayers] = {};  // expected dirhams each seat receives
};

Tribute ExpectedTributeOf(const State& s, int roller, marrakech::Facing facing, double ruin) {
  Tribute t;
  const int dirhams = s.players[static_cast<size_t>(roller)].dirhams;
  for (const marrakech::RollOutcome& o : marrakech::kRollOutcomes) {
    marrakech::Position land = marrakech::MoveAssam(marrakech::Position{s.assam.square, facing}, o.roll);
    if (!s.carpet[land.square]) continue;
    int owner = s.Owner(s.color[land.square]);
    if (owner == roller || !Active(s, owner)) continue;
    int due = s.TributeAt(land.square);
    int paid = std::min(due, dirhams);
    t.paid += o.probability * (paid + (due > dirhams ? ruin : 0.0));
    t.to_whom[owner] += o.probability * paid;
  }
  return t;
}

// How much `me` gains against the field when each seat's quantity changes by `delta`:
// one's own count fully, opponents' on average (their mean is what a seat must beat).
double Relative(const State& s, int me, const int* delta, double opponent_weight) {
  int opponents = 0;
  double theirs = 0;
  for (int p = 0; p < s.num_players; ++p) {
    if (p == me || !Active(s, p)) continue;
    ++opponents;
    theirs += delta[p];
  }
  return delta[me] - (opponents ? opponent_weight * theirs / opponents : 0.0);
}

}  // namespace

double ExpectedTribute(const State& state, int player, marrakech::Turn turn, double ruin) {
  return -ExpectedTributeOf(state, player, marrakech::Turned(state.assam.facing, turn), ruin).paid;
}

double PlacementValue(const State& state, const Move& move, const GreedyWeights& w) {
  const int me = state.to_move;
  State after = state;
  after.ApplyMove(move);
  int squares[marrakech::kMaxPlayers] = {}, potential[marrakech::kMaxPlayers] = {};
  for (int c = 0; c < state.NumColors(); ++c) {
    int delta = after.VisibleSquares(c) - state.VisibleSquares(c);
    if (delta == 0 && c != state.CurrentCarpet()) continue;  // untouched: same groups
    squares[state.Owner(c)] += delta;
    potential[state.Owner(c)] += Potential(after, c) - Potential(state, c);
  }
  double value = Relative(state, me, squares, w.opponent_squares) +
                 w.potential / marrakech::kBoardSize * Relative(state, me, potential, w.opponent_squares);
  if (!after.game_over() && after.to_move != me) {
    // The next player orients to pay least; what they pay me then.
    const int next = after.to_move;
    double least = 1e9, to_me = 0;
    for (marrakech::Turn turn : {marrakech::Turn::kLeft, marrakech::Turn::kStraight, marrakech::Turn::kRight}) {
      Tribute t = ExpectedTributeOf(after, next, marrakech::Turned(after.assam.facing, turn), w.ruin);
      if (t.paid < least) {
        least = t.paid;
        to_me = t.to_whom[me];
      }
    }
    value += w.exposure * to_me;
  }
  return value;
}

double OrientValue(const State& state, marrakech::Turn turn, const GreedyWeights& w) {
  const int me = state.to_move;
  double value = ExpectedTribute(state, me, turn, w.ruin);
  if (w.placement_lookahead == 0) return value;
  State oriented = state;
  oriented.ApplyMove(Move::Orient(turn));
  const marrakech::PlayerState& mine = state.players[static_cast<size_t>(me)];
  for (const marrakech::RollOutcome& o : marrakech::kRollOutcomes) {
    State landed = oriented;
    landed.ApplyMove(Move::Roll(o.roll));
    if (landed.phase != marrakech::Phase::kPlace) continue;  // put out: no placement
    marrakech::MoveList moves;
    landed.LegalMoves(&moves);
    // The colour drawn is unknown yet: each of mine, by its share of the pile.
    for (int i = 0; i < state.NumColorsOf(me); ++i) {
      int c = state.ColorOf(me, i), left = 0;
      for (int k = 0; k < mine.pile_size; ++k) left += mine.pile[static_cast<size_t>(k)] == c;
      if (!left) continue;
      marrakech::PlayerState& pile = landed.players[static_cast<size_t>(me)];
      for (int k = 0; k < pile.pile_size; ++k)
        if (pile.pile[static_cast<size_t>(k)] == c) {
          std::swap(pile.pile[static_cast<size_t>(k)], pile.pile[static_cast<size_t>(pile.pile_size - 1)]);
          break;
        }
      double best = -1e9;
      for (const Move& m : moves) best = std::max(best, PlacementValue(landed, m, w));
      value += w.placement_lookahead * o.probability * left / mine.pile_size * best;
    }
  }
  return value;
}

Move GreedyMove(const State& state, const GreedyWeights& w) {
  marrakech::MoveList moves;
  state.LegalMoves(&moves);
  Move best = moves[0];
  double best_value = -1e18;
  for (const Move& m : moves) {
    double v = m.kind == marrakech::MoveKind::kOrient ? OrientValue(state, m.turn, w) : PlacementValue(state, m, w);
    if (v > best_value) {  // strict: ties keep the first listed
      best_value = v;
      best = m;
    }
  }
  return best;
}

namespace {

class GreedyBot final : public Bot {
 public:
  // Deterministic: the seed has nothing to decide, but keeps the factories alike.
  explicit GreedyBot(uint64_t /*seed*/) {}

  Move ChooseMove(const marrakech::View& view) override {
    Prng unused(0);
    return GreedyMove(State::FromView(view, unused), weights_);
  }

  // Ranked by the heuristic value, reported as `score` (a change in dirhams and
  // squares, not an end-of-game margin); no visits, no win rate.
  Analysis<Move> Analyse(const marrakech::View& view) override {
    Prng unused(0);
    State s = State::FromView(view, unused);
    marrakech::MoveList moves;
    s.LegalMoves(&moves);
    Analysis<Move> analysis;
    for (const Move& m : moves) {
      double v = m.kind == marrakech::MoveKind::kOrient ? OrientValue(s, m.turn, weights_)
                                                        : PlacementValue(s, m, weights_);
      analysis.moves.push_back({m, 0, 0.0, v});
    }
    std::stable_sort(analysis.moves.begin(), analysis.moves.end(),
                     [](const auto& a, const auto& b) { return a.score > b.score; });
    return analysis;
  }

 private:
  GreedyWeights weights_;
};

}  // namespace

std::unique_ptr<Bot> MakeGreedyBot(uint64_t seed) { return std::make_unique<GreedyBot>(seed); }

}  // namespace souk::ai::marrakech_bots
