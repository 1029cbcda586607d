// Reviews on the server (issue 39, docs/review.md), on both stores: refused while the
// game is played; computed once on the heavy workers and kept, so that another
// instance on the same database serves it without computing; progress heard on the
// way; the per-client quota; and over HTTP and the game's WebSocket on a real server.
#include "server/reviews/review_service.h"

#include <gtest/gtest.h>

#include <mutex>
#include <random>

#include "server/http_server.h"
#include "server/test_stores.h"
#include "testing/test_client.h"

namespace souk::server::reviews {
namespace {

using server::testing::Backend;

// Small enough for the sanitizer build's tests; the figures are not what is checked.
ReviewServiceOptions SmallReviews() {
  ReviewServiceOptions options;
  options.review.budget = 8;
  options.review.samples = 1;
  return options;
}

class ReviewServiceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(db_.Make(GetParam(), "review_service").ok());
    auto store = db_.Open();
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    games_ = std::make_unique<GameService>(*store_, 1);
    auto reviews = OpenReviewStore(db_.db());
    ASSERT_TRUE(reviews.ok()) << reviews.message();
    review_store_ = std::move(*reviews);
  }
  void TearDown() override { games_->StopBots(); }

  // A two-human Jaipur game, played to its end by random moves unless `moves` is set.
  std::string Game(int moves = -1) {
    CreateRequest r;
    r.game = "jaipur";
    r.seats = {{"human", "Ann"}, {"human", "Bob"}};
    auto made = games_->Create(r);
    EXPECT_TRUE(made.ok()) << made.message();
    std::mt19937 pick(3);
    for (int played = 0; played != moves; ++played) {
      const Json any = games_->View(made->game_id, -1)->json;
      if (any.at("over").get<bool>()) break;
      const int seat = any.at("to_move").get<int>();
      const Json legal = games_->View(made->game_id, seat)->json.at("legal");
      EXPECT_TRUE(games_->Move(made->game_id, seat, legal[pick() % legal.size()].get<std::string>()).ok());
    }
    return made->game_id;
  }

  server::testing::TestDatabase db_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<ReviewStore> review_store_;
};

TEST_P(ReviewServiceTest, AReviewIsComputedOnceKeptAndServedToEveryInstance) {
  ReviewService reviews(*review_store_, *games_, SmallReviews());
  const std::string id = Game();
  auto first = reviews.Review(id, "10.0.0.1");
  ASSERT_TRUE(first.ok()) << first.message();
  EXPECT_EQ((*first)["state"], "computing");
  EXPECT_EQ((*first)["done"], 0);
  EXPECT_EQ((*first)["total"], games_->Stored(id)->moves.size() + 1) << "a step per position";
  games_->WaitForBots();
  auto ready = reviews.Review(id, "10.0.0.2");
  ASSERT_TRUE(ready.ok()) << ready.message();
  ASSERT_EQ((*ready)["state"], "ready") << ready->dump();
  const Json& review = (*ready)["review"];
  EXPECT_FALSE(review["decisions"].empty()) << review.dump();
  int flagged = 0, with_line = 0;
  for (const Json& d : review["decisions"]) {
    flagged += d["flag"] != "";
    with_line += d["flag"] != "" && !d["line"].empty();
  }
  EXPECT_GT(flagged, 0) << "a random game at this budget has flagged moves";
  EXPECT_GT(with_line, flagged / 2) << "a flagged move's better line, for the web app to show";
  EXPECT_EQ(review["players"].size(), 2u);

  // Another instance on the same database: served from the store, not computed again.
  auto other_games = db_.Open();
  ASSERT_TRUE(other_games.ok());
  GameService second(**other_games, 1);
  auto other_store = OpenReviewStore(db_.db());
  ASSERT_TRUE(other_store.ok());
  ReviewService elsewhere(**other_store, second, SmallReviews());
  auto served = elsewhere.Review(id, "10.0.0.3");
  ASSERT_TRUE(served.ok()) << served.message();
  EXPECT_EQ((*served)["state"], "ready");
  EXPECT_EQ((*served)["review"], review) << "one review, whoever asks where";
  second.StopBots();
}

TEST_P(ReviewServiceTest, AGameInPlayHasNoReview) {
  ReviewService reviews(*review_store_, *games_, SmallReviews());
  const std::string id = Game(6);
  EXPECT_EQ(reviews.Review(id, "10.0.0.1").status().error_code(), ErrorCode::kGameNotOver);
  EXPECT_EQ(reviews.Review("nope", "10.0.0.1").status().code(), StatusCode::kNotFound);
  std::string heard;
  EXPECT_EQ(reviews.Watch(id, "10.0.0.1", [&](const std::string& m) { heard += m; }).error_code(),
            ErrorCode::kGameNotOver);
  EXPECT_TRUE(heard.empty());
}

TEST_P(ReviewServiceTest, AWatcherHearsTheProgressThenTheReview) {
  ReviewService reviews(*review_store_, *games_, SmallReviews());
  const std::string id = Game();
  std::mutex mutex;
  std::vector<Json> heard;
  auto listen = [&](const std::string& m) {
    std::lock_guard lock(mutex);
    heard.push_back(*ParseJson(m));
  };
  ASSERT_TRUE(reviews.Watch(id, "10.0.0.1", listen).ok());
  ASSERT_TRUE(reviews.Watch(id, "10.0.0.2", listen).ok()) << "a second watcher joins the same computation";
  games_->WaitForBots();
  std::lock_guard lock(mutex);
  ASSERT_GE(heard.size(), 4u);
  int finals = 0, last_done = -1;
  for (const Json& m : heard) {
    if (m["type"] == "review") {
      ++finals;
      EXPECT_FALSE(m["review"]["decisions"].empty());
    } else {
      ASSERT_EQ(m["type"], "review_progress") << m.dump();
      EXPECT_LE(m["done"].get<int>(), m["total"].get<int>());
      last_done = std::max(last_done, m["done"].get<int>());
    }
  }
  EXPECT_EQ(finals, 2) << "each watcher hears the end once";
  EXPECT_EQ(last_done, static_cast<int>(games_->Stored(id)->moves.size()) + 1);
  // Once ready, a new watcher hears it at once.
  std::string late;
  ASSERT_TRUE(reviews.Watch(id, "10.0.0.3", [&](const std::string& m) { late = m; }).ok());
  EXPECT_NE(late.find("\"type\":\"review\""), std::string::npos) << late;
}

TEST_P(ReviewServiceTest, AClientStartsFewReviewsButReadsAnyNumber) {
  ReviewServiceOptions options = SmallReviews();
  options.per_client = {1.0 / 3600, 1};
  ReviewService reviews(*review_store_, *games_, options);
  const std::string first = Game(), second = Game();
  ASSERT_TRUE(reviews.Review(first, "10.0.0.1").ok());
  ASSERT_TRUE(reviews.Review(first, "10.0.0.1").ok()) << "one under way costs nothing";
  std::chrono::milliseconds wait{0};
  auto refused = reviews.Review(second, "10.0.0.1", &wait);
  EXPECT_EQ(refused.status().error_code(), ErrorCode::kRateLimited);
  EXPECT_GT(wait.count(), 0);
  EXPECT_TRUE(reviews.Review(second, "10.0.0.9").ok()) << "another client's quota";
  games_->WaitForBots();
  for (int i = 0; i < 3; ++i) EXPECT_EQ((*reviews.Review(first, "10.0.0.1"))["state"], "ready") << "a ready one is free";
}

INSTANTIATE_TEST_SUITE_P(Stores, ReviewServiceTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         server::testing::BackendName);

// Over HTTP: 409 in play, for the seats and a spectator; 202 while computing, then 200,
// the same for both seats and a spectator; the game's WebSocket streams the progress
// to a spectator.
TEST(ReviewHttpTest, TheRouteAndTheWebSocketServeTheReview) {
  server::testing::TestDatabase db;
  ASSERT_TRUE(db.Make(Backend::kSqlite, "review_http").ok());
  auto store = db.Open();
  ASSERT_TRUE(store.ok());
  GameService games(**store, 1);
  auto review_store = OpenReviewStore(db.db());
  ASSERT_TRUE(review_store.ok());
  ReviewService reviews(**review_store, games, SmallReviews());
  ServerOptions options;
  options.port = 0;
  options.reviews = &reviews;
  HttpServer http(games, options);
  ASSERT_TRUE(http.Start().ok());

  CreateRequest r;
  r.game = "jaipur";
  r.seats = {{"human", "Ann"}, {"human", "Bob"}};
  auto made = games.Create(r);
  ASSERT_TRUE(made.ok()) << made.message();
  const std::string id = made->game_id;
  auto joined = games.Join(id, made->invites.at(0).second, "Bob");
  ASSERT_TRUE(joined.ok()) << joined.message();
  const std::vector<std::string> tokens = {made->token, joined->token};
  for (const std::string& token : {made->token, joined->token, std::string()}) {
    Reply in_play = CallServer(http.port(), http::verb::get, "/api/games/" + id + "/review", "", token);
    EXPECT_EQ(in_play.status, 409) << "a seat or a spectator, during the game";
    EXPECT_EQ(in_play.body["code"], "game_not_over");
  }
  std::mt19937 pick(9);
  for (int i = 0; i < 2000 && !games.View(id, -1)->json.at("over").get<bool>(); ++i) {
    const int seat = games.View(id, -1)->json.at("to_move").get<int>();
    const Json legal = games.View(id, seat)->json.at("legal");
    ASSERT_TRUE(games.Move(id, seat, legal[pick() % legal.size()].get<std::string>()).ok());
  }
  ASSERT_TRUE(games.View(id, -1)->json.at("over").get<bool>());

  WsClient spectator(http.port(), id);
  spectator.Send(R"({"type":"review"})");
  int progress = 0;
  Json final = spectator.ReceiveUntil([](const Json& m) { return m["type"] == "review" || m["type"] == "error"; },
                                      [&](const Json& m) { progress += m["type"] == "review_progress"; });
  ASSERT_EQ(final["type"], "review") << final.dump();
  EXPECT_GT(progress, 0);
  Reply ready = CallServer(http.port(), http::verb::get, "/api/games/" + id + "/review");
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(ready.body["state"], "ready");
  EXPECT_EQ(ready.body["review"], final["review"]) << "the socket's review is the route's";
  for (const std::string& token : tokens)
    EXPECT_EQ(CallServer(http.port(), http::verb::get, "/api/games/" + id + "/review", "", token).body, ready.body)
        << "both seats see the spectator's review";
  EXPECT_EQ(CallServer(http.port(), http::verb::get, "/api/games/nope/review").status, 404);
  games.StopBots();
}

}  // namespace
}  // namespace souk::server::reviews
