// The game's story (issue 23): every move's event from the start for the move log, as
// each seat may know it; the events each change adds; what was hidden, revealed to
// everyone only once the game is over.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/test_service.h"

namespace souk::server {
namespace {

class StoryTest : public testing::ServiceOnDiskTest {
 protected:
  StoryTest() : ServiceOnDiskTest("story_test") {}

  // A two-human game; the creator holds seat 0, the invited player seat 1.
  std::string NewGame(const std::string& game) {
    auto c = service_->Create(CreateRequest{game, 2, "", {{"human", "Ann"}, {"human", "Bob"}}, 0, ""});
    EXPECT_TRUE(c.ok()) << c.message();
    EXPECT_TRUE(service_->Join(c->game_id, c->invites.at(0).second, "Bob").ok());
    return c->game_id;
  }

  Json State(const std::string& id, int seat) {
    auto v = service_->View(id, seat);
    EXPECT_TRUE(v.ok()) << v.message();
    return v->json;
  }

  Json History(const std::string& id, int seat) {
    auto h = service_->History(id, seat);
    EXPECT_TRUE(h.ok()) << h.message();
    return *h;
  }

  // Plays the seat to move: a Jaipur sale of 3 cards or more when there is one (a
  // bonus token), else a take, else the first legal move.
  void PlayOne(const std::string& id) {
    Json any = State(id, -1);
    const int seat = any.at("to_move").get<int>();
    const std::vector<std::string> legal = State(id, seat).at("legal").get<std::vector<std::string>>();
    ASSERT_FALSE(legal.empty());
    std::string move = legal.front();
    for (const std::string& m : legal)
      if (m.rfind("take", 0) == 0) move = m;
    for (const std::string& m : legal)
      if (m.rfind("sell ", 0) == 0 && m.size() > 5 && m[5] >= '3' && m[5] <= '9') move = m;
    ASSERT_TRUE(service_->Move(id, seat, move).ok()) << move;
  }
};

// Whether `j` holds `key` anywhere inside.
bool Holds(const Json& j, const std::string& key) {
  if (j.is_object()) {
    if (j.contains(key)) return true;
    for (const auto& [k, v] : j.items())
      if (Holds(v, key)) return true;
  }
  if (j.is_array())
    for (const auto& v : j)
      if (Holds(v, key)) return true;
  return false;
}

TEST_F(StoryTest, JaipurHistoryOfASeatAndASpectatorHoldsNothingHiddenWhileTheGameIsOn) {
  const std::string id = NewGame("jaipur");
  int own_bonus_told = 0;
  while (!State(id, -1).at("over").get<bool>()) {
    PlayOne(id);
    if (State(id, -1).at("over").get<bool>()) break;
    const Json spectator = History(id, -1);
    const Json seat0 = History(id, 0);
    ASSERT_EQ(spectator.at("events").size(), State(id, -1).at("move_count").get<size_t>());
    for (const char* hidden : {"hand", "deck", "seed", "bonus_tokens", "bonus_value"})
      EXPECT_FALSE(Holds(spectator, hidden)) << hidden << " in " << spectator.dump();
    // A round's end table shows seat 0 its own hand and bonus values, and no one else's;
    // past those, nothing hidden.
    Json rest = seat0;
    for (Json& e : rest.at("events")) {
      if (!e.contains("round_end")) continue;
      const Json& table = e.at("round_end").at("view");
      EXPECT_EQ(table.at("viewer"), 0);
      EXPECT_FALSE(table.at("players").at(1).contains("hand")) << table.dump();
      EXPECT_FALSE(table.at("players").at(1).contains("bonus_tokens")) << table.dump();
      e["round_end"]["view"]["players"][0].erase("hand");
      e["round_end"]["view"]["players"][0].erase("bonus_tokens");
    }
    for (const char* hidden : {"hand", "deck", "seed", "bonus_tokens"})
      EXPECT_FALSE(Holds(rest, hidden)) << hidden;
    for (const Json& e : seat0.at("events")) {
      // A bonus token's value is told to its seller alone.
      if (e.contains("bonus_value")) {
        EXPECT_EQ(e.at("seat"), 0) << e.dump();
      }
      own_bonus_told += e.contains("bonus_value") && e.at("seat") == 0;
    }
    // Nothing is revealed before the end, to anyone.
    for (int seat : {-1, 0, 1}) EXPECT_FALSE(State(id, seat).contains("reveal"));
  }
  // The game did sell for a bonus: the checks above had something to find.
  EXPECT_GT(own_bonus_told, 0);
}

TEST_F(StoryTest, AtTheEndEveryHandAndBonusTokenIsRevealedToEveryone) {
  const std::string id = NewGame("jaipur");
  while (!State(id, -1).at("over").get<bool>()) PlayOne(id);
  for (int seat : {-1, 0, 1}) {
    const Json state = State(id, seat);
    ASSERT_TRUE(state.contains("reveal")) << "seat " << seat;
    const Json& players = state.at("reveal").at("players");
    ASSERT_EQ(players.size(), 2u);
    for (const Json& p : players) {
      EXPECT_TRUE(p.contains("hand")) << p.dump();
      EXPECT_TRUE(p.contains("bonus_tokens")) << p.dump();
    }
    // The view itself keeps its rule: the opponent's hand is in the reveal only.
    for (size_t p = 0; p < 2; ++p)
      EXPECT_EQ(state.at("view").at("players").at(p).contains("hand"), static_cast<int>(p) == seat);
  }
}

TEST_F(StoryTest, ListenerHearsTheWholeHistoryFirstThenEveryMovesEventWithoutGap) {
  const std::string id = NewGame("marrakech");
  for (int i = 0; i < 5; ++i) PlayOne(id);
  std::vector<Json> heard;
  auto sub = service_->Subscribe(id, 1, [&heard](const std::string& m) { heard.push_back(ParseJson(m).value()); }, true);
  ASSERT_TRUE(sub.ok()) << sub.message();
  for (int i = 0; i < 12; ++i) PlayOne(id);
  service_->Unsubscribe(id, *sub);

  ASSERT_GE(heard.size(), 2u);
  ASSERT_EQ(heard[0].at("type"), "history");
  Json log = heard[0].at("events");
  for (size_t i = 1; i < heard.size(); ++i) {
    ASSERT_EQ(heard[i].at("type"), "state");
    const size_t from = heard[i].at("events_from").get<size_t>();
    ASSERT_LE(from, log.size()) << "a gap in the story before message " << i;
    const Json& events = heard[i].at("events");
    for (size_t k = log.size() - from; k < events.size(); ++k) log.push_back(events[k]);
  }
  // The orientation, the roll it led to (one state for both) and the placement: all there.
  const Json whole = History(id, 1).at("events");
  EXPECT_EQ(log, whole);
  ASSERT_EQ(whole.size(), State(id, 1).at("move_count").get<size_t>());
  int orients = 0, rolls = 0, places = 0;
  for (const Json& e : whole) {
    const std::string action = e.at("action");
    orients += action == "orient";
    rolls += action == "roll";
    places += action == "place";
  }
  EXPECT_GT(orients, 0);
  EXPECT_EQ(orients, rolls);
  EXPECT_GT(places, 0);
}

TEST_F(StoryTest, HistoryOfAnUnknownGameOrSeatIsAClearError) {
  EXPECT_EQ(service_->History("nosuchgame", -1).code(), StatusCode::kNotFound);
  const std::string id = NewGame("jaipur");
  auto h = service_->History(id, 5);
  ASSERT_FALSE(h.ok());
  EXPECT_NE(h.message().find("seat"), std::string::npos);
}

}  // namespace
}  // namespace souk::server
