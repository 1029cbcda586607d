// The lobby over HTTP and its WebSocket (docs/protocol.md, "Tables and quick play"): a
// real server with a lobby on a fresh SQLite database; hostile input refused with its
// code, a client opening tables without end held to the documented limits.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <memory>

#include "server/http_server.h"
#include "server/lobby/lobby.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

using V = http::verb;

class LobbyHttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "lobby_http_" + std::to_string(getpid()) + ".db";
    store_ = std::move(*OpenSqliteStore(path_));
    games_ = std::make_unique<GameService>(*store_, 1);
    lobby_store_ = std::move(*lobby::OpenLobbyStore(path_));
    lobby::LobbyOptions lobby_options;
    lobby_options.watch_every_ms = 100;
    lobby_ = std::make_unique<lobby::Lobby>(*lobby_store_, *games_, nullptr, lobby_options);
    ASSERT_NO_FATAL_FAILURE(Serve(RateLimits()));
  }
  // Serves (again) with these rate limits.
  void Serve(RateLimits rates) {
    server_.reset();
    ServerOptions options;
    options.port = 0;
    options.lobby = lobby_.get();
    options.rates = rates;
    server_ = std::make_unique<HttpServer>(*games_, options);
    ASSERT_TRUE(server_->Start().ok());
  }
  void TearDown() override {
    games_->StopBots();
    server_.reset();
    lobby_.reset();
    games_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  Reply Call(V verb, const std::string& target, const std::string& body = "", const std::string& token = "") {
    return CallServer(server_->port(), verb, target, body, token);
  }

  std::string path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<lobby::LobbyStore> lobby_store_;
  std::unique_ptr<lobby::Lobby> lobby_;
  std::unique_ptr<HttpServer> server_;
};

TEST_F(LobbyHttpTest, ATableIsOpenedListedSatAtAndItsGamePlayedWithTheTokensGiven) {
  Reply opened = Call(V::post, "/api/tables", R"({"game":"jaipur","name":"Ann","clock":{"base_s":180,"increment_s":2}})");
  ASSERT_EQ(opened.status, 201) << opened.body;
  const std::string id = opened.body["table"]["id"];
  Reply listed = Call(V::get, "/api/tables");
  ASSERT_EQ(listed.status, 200);
  ASSERT_EQ(listed.body["tables"].size(), 1u);
  EXPECT_EQ(listed.body["tables"][0]["seats"][0]["name"], "Ann");
  Reply sat = Call(V::post, "/api/tables/" + id + "/sit", R"({"name":"Bob"})");
  ASSERT_EQ(sat.status, 200) << sat.body;
  EXPECT_EQ(sat.body["table"]["state"], "started");
  const std::string game_id = sat.body["table"]["game_id"];
  Reply mine = Call(V::get, "/api/tables/" + id, "", opened.body["token"]);
  EXPECT_EQ(mine.body["table"]["seat"], 0);
  Reply state = Call(V::get, "/api/games/" + game_id, "", opened.body["token"]);
  ASSERT_EQ(state.status, 200) << state.body;
  EXPECT_EQ(state.body["seat"], 0);
  EXPECT_EQ(state.body["clocks"], Json({180'000, 180'000}));
  Reply again = Call(V::post, "/api/tables/" + id + "/sit", R"({"name":"Cy"})");
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["code"], "table_closed");
}

TEST_F(LobbyHttpTest, BadTablesAndRequestsAreRefusedNamingTheKey) {
  ASSERT_NO_FATAL_FAILURE(Serve(RateLimits::Off()));  // more tries than --rate-create's burst
  for (const char* route : {"/api/tables", "/api/play-now"}) {
    for (const char* clock : {R"({"base_s":0})", R"({"base_s":-5,"increment_s":1})", R"({"base_s":1e12})",
                              R"({"days_per_move":7})", R"("5+3")"}) {
      Reply r = Call(V::post, route, std::string(R"({"game":"jaipur","name":"Ann","clock":)") + clock + "}");
      EXPECT_EQ(r.status, 400) << route << " " << clock;
      EXPECT_EQ(r.body["code"], "bad_clock") << route << " " << clock << ": " << r.body;
    }
    Reply no_game = Call(V::post, route, R"({"name":"Ann"})");
    EXPECT_EQ(no_game.status, 400);
    EXPECT_EQ(no_game.body["error"], "game: required");
    Reply chess = Call(V::post, route, R"({"game":"chess","name":"Ann"})");
    EXPECT_EQ(chess.status, 400) << chess.body;
    Reply rated = Call(V::post, route, R"({"game":"jaipur","name":"Ann","rated":true})");
    EXPECT_EQ(rated.body["code"], "not_signed_in") << rated.body;
    Reply garbage = Call(V::post, route, "{not json");
    EXPECT_EQ(garbage.status, 400);
  }
  for (const char* range : {R"([1600,1400])", R"([0,9000])", R"("1500")", R"([1500])", R"([1.5,2])"}) {
    Reply r = Call(V::post, "/api/tables", std::string(R"({"game":"jaipur","name":"Ann","rating_range":)") + range + "}");
    EXPECT_EQ(r.status, 400) << range;
    EXPECT_EQ(r.body["error"].get<std::string>().rfind("rating_range", 0), 0u) << r.body;
  }
  EXPECT_EQ(Call(V::post, "/api/tables/nosuchtable/sit", R"({"name":"Bob"})").status, 404);
  EXPECT_EQ(Call(V::get, "/api/play-now/nosuchseek").status, 404);
  EXPECT_EQ(Call(V::delete_, "/api/tables/" + std::string(5000, 'x')).status, 404) << "an id over 32 bytes";
}

// Issue 38's hostile input: 10,000 tables from one client.
TEST_F(LobbyHttpTest, TenThousandTablesFromOneClientOpenTenThenAreRefused) {
  std::map<std::string, int> codes;
  int created = 0;
  for (int i = 0; i < 10'000; ++i) {
    Reply r = Call(V::post, "/api/tables", R"({"game":"jaipur","name":"Ann"})");
    if (r.status == 201) ++created;
    else ++codes[r.body["code"].get<std::string>()];
  }
  EXPECT_EQ(created, 10) << "tables_per_client";
  EXPECT_GT(codes["limit_reached"], 0);
  EXPECT_GT(codes["rate_limited"], 0) << "and the rate of --rate-create";
  EXPECT_EQ(codes.size(), 2u);
  EXPECT_EQ(Call(V::get, "/api/tables").body["tables"].size(), 10u);
}

TEST_F(LobbyHttpTest, TheTableListsWebSocketHearsEveryChange) {
  WsClient ws(server_->port(), "/api/tables/ws");
  Json first = ws.Receive();
  EXPECT_EQ(first["type"], "tables");
  EXPECT_TRUE(first["tables"].empty());
  Reply opened = Call(V::post, "/api/tables", R"({"game":"marrakech","players":3,"name":"Ann"})");
  ASSERT_EQ(opened.status, 201) << opened.body;
  Json one = ws.ReceiveUntil([](const Json& m) { return m["tables"].size() == 1; });
  EXPECT_EQ(one["tables"][0]["open_seats"], 2);
  ASSERT_EQ(Call(V::post, "/api/tables/" + opened.body["table"]["id"].get<std::string>() + "/sit", R"({"name":"Bob"})").status,
            200);
  Json two = ws.ReceiveUntil([](const Json& m) { return !m["tables"].empty() && m["tables"][0]["open_seats"] == 1; });
  EXPECT_EQ(two["tables"][0]["seats"][1]["name"], "Bob");
  ASSERT_EQ(Call(V::delete_, "/api/tables/" + opened.body["table"]["id"].get<std::string>(), "", opened.body["token"]).status,
            200);
  ws.ReceiveUntil([](const Json& m) { return m["tables"].empty(); });
  ws.Send(R"({"type":"move","move":"take camels"})");
  Json refused = ws.Receive();
  EXPECT_EQ(refused["type"], "error");
}

TEST_F(LobbyHttpTest, PlayNowPairsTwoClientsAndARematchWaitsForTheGamesEnd) {
  Reply ann = Call(V::post, "/api/play-now", R"({"game":"jaipur","name":"Ann"})");
  ASSERT_EQ(ann.status, 201) << ann.body;
  EXPECT_EQ(ann.body["seek"]["state"], "waiting");
  Reply bob = Call(V::post, "/api/play-now", R"({"game":"jaipur","name":"Bob"})");
  ASSERT_EQ(bob.body["seek"]["state"], "paired") << bob.body;
  Reply heard = Call(V::get, "/api/play-now/" + ann.body["seek"]["id"].get<std::string>(), "", ann.body["token"]);
  ASSERT_EQ(heard.body["seek"]["state"], "paired") << heard.body;
  const std::string game_id = heard.body["seek"]["game_id"];
  Reply none = Call(V::get, "/api/games/" + game_id + "/rematch");
  EXPECT_EQ(none.status, 200) << "the game's end asks without a 404";
  EXPECT_TRUE(none.body["table"].is_null());
  Reply early = Call(V::post, "/api/games/" + game_id + "/rematch", "{}", ann.body["token"]);
  EXPECT_EQ(early.status, 409);
  EXPECT_EQ(early.body["code"], "game_not_over");
  EXPECT_EQ(Call(V::post, "/api/games/" + game_id + "/rematch", "{}").status, 401) << "a seat's token is needed";
}

}  // namespace
}  // namespace souk::server
