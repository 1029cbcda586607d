// The random-simulation test that runs every game: thousands of complete games of
// uniformly random legal moves, with every invariant checked after every move.
#include <gtest/gtest.h>

#include "sim_configs.h"

namespace souk::testing {
namespace {

constexpr int kShards = 4;  // ctest runs the shards in parallel

struct SimParam {
  SimConfig config;
  int shard;
};

void PrintTo(const SimParam& param, std::ostream* os) { *os << param.config.name << " shard " << param.shard; }

class Simulation : public ::testing::TestWithParam<SimParam> {};

// Checks that must hold after every move; returns false after the first failure.
void CheckInvariants(const GameState& state, Prng& prng, const std::string& where) {
  Status valid = state.Validate();
  ASSERT_TRUE(valid.ok()) << where << ": " << valid.message();

  // JSON round trip, byte-identical.
  std::string text = DumpJson(state.ToJson());
  auto loaded = LoadStateText(text);
  ASSERT_TRUE(loaded.ok()) << where << ": " << loaded.message();
  ASSERT_EQ(DumpJson((*loaded)->ToJson()), text) << where;

  // A player's view does not depend on what that player cannot know.
  for (int p = 0; p < state.num_players(); ++p) {
    auto other = state.Clone();
    other->RandomizeHidden(p, prng);
    Status other_valid = other->Validate();
    ASSERT_TRUE(other_valid.ok()) << where << ": re-dealt hidden state invalid: " << other_valid.message();
    ASSERT_EQ(DumpJson(other->ViewJson(p)), DumpJson(state.ViewJson(p))) << where << ", player " << p;
  }

  if (!state.is_over()) {
    bool chance = state.current_player() == GameState::kChance;
    ASSERT_TRUE(chance || !state.LegalMoves().empty()) << where << ": no legal move";
  } else {
    ASSERT_TRUE(state.LegalMoves().empty()) << where << ": moves after the end";
    ASSERT_FALSE(state.Winners().empty()) << where << ": game over without a winner";
  }
}

TEST_P(Simulation, RandomGamesKeepEveryInvariant) {
  const SimParam& param = GetParam();
  int games = GamesFor(param.config);
  Prng chooser(1000 + static_cast<uint64_t>(param.shard));
  for (int g = param.shard; g < games; g += kShards) {
    GameOptions options = param.config.options;
    options.seed = static_cast<uint64_t>(g);
    auto created = NewGame(options);
    ASSERT_TRUE(created.ok()) << created.message();
    std::unique_ptr<GameState> state = std::move(*created);
    std::string where = param.config.name + " seed " + std::to_string(g);
    CheckInvariants(*state, chooser, where);
    if (::testing::Test::HasFatalFailure()) return;
    int moves = 0;
    while (!state->is_over()) {
      ASSERT_LT(++moves, param.config.max_moves) << where << ": the game does not end";
      std::string move = state->SampleChance();
      if (move.empty()) {
        auto legal = state->LegalMoves();
        move = legal[chooser.Below(static_cast<uint32_t>(legal.size()))];
      }
      Status applied = state->Apply(move);
      ASSERT_TRUE(applied.ok()) << where << ": legal move refused: " << applied.message();
      CheckInvariants(*state, chooser, where + " after move " + std::to_string(moves) + " '" + move + "'");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

std::vector<SimParam> Params() {
  std::vector<SimParam> params;
  for (const auto& config : AllConfigs())
    for (int shard = 0; shard < kShards; ++shard) params.push_back({config, shard});
  return params;
}

INSTANTIATE_TEST_SUITE_P(AllGames, Simulation, ::testing::ValuesIn(Params()),
                         [](const ::testing::TestParamInfo<SimParam>& p) {
                           return p.param.config.name + "_shard" + std::to_string(p.param.shard);
                         });

}  // namespace
}  // namespace souk::testing
