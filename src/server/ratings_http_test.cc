// Rated games over HTTP on a real server, on SQLite and on PostgreSQL: a session
// cookie seats its account in a game it creates or joins, a rated game takes
// signed-in people only, and the state message names the seats' accounts.
#include <gtest/gtest.h>

#include "server/account_test_server.h"

namespace souk::server {
namespace {

using testing::AccountServer;
using testing::Backend;
using testing::CookieValue;
using testing::FromSite;
using testing::Headers;
using V = http::verb;

class RatedGamesHttpTest : public ::testing::TestWithParam<Backend> {
 protected:
  AccountServer server_{GetParam()};

  std::string SignUp(const std::string& name) {
    FullReply r = server_.Call(V::post, "/api/accounts", {{"name", name}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 201) << r.text;
    return CookieValue(r);
  }
  static Json TwoSeats(const std::string& second = "human") {
    return Json::array({{{"player", "human"}}, {{"player", second}}});
  }
};

TEST_P(RatedGamesHttpTest, ARatedGameSeatsSignedInAccountsOnlyAndSaysSo) {
  const std::string ann = SignUp("Ann"), bob = SignUp("Bob");
  const Json rated = {{"game", "jaipur"}, {"seats", TwoSeats()}, {"rated", true}};

  FullReply guest = server_.Call(V::post, "/api/games", rated);
  EXPECT_EQ(guest.status, 401) << guest.text;
  EXPECT_EQ(guest.body["code"], "not_signed_in");
  FullReply with_bot = server_.Call(V::post, "/api/games", {{"game", "jaipur"}, {"seats", TwoSeats("easy")}, {"rated", true}},
                                    FromSite(ann));
  EXPECT_EQ(with_bot.status, 400) << with_bot.text;
  EXPECT_EQ(with_bot.body["code"], "not_rateable");
  FullReply elsewhere = server_.Call(V::post, "/api/games", rated,
                                     {{"Origin", "https://evil.example"}, {"Cookie", "souk_session=" + ann}});
  EXPECT_EQ(elsewhere.status, 403) << elsewhere.text;
  EXPECT_EQ(elsewhere.body["code"], "bad_origin");
  FullReply bad_flag = server_.Call(V::post, "/api/games", {{"game", "jaipur"}, {"seats", TwoSeats()}, {"rated", "yes"}},
                                    FromSite(ann));
  EXPECT_EQ(bad_flag.status, 400) << bad_flag.text;

  FullReply made = server_.Call(V::post, "/api/games", rated, FromSite(ann));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["game_id"];
  const std::string join = "/api/games/" + id + "/join";
  const Json invite = {{"invite", made.body["invites"][0]["invite"]}};
  FullReply anonymous = server_.Call(V::post, join, invite);
  EXPECT_EQ(anonymous.status, 401) << anonymous.text;
  EXPECT_EQ(anonymous.body["code"], "not_signed_in");
  FullReply twice = server_.Call(V::post, join, invite, FromSite(ann));
  EXPECT_EQ(twice.status, 409) << twice.text;
  EXPECT_EQ(twice.body["code"], "already_seated");
  FullReply joined = server_.Call(V::post, join, invite, FromSite(bob));
  ASSERT_EQ(joined.status, 200) << joined.text;

  FullReply state = server_.Call(V::get, "/api/games/" + id, nullptr,
                                 {{"Authorization", "Bearer " + made.body["token"].get<std::string>()}});
  ASSERT_EQ(state.status, 200) << state.text;
  EXPECT_EQ(state.body["rated"], true);
  EXPECT_EQ(state.body["seats"][0]["account"], "Ann");
  EXPECT_EQ(state.body["seats"][0]["name"], "Ann");
  EXPECT_EQ(state.body["seats"][1]["account"], "Bob");
}

TEST_P(RatedGamesHttpTest, ACasualGameKeepsGuestsAndRecordsASignedInPlayer) {
  const std::string ann = SignUp("Ann");
  FullReply made = server_.Call(V::post, "/api/games",
                                {{"game", "jaipur"}, {"seats", Json::array({{{"player", "human"}, {"name", "Zed"}},
                                                                            {{"player", "human"}}})}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["game_id"];
  FullReply joined = server_.Call(V::post, "/api/games/" + id + "/join",
                                  {{"invite", made.body["invites"][0]["invite"]}, {"name", "Whoever"}}, FromSite(ann));
  ASSERT_EQ(joined.status, 200) << joined.text;
  FullReply state = server_.Call(V::get, "/api/games/" + id);
  ASSERT_EQ(state.status, 200) << state.text;
  EXPECT_EQ(state.body["rated"], false);
  EXPECT_TRUE(state.body["seats"][0]["account"].is_null()) << "a guest";
  EXPECT_EQ(state.body["seats"][0]["name"], "Zed");
  EXPECT_EQ(state.body["seats"][1]["account"], "Ann");
}

INSTANTIATE_TEST_SUITE_P(Stores, RatedGamesHttpTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::BackendName);

}  // namespace
}  // namespace souk::server
