// `souk learn GAME`: the lessons for newcomers in the terminal (docs/lessons.md), at
// 80×24: each lesson's table as the learner sees it, what to do, the move to type, why
// a wrong one is wrong; then a whole short game against a gentle bot that says what it
// does. The lessons are src/lessons' data; the rules judge every move.
#pragma once

#include <iosfwd>
#include <string>

#include "terminal/session.h"
#include "terminal/style.h"

namespace souk::terminal {

struct LearnOptions {
  std::string game;          // "jaipur" or "marrakech"
  std::string lesson;        // start with this lesson (its id or number); empty: the list
  Style style;
  bool screen = false;       // stdout is a terminal: each step on a clean screen
  int rows = 24, cols = 80;
  // The file of the lessons done, one "game/id" a line; empty: $XDG_STATE_HOME/souk/
  // lessons-done (else ~/.local/state/souk/lessons-done).
  std::string progress_path;
  BotMaker make_bot;         // the final game's bot (null: Souk's own)
};

// Returns 0 when the learner leaves, kExitBadOptions (with a message on `err`) for an
// unknown game or lesson.
int Learn(const LearnOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace souk::terminal
