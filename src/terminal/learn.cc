#include "terminal/learn.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <random>
#include <set>
#include <sstream>

#include "lessons/lessons.h"
#include "core/game_type.h"
#include "terminal/games.h"
#include "terminal/input.h"
#include "terminal/layout.h"
#include "terminal/messages.h"
#include "terminal/screens.h"

namespace souk::terminal {
namespace {

constexpr const char* kClear = "\x1b[H\x1b[2J\x1b[3J";

std::string LangName(const Style& style) { return style.lang == Lang::kFr ? "fr" : "en"; }

std::string ProgressPath(const LearnOptions& options) {
  if (!options.progress_path.empty()) return options.progress_path;
  const char* state = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir = state && *state ? std::filesystem::path(state) / "souk"
                              : home          ? std::filesystem::path(home) / ".local/state/souk"
                                              : std::filesystem::path(".");
  return (dir / "lessons-done").string();
}

std::set<std::string> LoadProgress(const std::string& path) {
  std::set<std::string> done;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) done.insert(line);
  return done;
}

void SaveProgress(const std::string& path, const std::set<std::string>& done) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream out(path, std::ios::trunc);
  for (const std::string& d : done) out << d << '\n';
}

// `template`'s {field} placeholders filled from `event`'s fields; a good or colour named
// in the book's words of the player's language where it has them.
std::string Fill(const std::string& text, const Json& event, const Json& words) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t close = text[i] == '{' ? text.find('}', i) : std::string::npos;
    if (close == std::string::npos) {
      out += text[i++];
      continue;
    }
    const std::string key = text.substr(i + 1, close - i - 1);
    std::string value;
    auto word = [&words](const Json& v) {
      std::string w = v.is_string() ? v.get<std::string>() : v.dump();
      if (words.is_object() && words.contains(w) && words.at(w).is_string()) w = words.at(w).get<std::string>();
      return w;
    };
    if (event.contains(key)) {
      const Json& v = event.at(key);
      if (v.is_array()) {  // a list of goods: "diamond, gold, spice"
        for (const Json& item : v) value += (value.empty() ? "" : ", ") + word(item);
      } else {
        value = word(v);
      }
    }
    out += value;
    i = close + 1;
  }
  return out;
}

class Learner {
 public:
  Learner(const LearnOptions& options, const lessons::LessonBook& book, std::istream& in, std::ostream& out)
      : options_(options), book_(book), in_(in), out_(out), progress_path_(ProgressPath(options)),
        done_(LoadProgress(progress_path_)) {}

  int Run(size_t first, bool list_first) {
    size_t next = first;
    if (!list_first) {
      if (Lesson(next) == Ending::kQuit) return 0;
      next = last_played_ + 1;
    }
    for (;;) {
      next = std::min(next, book_.lessons.size());
      ShowList(next);
      std::string line;
      if (!std::getline(in_, line)) return 0;
      line = Trimmed(line);
      const Style& style = options_.style;
      if (line == "q" || line == "quit" || line == "quitter") return 0;
      if (line == "f" || line == "p" || line == "game" || line == "partie") {
        FinalGame();
        continue;
      }
      size_t chosen = next;
      if (!line.empty()) {
        char* end = nullptr;
        const long n = std::strtol(line.c_str(), &end, 10);
        if (*end != '\0' || n < 1 || static_cast<size_t>(n) > book_.lessons.size()) {
          note_ = Format(style.tr("'%s': a lesson's number (1 to %zu), f for the whole game, q to leave.",
                                  "« %s » : le numéro d’une leçon (1 à %zu), p pour la partie entière, q pour quitter."),
                         Quoted(line).c_str(), book_.lessons.size());
          continue;
        }
        chosen = static_cast<size_t>(n - 1);
      }
      if (chosen >= book_.lessons.size()) {
        FinalGame();
        continue;
      }
      if (Lesson(chosen) == Ending::kQuit) return 0;
      next = last_played_ + 1;
    }
  }

 private:
  enum class Ending { kDone, kSkipped, kLeft, kQuit };

  static std::string Trimmed(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.pop_back();
    size_t start = 0;
    while (start < s.size() && (s[start] == ' ' || s[start] == '\t')) ++start;
    return s.substr(start);
  }

  size_t Cols() const { return static_cast<size_t>(std::max(40, options_.cols)); }

  void Clear() {
    if (options_.screen) out_ << kClear;
    else out_ << '\n';
  }

  void Say(const std::string& text) {
    for (const std::string& line : Wrap(text, Cols())) out_ << line << '\n';
  }

  void ShowList(size_t next) {
    const Style& style = options_.style;
    Clear();
    const std::string title = Format(style.tr("Learn to play %s: %zu lessons, then a whole game",
                                              "Apprendre à jouer à %s : %zu leçons, puis une partie entière"),
                                     DisplayName().c_str(), book_.lessons.size());
    out_ << style.Bold(title) << "\n\n";
    for (size_t i = 0; i < book_.lessons.size(); ++i) {
      const lessons::Lesson& l = book_.lessons[i];
      const bool done = done_.count(book_.game + "/" + l.id) > 0;
      out_ << (i == next ? "> " : "  ") << Format("%2zu ", i + 1) << (done ? "✓ " : "  ")
           << FitLine(l.title.In(LangName(style)), Cols() - 8) << '\n';
    }
    out_ << (next >= book_.lessons.size() ? "> " : "  ") << style.tr(" f   ", " p   ")
         << FitLine(book_.final.title.In(LangName(style)), Cols() - 8) << "\n\n";
    if (!note_.empty()) out_ << note_ << '\n';
    note_.clear();
    out_ << (next < book_.lessons.size()
                 ? Format(style.tr("Enter: lesson %zu · a number: that lesson · f: the whole game · q: leave > ",
                                   "Entrée : leçon %zu · un numéro : cette leçon · p : la partie · q : quitter > "),
                          next + 1)
                 : std::string(style.tr("Enter: the whole game · a number: a lesson · q: leave > ",
                                        "Entrée : la partie · un numéro : une leçon · q : quitter > ")))
         << std::flush;
  }

  std::string DisplayName() const {
    const GameType* type = FindGameType(book_.game);
    if (!type) return book_.game;
    return std::string(options_.style.lang == Lang::kFr ? type->display_name_fr : type->display_name);
  }

  std::vector<std::string> Names(int seat) const {
    std::vector<std::string> names;
    for (int i = 0; i < 4; ++i)
      names.push_back(i == seat ? options_.style.tr("You", "Vous") : options_.style.tr("Teacher", "Professeur"));
    return names;
  }

  // One step on one screen of `rows`: the title, the table from the learner's side, what
  // to do, then `feedback` (the last try's verdict). What does not fit goes, least needed
  // first: the blank line, the title, then the step's text when there is a verdict to read.
  void Draw(const lessons::LessonRun& run, size_t index, const std::string& feedback) {
    const Style& style = options_.style;
    const lessons::Lesson& lesson = run.lesson();
    std::vector<std::string> table;
    for (const std::string& line : SplitLines(Render(run.state().PlayerView(lesson.seat), Names(lesson.seat), style)))
      table.push_back(FitLine(line, Cols()));
    std::vector<std::string> say = run.done() ? std::vector<std::string>() : Wrap(lesson.steps[run.step()].say.In(LangName(style)), Cols());
    std::vector<std::string> told;
    for (const std::string& paragraph : SplitLines(feedback))
      for (const std::string& line : Wrap(paragraph, Cols())) told.push_back(line);
    constexpr size_t kPrompt = 2;
    const size_t rows = static_cast<size_t>(std::max(12, options_.rows));
    bool title = true, blank = true;
    auto total = [&] { return (title ? 1 : 0) + table.size() + (blank ? 1 : 0) + say.size() + told.size() + kPrompt; };
    if (total() > rows) blank = false;
    if (total() > rows) title = false;
    if (total() > rows && !told.empty()) say.clear();
    Clear();
    if (title)
      out_ << style.Bold(Format(style.tr("Lesson %zu/%zu · %s", "Leçon %zu/%zu · %s"), index + 1, book_.lessons.size(),
                                lesson.title.In(LangName(style)).c_str()))
           << '\n';
    for (const std::string& line : table) out_ << line << '\n';
    if (blank) out_ << '\n';
    for (const std::string& line : say) out_ << line << '\n';
    for (const std::string& line : told) out_ << line << '\n';
  }

  Ending Lesson(size_t index) {
    last_played_ = index;
    const Style& style = options_.style;
    const lessons::Lesson& lesson = book_.lessons[index];
    auto started = lessons::LessonRun::Start(lesson);
    if (!started.ok()) {
      note_ = started.message();
      return Ending::kSkipped;
    }
    lessons::LessonRun run = std::move(*started);
    std::string feedback;
    while (!run.done()) {
      Draw(run, index, feedback);
      feedback.clear();
      const lessons::Step& step = lesson.steps[run.step()];
      const bool read_only = step.expect.empty();
      // The prompt short, as `souk play`'s: a long move typed after it stays on one line.
      if (read_only)
        out_ << style.tr("Enter: go on · s: skip · q: leave > ", "Entrée : continuer · s : passer · q : quitter > ");
      else
        out_ << style.tr("(moves · again · skip · quit)\nyour move> ", "(coups · encore · passer · quitter)\nvotre coup> ");
      out_ << std::flush;
      std::string line;
      if (!std::getline(in_, line)) return Ending::kQuit;
      line = Trimmed(line);
      if (line == "q" || line == "quit" || line == "quitter") return Ending::kLeft;
      if (line == "s" || line == "skip" || line == "passer") return Ending::kSkipped;
      if (line == "again" || line == "encore") {
        run = std::move(*lessons::LessonRun::Start(lesson));
        continue;
      }
      if (read_only) {
        run.Next();
        continue;
      }
      const std::vector<std::string> legal = run.state().LegalMoves();
      if (line == "moves" || line == "coups" || line == "m") {
        std::vector<std::string> items;
        for (size_t i = 0; i < legal.size(); ++i)
          items.push_back(std::to_string(i + 1) + ". " + MoveWords(book_.game, legal[i], style));
        for (const std::string& l : InColumns(items, Cols())) feedback += l + "\n";
        continue;
      }
      if (line.empty()) continue;
      const Entry entry = ReadEntry(book_.game, line, legal, style);
      if (entry.kind == Entry::Kind::kError) {
        feedback = entry.text;
        continue;
      }
      if (entry.kind != Entry::Kind::kMove) {
        feedback = style.tr("Type a move (or its number in `moves`), or again, skip, quit.",
                            "Tapez un coup (ou son numéro dans « coups »), ou encore, passer, quitter.");
        continue;
      }
      const TerminalGame* known = TerminalGameFor(book_.game);
      const std::string move = known ? known->canonical(entry.text) : entry.text;
      const lessons::LessonRun::Verdict v = run.Try(move, LangName(style));
      if (v.outcome == lessons::LessonRun::Outcome::kIllegal) {
        // The rules' own error, told as `souk play` tells it, in the learner's language.
        feedback = std::string("✗ ") + ExplainRefusal(book_.game, run.state().PlayerView(lesson.seat), v.refusal, style);
        continue;
      }
      if (v.outcome == lessons::LessonRun::Outcome::kWrong) {
        feedback = std::string("✗ ") + v.why;
        continue;
      }
      feedback = std::string("✓ ") + style.tr("Right.", "Bien joué.");
    }
    done_.insert(book_.game + "/" + lesson.id);
    SaveProgress(progress_path_, done_);
    Draw(run, index, "✓ " + lesson.done.In(LangName(style)));
    out_ << style.tr("Enter: next · a: again · q: back to the list > ", "Entrée : suite · a : encore · q : retour à la liste > ")
         << std::flush;
    std::string line;
    if (!std::getline(in_, line)) return Ending::kQuit;
    line = Trimmed(line);
    if (line == "a" || line == "again" || line == "encore") return Lesson(index);
    if (line == "q" || line == "quit" || line == "quitter") return Ending::kLeft;
    if (index + 1 < book_.lessons.size()) return Lesson(index + 1);
    return Ending::kDone;
  }

  void FinalGame() {
    const Style& style = options_.style;
    Clear();
    Say(book_.final.say.In(LangName(style)));
    PlayOptions play;
    play.game = book_.final.options;
    play.game.seed = std::random_device{}();
    play.seats = {"human"};
    while (static_cast<int>(play.seats.size()) < std::max(2, play.game.players)) play.seats.push_back(book_.final.bot);
    play.style = style;
    play.screen = options_.screen;
    play.keyboard = options_.screen;
    play.rows = options_.rows;
    play.cols = options_.cols;
    play.make_bot = options_.make_bot;
    const lessons::FinalGame& final = book_.final;
    const Json words = final.words.contains(LangName(style)) ? final.words[LangName(style)] : Json();
    play.explain = [&final, words, lang = LangName(style)](const Json& event) {
      std::vector<std::string> lines;
      if (!event.is_object() || !event.contains("action") || !event["action"].is_string()) return lines;
      if (const lessons::Explanation* e = final.For(event["action"].get<std::string>()))
        lines.push_back("» " + Fill(e->say.In(lang), event, words));
      return lines;
    };
    std::ostringstream ignored;
    Play(play, in_, out_, ignored);
  }

  const LearnOptions& options_;
  const lessons::LessonBook& book_;
  std::istream& in_;
  std::ostream& out_;
  const std::string progress_path_;
  std::set<std::string> done_;
  std::string note_;
  size_t last_played_ = 0;  // the list points at the lesson after it
};

}  // namespace

int Learn(const LearnOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
  const Style& style = options.style;
  auto book = lessons::LessonsOf(options.game);
  if (!book.ok()) {
    std::string games;
    for (const std::string& g : lessons::LessonGames()) games += (games.empty() ? "" : ", ") + g;
    err << Format(style.tr("souk learn: no lessons for '%s' (%s)\n", "souk learn : pas de leçons pour « %s » (%s)\n"),
                  options.game.c_str(), games.c_str());
    return kExitBadOptions;
  }
  const lessons::LessonBook& lessons_book = **book;
  size_t first = 0;
  if (!options.lesson.empty()) {
    char* end = nullptr;
    const long n = std::strtol(options.lesson.c_str(), &end, 10);
    if (*end == '\0' && n >= 1 && static_cast<size_t>(n) <= lessons_book.lessons.size()) {
      first = static_cast<size_t>(n - 1);
    } else if (const lessons::Lesson* l = lessons_book.Find(options.lesson)) {
      first = static_cast<size_t>(l - lessons_book.lessons.data());
    } else {
      err << Format(style.tr("souk learn: no lesson '%s' in %s (1 to %zu, or its id)\n",
                             "souk learn : pas de leçon « %s » dans %s (1 à %zu, ou son identifiant)\n"),
                    options.lesson.c_str(), options.game.c_str(), lessons_book.lessons.size());
      return kExitBadOptions;
    }
  }
  Learner learner(options, lessons_book, in, out);
  return learner.Run(first, options.lesson.empty());
}

}  // namespace souk::terminal
