// PostgreSQL stopped under a running game service: every write answers
// "unavailable", the health says so, nothing is half played, and once the server is
// back the same service carries on, its connection opened again (issue 20).
#include <gtest/gtest.h>

#include "server/game_service.h"
#include "testing/postgres_test_env.h"

namespace souk::server {
namespace {

using testing::TestPostgres;

TEST(PostgresFailureTest, AStoppedServerIsUnavailableThenTheServiceCarriesOn) {
  auto uri = TestPostgres::Shared().NewDatabase();
  ASSERT_TRUE(uri.ok()) << uri.message();
  auto store = OpenPostgresStore(*uri);
  ASSERT_TRUE(store.ok()) << store.message();
  ServiceOptions options;
  options.sweep_every_ms = 0;
  GameService service(**store, options);
  CreateRequest r{"jaipur", 2, "", {{"human", ""}, {"human", ""}}, 0, "192.0.2.1"};
  Created c = *service.Create(r);
  const int seat = service.View(c.game_id, 0)->json["to_move"].get<int>();
  const std::string move = service.View(c.game_id, seat)->json["legal"][0].get<std::string>();

  ASSERT_TRUE(TestPostgres::Shared().Stop().ok());
  Status lost = service.Move(c.game_id, seat, move);
  EXPECT_EQ(lost.code(), StatusCode::kUnavailable) << lost.message();
  EXPECT_EQ(service.Create(r).code(), StatusCode::kUnavailable);
  EXPECT_EQ(service.Join(c.game_id, c.invites[0].second, "Bob").code(), StatusCode::kUnavailable);
  EXPECT_EQ(service.View(c.game_id, 0)->json["move_count"], 0) << "nothing was played";
  Status health = service.Health();
  EXPECT_EQ(health.code(), StatusCode::kUnavailable);
  EXPECT_EQ(health.message().rfind("the store cannot write: ", 0), 0u) << health.message();

  ASSERT_TRUE(TestPostgres::Shared().Start().ok());
  EXPECT_TRUE(service.Health().ok());
  EXPECT_TRUE(service.Move(c.game_id, seat, move).ok());
  EXPECT_EQ((*store)->LoadGame(c.game_id)->moves, std::vector<std::string>{move});
  EXPECT_TRUE(service.Create(r).ok());
}

}  // namespace
}  // namespace souk::server
