// The Python module's generic path (src/python/registered_state.h) on Kuhn poker, in C++:
// what the pytest file cannot reach (a game without move ids, a game's broken promise)
// and, since the module is not in the sanitizer build, its C++ under the sanitizers.
#include "python/registered_state.h"

#include <gtest/gtest.h>

#include <array>

#include "kuhn/kuhn_game.h"

namespace souk::python {
namespace {

RegisteredState NewKuhn(uint64_t seed) {
  const ActionIds* ids = ActionIds::Of(&kuhn::kKuhnType).value();
  return RegisteredState(ids, std::move(NewGame({"kuhn", seed, 0, ""})).value(), "");
}

TEST(RegisteredState, KuhnsIdsAreItsModulesList) {
  auto ids = ActionIds::Of(&kuhn::kKuhnType);
  ASSERT_TRUE(ids.ok()) << ids.message();
  EXPECT_EQ((*ids)->size(), 4);
  EXPECT_EQ((*ids)->TextOf(2), "call");
  EXPECT_EQ((*ids)->IdOf("fold"), 3);
  EXPECT_EQ((*ids)->IdOf("raise"), -1);
  EXPECT_EQ((*ids)->max_game_length(), 3);
  EXPECT_EQ(ActionIds::Of(&kuhn::kKuhnType).value(), *ids) << "made once per game";
}

TEST(RegisteredState, AGameWithoutAnActionCodecHasNoIds) {
  auto ids = ActionIds::Of(&kJaipurType);
  ASSERT_FALSE(ids.ok());
  EXPECT_EQ(ids.message(),
            "game 'jaipur' has no action ids (its module declares no ActionCodec): the Python module cannot play it");
}

TEST(RegisteredState, LegalIdsAndMovesChecked) {
  RegisteredState s = NewKuhn(3);
  std::array<int32_t, 4> out{};
  ASSERT_EQ(s.LegalIds(out.data(), 4), 2);
  EXPECT_EQ((std::array<int32_t, 2>{out[0], out[1]}), (std::array<int32_t, 2>{1, 0})) << "bet, pass: the game's order";
  EXPECT_TRUE(s.CheckMove("bet").ok());
  const Status refused = s.CheckMove("call");
  EXPECT_EQ(refused.error_code(), ErrorCode::kIllegalMove) << refused.message();
  EXPECT_EQ(s.CheckMove("raise").error_code(), ErrorCode::kBadMove);
  s.ApplyMove("bet");
  ASSERT_EQ(s.LegalIds(out.data(), 4), 2);
  EXPECT_EQ(s.IdOf(" Fold ").value(), 3) << "the game's parser, matched with a legal move";
  EXPECT_EQ(s.IdOf("PASS").status().error_code(), ErrorCode::kIllegalMove);
  EXPECT_EQ(s.SampleChance(), -1) << "no chance node";
}

TEST(RegisteredState, MoreLegalMovesThanTheBufferIsTheGamesBug) {
  RegisteredState s = NewKuhn(3);
  int32_t out[1];
  try {
    s.LegalIds(out, 1);
    FAIL() << "no EngineBug";
  } catch (const EngineBug& bug) {
    EXPECT_STREQ(bug.what(), "game 'kuhn' has 2 legal moves, more than the 1 the module takes");
  }
}

TEST(RegisteredState, CopiesAreDeepAndCompareByJson) {
  RegisteredState a = NewKuhn(5);
  RegisteredState b = a;
  EXPECT_TRUE(a == b);
  b.ApplyMove("pass");
  EXPECT_FALSE(a == b);
  EXPECT_EQ(a.game().LegalMoves().size(), 2u);
  EXPECT_TRUE(a == NewKuhn(5));
  auto loaded = RegisteredStateFromJson(b.game().ToJson());
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_TRUE(*loaded == b);
}

}  // namespace
}  // namespace souk::python
