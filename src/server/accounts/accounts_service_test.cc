// The accounts service over a real store (SQLite and PostgreSQL), on clocks the test
// moves: a session's absolute end, a password changed under a log-in's rehash, and
// the workers' share of each client.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "server/accounts/accounts.h"
#include "server/test_stores.h"

namespace souk::server::accounts {
namespace {

using server::testing::Backend;
using server::testing::TestDatabase;

class AccountsServiceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(db_.Make(GetParam(), "accounts_service_test").ok());
    auto games = db_.Open();
    ASSERT_TRUE(games.ok()) << games.message();
    games_ = std::move(*games);
  }
  std::unique_ptr<Accounts> Make(AccountsOptions options) {
    auto store = OpenAccountStore(db_.db());
    EXPECT_TRUE(store.ok()) << store.message();
    options.cost = PasswordCost::Minimum();
    options.signups = RateLimit{};
    options.wall_ms = [this] { return wall_ms_.load(); };
    return std::make_unique<Accounts>(std::move(*store), options);
  }
  TestDatabase db_;
  std::unique_ptr<Store> games_;
  std::atomic<int64_t> wall_ms_{1'000'000};
};

TEST_P(AccountsServiceTest, ASessionEndsAtItsMaximumAgeHoweverOftenItIsUsed) {
  AccountsOptions options;
  options.session_lifetime = std::chrono::hours(24);
  options.session_max_age = std::chrono::hours(72);
  auto accounts = Make(options);
  auto in = accounts->SignUp("Ann_Lee", "correct horse", "1.2.3.4", "Firefox", nullptr);
  ASSERT_TRUE(in.ok()) << in.message();
  const int64_t hour = 3'600'000;
  // Used every 12 hours: each use moves the end on, never past 72 h after log-in.
  for (int h = 12; h < 72; h += 12) {
    wall_ms_ += 12 * hour;
    auto who = accounts->Authenticate(in->session_id);
    ASSERT_TRUE(who.ok()) << "at " << h << " h: " << who.message();
    EXPECT_LE(who->expires_ms, 1'000'000 + 72 * hour);
  }
  wall_ms_ += 12 * hour;  // 72 h after log-in
  EXPECT_EQ(accounts->Authenticate(in->session_id).error_code(), ErrorCode::kNotSignedIn);
}

TEST_P(AccountsServiceTest, APasswordChangedMeanwhileIsNeitherOverwrittenNorChangedOnAnOldCheck) {
  auto accounts = Make({});
  ASSERT_TRUE(accounts->SignUp("Ann_Lee", "correct horse", "1.2.3.4", "", nullptr).ok());
  AccountStore& store = accounts->store();
  const StoredAccount before = *store.AccountByKey("ann_lee");
  // Another instance changes the password between a check and the write.
  ASSERT_TRUE(store.SetPasswordHash(before.id, "$argon2id$newer").ok());
  Status replaced = store.ReplacePasswordHash(before.id, before.password_hash, "$argon2id$from-an-old-check");
  EXPECT_EQ(replaced.code(), StatusCode::kAborted);
  EXPECT_EQ(store.AccountByKey("ann_lee")->password_hash, "$argon2id$newer");
  EXPECT_TRUE(store.ReplacePasswordHash(before.id, "$argon2id$newer", "$argon2id$next").ok());
  EXPECT_EQ(store.AccountByKey("ann_lee")->password_hash, "$argon2id$next");
}

TEST_P(AccountsServiceTest, AChangeOfPasswordEndsTheCallersSessionAndOpensANewOne) {
  auto accounts = Make({});
  auto in = accounts->SignUp("Ann_Lee", "correct horse", "1.2.3.4", "Firefox", nullptr);
  ASSERT_TRUE(in.ok());
  auto who = accounts->Authenticate(in->session_id);
  ASSERT_TRUE(who.ok());
  auto fresh = accounts->ChangePassword(*who, "correct horse", "battery staple", "1.2.3.4", "Firefox", nullptr);
  ASSERT_TRUE(fresh.ok()) << fresh.message();
  EXPECT_NE(*fresh, in->session_id);
  EXPECT_FALSE(accounts->Authenticate(in->session_id).ok());
  EXPECT_TRUE(accounts->Authenticate(*fresh).ok());
  EXPECT_EQ(accounts->Sessions(*accounts->Authenticate(*fresh))->size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(Stores, AccountsServiceTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         server::testing::BackendName);

// One client cannot take every place in the queue: its fifth request at once is
// refused while another client's is queued.
TEST(AccountWorkers, OneClientHoldsAtMostItsShareOfThePlaces) {
  std::mutex mutex;
  std::condition_variable cv;
  bool release = false;
  auto blocked = [&] {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return release; });
  };
  using Submitted = AccountWorkers::Submitted;
  {
    AccountWorkers workers(1, 32, 4);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(workers.Submit("greedy", blocked), Submitted::kQueued) << i;
    EXPECT_EQ(workers.Submit("greedy", blocked), Submitted::kClientBusy);
    EXPECT_EQ(workers.Submit("patient", blocked), Submitted::kQueued);
    {
      std::lock_guard lock(mutex);
      release = true;
    }
    cv.notify_all();
    workers.WaitIdle();
    // Its jobs done, the client has its places back.
    EXPECT_EQ(workers.Submit("greedy", [] {}), Submitted::kQueued);
    workers.WaitIdle();
  }
}

}  // namespace
}  // namespace souk::server::accounts
