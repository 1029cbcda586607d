// The random bot, the shared helpers of jaipur_internal.h, and the factories.
#include "ai/jaipur/jaipur_bots.h"

#include <algorithm>

#include "ai/jaipur/jaipur_internal.h"

namespace souk::ai::jaipur_bots {

using jaipur::Card;
using jaipur::Move;
using jaipur::MoveList;
using jaipur::State;
using jaipur::View;

uint64_t StreamSeed(uint64_t seed, uint64_t search, uint64_t index) {
  Prng mix(seed ^ (search * 0xd1b54a32d192ed03ULL));
  uint64_t a = mix.Next();
  Prng mix2(a ^ (index * 0x9e3779b97f4a7c15ULL) ^ 0x5851f42d4c957f2dULL);
  return mix2.Next();
}

namespace {

class RandomBot final : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : seed_(seed) {}

  Move ChooseMove(const View& view) override {
    Prng prng(StreamSeed(seed_, searches_++, 0));
    State world = State::FromView(view, prng);
    world.LegalMoves(&moves_);
    return moves_[static_cast<int>(prng.Below(static_cast<uint32_t>(moves_.size())))];
  }

  Analysis<Move> Analyse(const View& view) override {
    Prng prng(StreamSeed(seed_, searches_++, 0));
    State world = State::FromView(view, prng);
    world.LegalMoves(&moves_);
    Analysis<Move> analysis;
    for (const Move& m : moves_) analysis.moves.push_back({m, 0, 0.0, 0.0});
    return analysis;
  }

 private:
  uint64_t seed_;
  uint64_t searches_ = 0;
  MoveList moves_;
};

}  // namespace

std::unique_ptr<Bot> MakeRandomBot(uint64_t seed) { return std::make_unique<RandomBot>(seed); }

}  // namespace souk::ai::jaipur_bots
