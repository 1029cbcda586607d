// The lobby (issue 38, docs/lobby.md) on both stores, its time from a fake clock:
// tables opened, listed, sat at, left, cancelled and expired; quick play paired by
// rating, dropped, offered a bot; rematches; the limits. On two instances of one
// PostgreSQL: a table opened on one is listed and filled on the other, and requests
// made at once on both are paired once.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "rating/pools.h"
#include "server/accounts/account_store.h"
#include "server/game_service.h"
#include "server/lobby/lobby.h"
#include "server/ratings/rating_store.h"
#include "server/test_stores.h"
#include "testing/metric_value.h"

namespace souk::server::lobby {
namespace {

using testing::Backend;
using testing::TestDatabase;

// One instance: a game service and a lobby over their own connections to the database.
struct Instance {
  std::unique_ptr<Store> store;
  std::unique_ptr<ratings::RatingStore> ratings;
  std::unique_ptr<GameService> games;
  std::unique_ptr<LobbyStore> lobby_store;
  std::unique_ptr<Lobby> lobby;
};

class LobbyTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    Status made = database_.Make(GetParam(), "lobby");
    ASSERT_TRUE(made.ok()) << made.message();
    ASSERT_NO_FATAL_FAILURE(Start(first_));
    auto accounts = accounts::OpenAccountStore(database_.db());
    ASSERT_TRUE(accounts.ok()) << accounts.message();
    accounts_ = std::move(*accounts);
  }
  void TearDown() override {
    for (Instance* i : {&second_, &first_}) {
      i->lobby.reset();
      i->games.reset();
    }
  }

  // Starts `instance` (again: a test changing options_ restarts it).
  void Start(Instance& instance) {
    instance.lobby.reset();
    instance.games.reset();
    auto store = database_.Open();
    ASSERT_TRUE(store.ok()) << store.message();
    instance.store = std::move(*store);
    auto ratings = ratings::OpenRatingStore(database_.db());
    ASSERT_TRUE(ratings.ok()) << ratings.message();
    instance.ratings = std::move(*ratings);
    ServiceOptions service;
    service.bot_threads = 1;
    service.sweep_every_ms = 0;
    service.flag_every_ms = 0;
    service.follow_every_ms = 0;
    service.max_games_per_client = 0;
    service.ratings = instance.ratings.get();
    service.now_ms = [this] { return now_.load(); };
    instance.games = std::make_unique<GameService>(*instance.store, service);
    instance.games->UseSeedsFrom(2026112900);
    auto lobby_store = OpenLobbyStore(database_.db());
    ASSERT_TRUE(lobby_store.ok()) << lobby_store.message();
    instance.lobby_store = std::move(*lobby_store);
    LobbyOptions options = options_;
    options.now_ms = [this] { return now_.load(); };
    instance.lobby = std::make_unique<Lobby>(*instance.lobby_store, *instance.games, instance.ratings.get(), options);
  }

  Lobby& lobby() { return *first_.lobby; }
  GameService& games() { return *first_.games; }

  static Player Guest(const std::string& name, const std::string& client = "10.0.0.1") { return {0, name, client, ""}; }
  Player Account(const std::string& name, const std::string& client = "10.0.0.1") {
    std::string key = name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto a = accounts_->CreateAccount(name, key, "hash", 1);
    EXPECT_TRUE(a.ok()) << a.message();
    return {a.ok() ? a->id : 0, name, client, ""};
  }
  // `player` holding the token an answer gave.
  static Player With(Player player, const Json& answer) {
    player.token = answer.at("token").get<std::string>();
    return player;
  }
  static GameWanted Jaipur(clock::TimeControl clock = {}) { return {"jaipur", 2, "", false, clock}; }
  static TableRequest Table(GameWanted wanted) { return {std::move(wanted), std::nullopt}; }

  // Gives `account` a Jaipur rating of `rating` (through a game of its own, as a
  // rated game's end would).
  void Rate(Instance& instance, const Player& account, double rating) {
    CreateRequest r;
    r.game = "jaipur";
    r.seats = {{"human", "A"}, {"human", "B"}};
    auto game = instance.games->Create(r);
    ASSERT_TRUE(game.ok()) << game.message();
    auto applied = instance.ratings->ApplyGame(
        game->game_id, std::string(rating::PoolId(rating::Pool::kJaipur)), {account.account_id}, now_.load(),
        [rating](const std::vector<ratings::StoredRating>& before) {
          std::vector<ratings::StoredRating> after = before;
          after[0].rating = rating;
          after[0].games = 1;
          return after;
        });
    ASSERT_TRUE(applied.ok()) << applied.message();
  }

  // Runs `sql` on the test's database directly, as a hand at the database's prompt would.
  void Execute(const std::string& sql) {
    if (GetParam() == Backend::kPostgres) {
      auto done = testing::TestPostgres::Execute(database_.db(), sql);
      ASSERT_TRUE(done.ok()) << done.message();
      return;
    }
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(database_.db().c_str(), &db), SQLITE_OK);
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << sql;
  }

  void PlayOut(GameService& service, const std::string& id) {
    std::mt19937 pick(11);
    for (int moves = 0; moves < 5000; ++moves) {
      const Json any = service.View(id, -1)->json;
      if (any.at("over").get<bool>()) return;
      const int seat = any.at("to_move").get<int>();
      const Json legal = service.View(id, seat)->json.at("legal");
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(service.Move(id, seat, legal[pick() % legal.size()].get<std::string>()).ok());
    }
    FAIL() << "game " << id << " did not end";
  }

  TestDatabase database_;
  std::unique_ptr<accounts::AccountStore> accounts_;
  std::atomic<int64_t> now_{1'800'000'000'000};
  LobbyOptions options_;
  Instance first_, second_;
};

TEST_P(LobbyTest, ATableIsListedAndStartsWhenFullWithTheSeatsInTheOrderSat) {
  const clock::TimeControl blitz = *clock::RealTime(180, 2);
  auto opened = lobby().OpenTable(Table(Jaipur(blitz)), Guest("Ann"));
  ASSERT_TRUE(opened.ok()) << opened.message();
  const std::string id = (*opened)["table"]["id"];
  EXPECT_EQ((*opened)["table"]["state"], "open");
  EXPECT_EQ((*opened)["table"]["owner"], true);
  auto listed = lobby().Tables();
  ASSERT_TRUE(listed.ok()) << listed.message();
  ASSERT_EQ((*listed)["tables"].size(), 1u);
  const Json& row = (*listed)["tables"][0];
  EXPECT_EQ(row["seats"], Json::parse(R"([{"name": "Ann", "account": null, "rating": null}])"));
  EXPECT_EQ(row["open_seats"], 1);
  EXPECT_EQ(row["clock"], Json::parse(R"({"base_s": 180, "increment_s": 2})"));
  EXPECT_EQ(row.dump().find("token"), std::string::npos) << "no token hash is shown: " << row.dump();
  EXPECT_EQ(row.dump().find("10.0.0.1"), std::string::npos) << "nor an address";

  auto sat = lobby().Sit(id, Guest("Bob", "10.0.0.2"));
  ASSERT_TRUE(sat.ok()) << sat.message();
  EXPECT_EQ((*sat)["table"]["state"], "started");
  EXPECT_EQ((*sat)["table"]["seat"], 1);
  const std::string game_id = (*sat)["table"]["game_id"];
  EXPECT_EQ(*games().SeatOf(game_id, (*opened)["token"]), 0) << "the owner sits first";
  EXPECT_EQ(*games().SeatOf(game_id, (*sat)["token"]), 1);
  const Json state = games().View(game_id, 0)->json;
  EXPECT_EQ(state["clock"], Json::parse(R"({"base_s": 180, "increment_s": 2})"));
  EXPECT_EQ(state["seats"][0]["name"], "Ann");
  EXPECT_EQ(state["seats"][1]["name"], "Bob");
  EXPECT_TRUE((*lobby().Tables())["tables"].empty()) << "a started table leaves the list";
  auto owner_view = lobby().Table(id, With(Guest("Ann"), *opened));
  ASSERT_TRUE(owner_view.ok());
  EXPECT_EQ((*owner_view)["table"]["seat"], 0) << "the owner learns its seat by asking with its token";
  EXPECT_EQ(lobby().Sit(id, Guest("Cy")).status().error_code(), ErrorCode::kTableClosed);
}

TEST_P(LobbyTest, TheOwnerCancelsAndAnotherPlayerStandsUp) {
  auto opened = lobby().OpenTable(Table({"marrakech", 3, "", false, {}}), Guest("Ann"));
  ASSERT_TRUE(opened.ok()) << opened.message();
  const std::string id = (*opened)["table"]["id"];
  auto bob = lobby().Sit(id, Guest("Bob"));
  ASSERT_TRUE(bob.ok()) << bob.message();
  EXPECT_EQ((*bob)["table"]["state"], "open") << "two of three seats";
  EXPECT_EQ(lobby().Leave(id, Guest("Cy")).status().error_code(), ErrorCode::kForbidden) << "not sitting there";
  EXPECT_EQ(lobby().Leave(id, Guest("Bob")).status().error_code(), ErrorCode::kForbidden) << "a name is no proof";
  auto stood = lobby().Leave(id, With(Guest("Bob"), *bob));
  ASSERT_TRUE(stood.ok()) << stood.message();
  EXPECT_EQ((*stood)["table"]["seats"].size(), 1u);
  EXPECT_EQ((*stood)["table"]["state"], "open");
  auto cancelled = lobby().Leave(id, With(Guest("Ann"), *opened));
  ASSERT_TRUE(cancelled.ok()) << cancelled.message();
  EXPECT_EQ((*cancelled)["table"]["state"], "cancelled");
  Status late = lobby().Sit(id, Guest("Dan")).status();
  EXPECT_EQ(late.error_code(), ErrorCode::kTableClosed);
  EXPECT_NE(late.message().find("cancelled"), std::string::npos) << late.message();
  EXPECT_EQ(lobby().Sit("nosuchtable", Guest("Dan")).status().code(), StatusCode::kNotFound);
}

TEST_P(LobbyTest, AnOpenTableExpiresAfterItsTime) {
  auto opened = lobby().OpenTable(Table(Jaipur()), Guest("Ann"));
  ASSERT_TRUE(opened.ok()) << opened.message();
  const std::string id = (*opened)["table"]["id"];
  now_ += options_.table_expires_after_ms - 1;
  EXPECT_EQ((*lobby().Tables())["tables"].size(), 1u) << "1 ms before";
  now_ += 1;
  EXPECT_TRUE((*lobby().Tables())["tables"].empty()) << "at its time";
  Status late = lobby().Sit(id, Guest("Bob")).status();
  EXPECT_EQ(late.error_code(), ErrorCode::kTableClosed);
  EXPECT_NE(late.message().find("expired"), std::string::npos) << late.message();
}

TEST_P(LobbyTest, ATableWithARatingRangeSeatsOnlyAccountsRatedWithinIt) {
  const Player ann = Account("Ann"), bob = Account("Bob"), cy = Account("Cy");
  ASSERT_NO_FATAL_FAILURE(Rate(first_, bob, 1800));
  ASSERT_NO_FATAL_FAILURE(Rate(first_, ann, 1610));
  auto opened = lobby().OpenTable({Jaipur(), std::make_pair(1400, 1650)}, ann);
  ASSERT_TRUE(opened.ok()) << opened.message();
  const std::string id = (*opened)["table"]["id"];
  EXPECT_EQ((*opened)["table"]["seats"][0]["rating"], 1610);
  EXPECT_EQ((*opened)["table"]["rating_range"], Json::parse("[1400, 1650]"));
  EXPECT_EQ(lobby().Sit(id, Guest("Zed")).status().error_code(), ErrorCode::kNotSignedIn);
  Status far = lobby().Sit(id, bob).status();
  EXPECT_EQ(far.error_code(), ErrorCode::kOutOfRange);
  EXPECT_NE(far.message().find("1800"), std::string::npos) << far.message();
  auto sat = lobby().Sit(id, cy);
  ASSERT_TRUE(sat.ok()) << "a new player counts 1500: " << sat.message();
  EXPECT_EQ((*sat)["table"]["state"], "started");
}

TEST_P(LobbyTest, ARatedTableNeedsAccountsAndAGameSomePoolRates) {
  EXPECT_EQ(lobby().OpenTable(Table({"jaipur", 2, "", true, {}}), Guest("Zed")).status().error_code(),
            ErrorCode::kNotSignedIn);
  const Player ann = Account("Ann");
  auto opened = lobby().OpenTable(Table({"jaipur", 2, "", true, {}}), ann);
  ASSERT_TRUE(opened.ok()) << opened.message();
  EXPECT_EQ(lobby().Sit((*opened)["table"]["id"], Guest("Zed")).status().error_code(), ErrorCode::kNotSignedIn);
  auto sat = lobby().Sit((*opened)["table"]["id"], Account("Bob"));
  ASSERT_TRUE(sat.ok()) << sat.message();
  EXPECT_EQ(games().View((*sat)["table"]["game_id"], -1)->json["rated"], true);
  EXPECT_EQ(lobby().Sit((*opened)["table"]["id"], ann).status().error_code(), ErrorCode::kTableClosed);
}

TEST_P(LobbyTest, BadTablesAreRefusedNamingWhatIsWrong) {
  EXPECT_EQ(lobby().OpenTable(Table({"chess", 2, "", false, {}}), Guest("Ann")).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(lobby().OpenTable(Table({"jaipur", 5, "", false, {}}), Guest("Ann")).status().code(),
            StatusCode::kInvalidArgument);
  Status named = lobby().OpenTable(Table(Jaipur()), Guest("<script>")).status();
  EXPECT_EQ(named.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(named.message().find("name"), std::string::npos) << named.message();
  EXPECT_EQ(lobby().OpenTable({Jaipur(), std::make_pair(1600, 1400)}, Guest("Ann")).status().code(),
            StatusCode::kInvalidArgument);
}

TEST_P(LobbyTest, OpenTablesAreLimitedPerAccountPerAddressAndOnTheServer) {
  const Player ann = Account("Ann", "10.0.0.7");
  for (int i = 0; i < options_.tables_per_account; ++i) ASSERT_TRUE(lobby().OpenTable(Table(Jaipur()), ann).ok());
  Status refused = lobby().OpenTable(Table(Jaipur()), ann).status();
  EXPECT_EQ(refused.error_code(), ErrorCode::kLimitReached);
  EXPECT_NE(refused.message().find("3 open tables"), std::string::npos) << refused.message();
  for (int i = options_.tables_per_account; i < options_.tables_per_client; ++i)
    ASSERT_TRUE(lobby().OpenTable(Table(Jaipur()), Guest("Zed", "10.0.0.7")).ok()) << i;
  EXPECT_EQ(lobby().OpenTable(Table(Jaipur()), Guest("Zed", "10.0.0.7")).status().error_code(), ErrorCode::kLimitReached)
      << "10 from one address";
  EXPECT_TRUE(lobby().OpenTable(Table(Jaipur()), Guest("Yan", "10.0.0.8")).ok()) << "another address may";
}

TEST_P(LobbyTest, TheLobbyIsFullAtItsLimitAndATableOpenedAndCancelledInALoopLeavesNothing) {
  options_.max_open = 5;
  ASSERT_NO_FATAL_FAILURE(Start(first_));
  for (int i = 0; i < 200; ++i) {
    const Player owner = Guest("Ann", "10.1.0." + std::to_string(i % 200));
    auto opened = lobby().OpenTable(Table(Jaipur()), owner);
    ASSERT_TRUE(opened.ok()) << i << ": " << opened.message();
    ASSERT_TRUE(lobby().Leave((*opened)["table"]["id"], With(owner, *opened)).ok());
  }
  EXPECT_TRUE((*lobby().Tables())["tables"].empty());
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(lobby().OpenTable(Table(Jaipur()), Guest("Ann", "10.2.0." + std::to_string(i))).ok());
  Status full = lobby().OpenTable(Table(Jaipur()), Guest("Ann", "10.3.0.1")).status();
  EXPECT_EQ(full.error_code(), ErrorCode::kLimitReached);
  EXPECT_NE(full.message().find("full"), std::string::npos) << full.message();
  EXPECT_EQ(lobby().PlayNow(Jaipur(), Guest("Bob", "10.3.0.2")).status().error_code(), ErrorCode::kLimitReached);
}

TEST_P(LobbyTest, PlayNowPairsTwoWaitingForTheSameGameAndTimeControl) {
  const clock::TimeControl blitz = *clock::RealTime(180, 2);
  auto ann = lobby().PlayNow(Jaipur(blitz), Guest("Ann"));
  ASSERT_TRUE(ann.ok()) << ann.message();
  EXPECT_EQ((*ann)["seek"]["state"], "waiting");
  EXPECT_EQ((*ann)["seek"]["range"], 100);
  auto other_clock = lobby().PlayNow(Jaipur(*clock::RealTime(600, 5)), Guest("Cy"));
  ASSERT_TRUE(other_clock.ok());
  EXPECT_EQ((*other_clock)["seek"]["state"], "waiting") << "another time control is another game";
  now_ += 2000;
  const std::string waits = "souk_pairing_wait_seconds_count{game=\"jaipur\",outcome=\"paired\"}";
  const std::string waited = "souk_pairing_wait_seconds_sum{game=\"jaipur\",outcome=\"paired\"}";
  const double waits_before = souk::testing::MetricValue(waits), waited_before = souk::testing::MetricValue(waited);
  auto bob = lobby().PlayNow(Jaipur(blitz), Guest("Bob"));
  ASSERT_TRUE(bob.ok()) << bob.message();
  EXPECT_EQ((*bob)["seek"]["state"], "paired");
  EXPECT_EQ(souk::testing::MetricValue(waits), waits_before + 2) << "each of the two paired is counted, once";
  EXPECT_EQ(souk::testing::MetricValue(waited), waited_before + 2) << "Ann waited 2 s, Bob none";
  const std::string game_id = (*bob)["seek"]["game_id"];
  auto heard = lobby().Seek((*ann)["seek"]["id"], With(Guest("Ann"), *ann));
  ASSERT_TRUE(heard.ok()) << heard.message();
  EXPECT_EQ((*heard)["seek"]["state"], "paired");
  EXPECT_EQ((*heard)["seek"]["game_id"], game_id);
  const std::set<int> seats = {(*heard)["seek"]["seat"].get<int>(), (*bob)["seek"]["seat"].get<int>()};
  EXPECT_EQ(seats, (std::set<int>{0, 1}));
  EXPECT_EQ(*games().SeatOf(game_id, (*ann)["token"]), (*heard)["seek"]["seat"]);
  EXPECT_EQ(*games().SeatOf(game_id, (*bob)["token"]), (*bob)["seek"]["seat"]);
  EXPECT_EQ(lobby().Seek((*ann)["seek"]["id"], Guest("Ann")).status().error_code(), ErrorCode::kForbidden)
      << "another's request is not told without its token";
}

TEST_P(LobbyTest, TheRatingRangeWidensWhileTheyWait) {
  const Player ann = Account("Ann"), bob = Account("Bob");
  ASSERT_NO_FATAL_FAILURE(Rate(first_, ann, 1500));
  ASSERT_NO_FATAL_FAILURE(Rate(first_, bob, 1750));
  auto waiting = lobby().PlayNow(Jaipur(), ann);
  ASSERT_TRUE(waiting.ok()) << waiting.message();
  auto far = lobby().PlayNow(Jaipur(), bob);
  ASSERT_TRUE(far.ok());
  EXPECT_EQ((*far)["seek"]["state"], "waiting") << "250 apart, each range 100";
  for (int s = 1; s <= 7; ++s) {  // asking every second, as the web app does
    now_ += 1000;
    ASSERT_EQ((*lobby().Seek((*far)["seek"]["id"], bob))["seek"]["state"], "waiting") << s << " s";
    ASSERT_EQ((*lobby().Seek((*waiting)["seek"]["id"], ann))["seek"]["state"], "waiting") << s << " s";
  }
  now_ += 1000;  // 8 s: 100 + 8 x 20 = 260 >= 250
  auto paired = lobby().Seek((*far)["seek"]["id"], bob);
  ASSERT_TRUE(paired.ok()) << paired.message();
  EXPECT_EQ((*paired)["seek"]["state"], "paired");
  EXPECT_EQ(PairingRange(0), 100);
  EXPECT_EQ(PairingRange(29'999), 100 + 29 * 20);
  EXPECT_EQ(PairingRange(30'000), 0) << "any rating from 30 s on";
}

TEST_P(LobbyTest, AnAccountWaitsOnceAndIsNeverPairedWithItself) {
  const Player ann = Account("Ann");
  auto first = lobby().PlayNow(Jaipur(), ann);
  ASSERT_TRUE(first.ok()) << first.message();
  auto second = lobby().PlayNow(Jaipur(), ann);
  ASSERT_TRUE(second.ok()) << second.message();
  EXPECT_EQ((*second)["seek"]["state"], "waiting");
  EXPECT_EQ((*lobby().Seek((*first)["seek"]["id"], ann))["seek"]["state"], "replaced");
}

TEST_P(LobbyTest, ARequestNobodyAsksAfterIsDroppedAndABotIsOfferedAfterTheWait) {
  auto gone = lobby().PlayNow(Jaipur(), Guest("Ann"));
  ASSERT_TRUE(gone.ok()) << gone.message();
  auto stays = lobby().PlayNow({"marrakech", 2, "", false, {}}, Guest("Bob"));
  ASSERT_TRUE(stays.ok()) << stays.message();
  const Player bob = With(Guest("Bob"), *stays);
  const std::string bob_id = (*stays)["seek"]["id"];
  Status early = lobby().TakeBot(bob_id, bob).status();
  EXPECT_EQ(early.code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(early.message().find("20 s"), std::string::npos) << early.message();
  for (int s = 0; s < 20; s += 5) {
    now_ += 5000;
    ASSERT_TRUE(lobby().Seek(bob_id, bob).ok());
  }
  EXPECT_EQ((*lobby().Seek((*gone)["seek"]["id"], With(Guest("Ann"), *gone)))["seek"]["state"], "dropped")
      << "not asked after for 15 s";
  auto offered = lobby().Seek(bob_id, bob);
  ASSERT_TRUE(offered.ok());
  EXPECT_EQ((*offered)["seek"]["bot_offer"], true);
  const std::string to_bot = "souk_pairing_wait_seconds_sum{game=\"marrakech\",outcome=\"bot\"}";
  const double to_bot_before = souk::testing::MetricValue(to_bot);
  auto bot = lobby().TakeBot(bob_id, bob);
  ASSERT_TRUE(bot.ok()) << bot.message();
  EXPECT_EQ((*bot)["seek"]["state"], "bot");
  EXPECT_EQ(souk::testing::MetricValue(to_bot), to_bot_before + 20) << "the bot taken after 20 s";
  const std::string game_id = (*bot)["seek"]["game_id"];
  const int seat = (*bot)["seek"]["seat"];
  EXPECT_EQ(*games().SeatOf(game_id, bob.token), seat);
  const Json state = games().View(game_id, seat)->json;
  EXPECT_EQ(state["seats"][1 - seat]["player"], "medium") << state["seats"].dump();
  EXPECT_EQ(state["rated"], false);
}

TEST_P(LobbyTest, ARematchStartsWhenBothAskWithTheSeatsSwapped) {
  auto opened = lobby().OpenTable(Table(Jaipur()), Guest("Ann"));
  ASSERT_TRUE(opened.ok()) << opened.message();
  auto sat = lobby().Sit((*opened)["table"]["id"], Guest("Bob"));
  ASSERT_TRUE(sat.ok()) << sat.message();
  const std::string last = (*sat)["table"]["game_id"];
  EXPECT_EQ(lobby().Rematch(last, 0, Guest("Ann")).status().error_code(), ErrorCode::kGameNotOver);
  ASSERT_NO_FATAL_FAILURE(PlayOut(games(), last));
  EXPECT_TRUE((*lobby().RematchOf(last, Guest("Bob")))["table"].is_null()) << "none offered yet";
  auto asked = lobby().Rematch(last, 0, Guest("Ann"));
  ASSERT_TRUE(asked.ok()) << asked.message();
  EXPECT_EQ((*asked)["table"]["state"], "open");
  EXPECT_EQ((*asked)["table"]["seats"][1]["name"], "Ann") << "Ann moves from seat 0 to seat 1";
  EXPECT_EQ((*asked)["table"]["seats"][1]["ready"], true);
  EXPECT_EQ((*asked)["table"]["seats"][0]["ready"], false);
  EXPECT_TRUE((*lobby().Tables())["tables"].empty()) << "a rematch is not listed";
  EXPECT_EQ(lobby().Rematch(last, 0, Guest("Ann")).status().error_code(), ErrorCode::kAlreadySeated);
  EXPECT_EQ(lobby().Sit((*asked)["table"]["id"], Guest("Cy")).status().error_code(), ErrorCode::kForbidden);
  const Json offered = (*lobby().RematchOf(last, Guest("Bob")))["table"];
  EXPECT_EQ(offered["state"], "open");
  EXPECT_EQ(offered["seats"][1]["ready"], true) << "Bob sees that Ann asked";
  auto accepted = lobby().Rematch(last, 1, Guest("Bob"));
  ASSERT_TRUE(accepted.ok()) << accepted.message();
  EXPECT_EQ((*accepted)["table"]["state"], "started");
  const std::string next = (*accepted)["table"]["game_id"];
  EXPECT_EQ(*games().SeatOf(next, (*asked)["token"]), 1);
  EXPECT_EQ(*games().SeatOf(next, (*accepted)["token"]), 0);
}

// Issue 38, invitations by email: the offer, once stored, is told (to be mailed) to the
// last game's other players with accounts; answering it tells nobody.
TEST_P(LobbyTest, ARematchOfferIsToldOnceToTheOtherAccounts) {
  std::vector<RematchOffered> told;
  options_.on_rematch_offered = [&told](const RematchOffered& offer) { told.push_back(offer); };
  ASSERT_NO_FATAL_FAILURE(Start(first_));
  const Player ann = Account("Ann"), bob = Account("Bob");
  auto opened = lobby().OpenTable(Table(Jaipur()), ann);
  ASSERT_TRUE(opened.ok()) << opened.message();
  auto sat = lobby().Sit((*opened)["table"]["id"], bob);
  ASSERT_TRUE(sat.ok()) << sat.message();
  const std::string last = (*sat)["table"]["game_id"];
  ASSERT_NO_FATAL_FAILURE(PlayOut(games(), last));
  ASSERT_TRUE(lobby().Rematch(last, 0, ann).ok());
  ASSERT_EQ(told.size(), 1u);
  EXPECT_EQ(told[0].table_id, "rm-" + last);
  EXPECT_EQ(told[0].last_game_id, last);
  EXPECT_EQ(told[0].game, "jaipur");
  EXPECT_EQ(told[0].offered_by, "Ann");
  EXPECT_EQ(told[0].invited, std::vector<int64_t>{bob.account_id}) << "not the asker";
  EXPECT_EQ(told[0].expires_ms, now_.load() + options_.table_expires_after_ms);
  ASSERT_TRUE(lobby().Rematch(last, 1, bob).ok());
  EXPECT_EQ(told.size(), 1u) << "an answer is no offer";

  // Against a guest: nobody to tell.
  auto with_guest = lobby().OpenTable(Table(Jaipur()), ann);
  ASSERT_TRUE(with_guest.ok()) << with_guest.message();
  auto guest = lobby().Sit((*with_guest)["table"]["id"], Guest("Cy"));
  ASSERT_TRUE(guest.ok()) << guest.message();
  const std::string second = (*guest)["table"]["game_id"];
  ASSERT_NO_FATAL_FAILURE(PlayOut(games(), second));
  ASSERT_TRUE(lobby().Rematch(second, 0, ann).ok());
  EXPECT_EQ(told.size(), 1u);
}

// The database is outside the process: rows that are not the lobby's documents (edited
// by hand, or a newer server's) are left alone, and the lobby goes on.
TEST_P(LobbyTest, MalformedRowsInTheDatabaseAreLeftAloneAndTheLobbyGoesOn) {
  const std::string later = std::to_string(now_.load() + 3'600'000);
  for (const char* row : {"('bad1', 'seek', 'open', '{}'", "('bad2', 'table', 'open', '[1]'",
                          "('bad3', 'table', 'started', '{\"sitters\": [{}]}'", "('bad4', 'table', 'open', 'not json'",
                          "('bad5', 'chair', 'open', '{\"sitters\": [{}]}'"})
    ASSERT_NO_FATAL_FAILURE(Execute(std::string("INSERT INTO lobby(id, kind, state, doc, expires_ms, updated_ms, version) "
                                                "VALUES") + row + ", " + later + ", " + later + ", 1)"));
  auto listed = lobby().Tables();
  ASSERT_TRUE(listed.ok()) << listed.message();
  EXPECT_TRUE((*listed)["tables"].empty());
  auto opened = lobby().OpenTable(Table(Jaipur()), Guest("Ann"));
  ASSERT_TRUE(opened.ok()) << opened.message();
  auto seek = lobby().PlayNow(Jaipur(), Guest("Bob"));
  ASSERT_TRUE(seek.ok()) << seek.message();
  EXPECT_EQ((*seek)["seek"]["state"], "waiting") << "not paired with a row that is no request";
  EXPECT_EQ(lobby().Seek("bad1", Guest("Bob")).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(lobby().Sit("bad2", Guest("Bob")).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(lobby().Table("bad3", Guest("Bob")).status().code(), StatusCode::kInternal) << "said, never a crash";
}

INSTANTIATE_TEST_SUITE_P(Stores, LobbyTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres), testing::BackendName);

// Two instances on one PostgreSQL.
class LobbyInstancesTest : public LobbyTest {};

TEST_P(LobbyInstancesTest, ATableOpenedOnOneInstanceIsListedAndFilledOnTheOther) {
  ASSERT_NO_FATAL_FAILURE(Start(second_));
  std::mutex mutex;
  std::condition_variable heard;
  std::vector<Json> lists;
  const uint64_t listening = second_.lobby->SubscribeTables([&](const std::string& m) {
    std::lock_guard lock(mutex);
    lists.push_back(Json::parse(m));
    heard.notify_all();
  });
  auto opened = first_.lobby->OpenTable(Table(Jaipur()), Guest("Ann"));
  ASSERT_TRUE(opened.ok()) << opened.message();
  {
    std::unique_lock lock(mutex);
    EXPECT_TRUE(heard.wait_for(lock, std::chrono::seconds(10), [&] { return lists.back()["tables"].size() == 1; }))
        << "the other instance's listener hears the new table";
  }
  second_.lobby->UnsubscribeTables(listening);
  auto sat = second_.lobby->Sit((*opened)["table"]["id"], Guest("Bob"));
  ASSERT_TRUE(sat.ok()) << sat.message();
  const std::string game_id = (*sat)["table"]["game_id"];
  EXPECT_EQ(*first_.games->SeatOf(game_id, (*opened)["token"]), 0) << "the first instance reads the game";
}

TEST_P(LobbyInstancesTest, RequestsMadeAtOnceOnTwoInstancesArePairedOnce) {
  ASSERT_NO_FATAL_FAILURE(Start(second_));
  for (int round = 0; round < 20; ++round) {
    std::promise<void> go;
    std::shared_future<void> start = go.get_future().share();
    auto ask = [&](Lobby& lobby, const std::string& name) {
      start.wait();
      return lobby.PlayNow(Jaipur(), Guest(name, "10.9.0." + std::to_string(round)));
    };
    auto a = std::async(std::launch::async, ask, std::ref(*first_.lobby), "Ann");
    auto b = std::async(std::launch::async, ask, std::ref(*second_.lobby), "Bob");
    go.set_value();
    Result<Json> ra = a.get(), rb = b.get();
    ASSERT_TRUE(ra.ok() && rb.ok()) << ra.message() << rb.message();
    // One of them found the other waiting; the one that waited hears of it by asking.
    const bool a_waits = (*ra)["seek"]["state"] == "waiting";
    ASSERT_NE(a_waits, (*rb)["seek"]["state"] == "waiting") << "round " << round << ": exactly one waited";
    Result<Json>& waited = a_waits ? ra : rb;
    Result<Json>& found = a_waits ? rb : ra;
    Lobby& waiting_lobby = a_waits ? *first_.lobby : *second_.lobby;
    auto told = waiting_lobby.Seek((*waited)["seek"]["id"], With(Guest(""), *waited));
    ASSERT_TRUE(told.ok()) << told.message();
    ASSERT_EQ((*told)["seek"]["state"], "paired");
    EXPECT_EQ((*told)["seek"]["game_id"], (*found)["seek"]["game_id"]) << "round " << round;
    now_ += 60'000;  // the next round's requests find none of these
  }
}

INSTANTIATE_TEST_SUITE_P(Postgres, LobbyInstancesTest, ::testing::Values(Backend::kPostgres), testing::BackendName);

}  // namespace
}  // namespace souk::server::lobby
