// `souk play` and `souk watch`: a game in the terminal between people and bots.
//
// The loop reads lines from `in` and writes to `out`, so tests can script a whole
// session through strings (session_test.cc) and through a pseudo-terminal
// (tests/terminal_pty_test.cc). Every screen and message is built from the views
// of the seats that read it: a human sees their own view only, and in hot-seat
// play each human's screen is behind a "pass the keyboard" prompt.
//
// On a terminal (`screen`), each turn is one screen redrawn in place on the
// alternate screen: the table, the moves since the player's last turn, the
// prompt, cut to the terminal's size. What is left when the program ends (the
// result, where the game was saved) is written on the normal screen.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/bot.h"

#include "format/game.h"
#include "review/review.h"
#include "terminal/style.h"

namespace souk::terminal {

// What `souk play` and `souk watch` exit with (docs/terminal.md).
inline constexpr int kExitFinished = 0;      // the game was played to its end
inline constexpr int kExitBadOptions = 2;    // a bad option or record, said on stderr
inline constexpr int kExitLeft = 3;          // left before the end: quit, Ctrl-D, end of input
inline constexpr int kExitCannotSave = 4;    // left with Ctrl-C or Ctrl-D, and the automatic save failed
inline constexpr int kExitInterrupted = 130; // Ctrl-C (the game saved, as with Ctrl-D)

// Makes a seat's bot from its spec: null for Souk's own bots (ai::MakeBot); the command
// line's also makes external engines ("engine:NAME", src/engine).
using BotMaker = std::function<Result<std::unique_ptr<ai::Bot>>(std::string_view game, std::string_view spec, uint64_t seed)>;

struct PlayOptions {
  GameOptions game;                // seed, players, variant as for `souk new`
  std::vector<std::string> seats;  // one per seat: "human" or a bot spec
  std::string load_path;           // resume this record (its seats unless `seats` is set)
  Style style;
  bool screen = false;             // redraw each turn in place (stdout is a terminal)
  bool keyboard = false;           // stdin is a terminal: Ctrl-C and Ctrl-D are a person's
  int rows = 24, cols = 80;        // the terminal's size when `screen`
  std::string hint_bot = "medium";
  bool seed_given = false;         // play again with seed + 1 (else a fresh seed)
  // Where Ctrl-C and Ctrl-D save an unsaved game (the file of the player's last
  // `save` if any): empty for $XDG_STATE_HOME/souk, else ~/.local/state/souk.
  std::string autosave_dir;
  // A bot that fails (an engine that crashed, timed out...) is told and replaced by
  // the medium bot for the rest of the game.
  BotMaker make_bot;
  // The review offered at a game's end (docs/review.md): its budget and samples.
  review::ReviewOptions review = {};
  // What a bot says of its own move (the lessons' final game, docs/lessons.md): lines
  // told to the humans after it, from the move's event as they may know it; none if empty.
  std::function<std::vector<std::string>(const Json& event)> explain = {};
};

// Plays until the game ends and the player does not want another, or leaves.
// Returns one of the kExit statuses, with a message on `err` for bad options (an
// unknown bot, a seat list of the wrong length, an unreadable record).
int Play(const PlayOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

struct WatchOptions {
  GameOptions game;
  std::vector<std::string> bots;  // one per seat
  Style style;
  int delay_ms = 0;               // pause after each move, to follow the game
  bool screen = false;            // as PlayOptions::screen
  bool keyboard = false;          // Enter ends a pause after a result
  int rows = 24, cols = 80;
  BotMaker make_bot;              // as PlayOptions::make_bot
};

// Bots play one whole game; the screen and the moves are shown from seat 0's side.
int Watch(const WatchOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace souk::terminal
