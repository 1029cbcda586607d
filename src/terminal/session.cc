#include "terminal/session.h"

#include <algorithm>
#include <chrono>
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
#include "core/messages.h"
#include "format/record.h"
#include "terminal/games.h"
#include "terminal/input.h"
#include "terminal/jaipur_screen.h"
#include "terminal/marrakech_screen.h"

namespace souk::terminal {
namespace {

std::string Render(const AnyView& view, const std::vector<std::string>& names, const Style& style) {
  if (auto* j = std::get_if<jaipur::View>(&view)) return RenderJaipur(*j, names, style);
  return RenderMarrakech(std::get<marrakech::View>(view), names, style);
}

// The engine's event told from the side of the viewer of `before` and `after`.
std::vector<std::string> Tell(const AnyView& before, const AnyView& after, const AnyEvent& event, int you,
                              const std::vector<std::string>& names, const Style& style) {
  if (auto* j = std::get_if<jaipur::MoveEvent>(&event)) {
    const auto& view = std::get<jaipur::View>(before);
    return TellJaipurMove(view, std::get<jaipur::View>(after), jaipur::ForViewer(*j, view.viewer), you, names, style);
  }
  return TellMarrakechMove(std::get<marrakech::View>(before), std::get<marrakech::View>(after),
                           std::get<marrakech::MoveEvent>(event), you, names, style);
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

bool Yes(const std::string& line) {
  std::string_view t = line;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  return !t.empty() && (t.front() == 'y' || t.front() == 'Y' || t.front() == 'o' || t.front() == 'O');
}

std::string BotName(const std::string& spec, const Style& style) {
  return Format(style.tr("%s bot", "bot %s"), spec.c_str());
}

void PrintHelp(std::string_view game, std::ostream& out, const Style& style) {
  out << style.tr("Enter a move as the list shows it, by its number, or in short:\n",
                  "Entrez un coup comme la liste l'écrit, par son numéro, ou en bref :\n");
  if (const TerminalGame* known = TerminalGameFor(game)) out << style.tr(known->help_en, known->help_fr);
  out << style.tr("Commands: moves (the numbered list), hint (the AI's advice), undo (back to your\n"
                  "previous move), save FILE, quit, help.\n",
                  "Commandes : coups (la liste numérotée), conseil (l'avis de l'IA), annuler (revenir\n"
                  "à votre coup précédent), sauver FICHIER, quitter, aide.\n");
}

void PrintMoves(const std::vector<std::string>& legal, std::ostream& out) {
  for (size_t i = 0; i < legal.size(); ++i) out << Format("  %3zu  %s\n", i + 1, legal[i].c_str());
}

enum class Outcome { kOver, kQuit };

// One game between the seats, from a record (a new game is a record without moves).
class Table {
 public:
  Table(const PlayOptions& options, std::istream& in, std::ostream& out) : options_(options), in_(in), out_(out) {}

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
      auto bot = ai::MakeBot(state_->game(), spec, record_.options.seed ^ (0x9e3779b97f4a7c15ULL * (p + 1)));
      if (!bot.ok()) return Format("seat %d: %s", p, bot.message().c_str());
      bots_.push_back(std::move(*bot));
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
    return {};
  }

  Outcome Run() {
    while (!state_->is_over()) {
      const int p = state_->current_player();
      if (p == GameState::kChance) {
        Play(state_->SampleChance());
      } else if (bots_[static_cast<size_t>(p)]) {
        Play(bots_[static_cast<size_t>(p)]->ChooseMove(state_->PlayerView(p)));
      } else if (!HumanTurn(p)) {
        return Outcome::kQuit;
      }
      if (humans_.size() == 1) Flush(humans_[0]);
      if (humans_.empty()) ShowWatched(p);
    }
    const Style& style = options_.style;
    const int reader = humans_.empty() ? 0 : humans_.front();
    Flush(reader);
    out_ << '\n' << Render(state_->PlayerView(reader), names_, style) << '\n';
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

  const GameRecord& record() const { return record_; }
  void set_watch_delay_ms(int ms) { watch_delay_ms_ = ms; }

 private:
  // The listeners: every human, or seat 0 when only bots play.
  std::vector<int> Listeners() const { return humans_.empty() ? std::vector<int>{0} : humans_; }

  void Play(const std::string& move) {
    std::vector<int> listeners = Listeners();
    std::vector<AnyView> before;
    for (int s : listeners) before.push_back(state_->PlayerView(s));
    Status applied = state_->Apply(move);
    if (!applied.ok()) throw std::logic_error("a checked move failed: " + applied.message());
    record_.moves.push_back(move);
    saved_ = false;
    for (size_t i = 0; i < listeners.size(); ++i) {
      const int s = listeners[i];
      auto lines = Tell(before[i], state_->PlayerView(s), state_->LastEvent(), humans_.empty() ? -1 : s, names_,
                        options_.style);
      auto& log = pending_[static_cast<size_t>(s)];
      log.insert(log.end(), lines.begin(), lines.end());
    }
  }

  // Bots only: the moves as they come, and the screen whenever a new seat is to
  // decide (after a whole Marrakech turn, not after its orientation and roll).
  void ShowWatched(int last_mover) {
    Flush(0);
    const int next = state_->current_player();
    if (state_->is_over() || next == GameState::kChance || next == last_mover) return;
    out_ << '\n' << Render(state_->PlayerView(0), names_, options_.style) << '\n';
    out_.flush();
    if (watch_delay_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(watch_delay_ms_));
  }

  void Flush(int seat) {
    for (const std::string& line : pending_[static_cast<size_t>(seat)]) out_ << "  " << line << '\n';
    pending_[static_cast<size_t>(seat)].clear();
  }

  bool ReadLine(std::string* line) {
    out_.flush();
    return static_cast<bool>(std::getline(in_, *line));
  }

  // One decision of a human; false when they quit.
  bool HumanTurn(int p) {
    const Style& style = options_.style;
    if (humans_.size() > 1 && p != shown_) {
      if (options_.clear_screen) out_ << "\x1b[H\x1b[2J";
      out_ << '\n'
           << style.Bold(Format(style.tr("Pass the keyboard to %s and press Enter. ", "Passez le clavier à %s et appuyez sur Entrée. "),
                                names_[static_cast<size_t>(p)].c_str()));
      std::string ignored;
      if (!ReadLine(&ignored)) return false;
      if (options_.clear_screen) out_ << "\x1b[H\x1b[2J";
    }
    shown_ = p;
    Flush(p);
    if (decisions_.empty() || decisions_.back() != record_.moves.size()) decisions_.push_back(record_.moves.size());
    out_ << '\n' << Render(state_->PlayerView(p), names_, style) << '\n';
    const std::vector<std::string> legal = state_->LegalMoves();
    if (legal.size() <= 12) PrintMoves(legal, out_);
    else out_ << Format(style.tr("%zu legal moves: type 'moves' to list them, 'help' for the short forms.\n",
                                 "%zu coups légaux : tapez 'coups' pour les voir, 'aide' pour les formes brèves.\n"),
                        legal.size());
    while (true) {
      out_ << (humans_.size() > 1 ? names_[static_cast<size_t>(p)] + ", " : std::string())
           << style.tr("your move> ", "votre coup> ");
      std::string line;
      if (!ReadLine(&line)) return false;
      Entry entry = ReadEntry(state_->game(), line, legal, style);
      switch (entry.kind) {
        case Entry::Kind::kNothing: break;
        case Entry::Kind::kHelp: PrintHelp(state_->game(), out_, style); break;
        case Entry::Kind::kMoves: PrintMoves(legal, out_); break;
        case Entry::Kind::kHint: Hint(p); break;
        case Entry::Kind::kUndo:
          if (Undo()) return true;
          break;
        case Entry::Kind::kSave: Save(entry.text); break;
        case Entry::Kind::kError: out_ << "  ! " << entry.text << '\n'; break;
        case Entry::Kind::kQuit: {
          if (saved_) return false;
          out_ << style.tr("The game is not saved. Quit anyway? (y/n) ", "La partie n'est pas sauvée. Quitter quand même ? (o/n) ");
          std::string answer;
          if (!ReadLine(&answer) || Yes(answer)) return false;
          break;
        }
        case Entry::Kind::kMove: {
          auto trial = state_->Clone();
          Status ok = trial->Apply(entry.text);
          if (!ok.ok()) {
            out_ << "  ! " << TranslateMessage(ok.message(), style.lang) << '\n';
            break;
          }
          Play(Canonical(state_->game(), entry.text));
          return true;
        }
      }
    }
  }

  void Hint(int p) {
    const Style& style = options_.style;
    auto bot = ai::MakeBot(state_->game(), options_.hint_bot, record_.moves.size() + 1);
    if (!bot.ok()) {
      out_ << "  ! " << bot.message() << '\n';
      return;
    }
    ai::TextAnalysis analysis = (*bot)->Analyse(state_->PlayerView(p));
    out_ << Format(style.tr("  Hint (%s bot, %lld simulations):\n", "  Conseil (bot %s, %lld simulations) :\n"),
                   options_.hint_bot.c_str(), static_cast<long long>(analysis.iterations));
    for (size_t i = 0; i < analysis.moves.size() && i < 3; ++i) {
      const auto& m = analysis.moves[i];
      out_ << Format(style.tr("    %zu. %-36s wins %3.0f%%, margin %+.1f\n", "    %zu. %-36s gagne %3.0f %%, écart %+.1f\n"),
                     i + 1, m.move.c_str(), 100 * m.win_rate, m.score);
    }
  }

  // Back to the human's previous decision: the record cut there and replayed, so
  // the deck, the piles and the die give what they gave before.
  bool Undo() {
    const Style& style = options_.style;
    if (humans_.size() != 1) {
      out_ << "  ! " << style.tr("undo is for games against bots only", "annuler n'est possible que contre des bots") << '\n';
      return false;
    }
    if (decisions_.size() < 2) {
      out_ << "  ! " << style.tr("nothing to undo yet", "rien à annuler pour l'instant") << '\n';
      return false;
    }
    decisions_.pop_back();
    record_.moves.resize(decisions_.back());
    decisions_.pop_back();
    state_ = std::move(*Replay(record_));
    for (auto& log : pending_) log.clear();
    out_ << "  " << style.tr("Back to your previous move.", "Retour à votre coup précédent.") << '\n';
    return true;
  }

  void Save(const std::string& path) {
    const Style& style = options_.style;
    std::ofstream file(path, std::ios::binary);
    file << FormatRecord(record_);
    file.close();
    if (!file) {
      out_ << "  ! " << Format(style.tr("cannot write %s", "impossible d'écrire %s"), path.c_str()) << '\n';
      return;
    }
    saved_ = true;
    out_ << "  " << Format(style.tr("Saved to %s. Resume with: souk play --load %s", "Sauvé dans %s. Reprendre : souk play --load %s"),
                           path.c_str(), path.c_str())
         << '\n';
  }

  const PlayOptions& options_;
  std::istream& in_;
  std::ostream& out_;
  GameRecord record_;
  std::unique_ptr<GameState> state_;
  std::vector<std::unique_ptr<ai::Bot>> bots_;  // null for humans
  std::vector<int> humans_;
  std::vector<std::string> names_;
  std::vector<std::vector<std::string>> pending_;  // lines each listener has yet to read
  std::vector<size_t> decisions_;                   // record lengths at the human's decisions
  int shown_ = -1;                                  // the human whose screen is showing
  int watch_delay_ms_ = 0;
  bool saved_ = false;
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
      err << "souk: " << options.load_path << ": cannot open\n";
      return 2;
    }
    auto parsed = ParseRecord(text.str());
    if (!parsed.ok()) {
      err << "souk: " << options.load_path << ": " << parsed.message() << '\n';
      return 2;
    }
    record = std::move(*parsed);
    if (seats.empty()) seats = record.seats;
  } else {
    record.options = options.game;
  }
  if (seats.empty()) {
    auto game = NewGame(record.options);
    if (!game.ok()) {
      err << "souk: " << game.message() << '\n';
      return 2;
    }
    seats.assign(static_cast<size_t>((*game)->num_players()), "medium");
    seats[0] = "human";
  }
  while (true) {
    Table table(options, in, out);
    if (std::string error = table.Setup(record, seats); !error.empty()) {
      err << "souk: " << error << '\n';
      return 2;
    }
    out << Format(style.tr("%s, seed %llu. Type 'help' at any prompt.\n", "%s, graine %llu. Tapez 'aide' à tout moment.\n"),
                  DisplayName(record.options.game, style).c_str(),
                  static_cast<unsigned long long>(record.options.seed));
    if (table.Run() == Outcome::kQuit) return 0;
    out << style.tr("Play again? (y/n) ", "Rejouer ? (o/n) ");
    out.flush();
    std::string answer;
    if (!std::getline(in, answer) || !Yes(answer)) return 0;
    const bool fixed = options.seed_given || !options.load_path.empty();
    record.moves.clear();
    record.options.seed = fixed ? record.options.seed + 1 : FreshSeed();
  }
}

int Watch(const WatchOptions& options, std::ostream& out, std::ostream& err) {
  PlayOptions play;
  play.game = options.game;
  play.seats = options.bots;
  play.style = options.style;
  GameRecord record;
  record.options = options.game;
  std::istringstream no_input;
  Table table(play, no_input, out);
  if (std::string error = table.Setup(record, options.bots); !error.empty()) {
    err << "souk: " << error << '\n';
    return 2;
  }
  table.set_watch_delay_ms(options.delay_ms);
  out << Format(options.style.tr("%s, seed %llu, watched from seat 1's side.\n", "%s, graine %llu, vue du siège 1.\n"),
                DisplayName(options.game.game, options.style).c_str(), static_cast<unsigned long long>(options.game.seed));
  table.Run();
  return 0;
}

}  // namespace souk::terminal
