// `souk play` and `souk watch`: a game in the terminal between people and bots.
//
// The loop reads lines from `in` and writes to `out`, so tests can script a whole
// session through strings (session_test.cc) and through a pseudo-terminal
// (tests/terminal_pty_test.cc). Every screen and message is built from the views
// of the seats that read it: a human sees their own view only, and in hot-seat
// play each human's screen is behind a "pass the keyboard" prompt.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "format/game.h"
#include "terminal/style.h"

namespace souk::terminal {

struct PlayOptions {
  GameOptions game;                // seed, players, variant as for `souk new`
  std::vector<std::string> seats;  // one per seat: "human" or a bot spec
  std::string load_path;           // resume this record (its seats unless `seats` is set)
  Style style;
  bool clear_screen = false;       // clear between hot-seat turns (on a terminal)
  std::string hint_bot = "medium";
  bool seed_given = false;         // play again with seed + 1 (else a fresh seed)
};

// Plays until the game ends and the player does not want another, or quits.
// Returns 0, or 2 with a message on `err` for bad options (an unknown bot, a seat
// list of the wrong length, an unreadable record).
int Play(const PlayOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

struct WatchOptions {
  GameOptions game;
  std::vector<std::string> bots;  // one per seat
  Style style;
  int delay_ms = 0;               // pause after each move, to follow the game
};

// Bots play one whole game; the screen and the moves are shown from seat 0's side.
int Watch(const WatchOptions& options, std::ostream& out, std::ostream& err);

}  // namespace souk::terminal
