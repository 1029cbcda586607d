// What only the PostgreSQL store has: a server that goes away and comes back, a
// connection dropped under it, instances that start together, a URI's password.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "server/postgres_watcher.h"
#include "server/store.h"
#include "testing/postgres_test_env.h"

namespace souk::server {
namespace {

using testing::TestPostgres;

// The version a database is brought to.
const std::string kVersionNow = "10";

// What versions 10, 9, 8, 7, 6, 5 and 4 added, dropped: a database as the server before them left it.
const std::string kDropVersion10 = "DROP TABLE lessons_done; ";
const std::string kDropVersion9 = kDropVersion10 + "DROP TABLE blocks; ";
const std::string kDropVersion8 = kDropVersion9 + "ALTER TABLE notification_settings DROP COLUMN email_invitations; DROP TABLE reviews; ";
const std::string kDropVersion7 = kDropVersion8 +
    "DROP TABLE email_addresses; DROP TABLE notification_settings; DROP TABLE turn_emails; DROP TABLE server_keys; ";
const std::string kDropVersion6 = kDropVersion7 + "DROP TABLE lobby; ";
const std::string kDropVersion5 = kDropVersion6 +
    "ALTER TABLE games DROP COLUMN clock_base_ms, DROP COLUMN clock_increment_ms, DROP COLUMN clock_per_move_ms; "
    "ALTER TABLE moves DROP COLUMN at_ms; ";
const std::string kDropVersion4 = kDropVersion5 +
    "DROP TABLE rating_history; DROP TABLE ratings; DROP INDEX seats_by_account; "
    "ALTER TABLE seats DROP COLUMN account_id; ALTER TABLE games DROP COLUMN rated; ";

class PostgresStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto uri = TestPostgres::Shared().NewDatabase();
    ASSERT_TRUE(uri.ok()) << uri.message();
    uri_ = *uri;
  }
  std::unique_ptr<Store> Open() {
    auto store = OpenPostgresStore(uri_);
    EXPECT_TRUE(store.ok()) << store.message();
    return store.ok() ? std::move(*store) : nullptr;
  }
  // The game "before", one move played, stored at today's schema and the store closed:
  // what a migration test takes back to an older version.
  void StoreAGameBefore() {
    auto store = Open();
    ASSERT_NE(store, nullptr);
    ASSERT_TRUE(store->CreateGame(Game("before")).ok());
    ASSERT_TRUE(store->AppendMove("before", 0, "take camels", false, 1).ok());
  }
  static StoredGame Game(const std::string& id) {
    StoredGame g;
    g.id = id;
    g.options = {"jaipur", 42, 2, ""};
    g.seats = {{"human", "", "", ""}, {"easy", "", "", ""}};
    return g;
  }
  std::string uri_;
};

TEST_F(PostgresStoreTest, TheSchemaIsCreatedOnceAndVersioned) {
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  auto again = OpenPostgresStore(uri_);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT count(*) FROM schema_version"), "1");
}

TEST_F(PostgresStoreTest, InstancesStartingTogetherOnAnEmptyDatabaseAllOpenIt) {
  std::vector<std::thread> instances;
  std::vector<std::string> errors(4);
  for (size_t i = 0; i < errors.size(); ++i)
    instances.emplace_back([&, i] {
      auto store = OpenPostgresStore(uri_);
      if (!store.ok()) errors[i] = store.message();
    });
  for (auto& t : instances) t.join();
  for (const std::string& e : errors) EXPECT_EQ(e, "");
}

TEST_F(PostgresStoreTest, AVersion1DatabaseIsMigratedWithItsGamesKept) {
  {
    auto store = Open();
    ASSERT_NE(store, nullptr);
    StoredGame g;
    g.id = "old";
    g.options = {"jaipur", 7, 2, ""};
    g.seats = {{"human", "", "", ""}, {"easy", "", "", ""}};
    ASSERT_TRUE(store->CreateGame(g).ok());
    ASSERT_TRUE(store->AppendMove("old", 0, "take camels", false, 1).ok());
  }
  // Back to version 1 as a server of before issue 20 left it: no lease columns, no accounts.
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion4 + "DROP TABLE sessions; DROP TABLE accounts; DROP INDEX games_bot_turns; ALTER TABLE games DROP COLUMN bot_turn, "
                                          "DROP COLUMN lease_instance, DROP COLUMN lease_expires_ms; "
                                          "UPDATE schema_version SET version=1").ok());
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  EXPECT_EQ(store->LoadGame("old")->moves, std::vector<std::string>{"take camels"});
  // The bot's turn of a game from before leases is free to take.
  EXPECT_TRUE(*store->TakeBotTurn("old", 1, 1000));
  EXPECT_TRUE(store->AppendMove("old", 1, "take camels", false, 2).ok());
}

// A graceful stop releases the instance's leases: another instance finds the bot's
// turn unattended at once, not after the lease's seconds.
TEST_F(PostgresStoreTest, AReleasedBotTurnIsUnattendedAtOnceAndOnlyItsHolderReleasesIt) {
  auto first = Open();
  auto second = Open();
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  StoredGame g;
  g.id = "leased";
  g.options = {"jaipur", 7, 2, ""};
  g.seats = {{"human", "", "", ""}, {"easy", "", "", ""}};
  ASSERT_TRUE(first->CreateGame(g).ok());
  ASSERT_TRUE(first->AppendMove("leased", 0, "take camels", false, 1000, /*bot_to_move=*/true).ok());
  EXPECT_TRUE(second->UnattendedBotTurns(1001)->empty()) << "the first instance holds the lease";
  ASSERT_TRUE(second->ReleaseBotTurns({"leased"}).ok());
  EXPECT_TRUE(second->UnattendedBotTurns(1001)->empty()) << "a lease is released by its holder only";
  ASSERT_TRUE(first->ReleaseBotTurns({"leased"}).ok());
  EXPECT_EQ(*second->UnattendedBotTurns(1001), std::vector<std::string>{"leased"});
  EXPECT_TRUE(*second->TakeBotTurn("leased", 1, 1001));
}

// Issue 38: a database as the server before clocks left it (version 4) gains the time
// controls and the moves' times, its games kept without a clock.
TEST_F(PostgresStoreTest, AVersion4DatabaseGainsTheClocksWithItsGamesKept) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion5 + "UPDATE schema_version SET version=4").ok());
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  auto before = store->LoadGame("before");
  ASSERT_TRUE(before.ok()) << before.message();
  EXPECT_EQ(before->moves, std::vector<std::string>{"take camels"});
  EXPECT_EQ(before->move_ms, std::vector<int64_t>{0}) << "a move from before clocks has no time";
  EXPECT_FALSE(before->clock.has_clock());
}

// Issue 38: a database as the server before the lobby left it (version 5) gains the
// lobby's table, its games kept.
TEST_F(PostgresStoreTest, AVersion5DatabaseGainsTheLobbyWithItsGamesKept) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion6 + "UPDATE schema_version SET version=5").ok());
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT count(*) FROM lobby"), "0");
  auto before = store->LoadGame("before");
  ASSERT_TRUE(before.ok()) << before.message();
  EXPECT_EQ(before->moves, std::vector<std::string>{"take camels"});
}

// Issue 38, email notifications: a database as the server before them left it
// (version 6) gains their tables, empty, its accounts and games kept.
TEST_F(PostgresStoreTest, AVersion6DatabaseGainsTheNotificationTablesWithItsGamesKept) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO accounts(name, name_key, password_hash, created_ms) "
                                          "VALUES('Ann', 'ann', 'h', 1)").ok());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion7 + "UPDATE schema_version SET version=6").ok());
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  EXPECT_EQ(store->LoadGame("before")->moves, std::vector<std::string>{"take camels"});
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT count(*) FROM pg_tables WHERE tablename IN ('email_addresses', "
                                         "'notification_settings', 'turn_emails', 'server_keys')"), "4");
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT count(*) FROM email_addresses"), "0");
  EXPECT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO email_addresses(account_id, address, added_ms) "
                                          "SELECT id, 'ann@example.com', 1 FROM accounts WHERE name_key='ann'").ok());
  EXPECT_FALSE(TestPostgres::Execute(uri_, "INSERT INTO email_addresses(account_id, address, added_ms) "
                                           "VALUES(987654, 'x@example.com', 1)").ok())
      << "an address belongs to an account";
}

// Issue 38, invitation emails: a version 7 database's settings gain the invitations'
// one, on for every account, the "your turn" one kept.
TEST_F(PostgresStoreTest, AVersion7DatabaseGainsTheInvitationSettingWithItsSettingsKept) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO accounts(name, name_key, password_hash, created_ms) "
                                          "VALUES('Ann', 'ann', 'h', 1)").ok());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion8 + "INSERT INTO notification_settings(account_id, email_your_turn) "
                                          "SELECT id, false FROM accounts; UPDATE schema_version SET version=7").ok());
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  EXPECT_EQ(store->LoadGame("before")->moves, std::vector<std::string>{"take camels"});
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT email_your_turn::text || ' ' || email_invitations::text "
                                         "FROM notification_settings"), "false true");
  EXPECT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO reviews(game_id, options, review, created_ms) "
                                          "VALUES('g', 'o', '{}', 1)").ok()) << "and the reviews table";
}

// Issue 41: a version 9 database gains the lessons each account has done.
TEST_F(PostgresStoreTest, AVersion9DatabaseGainsTheLessonsDone) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion10 + "UPDATE schema_version SET version=9").ok());
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT count(*) FROM lessons_done"), "0");
}

// Issue 40: a version 8 database gains the operator's blocks, its games kept.
TEST_F(PostgresStoreTest, AVersion8DatabaseGainsTheBlocksTableWithItsGamesKept) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion9 + "UPDATE schema_version SET version=8").ok());
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  EXPECT_EQ(store->LoadGame("before")->moves, std::vector<std::string>{"take camels"});
  EXPECT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO blocks(network, reason, created_ms) VALUES('192.0.2.1', '', 1)").ok());
}

// Issue 37: a database as the server before accounts left it (version 2) gains the
// accounts' tables, its games kept.
TEST_F(PostgresStoreTest, AVersion2DatabaseGainsTheAccountTablesWithItsGamesKept) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion4 + "DROP TABLE sessions; DROP TABLE accounts; UPDATE schema_version SET version=2").ok());
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT count(*) FROM pg_tables WHERE tablename='accounts'"), "0");
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  EXPECT_EQ(store->LoadGame("before")->moves, std::vector<std::string>{"take camels"});
  ASSERT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO accounts(name, name_key, password_hash, created_ms) "
                                          "VALUES('Ann', 'ann', 'h', 1)").ok());
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT name FROM accounts WHERE name_key='ann'"), "Ann");
}

// Issue 37, ratings: a database as the server with accounts left it (version 3) gains
// the seats' accounts, the games' rated flag and the rating tables, its games kept:
// their seats are guests' and the games casual.
TEST_F(PostgresStoreTest, AVersion3DatabaseGainsTheRatingTablesWithItsGamesKept) {
  ASSERT_NO_FATAL_FAILURE(StoreAGameBefore());
  ASSERT_TRUE(TestPostgres::Execute(uri_, kDropVersion4 + "UPDATE schema_version SET version=3").ok());
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT count(*) FROM pg_tables WHERE tablename='ratings'"), "0");
  auto store = Open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(*TestPostgres::Execute(uri_, "SELECT version FROM schema_version"), kVersionNow);
  auto before = store->LoadGame("before");
  ASSERT_TRUE(before.ok()) << before.message();
  EXPECT_EQ(before->moves, std::vector<std::string>{"take camels"});
  EXPECT_EQ(before->seats[0].account_id, 0) << "a seat from before accounts is a guest's";
  EXPECT_FALSE(before->rated);
  ASSERT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO accounts(id, name, name_key, password_hash, created_ms) "
                                          "VALUES(7, 'Ann', 'ann', 'h', 1)").ok());
  StoredGame rated = Game("rated");
  rated.rated = true;
  rated.seats[0].account_id = 7;
  ASSERT_TRUE(store->CreateGame(rated).ok());
  auto loaded = store->LoadGame("rated");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_TRUE(loaded->rated);
  EXPECT_EQ(loaded->seats[0].account_id, 7);
  EXPECT_TRUE(TestPostgres::Execute(uri_, "INSERT INTO rating_history(game_id, account_id, pool, at_ms, rating, deviation) "
                                          "VALUES('rated', 7, 'jaipur', 1, 1600, 300)").ok());
  EXPECT_FALSE(TestPostgres::Execute(uri_, "INSERT INTO rating_history(game_id, account_id, pool, at_ms, rating, deviation) "
                                           "VALUES('rated', 7, 'jaipur', 2, 1700, 250)").ok())
      << "a game is applied to an account once";
}

TEST_F(PostgresStoreTest, ADatabaseOfANewerServerIsRefused) {
  ASSERT_TRUE(TestPostgres::Execute(uri_, "CREATE TABLE schema_version(version INTEGER NOT NULL); "
                                          "INSERT INTO schema_version VALUES(99)").ok());
  auto store = OpenPostgresStore(uri_);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.message().find("database schema version 99, this server reads versions 1 to " + kVersionNow),
            std::string::npos)
      << store.message();
}

TEST_F(PostgresStoreTest, ADatabaseThatCannotBeReachedIsAClearError) {
  auto store = OpenPostgresStore("postgresql://souk@%2Fno%2Fsuch%2Fdirectory:5432/souk");
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.code(), StatusCode::kUnavailable);
  EXPECT_EQ(store.message().rfind("postgresql://souk@%2Fno%2Fsuch%2Fdirectory:5432/souk: database: cannot connect: ", 0),
            0u) << store.message();
}

// The connection dropped (the server's administrator, a proxy, a network): the call
// that finds it fails as unavailable, the next one connects again.
TEST_F(PostgresStoreTest, ALostConnectionIsUnavailableThenOpenedAgain) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  ASSERT_TRUE(TestPostgres::Execute(uri_, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                          "WHERE datname = current_database() AND pid <> pg_backend_pid()").ok());
  Status lost = store->AppendMove("g1", 0, "take camels", false, 1);
  EXPECT_EQ(lost.code(), StatusCode::kUnavailable) << lost.message();
  EXPECT_NE(lost.message().find("connection lost"), std::string::npos) << lost.message();
  Status again = store->AppendMove("g1", 0, "take camels", false, 1);
  EXPECT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(store->LoadGame("g1")->moves, std::vector<std::string>{"take camels"}) << "stored once";
}

TEST_F(PostgresStoreTest, AServerDownIsUnavailableUntilItIsBack) {
  auto store = Open();
  ASSERT_TRUE(store->CreateGame(Game("g1")).ok());
  ASSERT_TRUE(TestPostgres::Shared().Stop().ok());
  for (int call = 0; call < 2; ++call) {  // the lost connection, then a refused one
    Status down = store->AppendMove("g1", 0, "take camels", false, 1);
    EXPECT_EQ(down.code(), StatusCode::kUnavailable) << down.message();
    EXPECT_EQ(store->LoadGame("g1").code(), StatusCode::kUnavailable);
    EXPECT_FALSE(store->Probe().ok());
  }
  ASSERT_TRUE(TestPostgres::Shared().Start().ok());
  EXPECT_TRUE(store->Probe().ok());
  EXPECT_TRUE(store->AppendMove("g1", 0, "take camels", false, 1).ok());
  EXPECT_EQ(store->LoadGame("g1")->moves.size(), 1u);
}

TEST(StoreUri, APasswordIsNeverPrinted) {
  EXPECT_EQ(RedactedDb("postgresql://souk:s3cret@db.example:5432/souk"), "postgresql://souk:***@db.example:5432/souk");
  EXPECT_EQ(RedactedDb("postgres://souk@db/souk?password=s3cret&sslmode=require"),
            "postgres://souk@db/souk?password=***&sslmode=require");
  EXPECT_EQ(RedactedDb("postgresql://souk@db/souk"), "postgresql://souk@db/souk");
  EXPECT_EQ(RedactedDb("games/souk.db"), "games/souk.db");
}

TEST(StoreUri, AUriIsPostgresAndAnythingElseASqlitePath) {
  EXPECT_TRUE(IsPostgresUri("postgresql://souk@localhost/souk"));
  EXPECT_TRUE(IsPostgresUri("postgres://localhost"));
  EXPECT_FALSE(IsPostgresUri("souk.db"));
  EXPECT_FALSE(IsPostgresUri("./postgresql://odd-but-a-path"));
}

}  // namespace
}  // namespace souk::server

namespace souk::server {
namespace {

TEST(ChangeNotice, ReadsBackWhatItWroteMovesWithSpacesIncluded) {
  for (const StoreChange& change :
       {StoreChange{StoreChange::Kind::kMove, "g1", 7, "exchange leather leather for camel camel"},
        StoreChange{StoreChange::Kind::kSeat, "g2", 0, ""}, StoreChange{StoreChange::Kind::kAbandoned, "g3", 0, ""}}) {
    std::string instance;
    StoreChange read;
    ASSERT_TRUE(ParseChangeNotice(ChangeNotice("host/12/ab", change), &instance, &read));
    EXPECT_EQ(instance, "host/12/ab");
    EXPECT_EQ(read.kind, change.kind);
    EXPECT_EQ(read.game_id, change.game_id);
    EXPECT_EQ(read.index, change.index);
    EXPECT_EQ(read.move, change.move);
  }
}

TEST(ChangeNotice, CarriesTheTimeItWasSentAndAnOldNoticeWithoutOneIsStillRead) {
  const StoreChange move{StoreChange::Kind::kMove, "g1", 3, "take camels"};
  std::string instance;
  StoreChange read;
  int64_t sent_ms = 0;
  ASSERT_TRUE(ParseChangeNotice(ChangeNotice("host/12/ab", move, 1795000000123), &instance, &read, &sent_ms));
  EXPECT_EQ(instance, "host/12/ab");
  EXPECT_EQ(sent_ms, 1795000000123);
  EXPECT_EQ(read.move, "take camels");
  // As the instances before the time was sent wrote it: read, not timed.
  ASSERT_TRUE(ParseChangeNotice("host/12/ab m g1 3 take camels", &instance, &read, &sent_ms));
  EXPECT_EQ(instance, "host/12/ab");
  EXPECT_EQ(sent_ms, -1);
  EXPECT_EQ(read.move, "take camels");
  // A time that is no number is not a time; the change is still told.
  for (const char* text : {"h@ s g", "h@x s g", "h@-5 s g", "h@12a s g", "h@1234567890123456789 s g"}) {
    ASSERT_TRUE(ParseChangeNotice(text, &instance, &read, &sent_ms)) << text;
    EXPECT_EQ(instance, "h");
    EXPECT_EQ(sent_ms, -1) << text;
  }
  EXPECT_FALSE(ParseChangeNotice("@5 s g", &instance, &read, &sent_ms)) << "no instance";
}

TEST(ChangeNotice, ALagIsTimedOnlyFromAPlausibleTime) {
  const int64_t now = 1795000000000;
  EXPECT_EQ(NoticeLagSeconds(now - 250, now), 0.25);
  EXPECT_EQ(NoticeLagSeconds(now + 40, now), 0.0) << "the sender's clock a little ahead";
  EXPECT_EQ(NoticeLagSeconds(-1, now), std::nullopt) << "no time sent";
  EXPECT_EQ(NoticeLagSeconds(0, now), std::nullopt) << "a forged time";
  EXPECT_EQ(NoticeLagSeconds(now + kNoticeLagLimitMs + 1, now), std::nullopt);
  EXPECT_EQ(NoticeLagSeconds(now - kNoticeLagLimitMs - 1, now), std::nullopt);
  EXPECT_EQ(NoticeLagSeconds(now - kNoticeLagLimitMs, now), 3600.0);
}

TEST(ChangeNotice, MalformedTextIsNotAChange) {
  std::string instance;
  StoreChange read;
  for (const char* text : {"", " ", "i", "i m", "i m g", "i m g 3", "i m g x left", "i m g -1 left", "i m g 99999999999 left",
                           "i x g", "i s", "i s g extra", "i a g extra", "i ? g"})
    EXPECT_FALSE(ParseChangeNotice(text, &instance, &read)) << "'" << text << "'";
  // Every prefix of a good one, and random bytes: refused or read, never a crash.
  const std::string good = ChangeNotice("h/1/x", {StoreChange::Kind::kMove, "g", 12, "take camels"});
  for (size_t n = 0; n < good.size(); ++n) ParseChangeNotice(good.substr(0, n), &instance, &read);
  uint64_t lcg = 1;
  for (int i = 0; i < 2000; ++i) {
    std::string text;
    for (int c = 0; c < 24; ++c) {
      lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
      text += "ims 0123456789gx\xff"[(lcg >> 33) % 17];
    }
    ParseChangeNotice(text, &instance, &read);
  }
}

}  // namespace
}  // namespace souk::server
