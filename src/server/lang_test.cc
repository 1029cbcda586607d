// The client's language: the engine's refusals in French over HTTP (Accept-Language)
// and WebSocket (the hello's "lang"), in English without, against a real server.
#include "server/http_server.h"
#include "server/lang.h"
#include "server/test_server.h"
#include "testing/test_client.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>

namespace souk::server {
namespace {

TEST(ClientLang, AcceptLanguageFindsTheClientsPreferenceOfFrenchAndEnglish) {
  EXPECT_EQ(LangOfAcceptLanguage(""), Lang::kEn);
  EXPECT_EQ(LangOfAcceptLanguage("fr"), Lang::kFr);
  EXPECT_EQ(LangOfAcceptLanguage("FR-ca"), Lang::kFr);
  EXPECT_EQ(LangOfAcceptLanguage("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"), Lang::kFr);
  EXPECT_EQ(LangOfAcceptLanguage("en-GB,en;q=0.9,fr;q=0.8"), Lang::kEn);
  EXPECT_EQ(LangOfAcceptLanguage("de-DE, de;q=0.9, fr;q=0.5"), Lang::kFr) << "the first of fr and en found";
  EXPECT_EQ(LangOfAcceptLanguage("de, es"), Lang::kEn) << "neither: English";
  EXPECT_EQ(LangOfAcceptLanguage("*"), Lang::kEn);
  EXPECT_EQ(LangOfAcceptLanguage("en;q=0.2, fr;q=0.8"), Lang::kFr) << "q weighs";
  EXPECT_EQ(LangOfAcceptLanguage("fr;q=0, en"), Lang::kEn) << "q=0: not acceptable";
  EXPECT_EQ(LangOfAcceptLanguage("fr;q=0.5, en;q=0.5"), Lang::kFr) << "a tie: the first listed";
  EXPECT_EQ(LangOfAcceptLanguage("fr;q=2, en"), Lang::kEn) << "a malformed q: the entry is ignored";
  EXPECT_EQ(LangOfAcceptLanguage(",,;, fr ;q=1.000"), Lang::kFr);
  EXPECT_EQ(LangOfAcceptLanguage("french, fra"), Lang::kEn);
}

TEST(ClientLang, HelloMayNameItsLanguage) {
  EXPECT_EQ(*LangOfHello(Json{{"type", "hello"}}), Lang::kEn);
  EXPECT_EQ(*LangOfHello(Json{{"type", "hello"}, {"lang", "fr"}}), Lang::kFr);
  EXPECT_EQ(*LangOfHello(Json{{"type", "hello"}, {"lang", "en"}}), Lang::kEn);
  EXPECT_FALSE(LangOfHello(Json{{"type", "hello"}, {"lang", "de"}}).ok());
  EXPECT_FALSE(LangOfHello(Json{{"type", "hello"}, {"lang", 1}}).ok());
}

class LangServerTest : public ::testing::Test {
 protected:

  // A POST with a seat token and, unless empty, an Accept-Language header.
  Reply Post(const std::string& target, const Json& body, const std::string& token, const std::string& accept_language) {
    std::vector<std::pair<std::string, std::string>> headers;
    if (!token.empty()) headers.emplace_back("Authorization", "Bearer " + token);
    if (!accept_language.empty()) headers.emplace_back("Accept-Language", accept_language);
    FullReply answer = CallServerWith(server_.port(), http::verb::post, target, body.dump(), headers);
    EXPECT_TRUE(ParseJson(answer.text).ok()) << answer.text;
    return Reply{answer.status, answer.body};
  }

  // A Jaipur game against a bot, with seat 0 (the token) to move.
  std::pair<std::string, std::string> JaipurGame() {
    Reply created = CallServer(server_.port(), http::verb::post, "/api/games",
                               R"({"game":"jaipur","seats":[{"player":"human"},{"player":"easy"}]})");
    EXPECT_EQ(created.status, 201) << created.body;
    server_.games().WaitForBots();
    return {created.body["game_id"], created.body["token"]};
  }

  testing::TestServer server_{ServerOptions()};
};

bool StartsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

TEST_F(LangServerTest, PreviewAndMoveRefusalsComeInTheAcceptedLanguage) {
  auto [id, token] = JaipurGame();
  const std::string preview = "/api/games/" + id + "/preview", moves = "/api/games/" + id + "/moves";
  const Json sell{{"move", "sell 9 diamond"}}, dance{{"move", "dance"}};

  Reply fr = Post(preview, sell, token, "fr-FR,fr;q=0.9,en;q=0.8");
  ASSERT_EQ(fr.status, 200) << fr.body;
  EXPECT_FALSE(fr.body["legal"].get<bool>());
  const std::string french = fr.body["error"];
  EXPECT_TRUE(StartsWith(french, "coup illégal 'sell 9 diamond'\u00a0: vous avez ")) << french;
  EXPECT_NE(french.find(" diamant"), std::string::npos) << french;

  Reply en = Post(preview, sell, token, "");
  EXPECT_TRUE(StartsWith(en.body["error"], "illegal move 'sell 9 diamond': you hold ")) << en.body;
  EXPECT_TRUE(StartsWith(Post(preview, sell, token, "de, en;q=0.5").body["error"], "illegal move ")) << "English";

  EXPECT_EQ(Post(preview, dance, token, "fr").body["error"],
            "coup invalide 'dance'\u00a0: action inconnue 'dance' (coups\u00a0: take G, camels, exchange ... for ..., sell N G)");

  Reply refused = Post(moves, sell, token, "fr");
  EXPECT_EQ(refused.status, 409);
  EXPECT_EQ(refused.body["error"], french) << "a move is refused as its preview is";
  EXPECT_EQ(refused.body["code"], "illegal_move") << "in every language";
  Reply refused_en = Post(moves, sell, token, "");
  EXPECT_EQ(refused_en.status, 409);
  EXPECT_EQ(refused_en.body["error"], en.body["error"]);

  // The server's own messages are not the engine's: unchanged.
  Reply no_token = Post(moves, sell, "", "fr");
  EXPECT_EQ(no_token.status, 401);
  EXPECT_EQ(no_token.body["error"], "authorization: a seat token is needed to move");
}

TEST_F(LangServerTest, WebSocketMoveErrorsComeInTheHellosLanguage) {
  auto [id, token] = JaipurGame();
  auto is_error = [](const Json& m) { return m["type"] == "error"; };

  WsClient french(server_.port(), id);
  french.Send(Json{{"type", "hello"}, {"token", token}, {"lang", "fr"}}.dump());
  ASSERT_EQ(french.Receive()["type"], "history");
  ASSERT_EQ(french.Receive()["type"], "state");
  french.Send(Json{{"type", "move"}, {"move", "exchange gold for cloth"}}.dump());
  EXPECT_EQ(french.ReceiveUntil(is_error)["error"],
            "coup illégal 'exchange gold for cloth'\u00a0: un échange porte au moins sur 2 cartes contre 2");
  french.Send(Json{{"type", "move"}, {"move", "place c3 d3"}}.dump());
  Json unparsed = french.ReceiveUntil(is_error);
  EXPECT_EQ(unparsed["error"],
            "coup invalide 'place c3 d3'\u00a0: action inconnue 'place' (coups\u00a0: take G, camels, exchange ... for ..., sell N G)");
  EXPECT_EQ(unparsed["code"], "bad_move");

  WsClient english(server_.port(), id);
  english.Send(Json{{"type", "hello"}, {"token", token}}.dump());
  ASSERT_EQ(english.Receive()["type"], "history");
  ASSERT_EQ(english.Receive()["type"], "state");
  english.Send(Json{{"type", "move"}, {"move", "exchange gold for cloth"}}.dump());
  EXPECT_EQ(english.ReceiveUntil(is_error)["error"], "illegal move 'exchange gold for cloth': an exchange is at least 2 cards for 2");

  WsClient german(server_.port(), id);
  german.Send(Json{{"type", "hello"}, {"token", token}, {"lang", "de"}}.dump());
  EXPECT_EQ(german.Receive()["error"], "hello: lang: expected \"en\" or \"fr\"");
  german.Send(Json{{"type", "move"}, {"move", "camels"}}.dump());
  EXPECT_EQ(german.Receive()["error"], "move: say hello with your seat token first") << "that hello was refused";
}

}  // namespace
}  // namespace souk::server
