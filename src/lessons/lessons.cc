#include "lessons/lessons.h"

#include <algorithm>
#include <mutex>
#include <string_view>
#include <utility>

#include "format/record.h"

namespace souk::lessons {
namespace {

// The books' text, compiled in (lessons_data.inc is made by CMake from <game>.json).
#include "lessons_data.inc"

Result<Text> TextOf(const Json& j, const std::string& where) {
  if (!j.is_object() || !j.contains("en") || !j["en"].is_string())
    return Status::Error(where + ": expected {\"en\": TEXT, \"fr\": TEXT}");
  Text t;
  t.en = j["en"].get<std::string>();
  if (j.contains("fr")) {
    if (!j["fr"].is_string()) return Status::Error(where + ".fr: expected a string");
    t.fr = j["fr"].get<std::string>();
  }
  return t;
}

Result<std::vector<std::string>> Strings(const Json& j, const char* key, const std::string& where) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array()) return Status::Error(where + "." + key + ": expected an array of strings");
  for (const Json& s : j[key]) {
    if (!s.is_string()) return Status::Error(where + "." + key + ": expected an array of strings");
    out.push_back(s.get<std::string>());
  }
  return out;
}

Result<GameOptions> OptionsOf(const Json& j, const std::string& game, const std::string& where) {
  GameOptions o;
  o.game = game;
  if (!j.contains("seed") || !j["seed"].is_string()) return Status::Error(where + ".seed: expected a decimal string");
  auto seed = ParseSeed(j["seed"].get<std::string>());
  if (!seed.ok()) return Status::Error(where + ".seed: " + seed.message());
  o.seed = *seed;
  o.players = j.value("players", 0);
  o.variant = j.value("variant", std::string());
  return o;
}

}  // namespace

const Explanation* FinalGame::For(std::string_view action) const {
  for (const Explanation& e : explain)
    if (e.action == action) return &e;
  return nullptr;
}

const Lesson* LessonBook::Find(std::string_view id) const {
  for (const Lesson& l : lessons)
    if (l.id == id) return &l;
  return nullptr;
}

Result<LessonBook> ParseLessons(std::string_view text) {
  auto parsed = ParseJson(text);
  if (!parsed.ok()) return parsed.status();
  const Json& j = *parsed;
  if (!j.is_object() || !j.contains("game") || !j["game"].is_string() || !j.contains("lessons") || !j["lessons"].is_array())
    return Status::Error("lessons: expected {\"game\", \"lessons\": [...]}");
  LessonBook book;
  book.game = j["game"].get<std::string>();
  for (const Json& l : j["lessons"]) {
    Lesson lesson;
    lesson.id = l.value("id", std::string());
    const std::string where = "lesson '" + lesson.id + "'";
    if (lesson.id.empty() || book.Find(lesson.id)) return Status::Error(where + ": expected a unique id");
    auto title = TextOf(l.value("title", Json()), where + ".title");
    if (!title.ok()) return title.status();
    lesson.title = *title;
    auto rules = Strings(l, "rules", where);
    if (!rules.ok()) return rules.status();
    lesson.rules = *rules;
    if (!l.contains("setup") || !l["setup"].is_object()) return Status::Error(where + ".setup: expected an object");
    auto options = OptionsOf(l["setup"], book.game, where + ".setup");
    if (!options.ok()) return options.status();
    lesson.options = *options;
    auto setup = Strings(l["setup"], "moves", where + ".setup");
    if (!setup.ok()) return setup.status();
    lesson.setup_moves = *setup;
    lesson.seat = l.value("seat", 0);
    if (!l.contains("steps") || !l["steps"].is_array() || l["steps"].empty())
      return Status::Error(where + ".steps: expected at least one step");
    for (const Json& s : l["steps"]) {
      const std::string at = where + ".steps[" + std::to_string(lesson.steps.size()) + "]";
      Step step;
      auto say = TextOf(s.value("say", Json()), at + ".say");
      if (!say.ok()) return say.status();
      step.say = *say;
      for (auto [key, field] : {std::pair{"expect", &step.expect}, {"highlight", &step.highlight}, {"then", &step.then}}) {
        auto list = Strings(s, key, at);
        if (!list.ok()) return list.status();
        *field = *list;
      }
      if (s.contains("wrong")) {
        if (!s["wrong"].is_array()) return Status::Error(at + ".wrong: expected an array");
        for (const Json& w : s["wrong"]) {
          auto why = TextOf(w.value("why", Json()), at + ".wrong.why");
          if (!why.ok()) return why.status();
          if (!w.contains("move") || !w["move"].is_string()) return Status::Error(at + ".wrong.move: expected a move");
          step.wrong.push_back({w["move"].get<std::string>(), *why});
        }
      }
      lesson.steps.push_back(std::move(step));
    }
    auto done = TextOf(l.value("done", Json()), where + ".done");
    if (!done.ok()) return done.status();
    lesson.done = *done;
    book.lessons.push_back(std::move(lesson));
  }
  if (j.contains("final")) {
    const Json& f = j["final"];
    auto title = TextOf(f.value("title", Json()), "final.title");
    auto say = TextOf(f.value("say", Json()), "final.say");
    auto options = OptionsOf(f, book.game, "final");
    if (!title.ok() || !say.ok() || !options.ok())
      return !title.ok() ? title.status() : !say.ok() ? say.status() : options.status();
    book.final = {*title, *say, f.value("bot", std::string("easy")), *options, {}, Json::object()};
    if (f.contains("words")) {
      if (!f["words"].is_object()) return Status::Error("final.words: expected {\"fr\": {WORD: WORD}}");
      book.final.words = f["words"];
    }
    if (f.contains("explain")) {
      if (!f["explain"].is_array()) return Status::Error("final.explain: expected an array");
      for (const Json& e : f["explain"]) {
        auto said = TextOf(e.value("say", Json()), "final.explain.say");
        if (!said.ok()) return said.status();
        if (!e.contains("action") || !e["action"].is_string()) return Status::Error("final.explain.action: expected a string");
        book.final.explain.push_back({e["action"].get<std::string>(), *said});
      }
    }
  }
  return book;
}

std::vector<std::string> LessonGames() {
  std::vector<std::string> out;
  for (const auto& [game, text] : kLessonData) out.emplace_back(game);
  return out;
}

Result<std::string> LessonsJson(std::string_view game) {
  for (const auto& [name, text] : kLessonData)
    if (name == game) return std::string(text);
  return Status::NotFound("no lessons for game '" + std::string(game) + "'");
}

Result<std::shared_ptr<const LessonBook>> LessonsOf(std::string_view game) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const LessonBook>, std::less<>> books;
  std::lock_guard lock(mutex);
  if (auto it = books.find(game); it != books.end()) return it->second;
  auto text = LessonsJson(game);
  if (!text.ok()) return text.status();
  auto book = ParseLessons(*text);
  if (!book.ok()) return book.status().Prefixed("lessons of " + std::string(game) + ": ");
  auto shared = std::make_shared<const LessonBook>(std::move(*book));
  books.emplace(std::string(game), shared);
  return shared;
}

Result<LessonRun> LessonRun::Start(const Lesson& lesson) {
  auto state = NewGame(lesson.options);
  if (!state.ok()) return state.status().Prefixed("lesson '" + lesson.id + "': ");
  for (size_t i = 0; i < lesson.setup_moves.size(); ++i)
    if (Status st = (*state)->Apply(lesson.setup_moves[i]); !st.ok())
      return Status::Error("lesson '" + lesson.id + "': setup move " + std::to_string(i + 1) + ": " + st.message());
  LessonRun run(&lesson, std::move(*state));
  return run;
}

LessonRun::Verdict LessonRun::Try(std::string_view move, std::string_view lang) {
  if (done()) return {Outcome::kDone, "", Status::Ok()};
  const Step& step = lesson_->steps[step_];
  if (std::find(step.expect.begin(), step.expect.end(), move) == step.expect.end()) {
    for (const WrongMove& w : step.wrong)
      if (w.move == move) return {Outcome::kWrong, w.why.In(lang), Status::Ok()};
    std::unique_ptr<GameState> trial = state_->Clone();
    if (Status st = trial->Apply(move); !st.ok()) return {Outcome::kIllegal, st.message(), st};
    return {Outcome::kWrong, step.say.In(lang)};
  }
  (void)state_->Apply(move);  // the lessons' test checks every expected move is legal
  for (const std::string& reply : step.then) (void)state_->Apply(reply);
  ++step_;
  return {done() ? Outcome::kDone : Outcome::kNext, "", Status::Ok()};
}

void LessonRun::Next() {
  if (done()) return;
  for (const std::string& reply : lesson_->steps[step_].then) (void)state_->Apply(reply);
  ++step_;
}

}  // namespace souk::lessons
