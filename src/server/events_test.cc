// The move events the game states tell (format/, from the core's typed events)
// against the server's own description from two JSON states, over random games of
// every configuration: the same JSON, for the mover and for everyone else.
#include <gtest/gtest.h>

#include "core/prng.h"
#include "format/game.h"
#include "server/events.h"

namespace souk::server {
namespace {

struct Config {
  GameOptions options;
  int games;
};

TEST(MoveEvents, TheTypedEventTellsWhatTheServerDescribed) {
  const Config configs[] = {{{"jaipur", 0, 0, ""}, 20},
                            {{"marrakech", 0, 2, ""}, 20},
                            {{"marrakech", 0, 2, "single-colour"}, 10},
                            {{"marrakech", 0, 3, ""}, 10},
                            {{"marrakech", 0, 4, ""}, 10}};
  int compared = 0;
  for (const Config& config : configs) {
    for (int game = 0; game < config.games; ++game) {
      GameOptions options = config.options;
      options.seed = static_cast<uint64_t>(game);
      auto state = std::move(*NewGame(options));
      EXPECT_TRUE(state->LastEventJson(0).is_null()) << "no move, no event";
      Prng prng(static_cast<uint64_t>(game) + 99);
      while (!state->is_over()) {
        std::string move = state->SampleChance();
        const int seat = move.empty() ? state->current_player() : GameState::kChance;
        if (move.empty()) {
          const auto legal = state->LegalMoves();
          move = legal[prng.Below(static_cast<uint32_t>(legal.size()))];
        }
        const Json before = state->ToJson();
        ASSERT_TRUE(state->Apply(move).ok());
        Json private_part;
        Json described = DescribeMove(before, state->ToJson(), move, seat, &private_part);
        const int mover = described["seat"].get<int>();
        for (int viewer = -1; viewer < state->num_players(); ++viewer) {
          Json expected = described;
          Json told = state->LastEventJson(viewer);
          if (viewer == mover && !private_part.is_null()) expected.update(private_part);
          // The server could not tell the seller the value of a bonus taken by a
          // sale that ended the round (the hand it read it from was dealt anew).
          if (told.contains("round_end") && !expected.contains("bonus_value")) told.erase("bonus_value");
          // Compared as JSON values: the order of an object's keys means nothing.
          ASSERT_EQ(nlohmann::json::parse(told.dump()), nlohmann::json::parse(expected.dump()))
              << options.game << " seed " << game << ", " << move << ", viewer " << viewer;
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 5000);
}

}  // namespace
}  // namespace souk::server
