// `souk play` and `souk watch` through a pseudo-terminal of 80x24, as a person runs
// them, the screen read through a small terminal emulator (tests/pty/). Waits are
// for screen content with deadlines of seconds; no test asserts a timing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <termios.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "pty/pty_session.h"

namespace souk::pty {
namespace {


// A colour or bold sequence (ESC [ digits and semicolons m).
bool HasSgr(const std::string& output) {
  for (size_t at = output.find("\x1b["); at != std::string::npos; at = output.find("\x1b[", at + 1)) {
    size_t end = output.find_first_not_of("0123456789;", at + 2);
    if (end != std::string::npos && output[end] == 'm') return true;
  }
  return false;
}



TEST(TerminalPty, AJaipurTurnFitsEightyByTwentyFour) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "3", "--lang", "en"});
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  EXPECT_TRUE(s.screen().alternate());
  EXPECT_TRUE(Has(s.screen(), "Jaipur - round 1")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Market:"));
  EXPECT_LE(UsedLines(s.screen()), 22u) << s.Dump();
  s.Type("1\r");
  // The next turn: the table, the bot's move and the prompt on one screen.
  ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) {
    return v.Text().find("easy bot ") != std::string::npos && LastLine(v).ends_with("your move>");
  })) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Market:")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Jaipur - round 1"));
  EXPECT_LE(UsedLines(s.screen()), 22u) << s.Dump();
  EXPECT_EQ(s.screen().overflows(), 0) << "a line wider than 80 columns";
  s.Type("quit\r");
  ASSERT_TRUE(s.WaitForPrompt("(y/n) ")) << s.Dump();
  s.Type("y\r");
  EXPECT_EQ(s.Finish(), 3) << "left before the end";
  EXPECT_FALSE(s.screen().alternate()) << "back on the normal screen";
}

TEST(TerminalPty, AMarrakechTurnInFrenchFitsEightyByTwentyFour) {
  PtySession s({"play", "marrakech", "--players", "3", "--vs", "easy", "--seed", "4", "--lang", "fr"});
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "À vous d'orienter Assam")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "gauche")) << "the moves listed in French";
  EXPECT_TRUE(Has(s.screen(), "tout droit"));
  EXPECT_FALSE(Has(s.screen(), "straight"));
  EXPECT_LE(UsedLines(s.screen()), 22u) << s.Dump();
  s.Type("aide\r");
  ASSERT_TRUE(s.WaitFor("Commandes : coups")) << s.Dump();
  EXPECT_EQ(s.screen().overflows(), 0) << s.Dump();
  s.Type("pose\r");  // a near miss
  ASSERT_TRUE(s.WaitFor("vouliez-vous dire poser ?")) << s.Dump();
  s.Type("td\r");
  ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) {
    return v.Text().find("À vous de poser un tapis") != std::string::npos && LastLine(v).ends_with("votre coup>");
  })) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "poser ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), " ; faites ")) << "the roll made for you, told, joined to the orientation";
  EXPECT_TRUE(Has(s.screen(), ", jusqu'en ")) << s.Dump();
  EXPECT_EQ(s.screen().overflows(), 0) << s.Dump();
  s.Type("\x04");
  EXPECT_EQ(s.Finish(), 3);
}

// The most a screen holds: four players' purses and carpets beside the board.
TEST(TerminalPty, AFourPlayerMarrakechTurnFitsEightyByTwentyFour) {
  PtySession s({"play", "marrakech", "--players", "4", "--vs", "random", "--seed", "6", "--lang", "en"});
  for (int turn = 0; turn < 3; ++turn) {
    ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) { return LastLine(v).ends_with("your move>"); })) << s.Dump();
    EXPECT_LE(UsedLines(s.screen()), 24u) << "turn " << turn << "\n" << s.Dump();
    EXPECT_EQ(s.screen().overflows(), 0) << "a line wider than 80 columns, turn " << turn << "\n" << s.Dump();
    EXPECT_TRUE(Has(s.screen(), "random bot 4")) << "every player's purse beside the board\n" << s.Dump();
    EXPECT_TRUE(Has(s.screen(), "left: green")) << s.Dump();
    EXPECT_TRUE(Has(s.screen(), "  7 | ")) << "the board's last row\n" << s.Dump();
    s.Type("1\r");
  }
  s.Type("\x04");
  EXPECT_EQ(s.Finish(), 3);
}

TEST(TerminalPty, AResizeRedrawsWithinTheNewWidth) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "3", "--lang", "fr"});
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  const int before = s.screen().overflows();
  const size_t mark = s.output().size();
  s.Resize(24, 40);
  // The redraw after the resize: new output ending with the prompt.
  ASSERT_TRUE(s.WaitUntil([&](const VtScreen& v) {
    return s.output().size() > mark && LastLine(v).ends_with("votre coup>");
  })) << s.Dump();
  EXPECT_EQ(s.screen().overflows(), before) << "the redraw fits 40 columns: " << s.Dump();
  s.Type("aide\r");
  ASSERT_TRUE(s.WaitFor("Commandes")) << s.Dump();
  EXPECT_EQ(s.screen().overflows(), before) << "every line cut to 40 columns: " << s.Dump();
  s.Type("\x04");
  s.Finish();
}

// Half a command typed when the terminal changes size: the redraw shows it again after
// the prompt, and the rest typed after it completes it. Backspace and Ctrl-U edit.
TEST(TerminalPty, HalfTypedInputSurvivesAResize) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "3", "--lang", "fr"});
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  s.Type("aix\x7f");  // "aix", then Backspace: "ai"
  ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) { return LastLine(v).ends_with("votre coup> ai"); })) << s.Dump();
  const size_t mark = s.output().size();
  s.Resize(24, 60);
  ASSERT_TRUE(s.WaitUntil([&](const VtScreen& v) {
    return s.output().size() > mark && LastLine(v).ends_with("votre coup> ai");
  })) << "the half-typed text shown again after the redraw: " << s.Dump();
  s.Type("de\r");
  ASSERT_TRUE(s.WaitFor("Commandes")) << "'ai' + 'de' read as 'aide': " << s.Dump();
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  s.Type("nonsense\x15" "aide\r");  // Ctrl-U erased "nonsense"
  const size_t asked = s.output().size();
  ASSERT_TRUE(s.WaitUntil([&](const VtScreen&) {
    return s.output().find("Commandes", asked) != std::string::npos;
  })) << s.Dump();
  s.Type("\x04");
  EXPECT_EQ(s.Finish(), 3);
}

// The terminal is left as it was found: after a game, and after a SIGTERM mid-prompt.
TEST(TerminalPty, TheTerminalsSettingsAreRestoredOnTheWayOut) {
  const unsigned line_modes = ICANON | ECHO;
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "3", "--lang", "en"});
  const unsigned before = s.LocalModes();
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  EXPECT_EQ(s.LocalModes() & line_modes, 0u) << "keys one by one while souk reads";
  kill(s.pid(), SIGTERM);
  s.Finish();
  EXPECT_EQ(s.LocalModes() & line_modes, before & line_modes) << "line editing and echo back after SIGTERM";
}

TEST(TerminalPty, BelowEightyColumnsTheBoardStaysWhilePlacing) {
  PtyOptions narrow = NoColor();
  narrow.cols = 50;
  PtySession s({"play", "marrakech", "--players", "3", "--vs", "easy", "--seed", "4", "--lang", "en"}, narrow);
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  s.Type("1\r");
  ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) {
    return (v.Text().find("place a") != std::string::npos || v.Text().find("legal moves") != std::string::npos) &&
           LastLine(v).ends_with("your move>");
  })) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "+---+---+")) << "the board with the list or its size: " << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "You turn left") || Has(s.screen(), "You turn Assam left")) << s.Dump();
  EXPECT_EQ(s.screen().overflows(), 0) << s.Dump();
  s.Type("\x04");
  s.Finish();
}

TEST(TerminalPty, HotSeatLeavesNoHandInTheScrollback) {
  PtySession s({"play", "jaipur", "--seats", "human,human", "--seed", "3", "--lang", "en"});
  ASSERT_TRUE(s.WaitFor("Pass the keyboard to Player")) << s.Dump();
  s.Type("\r");
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  ASSERT_TRUE(Has(s.screen(), ": hand ")) << s.Dump();
  s.Type("1\r");
  ASSERT_TRUE(s.WaitFor("Pass the keyboard to Player")) << s.Dump();
  EXPECT_EQ(s.screen().AllText().find("/7:"), std::string::npos)
      << "the last player's hand is gone, scrollback included: " << s.screen().AllText();
  s.Type("\x04");
  EXPECT_EQ(s.Finish(), 3);
  EXPECT_EQ(s.screen().AllText().find("/7:"), std::string::npos) << s.screen().AllText();
}

TEST(TerminalPty, CtrlDAtAnEmptyPromptSavesAndSaysHowToResume) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "8", "--lang", "en"});
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  s.Type("1\r");
  ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) { return v.Text().find("You ") != std::string::npos && LastLine(v).ends_with("your move>"); }))
      << s.Dump();
  s.Type("\x04");
  EXPECT_EQ(s.Finish(), 3);
  const std::string path = s.home() + "/.local/state/souk/jaipur-8.rec";
  // The command as it was started (here by its full path), not a `souk` the shell may not find.
  EXPECT_NE(s.output().find(std::string("Resume it with: ") + SOUK_BINARY + " play --load " + path), std::string::npos) << s.Dump();
  EXPECT_TRUE(std::filesystem::exists(path));
  // The saved game resumes where it was left.
  PtySession resumed({"play", "--load", path, "--lang", "en"});
  ASSERT_TRUE(resumed.WaitForPrompt("your move> ")) << resumed.Dump();
  resumed.Type("\x04");
  EXPECT_EQ(resumed.Finish(), 3);
}

TEST(TerminalPty, CtrlCWhileTheBotThinksSavesAtOnce) {
  // The bot plays first and thinks for a minute: Ctrl-C must not wait for it.
  PtySession s({"play", "jaipur", "--vs", "mcts:time=60000", "--seat", "1", "--seed", "5", "--lang", "en"});
  ASSERT_TRUE(s.WaitFor("mcts:time=60000 bot is thinking…")) << "a line while the bot thinks: " << s.Dump();
  EXPECT_NE(s.output().find("Jaipur, seed 5."), std::string::npos);
  EXPECT_TRUE(Has(s.screen(), "Market:")) << "beside the table: " << s.Dump();
  s.Type("\x03");
  EXPECT_EQ(s.Finish(20), 130) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), " play --load ")) << s.Dump();
  EXPECT_TRUE(std::filesystem::exists(s.home() + "/.local/state/souk/jaipur-5.rec"));
}

TEST(TerminalPty, CtrlCAtThePromptSavesToo) {
  PtySession s({"play", "marrakech", "--vs", "easy", "--seed", "2", "--lang", "fr"});
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  s.Type("\x03");
  EXPECT_EQ(s.Finish(), 130) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Reprenez-la avec : " + std::string(SOUK_BINARY) + " play --load ")) << s.Dump();
}

TEST(TerminalPty, EchoesEscapeControlCharactersAndShortenLongLines) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "3", "--lang", "en"});
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  s.Type("take spice\x01\x02\r");
  ASSERT_TRUE(s.WaitFor("'spice^A^B' is not a card")) << s.Dump();
  s.Type("t " + std::string(300, 'z') + "\r");
  ASSERT_TRUE(s.WaitFor("zzz…' is not a card")) << s.Dump();
  EXPECT_EQ(s.screen().Text().find(std::string(50, 'z') + "' is"), std::string::npos);
  s.Type("selll 1 silver\r");
  ASSERT_TRUE(s.WaitFor("'selll' is not a move: did you mean sell?")) << s.Dump();
  s.Type("\x04");
  s.Finish();
}

// Then reviewed, as offered at the end (issue 39): its progress, then its figures and
// graph within 80 columns, and the question again.
TEST(TerminalPty, AWholeJaipurGamePausesOnEachResultThenIsReviewed) {
  PtySession s({"play", "jaipur", "--vs", "random", "--seed", "3", "--lang", "en", "--review-budget", "8",
                "--review-samples", "2"});
  int pauses = 0, turns = 0;
  while (turns < 400) {
    ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) {
      const std::string last = LastLine(v);
      return last.ends_with("your move>") || last.ends_with("Press Enter to go on.") || last.ends_with("(y/n)");
    })) << s.Dump();
    const std::string last = LastLine(s.screen());
    if (last.ends_with("(y/n)")) break;
    if (last.ends_with("Press Enter to go on.")) {
      EXPECT_TRUE(Has(s.screen(), "is over.")) << s.Dump();
      ++pauses;
      s.Type("\r");
    } else {
      ++turns;
      s.Type("1\r");
    }
    // Wait for our answer to be taken: the program writes again. The terminal's echo of
    // our keys comes first and is not an answer; a slow program would otherwise get Enter
    // after Enter, each echoed newline scrolling the result off the screen. The program's
    // screens carry escape sequences, the echo never does.
    const size_t mark = s.output().size();
    s.WaitUntil([&](const VtScreen&) {
      const std::string_view after = std::string_view(s.output()).substr(mark);
      return after.find('\x1b') != std::string_view::npos || after.find("(y/n)") != std::string_view::npos;
    }, 10);
  }
  EXPECT_GE(pauses, 1) << "the first round's result waited for Enter";
  EXPECT_FALSE(s.screen().alternate()) << "the result is on the normal screen, where it stays";
  EXPECT_TRUE(Has(s.screen(), "Game over.")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "round's score: ")) << "the board agrees with the summary: " << s.Dump();
  EXPECT_TRUE(LastLine(s.screen()).ends_with("r: review this game. Play again? (y/n)")) << s.Dump();
  const int overflows = s.screen().overflows();
  s.Type("r\r");
  ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) { return Has(v, "Win chance by move") && LastLine(v).ends_with("(y/n)"); }, 60))
      << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "P0: accuracy ")) << s.Dump();
  EXPECT_NE(s.output().find("review: ["), std::string::npos) << "a progress bar while it computes";
  EXPECT_EQ(s.screen().overflows(), overflows) << "every line within 80 columns: " << s.Dump();
  EXPECT_EQ(LastLine(s.screen()), "Play again? (y/n)") << "offered once";
  s.Type("n\r");
  EXPECT_EQ(s.Finish(), 0);
}

TEST(TerminalPty, ATributeSaysWhoseAreaAndHowLarge) {
  PtySession s({"play", "marrakech", "--vs", "random", "--seed", "6", "--lang", "en"}, NoColor());
  for (int turn = 0; turn < 200 && s.output().find(" squares)") == std::string::npos; ++turn) {
    if (!s.WaitUntil([](const VtScreen& v) {
          const std::string last = LastLine(v);
          return last.ends_with("your move>") || last.ends_with("(y/n)");
        }))
      break;
    if (LastLine(s.screen()).ends_with("(y/n)")) break;
    const size_t mark = s.output().size();
    s.Type("1\r");
    s.WaitUntil([&](const VtScreen&) { return s.output().size() > mark; }, 10);
  }
  const size_t at = s.output().find(" squares)");
  ASSERT_NE(at, std::string::npos) << s.Dump();
  // The words before it, a wrapped line joined again.
  std::string line;
  for (char c : s.output().substr(at > 120 ? at - 120 : 0, at > 120 ? 130 : at + 10))
    if (!(c == '\r' || c == '\n' || (c == ' ' && !line.empty() && line.back() == ' '))) line += c;
  EXPECT_NE(line.find(" area of "), std::string::npos) << line;
  EXPECT_NE(line.find(" pay"), std::string::npos) << line;
  s.Type("\x04");
  s.Finish();
}

TEST(TerminalPty, WatchRedrawsAndPausesOnResults) {
  PtySession s({"watch", "jaipur", "random", "random", "--seed", "2", "--delay", "0", "--lang", "en"}, NoColor());
  ASSERT_TRUE(s.WaitFor("Press Enter to go on", 30)) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "is over.")) << s.Dump();
  EXPECT_LE(UsedLines(s.screen()), 22u) << s.Dump();
  s.Type("\r");
  for (int i = 0; i < 4 && !Has(s.screen(), "Game over."); ++i) {
    s.WaitUntil([](const VtScreen& v) { return v.Text().find("Press Enter") != std::string::npos || v.Text().find("Game over.") != std::string::npos; }, 30);
    s.Type("\r");
  }
  EXPECT_EQ(s.Finish(30), 0) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Game over.")) << s.Dump();
  EXPECT_FALSE(HasSgr(s.output())) << "NO_COLOR: no colour (only cursor and screen sequences)";
}

// A screen line cut short ("…" at its end) or moves told left out ("…" first).
bool CutOrLeftOut(const VtScreen& screen) {
  for (const std::string& line : screen.Lines()) {
    const size_t start = line.find_first_not_of(' ');
    if (start != std::string::npos && line.compare(start, 3, "…") == 0) return true;
    if (line.ends_with("…")) return true;
  }
  return false;
}

// Plays `args` to its end at 80x24 answering "1" at each prompt (Enter at each
// result), checking every screen with a prompt with `check`, and that the game's
// first line (`top`) is still on the screen at the end; the prompts seen.
int PlayWhole(const std::vector<std::string>& args, const std::string& top, const std::function<void(const VtScreen&)>& check) {
  PtySession s(args, NoColor());
  int prompts = 0;
  for (int turn = 0; turn < 600; ++turn) {
    if (!s.WaitUntil([](const VtScreen& v) {
          const std::string last = LastLine(v);
          return last.ends_with("your move>") || last.ends_with("Press Enter to go on.") || last.ends_with("(y/n)");
        })) {
      ADD_FAILURE() << "no prompt: " << s.Dump();
      break;
    }
    const std::string last = LastLine(s.screen());
    if (last.ends_with("(y/n)")) {
      // The result stays whole on the normal screen: nothing scrolled off, not even the
      // line that started the game.
      EXPECT_TRUE(Has(s.screen(), top)) << "the game-over summary fits 24 lines: " << s.Dump();
      EXPECT_TRUE(Has(s.screen(), "Game over.")) << s.Dump();
      break;
    }
    const size_t mark = s.output().size();
    if (last.ends_with("your move>")) {
      ++prompts;
      check(s.screen());
      EXPECT_EQ(s.screen().overflows(), 0) << s.Dump();
      s.Type("1\r");
    } else {
      // A result: every line whole, the totals too (issue 36, point 8).
      EXPECT_FALSE(CutOrLeftOut(s.screen())) << "a result's lines wrapped, not cut: " << s.Dump();
      s.Type("\r");
    }
    s.WaitUntil([&](const VtScreen&) {
      const std::string_view after = std::string_view(s.output()).substr(mark);
      return after.find('\x1b') != std::string_view::npos || after.find("(y/n)") != std::string_view::npos;
    }, 10);
  }
  s.Type("n\r");
  EXPECT_EQ(s.Finish(), 0) << s.Dump();
  return prompts;
}

TEST(TerminalPty, AWholeJaipurGameKeepsTheTableAndEveryMove) {
  int failures = 0;
  const int prompts = PlayWhole({"play", "jaipur", "--vs", "easy", "--seed", "11", "--lang", "en"}, "Jaipur, seed 11.", [&](const VtScreen& v) {
    if (failures > 2) return;
    const bool ok = Has(v, "Market:") && Has(v, "Goods tokens") && !CutOrLeftOut(v);
    if (!ok) ++failures;
    EXPECT_TRUE(ok) << "the table and every line whole: " << v.Text();
  });
  EXPECT_GE(prompts, 10);
}

TEST(TerminalPty, AWholeThreePlayerMarrakechGameKeepsTheBoardAndEveryTurn) {
  int failures = 0, orientations = 0;
  const int prompts = PlayWhole({"play", "marrakech", "--players", "3", "--vs", "easy", "--seed", "4", "--lang", "en"}, "Marrakech, seed 4.",
                                [&](const VtScreen& v) {
    if (failures > 2) return;
    bool ok = Has(v, "+---+---+") && Has(v, "Player") && !CutOrLeftOut(v);
    // At each orientation but the first, both bots' turns since the player's.
    if (Has(v, "Your turn: orient") && orientations++ > 0) {
      for (const std::string bot : {"easy bot 2 ", "easy bot 3 "}) {
        bool out = false;  // its row of the player table says "out": it has no turns
        for (const std::string& line : v.Lines()) out = out || (line.find(bot) != std::string::npos && line.ends_with(" out"));
        ok = ok && (out || Has(v, bot + "turns ") || Has(v, bot + "keeps "));
      }
    }
    if (!ok) ++failures;
    EXPECT_TRUE(ok) << "the board and every turn since the player's: " << v.Text();
  });
  EXPECT_GE(prompts, 10);
}

TEST(TerminalPty, TheMoveListPagesAndFiltersBesideTheTable) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "11", "--lang", "en"}, NoColor());
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Market:")) << "the table with 11 legal moves: " << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "11 legal moves")) << s.Dump();
  s.Type("moves\r");
  ASSERT_TRUE(s.WaitFor("type 'moves 2'")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Market:")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "  1  take the camels")) << s.Dump();
  s.Type("moves 2\r");
  ASSERT_TRUE(s.WaitFor(" 11  ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Market:")) << s.Dump();
  s.Type("moves sell\r");
  ASSERT_TRUE(s.WaitFor("sell 1 cloth")) << s.Dump();
  EXPECT_FALSE(Has(s.screen(), "take the camels")) << "only the sales: " << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "Market:")) << s.Dump();
  EXPECT_FALSE(Has(s.screen(), "!")) << "no refusal: " << s.Dump();
  s.Type("\x04");
  s.Finish();
}

TEST(TerminalPty, LogShowsWhatHappenedPageByPage) {
  PtySession s({"play", "marrakech", "--players", "3", "--vs", "easy", "--seed", "4", "--lang", "fr"}, NoColor());
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
    const size_t mark = s.output().size();
    s.Type("1\r");
    s.WaitUntil([&](const VtScreen&) { return s.output().find('\x1b', mark) != std::string::npos; }, 10);
  }
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  s.Type("journal\r");
  ASSERT_TRUE(s.WaitFor("tapez 'journal 2'")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "+---+---+")) << "the board stays: " << s.Dump();
  s.Type("journal 2\r");
  ASSERT_TRUE(s.WaitFor("tapez 'journal 3'")) << "the page before: " << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "+---+---+")) << s.Dump();
  s.Type("\x04");
  s.Finish();
}

TEST(TerminalPty, FrenchWordsAPlayerMeets) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "11", "--lang", "fr", "--hint-bot", "easy"}, NoColor());
  ASSERT_TRUE(s.WaitForPrompt("votre coup> ")) << s.Dump();
  EXPECT_TRUE(Has(s.screen(), "bot facile")) << "the level in French: " << s.Dump();
  EXPECT_FALSE(Has(s.screen(), "bot easy")) << s.Dump();
  s.Type("p dimant\r");
  ASSERT_TRUE(s.WaitFor("'dimant' n'est pas une carte : vouliez-vous dire diamant ?")) << s.Dump();
  s.Type("conseil\r");
  ASSERT_TRUE(s.WaitFor("écart ")) << s.Dump();
  const std::string text = s.screen().Text();
  const size_t at = text.find("écart ");
  const std::string margin = text.substr(at + 7, text.find('\n', at) - at - 7);
  EXPECT_NE(margin.find(','), std::string::npos) << "a decimal comma: " << margin;
  EXPECT_EQ(margin.find('.'), std::string::npos) << margin;
  EXPECT_EQ(text.find("%gagne"), std::string::npos);
  s.Type("p cuir\r");  // the market holds leather: "p" is "prendre"
  ASSERT_TRUE(s.WaitUntil([](const VtScreen& v) {
    return v.Text().find("Vous prenez une carte cuir") != std::string::npos && LastLine(v).ends_with("votre coup>");
  })) << s.Dump();
  s.Type("\x04");
  s.Finish();
}

TEST(TerminalPty, APreciousSaleOfOneSaysTheSaleToType) {
  PtySession s({"play", "jaipur", "--vs", "easy", "--seed", "8", "--lang", "en"}, NoColor());
  ASSERT_TRUE(s.WaitForPrompt("your move> ")) << s.Dump();
  s.Type("sell 1 silver\r");
  ASSERT_TRUE(s.WaitFor("silver sells 2 or more at a time: type 'sell 2 silver'")) << s.Dump();
  s.Type("\x04");
  s.Finish();
}

TEST(TerminalPty, CommandLineErrorsSpeakToThePlayer) {
  PtySession players({"play", "marrakech", "--players", "9"});
  EXPECT_EQ(players.Finish(), 2);
  EXPECT_TRUE(Has(players.screen(), "souk: Marrakech is for 2 to 4 players")) << players.Dump();
  PtySession french({"play", "jaipur", "--players", "3", "--lang", "fr"});
  EXPECT_EQ(french.Finish(), 2);
  EXPECT_TRUE(Has(french.screen(), "souk: Jaipur se joue à 2 joueurs")) << french.Dump();
  PtySession count({"watch", "jaipur", "easy"});
  EXPECT_EQ(count.Finish(), 2);
  EXPECT_TRUE(Has(count.screen(), "usage: souk watch GAME BOT BOT [BOT BOT]")) << count.Dump();
  PtySession help({"play", "--help", "--lang", "fr"});
  EXPECT_EQ(help.Finish(), 0);
  // The help is longer than the screen: its first line is in the scrollback.
  EXPECT_NE(help.screen().AllText().find("Jouer dans le terminal"), std::string::npos) << help.Dump();
}

TEST(TerminalPty, NoColorTurnsColourOffOnATerminal) {
  PtySession plain({"play", "jaipur", "--vs", "easy", "--seed", "2", "--lang", "en"}, NoColor());
  ASSERT_TRUE(plain.WaitForPrompt("your move> ")) << plain.Dump();
  EXPECT_FALSE(HasSgr(plain.output())) << "no colour, no bold";
  plain.Type("\x04");
  plain.Finish();
  PtySession coloured({"play", "jaipur", "--vs", "easy", "--seed", "2", "--lang", "en"});
  ASSERT_TRUE(coloured.WaitForPrompt("your move> ")) << coloured.Dump();
  EXPECT_TRUE(HasSgr(coloured.output()));
  coloured.Type("\x04");
  coloured.Finish();
}

}  // namespace
}  // namespace souk::pty
