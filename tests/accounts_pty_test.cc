// `souk accounts reset-password` as an operator runs it at a terminal: the new
// password is asked for and never echoed, so it is not on the screen nor in the
// terminal's scroll-back.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "pty/pty_session.h"
#include "server/accounts/account_store.h"
#include "server/accounts/credentials.h"
#include "server/store.h"

namespace souk::pty {
namespace {

TEST(AccountsPty, ResetPasswordDoesNotEchoThePassword) {
  const std::string db = (std::filesystem::temp_directory_path() /
                          ("souk-accounts-pty-" + std::to_string(::getpid()) + ".db")).string();
  {
    auto games = server::OpenStore(db);
    ASSERT_TRUE(games.ok()) << games.message();
    auto accounts = server::accounts::OpenAccountStore(db);
    ASSERT_TRUE(accounts.ok()) << accounts.message();
    ASSERT_TRUE((*accounts)->CreateAccount("Ann_Lee", "ann_lee", "$argon2id$not-a-real-hash", 0).ok());
  }
  PtySession s({"accounts", "reset-password", "Ann_Lee", "--db", db});
  ASSERT_TRUE(s.WaitForPrompt("new password: ")) << s.Dump();
  s.Type("Sesame-open-42\r");
  EXPECT_EQ(s.Finish(), 0) << s.Dump();
  EXPECT_NE(s.output().find(": done"), std::string::npos) << s.Dump();
  EXPECT_EQ(s.output().find("Sesame-open-42"), std::string::npos) << "the password was echoed:\n" << s.Dump();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

}  // namespace
}  // namespace souk::pty
