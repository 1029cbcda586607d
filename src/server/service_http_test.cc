// What the HTTP layer passes the games service for its limits: who created a game,
// and the store's health.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>

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

}  // namespace
}  // namespace souk::server
