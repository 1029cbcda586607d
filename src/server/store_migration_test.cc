// A database of an older schema version is brought to the current one on opening,
// its games intact; a newer one is refused.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>

#include "server/store.h"

namespace souk::server {
namespace {

// Version 1, as the first servers wrote it.
constexpr const char* kVersion1 = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games(id TEXT PRIMARY KEY, game TEXT NOT NULL, seed TEXT NOT NULL, players INTEGER NOT NULL,
  variant TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
  move_count INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seats(game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, player TEXT NOT NULL,
  token_hash TEXT NOT NULL DEFAULT '', invite_hash TEXT NOT NULL DEFAULT '', name TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(game_id, seat));
CREATE INDEX seats_by_token ON seats(token_hash) WHERE token_hash != '';
CREATE TABLE moves(game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, move TEXT NOT NULL,
  PRIMARY KEY(game_id, idx));
INSERT INTO meta VALUES('schema', '1');
INSERT INTO games VALUES('old', 'jaipur', '42', 2, '', 1000, 2000, 1, 0);
INSERT INTO seats VALUES('old', 0, 'human', 'abc', '', 'Ann');
INSERT INTO seats VALUES('old', 1, 'hard', '', '', '');
INSERT INTO moves VALUES('old', 0, 'camels');
)sql";

class StoreMigrationTest : public ::testing::Test {
 protected:
  void SetUp() override { path_ = ::testing::TempDir() + "store_migration_test_" + std::to_string(getpid()) + ".db"; }
  void TearDown() override {
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  void Write(const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }
  std::string path_;
};

TEST_F(StoreMigrationTest, AVersion1DatabaseIsBroughtUpToDateWithItsGames) {
  Write(kVersion1);
  {
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    auto old = (*store)->LoadGame("old");
    ASSERT_TRUE(old.ok()) << old.message();
    EXPECT_EQ(old->moves, std::vector<std::string>{"camels"});
    EXPECT_EQ(old->seats[0].name, "Ann");
    EXPECT_EQ(old->client, "") << "unknown for games from before";
    EXPECT_FALSE(old->abandoned);
    EXPECT_FALSE(old->clock.has_clock()) << "a game from before clocks has none";
    EXPECT_EQ(old->move_ms, std::vector<int64_t>{0}) << "nor its moves' times";
    StoredGame fresh = *old;
    fresh.id = "new";
    fresh.moves.clear();
    fresh.client = "192.0.2.7";
    ASSERT_TRUE((*store)->CreateGame(fresh).ok());
  }
  auto reopened = OpenSqliteStore(path_);
  ASSERT_TRUE(reopened.ok()) << reopened.message();
  EXPECT_EQ((*reopened)->LoadGame("new")->client, "192.0.2.7");
  auto unfinished = (*reopened)->LoadUnfinished();
  ASSERT_TRUE(unfinished.ok());
  EXPECT_EQ(unfinished->size(), 2u);
}

// Issue 37: a database as the server before accounts left it (version 3) gains the
// accounts' tables, its games kept.
TEST_F(StoreMigrationTest, AVersion3DatabaseGainsTheAccountTablesWithItsGamesKept) {
  Write(std::string(kVersion1) +
        "ALTER TABLE games ADD COLUMN client TEXT NOT NULL DEFAULT '';"
        "ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;"
        "UPDATE meta SET value='3' WHERE key='schema';");
  {
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    auto old = (*store)->LoadGame("old");
    ASSERT_TRUE(old.ok()) << old.message();
    EXPECT_EQ(old->moves, std::vector<std::string>{"camels"});
    EXPECT_EQ(old->seats[0].name, "Ann");
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  auto one = [&](const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    std::string value;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
      value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    return value;
  };
  EXPECT_EQ(one("SELECT value FROM meta WHERE key='schema'"), "11");
  EXPECT_EQ(one("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='lobby'"), "1");
  EXPECT_EQ(one("SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN ('accounts', 'sessions')"), "2");
  EXPECT_EQ(one("SELECT count(*) FROM games"), "1");
  sqlite3_close(db);
}

// Issue 37, ratings: a database as the server with accounts left it (version 4) gains
// the seats' accounts, the games' rated flag and the rating tables, its games kept:
// their seats are guests' and the games casual.
TEST_F(StoreMigrationTest, AVersion4DatabaseGainsTheRatingTablesWithItsGamesKept) {
  Write(std::string(kVersion1) +
        "ALTER TABLE games ADD COLUMN client TEXT NOT NULL DEFAULT '';"
        "ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;"
        "CREATE TABLE accounts(id INTEGER PRIMARY KEY, name TEXT, name_key TEXT UNIQUE,"
        "  password_hash TEXT NOT NULL DEFAULT '', created_ms INTEGER NOT NULL, disabled INTEGER NOT NULL DEFAULT 0,"
        "  deleted_ms INTEGER NOT NULL DEFAULT 0);"
        "CREATE TABLE sessions(id_hash TEXT PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),"
        "  created_ms INTEGER NOT NULL, last_seen_ms INTEGER NOT NULL, expires_ms INTEGER NOT NULL,"
        "  label TEXT NOT NULL DEFAULT '');"
        "INSERT INTO accounts(id, name, name_key, password_hash, created_ms) VALUES(7, 'Ann', 'ann', 'h', 1);"
        "UPDATE meta SET value='4' WHERE key='schema';");
  {
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    auto old = (*store)->LoadGame("old");
    ASSERT_TRUE(old.ok()) << old.message();
    EXPECT_EQ(old->moves, std::vector<std::string>{"camels"});
    EXPECT_EQ(old->seats[0].name, "Ann");
    EXPECT_EQ(old->seats[0].account_id, 0) << "a seat from before accounts is a guest's";
    EXPECT_FALSE(old->rated);
    StoredGame fresh = *old;
    fresh.id = "rated";
    fresh.moves.clear();
    fresh.rated = true;
    fresh.seats[0].account_id = 7;
    ASSERT_TRUE((*store)->CreateGame(fresh).ok());
  }
  auto reopened = OpenSqliteStore(path_);
  ASSERT_TRUE(reopened.ok()) << reopened.message();
  auto rated = (*reopened)->LoadGame("rated");
  ASSERT_TRUE(rated.ok()) << rated.message();
  EXPECT_TRUE(rated->rated);
  EXPECT_EQ(rated->seats[0].account_id, 7);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  auto run = [&](const char* sql) { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr); };
  EXPECT_EQ(run("INSERT INTO ratings(account_id, pool, rating, deviation, volatility, updated_ms) "
                "VALUES(7, 'jaipur', 1500, 350, 0.06, 1)"), SQLITE_OK);
  EXPECT_EQ(run("INSERT INTO rating_history(game_id, account_id, pool, at_ms, rating, deviation) "
                "VALUES('rated', 7, 'jaipur', 1, 1600, 300)"), SQLITE_OK);
  EXPECT_NE(run("INSERT INTO rating_history(game_id, account_id, pool, at_ms, rating, deviation) "
                "VALUES('rated', 7, 'jaipur', 2, 1700, 250)"), SQLITE_OK)
      << "a game is applied to an account once";
  sqlite3_close(db);
}

// Issue 38, email notifications: a database of version 7 (a fresh one, their tables
// dropped) gains them, empty, its games and accounts kept.
TEST_F(StoreMigrationTest, AVersion7DatabaseGainsTheNotificationTablesWithItsGamesKept) {
  {
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    StoredGame g;
    g.id = "kept";
    g.options = {"jaipur", 42, 2, ""};
    g.seats = {{"human", "", "", ""}, {"easy", "", "", ""}};
    ASSERT_TRUE((*store)->CreateGame(g).ok());
  }
  Write("INSERT INTO accounts(id, name, name_key, password_hash, created_ms) VALUES(7, 'Ann', 'ann', 'h', 1);"
        "DROP TABLE email_addresses; DROP TABLE notification_settings; DROP TABLE turn_emails; DROP TABLE server_keys;"
        "DROP TABLE reviews; DROP TABLE blocks; DROP TABLE lessons_done; UPDATE meta SET value='7' WHERE key='schema';");
  auto store = OpenSqliteStore(path_);
  ASSERT_TRUE(store.ok()) << store.message();
  EXPECT_TRUE((*store)->LoadGame("kept").ok());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  auto one = [&](const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr);
    std::string value = sqlite3_step(stmt) == SQLITE_ROW ? reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)) : "";
    sqlite3_finalize(stmt);
    return value;
  };
  EXPECT_EQ(one("SELECT value FROM meta WHERE key='schema'"), "11");
  EXPECT_EQ(one("SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN ('email_addresses', "
                "'notification_settings', 'turn_emails', 'server_keys')"), "4");
  EXPECT_EQ(one("SELECT count(*) FROM accounts"), "1");
  EXPECT_EQ(sqlite3_exec(db, "INSERT INTO email_addresses(account_id, address, added_ms) VALUES(7, 'ann@example.com', 1)",
                         nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
}

// Issue 38, invitation emails: a version 8 database's settings gain the invitations'
// one, on for every account, the "your turn" one kept; and (issue 39) the reviews table.
TEST_F(StoreMigrationTest, AVersion8DatabaseGainsTheInvitationSettingWithItsSettingsKept) {
  ASSERT_TRUE(OpenSqliteStore(path_).ok());
  Write("INSERT INTO accounts(id, name, name_key, password_hash, created_ms) VALUES(7, 'Ann', 'ann', 'h', 1);"
        "ALTER TABLE notification_settings DROP COLUMN email_invitations; DROP TABLE reviews; DROP TABLE blocks;"
        "DROP TABLE lessons_done;"
        "INSERT INTO notification_settings(account_id, email_your_turn) VALUES(7, 0);"
        "UPDATE meta SET value='8' WHERE key='schema';");
  ASSERT_TRUE(OpenSqliteStore(path_).ok());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT (SELECT value FROM meta WHERE key='schema'), email_your_turn, "
                                   "email_invitations FROM notification_settings", -1, &stmt, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0))), "11");
  EXPECT_EQ(sqlite3_column_int(stmt, 1), 0) << "the 'your turn' setting is kept";
  EXPECT_EQ(sqlite3_column_int(stmt, 2), 1) << "invitations are on until turned off";
  sqlite3_finalize(stmt);
  EXPECT_EQ(sqlite3_exec(db, "INSERT INTO reviews(game_id, options, review, created_ms) VALUES('g', 'o', '{}', 1)",
                         nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
}

// Issue 40: a version 9 database gains the operator's blocks, empty, its games kept.
TEST_F(StoreMigrationTest, AVersion9DatabaseGainsTheBlocksTableWithItsGamesKept) {
  {
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    StoredGame g;
    g.id = "kept";
    g.options = {"jaipur", 42, 2, ""};
    g.seats = {{"human", "", "", ""}, {"easy", "", "", ""}};
    ASSERT_TRUE((*store)->CreateGame(g).ok());
  }
  Write("DROP TABLE blocks; DROP TABLE lessons_done; UPDATE meta SET value='9' WHERE key='schema';");
  auto store = OpenSqliteStore(path_);
  ASSERT_TRUE(store.ok()) << store.message();
  EXPECT_TRUE((*store)->LoadGame("kept").ok());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, "INSERT INTO blocks(network, reason, created_ms) VALUES('192.0.2.1', 'spam', 1)", nullptr,
                         nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
}

// Issue 41: a version 10 database gains the lessons each account has done.
TEST_F(StoreMigrationTest, AVersion10DatabaseGainsTheLessonsDoneWithItsAccountsKept) {
  ASSERT_TRUE(OpenSqliteStore(path_).ok());
  Write("INSERT INTO accounts(id, name, name_key, password_hash, created_ms) VALUES(7, 'Ann', 'ann', 'h', 1);"
        "DROP TABLE lessons_done; UPDATE meta SET value='10' WHERE key='schema';");
  ASSERT_TRUE(OpenSqliteStore(path_).ok());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, "INSERT INTO lessons_done(account_id, lesson, done_ms) VALUES(7, 'jaipur/take-one', 1)",
                         nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
}

TEST_F(StoreMigrationTest, ADatabaseOfANewerServerIsRefused) {
  Write("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES('schema', '99');");
  auto store = OpenSqliteStore(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.message().find("schema version 99"), std::string::npos) << store.message();
}

}  // namespace
}  // namespace souk::server
