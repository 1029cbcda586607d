// The game's story over the network (issue 23): a WebSocket hears the history before its
// first state; GET /api/games/ID/history gives it to a seat or a spectator.
#include <gtest/gtest.h>

#include <string>

#include "server/http_server.h"
#include "server/test_server.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

class StoryHttpTest : public ::testing::Test {
 protected:
  Reply Call(http::verb verb, const std::string& target, const std::string& body = "", const std::string& token = "") {
    return CallServer(server_.port(), verb, target, body, token);
  }
  testing::TestServer server_{ServerOptions()};
};

TEST_F(StoryHttpTest, AWebSocketHearsTheHistoryBeforeItsFirstState) {
  Reply created = Call(http::verb::post, "/api/games", R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.body["game_id"];
  Reply joined = Call(http::verb::post, "/api/games/" + id + "/join", Json{{"invite", created.body["invites"][0]["invite"]}}.dump());
  ASSERT_EQ(joined.status, 200) << joined.body;
  // Either seat may start: two moves, each by the seat to move.
  const std::string tokens[2] = {created.body["token"], joined.body["token"]};
  for (int i = 0; i < 2; ++i) {
    const int to_move = Call(http::verb::get, "/api/games/" + id).body["to_move"].get<int>();
    const std::string& token = tokens[to_move];
    Reply state = Call(http::verb::get, "/api/games/" + id, "", token);
    ASSERT_EQ(Call(http::verb::post, "/api/games/" + id + "/moves", Json{{"move", state.body["legal"][0]}}.dump(), token).status, 200);
  }
  const size_t moves = Call(http::verb::get, "/api/games/" + id).body["move_count"].get<size_t>();
  ASSERT_EQ(moves, 2u);
  WsClient ws(server_.port(), id);
  ws.Send(R"({"type":"hello"})");
  Json history = ws.Receive();
  ASSERT_EQ(history["type"], "history") << history;
  EXPECT_EQ(history["events"].size(), moves);
  EXPECT_TRUE(history["seat"].is_null());
  EXPECT_EQ(ws.Receive()["type"], "state");
}

TEST_F(StoryHttpTest, GetHistoryIsAsTheTokensSeatOrASpectatorKnowsIt) {
  Reply created = Call(http::verb::post, "/api/games", R"({"game":"marrakech","players":2,"seats":[{"player":"human"},{"player":"human"}]})");
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.body["game_id"], token = created.body["token"];
  Reply state = Call(http::verb::get, "/api/games/" + id, "", token);
  ASSERT_EQ(state.body["to_move"], 0);
  // An orientation: the move and the roll it leads to.
  ASSERT_EQ(Call(http::verb::post, "/api/games/" + id + "/moves", Json{{"move", state.body["legal"][0]}}.dump(), token).status, 200);
  Reply mine = Call(http::verb::get, "/api/games/" + id + "/history", "", token);
  ASSERT_EQ(mine.status, 200) << mine.body;
  EXPECT_EQ(mine.body["seat"], 0);
  ASSERT_EQ(mine.body["events"].size(), 2u) << mine.body;
  EXPECT_EQ(mine.body["events"][0]["action"], "orient");
  EXPECT_EQ(mine.body["events"][1]["action"], "roll");
  Reply anyone = Call(http::verb::get, "/api/games/" + id + "/history");
  ASSERT_EQ(anyone.status, 200);
  EXPECT_TRUE(anyone.body["seat"].is_null());
  EXPECT_EQ(Call(http::verb::get, "/api/games/" + id + "/history", "", "forged").status, 403);
  EXPECT_EQ(Call(http::verb::get, "/api/games/nosuchgame/history").status, 404);
}

}  // namespace
}  // namespace souk::server
