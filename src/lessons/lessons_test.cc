// Every lesson of every game played through the real rules: its setup replays, each
// step's expected moves are legal where they are asked for, each wrong move listed is
// refused by the lesson (illegal, or legal but not what the step asks), and the replies
// after each step are legal. A rules change that makes a lesson stale fails here.
#include "lessons/lessons.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace souk::lessons {
namespace {

TEST(Lessons, EveryGameWithLessonsParsesAndHasAFinalGame) {
  EXPECT_EQ(LessonGames(), (std::vector<std::string>{"jaipur", "marrakech"}));
  for (const std::string& game : LessonGames()) {
    auto book = LessonsOf(game);
    ASSERT_TRUE(book.ok()) << book.message();
    EXPECT_EQ((*book)->game, game);
    EXPECT_FALSE((*book)->lessons.empty());
    EXPECT_FALSE((*book)->final.title.en.empty()) << game;
    EXPECT_TRUE(NewGame((*book)->final.options).ok()) << game;
  }
  EXPECT_EQ(LessonsOf("chess").status().code(), StatusCode::kNotFound);
}

TEST(Lessons, EveryLessonPlaysThroughTheRules) {
  for (const std::string& game : LessonGames()) {
    const LessonBook& book = **LessonsOf(game);
    for (const Lesson& lesson : book.lessons) {
      SCOPED_TRACE(game + "/" + lesson.id);
      EXPECT_FALSE(lesson.title.fr.empty()) << "each lesson in French too";
      auto run = LessonRun::Start(lesson);
      ASSERT_TRUE(run.ok()) << run.message();
      for (size_t s = 0; s < lesson.steps.size(); ++s) {
        SCOPED_TRACE("step " + std::to_string(s));
        const Step& step = lesson.steps[s];
        ASSERT_EQ(run->step(), s);
        if (step.expect.empty()) {
          run->Next();
          continue;
        }
        ASSERT_EQ(run->state().current_player(), lesson.seat) << "the learner is to move";
        const std::vector<std::string> legal = run->state().LegalMoves();
        for (const std::string& move : step.expect)
          EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << "expected move '" << move << "' is legal";
        for (const WrongMove& wrong : step.wrong) {
          const LessonRun::Verdict v = run->Try(wrong.move, "en");
          EXPECT_TRUE(v.outcome == LessonRun::Outcome::kWrong || v.outcome == LessonRun::Outcome::kIllegal) << wrong.move;
          EXPECT_EQ(run->step(), s) << "a wrong move changes nothing";
        }
        // The replies are checked by playing them: Try applies them after the move.
        std::unique_ptr<GameState> after = run->state().Clone();
        ASSERT_TRUE(after->Apply(step.expect.front()).ok());
        for (const std::string& reply : step.then) ASSERT_TRUE(after->Apply(reply).ok()) << "reply '" << reply << "'";
        const LessonRun::Verdict v = run->Try(step.expect.front(), "fr");
        EXPECT_TRUE(v.outcome == LessonRun::Outcome::kNext || v.outcome == LessonRun::Outcome::kDone);
        EXPECT_EQ(run->state().ToJson(), after->ToJson());
      }
      EXPECT_TRUE(run->done());
    }
  }
}

TEST(Lessons, AnIllegalMoveIsAnsweredWithTheRulesOwnError) {
  const LessonBook& book = **LessonsOf("jaipur");
  auto run = LessonRun::Start(book.lessons.front());
  ASSERT_TRUE(run.ok());
  const LessonRun::Verdict v = run->Try("sell 9 diamond", "en");
  EXPECT_EQ(v.outcome, LessonRun::Outcome::kIllegal);
  EXPECT_FALSE(v.why.empty());
  EXPECT_EQ(run->step(), 0u);
}

TEST(Lessons, AMalformedBookIsRefusedNamingWhere) {
  EXPECT_EQ(ParseLessons("{}").status().message(), "lessons: expected {\"game\", \"lessons\": [...]}");
  EXPECT_EQ(ParseLessons(R"({"game":"jaipur","lessons":[{"id":"a","title":{"en":"A"},"setup":{"seed":"x"},"steps":[]}]})")
                .status()
                .message()
                .rfind("lesson 'a'.setup.seed: ", 0),
            0u);
  EXPECT_EQ(ParseLessons(R"({"game":"jaipur","lessons":[{"id":"a","title":{"en":"A"},"setup":{"seed":"1"},"steps":[]}]})")
                .status()
                .message(),
            "lesson 'a'.steps: expected at least one step");
}

}  // namespace
}  // namespace souk::lessons
