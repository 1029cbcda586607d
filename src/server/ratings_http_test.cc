// Rated games over HTTP on a real server, on SQLite and on PostgreSQL: a session
// cookie seats its account in a game it creates or joins, a rated game takes
// signed-in people only, and the state message names the seats' accounts.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "server/accounts/credentials.h"

#include "server/account_test_server.h"
#include "server/player_routes.h"

namespace souk::server {
namespace {

using testing::AccountServer;
using testing::Backend;
using testing::CookieValue;
using testing::FromSite;
using testing::Headers;
using V = http::verb;

int64_t WallMsNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

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

// Plays a game to its end through the service, moves drawn from a fixed sequence.
void PlayOut(GameService& games, const std::string& id) {
  std::mt19937 pick(11);
  for (int moves = 0; moves < 5000; ++moves) {
    const Json any = games.View(id, -1)->json;
    if (any.at("over").get<bool>()) return;
    const int seat = any.at("to_move").get<int>();
    const Json legal = games.View(id, seat)->json.at("legal");
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(games.Move(id, seat, legal[pick() % legal.size()].get<std::string>()).ok());
  }
  FAIL() << "game " << id << " did not end";
}

TEST_P(RatedGamesHttpTest, AFinishedRatedGameShowsInTheProfileMyGamesAndMe) {
  const std::string ann = SignUp("Ann"), bob = SignUp("Bob");
  FullReply made = server_.Call(V::post, "/api/games", {{"game", "jaipur"}, {"seats", TwoSeats()}, {"rated", true}},
                                FromSite(ann));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["game_id"];
  ASSERT_EQ(server_.Call(V::post, "/api/games/" + id + "/join", {{"invite", made.body["invites"][0]["invite"]}},
                         FromSite(bob)).status, 200);
  FullReply playing = server_.Call(V::get, "/api/me/games", nullptr, FromSite(ann));
  ASSERT_EQ(playing.status, 200) << playing.text;
  ASSERT_EQ(playing.body["in_progress"].size(), 1u);
  EXPECT_EQ(playing.body["in_progress"][0]["result"], nullptr);
  EXPECT_EQ(playing.body["finished"].size(), 0u);
  PlayOut(server_.games(), id);

  FullReply me = server_.Call(V::get, "/api/me", nullptr, FromSite(ann));
  ASSERT_EQ(me.status, 200) << me.text;
  const Json& mine = me.body["ratings"]["jaipur"];
  EXPECT_EQ(mine["games"], 1);
  EXPECT_EQ(mine["provisional"], true);
  EXPECT_TRUE(mine["deviation"].is_number());
  EXPECT_TRUE(mine["volatility"].is_number());
  EXPECT_EQ(mine["wins"].get<int>() + mine["losses"].get<int>() + mine["draws"].get<int>(), 1);
  EXPECT_EQ(me.body["ratings"].size(), 1u) << "the pools played only";

  FullReply profile = server_.Call(V::get, "/api/players/aNN");
  ASSERT_EQ(profile.status, 200) << profile.text;
  EXPECT_EQ(profile.body["name"], "Ann");
  EXPECT_TRUE(profile.body["created_at"].get<std::string>().ends_with("Z"));
  EXPECT_FALSE(profile.body.contains("id")) << "no account id on a public page";
  const Json& history = profile.body["ratings"]["jaipur"]["history"];
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0]["game"], id);
  EXPECT_EQ(history[0]["rating"], mine["rating"]);
  EXPECT_EQ(profile.body["totals"]["games"], 1);
  ASSERT_EQ(profile.body["recent"].size(), 1u);
  const Json& summary = profile.body["recent"][0];
  EXPECT_EQ(summary["id"], id);
  EXPECT_EQ(summary["game"], "jaipur");
  EXPECT_EQ(summary["rated"], true);
  EXPECT_EQ(summary["finished"], true);
  EXPECT_EQ(summary["seat"], 0);
  EXPECT_EQ(summary["seats"][1]["account"], "Bob");
  EXPECT_TRUE(summary["seats"][1]["score"].is_number());
  const std::string result = summary["result"];
  EXPECT_EQ(result, mine["wins"] == 1 ? "win" : mine["losses"] == 1 ? "loss" : "draw");

  FullReply done = server_.Call(V::get, "/api/me/games", nullptr, FromSite(ann));
  ASSERT_EQ(done.status, 200) << done.text;
  EXPECT_EQ(done.body["in_progress"].size(), 0u);
  ASSERT_EQ(done.body["finished"].size(), 1u);
  EXPECT_EQ(done.body["finished"][0]["id"], id);
  EXPECT_EQ(server_.Call(V::get, "/api/me/games").body["code"], "not_signed_in");
  FullReply nobody = server_.Call(V::get, "/api/players/Nobody");
  EXPECT_EQ(nobody.status, 404);
  EXPECT_EQ(nobody.body["code"], "no_such_player");
  // A name no sign-up accepts is refused alike, and not echoed whatever its size.
  FullReply huge = server_.Call(V::get, "/api/players/" + std::string(5000, 'a'));
  EXPECT_EQ(huge.status, 404);
  EXPECT_EQ(huge.body["code"], "no_such_player");
  EXPECT_LT(huge.text.size(), 200u) << "the name is not quoted back";
}

TEST_P(RatedGamesHttpTest, TheLeaderboardRanksEstablishedRatingsOnly) {
  const std::string ann = SignUp("Ann");
  SignUp("Bob"), SignUp("Cid"), SignUp("Dan");
  // Ratings set straight in the store, each on a game of its own (the history's key).
  auto set = [&](const std::string& name, double rating, double deviation) {
    CreateRequest r;
    r.game = "jaipur";
    r.seats = {{"human", ""}, {"human", ""}};
    auto game = server_.games().Create(r);
    ASSERT_TRUE(game.ok()) << game.message();
    auto account = server_.accounts().store().AccountByKey(accounts::NameKey(name));
    ASSERT_TRUE(account.ok()) << account.message();
    auto applied = server_.ratings().ApplyGame(game->game_id, "jaipur", {account->id}, WallMsNow(),
                                               [&](const std::vector<ratings::StoredRating>& before) {
                                                 auto after = before;
                                                 after[0].rating = rating;
                                                 after[0].deviation = deviation;
                                                 after[0].games = 20;
                                                 return after;
                                               });
    ASSERT_TRUE(applied.ok() && *applied) << applied.message();
  };
  set("Ann", 1700, 60);
  set("Bob", 1600, 60);
  set("Cid", 1800, 60);
  set("Dan", 2000, 200);  // provisional: not ranked
  FullReply board = server_.Call(V::get, "/api/leaderboard/jaipur", nullptr, FromSite(ann));
  ASSERT_EQ(board.status, 200) << board.text;
  EXPECT_EQ(board.body["pool"], "jaipur");
  EXPECT_EQ(board.body["page"], 1);
  EXPECT_EQ(board.body["pages"], 1);
  EXPECT_EQ(board.body["per_page"], 50);
  const Json& entries = board.body["entries"];
  ASSERT_EQ(entries.size(), 3u) << board.text;
  EXPECT_EQ(entries[0]["name"], "Cid");
  EXPECT_EQ(entries[0]["rank"], 1);
  EXPECT_EQ(entries[1]["name"], "Ann");
  EXPECT_EQ(entries[2]["name"], "Bob");
  EXPECT_EQ(entries[2]["games"], 20);
  EXPECT_EQ(board.body["me"]["rank"], 2);
  EXPECT_EQ(board.body["me"]["rating"], 1700);
  EXPECT_EQ(server_.Call(V::get, "/api/leaderboard/jaipur").body["me"], nullptr) << "nobody signed in";
  FullReply unknown = server_.Call(V::get, "/api/leaderboard/chess");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body["code"], "no_such_pool");
  EXPECT_EQ(server_.Call(V::get, "/api/leaderboard/jaipur?page=0").status, 400);
  EXPECT_EQ(server_.Call(V::get, "/api/leaderboard/jaipur?page=2").status, 400);
  EXPECT_EQ(server_.Call(V::get, "/api/leaderboard/bots-jaipur").status, 200);
}

// Issue 37: a signed-in player opens their game from any browser, the session cookie
// standing for the seat token (with the site's Origin for a move).
TEST_P(RatedGamesHttpTest, TheSessionCookieStandsForTheSeatTokenOfTheAccountsSeat) {
  const std::string ann = SignUp("Ann"), bob = SignUp("Bob"), cid = SignUp("Cid");
  FullReply made = server_.Call(V::post, "/api/games", {{"game", "jaipur"}, {"seats", TwoSeats()}, {"rated", true}},
                                FromSite(ann));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["game_id"];
  ASSERT_EQ(server_.Call(V::post, "/api/games/" + id + "/join", {{"invite", made.body["invites"][0]["invite"]}},
                         FromSite(bob)).status, 200);
  FullReply as_ann = server_.Call(V::get, "/api/games/" + id, nullptr, {{"Cookie", "souk_session=" + ann}});
  ASSERT_EQ(as_ann.status, 200) << as_ann.text;
  EXPECT_EQ(as_ann.body["seat"], 0);
  FullReply as_cid = server_.Call(V::get, "/api/games/" + id, nullptr, {{"Cookie", "souk_session=" + cid}});
  ASSERT_EQ(as_cid.status, 200) << as_cid.text;
  EXPECT_EQ(as_cid.body["seat"], nullptr) << "an account with no seat watches";
  const int to_move = as_ann.body["to_move"];
  const std::string& mover = to_move == 0 ? ann : bob;
  FullReply view = server_.Call(V::get, "/api/games/" + id, nullptr, {{"Cookie", "souk_session=" + mover}});
  const std::string move = view.body["legal"][0];
  const std::string moves = "/api/games/" + id + "/moves";
  FullReply elsewhere = server_.Call(V::post, moves, {{"move", move}},
                                     {{"Origin", "https://evil.example"}, {"Cookie", "souk_session=" + mover}});
  EXPECT_EQ(elsewhere.status, 403) << elsewhere.text;
  EXPECT_EQ(elsewhere.body["code"], "bad_origin");
  FullReply stranger = server_.Call(V::post, moves, {{"move", move}}, FromSite(cid));
  EXPECT_EQ(stranger.status, 403) << stranger.text;
  EXPECT_EQ(stranger.body["code"], "forbidden");
  FullReply moved = server_.Call(V::post, moves, {{"move", move}}, FromSite(mover));
  ASSERT_EQ(moved.status, 200) << moved.text;
  EXPECT_EQ(moved.body["move_count"].get<int>(), view.body["move_count"].get<int>() + 1);
  EXPECT_EQ(moved.body["seat"], to_move);
}

// A guest who signs up in the browser they played in keeps those games: the seats of
// the tokens the browser holds become the account's, under its name, and show in
// "my games" from any browser; a token of someone else's seat gives nothing.
TEST_P(RatedGamesHttpTest, AGuestWhoSignsUpKeepsTheGamesSeatedIn) {
  FullReply against_bot = server_.Call(V::post, "/api/games",
                                       {{"game", "jaipur"}, {"seats", Json::array({{{"player", "human"}, {"name", "Zed"}},
                                                                                   {{"player", "easy"}}})}});
  ASSERT_EQ(against_bot.status, 201) << against_bot.text;
  FullReply with_friend = server_.Call(V::post, "/api/games", {{"game", "marrakech"}, {"seats", TwoSeats()}});
  ASSERT_EQ(with_friend.status, 201) << with_friend.text;
  const std::string friends_game = with_friend.body["game_id"];
  FullReply friend_joined = server_.Call(V::post, "/api/games/" + friends_game + "/join",
                                         {{"invite", with_friend.body["invites"][0]["invite"]}, {"name", "Pal"}});
  ASSERT_EQ(friend_joined.status, 200) << friend_joined.text;
  const std::string mine = against_bot.body["token"], also_mine = with_friend.body["token"];
  const std::string friends = friend_joined.body["token"];

  const std::string zed = SignUp("Zed_1");
  const Json tokens = {{"tokens", Json::array({mine, also_mine, "not-a-token", ""})}};
  FullReply guest = server_.Call(V::post, "/api/me/seats", tokens);
  EXPECT_EQ(guest.status, 401) << guest.text;
  FullReply elsewhere = server_.Call(V::post, "/api/me/seats", tokens,
                                     {{"Origin", "https://evil.example"}, {"Cookie", "souk_session=" + zed}});
  EXPECT_EQ(elsewhere.status, 403) << elsewhere.text;
  FullReply bad = server_.Call(V::post, "/api/me/seats", {{"tokens", "abc"}}, FromSite(zed));
  EXPECT_EQ(bad.status, 400) << bad.text;

  FullReply kept = server_.Call(V::post, "/api/me/seats", tokens, FromSite(zed));
  ASSERT_EQ(kept.status, 200) << kept.text;
  EXPECT_EQ(kept.body["attached"].size(), 2u) << kept.text;
  FullReply again = server_.Call(V::post, "/api/me/seats", tokens, FromSite(zed));
  ASSERT_EQ(again.status, 200) << again.text;
  EXPECT_EQ(again.body["attached"].size(), 0u) << "already the account's";

  FullReply state = server_.Call(V::get, "/api/games/" + friends_game);
  ASSERT_EQ(state.status, 200) << state.text;
  EXPECT_EQ(state.body["seats"][0]["account"], "Zed_1");
  EXPECT_EQ(state.body["seats"][0]["name"], "Zed_1") << "display names come from the account";
  EXPECT_TRUE(state.body["seats"][1]["account"].is_null()) << "the friend stays a guest";
  FullReply listed = server_.Call(V::get, "/api/me/games", nullptr, {{"Cookie", "souk_session=" + zed}});
  ASSERT_EQ(listed.status, 200) << listed.text;
  EXPECT_EQ(listed.body["in_progress"].size(), 2u) << listed.text;
  // The seat token still plays: the guest's browser goes on as before.
  FullReply by_token = server_.Call(V::get, "/api/games/" + friends_game, nullptr, {{"Authorization", "Bearer " + also_mine}});
  ASSERT_EQ(by_token.status, 200) << by_token.text;
  EXPECT_EQ(by_token.body["seat"], 0);

  // Someone else's token gives a seat to no one else once it has an account.
  const std::string eve = SignUp("Eve");
  FullReply stolen = server_.Call(V::post, "/api/me/seats", {{"tokens", Json::array({mine, friends})}}, FromSite(eve));
  ASSERT_EQ(stolen.status, 200) << stolen.text;
  ASSERT_EQ(stolen.body["attached"].size(), 1u) << "only the friend's guest seat, whose token Eve was given";
  EXPECT_EQ(stolen.body["attached"][0]["game_id"], friends_game);
  EXPECT_EQ(stolen.body["attached"][0]["seat"], 1);
}

// From another browser (no seat token), the session cookie takes the account's seat
// over the WebSocket too, so a game in "my games" is played there, not only watched;
// from another site's page, or for an account with no seat, the hello watches.
TEST_P(RatedGamesHttpTest, TheSessionCookieTakesTheAccountsSeatOverTheWebSocket) {
  const std::string ann = SignUp("Ann"), bob = SignUp("Bob"), cid = SignUp("Cid");
  FullReply made = server_.Call(V::post, "/api/games", {{"game", "jaipur"}, {"seats", TwoSeats()}}, FromSite(ann));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["game_id"];
  ASSERT_EQ(server_.Call(V::post, "/api/games/" + id + "/join", {{"invite", made.body["invites"][0]["invite"]}},
                         FromSite(bob)).status, 200);
  auto hello = [&](const testing::Headers& headers) {
    WsClient ws(server_.port(), id, headers);
    ws.Send(R"({"type":"hello"})");
    return ws.ReceiveUntil([](const Json& m) { return m.value("type", "") == "state"; });
  };
  const Json as_bob = hello(FromSite(bob));
  EXPECT_EQ(as_bob["seat"], 1) << as_bob.dump();
  EXPECT_TRUE(as_bob["view"]["players"][1].contains("hand")) << "Bob sees his own hand";
  EXPECT_FALSE(as_bob["view"]["players"][0].contains("hand"));
  EXPECT_EQ(hello(FromSite(cid))["seat"], nullptr) << "an account with no seat watches";
  EXPECT_EQ(hello({{"Origin", "https://evil.example"}, {"Cookie", "souk_session=" + bob}})["seat"], nullptr)
      << "another site's page gets no seat from the cookie";
  EXPECT_EQ(hello({{"Origin", "http://localhost"}, {"Cookie", "souk_session=" + std::string(64, 'a')}})["seat"], nullptr)
      << "a session that is no one's watches";

  // And it plays: the move is the account's seat's.
  const int to_move = as_bob["to_move"];
  WsClient ws(server_.port(), id, FromSite(to_move == 0 ? ann : bob));
  ws.Send(R"({"type":"hello"})");
  const Json state = ws.ReceiveUntil([](const Json& m) { return m.value("type", "") == "state"; });
  ASSERT_EQ(state["seat"], to_move);
  ws.Send(DumpJson({{"type", "move"}, {"move", state["legal"][0]}}, false));
  const Json after = ws.ReceiveUntil([&](const Json& m) {
    return m.value("type", "") == "state" && m.value("move_count", 0) > state["move_count"].get<int>();
  });
  EXPECT_EQ(after["event"]["seat"], to_move) << after.dump();
}

INSTANTIATE_TEST_SUITE_P(Stores, RatedGamesHttpTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::BackendName);

// Issue 38: "my games" in play, the games where it is your turn first, by time left.
TEST(MyGames, YourTurnFirstTheLeastTimeLeftFirstThenTheOthersInTheirOrder) {
  Json list = Json::array({{{"id", "theirs"}, {"your_turn", false}, {"time_left_ms", 1}},
                           {{"id", "no clock"}, {"your_turn", true}, {"time_left_ms", nullptr}},
                           {{"id", "a day"}, {"your_turn", true}, {"time_left_ms", 86'400'000}},
                           {{"id", "theirs too"}, {"your_turn", false}, {"time_left_ms", nullptr}},
                           {{"id", "a minute"}, {"your_turn", true}, {"time_left_ms", 60'000}}});
  SortYourTurnFirst(list);
  std::vector<std::string> order;
  for (const Json& g : list) order.push_back(g["id"]);
  EXPECT_EQ(order, (std::vector<std::string>{"a minute", "a day", "no clock", "theirs", "theirs too"}));
}

}  // namespace
}  // namespace souk::server
