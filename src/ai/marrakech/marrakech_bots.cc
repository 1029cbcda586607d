// The random bot, and what every Marrakech bot shares: the legal moves and public
// hash of the position a view shows.
#include <memory>

#include "ai/marrakech/marrakech_bots.h"
#include "ai/marrakech/marrakech_internal.h"

namespace souk::ai::marrakech_bots {

void LegalMovesOf(const marrakech::View& view, marrakech::MoveList* moves) {
  // The legal moves read only the board and Assam, so any dealing of the hidden
  // piles will do; a fixed one keeps this free of the caller's PRNG.
  Prng unused(0);
  marrakech::State::FromView(view, unused).LegalMoves(moves);
}

namespace {

// SplitMix64's finaliser: one 64-bit word folded into the running hash.
uint64_t Fold(uint64_t h, uint64_t v) {
  uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

uint64_t PublicHash(const marrakech::View& view) {
  uint64_t h = Fold(0, static_cast<uint64_t>(view.num_players) | static_cast<uint64_t>(view.variant) << 8 |
                           static_cast<uint64_t>(view.to_move) << 16 | static_cast<uint64_t>(view.phase) << 24 |
                           static_cast<uint64_t>(view.assam.square) << 32 |
                           static_cast<uint64_t>(view.assam.facing) << 40 |
                           static_cast<uint64_t>(view.current_carpet + 1) << 48 |
                           static_cast<uint64_t>(view.winners) << 56);
  for (size_t sq = 0; sq < marrakech::kNumSquares; sq += 4) {
    uint64_t word = 0;
    for (size_t k = 0; k < 4 && sq + k < marrakech::kNumSquares; ++k)
      word |= static_cast<uint64_t>(view.carpet[sq + k] | view.color[sq + k] << 8) << (16 * k);
    h = Fold(h, word);
  }
  for (size_t p = 0; p < static_cast<size_t>(view.num_players); ++p) {
    const marrakech::View::Player& vp = view.players[p];
    h = Fold(h, static_cast<uint64_t>(vp.dirhams) | static_cast<uint64_t>(vp.out) << 16 |
                    static_cast<uint64_t>(vp.pile_size) << 24 | static_cast<uint64_t>(vp.carpets_left[0]) << 32 |
                    static_cast<uint64_t>(vp.carpets_left[1]) << 40);
  }
  return h;
}

uint64_t PublicHash(const marrakech::State& state) { return PublicHash(state.ViewFor(state.to_move)); }

namespace {

class RandomBot final : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : prng_(seed) {}

  marrakech::Move ChooseMove(const marrakech::View& view) override {
    marrakech::MoveList moves;
    LegalMovesOf(view, &moves);
    return moves[static_cast<int>(prng_.Below(static_cast<uint32_t>(moves.size())))];
  }

  // Every move alike: nothing is searched or valued.
  Analysis<marrakech::Move> Analyse(const marrakech::View& view) override {
    marrakech::MoveList moves;
    LegalMovesOf(view, &moves);
    Analysis<marrakech::Move> analysis;
    for (const marrakech::Move& m : moves) analysis.moves.push_back({m, 0, 0.0, 0.0});
    return analysis;
  }

 private:
  Prng prng_;
};

}  // namespace

std::unique_ptr<Bot> MakeRandomBot(uint64_t seed) { return std::make_unique<RandomBot>(seed); }

}  // namespace souk::ai::marrakech_bots
