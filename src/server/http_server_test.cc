// The API and the WebSocket protocol against a real server on loopback.
#include "server/http_server.h"

#include "server/blocks/blocklist.h"
#include "testing/raw_client.h"
#include "testing/test_client.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>

namespace souk::server {
namespace {


class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "http_test_" + std::to_string(getpid()) + ".db";
    store_ = std::move(*OpenSqliteStore(path_));
    games_ = std::make_unique<GameService>(*store_, 1);
    server_ = std::make_unique<HttpServer>(*games_, Options());
    ASSERT_TRUE(server_->Start().ok());
  }
  void TearDown() override {
    games_->StopBots();
    server_.reset();
    games_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }

  // The server's options: the defaults, unless a fixture says otherwise.
  virtual ServerOptions Options() {
    ServerOptions options;
    options.port = 0;
    return options;
  }

  Reply Call(http::verb verb, const std::string& target, const std::string& body = "", const std::string& token = "") {
    return CallServer(server_->port(), verb, target, body, token);
  }

  Json Create(const std::string& body) {
    Reply r = Call(http::verb::post, "/api/games", body);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.body;
  }

  std::string path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<HttpServer> server_;
};

// Tests that play whole games at machine speed, far faster than any person: with
// TCP_NODELAY a move and its answer take well under a millisecond.
class MachineSpeedTest : public ServerTest {
 protected:
  ServerOptions Options() override {
    ServerOptions options = ServerTest::Options();
    options.rates = RateLimits::Off();
    return options;
  }
};

TEST_F(MachineSpeedTest, AWholeJaipurGameOverWebSocketAgainstABot) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human","name":"Ann"},{"player":"easy"}]})");
  const std::string id = created["game_id"], token = created["token"];
  WsClient client(server_->port(), id);
  WsClient spectator(server_->port(), id);
  client.Send(Json{{"type", "hello"}, {"token", token}}.dump());
  spectator.Send(R"({"type":"hello"})");
  uint64_t lcg = 7;
  for (int turn = 0; turn < 2000; ++turn) {
    Json state = client.ReceiveUntil([](const Json& m) { return m["type"] == "state" && (m["over"] == true || m["to_move"] == 0); });
    ASSERT_EQ(state["type"], "state");
    if (state["over"].get<bool>()) break;
    ASSERT_FALSE(state["view"]["players"][1].contains("hand")) << "the bot's hand stays hidden";
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    const Json& legal = state["legal"];
    client.Send(Json{{"type", "move"}, {"move", legal[(lcg >> 33) % legal.size()]}}.dump());
  }
  Json last = spectator.ReceiveUntil([](const Json& m) { return m["type"] == "state" && m["over"] == true; });
  EXPECT_TRUE(last["over"].get<bool>());
  EXPECT_TRUE(last["legal"].empty());
  for (int p = 0; p < 2; ++p) EXPECT_FALSE(last["view"]["players"][p].contains("hand"));
  Reply record = Call(http::verb::get, "/api/games/" + id + "/record");
  EXPECT_EQ(record.status, 200);
  EXPECT_EQ(record.body["moves"].size(), last["move_count"].get<size_t>());
}

TEST_F(MachineSpeedTest, AWholeMarrakechGameAgainstABotSurvivesAReconnect) {
  Json created = Create(R"({"game":"marrakech","players":2,"seats":[{"player":"human"},{"player":"easy"}]})");
  const std::string id = created["game_id"], token = created["token"];
  auto my_turn = [](const Json& m) { return m.is_object() && m["type"] == "state" && (m["over"] == true || m["to_move"] == 0); };
  // Plays `moves` moves from `state` on; returns the last state seen.
  auto play = [&](WsClient& client, int moves, Json state) {
    Json seen = state;
    for (int i = 0; i < moves; ++i) {
      if (!my_turn(state)) state = client.ReceiveUntil(my_turn);
      seen = state;
      for (const Json& player : state["view"]["players"]) EXPECT_FALSE(player.contains("pile")) << "pile order is hidden";
      if (state["over"].get<bool>()) return state;
      client.Send(Json{{"type", "move"}, {"move", state["legal"][0]}}.dump());
      state = Json();
    }
    return seen;
  };
  int64_t count_before = 0;
  {
    WsClient first(server_->port(), id);
    first.Send(Json{{"type", "hello"}, {"token", token}}.dump());
    count_before = play(first, 10, Json())["move_count"].get<int64_t>();
  }  // the browser closes
  WsClient second(server_->port(), id);
  second.Send(Json{{"type", "hello"}, {"token", token}}.dump());
  Json resumed = second.Receive();
  EXPECT_GE(resumed["move_count"].get<int64_t>(), count_before) << "nothing was lost while away";
  EXPECT_EQ(resumed["seat"], 0);
  second.Send(Json{{"type", "hello"}, {"token", token}}.dump());
  // The bot may move before the error comes back: play on from the latest state seen.
  Json latest = resumed;
  auto keep_state = [&latest](const Json& m) {
    if (m["type"] == "state") latest = m;
  };
  EXPECT_EQ(second.ReceiveUntil([](const Json& m) { return m["type"] == "error"; }, keep_state)["error"], "hello: already said");
  Json last = play(second, 1000, latest);
  EXPECT_TRUE(last["over"].get<bool>());
  EXPECT_FALSE(last["winners"].empty());
}

TEST_F(ServerTest, ABotThinkingHoldsUpNoOtherGame) {
  // Game A: a bot that thinks for two seconds a move, and moves first or after us.
  Json a = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"mcts:time=2000"}]})");
  const std::string a_id = a["game_id"], a_token = a["token"];
  Json a_state = Call(http::verb::get, "/api/games/" + a_id, "", a_token).body;
  if (a_state["to_move"] == 0)
    a_state = Call(http::verb::post, "/api/games/" + a_id + "/moves", Json{{"move", a_state["legal"][0]}}.dump(), a_token).body;
  ASSERT_EQ(a_state["to_move"], 1) << "the bot is thinking";
  const int64_t a_count = a_state["move_count"].get<int64_t>();
  // Game B goes on meanwhile, over HTTP and over WebSocket.
  Json b = Create(R"({"game":"marrakech","players":2,"seats":[{"player":"human"},{"player":"human"}]})");
  const std::string b_id = b["game_id"];
  const std::string b_tokens[2] = {b["token"], Call(http::verb::post, "/api/games/" + b_id + "/join",
                                                    Json{{"invite", b["invites"][0]["invite"]}}.dump()).body["token"]};
  for (int i = 0; i < 6; ++i) {
    Json state = Call(http::verb::get, "/api/games/" + b_id, "", b_tokens[0]).body;
    const int seat = state["to_move"].get<int>();
    Json mine = Call(http::verb::get, "/api/games/" + b_id, "", b_tokens[seat]).body;
    EXPECT_EQ(Call(http::verb::post, "/api/games/" + b_id + "/moves", Json{{"move", mine["legal"][0]}}.dump(), b_tokens[seat]).status, 200);
  }
  EXPECT_EQ(Call(http::verb::get, "/api/games/" + a_id, "", a_token).body["move_count"].get<int64_t>(), a_count)
      << "game B played six moves while game A's bot was still thinking";
}

// A graceful stop (SIGTERM): every WebSocket is asked to reconnect with 1012, "service
// restart", after the messages queued before it; no new connection is accepted.
TEST_F(ServerTest, DrainClosesWebSocketsWithServiceRestartAndStopsAccepting) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  WsClient ws(server_->port(), created["game_id"]);
  ws.Send(Json{{"type", "hello"}, {"token", created["token"]}}.dump());
  ws.ReceiveUntil([](const Json& m) { return m["type"] == "state"; });
  // The client reads only after: the close handshake cannot end within the drain.
  server_->Drain(std::chrono::milliseconds(200));
  EXPECT_EQ(ws.CloseCodeFromServer(), 1012);
  EXPECT_THROW(CallServer(server_->port(), http::verb::get, "/api/health", "", ""), std::exception)
      << "no new connection once draining";
}

// Issue 40: a client the operator blocks (`souk admin block`, read into the server's
// Blocklist) is refused 403 "forbidden" on every route and upgrade, and a WebSocket it
// opened before is closed (1008, policy) at its next message; unblocked, it comes back.
class BlockedClientTest : public ServerTest {
 protected:
  ServerOptions Options() override {
    ServerOptions options = ServerTest::Options();
    options.blocklist = &blocklist_;
    return options;
  }
  blocks::Blocklist blocklist_;
};

TEST_F(BlockedClientTest, ABlockedClientIsRefusedEverywhereAndItsWebSocketClosed) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  WsClient before(server_->port(), created["game_id"]);
  before.Send(Json{{"type", "hello"}, {"token", created["token"]}}.dump());
  before.ReceiveUntil([](const Json& m) { return m["type"] == "state"; });

  blocklist_.Set({{"192.0.2.0/24", "", 0}});
  EXPECT_EQ(Call(http::verb::get, "/api/health").status, 200) << "another network's block is not ours";
  blocklist_.Set({{"192.0.2.0/24", "", 0}, {"127.0.0.0/8", "spam", 0}});
  Reply refused = Call(http::verb::get, "/api/games/" + created["game_id"].get<std::string>(), "", created["token"]);
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.body["code"], "forbidden");
  EXPECT_EQ(refused.body["error"], "this address is blocked by the server's operator");
  EXPECT_EQ(Call(http::verb::post, "/api/games", R"({"game":"jaipur","seats":[{"player":"human"},{"player":"easy"}]})").status, 403);
  EXPECT_THROW(WsClient(server_->port(), created["game_id"]), std::exception) << "no new WebSocket";
  before.Send(Json{{"type", "hello"}, {"token", created["token"]}}.dump());
  EXPECT_EQ(before.CloseCodeFromServer(), 1008) << "the open one closed at its next message";

  blocklist_.Set({});
  EXPECT_EQ(Call(http::verb::get, "/api/health").status, 200);
  WsClient after(server_->port(), created["game_id"]);
  after.Send(Json{{"type", "hello"}, {"token", created["token"]}}.dump());
  EXPECT_EQ(after.ReceiveUntil([](const Json& m) { return m["type"] == "state"; })["type"], "state");
}

// Issue 40, found by the restart browser test: a proxy's kept-alive connection to an
// instance that is stopping must not carry a reconnecting page back to it. Once the
// drain has begun, a request on such a connection is answered with "Connection: close",
// and a WebSocket upgrade with 503 (nginx sends it on to another instance).
TEST_F(ServerTest, ADrainingServerClosesKeptAliveConnectionsAndRefusesUpgrades) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  using testing::RawConnection;
  // HTTP/1.1 keeps a connection alive unless the answer says "Connection: close".
  auto closes = [](const std::string& response) { return RawConnection::HeaderOf(response, "Connection") == "close"; };
  auto ask = [](RawConnection& connection, const std::string& request) {
    EXPECT_TRUE(connection.Send(request));
    return connection.ReadResponse(std::chrono::seconds(30));
  };
  RawConnection plain(server_->port()), upgrade(server_->port());
  ASSERT_TRUE(plain.connected() && upgrade.connected());
  const std::string health = testing::kHealthRequest;
  for (RawConnection* connection : {&plain, &upgrade}) {
    const std::string before = ask(*connection, health);
    ASSERT_EQ(RawConnection::StatusOf(before), 200);
    ASSERT_FALSE(closes(before)) << "kept alive before the drain";
  }

  server_->Drain(std::chrono::milliseconds(100));
  const std::string answered = ask(plain, health);
  EXPECT_EQ(RawConnection::StatusOf(answered), 200) << "a request still read is answered";
  EXPECT_TRUE(closes(answered)) << "with Connection: close: " << answered;
  const std::string refused = ask(upgrade, "GET /api/games/" + created["game_id"].get<std::string>() +
                                               "/ws HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\n"
                                               "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                                               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
  EXPECT_EQ(RawConnection::StatusOf(refused), 503);
  EXPECT_EQ(ParseJson(RawConnection::BodyOf(refused))->at("code"), "unavailable");
  EXPECT_TRUE(closes(refused));
}

TEST_F(ServerTest, AnInviteLetsAFriendJoinAndBothSeeTheirOwnView) {
  Json created = Create(R"({"game":"marrakech","players":2,"seats":[{"player":"human"},{"player":"human"}]})");
  const std::string id = created["game_id"];
  const std::string invite = created["invites"][0]["invite"];
  Reply joined = Call(http::verb::post, "/api/games/" + id + "/join", Json{{"invite", invite}, {"name", "Bob"}}.dump());
  ASSERT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(joined.body["seat"], 1);
  Reply again = Call(http::verb::post, "/api/games/" + id + "/join", Json{{"invite", invite}}.dump());
  EXPECT_EQ(again.status, 409);
  Reply lobby = Call(http::verb::post, "/api/lobby", Json{{"tokens", {created["token"], joined.body["token"]}}}.dump());
  ASSERT_EQ(lobby.status, 200);
  EXPECT_EQ(lobby.body["games"].size(), 2u);
  Reply view = Call(http::verb::get, "/api/games/" + id, "", joined.body["token"]);
  EXPECT_EQ(view.body["seat"], 1);
  EXPECT_EQ(view.body["seats"][1]["name"], "Bob");
}

TEST_F(ServerTest, TheInviteRouteTellsAMadeUpCodeFromAUsedOne) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human","name":"Ann"},{"player":"human"}]})");
  const std::string id = created["game_id"];
  const std::string invite = created["invites"][0]["invite"];
  Reply shown = Call(http::verb::post, "/api/games/" + id + "/invite", Json{{"invite", invite}}.dump());
  ASSERT_EQ(shown.status, 200) << shown.body;
  EXPECT_EQ(shown.body["seat"], 1);
  EXPECT_EQ(shown.body["invited_by"], 0);
  EXPECT_EQ(shown.body["seats"][0]["name"], "Ann");
  const std::string made_up(32, '0');
  Reply unknown = Call(http::verb::post, "/api/games/" + id + "/invite", Json{{"invite", made_up}}.dump());
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body["error"], "invite code: not an invite of game " + id + " (check the link)");
  EXPECT_EQ(Call(http::verb::post, "/api/games/" + id + "/join", Json{{"invite", made_up}}.dump()).status, 404);
  EXPECT_EQ(Call(http::verb::post, "/api/games/nosuchgame/invite", Json{{"invite", invite}}.dump()).status, 404);
  ASSERT_EQ(Call(http::verb::post, "/api/games/" + id + "/join", Json{{"invite", invite}}.dump()).status, 200);
  Reply used = Call(http::verb::post, "/api/games/" + id + "/invite", Json{{"invite", invite}}.dump());
  EXPECT_EQ(used.status, 409);
  EXPECT_EQ(used.body["error"], "invite code: already used: seat 1 of game " + id + " is taken");
}

TEST_F(ServerTest, AReplayFromASeatIsRefusedWhileTheGameIsPlayed) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"easy"}]})");
  const std::string id = created["game_id"];
  for (const char* query : {"", "?seat=0", "?seat=1"}) {
    Reply r = Call(http::verb::get, "/api/games/" + id + "/replay" + query, "", created["token"]);
    EXPECT_EQ(r.status, 409) << query;
    EXPECT_EQ(r.body.size(), 2u) << "the refusal holds nothing but its reason and code: " << r.body;
    EXPECT_EQ(r.body["code"], "game_not_over");
  }
  EXPECT_EQ(Call(http::verb::get, "/api/games/" + id + "/replay?seat=x").status, 400);
}

TEST_F(ServerTest, PreviewHintAndReplayRoutes) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"easy"}]})");
  const std::string id = created["game_id"], token = created["token"];
  games_->WaitForBots();
  Json state = Call(http::verb::get, "/api/games/" + id, "", token).body;
  ASSERT_EQ(state["to_move"], 0) << "the bot has played its turn";
  const std::string move = state["legal"][0];
  Reply preview = Call(http::verb::post, "/api/games/" + id + "/preview", Json{{"move", move}}.dump(), token);
  ASSERT_EQ(preview.status, 200) << preview.body;
  EXPECT_TRUE(preview.body["legal"].get<bool>());
  Reply refused = Call(http::verb::post, "/api/games/" + id + "/preview", R"({"move":"sell 1 gold"})", token);
  EXPECT_FALSE(refused.body["legal"].get<bool>());
  EXPECT_FALSE(refused.body["error"].get<std::string>().empty());
  EXPECT_EQ(Call(http::verb::post, "/api/games/" + id + "/preview", Json{{"move", move}}.dump()).status, 401);
  EXPECT_EQ(Call(http::verb::get, "/api/games/" + id + "/replay").status, 409) << "no replay before the end";

  WsClient ws(server_->port(), id);
  ws.Send(Json{{"type", "hint"}}.dump());
  EXPECT_EQ(ws.Receive()["type"], "error") << "a hint needs a seat";
  ws.Send(Json{{"type", "hello"}, {"token", token}}.dump());
  ws.Receive();
  ws.Send(Json{{"type", "hint"}}.dump());
  Json hint = ws.ReceiveUntil([](const Json& m) { return m["type"] != "state"; });
  ASSERT_EQ(hint["type"], "hint") << hint;
  EXPECT_FALSE(hint["moves"].empty());
}

TEST_F(ServerTest, HostileRequestsGetClearErrors) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  const std::string id = created["game_id"], token = created["token"];
  EXPECT_EQ(Call(http::verb::post, "/api/games", "{bad").status, 400);
  EXPECT_EQ(Call(http::verb::post, "/api/games", "[1,2]").body["error"], "body: expected a JSON object");
  EXPECT_EQ(Call(http::verb::post, "/api/games", R"({"game":"chess","seats":[{"player":"human"}]})").status, 400);
  EXPECT_EQ(Call(http::verb::post, "/api/games", std::string(20000, 'x')).status, 413);
  EXPECT_EQ(Call(http::verb::get, "/api/games/nope").status, 404);
  EXPECT_EQ(Call(http::verb::get, "/api/games/" + id, "", "wrong-token").status, 403);
  EXPECT_EQ(Call(http::verb::post, "/api/games/" + id + "/moves", R"({"move":"camels"})").status, 401);
  Json state = Call(http::verb::get, "/api/games/" + id, "", token).body;
  if (state["to_move"] != 0) {
    Reply out_of_turn = Call(http::verb::post, "/api/games/" + id + "/moves", R"({"move":"camels"})", token);
    EXPECT_EQ(out_of_turn.status, 409);
    EXPECT_EQ(out_of_turn.body["error"], "not your turn: seat 1 is to move");
  } else {
    EXPECT_EQ(Call(http::verb::post, "/api/games/" + id + "/moves", R"({"move":"fly"})", token).status, 409);
  }
  EXPECT_EQ(Call(http::verb::post, "/api/games/" + id + "/moves", R"({"move":7})", token).body["error"],
            "move: expected a string");
  EXPECT_EQ(Call(http::verb::get, "/api/games/" + id + "/record").status, 409) << "no record before the end";
  EXPECT_EQ(Call(http::verb::delete_, "/api/games").status, 404);
  EXPECT_EQ(Call(http::verb::get, "/").status, 404) << "no --web folder: no files";
  EXPECT_EQ(Call(http::verb::get, "/../../etc/passwd").status, 404);
  // And the server carries on.
  EXPECT_EQ(Call(http::verb::get, "/api/health").status, 200);
}

TEST_F(ServerTest, HostileWebSocketMessagesGetErrorsOrAClosedConnection) {
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  const std::string id = created["game_id"];
  {
    WsClient c(server_->port(), id);
    c.Send("not json");
    EXPECT_EQ(c.Receive()["type"], "error");
    c.Send(R"({"type":"move","move":"camels"})");
    EXPECT_EQ(c.Receive()["error"], "move: say hello with your seat token first");
    c.Send(R"({"type":"hello","token":"forged"})");
    EXPECT_EQ(c.Receive()["error"], "token: not a seat of game " + id);
    c.Send(R"({"type":"dance"})");
    EXPECT_EQ(c.Receive()["error"], "type: unknown message type 'dance'");
  }
  {
    WsClient c(server_->port(), id);
    c.Send(std::string(10000, '{'));
    EXPECT_TRUE(c.ClosedByServer()) << "an oversized message closes the connection";
  }
  {
    WsClient c(server_->port(), id);
    for (int i = 0; i < 200; ++i) c.Send(R"({"type":"dance"})");
    EXPECT_TRUE(c.ClosedByServer()) << "a flood closes the connection";
  }
  EXPECT_EQ(Call(http::verb::get, "/api/games/" + id).status, 200) << "the game carries on";
}

// Every error body carries its stable code beside its text (docs/protocol.md, "Error codes").
TEST_F(ServerTest, ErrorBodiesCarryTheirCode) {
  auto code = [](const Reply& r) { return r.body.value("code", std::string("(none)")); };
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  const std::string id = created["game_id"], token = created["token"];
  const std::string invite = created["invites"][0]["invite"];
  EXPECT_EQ(code(Call(http::verb::post, "/api/games", "{bad")), "invalid_argument");
  EXPECT_EQ(code(Call(http::verb::post, "/api/games", std::string(20000, 'x'))), "too_large");
  EXPECT_EQ(code(Call(http::verb::get, "/api/games/nope")), "not_found");
  EXPECT_EQ(code(Call(http::verb::delete_, "/api/games")), "not_found");
  EXPECT_EQ(code(Call(http::verb::get, "/api/games/" + id, "", "wrong-token")), "forbidden");
  EXPECT_EQ(code(Call(http::verb::post, "/api/games/" + id + "/moves", R"({"move":"camels"})")), "unauthenticated");
  EXPECT_EQ(code(Call(http::verb::get, "/api/games/" + id + "/record")), "game_not_over");
  Reply joined = Call(http::verb::post, "/api/games/" + id + "/join", Json{{"invite", invite}}.dump());
  ASSERT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(code(Call(http::verb::post, "/api/games/" + id + "/join", Json{{"invite", invite}}.dump())), "invite_used");
  const std::string tokens[2] = {token, joined.body["token"]};
  Json state = Call(http::verb::get, "/api/games/" + id, "", token).body;
  ASSERT_TRUE(state["to_move"].is_number_integer()) << state;
  const int mover = state["to_move"];
  const std::string& to_move = tokens[mover];
  const std::string& waiting = tokens[1 - mover];
  const std::string moves = "/api/games/" + id + "/moves";
  Reply unparsed = Call(http::verb::post, moves, R"({"move":"fly"})", to_move);
  EXPECT_EQ(unparsed.status, 409) << "refused as an illegal move is";
  EXPECT_EQ(code(unparsed), "bad_move");
  Reply illegal = Call(http::verb::post, moves, R"({"move":"sell 9 diamond"})", to_move);
  EXPECT_EQ(illegal.status, 409);
  EXPECT_EQ(code(illegal), "illegal_move");
  EXPECT_EQ(code(Call(http::verb::post, moves, R"({"move":"Camels"})", to_move)), "not_canonical");
  Reply preview = Call(http::verb::post, "/api/games/" + id + "/preview", R"({"move":"sell 9 diamond"})", to_move);
  ASSERT_EQ(preview.status, 200);
  EXPECT_EQ(preview.body["legal"], false);
  EXPECT_EQ(code(preview), "illegal_move") << "a refused preview says why as an error does";
  Reply out_of_turn = Call(http::verb::post, moves, R"({"move":"camels"})", waiting);
  EXPECT_EQ(out_of_turn.status, 409);
  EXPECT_EQ(code(out_of_turn), "not_your_turn");

  WsClient ws(server_->port(), id);
  ws.Send(Json{{"type", "hint"}}.dump());
  EXPECT_EQ(ws.Receive()["code"], "hint_refused");
  ws.Send(R"({"type":"move","move":"camels"})");
  EXPECT_EQ(ws.Receive()["code"], "failed_precondition") << "say hello first";
  ws.Send(R"({"type":"hello","token":"forged"})");
  EXPECT_EQ(ws.Receive()["code"], "forbidden");
  ws.Send(R"({"type":"dance"})");
  EXPECT_EQ(ws.Receive()["code"], "invalid_argument");
  ws.Send(Json{{"type", "hello"}, {"token", waiting}}.dump());
  ws.Receive();
  ws.Send(R"({"type":"move","move":"camels"})");
  Json error = ws.ReceiveUntil([](const Json& m) { return m["type"] == "error"; });
  EXPECT_EQ(error["code"], "not_your_turn") << error;
  ws.Send(Json{{"type", "hint"}}.dump());
  error = ws.ReceiveUntil([](const Json& m) { return m["type"] == "error"; });
  EXPECT_EQ(error["code"], "hint_refused") << "no hints in a game between people: " << error;
}

// Issue 17, defect 5: nlohmann-json reports a number beyond a double (1e400) as
// out_of_range, which went past the parse-error handler to a 500.
TEST_F(ServerTest, ANumberTooLargeForADoubleIsABadRequest) {
  Reply huge = Call(http::verb::post, "/api/games", R"({"game":"jaipur","players":1e400,"seats":[]})");
  EXPECT_EQ(huge.status, 400);
  EXPECT_NE(huge.body["error"].get<std::string>().find("invalid JSON"), std::string::npos) << huge.body;
  Json created = Create(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  WsClient c(server_->port(), created["game_id"]);
  c.Send(R"({"type":"hello","token":1e400})");
  Json error = c.Receive();
  EXPECT_EQ(error["type"], "error");
  EXPECT_NE(error["error"].get<std::string>().find("invalid JSON"), std::string::npos) << error;
}

// Issue 38: a time control of 0, negative, absurd or malformed is refused, coded
// bad_clock and naming the key, and makes no game; a good one is in every state.
TEST_F(ServerTest, ABadClockIsRefusedNamingItsKey) {
  const std::string seats = R"("seats":[{"player":"human"},{"player":"human"}])";
  for (const char* clock : {R"({"base_s":0})", R"({"base_s":-5,"increment_s":1})", R"({"base_s":1e12})",
                            R"({"base_s":300,"increment_s":3,"days_per_move":1})", R"({"days_per_move":7})",
                            R"({"base_s":2.5})", R"("5+3")", R"([300,3])", R"({"base_s":300,"hours":1})"}) {
    Reply r = Call(http::verb::post, "/api/games", std::string(R"({"game":"jaipur",)") + seats + R"(,"clock":)" + clock + "}");
    EXPECT_EQ(r.status, 400) << clock;
    EXPECT_EQ(r.body["code"], "bad_clock") << clock << ": " << r.body;
    EXPECT_EQ(r.body["error"].get<std::string>().rfind("clock", 0), 0u) << "names the key: " << r.body;
  }
  Json created = Create(std::string(R"({"game":"jaipur",)") + seats + R"(,"clock":{"base_s":300,"increment_s":3}})");
  Json state = Call(http::verb::get, "/api/games/" + created["game_id"].get<std::string>(), "", created["token"]).body;
  EXPECT_EQ(state["clock"], Json({{"base_s", 300}, {"increment_s", 3}}));
  EXPECT_EQ(state["clocks"], Json({300'000, 300'000}));
}

}  // namespace
}  // namespace souk::server
