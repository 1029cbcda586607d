#include "core/game_type.h"

#include <gtest/gtest.h>

namespace souk {
namespace {

TEST(GameType, EveryGameIsFoundByItsNameAndNoOtherName) {
  ASSERT_EQ(GameTypes().size(), 2u);
  for (const GameType* type : GameTypes()) {
    EXPECT_EQ(FindGameType(type->name), type);
    EXPECT_LE(type->min_players, type->default_players);
    EXPECT_LE(type->default_players, type->max_players);
    EXPECT_FALSE(type->display_name.empty());
    EXPECT_FALSE(type->display_name_fr.empty());
  }
  EXPECT_EQ(FindGameType("Jaipur"), nullptr) << "names are exact";
  EXPECT_EQ(GameTypeOrError("chess").message(), "unknown game 'chess' (games: jaipur, marrakech)");
}

TEST(GameType, PlayerCountsAreCheckedAgainstTheGame) {
  EXPECT_EQ(*CheckPlayersAndVariant(kJaipurType, 0, ""), 2) << "0 asks for the default";
  EXPECT_EQ(CheckPlayersAndVariant(kJaipurType, 3, "").message(), "jaipur is a game for 2 players");
  EXPECT_EQ(*CheckPlayersAndVariant(kMarrakechType, 4, ""), 4);
  EXPECT_EQ(CheckPlayersAndVariant(kMarrakechType, 5, "").message(), "marrakech is a game for 2, 3 or 4 players");
  EXPECT_EQ(kMarrakechType.PlayerCountText(), "2, 3 or 4 players");
}

TEST(GameType, VariantsAreCheckedWithTheirOwnPlayerCounts) {
  EXPECT_EQ(*CheckPlayersAndVariant(kMarrakechType, 2, "single-colour"), 2);
  EXPECT_EQ(CheckPlayersAndVariant(kMarrakechType, 3, "single-colour").message(),
            "the single-colour variant of marrakech is for 2 players");
  EXPECT_EQ(CheckPlayersAndVariant(kMarrakechType, 2, "double").message(),
            "marrakech has no variant 'double' (variants: single-colour)");
  EXPECT_EQ(CheckPlayersAndVariant(kJaipurType, 2, "x").message(), "jaipur has no variant 'x'");
  EXPECT_EQ(CheckPlayersAndVariant(kJaipurType, 2, "x").status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace souk
