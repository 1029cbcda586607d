// `souk learn` through a pseudo-terminal of 80x24, as a newcomer runs it (issue 41):
// every Jaipur lesson completed by typing its moves, a wrong move explained first, each
// screen within 80 columns and 24 lines, the progress kept; and the whole game at the
// end, whose bot says what it does.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "lessons/lessons.h"
#include "pty/pty_session.h"

namespace souk::pty {
namespace {




TEST(LearnPty, EveryJaipurLessonIsCompletedByTypingWithinEightyByTwentyFour) {
  const lessons::LessonBook& book = **lessons::LessonsOf("jaipur");
  PtySession s({"learn", "jaipur", "--lang", "en"}, NoColor());
  ASSERT_TRUE(s.WaitForPrompt("q: leave > ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Learn to play Jaipur")) << s.Dump();
  s.Type("\r");  // the first lesson
  bool wrong_tried = false;
  for (size_t i = 0; i < book.lessons.size(); ++i) {
    const lessons::Lesson& lesson = book.lessons[i];
    SCOPED_TRACE(lesson.id);
    for (const lessons::Step& step : lesson.steps) {
      ASSERT_TRUE(s.WaitUntil([&](const VtScreen& v) {
        return Has(v, lesson.title.en) && (LastLine(v).ends_with("your move>") || LastLine(v).ends_with("q: leave >"));
      })) << s.Dump();
      EXPECT_LE(UsedLines(s.screen()), 24u) << s.Dump();
      EXPECT_EQ(s.screen().overflows(), 0) << "a line wider than 80 columns";
      if (step.expect.empty()) {
        s.Type("\r");
        continue;
      }
      if (!wrong_tried && !step.wrong.empty()) {
        s.Type(step.wrong.front().move + "\r");
        ASSERT_TRUE(s.WaitFor("✗")) << s.Dump();
        EXPECT_TRUE(Has(s.screen(), step.wrong.front().why.en.substr(0, 30))) << s.Dump();
        wrong_tried = true;
      }
      s.Type(step.expect.front() + "\r");
    }
    ASSERT_TRUE(s.WaitForPrompt("q: back to the list > ")) << s.Dump();
    EXPECT_TRUE(Has(s.screen(), lesson.done.en.substr(0, 30))) << s.Dump();
    s.Type("\r");  // the next lesson, or the list after the last
  }
  ASSERT_TRUE(s.WaitForPrompt("q: leave > ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "✓")) << s.Dump();
  s.Type("q\r");
  EXPECT_EQ(s.Finish(), 0);
  std::ifstream progress(s.home() + "/.local/state/souk/lessons-done");
  size_t done = 0;
  for (std::string line; std::getline(progress, line);) done += line.rfind("jaipur/", 0) == 0 ? 1 : 0;
  EXPECT_EQ(done, book.lessons.size()) << "each lesson remembered as done";
}

TEST(LearnPty, TheWholeGameAtTheEndHasABotThatSaysWhatItDoes) {
  PtySession s({"learn", "jaipur", "--lang", "fr"}, NoColor());
  ASSERT_TRUE(s.WaitForPrompt("q : quitter > ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Apprendre à jouer à Jaipur")) << s.Dump();
  s.Type("p\r");
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  // The first legal move, until the bot has answered one (its word follows its move).
  for (int turn = 0; turn < 6 && s.output().find("» ") == std::string::npos; ++turn) {
    s.Type("1\r");
    s.WaitFor("» ", 5);
  }
  EXPECT_NE(s.output().find("» "), std::string::npos) << "the bot said what it did" << s.Dump();
  EXPECT_EQ(s.screen().overflows(), 0);
}

TEST(LearnPty, AnUnknownGameOrLessonIsSaid) {
  PtySession game({"learn", "chess", "--lang", "en"}, NoColor());
  EXPECT_EQ(game.Finish(), 2);
  EXPECT_NE(game.output().find("no lessons for 'chess' (jaipur, marrakech)"), std::string::npos) << game.output();
  PtySession lesson({"learn", "jaipur", "no-such-lesson", "--lang", "en"}, NoColor());
  EXPECT_EQ(lesson.Finish(), 2);
  EXPECT_NE(lesson.output().find("no lesson 'no-such-lesson' in jaipur"), std::string::npos) << lesson.output();
}

}  // namespace
}  // namespace souk::pty
