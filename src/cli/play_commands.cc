#include "cli/play_commands.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <string_view>

#include "cli/ai_commands.h"
#include "cli/cli_error.h"
#include "format/record.h"
#include "terminal/console.h"
#include "terminal/learn.h"
#include "terminal/session.h"

namespace souk::cli {
namespace {

terminal::Style StyleFor(const std::string& lang) {
  terminal::Style style;
  style.color = terminal::ColorWanted(STDOUT_FILENO);
  style.lang = terminal::LangFromEnvironment();
  if (!lang.empty() && !terminal::ParseLang(lang, &style.lang))
    throw CliError{kBadInput, "--lang must be en or fr, not '" + lang + "'"};
  return style;
}

// Redraw in place only on a terminal that can move its cursor; read the keyboard
// directly (Ctrl-C, Ctrl-D, resizes) only when stdin is one.
bool ScreenWanted() {
  const char* term = std::getenv("TERM");
  return isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 && !(term && std::string_view(term) == "dumb");
}

uint64_t SeedOf(const std::string& text) {
  if (text.empty()) {
    std::random_device device;
    return (static_cast<uint64_t>(device()) << 32) ^ device();
  }
  auto seed = ParseSeed(text);
  if (!seed.ok()) throw CliError{kBadInput, "--seed: " + seed.message()};
  return *seed;
}

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    out.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

}  // namespace

// The language of the command line itself: --lang as given, else the environment.
bool FrenchCommandLine(int argc, char** argv) {
  terminal::Lang lang = terminal::LangFromEnvironment();
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--lang" && i + 1 < argc) terminal::ParseLang(argv[i + 1], &lang);
    else if (arg.rfind("--lang=", 0) == 0) terminal::ParseLang(arg.substr(7), &lang);
  }
  return lang == terminal::Lang::kFr;
}

PlayCommands::PlayCommands(CLI::App& app, int argc, char** argv) : french_(FrenchCommandLine(argc, argv)) {
  auto tr = [&](const char* en, const char* fr) { return std::string(french_ ? fr : en); };
  play_ = app.add_subcommand("play", tr("Play in the terminal against bots or at one keyboard (hot-seat)",
                                        "Jouer dans le terminal contre des bots ou à plusieurs sur un clavier"));
  play_->add_option("game", game_, "jaipur | marrakech")->capture_default_str();
  play_->add_option("--vs", vs_, tr("Every opponent: easy, medium, hard, human, or any bot spec (default medium)",
                                    "Chaque adversaire : easy, medium, hard, human ou tout bot (medium par défaut)"));
  play_->add_option("--seat", seat_, tr("Your seat, from 0 (against --vs)", "Votre siège, à partir de 0 (avec --vs)"))
      ->capture_default_str();
  play_->add_option("--players", players_, tr("Number of players (marrakech: 2, 3 or 4)", "Nombre de joueurs (marrakech : 2, 3 ou 4)"));
  play_->add_option("--seats", seats_, tr("Every seat in order, comma-separated: human or a bot spec (e.g. human,hard,medium)",
                                          "Chaque siège dans l'ordre, séparés par des virgules : human ou un bot (ex. human,hard,medium)"));
  play_->add_option("--variant", variant_, tr("Rules variant (marrakech: single-colour)", "Variante (marrakech : single-colour)"));
  play_->add_option("--seed", seed_, tr("Seed of the game (default: random)", "Graine de la partie (par défaut : au hasard)"));
  play_->add_option("--lang", lang_, tr("en | fr (default: from LANG)", "en | fr (par défaut : selon LANG)"));
  play_->add_option("--load", load_, tr("Resume a game saved with 'save FILE'", "Reprendre une partie sauvée avec 'sauver FICHIER'"));
  play_->add_option("--hint-bot", hint_bot_, tr("The bot behind 'hint'", "Le bot derrière 'conseil'"))->capture_default_str();
  play_->add_option("--review-budget", review_.budget,
                    tr("MCTS iterations per decision of the review offered at the end (docs/review.md)",
                       "Itérations MCTS par décision de l'analyse proposée à la fin (docs/review.md)"))
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  play_->add_option("--review-samples", review_.samples,
                    tr("Playouts per win-chance estimate of that review", "Parties simulées par estimation de cette analyse"))
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));

  learn_ = app.add_subcommand("learn", tr("Learn to play: guided lessons, then a whole game against a gentle bot",
                                         "Apprendre à jouer : des leçons guidées, puis une partie contre un bot doux"));
  learn_->add_option("game", game_, "jaipur | marrakech")->required();
  learn_->add_option("lesson", lesson_, tr("Start with this lesson (its number or id)", "Commencer par cette leçon (numéro ou identifiant)"));
  learn_->add_option("--lang", lang_, tr("en | fr (default: from LANG)", "en | fr (par défaut : selon LANG)"));
  watch_ = app.add_subcommand("watch", tr("Watch bots play a whole game", "Regarder des bots jouer une partie"));
  watch_->add_option("game_and_bots", watch_args_, "GAME BOT BOT [BOT BOT]")->required()->expected(3, 5);
  for (CLI::App* command : {play_, watch_})
    command->add_option("--engines", engines_,
                        tr("Engines' config file, for engine:NAME bots (docs/engine-protocol.md)",
                           "Fichier des moteurs, pour les bots engine:NOM (docs/engine-protocol.md)"));
  watch_->add_option("--variant", variant_, tr("Rules variant (marrakech: single-colour)", "Variante (marrakech : single-colour)"));
  watch_->add_option("--seed", seed_, tr("Seed of the game (default: random)", "Graine de la partie (par défaut : au hasard)"));
  watch_->add_option("--lang", lang_, tr("en | fr (default: from LANG)", "en | fr (par défaut : selon LANG)"));
  watch_->add_option("--delay", delay_ms_, tr("Milliseconds to pause after each turn (default 600 on a terminal, else 0)",
                                              "Pause après chaque tour, en millisecondes (600 sur un terminal, sinon 0)"));
  if (french_) {
    for (CLI::App* cmd : {play_, watch_}) {
      cmd->set_help_flag("-h,--help", "Afficher cette aide");
      auto formatter = std::make_shared<CLI::Formatter>();
      formatter->label("Usage", "Utilisation");
      formatter->label("OPTIONS", "OPTIONS");
      formatter->label("Options", "Options");
      formatter->label("Positionals", "Arguments");
      cmd->formatter(formatter);
    }
  }
}

std::string PlayCommands::ParseErrorText(const CLI::ParseError& error, int argc, char** argv) const {
  if (argc < 2) return {};
  const std::string_view command = argv[1];
  if (command != "play" && command != "watch") return {};
  const char* usage = command == "watch" ? "souk watch GAME BOT BOT [BOT BOT] [--seed N] [--delay MS] [--lang en|fr]"
                                         : "souk play [GAME] [--vs BOT | --seats LIST] [--players N] [--seed N] [--lang en|fr]";
  std::string what = error.what();
  if (what.find("game_and_bots") != std::string::npos)
    what = french_ ? "il faut un jeu et 2 à 4 bots" : "a game and 2 to 4 bots are needed";
  else if (what.find("were not expected") != std::string::npos)
    what = french_ ? "trop d'arguments" : "too many arguments";
  return "souk: " + what + "\n" + (french_ ? "utilisation : " : "usage: ") + usage + "\n" +
         (french_ ? "Plus d'aide : souk " : "More: souk ") + std::string(command) + " --help\n";
}

bool PlayCommands::parsed() const { return play_->parsed() || watch_->parsed() || learn_->parsed(); }

int PlayCommands::Run() {
  if (learn_->parsed()) {
    terminal::LearnOptions options;
    options.game = game_;
    options.lesson = lesson_;
    options.style = StyleFor(lang_);
    options.screen = ScreenWanted();
    terminal::ScreenSize(STDOUT_FILENO, &options.rows, &options.cols);
    options.make_bot = CommandLineBots(engines_);
    return terminal::Learn(options, std::cin, std::cout, std::cerr);
  }
  if (watch_->parsed()) {
    terminal::WatchOptions options;
    options.game.game = watch_args_[0];
    options.bots.assign(watch_args_.begin() + 1, watch_args_.end());
    options.game.players = static_cast<int>(options.bots.size());
    options.game.variant = variant_;
    options.game.seed = SeedOf(seed_);
    options.style = StyleFor(lang_);
    options.delay_ms = delay_ms_ >= 0 ? delay_ms_ : (isatty(STDOUT_FILENO) ? 600 : 0);
    options.screen = ScreenWanted();
    options.keyboard = isatty(STDIN_FILENO) == 1;
    terminal::ScreenSize(STDOUT_FILENO, &options.rows, &options.cols);
    options.make_bot = CommandLineBots(engines_);
    return terminal::Watch(options, std::cin, std::cout, std::cerr);
  }
  terminal::PlayOptions options;
  options.style = StyleFor(lang_);
  options.screen = ScreenWanted();
  options.keyboard = isatty(STDIN_FILENO) == 1;
  terminal::ScreenSize(STDOUT_FILENO, &options.rows, &options.cols);
  options.hint_bot = hint_bot_;
  options.review = review_;
  options.load_path = load_;
  options.seed_given = !seed_.empty();
  options.game.game = game_;
  options.game.variant = variant_;
  options.game.seed = SeedOf(seed_);
  if (!seats_.empty()) {
    if (!vs_.empty()) throw CliError{kBadInput, "--seats and --vs: give one or the other"};
    options.seats = SplitCommas(seats_);
    if (players_ && players_ != static_cast<int>(options.seats.size()))
      throw CliError{kBadInput, "--players says " + std::to_string(players_) + " but --seats lists " +
                                    std::to_string(options.seats.size())};
    options.game.players = static_cast<int>(options.seats.size());
  } else if (!load_.empty()) {
    if (!vs_.empty()) throw CliError{kBadInput, "--vs with --load: the saved game says who plays; use --seats to change it"};
  } else {
    const int n = players_ ? players_ : 2;
    if (seat_ < 0 || seat_ >= n) throw CliError{kBadInput, "--seat must be from 0 to " + std::to_string(n - 1)};
    options.seats.assign(static_cast<size_t>(n), vs_.empty() ? "medium" : vs_);
    options.seats[static_cast<size_t>(seat_)] = "human";
    options.game.players = players_;
  }
  options.make_bot = CommandLineBots(engines_);
  return terminal::Play(options, std::cin, std::cout, std::cerr);
}

}  // namespace souk::cli
