// Names, passwords, their hashes and session ids.
#include "server/accounts/credentials.h"

#include <gtest/gtest.h>

namespace souk::server::accounts {
namespace {

TEST(Credentials, NamesOfTheDocumentedForm) {
  for (const char* good : {"Ann", "ann_lee", "A-1", "abcdefghijklmnopqrstuvwx"}) EXPECT_TRUE(CheckAccountName(good).ok()) << good;
  for (const char* bad : {"", "an", "1ann", "_ann", "ann lee", "ann'); DROP TABLE accounts;--", "<b>ann</b>", "anné",
                          "abcdefghijklmnopqrstuvwxy", "ann\n"})
    EXPECT_EQ(CheckAccountName(bad).error_code(), ErrorCode::kBadName) << bad;
  for (const char* reserved : {"Admin", "ROOT", "souk", "deleted", "guest", "random", "Greedy", "mcts", "easy", "medium",
                               "hard"})
    EXPECT_EQ(CheckAccountName(reserved).error_code(), ErrorCode::kNameReserved) << reserved;
  EXPECT_EQ(NameKey("Ann_Lee"), "ann_lee");
}

TEST(Credentials, PasswordsOf8To1024Bytes) {
  EXPECT_EQ(CheckPassword("1234567").error_code(), ErrorCode::kBadPassword);
  EXPECT_TRUE(CheckPassword("12345678").ok());
  EXPECT_TRUE(CheckPassword(std::string(1024, 'x')).ok());
  EXPECT_EQ(CheckPassword(std::string(1025, 'x')).error_code(), ErrorCode::kBadPassword);
}

TEST(Credentials, AHashVerifiesItsPasswordOnly) {
  auto hash = HashPassword("correct horse", PasswordCost::Minimum());
  ASSERT_TRUE(hash.ok()) << hash.message();
  EXPECT_EQ(hash->rfind("$argon2id$", 0), 0u) << *hash;
  EXPECT_TRUE(VerifyPassword(*hash, "correct horse"));
  EXPECT_FALSE(VerifyPassword(*hash, "correct horsE"));
  EXPECT_FALSE(VerifyPassword("", "correct horse"));
  EXPECT_NE(*HashPassword("correct horse", PasswordCost::Minimum()), *hash) << "salted";
  EXPECT_TRUE(NeedsRehash(*hash, PasswordCost::Interactive()));
  EXPECT_FALSE(NeedsRehash(*hash, PasswordCost::Minimum()));
}

TEST(Credentials, SessionIdsAre32RandomBytesInHex) {
  const std::string a = NewSessionId(), b = NewSessionId();
  EXPECT_EQ(a.size(), 64u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(a, b);
}

}  // namespace
}  // namespace souk::server::accounts
