// The account store on SQLite and PostgreSQL: the same answers from both.
#include "server/accounts/account_store.h"

#include <gtest/gtest.h>

#include "server/test_stores.h"

namespace souk::server::accounts {
namespace {

using server::testing::Backend;
using server::testing::TestDatabase;

class AccountStoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(db_.Make(GetParam(), "account_store_test").ok());
    auto games = db_.Open();  // creates and migrates the schema
    ASSERT_TRUE(games.ok()) << games.message();
    games_ = std::move(*games);
    auto store = OpenAccountStore(db_.db());
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
  }
  TestDatabase db_;
  std::unique_ptr<Store> games_;
  std::unique_ptr<AccountStore> store_;
};

TEST_P(AccountStoreTest, AnAccountIsFoundByItsKeyAndIdAndItsNameIsUniqueIgnoringCase) {
  auto ann = store_->CreateAccount("Ann", "ann", "$argon2id$x", 1000);
  ASSERT_TRUE(ann.ok()) << ann.message();
  EXPECT_GT(ann->id, 0);
  auto found = store_->AccountByKey("ann");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found->name, "Ann");
  EXPECT_EQ(found->password_hash, "$argon2id$x");
  EXPECT_EQ(found->created_ms, 1000);
  EXPECT_EQ(store_->AccountById(ann->id)->name, "Ann");
  auto again = store_->CreateAccount("ANN", "ann", "$argon2id$y", 2000);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error_code(), ErrorCode::kNameTaken);
  EXPECT_EQ(store_->AccountByKey("bob").code(), StatusCode::kNotFound);
  ASSERT_TRUE(store_->SetPasswordHash(ann->id, "$argon2id$z").ok());
  EXPECT_EQ(store_->AccountByKey("ann")->password_hash, "$argon2id$z");
  ASSERT_TRUE(store_->SetDisabled(ann->id, true).ok());
  EXPECT_TRUE(store_->AccountByKey("ann")->disabled);
  EXPECT_EQ(store_->ListAccounts()->size(), 1u);
}

TEST_P(AccountStoreTest, SessionsAreListedTouchedExpiredAndRevoked) {
  const int64_t id = store_->CreateAccount("Ann", "ann", "h", 0)->id;
  ASSERT_TRUE(store_->CreateSession({"aaaa1111bbbb2222" + std::string(48, '0'), id, 10, 10, 100, "Firefox"}).ok());
  ASSERT_TRUE(store_->CreateSession({"cccc3333dddd4444" + std::string(48, '0'), id, 20, 20, 200, "curl"}).ok());
  auto listed = store_->SessionsOf(id, 50);
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->size(), 2u);
  EXPECT_EQ((*listed)[0].label, "curl") << "most recently seen first";
  EXPECT_EQ(store_->SessionByHash("aaaa1111bbbb2222" + std::string(48, '0'), 150).code(), StatusCode::kNotFound)
      << "expired";
  ASSERT_TRUE(store_->TouchSession("aaaa1111bbbb2222" + std::string(48, '0'), 150, 300).ok());
  EXPECT_EQ(store_->SessionByHash("aaaa1111bbbb2222" + std::string(48, '0'), 150)->expires_ms, 300);
  EXPECT_EQ(store_->DeleteSession(id, "ffff000011112222").code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->DeleteSession(id + 1, "cccc3333dddd4444").code(), StatusCode::kNotFound) << "another's session";
  ASSERT_TRUE(store_->DeleteSession(id, "cccc3333dddd4444").ok());
  EXPECT_EQ(store_->SessionsOf(id, 50)->size(), 1u);
  ASSERT_TRUE(store_->CreateSession({std::string(64, 'e'), id, 30, 30, 400, ""}).ok());
  ASSERT_TRUE(store_->DeleteSessions(id, std::string(64, 'e')).ok());
  ASSERT_EQ(store_->SessionsOf(id, 50)->size(), 1u);
  ASSERT_TRUE(store_->PurgeExpired(500).ok());
  EXPECT_EQ(store_->SessionsOf(id, 0)->size(), 0u);
}

TEST_P(AccountStoreTest, AnAccountIsSignedInWhileOneOfItsSessionsIsUnexpiredAndItIsLive) {
  EXPECT_EQ(*store_->CountSignedIn(0), 0);
  const int64_t ann = store_->CreateAccount("Ann", "ann", "h", 0)->id;
  const int64_t bob = store_->CreateAccount("Bob", "bob", "h", 0)->id;
  const int64_t cy = store_->CreateAccount("Cy", "cy", "h", 0)->id;
  store_->CreateAccount("Dee", "dee", "h", 0);  // never signed in
  ASSERT_TRUE(store_->CreateSession({std::string(64, 'a'), ann, 10, 10, 100, "phone"}).ok());
  ASSERT_TRUE(store_->CreateSession({std::string(64, 'b'), ann, 20, 20, 300, "laptop"}).ok());
  ASSERT_TRUE(store_->CreateSession({std::string(64, 'c'), bob, 30, 30, 200, ""}).ok());
  ASSERT_TRUE(store_->CreateSession({std::string(64, 'd'), cy, 40, 40, 400, ""}).ok());
  auto count = store_->CountSignedIn(50);
  ASSERT_TRUE(count.ok()) << count.message();
  EXPECT_EQ(*count, 3) << "Ann on two devices counts once";
  EXPECT_EQ(*store_->CountSignedIn(200), 2) << "Bob's session expired";
  EXPECT_EQ(*store_->CountSignedIn(300), 1) << "Ann's last session expired";
  ASSERT_TRUE(store_->SetDisabled(cy, true).ok());
  EXPECT_EQ(*store_->CountSignedIn(50), 2) << "a disabled account cannot sign in";
  ASSERT_TRUE(store_->DeleteSessions(ann, "").ok());
  EXPECT_EQ(*store_->CountSignedIn(50), 1) << "Ann logged out everywhere";
  ASSERT_TRUE(store_->DeleteAccount(bob, 60).ok());
  EXPECT_EQ(*store_->CountSignedIn(50), 0);
}

TEST_P(AccountStoreTest, ADeletedAccountKeepsOnlyItsTombstone) {
  const int64_t id = store_->CreateAccount("Ann", "ann", "$argon2id$secret", 5)->id;
  ASSERT_TRUE(store_->CreateSession({std::string(64, 'a'), id, 1, 1, 1000, "x"}).ok());
  ASSERT_TRUE(store_->DeleteAccount(id, 9).ok());
  auto tombstone = store_->AccountById(id);
  ASSERT_TRUE(tombstone.ok());
  EXPECT_TRUE(tombstone->deleted);
  EXPECT_EQ(tombstone->name, "");
  EXPECT_EQ(tombstone->password_hash, "");
  EXPECT_EQ(store_->AccountByKey("ann").code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->SessionsOf(id, 0)->size(), 0u);
  EXPECT_TRUE(store_->CreateAccount("ann", "ann", "h", 10).ok()) << "the name is free again";
  EXPECT_EQ(store_->DeleteAccount(id, 11).code(), StatusCode::kNotFound);
}

INSTANTIATE_TEST_SUITE_P(Stores, AccountStoreTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         server::testing::BackendName);

}  // namespace
}  // namespace souk::server::accounts
