// The tests' own game on the server's game service, which knows it only through the
// registry: created, joined, played to the end and stored; each listener hears only
// what its seat may know (the other card stays hidden until a showdown shows it).
#include <gtest/gtest.h>

#include <array>
#include <map>

#include "format/record.h"
#include "server/game_service.h"
#include "server/test_service.h"

namespace souk::server {
namespace {

class KuhnServiceTest : public testing::ServiceOnDiskTest {
 protected:
  KuhnServiceTest() : ServiceOnDiskTest("kuhn_service_test") { options_.bot_threads = 1; }

  // Plays for whichever human seat is to move, until the end: at the n-th move, the
  // legal move that bit n of `pick` chooses (sorted: bet or call 0, pass or fold 1).
  void PlayOut(const std::string& id, const std::map<int, std::string>& tokens, int pick) {
    for (int guard = 0; guard < 10; ++guard) {
      service_->WaitForBots();
      Json any = Snapshot(id, -1);
      if (any["over"].get<bool>()) return;
      const int to_move = any["to_move"].get<int>();
      ASSERT_TRUE(tokens.count(to_move)) << "a bot did not play seat " << to_move;
      Json mine = Snapshot(id, to_move);
      ASSERT_FALSE(mine["legal"].empty());
      const std::string move = mine["legal"][static_cast<size_t>((pick >> guard) & 1) % mine["legal"].size()].get<std::string>();
      Status played = service_->Move(id, to_move, move);
      ASSERT_TRUE(played.ok()) << played.message();
    }
    FAIL() << "the hand did not end";
  }
};

TEST_F(KuhnServiceTest, AHandAgainstABotIsPlayedAndStoredToTheEnd) {
  Created c = Make("kuhn", {"human", "greedy"});
  PlayOut(c.game_id, {{0, c.token}}, 1);
  auto stored = store_->LoadGame(c.game_id);
  ASSERT_TRUE(stored.ok()) << stored.message();
  EXPECT_TRUE(stored->finished);
  EXPECT_EQ(stored->options.game, "kuhn");
}

TEST_F(KuhnServiceTest, AKindOfBotTheGameHasNotIsRefusedAtCreation) {
  CreateRequest r;
  r.game = "kuhn";
  r.players = 2;
  r.seats = {{"human", ""}, {"hard", ""}};
  auto created = service_->Create(r);
  ASSERT_FALSE(created.ok());
  EXPECT_NE(created.message().find("kuhn has no"), std::string::npos) << created.message();
}

TEST_F(KuhnServiceTest, EachListenerHearsOnlyWhatItsSeatMayKnow) {
  int showdowns = 0, folds = 0;
  for (int pick = 0; pick < 8; ++pick) {  // every line of play of a hand
    Created c = Make("kuhn", {"human", "human"});
    auto joined = service_->Join(c.game_id, c.invites[0].second, "");
    ASSERT_TRUE(joined.ok()) << joined.message();
    std::array<std::vector<std::string>, 3> heard;
    for (int seat : {0, 1, -1})
      ASSERT_TRUE(service_->Subscribe(c.game_id, seat, [&heard, seat](const std::string& m) {
        heard[static_cast<size_t>(seat + 1)].push_back(m);
      }).ok());
    PlayOut(c.game_id, {{0, c.token}, {1, joined->token}}, pick);

    auto stored = store_->LoadGame(c.game_id);
    ASSERT_TRUE(stored.ok());
    GameRecord record;
    record.options = stored->options;
    record.moves = stored->moves;
    std::vector<std::array<Json, 3>> views;  // spectator, seat 0, seat 1
    auto final_state = Replay(record, [&views](const GameState& s) {
      views.push_back({s.ViewJson(GameState::kSpectator), s.ViewJson(0), s.ViewJson(1)});
    });
    ASSERT_TRUE(final_state.ok());
    const bool showdown = (*final_state)->LastEventJson(-1).contains("cards");
    (showdown ? showdowns : folds) += 1;
    for (int listener : {-1, 0, 1}) {
      const auto& messages = heard[static_cast<size_t>(listener + 1)];
      ASSERT_FALSE(messages.empty());
      for (const std::string& text : messages) {
        const Json m = ParseJson(text).value();
        EXPECT_EQ(m["view"], views.at(m["move_count"].get<size_t>())[static_cast<size_t>(listener + 1)]) << text;
        const bool shown = m["view"]["status"] == "game_over" && showdown;
        for (int seat = 0; seat < 2; ++seat)
          EXPECT_EQ(m["view"]["players"][static_cast<size_t>(seat)]["card"].is_null(), seat != listener && !shown) << text;
        EXPECT_EQ(text.find("set_aside"), std::string::npos) << text;
        EXPECT_EQ(text.find("\"seed\""), std::string::npos) << text;  // a key: an id may hold the letters
        if (listener < 0) {
          EXPECT_TRUE(m["legal"].empty());
        }
      }
    }
  }
  EXPECT_GT(showdowns, 0);
  EXPECT_GT(folds, 0);
}

}  // namespace
}  // namespace souk::server
