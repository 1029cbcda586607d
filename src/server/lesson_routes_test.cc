// The lessons over HTTP (docs/protocol.md, "Lessons"): the book without the deals'
// secrets, a lesson replayed and judged, every mistake named, nothing stored.
#include <gtest/gtest.h>

#include "lessons/lessons.h"
#include "server/http_server.h"
#include "server/test_server.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

class LessonRoutesTest : public ::testing::Test {
 protected:
  FullReply Play(const std::string& game, const std::string& id, const Json& body, const std::string& lang = "en") {
    return CallServerWith(server_.port(), http::verb::post, "/api/lessons/" + game + "/" + id + "/play", body.dump(),
                          {{"Accept-Language", lang}});
  }
  testing::TestServer server_{ServerOptions{}};
};

TEST_F(LessonRoutesTest, TheBookIsSentWithoutTheDealsNorTheReplies) {
  Reply games = CallServer(server_.port(), http::verb::get, "/api/lessons", "", "");
  ASSERT_EQ(games.status, 200);
  EXPECT_EQ(games.body["games"], (Json{"jaipur", "marrakech"}));
  for (const std::string game : {"jaipur", "marrakech"}) {
    Reply book = CallServer(server_.port(), http::verb::get, "/api/lessons/" + game, "", "");
    ASSERT_EQ(book.status, 200);
    EXPECT_EQ(book.body["lessons"].size(), (*lessons::LessonsOf(game))->lessons.size());
    const std::string text = book.body.dump();
    EXPECT_EQ(text.find("\"seed\""), std::string::npos) << "no seed: it orders the deck";
    EXPECT_EQ(text.find("\"then\""), std::string::npos) << "no reply of the other seats ahead of time";
    EXPECT_FALSE(book.body["lessons"][0]["steps"][0]["say"]["fr"].get<std::string>().empty());
  }
  EXPECT_EQ(CallServer(server_.port(), http::verb::get, "/api/lessons/chess", "", "").status, 404);
}

TEST_F(LessonRoutesTest, EveryLessonIsPlayedThroughToItsEndOneTryAtATime) {
  for (const std::string game : {"jaipur", "marrakech"}) {
    for (const lessons::Lesson& lesson : (*lessons::LessonsOf(game))->lessons) {
      SCOPED_TRACE(game + "/" + lesson.id);
      Json moves = Json::array();
      FullReply start = Play(game, lesson.id, {{"moves", moves}});
      ASSERT_EQ(start.status, 200) << start.body;
      EXPECT_EQ(start.body["state"]["seat"], lesson.seat);
      EXPECT_EQ(start.body["state"]["view"]["viewer"], lesson.seat) << "the learner's own view only";
      for (const lessons::Step& step : lesson.steps) {
        if (step.expect.empty()) {
          moves.push_back(nullptr);
          continue;
        }
        FullReply tried = Play(game, lesson.id, {{"moves", moves}, {"try", step.expect.front()}});
        ASSERT_EQ(tried.status, 200) << tried.body;
        EXPECT_TRUE(tried.body["verdict"]["outcome"] == "next" || tried.body["verdict"]["outcome"] == "done");
        moves.push_back(step.expect.front());
      }
      FullReply end = Play(game, lesson.id, {{"moves", moves}});
      ASSERT_EQ(end.status, 200) << end.body;
      EXPECT_TRUE(end.body["done"].get<bool>());
    }
  }
}

TEST_F(LessonRoutesTest, AWrongMoveIsExplainedAndAnIllegalOneRefusedInTheLearnersLanguage) {
  const lessons::Lesson& lesson = (*lessons::LessonsOf("jaipur"))->lessons.front();
  Json to_a_move = Json::array();  // the read-only steps before the first move
  for (const lessons::Step& step : lesson.steps) {
    if (!step.expect.empty()) break;
    to_a_move.push_back(nullptr);
  }
  FullReply illegal = Play("jaipur", lesson.id, {{"moves", to_a_move}, {"try", "sell 9 diamond"}}, "fr");
  ASSERT_EQ(illegal.status, 200) << illegal.text;
  EXPECT_EQ(illegal.body["verdict"]["outcome"], "illegal");
  EXPECT_NE(illegal.body["verdict"]["why"].get<std::string>().find("coup illégal"), std::string::npos)
      << illegal.body["verdict"];
  EXPECT_EQ(illegal.body["step"], to_a_move.size()) << "nothing changed";
  // The first step with a reason for a wrong move, reached by the moves before it.
  Json moves = Json::array();
  for (const lessons::Step& step : lesson.steps) {
    if (!step.wrong.empty()) {
      FullReply wrong = Play("jaipur", lesson.id, {{"moves", moves}, {"try", step.wrong.front().move}});
      EXPECT_EQ(wrong.body["verdict"]["outcome"], "wrong");
      EXPECT_EQ(wrong.body["verdict"]["why"], step.wrong.front().why.en);
      EXPECT_EQ(wrong.body["step"], moves.size()) << "the step stays";
      return;
    }
    moves.push_back(step.expect.empty() ? Json(nullptr) : Json(step.expect.front()));
  }
  ADD_FAILURE() << "the first Jaipur lesson has a reason for a wrong move";
}

TEST_F(LessonRoutesTest, MistakesAreNamed) {
  const lessons::Lesson& lesson = (*lessons::LessonsOf("jaipur"))->lessons.front();
  auto error = [&](const Json& body) { return Play("jaipur", lesson.id, body).body["error"].get<std::string>(); };
  EXPECT_EQ(error({{"moves", "x"}}), "moves: expected an array of at most 64 moves (null for a step read)");
  EXPECT_EQ(error({{"moves", {"made up"}}}).rfind("moves[0]: ", 0), 0u);
  EXPECT_EQ(error({{"try", 7}}), "try: expected a move's text");
  if (lesson.steps.front().expect.empty()) {
    EXPECT_EQ(error({{"try", "camels"}}), "try: step 0 is read only (send it as null in moves)");
  }
  Json to_a_move = Json::array();
  for (const lessons::Step& step : lesson.steps) {
    if (!step.expect.empty()) break;
    to_a_move.push_back(nullptr);
  }
  EXPECT_EQ(error({{"moves", to_a_move}, {"try", std::string(5000, 'a')}}), "try: a move is at most 200 bytes");
  EXPECT_EQ(Play("jaipur", "no-such-lesson", Json::object()).status, 404);
  EXPECT_EQ(CallServerWith(server_.port(), http::verb::get, "/api/lessons/jaipur/x/play", "", {}).status, 404);
  EXPECT_EQ(CallServerWith(server_.port(), http::verb::post, "/api/lessons/jaipur/" + lesson.id + "/play", "not json",
                           {}).status,
            400);
  EXPECT_EQ(server_.games().GamesInPlay(), 0) << "a lesson is no game";
}

}  // namespace
}  // namespace souk::server
