// Hidden information is a security boundary for bots too: a bot is given one
// player's view, so two states that differ only in what that player cannot know
// must get the same move from the same bot (same seed, same iteration budget).
#include <gtest/gtest.h>

#include "ai/bot.h"
#include "sim_configs.h"

namespace souk {
namespace {

class BotView : public ::testing::TestWithParam<testing::SimConfig> {};

constexpr const char* kSpecs[] = {"random", "greedy", "mcts:iterations=150", "mcts:iterations=150,threads=2"};

TEST_P(BotView, SameMoveForStatesThatDifferOnlyInHiddenInformation) {
  const testing::SimConfig& config = GetParam();
  Prng prng(2024);
  int checked = 0;
  for (uint64_t seed = 0; seed < 3; ++seed) {
    GameOptions options = config.options;
    options.seed = seed;
    auto game = NewGame(options);
    ASSERT_TRUE(game.ok()) << game.message();
    std::unique_ptr<GameState> state = std::move(*game);
    for (int ply = 0; !state->is_over() && ply < config.max_moves; ++ply) {
      int seat = state->current_player();
      if (seat != GameState::kChance && ply % 7 == 0) {
        std::unique_ptr<GameState> other = state->Clone();
        other->RandomizeHidden(seat, prng);
        ASSERT_EQ(other->PlayerView(seat), state->PlayerView(seat));
        for (const char* spec : kSpecs) {
          auto a = ai::MakeBot(state->game(), spec, 99);
          if (!a.ok() && a.status().code() == StatusCode::kNotFound) continue;  // the game has no bot of that kind
          auto b = ai::MakeBot(state->game(), spec, 99);
          ASSERT_TRUE(a.ok() && b.ok()) << a.message() << b.message();
          std::string move = (*a)->ChooseMove(state->PlayerView(seat));
          EXPECT_EQ((*b)->ChooseMove(other->PlayerView(seat)), move) << spec << ", seed " << seed << ", ply " << ply;
          // And the move is legal in both worlds.
          EXPECT_TRUE(state->Clone()->Apply(move).ok()) << spec << ": " << move;
          EXPECT_TRUE(other->Clone()->Apply(move).ok()) << spec << ": " << move;
        }
        ++checked;
      }
      std::string move = state->SampleChance();
      if (move.empty()) {
        auto legal = state->LegalMoves();
        move = legal[prng.Below(static_cast<uint32_t>(legal.size()))];
      }
      ASSERT_TRUE(state->Apply(move).ok());
    }
  }
  EXPECT_GE(checked, 3);  // one a game at least (Kuhn poker's last three moves)
}

INSTANTIATE_TEST_SUITE_P(AllGames, BotView, ::testing::ValuesIn(testing::AllConfigs()),
                         [](const ::testing::TestParamInfo<testing::SimConfig>& p) { return p.param.name; });

}  // namespace
}  // namespace souk
