// The notifications' store on SQLite and PostgreSQL: an address replaced, verified
// once before its expiry, removed; settings; the per-game interval claimed once
// whoever claims; the signing key made once for every instance.
#include "server/mail/notification_store.h"

#include <gtest/gtest.h>

#include "server/accounts/account_store.h"
#include "server/test_stores.h"
#include "server/tokens.h"

namespace souk::server::mail {
namespace {

using server::testing::Backend;

class NotificationStoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(db_.Make(GetParam(), "notification_store_test").ok());
    auto games = db_.Open();
    ASSERT_TRUE(games.ok()) << games.message();
    games_ = std::move(*games);
    auto accounts = accounts::OpenAccountStore(db_.db());
    ASSERT_TRUE(accounts.ok()) << accounts.message();
    accounts_ = std::move(*accounts);
    for (const char* name : {"ann", "bob"}) {
      auto made = accounts_->CreateAccount(name, name, "hash", 1);
      ASSERT_TRUE(made.ok()) << made.message();
      ids_.push_back(made->id);
    }
    auto store = OpenNotificationStore(db_.db());
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
  }

  server::testing::TestDatabase db_;
  std::unique_ptr<Store> games_;
  std::unique_ptr<accounts::AccountStore> accounts_;
  std::unique_ptr<NotificationStore> store_;
  std::vector<int64_t> ids_;
};

TEST_P(NotificationStoreTest, AnAddressIsVerifiedOnceByItsLatestTokenBeforeItExpires) {
  const int64_t ann = ids_[0];
  EXPECT_FALSE(store_->AddressOf(ann)->has_value());
  ASSERT_TRUE(store_->SetAddress(ann, "ann@example.com", HashSecret("first"), 2000, 1000).ok());
  ASSERT_TRUE(store_->SetAddress(ann, "ann@example.org", HashSecret("second"), 2000, 1000).ok());
  auto address = store_->AddressOf(ann);
  ASSERT_TRUE(address.ok() && address->has_value());
  EXPECT_EQ((*address)->address, "ann@example.org");
  EXPECT_FALSE((*address)->verified());
  EXPECT_EQ(store_->Verify(HashSecret("first"), 1500).status().error_code(), ErrorCode::kBadToken) << "replaced";
  EXPECT_EQ(store_->Verify(HashSecret("second"), 2000).status().error_code(), ErrorCode::kBadToken) << "expired";
  auto verified = store_->Verify(HashSecret("second"), 1999);
  ASSERT_TRUE(verified.ok()) << verified.message();
  EXPECT_EQ(*verified, ann);
  EXPECT_TRUE((*store_->AddressOf(ann))->verified());
  EXPECT_EQ(store_->Verify(HashSecret("second"), 1999).status().error_code(), ErrorCode::kBadToken) << "used";
  EXPECT_EQ(store_->Verify("", 0).status().error_code(), ErrorCode::kBadToken);
  ASSERT_TRUE(store_->RemoveAddress(ann).ok());
  EXPECT_FALSE(store_->AddressOf(ann)->has_value());
}

TEST_P(NotificationStoreTest, ADeletedAccountLosesItsAddress) {
  ASSERT_TRUE(store_->SetAddress(ids_[1], "bob@example.com", HashSecret("t"), 2000, 1000).ok());
  ASSERT_TRUE(accounts_->DeleteAccount(ids_[1], 5000).ok());
  EXPECT_FALSE(store_->AddressOf(ids_[1])->has_value());
}

TEST_P(NotificationStoreTest, SettingsDefaultToOnAndAreKept) {
  EXPECT_TRUE(store_->SettingsOf(ids_[0])->email_your_turn);
  EXPECT_TRUE(store_->SettingsOf(ids_[0])->email_invitations);
  ASSERT_TRUE(store_->SetSettings(ids_[0], {false, true}).ok());
  EXPECT_FALSE(store_->SettingsOf(ids_[0])->email_your_turn);
  EXPECT_TRUE(store_->SettingsOf(ids_[0])->email_invitations);
  EXPECT_TRUE(store_->SettingsOf(ids_[1])->email_your_turn);
  ASSERT_TRUE(store_->SetSettings(ids_[0], {true, false}).ok());
  EXPECT_TRUE(store_->SettingsOf(ids_[0])->email_your_turn);
  EXPECT_FALSE(store_->SettingsOf(ids_[0])->email_invitations) << "each setting is kept apart";
  EXPECT_TRUE(store_->SettingsOf(ids_[1])->email_invitations);
}

TEST_P(NotificationStoreTest, OneTurnEmailPerGameAndAccountPerIntervalWhicheverInstanceClaims) {
  auto other = OpenNotificationStore(db_.db());  // another instance's
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(*store_->ClaimTurnEmail("G1", ids_[0], 10'000, 1000));
  EXPECT_FALSE(*(*other)->ClaimTurnEmail("G1", ids_[0], 10'500, 1000));
  EXPECT_TRUE(*store_->ClaimTurnEmail("G1", ids_[1], 10'500, 1000)) << "another account";
  EXPECT_TRUE(*store_->ClaimTurnEmail("G2", ids_[0], 10'500, 1000)) << "another game";
  EXPECT_FALSE(*store_->ClaimTurnEmail("G1", ids_[0], 10'999, 1000));
  EXPECT_TRUE(*(*other)->ClaimTurnEmail("G1", ids_[0], 11'000, 1000));
  EXPECT_FALSE(*store_->ClaimTurnEmail("G1", ids_[0], 11'001, 1000));
}

TEST_P(NotificationStoreTest, TheSigningKeyIsMadeOnceForEveryInstance) {
  auto first = store_->SigningKey("aa");
  ASSERT_TRUE(first.ok()) << first.message();
  EXPECT_EQ(*first, "aa");
  auto other = OpenNotificationStore(db_.db());
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(*(*other)->SigningKey("bb"), "aa");
}

TEST_P(NotificationStoreTest, EmailsPastTheirIntervalAreForgotten) {
  ASSERT_TRUE(*store_->ClaimTurnEmail("old", ids_[0], 1000, 600));
  ASSERT_TRUE(*store_->ClaimTurnEmail("new", ids_[0], 5000, 600));
  EXPECT_EQ(*store_->ForgetEmailsBefore(2000), 1);
  EXPECT_EQ(*store_->ForgetEmailsBefore(2000), 0);
  EXPECT_TRUE(*store_->ClaimTurnEmail("old", ids_[0], 1200, 600)) << "forgotten: nothing holds it back";
  EXPECT_FALSE(*store_->ClaimTurnEmail("new", ids_[0], 5100, 600)) << "kept";
}

INSTANTIATE_TEST_SUITE_P(Stores, NotificationStoreTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         server::testing::BackendName);

}  // namespace
}  // namespace souk::server::mail
