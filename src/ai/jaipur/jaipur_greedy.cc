// The greedy bot: every legal move scored one move ahead by MoveScorer
// (jaipur_heuristic.h) on a world sampled from the view. The scorer reads only
// what the view shows, so the sample's hidden cards never change the choice.
#include <algorithm>
#include <numeric>
#include <vector>

#include "ai/jaipur/jaipur_bots.h"
#include "ai/jaipur/jaipur_heuristic.h"
#include "ai/jaipur/jaipur_internal.h"

namespace souk::ai::jaipur_bots {

using jaipur::Move;
using jaipur::MoveList;
using jaipur::State;
using jaipur::View;

namespace {

class GreedyBot final : public Bot {
 public:
  explicit GreedyBot(uint64_t seed) : seed_(seed) {}

  Move ChooseMove(const View& view) override {
    Score(view);
    return moves_[best_];
  }

  Analysis<Move> Analyse(const View& view) override {
    Score(view);
    std::vector<int> order(static_cast<size_t>(moves_.size()));
    std::iota(order.begin(), order.end(), 0);
    // The chosen move first, then by score; equal scores keep generation order.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      if ((a == best_) != (b == best_)) return a == best_;
      return scores_[static_cast<size_t>(a)] > scores_[static_cast<size_t>(b)];
    });
    Analysis<Move> analysis;
    for (int i : order) analysis.moves.push_back({moves_[i], 0, 0.0, scores_[static_cast<size_t>(i)]});
    return analysis;
  }

 private:
  void Score(const View& view) {
    Prng prng(StreamSeed(seed_, searches_++, 0));
    State world = State::FromView(view, prng);
    world.LegalMoves(&moves_);
    MoveScorer scorer(world);
    double top = -1e300;
    for (int i = 0; i < moves_.size(); ++i) {
      scores_[static_cast<size_t>(i)] = scorer.Score(moves_[i]);
      top = std::max(top, scores_[static_cast<size_t>(i)]);
    }
    // Ties (within rounding) broken by the seed, among moves in generation order.
    int ties = 0;
    for (int i = 0; i < moves_.size(); ++i) ties += scores_[static_cast<size_t>(i)] >= top - 1e-9;
    int pick = static_cast<int>(prng.Below(static_cast<uint32_t>(ties)));
    for (int i = 0; i < moves_.size(); ++i) {
      if (scores_[static_cast<size_t>(i)] >= top - 1e-9 && pick-- == 0) {
        best_ = i;
        break;
      }
    }
  }

  uint64_t seed_;
  uint64_t searches_ = 0;
  MoveList moves_;
  std::array<double, jaipur::kMaxMoves> scores_{};
  int best_ = 0;
};

}  // namespace

std::unique_ptr<Bot> MakeGreedyBot(uint64_t seed) { return std::make_unique<GreedyBot>(seed); }

}  // namespace souk::ai::jaipur_bots
