// What the HTTP layer passes the games service for its limits: who created a game,
// and the store's health.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>

#include "core/game_type.h"
#include "server/http_server.h"
#include "server/test_server.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

class ServiceHttpTest : public ::testing::Test {
 protected:
  Reply Call(http::verb verb, const std::string& target, const std::string& body = "") {
    return CallServer(server_.port(), verb, target, body);
  }

  testing::TestServer server_{ServerOptions()};
};

TEST_F(ServiceHttpTest, AGameIsStoredWithItsCreatorsAddress) {
  Reply r = Call(http::verb::post, "/api/games", R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  ASSERT_EQ(r.status, 201) << r.body;
  auto stored = server_.store().LoadGame(r.body["game_id"].get<std::string>());
  ASSERT_TRUE(stored.ok()) << stored.message();
  EXPECT_EQ(stored->client, "127.0.0.1");
}

TEST_F(ServiceHttpTest, AStoreThatCannotWriteIsTheServersFailure) {
  EXPECT_EQ(Call(http::verb::get, "/api/health").status, 200);
  ASSERT_TRUE(SetSqliteReadOnlyForTesting(server_.store(), true).ok());
  Reply create = Call(http::verb::post, "/api/games", R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  EXPECT_EQ(create.status, 503) << create.body;
  // The health read a second ago would do, but a write has failed since.
  Reply health = Call(http::verb::get, "/api/health");
  EXPECT_EQ(health.status, 503);
  EXPECT_EQ(health.body["ok"], false);
  ASSERT_TRUE(health.body.contains("store")) << health.body;
  EXPECT_NE(health.body["store"].get<std::string>().find("readonly"), std::string::npos) << health.body;
  ASSERT_TRUE(SetSqliteReadOnlyForTesting(server_.store(), false).ok());
  EXPECT_EQ(Call(http::verb::get, "/api/health").body, Json({{"ok", true}}));
}

// The web app's lobby is built from the registry, as the server tells it: every game,
// its player counts and variants, in the registry's order; cacheable.
TEST_F(ServiceHttpTest, GameTypesListsTheRegistry) {
  Reply r = Call(http::verb::get, "/api/game-types");
  ASSERT_EQ(r.status, 200) << r.body;
  const Json& games = r.body["games"];
  ASSERT_TRUE(games.is_array()) << r.body;
  ASSERT_EQ(games.size(), GameTypes().size());
  for (size_t i = 0; i < games.size(); ++i) {
    const GameType& type = *GameTypes()[i];
    const Json& g = games[i];
    EXPECT_EQ(g["name"], std::string(type.name));
    EXPECT_EQ(g["display_name"], std::string(type.display_name));
    EXPECT_EQ(g["display_name_fr"], std::string(type.display_name_fr));
    EXPECT_EQ(g["min_players"], type.min_players);
    EXPECT_EQ(g["max_players"], type.max_players);
    EXPECT_EQ(g["default_players"], type.default_players);
    EXPECT_EQ(g["explicit_chance"], type.explicit_chance);
    EXPECT_EQ(g["hidden_information"], type.hidden_information);
    ASSERT_EQ(g["variants"].size(), type.variants.size()) << g;
    for (size_t v = 0; v < type.variants.size(); ++v) {
      EXPECT_EQ(g["variants"][v]["name"], std::string(type.variants[v].name));
      EXPECT_EQ(g["variants"][v]["min_players"], type.variants[v].min_players);
      EXPECT_EQ(g["variants"][v]["max_players"], type.variants[v].max_players);
    }
  }
  const Json* marrakech = nullptr;
  for (const Json& g : games)
    if (g["name"] == std::string(kMarrakechType.name)) marrakech = &g;
  ASSERT_NE(marrakech, nullptr);
  EXPECT_EQ((*marrakech)["max_players"], 4);
  EXPECT_EQ((*marrakech)["variants"][0]["name"], "single-colour");

  // Unlike every other answer of the API, a cache may keep it; HEAD is the GET without a body.
  FullReply head = CallServerWith(server_.port(), http::verb::head, "/api/game-types", "", {});
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.text, "");
  EXPECT_EQ(head.Header("cache-control"), "public, max-age=300");
  EXPECT_EQ(head.Header("content-type"), "application/json");
}

}  // namespace
}  // namespace souk::server
