// The engine's chance nodes by id, without Python: Jaipur's explicit_chance option
// (its outcome ids after the decisions') and Marrakech's die, through Ops and Play as
// the module and the vectorised environments call them.
#include <gtest/gtest.h>

#include "core/prng.h"
#include "python/engine.h"

namespace souk::python {
namespace {

Game Jaipur(bool explicit_chance) {
  auto game = LoadGame("jaipur", 0, "", explicit_chance);
  EXPECT_TRUE(game.ok()) << game.message();
  return *game;
}

TEST(EngineChance, JaipurHasChanceNodesOnlyWithTheOption) {
  EXPECT_EQ(Jaipur(false).MaxChanceOutcomes(), 0);
  EXPECT_EQ(Jaipur(true).MaxChanceOutcomes(), jaipur::kNumCardTypes);
  EXPECT_FALSE(Jaipur(false) == Jaipur(true));
  EXPECT_NE(CurrentPlayer(NewState(Jaipur(false), 3)), kChance);
  const AnyState state = NewState(Jaipur(true), 3);
  EXPECT_EQ(CurrentPlayer(state), kChance);
  EXPECT_TRUE(StateIsOf(state, Jaipur(true)));
  EXPECT_FALSE(StateIsOf(state, Jaipur(false)));
}

TEST(EngineChance, TheOptionIsJaipursAlone) {
  auto game = LoadGame("marrakech", 0, "", true);
  ASSERT_FALSE(game.ok());
  EXPECT_NE(game.message().find("explicit_chance"), std::string::npos) << game.message();
  EXPECT_NE(game.message().find("not an option of marrakech"), std::string::npos) << game.message();
}

TEST(EngineChance, JaipurOutcomeIdsFollowTheDecisionsAndAreTheLegalIds) {
  const AnyState state = NewState(Jaipur(true), 8);
  const auto outcomes = ChanceOutcomesOf(state);
  ASSERT_FALSE(outcomes.empty());
  double sum = 0;
  std::vector<int32_t> ids;
  for (const auto& [id, probability] : outcomes) {
    EXPECT_GE(id, jaipur::NumDistinctActions());
    EXPECT_LT(id, jaipur::NumDistinctActions() + jaipur::kNumCardTypes);
    EXPECT_TRUE(Check(state, id).ok());
    sum += probability;
    ids.push_back(id);
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_EQ(LegalIds(state), ids);
  EXPECT_EQ(ActionText(state, jaipur::ChanceActionOf(jaipur::Card::kGold)), "draw gold");
  // A decision's id is refused at a chance node, an outcome's at a decision.
  EXPECT_FALSE(Check(state, jaipur::kCamelsAction).ok());
  AnyState settled = state;
  while (CurrentPlayer(settled) == kChance) Apply(settled, SampleChanceOf(settled));
  EXPECT_FALSE(Check(settled, jaipur::ChanceActionOf(jaipur::Card::kGold)).ok());
  EXPECT_TRUE(ChanceOutcomesOf(settled).empty());
  EXPECT_EQ(SampleChanceOf(settled), -1);
}

// The sampler's ids at every chance node, the same decisions: the game without the
// option, state for state.
TEST(EngineChance, JaipurSampledOutcomesReplayTheGameWithoutTheOption) {
  for (uint64_t seed = 0; seed < 30; ++seed) {
    AnyState plain = NewState(Jaipur(false), seed);
    AnyState chance = NewState(Jaipur(true), seed);
    Prng prng(seed + 100);
    for (int step = 0; step < 2000 && !IsOver(plain); ++step) {
      while (CurrentPlayer(chance) == kChance) Apply(chance, SampleChanceOf(chance));
      jaipur::State unmarked = std::get<jaipur::State>(chance);
      unmarked.explicit_chance = false;
      ASSERT_EQ(unmarked, std::get<jaipur::State>(plain)) << "seed " << seed << ", step " << step;
      const std::vector<int32_t> legal = LegalIds(plain);
      ASSERT_EQ(LegalIds(chance), legal);
      const int action = legal[prng.Below(static_cast<uint32_t>(legal.size()))];
      ASSERT_TRUE(Check(chance, action).ok());
      Apply(plain, action);
      Apply(chance, action);
    }
    EXPECT_EQ(Returns(chance), Returns(plain));
  }
}

TEST(EngineChance, MarrakechOutcomesAreTheDiesRolls) {
  auto game = LoadGame("marrakech", 2, "");
  ASSERT_TRUE(game.ok()) << game.message();
  AnyState state = NewState(*game, 1);
  for (int i = 0; i < 10 && CurrentPlayer(state) != kChance; ++i) Apply(state, LegalIds(state).front());
  ASSERT_EQ(CurrentPlayer(state), kChance);
  const auto outcomes = ChanceOutcomesOf(state);
  ASSERT_EQ(outcomes.size(), marrakech::kRollOutcomes.size());
  for (size_t i = 0; i < outcomes.size(); ++i) {
    EXPECT_EQ(outcomes[i].first, marrakech::ActionOf(marrakech::Move::Roll(marrakech::kRollOutcomes[i].roll)));
    EXPECT_DOUBLE_EQ(outcomes[i].second, marrakech::kRollOutcomes[i].probability);
  }
  EXPECT_EQ(game->MaxChanceOutcomes(), static_cast<int>(outcomes.size()));
}

}  // namespace
}  // namespace souk::python
