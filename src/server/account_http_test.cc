// The accounts over HTTP on a real server, on SQLite and on PostgreSQL: sign-up to
// deletion, the cookie's flags, origins, names, and what the logs never hold.
#include <gtest/gtest.h>

#include "lessons/lessons.h"
#include <sqlite3.h>

#include <fstream>
#include <iterator>

#include "server/account_test_server.h"

namespace souk::server {
namespace {

using testing::AccountServer;
using testing::Backend;
using testing::CookieValue;
using testing::FromSite;
using testing::Headers;
using V = http::verb;

class AccountHttpTest : public ::testing::TestWithParam<Backend> {
 protected:
  AccountServer server_{GetParam()};

  std::string SignUp(const std::string& name, const std::string& password, Headers headers = {}) {
    FullReply r = server_.Call(V::post, "/api/accounts", {{"name", name}, {"password", password}}, std::move(headers));
    EXPECT_EQ(r.status, 201) << r.text;
    return CookieValue(r);
  }
  FullReply LogIn(const std::string& name, const std::string& password, Headers headers = {}) {
    return server_.Call(V::post, "/api/session", {{"name", name}, {"password", password}}, std::move(headers));
  }
};

TEST_P(AccountHttpTest, SignUpLogInSessionsPasswordAndDeletionRoundTrip) {
  FullReply made = server_.Call(V::post, "/api/accounts", {{"name", "Ann_Lee"}, {"password", "correct horse"}},
                                {{"User-Agent", "Firefox/130"}});
  ASSERT_EQ(made.status, 201) << made.text;
  EXPECT_EQ(made.body["name"], "Ann_Lee");
  EXPECT_TRUE(made.body["created_at"].is_string());
  EXPECT_EQ(made.body["ratings"], Json::object());
  const std::string first = CookieValue(made);
  ASSERT_EQ(first.size(), 64u);

  FullReply me = server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + first}});
  ASSERT_EQ(me.status, 200) << me.text;
  EXPECT_EQ(me.body["name"], "Ann_Lee");
  EXPECT_EQ(me.body["id"], made.body["id"]);
  FullReply nobody = server_.Call(V::get, "/api/me");
  EXPECT_EQ(nobody.status, 401);
  EXPECT_EQ(nobody.body["code"], "not_signed_in");

  // A second device, by the name in other letters' case.
  FullReply in = LogIn("ann_LEE", "correct horse", {{"User-Agent", "curl/8"}});
  ASSERT_EQ(in.status, 200) << in.text;
  const std::string second = CookieValue(in);
  ASSERT_EQ(second.size(), 64u);
  FullReply listed = server_.Call(V::get, "/api/me/sessions", nullptr, {{"Cookie", "souk_session=" + first}});
  ASSERT_EQ(listed.status, 200) << listed.text;
  ASSERT_EQ(listed.body["sessions"].size(), 2u);
  std::string other_id;
  for (const Json& s : listed.body["sessions"]) {
    EXPECT_EQ(s["id"].get<std::string>().size(), 16u);
    if (s["current"] == true) {
      EXPECT_EQ(s["label"], "Firefox/130");
    } else {
      other_id = s["id"];
      EXPECT_EQ(s["label"], "curl/8");
    }
  }
  ASSERT_FALSE(other_id.empty());
  EXPECT_EQ(listed.text.find(first), std::string::npos) << "no session id in the list";
  EXPECT_EQ(listed.text.find(second), std::string::npos);
  EXPECT_EQ(server_.Call(V::delete_, "/api/me/sessions/" + other_id, nullptr, FromSite(first)).status, 200);
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + second}}).status, 401);
  EXPECT_EQ(server_.Call(V::delete_, "/api/me/sessions/" + other_id, nullptr, FromSite(first)).status, 404);

  // The password changed: the current password is needed, every session ends, and
  // the caller gets a new one (an id seen before the change is worth nothing after).
  const std::string third = CookieValue(LogIn("Ann_Lee", "correct horse"));
  FullReply wrong = server_.Call(V::post, "/api/me/password",
                                 {{"current_password", "wrong horse"}, {"new_password", "battery staple"}}, FromSite(first));
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.body["code"], "bad_credentials");
  FullReply short_one = server_.Call(V::post, "/api/me/password",
                                     {{"current_password", "correct horse"}, {"new_password", "short"}}, FromSite(first));
  EXPECT_EQ(short_one.body["code"], "bad_password");
  FullReply changed = server_.Call(V::post, "/api/me/password",
                                   {{"current_password", "correct horse"}, {"new_password", "battery staple"}},
                                   FromSite(first));
  ASSERT_EQ(changed.status, 200) << changed.text;
  const std::string renewed = CookieValue(changed);
  ASSERT_EQ(renewed.size(), 64u) << changed.Header("set-cookie");
  EXPECT_NE(renewed, first);
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + third}}).status, 401);
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + first}}).status, 401);
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + renewed}}).status, 200);
  EXPECT_EQ(LogIn("Ann_Lee", "correct horse").status, 401);
  const std::string fourth = CookieValue(LogIn("Ann_Lee", "battery staple"));
  ASSERT_FALSE(fourth.empty());

  // Log out: the cookie is cleared and the session ends.
  FullReply out = server_.Call(V::delete_, "/api/session", nullptr, FromSite(fourth));
  EXPECT_EQ(out.status, 200);
  EXPECT_NE(out.Header("set-cookie").find("souk_session=; Path=/; Max-Age=0"), std::string::npos) << out.Header("set-cookie");
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + fourth}}).status, 401);

  // Everywhere.
  const std::string fifth = CookieValue(LogIn("Ann_Lee", "battery staple"));
  EXPECT_EQ(server_.Call(V::delete_, "/api/me/sessions", nullptr, FromSite(renewed)).status, 200);
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + renewed}}).status, 401);
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + fifth}}).status, 401);

  // Deleted: the password is needed; then the name is free and the session gone.
  const std::string sixth = CookieValue(LogIn("Ann_Lee", "battery staple"));
  FullReply refused = server_.Call(V::delete_, "/api/me", {{"password", "correct horse"}}, FromSite(sixth));
  EXPECT_EQ(refused.status, 401);
  FullReply deleted = server_.Call(V::delete_, "/api/me", {{"password", "battery staple"}}, FromSite(sixth));
  ASSERT_EQ(deleted.status, 200) << deleted.text;
  EXPECT_NE(deleted.Header("set-cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + sixth}}).status, 401);
  EXPECT_EQ(LogIn("Ann_Lee", "battery staple").body["code"], "bad_credentials");
  auto tombstone = server_.accounts().store().AccountById(made.body["id"].get<int64_t>());
  ASSERT_TRUE(tombstone.ok());
  EXPECT_TRUE(tombstone->deleted);
  EXPECT_EQ(tombstone->name, "");
  EXPECT_EQ(tombstone->password_hash, "");
  EXPECT_FALSE(SignUp("ann_lee", "another one").empty()) << "the name is free again";
}

TEST_P(AccountHttpTest, TheCookieIsHttpOnlyLaxOnTheWholeSiteAndSecureOnlyBehindAnHttpsProxy) {
  FullReply plain = server_.Call(V::post, "/api/accounts", {{"name", "Ann"}, {"password", "correct horse"}});
  const std::string cookie = plain.Header("set-cookie");
  EXPECT_NE(cookie.find("; HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; Path=/"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; Max-Age=2592000"), std::string::npos) << cookie;
  EXPECT_EQ(cookie.find("Secure"), std::string::npos) << cookie;
  // Through the trusted proxy (loopback here), over HTTPS.
  FullReply https = LogIn("Ann", "correct horse", {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-For", "192.0.2.1"}});
  EXPECT_NE(https.Header("set-cookie").find("; Secure"), std::string::npos) << https.Header("set-cookie");
  // A server that trusts no proxy believes no X-Forwarded-Proto.
  AccountServer untrusting(GetParam(), testing::CheapAccounts(), [](ServerOptions& o) { o.trusted_proxies = {}; });
  ASSERT_EQ(untrusting.Call(V::post, "/api/accounts", {{"name", "Bob"}, {"password", "correct horse"}}).status, 201);
  FullReply claimed = untrusting.Call(V::post, "/api/session", {{"name", "Bob"}, {"password", "correct horse"}},
                                      {{"X-Forwarded-Proto", "https"}});
  ASSERT_EQ(claimed.status, 200);
  EXPECT_EQ(claimed.Header("set-cookie").find("Secure"), std::string::npos) << claimed.Header("set-cookie");
}

TEST_P(AccountHttpTest, AChangeWithTheCookieNeedsTheSitesOwnOrigin) {
  const std::string cookie = SignUp("Ann", "correct horse");
  const Headers foreign = {{"Origin", "https://evil.example"}, {"Cookie", "souk_session=" + cookie}};
  const Headers missing = {{"Cookie", "souk_session=" + cookie}};
  const Headers https_origin = {{"Origin", "https://localhost"}, {"Cookie", "souk_session=" + cookie}};
  for (const Headers& headers : {foreign, missing, https_origin}) {
    for (auto [verb, target, body] : std::vector<std::tuple<V, std::string, Json>>{
             {V::delete_, "/api/me/sessions", nullptr},
             {V::post, "/api/me/password", {{"current_password", "correct horse"}, {"new_password", "battery staple"}}},
             {V::delete_, "/api/me", {{"password", "correct horse"}}},
             {V::delete_, "/api/session", nullptr}}) {
      FullReply r = server_.Call(verb, target, body, headers);
      EXPECT_EQ(r.status, 403) << target << " " << r.text;
      EXPECT_EQ(r.body["code"], "bad_origin") << target;
    }
  }
  EXPECT_EQ(server_.Call(V::get, "/api/me", nullptr, {{"Cookie", "souk_session=" + cookie}}).status, 200)
      << "nothing was changed: the session lives";
  // A foreign page may not log its visitor in either; a client with no Origin (a script) may.
  EXPECT_EQ(LogIn("Ann", "correct horse", {{"Origin", "https://evil.example"}}).body["code"], "bad_origin");
  EXPECT_EQ(LogIn("Ann", "correct horse").status, 200);
  // An origin the operator allows.
  AccountServer allowing(GetParam(), testing::CheapAccounts(),
                         [](ServerOptions& o) { o.allowed_origins = {"https://souk.example"}; });
  FullReply made = allowing.Call(V::post, "/api/accounts", {{"name", "Ann"}, {"password", "correct horse"}});
  EXPECT_EQ(allowing.Call(V::delete_, "/api/me/sessions", nullptr,
                          {{"Origin", "https://souk.example"}, {"Cookie", "souk_session=" + CookieValue(made)}}).status,
            200);
}

TEST_P(AccountHttpTest, NamesAndPasswordsOfTheDocumentedFormOnly) {
  for (const std::string& name : std::vector<std::string>{"x'); DROP TABLE accounts;--", "<script>alert(1)</script>", "Ann Lee", "an", "4nn",
                                 std::string(25, 'a'), "Zoë"}) {
    FullReply r = server_.Call(V::post, "/api/accounts", {{"name", name}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 400) << name;
    EXPECT_EQ(r.body["code"], "bad_name") << name;
    EXPECT_EQ(r.Header("content-type"), "application/json");
    EXPECT_EQ(r.text.find("<script>"), std::string::npos) << "never echoed";
    EXPECT_EQ(r.text.find("DROP"), std::string::npos) << "never echoed";
  }
  for (const char* name : {"admin", "Root", "SYSTEM", "souk", "deleted", "guest", "random", "greedy", "mcts", "easy",
                           "medium", "hard"})
    EXPECT_EQ(server_.Call(V::post, "/api/accounts", {{"name", name}, {"password", "correct horse"}}).body["code"],
              "name_reserved") << name;
  EXPECT_EQ(server_.Call(V::post, "/api/accounts", {{"name", "Ann"}, {"password", "1234567"}}).body["code"], "bad_password");
  EXPECT_EQ(server_.Call(V::post, "/api/accounts", {{"name", "Ann"}, {"password", std::string(1025, 'p')}}).body["code"],
            "bad_password");
  SignUp("Ann", "12345678");
  FullReply taken = server_.Call(V::post, "/api/accounts", {{"name", "aNN"}, {"password", "correct horse"}});
  EXPECT_EQ(taken.status, 400);
  EXPECT_EQ(taken.body["code"], "name_taken");
  EXPECT_EQ(server_.Call(V::post, "/api/accounts", {{"name", 7}, {"password", "x"}}).body["code"], "invalid_argument");
}

TEST_P(AccountHttpTest, AnUnknownNameAndAWrongPasswordGetTheSameAnswer) {
  SignUp("Ann", "correct horse");
  FullReply wrong = LogIn("Ann", "wrong horse");
  FullReply unknown = LogIn("Nobody", "wrong horse");
  FullReply impossible = LogIn("<b>", "wrong horse");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.body["code"], "bad_credentials");
  EXPECT_EQ(unknown.status, wrong.status);
  EXPECT_EQ(unknown.text, wrong.text);
  EXPECT_EQ(impossible.text, wrong.text);
  EXPECT_EQ(wrong.Header("set-cookie"), "");
}

// A name with a NUL byte is no account's, even on PostgreSQL, whose client library
// reads C strings ("Ann\0x" must not open Ann's account under another throttle key);
// an over-long password is wrong for an account that exists as for one that does not.
TEST_P(AccountHttpTest, ANameWithANulByteOrAnOverlongPasswordOpensNoAccount) {
  SignUp("Ann", "correct horse");
  for (const std::string& name : {std::string("Ann\0x", 5), std::string("ann\0", 4)}) {
    FullReply in = LogIn(name, "correct horse");
    EXPECT_EQ(in.status, 401) << in.text;
    EXPECT_EQ(in.Header("set-cookie"), "");
  }
  FullReply long_known = LogIn("Ann", std::string(1025, 'x'));
  FullReply long_unknown = LogIn("Nobody", std::string(1025, 'x'));
  EXPECT_EQ(long_known.status, 401);
  EXPECT_EQ(long_known.text, long_unknown.text);
  EXPECT_EQ(LogIn("Ann", "correct horse").status, 200) << "the owner still gets in";
}

// The refusal of a body that is not JSON quotes none of it (a password perhaps).
TEST_P(AccountHttpTest, ABrokenBodyIsRefusedWithoutQuotingIt) {
  FullReply r = CallServerWith(server_.port(), V::post, "/api/session", "{\"name\":\"Ann\",\"password\":\"hunter2\x01\"}", {});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.text.find("hunter2"), std::string::npos) << r.text;
}

TEST_P(AccountHttpTest, TheLogsHoldNoPasswordNorSessionId) {
  ::testing::internal::CaptureStderr();
  ::testing::internal::CaptureStdout();
  const std::string cookie = SignUp("Ann", "hunter2-secret");
  LogIn("Ann", "wrong-secret-9");
  LogIn("Nobody", "wrong-secret-9");
  const std::string second = CookieValue(LogIn("Ann", "hunter2-secret"));
  server_.Call(V::post, "/api/me/password", {{"current_password", "hunter2-secret"}, {"new_password", "second-secret-7"}},
               FromSite(cookie));
  server_.Call(V::delete_, "/api/me", {{"password", "second-secret-7"}}, FromSite(cookie));
  const std::string logged = ::testing::internal::GetCapturedStderr() + ::testing::internal::GetCapturedStdout();
  for (const std::string& secret : {std::string("hunter2-secret"), std::string("wrong-secret-9"),
                                    std::string("second-secret-7"), cookie, second, std::string("$argon2id$")})
    EXPECT_EQ(logged.find(secret), std::string::npos) << secret;
}

TEST_P(AccountHttpTest, ABusyServerSaysSoWithARetryAfter) {
  accounts::AccountsOptions options = testing::CheapAccounts();
  options.max_waiting = 0;  // every request finds the queue full
  AccountServer busy(GetParam(), options);
  FullReply r = busy.Call(V::post, "/api/session", {{"name", "Ann"}, {"password", "correct horse"}});
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(r.body["code"], "unavailable");
  EXPECT_EQ(r.Header("retry-after"), "1");
}

TEST_P(AccountHttpTest, SignUpsPerAddressAreLimited) {
  accounts::AccountsOptions options = testing::CheapAccounts();
  options.signups = RateLimit{1.0 / 3600, 2};
  AccountServer limited(GetParam(), options);
  for (const char* name : {"Ann", "Bob"})
    EXPECT_EQ(limited.Call(V::post, "/api/accounts", {{"name", name}, {"password", "correct horse"}}).status, 201);
  FullReply third = limited.Call(V::post, "/api/accounts", {{"name", "Cat"}, {"password", "correct horse"}});
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(third.body["code"], "rate_limited");
  EXPECT_FALSE(third.Header("retry-after").empty());
}

// Issue 41: the lessons done follow the account (GET/PUT /api/me/lessons): progress
// only grows, a lesson that does not exist is refused naming it, a change needs the
// site's origin, and deleting the account forgets them.
TEST_P(AccountHttpTest, TheLessonsDoneFollowTheAccount) {
  const std::string cookie = SignUp("Ann", "correct horse");
  FullReply empty = server_.Call(http::verb::get, "/api/me/lessons", nullptr, FromSite(cookie));
  ASSERT_EQ(empty.status, 200) << empty.text;
  EXPECT_EQ(empty.body["done"], Json::array());
  const std::string first = "jaipur/" + (*lessons::LessonsOf("jaipur"))->lessons.front().id;
  const std::string other = "marrakech/" + (*lessons::LessonsOf("marrakech"))->lessons.front().id;
  FullReply added = server_.Call(http::verb::put, "/api/me/lessons", {{"done", {first, other}}}, FromSite(cookie));
  ASSERT_EQ(added.status, 200) << added.text;
  EXPECT_EQ(added.body["done"], (Json{first, other}));
  FullReply again = server_.Call(http::verb::put, "/api/me/lessons", {{"done", {first}}}, FromSite(cookie));
  EXPECT_EQ(again.body["done"], (Json{first, other})) << "progress only grows";
  FullReply made_up = server_.Call(http::verb::put, "/api/me/lessons", {{"done", {"jaipur/no-such"}}}, FromSite(cookie));
  EXPECT_EQ(made_up.status, 400);
  EXPECT_NE(made_up.body["error"].get<std::string>().find("'jaipur/no-such' is no lesson"), std::string::npos) << made_up.text;
  EXPECT_EQ(server_.Call(http::verb::put, "/api/me/lessons", {{"done", "x"}}, FromSite(cookie)).status, 400);
  FullReply foreign = server_.Call(http::verb::put, "/api/me/lessons", {{"done", {first}}},
                                    {{"Origin", "https://evil.example"}, {"Cookie", "souk_session=" + cookie}});
  EXPECT_EQ(foreign.body["code"], "bad_origin");
  EXPECT_EQ(server_.Call(http::verb::get, "/api/me/lessons").status, 401) << "not signed in";
  const int64_t id = server_.accounts().store().AccountByKey("ann")->id;
  ASSERT_EQ(server_.Call(http::verb::delete_, "/api/me", {{"password", "correct horse"}}, FromSite(cookie)).status, 200);
  EXPECT_TRUE(server_.accounts().store().LessonsDone(id)->empty()) << "forgotten with the account";
}

INSTANTIATE_TEST_SUITE_P(Stores, AccountHttpTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::BackendName);

// SQLite only: the file itself, not only the table, no longer holds the name or the hash.
TEST(AccountDeletion, TheNameAndHashAreGoneFromTheDatabaseFile) {
  AccountServer server(Backend::kSqlite);
  FullReply made = server.Call(V::post, "/api/accounts", {{"name", "Zebediah_Q"}, {"password", "correct horse"}});
  ASSERT_EQ(made.status, 201);
  const std::string hash = server.accounts().store().AccountByKey("zebediah_q")->password_hash;
  ASSERT_EQ(hash.rfind("$argon2id$", 0), 0u);
  ASSERT_EQ(server.Call(V::delete_, "/api/me", {{"password", "correct horse"}}, FromSite(CookieValue(made))).status, 200);
  // Read as they are, with the server still running: its deletion checkpointed the log.
  std::string bytes;
  for (const char* suffix : {"", "-wal"}) {
    std::ifstream in(server.db() + suffix, std::ios::binary);
    bytes.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  ASSERT_GT(bytes.size(), 0u);
  EXPECT_EQ(bytes.find("Zebediah_Q"), std::string::npos);
  EXPECT_EQ(bytes.find("zebediah_q"), std::string::npos);
  EXPECT_EQ(bytes.find(hash.substr(hash.size() - 20)), std::string::npos);
}

}  // namespace
}  // namespace souk::server
