// Ratings at a game's end (docs/ratings.md), on both stores: a rated game played out
// or abandoned updates its players' ratings once, as rating/pools.h's RateGame says;
// a rated game takes signed-in people only; on PostgreSQL, games ending at once on
// two instances for the same player both count.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "rating/pools.h"
#include "server/accounts/account_store.h"
#include "server/game_service.h"
#include "server/ratings/game_ratings.h"
#include "server/ratings/rating_store.h"
#include "server/test_stores.h"
#include "server/wall_time.h"

namespace souk::server::ratings {
namespace {

using testing::Backend;
using testing::TestDatabase;

class GameRatingsTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    Status made = database_.Make(GetParam(), "game_ratings");
    ASSERT_TRUE(made.ok()) << made.message();
    auto store = database_.Open();
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    auto ratings = OpenRatingStore(database_.db());
    ASSERT_TRUE(ratings.ok()) << ratings.message();
    ratings_ = std::move(*ratings);
    auto accounts = accounts::OpenAccountStore(database_.db());
    ASSERT_TRUE(accounts.ok()) << accounts.message();
    accounts_ = std::move(*accounts);
    options_.bot_threads = 1;
    options_.sweep_every_ms = 0;
    options_.follow_every_ms = 0;
    options_.max_games_per_client = 0;
    options_.ratings = ratings_.get();
    service_ = std::make_unique<GameService>(*store_, options_);
    service_->UseSeedsFrom(20261127);
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
  }

  int64_t NewAccount(const std::string& name) {
    std::string key = name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto a = accounts_->CreateAccount(name, key, "hash", 1);
    EXPECT_TRUE(a.ok()) << a.message();
    return a.ok() ? a->id : 0;
  }

  // A rated two-player game of `game` between two accounts; its id.
  std::string RatedGame(GameService& service, const std::string& game, int64_t first, const std::string& first_name,
                        int64_t second, const std::string& second_name) {
    CreateRequest r;
    r.game = game;
    r.seats = {{"human", ""}, {"human", ""}};
    r.rated = true;
    r.account_id = first;
    r.account_name = first_name;
    auto created = service.Create(r);
    EXPECT_TRUE(created.ok()) << created.message();
    if (!created.ok()) return "";
    tokens_[created->game_id][0] = created->token;
    auto joined = service.Join(created->game_id, created->invites[0].second, "", second, second_name);
    EXPECT_TRUE(joined.ok()) << joined.message();
    return created->game_id;
  }

  // Plays legal moves drawn from a fixed sequence to the end (or one move only).
  static void Play(GameService& service, const std::string& id, bool to_the_end = true) {
    std::mt19937 pick(7);
    for (int moves = 0; moves < 5000; ++moves) {
      auto any = service.View(id, -1);
      ASSERT_TRUE(any.ok()) << any.message();
      if (any->json.at("over").get<bool>()) return;
      const int seat = any->json.at("to_move").get<int>();
      auto view = service.View(id, seat);
      ASSERT_TRUE(view.ok());
      const auto legal = view->json.at("legal").get<std::vector<std::string>>();
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(service.Move(id, seat, legal[pick() % legal.size()]).ok());
      if (!to_the_end) return;
    }
    FAIL() << "game " << id << " did not end";
  }

  StoredRating RatingIn(int64_t account, const std::string& pool) {
    auto all = ratings_->RatingsOf(account);
    EXPECT_TRUE(all.ok()) << all.message();
    if (all.ok())
      for (const StoredRating& r : *all)
        if (r.pool == pool) return r;
    return {};
  }

  TestDatabase database_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<RatingStore> ratings_;
  std::unique_ptr<accounts::AccountStore> accounts_;
  ServiceOptions options_;
  std::unique_ptr<GameService> service_;
  std::map<std::string, std::string[2]> tokens_;
};

TEST_P(GameRatingsTest, ARatedGamePlayedOutUpdatesBothRatingsAsRateGameSaysAndOnlyOnce) {
  const int64_t ann = NewAccount("Ann"), bob = NewAccount("Bob");
  const std::string id = RatedGame(*service_, "jaipur", ann, "Ann", bob, "Bob");
  ASSERT_FALSE(id.empty());
  const Json start = service_->View(id, 0)->json;
  EXPECT_TRUE(start.at("rated").get<bool>());
  EXPECT_EQ(start.at("seats")[0].at("account"), "Ann");
  EXPECT_EQ(start.at("seats")[1].at("account"), "Bob");
  EXPECT_EQ(start.at("seats")[1].at("name"), "Bob") << "the seat is named as the account";
  Play(*service_, id);
  const Json end = service_->View(id, -1)->json;
  const auto winners = end.at("winners").get<std::vector<int>>();
  ASSERT_FALSE(winners.empty());
  auto place = [&](int seat) { return std::count(winners.begin(), winners.end(), seat) ? 1 : 2; };
  const rating::Pool pool = *rating::PoolFor("jaipur", 2);
  const std::vector<rating::Seat> seats{{rating::Rating{}, place(0), 0}, {rating::Rating{}, place(1), 0}};
  const std::vector<rating::Rating> expected = rating::RateGame(pool, seats, rating::MultiplayerConfig{});
  const std::string pool_id(rating::PoolId(pool));
  const StoredRating a = RatingIn(ann, pool_id), b = RatingIn(bob, pool_id);
  EXPECT_DOUBLE_EQ(a.rating, expected[0].rating);
  EXPECT_DOUBLE_EQ(a.deviation, expected[0].deviation);
  EXPECT_DOUBLE_EQ(a.volatility, expected[0].volatility);
  EXPECT_DOUBLE_EQ(b.rating, expected[1].rating);
  EXPECT_DOUBLE_EQ(b.deviation, expected[1].deviation);
  EXPECT_NE(a.rating, 1500) << "a game between newcomers moves their ratings";
  EXPECT_EQ(a.games, 1);
  EXPECT_EQ(b.games, 1);
  EXPECT_EQ(a.wins + a.losses + a.draws, 1);
  EXPECT_EQ(a.wins, b.losses);
  EXPECT_EQ(a.draws, b.draws);
  auto history = ratings_->HistoryOf(ann);
  ASSERT_TRUE(history.ok()) << history.message();
  ASSERT_EQ(history->size(), 1u);
  EXPECT_EQ((*history)[0].game_id, id);
  EXPECT_DOUBLE_EQ((*history)[0].rating, a.rating);

  // Applied again (another instance heard of the end, a retry): nothing changes.
  auto stored = store_->LoadGame(id);
  ASSERT_TRUE(stored.ok()) << stored.message();
  auto again = ApplyRatedGame(*ratings_, *stored, {2, 1}, 99999);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_FALSE(*again);
  const StoredRating a2 = RatingIn(ann, pool_id);
  EXPECT_EQ(a2.games, 1);
  EXPECT_DOUBLE_EQ(a2.rating, a.rating);
  EXPECT_EQ(ratings_->HistoryOf(ann)->size(), 1u);
}

TEST_P(GameRatingsTest, ARatedGameTakesSignedInPeopleOnlyAndAPooledGame) {
  const int64_t ann = NewAccount("Ann"), bob = NewAccount("Bob");
  CreateRequest r;
  r.game = "jaipur";
  r.seats = {{"human", ""}, {"human", ""}};
  r.rated = true;
  EXPECT_EQ(service_->Create(r).status().error_code(), ErrorCode::kNotSignedIn);
  r.account_id = ann;
  r.account_name = "Ann";
  r.seats = {{"human", ""}, {"easy", ""}};
  auto with_bot = service_->Create(r);
  EXPECT_EQ(with_bot.status().error_code(), ErrorCode::kNotRateable);
  EXPECT_NE(with_bot.message().find("seat 1 is a bot"), std::string::npos) << with_bot.message();
  r.game = "marrakech";
  r.players = 4;
  r.seats = {{"human", ""}, {"human", ""}, {"human", ""}, {"human", ""}};
  EXPECT_TRUE(service_->Create(r).ok()) << "four players: the multi-player pool";

  r.game = "jaipur";
  r.players = 0;
  r.seats = {{"human", ""}, {"human", ""}};
  auto rated = service_->Create(r);
  ASSERT_TRUE(rated.ok()) << rated.message();
  const std::string invite = rated->invites[0].second;
  EXPECT_EQ(service_->Join(rated->game_id, invite, "Guest").status().error_code(), ErrorCode::kNotSignedIn);
  EXPECT_EQ(service_->Join(rated->game_id, invite, "", ann, "Ann").status().error_code(), ErrorCode::kAlreadySeated);
  EXPECT_TRUE(service_->Join(rated->game_id, invite, "", bob, "Bob").ok());

  // A casual game joined signed in records the account too.
  r.rated = false;
  r.account_id = 0;
  auto casual = service_->Create(r);
  ASSERT_TRUE(casual.ok()) << casual.message();
  ASSERT_TRUE(service_->Join(casual->game_id, casual->invites[0].second, "ignored", bob, "Bob").ok());
  auto stored = store_->LoadGame(casual->game_id);
  ASSERT_TRUE(stored.ok()) << stored.message();
  EXPECT_FALSE(stored->rated);
  EXPECT_EQ(stored->seats[0].account_id, 0);
  EXPECT_EQ(stored->seats[1].account_id, bob);
  EXPECT_EQ(stored->seats[1].name, "Bob");
  const Json state = service_->View(casual->game_id, -1)->json;
  EXPECT_FALSE(state.at("rated").get<bool>());
  EXPECT_TRUE(state.at("seats")[0].at("account").is_null()) << "a guest";
}

TEST_P(GameRatingsTest, ARatedGameAbandonedIsALossForTheSeatToMove) {
  const int64_t ann = NewAccount("Ann"), bob = NewAccount("Bob");
  const std::string id = RatedGame(*service_, "jaipur", ann, "Ann", bob, "Bob");
  ASSERT_FALSE(id.empty());
  Play(*service_, id, /*to_the_end=*/false);
  const int leaver = service_->View(id, -1)->json.at("to_move").get<int>();
  service_->SweepIdle(NowMs() + int64_t{30} * 24 * 3600 * 1000);
  ASSERT_TRUE(service_->View(id, -1)->json.at("abandoned").get<bool>());
  const std::string pool(rating::PoolId(*rating::PoolFor("jaipur", 2)));
  const StoredRating left = RatingIn(leaver == 0 ? ann : bob, pool), stayed = RatingIn(leaver == 0 ? bob : ann, pool);
  EXPECT_EQ(left.losses, 1);
  EXPECT_EQ(stayed.wins, 1);
  EXPECT_LT(left.rating, 1500);
  EXPECT_GT(stayed.rating, 1500);
}

TEST_P(GameRatingsTest, AGameAgainstTheBotsMovesTheBotsRatingOnly) {
  const int64_t ann = NewAccount("Ann");
  CreateRequest r;
  r.game = "jaipur";
  r.seats = {{"human", ""}, {"random", ""}};
  r.account_id = ann;
  r.account_name = "Ann";
  auto created = service_->Create(r);
  ASSERT_TRUE(created.ok()) << created.message();
  std::mt19937 pick(7);
  for (int turn = 0; turn < 5000; ++turn) {
    service_->WaitForBots();
    const Json s = service_->View(created->game_id, 0)->json;
    if (s.at("over").get<bool>()) break;
    if (s.at("to_move") != 0) continue;
    const Json& legal = s.at("legal");
    ASSERT_TRUE(service_->Move(created->game_id, 0, legal[pick() % legal.size()].get<std::string>()).ok());
  }
  service_->WaitForBots();
  ASSERT_TRUE(service_->View(created->game_id, 0)->json.at("over").get<bool>());
  auto all = ratings_->RatingsOf(ann);
  ASSERT_TRUE(all.ok()) << all.message();
  ASSERT_EQ(all->size(), 1u) << "no player pool";
  EXPECT_EQ((*all)[0].pool, BotsPoolId("jaipur"));
  EXPECT_EQ((*all)[0].games, 1);
  EXPECT_NE((*all)[0].rating, 1500);
}

// Two games of the same player applied at once, from two connections (two instances),
// many times over: every one counts (none read a rating the other was rewriting).
TEST_P(GameRatingsTest, GamesAppliedAtOnceFromTwoConnectionsAllCount) {
  const int64_t ann = NewAccount("Ann"), bob = NewAccount("Bob"), cid = NewAccount("Cid");
  auto second = OpenRatingStore(database_.db());
  ASSERT_TRUE(second.ok()) << second.message();
  constexpr int kGames = 15;
  std::vector<std::string> ids[2];
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < kGames; ++i) {
      const std::string id = RatedGame(*service_, "jaipur", ann, "Ann", side == 0 ? bob : cid, side == 0 ? "Bob" : "Cid");
      ASSERT_FALSE(id.empty());
      ids[side].push_back(id);
    }
  std::atomic<int> failures{0};
  auto apply = [&](RatingStore& store, const std::vector<std::string>& games) {
    for (const std::string& id : games) {
      auto game = store_->LoadGame(id);  // the game store is thread-safe
      if (!game.ok()) {
        ++failures;
        continue;
      }
      auto applied = ApplyRatedGame(store, *game, {1, 2}, 1000);
      if (!applied.ok() || !*applied) ++failures;
    }
  };
  std::thread one(apply, std::ref(*ratings_), ids[0]);
  std::thread two(apply, std::ref(**second), ids[1]);
  one.join();
  two.join();
  EXPECT_EQ(failures, 0);
  const std::string pool(rating::PoolId(*rating::PoolFor("jaipur", 2)));
  EXPECT_EQ(RatingIn(ann, pool).games, 2 * kGames);
  EXPECT_EQ(RatingIn(ann, pool).wins, 2 * kGames);
  EXPECT_EQ(ratings_->HistoryOf(ann)->size(), static_cast<size_t>(2 * kGames));
}

// Two GameService instances on one PostgreSQL database, each ending a rated game of
// the same player at the same time: both games count.
TEST(GameRatingsInstancesTest, TwoRatedGamesEndingAtOnceOnTwoInstancesBothCount) {
  TestDatabase database;
  ASSERT_TRUE(database.Make(Backend::kPostgres, "game_ratings_instances").ok());
  std::vector<std::unique_ptr<Store>> stores;
  std::vector<std::unique_ptr<RatingStore>> ratings;
  std::vector<std::unique_ptr<GameService>> services;
  for (int i = 0; i < 2; ++i) {
    auto store = database.Open();
    ASSERT_TRUE(store.ok()) << store.message();
    stores.push_back(std::move(*store));
    auto rating_store = OpenRatingStore(database.db());
    ASSERT_TRUE(rating_store.ok()) << rating_store.message();
    ratings.push_back(std::move(*rating_store));
    ServiceOptions options;
    options.sweep_every_ms = 0;
    options.follow_every_ms = 0;
    options.ratings = ratings.back().get();
    services.push_back(std::make_unique<GameService>(*stores.back(), options));
    services.back()->UseSeedsFrom(20261127 + static_cast<uint64_t>(i) * 1000);
  }
  auto accounts = accounts::OpenAccountStore(database.db());
  ASSERT_TRUE(accounts.ok()) << accounts.message();
  const int64_t ann = (*accounts)->CreateAccount("Ann", "ann", "h", 1)->id;
  const int64_t others[2] = {(*accounts)->CreateAccount("Bob", "bob", "h", 1)->id,
                             (*accounts)->CreateAccount("Cid", "cid", "h", 1)->id};
  std::string ids[2];
  for (int i = 0; i < 2; ++i) {
    CreateRequest r;
    r.game = "jaipur";
    r.seats = {{"human", ""}, {"human", ""}};
    r.rated = true;
    r.account_id = ann;
    r.account_name = "Ann";
    auto created = services[static_cast<size_t>(i)]->Create(r);
    ASSERT_TRUE(created.ok()) << created.message();
    ids[i] = created->game_id;
    ASSERT_TRUE(services[static_cast<size_t>(i)]->Join(ids[i], created->invites[0].second, "", others[i], i ? "Cid" : "Bob").ok());
  }
  // Each game is played on its own instance by its own thread, the two together.
  std::atomic<int> failures{0};
  auto play = [&](GameService& service, const std::string& id) {
    std::mt19937 pick(7);
    for (int moves = 0; moves < 5000; ++moves) {
      auto any = service.View(id, -1);
      if (!any.ok()) break;
      if (any->json.at("over").get<bool>()) return;
      const int seat = any->json.at("to_move").get<int>();
      const auto legal = service.View(id, seat)->json.at("legal").get<std::vector<std::string>>();
      if (legal.empty() || !service.Move(id, seat, legal[pick() % legal.size()]).ok()) break;
    }
    ++failures;
  };
  std::thread one(play, std::ref(*services[0]), ids[0]);
  std::thread two(play, std::ref(*services[1]), ids[1]);
  one.join();
  two.join();
  ASSERT_EQ(failures, 0);
  const std::string pool(rating::PoolId(*rating::PoolFor("jaipur", 2)));
  auto mine = ratings[0]->RatingsOf(ann);
  ASSERT_TRUE(mine.ok()) << mine.message();
  ASSERT_EQ(mine->size(), 1u);
  EXPECT_EQ((*mine)[0].pool, pool);
  EXPECT_EQ((*mine)[0].games, 2);
  auto history = ratings[1]->HistoryOf(ann);
  ASSERT_TRUE(history.ok()) << history.message();
  ASSERT_EQ(history->size(), 2u);
  EXPECT_NE((*history)[0].game_id, (*history)[1].game_id);
  services.clear();
}

INSTANTIATE_TEST_SUITE_P(Stores, GameRatingsTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::BackendName);

}  // namespace
}  // namespace souk::server::ratings
