#include "terminal/session.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <istream>
#include <memory>
#include <ostream>
#include <random>
#include <sstream>
#include <thread>
#include <variant>

#include "ai/bot.h"
#include "core/game_type.h"
#include "core/overloaded.h"
#include "core/text.h"
#include "format/record.h"
#include "terminal/console.h"
#include "terminal/games.h"
#include "terminal/input.h"
#include "terminal/jaipur_screen.h"
#include "terminal/layout.h"
#include "terminal/marrakech_screen.h"
#include "terminal/messages.h"
#include "terminal/registered_screen.h"
#include "terminal/screens.h"
#include "terminal/review_text.h"
#include "terminal/words.h"

namespace souk::terminal {
namespace {

// Alternate screen on and off, and the cursor home with the screen (and its
// scrollback) cleared.
constexpr const char* kEnterScreen = "\x1b[?1049h";
constexpr const char* kLeaveScreen = "\x1b[?1049l";
constexpr const char* kClear = "\x1b[H\x1b[2J\x1b[3J";

// A round or the game ended with this event: a result to pause on.
bool EndsARound(const AnyEvent& event, const GameState& after) {
  return std::visit(Overloaded{[&](std::monostate) { return after.is_over(); },
                               [](const jaipur::MoveEvent& e) { return e.round_end.has_value(); },
                               [&](const marrakech::MoveEvent&) { return after.is_over(); },
                               [&](const RegisteredEvent&) { return after.is_over(); }},
                    event);
}

// The record keeps canonical text whatever form the player typed.
std::string Canonical(std::string_view game, const std::string& move) {
  const TerminalGame* known = TerminalGameFor(game);
  return known ? known->canonical(move) : move;
}

// The game's name as the registry writes it in the player's language.
std::string DisplayName(std::string_view game, const Style& style) {
  const GameType* type = FindGameType(game);
  if (!type) return std::string(game);
  return std::string(style.tr(std::string(type->display_name).c_str(), std::string(type->display_name_fr).c_str()));
}

uint64_t FreshSeed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

// "r" (review) or "a" (analyse), in either language.
bool ReviewAsked(const std::string& line) {
  std::string_view t = line;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  return !t.empty() && (t.front() == 'r' || t.front() == 'R' || t.front() == 'a' || t.front() == 'A');
}

bool Yes(const std::string& line) {
  std::string_view t = line;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  return !t.empty() && (t.front() == 'y' || t.front() == 'Y' || t.front() == 'o' || t.front() == 'O');
}

// The command that started souk as it was typed ("./build/souk", "souk"), for the
// resume line: the first word of /proc/self/cmdline when it names souk, else "souk"
// (a test binary running a session in-process).
std::string ProgramName() {
  std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
  std::string argv0;
  std::getline(cmdline, argv0, '\0');
  const std::string base = std::filesystem::path(argv0).filename().string();
  if (base != "souk" || argv0.find_first_of(" '\"\\$") != std::string::npos) return "souk";
  return argv0;
}

// What plays an engine's seat once the engine has failed.
constexpr const char* kFallbackBot = "medium";

// "easy bot", "bot facile": Souk's levels in the player's language, other specs as given.
std::string BotName(const std::string& spec, const Style& style) {
  static const struct { const char* en; const char* fr; } kLevels[] = {
      {"random", "hasard"}, {"easy", "facile"}, {"medium", "moyen"}, {"hard", "difficile"}};
  std::string shown = spec;
  for (const auto& level : kLevels)
    if (spec == level.en) shown = style.tr(level.en, level.fr);
  return Format(style.tr("%s bot", "bot %s"), shown.c_str());
}

std::vector<std::string> HelpLines(std::string_view game, const Style& style) {
  std::string text = style.tr("Enter a move as the list shows it, by its number, or in short:\n",
                              "Entrez un coup comme la liste l'écrit, par son numéro, ou en bref :\n");
  if (const TerminalGame* known = TerminalGameFor(game)) text += style.tr(known->help_en, known->help_fr);
  text += style.tr("Commands: moves (the numbered list; moves 2: its second page; moves WORD:\n"
                   "the moves with WORD), log (what happened), hint (the AI's advice), undo (back\n"
                   "to your previous move), save FILE, quit, help.\n",
                   "Commandes : coups (la liste numérotée ; coups 2 : sa 2e page ; coups MOT : les\n"
                   "coups avec MOT), journal (ce qui s'est passé), conseil (l'avis de l'IA),\n"
                   "annuler (revenir à votre coup précédent), sauver FICHIER, quitter, aide.\n");
  return SplitLines(text);
}

// The numbered moves in words ("  3  sell 2 cloth"); with `filter`, only those whose
// words (or canonical text) hold each of its words, keeping their numbers.
std::vector<std::string> MoveList(std::string_view game, const std::vector<std::string>& legal, const Style& style,
                                  const std::string& filter = "") {
  const std::vector<std::string> wanted = SplitLowerWords(filter);
  std::vector<std::string> items;
  for (size_t i = 0; i < legal.size(); ++i) {
    const std::string words = MoveWords(game, legal[i], style);
    std::string haystack = words + " " + legal[i];
    std::transform(haystack.begin(), haystack.end(), haystack.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    if (!std::all_of(wanted.begin(), wanted.end(), [&](const std::string& w) { return haystack.find(w) != std::string::npos; }))
      continue;
    items.push_back(Format("%3zu  %s", i + 1, words.c_str()));
  }
  return items;
}

// Where an unsaved game goes when the player leaves with Ctrl-C or Ctrl-D.
std::string AutosavePath(const PlayOptions& options, const GameRecord& record) {
  std::filesystem::path dir = options.autosave_dir;
  if (dir.empty()) {
    const char* state = std::getenv("XDG_STATE_HOME");
    const char* home = std::getenv("HOME");
    if (state && *state) dir = std::filesystem::path(state) / "souk";
    else if (home && *home) dir = std::filesystem::path(home) / ".local" / "state" / "souk";
    else dir = ".";
  }
  std::error_code ignored;
  std::filesystem::create_directories(dir, ignored);
  return (dir / Format("%s-%llu.rec", record.options.game.c_str(), static_cast<unsigned long long>(record.options.seed)))
      .string();
}

enum class Outcome { kOver, kPlayed, kQuit, kEnd, kInterrupt };

// The finished game's review: a progress bar on a terminal while it is computed, then
// the flagged moves, the graph and each player's figures (`souk review` prints every move).
void ShowReview(const GameRecord& record, const PlayOptions& options, std::ostream& out) {
  const Style& style = options.style;
  review::Progress progress;
  if (options.screen)
    progress = [&](int done, int total) { out << '\r' << ReviewProgressBar(done, total, style) << std::flush; };
  auto reviewed = review::ReviewGame(record, options.review, progress);
  if (options.screen) out << "\r\x1b[K";
  if (!reviewed.ok()) {
    out << style.tr("No review: ", "Pas d'analyse : ") << reviewed.message() << '\n';
    return;
  }
  // The figures last, next to the question, where a 24-line screen keeps them.
  out << ReviewMoves(*reviewed, style, /*flagged_only=*/true) << ReviewGraph(*reviewed, style) << '\n'
      << ReviewSummary(*reviewed, style) << '\n';
}

// One game between the seats, from a record (a new game is a record without moves).
class Table {
 public:
  Table(const PlayOptions& options, LineReader& in, std::ostream& out) : options_(options), in_(in), out_(out) {
    rows_ = options.rows;
    cols_ = options.cols;
  }

  // Builds the seats; a message on error.
  std::string Setup(GameRecord record, const std::vector<std::string>& seats) {
    record_ = std::move(record);
    auto state = Replay(record_);
    if (!state.ok()) return state.message();
    state_ = std::move(*state);
    const int n = state_->num_players();
    if (static_cast<int>(seats.size()) != n)
      return Format("%zu seats given for a game of %d players", seats.size(), n);
    record_.seats = seats;
    for (int p = 0; p < n; ++p) {
      const std::string& spec = seats[static_cast<size_t>(p)];
      if (spec == "human") {
        bots_.push_back(nullptr);
        humans_.push_back(p);
        continue;
      }
      const uint64_t seed = record_.options.seed ^ (0x9e3779b97f4a7c15ULL * (p + 1));
      auto bot = options_.make_bot ? options_.make_bot(state_->game(), spec, seed) : ai::MakeBot(state_->game(), spec, seed);
      if (!bot.ok()) return Format("seat %d: %s", p + 1, bot.message().c_str());
      bots_.push_back(std::shared_ptr<ai::Bot>(std::move(*bot)));
    }
    const Style& style = options_.style;
    for (int p = 0; p < n; ++p) {
      const std::string& spec = seats[static_cast<size_t>(p)];
      if (humans_.size() == 1 && humans_[0] == p) {
        names_.push_back(style.tr("You", "Vous"));
      } else if (bots_[static_cast<size_t>(p)]) {
        // Two bots of one level need telling apart: by their player number.
        const bool alone = std::count(seats.begin(), seats.end(), spec) == 1;
        names_.push_back(alone ? BotName(spec, style) : BotName(spec, style) + Format(" %d", p + 1));
      } else {
        names_.push_back(Format(style.tr("Player %d", "Joueur %d"), p + 1));
      }
    }
    pending_.assign(static_cast<size_t>(n), {});
    history_.assign(static_cast<size_t>(n), {});
    return {};
  }

  Outcome Run() {
    const Style& style = options_.style;
    while (!state_->is_over()) {
      if (options_.keyboard && TakeInterrupt()) return Outcome::kInterrupt;
      const int p = state_->current_player();
      if (p == GameState::kChance) {
        Play(state_->SampleChance());
      } else if (bots_[static_cast<size_t>(p)]) {
        auto move = BotMove(p);
        if (!move) return Outcome::kInterrupt;
        Play(*move);
      } else if (Outcome o = HumanTurn(p); o != Outcome::kPlayed) {
        return o;
      }
      if (humans_.size() == 1 && !options_.screen) Flush(humans_[0]);
      if (humans_.empty()) {
        if (Outcome o = ShowWatched(p); o != Outcome::kPlayed) return o;
      } else if (result_ && humans_.size() == 1 && !state_->is_over() && options_.screen) {
        if (Outcome o = PauseOnResult(humans_[0]); o != Outcome::kPlayed) return o;
      }
      result_ = false;
    }
    const int reader = humans_.empty() ? 0 : humans_.front();
    if (options_.screen) out_ << kLeaveScreen;
    screen_on_ = false;
    if (options_.screen) {
      // What stays on the normal screen fits it: the last moves told (the final
      // scores, which the table shows too, give way first), the table, the result,
      // and "Play again?" below the line that started the game.
      const std::vector<std::string> table = Fitted(SplitLines(Render(state_->PlayerView(reader), names_, style)));
      const size_t used = table.size() + 4;  // the game's first line, the result, "Play again?", the cursor's line
      const size_t rows = static_cast<size_t>(std::max(rows_, 10));
      std::vector<std::string> told = Wrapped(pending_[static_cast<size_t>(reader)]);
      pending_[static_cast<size_t>(reader)].clear();
      const size_t room = rows > used ? rows - used : 0;
      if (told.size() > room) told.resize(room);
      for (const std::string& line : told) out_ << line << '\n';
      for (const std::string& line : table) out_ << line << '\n';
    } else {
      Flush(reader);
      out_ << '\n' << Fit(Render(state_->PlayerView(reader), names_, style)) << '\n';
    }
    std::vector<int> winners = state_->Winners();
    out_ << style.Bold(style.tr("Game over. ", "Partie terminée. "));
    if (winners.size() == 1 && humans_.size() == 1 && winners[0] == humans_[0]) {
      out_ << style.tr("You win!", "Vous gagnez !");
    } else {
      for (size_t i = 0; i < winners.size(); ++i)
        out_ << (i ? style.tr(" and ", " et ") : "") << names_[static_cast<size_t>(winners[i])];
      out_ << (winners.size() == 1 ? style.tr(" wins.", " gagne.") : style.tr(" share the win.", " partagent la victoire."));
    }
    out_ << '\n';
    return Outcome::kOver;
  }

  // The player leaves before the end: with Ctrl-C or Ctrl-D an unsaved game is
  // saved first. Writes where the game is (on the normal screen); the exit status.
  int Leave(Outcome why) {
    const Style& style = options_.style;
    LeaveScreen();
    if (why == Outcome::kEnd && !options_.keyboard) return kExitLeft;  // a script's input ended
    if (humans_.empty()) {
      out_ << '\n' << style.tr("Stopped.", "Arrêté.") << '\n';
      return why == Outcome::kInterrupt ? kExitInterrupted : kExitLeft;
    }
    const int code = why == Outcome::kInterrupt ? kExitInterrupted : kExitLeft;
    if (why == Outcome::kQuit && !saved_) {
      out_ << style.tr("Game left unsaved.", "Partie abandonnée sans sauvegarde.") << '\n';
      return code;
    }
    if (!saved_) {
      const std::string path = save_path_.empty() ? AutosavePath(options_, record_) : save_path_;
      if (!Write(path)) {
        out_ << Format(style.tr("Could not save the game to %s.", "Impossible de sauver la partie dans %s."), path.c_str())
             << '\n';
        return kExitCannotSave;
      }
    }
    out_ << Format(style.tr("The game is saved in %s.\nResume it with: %s play --load %s\n",
                            "La partie est sauvée dans %s.\nReprenez-la avec : %s play --load %s\n"),
                   save_path_.c_str(), ProgramName().c_str(), save_path_.c_str());
    return code;
  }

  const GameRecord& record() const { return record_; }
  void set_watch_delay_ms(int ms) { watch_delay_ms_ = ms; }

 private:
  // The listeners: every human, or seat 0 when only bots play.
  std::vector<int> Listeners() const { return humans_.empty() ? std::vector<int>{0} : humans_; }

  void Play(const std::string& move) {
    std::vector<int> listeners = Listeners();
    std::vector<AnyView> before;
    for (int s : listeners) before.push_back(state_->PlayerView(s));
    const int mover = state_->current_player();
    Status applied = state_->Apply(move);
    if (!applied.ok()) throw std::logic_error("a checked move failed: " + applied.message());
    record_.moves.push_back(move);
    saved_ = false;
    result_ = result_ || EndsARound(state_->LastEvent(), *state_);
    for (size_t i = 0; i < listeners.size(); ++i) {
      const int s = listeners[i];
      const AnyView after = state_->PlayerView(s);
      const int you = humans_.empty() ? -1 : s;
      // On a terminal, the screen tells each move in short; the log keeps the long form.
      for (const std::string& line : Tell(before[i], after, state_->LastEvent(), you, names_, options_.style, options_.screen))
        Add(&pending_[static_cast<size_t>(s)], line);
      for (const std::string& line : Tell(before[i], after, state_->LastEvent(), you, names_, options_.style, false))
        Add(&history_[static_cast<size_t>(s)], line);
      // A bot's word on its own move, to the people listening.
      if (options_.explain && mover >= 0 && std::find(humans_.begin(), humans_.end(), mover) == humans_.end() &&
          !humans_.empty())
        for (const std::string& line : options_.explain(state_->LastEventJson(s)))
          pending_[static_cast<size_t>(s)].push_back(line);
    }
  }

  // Adds `line` to what a listener reads. A line of the same player as the last
  // (a turn of several moves, as Marrakech's orientation, roll and carpet) joins
  // it, its subject left out: "easy bot 2 turns Assam left: ...; rolls 3: ...".
  void Add(std::vector<std::string>* told, const std::string& line) const {
    const Style& style = options_.style;
    if (!told->empty()) {
      std::string& last = told->back();
      std::vector<std::string> subjects = names_;
      if (humans_.size() > 1) subjects.push_back(style.tr("You", "Vous"));
      for (const std::string& name : subjects) {
        const std::string subject = name + " ";
        if (!line.starts_with(subject) || !last.starts_with(subject)) continue;
        if (last.ends_with(".")) last.pop_back();
        last += style.tr("; ", " ; ") + line.substr(subject.size());
        return;
      }
    }
    told->push_back(line);
  }

  // A bot's move; nothing when Ctrl-C came while it thought.
  std::optional<std::string> BotMove(int p) {
    std::shared_ptr<ai::Bot> bot = bots_[static_cast<size_t>(p)];
    AnyView view = state_->PlayerView(p);
    if (options_.screen && humans_.size() == 1) {
      // The player's table while the bot thinks, with a line saying so in place of the prompt.
      const int human = humans_[0];
      Draw(SplitLines(Render(state_->PlayerView(human), names_, options_.style)), pending_[static_cast<size_t>(human)], {},
           Format(options_.style.tr("%s is thinking…", "%s réfléchit…"), names_[static_cast<size_t>(p)].c_str()));
    }
    std::optional<std::string> move = options_.keyboard
                                          ? UnlessInterrupted<std::string>([bot, view] { return bot->ChooseMove(view); })
                                          : bot->ChooseMove(view);
    if (!move || !move->empty() || bot->FailureReason().empty()) return move;
    // An engine failed: the game goes on with Souk's medium bot in its seat.
    auto fallback = ai::MakeBot(state_->game(), kFallbackBot, record_.options.seed + static_cast<uint64_t>(p));
    if (!fallback.ok()) return std::nullopt;
    bots_[static_cast<size_t>(p)] = std::shared_ptr<ai::Bot>(std::move(*fallback));
    out_ << bot->FailureReason()
         << Format(options_.style.tr("; the %s bot plays its seat from now on.\n", " ; le bot %s joue sa place désormais.\n"),
                   kFallbackBot)
         << std::flush;
    return BotMove(p);
  }

  // --- Drawing -------------------------------------------------------------------

  void EnterScreen() {
    if (!options_.screen || screen_on_) return;
    out_ << kEnterScreen;
    screen_on_ = true;
  }
  void LeaveScreen() {
    if (!screen_on_) return;
    out_ << kLeaveScreen;
    out_.flush();
    screen_on_ = false;
  }

  // Lines wider than the terminal wrapped (the lines after the first indented), the
  // others as they are: nothing is cut.
  std::vector<std::string> Fitted(const std::vector<std::string>& lines) const {
    std::vector<std::string> out;
    for (const std::string& line : lines) {
      if (VisibleWidth(line) <= Width()) {
        out.push_back(line);
        continue;
      }
      const size_t indent = std::min<size_t>(line.find_first_not_of(' '), 8) + 2;
      for (std::string& part : Wrap(line, Width(), indent)) out.push_back(std::move(part));
    }
    return out;
  }

  // Every line fitted to the terminal's width (on a terminal).
  std::string Fit(const std::string& text) const {
    if (!options_.screen) return text;
    std::string out;
    for (const std::string& line : Fitted(SplitLines(text))) out += line + "\n";
    return out;
  }

  void UpdateSize() {
    int rows = 0, cols = 0;
    if (ScreenSize(1, &rows, &cols)) {
      rows_ = rows;
      cols_ = cols;
    }
  }

  // Lines the screen has above the prompt.
  size_t Height() const { return static_cast<size_t>(std::max(rows_ - 2, 3)); }
  size_t Width() const { return static_cast<size_t>(std::max(cols_, 20)); }

  // Lines told, each wrapped to the width (the lines after the first indented).
  std::vector<std::string> Wrapped(const std::vector<std::string>& told) const {
    std::vector<std::string> lines;
    for (const std::string& t : told)
      for (std::string& line : Wrap("  " + t, Width(), 4)) lines.push_back(std::move(line));
    return lines;
  }

  // The moves told within `room` lines: all of them, or the latest whole ones under
  // a line saying how many earlier lines `log` shows.
  std::vector<std::string> ToldLines(const std::vector<std::string>& told, size_t room) const {
    std::vector<std::string> lines = Wrapped(told);
    if (lines.size() <= room) return lines;
    if (room == 0) return {};
    size_t kept = 0;  // lines of the latest moves told that fit whole
    for (size_t i = told.size(); i-- > 0;) {
      const size_t more = Wrapped({told[i]}).size();
      if (kept + more > room - 1) break;
      kept += more;
    }
    if (kept == 0) kept = room - 1;
    std::vector<std::string> out = {
        "  " + Format(options_.style.tr("… %zu earlier lines: type 'log'", "… %zu lignes plus tôt : tapez 'journal'"),
                      lines.size() - kept)};
    out.insert(out.end(), lines.end() - static_cast<std::ptrdiff_t>(kept), lines.end());
    return out;
  }

  // The lines left for the notes under the table `top` and the moves `told`: what
  // the moves told leave, or when the player asked for the notes (`asked`), all but
  // a line for the moves told (the oldest give way to `log`).
  size_t NotesRoom(const std::vector<std::string>& top, const std::vector<std::string>& told, bool asked) const {
    const size_t height = Height();
    const size_t table = std::min(top.size(), height - 1);
    const size_t room = height - table - 1;
    if (asked) return room - std::min<size_t>(room, told.empty() ? 0 : 1);
    return room - ToldLines(told, room).size();
  }

  // One whole screen: `top` (the table), then the moves told, the notes (an error,
  // the list, the help), the prompt last. The table always stays (but for the help
  // when it does not fit beside it: `help`). The moves told come before notes the
  // player did not ask for (the list shown at each turn), after those asked for
  // (`asked`); what does not fit is cut, the oldest moves told first, saying so.
  void Draw(const std::vector<std::string>& top, const std::vector<std::string>& told,
            const std::vector<std::string>& notes, const std::string& prompt, bool asked = false, bool help = false) {
    EnterScreen();
    UpdateSize();  // the size now, whether or not its signal was read yet
    const size_t height = Height();
    std::vector<std::string> lines = top;
    if (help && lines.size() + notes.size() + 1 > height) lines.clear();
    if (lines.size() + 1 > height) lines.resize(height - 1);
    size_t room = height - lines.size() - 1;
    std::vector<std::string> told_lines;
    size_t notes_room = 0;
    if (asked) {
      notes_room = std::min(notes.size(), room - std::min<size_t>(room, told.empty() ? 0 : 1));
      told_lines = ToldLines(told, room - notes_room);
    } else {
      told_lines = ToldLines(told, room);
      notes_room = std::min(notes.size(), room - told_lines.size());
    }
    room -= told_lines.size() + notes_room;
    // A blank line under the table when there is room for it.
    if (!lines.empty() && room > 0 && !(told_lines.empty() && notes.empty())) lines.emplace_back();
    lines.insert(lines.end(), told_lines.begin(), told_lines.end());
    for (size_t i = 0; i < notes_room; ++i)
      lines.push_back(i + 1 == notes_room && notes_room < notes.size() ? "  …" : notes[i]);
    out_ << kClear;
    for (const std::string& line : lines) out_ << FitLine(line, Width()) << '\n';
    out_ << FitLine(prompt, Width());
    out_.flush();
  }

  // Page `page` (from 1) of `items` in columns within `room` lines; when they do not
  // all fit, the last line says which are shown and how to see the others
  // (`command` followed by a page number).
  std::vector<std::string> Paged(const std::vector<std::string>& items, size_t room, size_t page,
                                 const char* command) const {
    const Style& style = options_.style;
    std::vector<std::string> all = InColumns(items, Width());
    if (all.size() <= room || room < 2) return all;
    size_t widest = 1;
    for (const std::string& item : items) widest = std::max(widest, VisibleWidth(item));
    const size_t columns = std::max<size_t>(1, (Width() + 3) / (widest + 3));
    const size_t per_page = (room - 1) * columns;
    const size_t pages = (items.size() + per_page - 1) / per_page;
    page = std::clamp<size_t>(page, 1, pages);
    const size_t first = (page - 1) * per_page, last = std::min(items.size(), first + per_page);
    std::vector<std::string> lines =
        InColumns(std::vector<std::string>(items.begin() + static_cast<std::ptrdiff_t>(first),
                                           items.begin() + static_cast<std::ptrdiff_t>(last)),
                  Width());
    lines.push_back(Format(style.tr("  page %zu of %zu: type '%s %zu' for the next", "  page %zu sur %zu : tapez '%s %zu' pour la suivante"),
                           page, pages, command, page % pages + 1));
    return lines;
  }

  // Bots only: the moves as they come, and the screen whenever a new seat is to
  // decide (after a whole Marrakech turn, not after its orientation and roll).
  Outcome ShowWatched(int last_mover) {
    const int next = state_->current_player();
    if (state_->is_over() || ((next == GameState::kChance || next == last_mover) && !result_)) {
      if (!options_.screen) Flush(0);
      return Outcome::kPlayed;
    }
    const Style& style = options_.style;
    if (options_.screen) {
      if (TakeResize()) UpdateSize();
      std::vector<std::string> told = pending_[0];
      pending_[0].clear();
      std::string footer;
      int pause = watch_delay_ms_;
      if (result_) {
        pause = std::max(5000, watch_delay_ms_ * 10);
        footer = options_.keyboard ? Format(style.tr("Press Enter to go on (or wait %d s).", "Appuyez sur Entrée pour continuer (ou attendez %d s)."), pause / 1000)
                                   : std::string();
      }
      Draw(SplitLines(Render(state_->PlayerView(0), names_, style)), told, {}, footer);
      if (options_.keyboard && result_) in_.WaitForLine(pause);
      else if (pause > 0) Sleep(pause);
      return InterruptPending() ? Outcome::kInterrupt : Outcome::kPlayed;
    }
    Flush(0);
    out_ << '\n' << Render(state_->PlayerView(0), names_, style) << '\n';
    out_.flush();
    if (watch_delay_ms_ > 0) Sleep(watch_delay_ms_);
    return Outcome::kPlayed;
  }

  void Sleep(int ms) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < end && !InterruptPending())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }

  // After a round's result, against bots on a terminal: the result stays until Enter.
  Outcome PauseOnResult(int p) {
    const Style& style = options_.style;
    std::vector<std::string> told = pending_[static_cast<size_t>(p)];
    pending_[static_cast<size_t>(p)].clear();
    while (true) {
      Draw({}, told, {}, style.tr("Press Enter to go on. ", "Appuyez sur Entrée pour continuer. "));
      std::string ignored;
      Read r = in_.Next(&ignored);
      if (r == Read::kResize) {
        UpdateSize();
        continue;
      }
      if (r == Read::kInterrupt) return Outcome::kInterrupt;
      if (r == Read::kEnd) return Outcome::kEnd;
      return Outcome::kPlayed;
    }
  }

  void Flush(int seat) {
    for (const std::string& line : pending_[static_cast<size_t>(seat)]) out_ << "  " << line << '\n';
    pending_[static_cast<size_t>(seat)].clear();
  }

  // A line of the player, through resizes (`redraw` draws the screen again).
  Read ReadLine(std::string* line, const std::function<void()>& redraw) {
    out_.flush();
    while (true) {
      Read r = in_.Next(line);
      if (r != Read::kResize) return r;
      UpdateSize();
      if (redraw) redraw();
    }
  }

  // --- A human's turn ------------------------------------------------------------

  Outcome PassTheKeyboard(int p) {
    const Style& style = options_.style;
    const std::string prompt =
        style.Bold(Format(style.tr("Pass the keyboard to %s and press Enter. ", "Passez le clavier à %s et appuyez sur Entrée. "),
                          names_[static_cast<size_t>(p)].c_str()));
    if (options_.screen) {
      EnterScreen();
      out_ << kClear;  // nothing of the last player's hand above, nor in the scrollback
    }
    auto draw = [&] { out_ << (options_.screen ? std::string(kClear) : "\n") << FitLine(prompt, static_cast<size_t>(options_.screen ? cols_ : 1000)); };
    draw();
    std::string ignored;
    Read r = ReadLine(&ignored, draw);
    if (r == Read::kLine) return Outcome::kPlayed;
    return r == Read::kInterrupt ? Outcome::kInterrupt : Outcome::kEnd;
  }

  // One decision of a human.
  Outcome HumanTurn(int p) {
    const Style& style = options_.style;
    if (humans_.size() > 1 && p != shown_) {
      if (Outcome o = PassTheKeyboard(p); o != Outcome::kPlayed) return o;
    }
    shown_ = p;
    if (decisions_.empty() || decisions_.back() != record_.moves.size()) decisions_.push_back(record_.moves.size());
    const std::vector<std::string> legal = state_->LegalMoves();
    const std::string prompt = (humans_.size() > 1 ? names_[static_cast<size_t>(p)] + ", " : std::string()) +
                               style.tr("your move> ", "votre coup> ");
    const std::string many =
        Format(style.tr("%zu legal moves: type 'moves' to list them, 'help' for the short forms.",
                        "%zu coups légaux : tapez 'coups' pour les voir, 'aide' pour les formes brèves."),
               legal.size());
    std::vector<std::string> told = pending_[static_cast<size_t>(p)];
    pending_[static_cast<size_t>(p)].clear();
    std::vector<std::string> notes;
    std::vector<std::string> paged;  // a list shown a page at a time (moves, log)
    size_t page = 1;
    const char* paged_command = "";
    bool help_shown = false, log_shown = false;
    auto draw = [&] {
      if (options_.screen) {
        std::vector<std::string> top = SplitLines(Render(state_->PlayerView(p), names_, style));
        std::vector<std::string> below = notes;
        const size_t room = NotesRoom(top, log_shown ? std::vector<std::string>() : told, !notes.empty() || !paged.empty());
        if (!paged.empty()) {
          below = Paged(paged, room, page, paged_command);
        } else if (!below.empty()) {
          below = Fitted(below);
        } else {
          // The list when it fits whole beside the table, else how many moves there are.
          below = InColumns(MoveList(state_->game(), legal, style), Width());
          if (legal.size() > 12 || below.size() > room) below = {many};
        }
        // The log holds the moves told: they give it their room.
        Draw(top, log_shown ? std::vector<std::string>() : told, below, prompt, !notes.empty() || !paged.empty(), help_shown);
      } else {
        out_ << prompt;
      }
    };
    if (!options_.screen) {
      for (const std::string& line : told) out_ << "  " << line << '\n';
      out_ << '\n' << Render(state_->PlayerView(p), names_, style) << '\n';
      if (legal.size() <= 12) {
        for (const std::string& line : MoveList(state_->game(), legal, style)) out_ << "  " << line << '\n';
      } else {
        out_ << many << '\n';
      }
    }
    while (true) {
      draw();
      notes.clear();
      paged.clear();
      help_shown = log_shown = false;
      std::string line;
      Read r = ReadLine(&line, draw);
      if (r == Read::kInterrupt) return Outcome::kInterrupt;
      if (r == Read::kEnd) return Outcome::kEnd;
      Entry entry = ReadEntry(state_->game(), line, legal, style);
      switch (entry.kind) {
        case Entry::Kind::kNothing: break;
        case Entry::Kind::kHelp:
          notes = HelpLines(state_->game(), style);
          help_shown = true;
          break;
        case Entry::Kind::kMoves: {
          // "moves 2": a page; "moves sell": the moves whose words hold "sell".
          const std::optional<int> number = ParseSmallInt(entry.text);
          std::vector<std::string> items = MoveList(state_->game(), legal, style, number ? "" : entry.text);
          if (items.empty()) {
            notes = {"  ! " + Format(style.tr("no legal move matches '%s' (type 'moves' for them all)",
                                              "aucun coup légal ne contient '%s' (tapez 'coups' pour tous)"),
                                     Quoted(entry.text).c_str())};
          } else if (options_.screen) {
            paged = std::move(items);
            page = number && *number > 0 ? static_cast<size_t>(*number) : 1;
            paged_command = style.tr("moves", "coups");
          } else {
            for (std::string& item : items) notes.push_back("  " + item);
          }
          break;
        }
        case Entry::Kind::kLog: {
          // The latest lines first: "log 2" is the page before.
          const std::vector<std::string>& history = history_[static_cast<size_t>(p)];
          if (history.empty()) {
            notes = {"  " + std::string(style.tr("Nothing has happened yet.", "Rien ne s'est encore passé."))};
          } else if (options_.screen) {
            const std::optional<int> number = ParseSmallInt(entry.text);
            const size_t room = std::max<size_t>(NotesRoom(SplitLines(Render(state_->PlayerView(p), names_, style)), {}, true), 2);
            log_shown = true;
            const std::vector<std::string> lines = Wrapped(history);
            const size_t per_page = room - 1;
            const size_t pages = (lines.size() + per_page - 1) / per_page;
            const size_t n = std::clamp<size_t>(number && *number > 0 ? static_cast<size_t>(*number) : 1, 1, pages);
            const size_t end = lines.size() - (n - 1) * per_page, begin = end - std::min(end, per_page);
            notes.assign(lines.begin() + static_cast<std::ptrdiff_t>(begin), lines.begin() + static_cast<std::ptrdiff_t>(end));
            notes.push_back(Format(style.tr("  log, lines %zu-%zu of %zu: type 'log %zu' for earlier ones",
                                            "  journal, lignes %zu-%zu sur %zu : tapez 'journal %zu' pour les précédentes"),
                                   begin + 1, end, lines.size(), n % pages + 1));
          } else {
            for (const std::string& l : history) notes.push_back("  " + l);
          }
          break;
        }
        case Entry::Kind::kHint: {
          std::optional<std::vector<std::string>> hint = Hint(p);
          if (!hint) return Outcome::kInterrupt;
          notes = *hint;
          break;
        }
        case Entry::Kind::kUndo:
          if (Undo(&notes)) return Outcome::kPlayed;
          break;
        case Entry::Kind::kSave: notes = {Save(entry.text)}; break;
        case Entry::Kind::kError: notes = {"  ! " + entry.text}; break;
        case Entry::Kind::kQuit: {
          if (saved_) return Outcome::kQuit;
          std::string answer;
          const std::string ask = style.tr("The game is not saved. Quit anyway? (y/n) ",
                                           "La partie n'est pas sauvée. Quitter quand même ? (o/n) ");
          auto ask_again = [&] { options_.screen ? Draw({}, {}, {}, ask) : void(out_ << ask); };
          ask_again();
          Read a = ReadLine(&answer, ask_again);
          if (a == Read::kInterrupt) return Outcome::kInterrupt;
          if (a == Read::kEnd) return Outcome::kEnd;
          if (Yes(answer)) return Outcome::kQuit;
          break;
        }
        case Entry::Kind::kMove: {
          auto trial = state_->Clone();
          Status ok = trial->Apply(entry.text);
          if (!ok.ok()) {
            notes = {"  ! " + ExplainRefusal(state_->game(), state_->PlayerView(p), ok, style)};
            break;
          }
          Play(Canonical(state_->game(), entry.text));
          return Outcome::kPlayed;
        }
      }
      if (!options_.screen)
        for (const std::string& note : notes) out_ << note << '\n';
    }
  }

  // The hint bot's three best moves; nothing when Ctrl-C came while it thought.
  std::optional<std::vector<std::string>> Hint(int p) {
    const Style& style = options_.style;
    auto made = ai::MakeBot(state_->game(), options_.hint_bot, record_.moves.size() + 1);
    if (!made.ok()) return std::vector<std::string>{"  ! " + made.message()};
    std::shared_ptr<ai::Bot> bot(std::move(*made));
    AnyView view = state_->PlayerView(p);
    ai::TextAnalysis analysis;
    if (options_.keyboard) {
      auto done = UnlessInterrupted<ai::TextAnalysis>([bot, view] { return bot->Analyse(view); });
      if (!done) return std::nullopt;
      analysis = std::move(*done);
    } else {
      analysis = bot->Analyse(view);
    }
    std::vector<std::string> lines = {Format(style.tr("  Hint (%s, %lld simulations):", "  Conseil (%s, %lld simulations) :"),
                                             BotName(options_.hint_bot, style).c_str(), static_cast<long long>(analysis.iterations))};
    // The moves in a column as wide as the widest, two spaces before the numbers.
    size_t widest = 0;
    for (size_t i = 0; i < analysis.moves.size() && i < 3; ++i)
      widest = std::max(widest, VisibleWidth(MoveWords(state_->game(), analysis.moves[i].move, style)));
    for (size_t i = 0; i < analysis.moves.size() && i < 3; ++i) {
      const auto& m = analysis.moves[i];
      std::string words = MoveWords(state_->game(), m.move, style);
      words.append(widest + 2 - VisibleWidth(words), ' ');
      std::string margin = Format("%+.1f", m.score);
      if (style.lang == Lang::kFr) std::replace(margin.begin(), margin.end(), '.', ',');  // "écart -5,3"
      lines.push_back(Format(style.tr("    %zu. %swins %3.0f%%, margin %s", "    %zu. %sgagne %3.0f %%, écart %s"),
                             i + 1, words.c_str(), 100 * m.win_rate, margin.c_str()));
    }
    return lines;
  }

  // Back to the human's previous decision: the record cut there and replayed, so
  // the deck, the piles and the die give what they gave before.
  bool Undo(std::vector<std::string>* notes) {
    const Style& style = options_.style;
    if (humans_.size() != 1) {
      *notes = {"  ! " + std::string(style.tr("undo is for games against bots only", "annuler n'est possible que contre des bots"))};
      return false;
    }
    if (decisions_.size() < 2) {
      *notes = {"  ! " + std::string(style.tr("nothing to undo yet", "rien à annuler pour l'instant"))};
      return false;
    }
    decisions_.pop_back();
    record_.moves.resize(decisions_.back());
    decisions_.pop_back();
    state_ = std::move(*Replay(record_));
    for (auto& log : pending_) log.clear();
    pending_[static_cast<size_t>(humans_[0])].push_back(style.tr("Back to your previous move.", "Retour à votre coup précédent."));
    history_[static_cast<size_t>(humans_[0])].push_back(style.tr("Back to your previous move (the moves above are undone).",
                                                                 "Retour à votre coup précédent (les coups ci-dessus sont annulés)."));
    if (!options_.screen) out_ << "  " << style.tr("Back to your previous move.", "Retour à votre coup précédent.") << '\n';
    if (!options_.screen) pending_[static_cast<size_t>(humans_[0])].clear();
    return true;
  }

  bool Write(const std::string& path) {
    std::ofstream file(path, std::ios::binary);
    file << FormatRecord(record_);
    file.close();
    if (!file) return false;
    saved_ = true;
    save_path_ = path;
    return true;
  }

  std::string Save(const std::string& path) {
    const Style& style = options_.style;
    if (!Write(path)) return "  ! " + Format(style.tr("cannot write %s", "impossible d'écrire %s"), Quoted(path).c_str());
    return "  " + Format(style.tr("Saved to %s. Resume with: %s play --load %s", "Sauvé dans %s. Reprendre : %s play --load %s"),
                         path.c_str(), ProgramName().c_str(), path.c_str());
  }

  const PlayOptions& options_;
  LineReader& in_;
  std::ostream& out_;
  GameRecord record_;
  std::unique_ptr<GameState> state_;
  std::vector<std::shared_ptr<ai::Bot>> bots_;     // null for humans; shared with a search Ctrl-C left running
  std::vector<int> humans_;
  std::vector<std::string> names_;
  std::vector<std::vector<std::string>> pending_;  // lines each listener has yet to read
  std::vector<std::vector<std::string>> history_;  // every line told to each listener (`log`)
  std::vector<size_t> decisions_;                   // record lengths at the human's decisions
  int shown_ = -1;                                  // the human whose screen is showing
  int watch_delay_ms_ = 0;
  int rows_ = 24, cols_ = 80;
  bool saved_ = false;
  bool result_ = false;                             // the last moves ended a round or the game
  bool screen_on_ = false;                          // the alternate screen is showing
  std::string save_path_;                           // the last file saved to
};

}  // namespace

int Play(const PlayOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
  const Style& style = options.style;
  GameRecord record;
  std::vector<std::string> seats = options.seats;
  if (!options.load_path.empty()) {
    std::ifstream file(options.load_path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    if (!file) {
      err << "souk: " << Format(style.tr("%s: cannot open", "%s : impossible d'ouvrir"), options.load_path.c_str()) << '\n';
      return kExitBadOptions;
    }
    auto parsed = ParseRecord(text.str());
    if (!parsed.ok()) {
      err << "souk: " << options.load_path << ": " << parsed.message() << '\n';
      return kExitBadOptions;
    }
    record = std::move(*parsed);
    if (seats.empty()) seats = record.seats;
  } else {
    record.options = options.game;
  }
  if (seats.empty()) {
    auto game = NewGame(record.options);
    if (!game.ok()) {
      err << "souk: " << GameOptionsError(record.options, game.message(), style) << '\n';
      return kExitBadOptions;
    }
    seats.assign(static_cast<size_t>((*game)->num_players()), "medium");
    seats[0] = "human";
  }
  LineReader reader(in, options.keyboard, &out);
  std::optional<SignalScope> signals;
  if (options.keyboard) signals.emplace();
  while (true) {
    Table table(options, reader, out);
    if (std::string error = table.Setup(record, seats); !error.empty()) {
      err << "souk: " << GameOptionsError(record.options, error, style) << '\n';
      return kExitBadOptions;
    }
    out << Format(style.tr("%s, seed %llu. Type 'help' at any prompt.\n", "%s, graine %llu. Tapez 'aide' à tout moment.\n"),
                  DisplayName(record.options.game, style).c_str(),
                  static_cast<unsigned long long>(record.options.seed));
    const Outcome outcome = table.Run();
    if (outcome != Outcome::kOver) return table.Leave(outcome);
    std::string answer;
    bool reviewed = false;
    while (true) {
      if (!reviewed) out << style.tr("r: review this game. ", "a : analyser la partie. ");
      out << style.tr("Play again? (y/n) ", "Rejouer ? (o/n) ");
      out.flush();
      if (reader.Next(&answer) != Read::kLine) return kExitFinished;
      if (reviewed || !ReviewAsked(answer)) break;
      ShowReview(table.record(), options, out);
      reviewed = true;
    }
    if (!Yes(answer)) return kExitFinished;
    const bool fixed = options.seed_given || !options.load_path.empty();
    record.moves.clear();
    record.options.seed = fixed ? record.options.seed + 1 : FreshSeed();
  }
}

int Watch(const WatchOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
  PlayOptions play;
  play.game = options.game;
  play.seats = options.bots;
  play.style = options.style;
  play.screen = options.screen;
  play.keyboard = options.keyboard;
  play.rows = options.rows;
  play.cols = options.cols;
  play.make_bot = options.make_bot;
  GameRecord record;
  record.options = options.game;
  LineReader reader(in, options.keyboard, &out);
  std::optional<SignalScope> signals;
  if (options.keyboard) signals.emplace();
  Table table(play, reader, out);
  if (std::string error = table.Setup(record, options.bots); !error.empty()) {
    err << "souk: " << GameOptionsError(options.game, error, options.style) << '\n';
    return kExitBadOptions;
  }
  table.set_watch_delay_ms(options.delay_ms);
  out << Format(options.style.tr("%s, seed %llu, watched from seat 1's side.\n", "%s, graine %llu, vue du siège 1.\n"),
                DisplayName(options.game.game, options.style).c_str(), static_cast<unsigned long long>(options.game.seed));
  const Outcome outcome = table.Run();
  return outcome == Outcome::kOver ? kExitFinished : table.Leave(outcome);
}

}  // namespace souk::terminal
