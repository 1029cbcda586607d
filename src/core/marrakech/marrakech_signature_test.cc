// The rules' signature: fixed-seed random games in every mode, played as the
// random-playout benchmark plays them, hashed move by move. Every legal-move list
// (its order included: a random player picks by index), every move, and each
// game's end (board, dirhams, who is out, winners) go into one hash per mode. A
// change meant to make the engine faster, not different, must leave them all equal;
// a change of the rules changes them, and then the constants below are updated with
// the reason in the commit.
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "core/marrakech/marrakech.h"
#include "core/marrakech/marrakech_test_util.h"

namespace souk::marrakech {
namespace signature_test {

// FNV-1a, 64 bits: enough to tell two runs of a million moves apart.
class SignatureHash {
 public:
  void Add(uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (value >> (8 * i)) & 0xff;
      hash_ *= 0x100000001b3ULL;
    }
  }
  void Add(const Move& m) {
    Add(static_cast<uint64_t>(m.kind) | static_cast<uint64_t>(m.turn) << 8 | uint64_t{m.roll} << 16 |
        uint64_t{m.first} << 24 | uint64_t{m.second} << 32);
  }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ULL;
};

struct Signature {
  int64_t moves = 0;
  uint64_t hash = 0;
};

// As BM_MarrakechRandomPlayout plays: seeds 1, 2, ... and one Prng(12345) for every
// choice, a roll drawn with the die's probabilities from the legal list.
Signature PlayRandomGames(int players, Variant variant, int games) {
  SignatureHash hash;
  Prng prng(12345);
  MoveList legal;
  int64_t moves = 0;
  for (int g = 0; g < games; ++g) {
    State s = State::NewGame(players, variant, static_cast<uint64_t>(g) + 1);
    while (!s.game_over()) {
      s.LegalMoves(&legal);
      hash.Add(static_cast<uint64_t>(legal.size()));
      for (const Move& m : legal) hash.Add(m);
      Move m = s.phase == Phase::kRoll ? legal[DrawRoll(prng) - 1]
                                       : legal[static_cast<int>(prng.Below(static_cast<uint32_t>(legal.size())))];
      s.ApplyMove(m);
      ++moves;
    }
    for (int sq = 0; sq < kNumSquares; ++sq)
      hash.Add(uint64_t{s.carpet[static_cast<size_t>(sq)]} << 8 | s.color[static_cast<size_t>(sq)]);
    for (int p = 0; p < players; ++p) {
      const PlayerState& ps = s.players[static_cast<size_t>(p)];
      hash.Add(uint64_t{ps.dirhams} << 16 | uint64_t{ps.out} << 8 | ps.pile_size);
      hash.Add(static_cast<uint64_t>(s.Score(p)));
    }
    hash.Add(uint64_t{s.winners} << 8 | s.to_move);
    hash.Add(s.rng);
  }
  return {moves, hash.value()};
}

struct Golden {
  const char* mode;
  int64_t moves;
  uint64_t hash;
};

// Computed on the engine of commit f123f8c (before the speed work of the fastmk branch).
constexpr Golden kGolden[] = {
    {"2p", 142884, 17950482310701361900ULL},
    {"2p-single-colour", 89050, 16922589401482126095ULL},
    {"3p", 134569, 6077693449105356715ULL},
    {"4p", 143978, 661606108322219042ULL},
};

TEST(MarrakechSignature, ThousandRandomGamesPerModeReplayMoveForMove) {
  constexpr int kGames = 1000;
  for (size_t i = 0; i < std::size(testing::kModes); ++i) {
    const testing::Mode& mode = testing::kModes[i];
    ASSERT_EQ(std::string(kGolden[i].mode), mode.name);
    const Signature got = PlayRandomGames(mode.players, mode.variant, kGames);
    EXPECT_EQ(got.moves, kGolden[i].moves) << mode.name;
    EXPECT_EQ(got.hash, kGolden[i].hash) << mode.name << ": 0x" << std::hex << got.hash;
  }
}

}  // namespace signature_test
}  // namespace souk::marrakech
