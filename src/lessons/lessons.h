// Lessons for newcomers (docs/lessons.md): each game's guided first games, as data.
// A lesson is a position (a seeded deal and the moves that lead to it), then steps:
// what to read, the move to try, why a wrong move is wrong, and the other seats'
// replies. The terminal (`souk learn`), the server (the web app's lessons) and the
// lessons' own test read them here; the rules themselves judge every move.
//
// The data: src/lessons/<game>.json, compiled into the binary. Its form:
//
//   {"game": "jaipur",
//    "lessons": [
//      {"id": "take-one",                       // unique in the game, [a-z0-9-]
//       "title": {"en": "...", "fr": "..."},
//       "rules": ["jaipur.take.one", ...],      // the rule ids docs/lessons.md maps
//       "setup": {"seed": "42", "players": 2, "variant": "", "moves": ["...", ...]},
//       "seat": 0,                              // the learner's seat
//       "steps": [
//         {"say": {"en": "...", "fr": "..."},   // shown before the move
//          "expect": ["take diamond"],          // canonical moves that complete the step
//          "highlight": ["market:diamond"],     // what a screen may point at (free text ids)
//          "wrong": [{"move": "camels", "why": {"en": "...", "fr": "..."}}],
//          "then": ["take gold"]}               // moves played after it (other seats, chance)
//       ],
//       "done": {"en": "...", "fr": "..."}},
//      ...],
//    "final": {"title": {...}, "say": {...}, "bot": "easy", "seed": "7", "players": 2,
//              "explain": [{"action": "camels", "say": {"en": "I take the {count} camels...", "fr": "..."}}],
//              "words": {"fr": {"leather": "cuir", ...}}}}
//
// The final game's bot says what it did: the entry of "explain" whose "action" is its
// move's event's `action` (docs/protocol.md, "The state message"), its {placeholders}
// filled from that event's fields, a value found in "words" for the learner's language
// replaced by its word there.
//
// A step with no "expect" is read only (a "Next" to go on). A wrong move not listed
// is answered with the rules' own error when illegal, else with the step's "say".
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "format/game.h"

namespace souk::lessons {

// A text in each language: "en" always, "fr" when given (English otherwise).
struct Text {
  std::string en, fr;
  const std::string& In(std::string_view lang) const { return lang == "fr" && !fr.empty() ? fr : en; }
};

struct WrongMove {
  std::string move;  // canonical text
  Text why;
};

struct Step {
  Text say;
  std::vector<std::string> expect;  // empty: read only
  std::vector<std::string> highlight;
  std::vector<WrongMove> wrong;
  std::vector<std::string> then;
};

struct Lesson {
  std::string id;
  Text title;
  std::vector<std::string> rules;
  GameOptions options;                     // game, seed, players, variant
  std::vector<std::string> setup_moves;
  int seat = 0;
  std::vector<Step> steps;
  Text done;
};

// What the final game's bot says after a move whose event's `action` is `action`.
struct Explanation {
  std::string action;
  Text say;
};

// The last lesson: a whole short game against a gentle bot that says what it does.
struct FinalGame {
  Text title, say;
  std::string bot = "easy";
  GameOptions options;
  std::vector<Explanation> explain;
  // Words of the events' fields in each language other than English, for the
  // placeholders: {"fr": {"leather": "cuir", ...}}.
  Json words = Json::object();
  // The explanation of an event (its `action`), or null.
  const Explanation* For(std::string_view action) const;
};

struct LessonBook {
  std::string game;
  std::vector<Lesson> lessons;
  FinalGame final;
  const Lesson* Find(std::string_view id) const;
};

// The games that have lessons ("jaipur", "marrakech").
std::vector<std::string> LessonGames();
// A game's lessons, parsed once; kNotFound for a game without lessons.
Result<std::shared_ptr<const LessonBook>> LessonsOf(std::string_view game);
// The lessons as their JSON text (what the web app is sent).
Result<std::string> LessonsJson(std::string_view game);
// Parses a book from its JSON text: an error names the lesson and field at fault.
Result<LessonBook> ParseLessons(std::string_view json);

// A lesson played: the state after its setup, then each step tried in turn.
class LessonRun {
 public:
  // Replays the setup; an error if the lesson's setup has gone stale.
  static Result<LessonRun> Start(const Lesson& lesson);

  const Lesson& lesson() const { return *lesson_; }
  const GameState& state() const { return *state_; }
  size_t step() const { return step_; }   // the step now shown; == steps.size() once done
  bool done() const { return step_ >= lesson_->steps.size(); }

  enum class Outcome { kNext, kDone, kWrong, kIllegal };
  struct Verdict {
    Outcome outcome;
    std::string why;  // kWrong: the step's text for it; kIllegal: the rules' error (English)
    Status refusal = Status::Ok();  // kIllegal: the rules' error, to be told in the learner's language
  };
  // The learner's move at the current step: right (played, with the step's "then"
  // replies after it), or why not (the state unchanged).
  Verdict Try(std::string_view move, std::string_view lang);
  // A read-only step: on to the next.
  void Next();

 private:
  LessonRun(const Lesson* lesson, std::unique_ptr<GameState> state) : lesson_(lesson), state_(std::move(state)) {}
  const Lesson* lesson_;
  std::unique_ptr<GameState> state_;
  size_t step_ = 0;
};

}  // namespace souk::lessons
