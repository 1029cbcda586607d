// `souk`: the scriptable command line over the game engines.
//
// Exit status: 0 success; 2 bad input (a malformed or illegal move, a broken state
// or record file, a bad option), with one line on stderr saying what was wrong;
// 1 anything else (an unreadable file, an internal error).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>

#include <CLI/CLI.hpp>

#include "cli/ai_commands.h"
#include "cli/bench_command.h"
#include "cli/cli_error.h"
#include "cli/loadtest_command.h"
#include "cli/play_commands.h"
#include "cli/read_input.h"
#include "cli/review_command.h"
#include "cli/accounts_command.h"
#include "cli/admin_command.h"
#include "cli/serve_command.h"
#include "engine/engine_server.h"
#include "format/game.h"
#include "format/record.h"
#include "terminal/session.h"

namespace souk {
namespace {

using cli::CliError;
using cli::kBadInput;
using cli::ReadInput;

std::unique_ptr<GameState> LoadFile(const std::string& path) {
  auto state = LoadStateText(ReadInput(path));
  if (!state.ok()) throw CliError{kBadInput, (path == "-" ? "stdin" : path) + ": " + state.message()};
  return std::move(*state);
}

void PrintJson(const Json& json, bool pretty) { std::cout << DumpJson(json, pretty) << '\n'; }

uint64_t FreshSeed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

// Jaipur's rounds end inside a move: say so when the state's last_round changes.
void PrintRoundEnd(const GameState& state, Json* last_round) {
  Json json = state.ToJson();
  auto it = json.find("last_round");
  if (it == json.end() || it->is_null() || *it == *last_round) return;
  *last_round = *it;
  auto seat = [](const Json& v) { return v.is_null() ? std::string("nobody") : "player " + std::to_string(v.get<int>()); };
  std::cout << "  -- round scored: rupees " << (*it)["rupees"][0] << " to " << (*it)["rupees"][1]
            << ", camel token: " << seat((*it)["camel_token"]) << ", seal: " << seat((*it)["seal"]) << '\n';
}

// Uniformly random legal moves (chance outcomes from the game's own PRNG), to
// show a whole game without any AI.
int Demo(const GameOptions& options, const std::string& record_path, bool quiet) {
  auto game = NewGame(options);
  if (!game.ok()) throw CliError{kBadInput, game.message()};
  std::unique_ptr<GameState> state = std::move(*game);
  GameRecord record{options, {}};
  Prng chooser(options.seed ^ 0x5eed5eed5eed5eedULL);
  Json last_round = nullptr;
  if (!quiet) std::cout << "A " << options.game << " game, seed " << options.seed << ", played by random moves.\n";
  while (!state->is_over()) {
    std::string move = state->SampleChance();
    if (move.empty()) {
      auto legal = state->LegalMoves();
      move = legal[chooser.Below(static_cast<uint32_t>(legal.size()))];
    }
    int mover = state->current_player();
    Status applied = state->Apply(move);
    if (!applied.ok()) throw CliError{1, "internal error: " + applied.message()};
    record.moves.push_back(move);
    if (!quiet) {
      if (mover == GameState::kChance) std::cout << "  chance: " << move << '\n';
      else std::cout << "  player " << mover << ": " << move << '\n';
      PrintRoundEnd(*state, &last_round);
    }
  }
  auto scores = state->Scores();
  auto winners = state->Winners();
  std::cout << "Game over after " << record.moves.size() << " moves. Winner:";
  for (int w : winners) std::cout << " player " << w;
  std::cout << ". Final scores:";
  for (int s : scores) std::cout << ' ' << s;
  std::cout << '\n';
  if (!record_path.empty()) {
    std::ofstream out(record_path, std::ios::binary);
    out << FormatRecord(record);
    if (!out) throw CliError{1, record_path + ": cannot write"};
    std::cout << "Record written to " << record_path << '\n';
  }
  return 0;
}

uint64_t SeedOption(const std::string& text, uint64_t fallback) {
  if (text.empty()) return fallback;
  auto seed = ParseSeed(text);
  if (!seed.ok()) throw CliError{kBadInput, "--seed: " + seed.message()};
  return *seed;
}

int Run(int argc, char** argv) {
  CLI::App app{"Souk: Jaipur and Marrakech. States are JSON; moves are canonical text."};
  app.require_subcommand(1);
  app.fallthrough();  // --pretty may follow the subcommand
  bool pretty = false;
  app.add_flag("--pretty", pretty, "Indent JSON output");

  GameOptions options;
  std::string seed_text;
  auto add_game_options = [&](CLI::App* cmd) {
    cmd->add_option("game", options.game, "jaipur | marrakech")->required();
    cmd->add_option("--seed", seed_text, "Seed of the game's PRNG, 0 to 2^64-1 (default: random)");
    cmd->add_option("--players", options.players, "Number of players (marrakech: 2, 3 or 4)");
    cmd->add_option("--variant", options.variant, "Rules variant (marrakech: single-colour)");
  };

  CLI::App* new_cmd = app.add_subcommand("new", "Print a new game's state");
  add_game_options(new_cmd);

  std::string file;
  CLI::App* legal_cmd = app.add_subcommand("legal", "List the legal moves, one per line");
  legal_cmd->add_option("file", file, "State file, or - for stdin")->required();

  std::vector<std::string> moves;
  CLI::App* apply_cmd = app.add_subcommand("apply", "Print the state after the moves");
  apply_cmd->add_option("file", file, "State file, or - for stdin")->required();
  apply_cmd->add_option("moves", moves, "Moves, one argument each (e.g. \"take gold\")")->required();

  int player = -1;
  CLI::App* view_cmd = app.add_subcommand("view", "Print what one player may know");
  view_cmd->add_option("file", file, "State file, or - for stdin")->required();
  view_cmd->add_option("--player", player, "Seat of the player")->required();

  bool all_states = false;
  CLI::App* replay_cmd = app.add_subcommand("replay", "Replay a game record; print the final state");
  replay_cmd->add_option("record", file, "Record file, or - for stdin")->required();
  replay_cmd->add_flag("--states", all_states, "Print every state, one JSON line each");
  cli::ReviewCommand review;
  std::string review_seed_text;
  CLI::App* review_cmd = app.add_subcommand("review", "Review a finished game: each move's loss, luck, accuracy");
  review_cmd->add_option("record", review.record, "Record file, or - for stdin")->required();
  review_cmd->add_option("--budget", review.options.budget, "MCTS iterations per decision")->capture_default_str();
  review_cmd->add_option("--samples", review.options.samples, "Playouts per win-chance estimate")->capture_default_str();
  review_cmd->add_option("--seed", review_seed_text, "Seed of the review (default 1)");
  review_cmd->add_option("--threads", review.options.threads, "Threads (default: one per core)");
  review_cmd->add_option("--line", review.options.line_plies, "Plies of the bot's line after a flagged move's better one");
  review_cmd->add_flag("--json", review.json, "Print the review as JSON (docs/review.md)");

  std::string record_path;
  bool quiet = false;
  CLI::App* demo_cmd = app.add_subcommand("demo", "Watch a game of random legal moves");
  add_game_options(demo_cmd);
  demo_cmd->add_option("--record", record_path, "Write the game record to this file");
  demo_cmd->add_flag("--quiet", quiet, "Print only the result");

  cli::HintOptions hint;
  std::string bot_seed_text;
  CLI::App* hint_cmd = app.add_subcommand("hint", "Rank a player's legal moves from that player's view");
  hint_cmd->add_option("file", file, "State file, or - for stdin")->required();
  hint_cmd->add_option("--player", hint.player, "Seat of the player (default: the player to move)");
  hint_cmd->add_option("--bot", hint.bot, "Bot spec (random, greedy, mcts[:options], easy, medium, hard)")
      ->capture_default_str();
  hint_cmd->add_option("--seed", bot_seed_text, "Seed of the bot's search (default 1)");
  hint_cmd->add_option("--engines", hint.engines, "Engines' config file (default $XDG_CONFIG_HOME/souk/engines.json)");
  hint_cmd->add_option("--top", hint.top, "Moves to list, best first; 0 for all")->capture_default_str();
  hint_cmd->add_flag("--json", hint.json, "Print JSON");

  engine::EngineOptions engine_options;
  std::string engine_seed_text;
  CLI::App* engine_cmd =
      app.add_subcommand("engine", "Play a bot as an engine on stdin and stdout (docs/engine-protocol.md)");
  engine_cmd->add_option("--bot", engine_options.bot, "Bot spec (random, greedy, mcts[:options], easy, medium, hard)")
      ->capture_default_str();
  engine_cmd->add_option("--seed", engine_seed_text, "Seed of the bot when newgame gives none (default 1)");
  engine_cmd->add_flag("--info", engine_options.info, "Send info lines: the bot's ranking of the moves");

  cli::ArenaCommand arena;
  std::vector<std::string> arena_args;
  std::string arena_seed_text;
  CLI::App* arena_cmd = app.add_subcommand("arena", "Play bots against each other and compare them");
  arena_cmd->add_option("game_and_bots", arena_args, "GAME BOT_A BOT_B [BOT_C BOT_D]")->required()->expected(3, 5);
  arena_cmd->add_option("--games", arena.games, "Games to play (rounded up to a multiple of the bots)")
      ->capture_default_str();
  arena_cmd->add_option("--seed", arena_seed_text, "Seed of the whole run (default 1)");
  arena_cmd->add_option("--threads", arena.threads, "Games played at once")->capture_default_str();
  arena_cmd->add_option("--engines", arena.engines, "Engines' config file (default $XDG_CONFIG_HOME/souk/engines.json)");
  arena_cmd->add_option("--variant", arena.variant, "Rules variant (marrakech: single-colour)");
  arena_cmd->add_option("--journal", arena.journal,
                        "Record each finished game in this file; run again with it to go on where a run stopped");
  arena_cmd->add_flag("--json", arena.json, "Print JSON");

  cli::TrainCommand train;
  std::string train_seed_text;
  CLI::App* train_cmd = app.add_subcommand("train", "Train a learned evaluation by self-play (docs/ai.md)");
  train_cmd->add_option("model", train.what, "jaipur-value")->required();
  train_cmd->add_option("--rounds", train.rounds, "Self-play rounds")->capture_default_str();
  train_cmd->add_option("--seed", train_seed_text, "Seed of the deals and the self-play (default 1)");
  train_cmd->add_option("--lambda", train.lambda, "TD(λ)'s λ")->capture_default_str();
  train_cmd->add_option("--rate", train.rate, "Learning rate at the start (falls to a tenth)")->capture_default_str();
  train_cmd->add_option("--epsilon", train.epsilon, "Self-play's share of random moves")->capture_default_str();
  train_cmd->add_option("--policy", train.policy,
                        "Who plays the self-play rounds: rollout (the search's rollout policy) or an mcts spec "
                        "with an iteration budget, e.g. mcts:iterations=100")
      ->capture_default_str();
  train_cmd->add_option("--from", train.from, "Start from the weights in this file (written by --out) instead of zeros");
  train_cmd->add_option("--threads", train.threads, "Rounds played at once (the weights do not depend on it)")
      ->capture_default_str();
  train_cmd->add_option("--holdout", train.holdout,
                        "Rounds played by the policy, apart from training, to measure the curve on")
      ->capture_default_str();
  train_cmd->add_option("--out", train.out, "Write the weights here (src/ai/jaipur/jaipur_value_weights.inc)");

  cli::PlayCommands play(app, argc, argv);

  cli::ServeCommand serve(app);
  cli::AccountsCommand accounts(app);
  cli::AdminCommand admin(app);

  cli::BenchCommand bench(app);

  loadtest::LoadOptions load;
  CLI::App* load_cmd = app.add_subcommand("loadtest", "Play many games at once against a running `souk serve`");
  load_cmd->add_option("--host", load.host, "Server address")->capture_default_str();
  load_cmd->add_option("--port", load.port, "Server port")->capture_default_str();
  load_cmd->add_option("--url", load.urls,
                       "A server's base URL, http://HOST:PORT; repeat it for instances sharing one store: each game's "
                       "seats play through different instances (instead of --host and --port)");
  load_cmd->add_option("--games", load.games, "Concurrent games (two WebSocket clients each)")->capture_default_str();
  load_cmd->add_option("--seconds", load.seconds, "Seconds of play")->capture_default_str();
  load_cmd->add_option("--think-ms", load.think_ms, "Average pause before each move")->capture_default_str();
  load_cmd->add_option("--game", load.game, "jaipur | marrakech")->capture_default_str();
  load_cmd->add_flag("--abuse", load.abuse, "Abusers beside the games: creation flood, half-open sockets, never-reading WebSockets, bot-heavy games");
  load_cmd->add_option("--half-open", load.half_open, "With --abuse: sockets that never finish a request")->capture_default_str();
  load_cmd->add_option("--never-readers", load.never_readers, "With --abuse: WebSocket subscribers that never read")->capture_default_str();
  bool spread = false;
  CLI::Option* spread_opt = load_cmd->add_flag("--spread-addresses,!--no-spread-addresses", spread,
                                               "Each client from its own 127.x.y.z address (default: on with --abuse or --rated)");
  load_cmd->add_option("--server-pid", load.server_pid, "The server's process id: report its memory from /proc");
  load_cmd->add_flag("--rated", load.rated,
                     "Each game's seats are two accounts signed up for the run, its games rated and played again "
                     "when they end; at the end every account's ratings are checked (sign-ups are limited per address: "
                     "--spread-addresses is on by default)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0) {
      if (std::string text = play.ParseErrorText(e, argc, argv); !text.empty()) {
        std::cerr << text;
        return kBadInput;
      }
    }
    int code = app.exit(e);
    return code == 0 ? 0 : kBadInput;
  }

  if (new_cmd->parsed() || demo_cmd->parsed()) {
    if (seed_text.empty()) {
      options.seed = FreshSeed();
    } else {
      auto seed = ParseSeed(seed_text);
      if (!seed.ok()) throw CliError{kBadInput, "--seed: " + seed.message()};
      options.seed = *seed;
    }
  }

  if (new_cmd->parsed()) {
    auto game = NewGame(options);
    if (!game.ok()) throw CliError{kBadInput, game.message()};
    PrintJson((*game)->ToJson(), pretty);
  } else if (legal_cmd->parsed()) {
    for (const auto& m : LoadFile(file)->LegalMoves()) std::cout << m << '\n';
  } else if (apply_cmd->parsed()) {
    auto state = LoadFile(file);
    for (const auto& m : moves) {
      Status applied = state->Apply(m);
      if (!applied.ok()) throw CliError{kBadInput, applied.message()};
    }
    PrintJson(state->ToJson(), pretty);
  } else if (view_cmd->parsed()) {
    auto state = LoadFile(file);
    if (player < 0 || player >= state->num_players())
      throw CliError{kBadInput, "--player must be a seat from 0 to " + std::to_string(state->num_players() - 1)};
    PrintJson(state->ViewJson(player), pretty);
  } else if (replay_cmd->parsed()) {
    auto record = ParseRecord(ReadInput(file));
    if (!record.ok()) throw CliError{kBadInput, file + ": " + record.message()};
    auto print = [&](const GameState& s) { PrintJson(s.ToJson(), pretty); };
    auto final_state = Replay(*record, all_states ? std::function<void(const GameState&)>(print) : nullptr);
    if (!final_state.ok()) throw CliError{kBadInput, file + ": " + final_state.message()};
    if (!all_states) PrintJson((*final_state)->ToJson(), pretty);
  } else if (review_cmd->parsed()) {
    review.options.seed = SeedOption(review_seed_text, 1);
    review.pretty = pretty;
    return cli::Review(review);
  } else if (demo_cmd->parsed()) {
    return Demo(options, record_path, quiet);
  } else if (hint_cmd->parsed()) {
    hint.seed = SeedOption(bot_seed_text, 1);
    hint.pretty = pretty;
    return cli::Hint(*LoadFile(file), hint);
  } else if (engine_cmd->parsed()) {
    engine_options.seed = SeedOption(engine_seed_text, 1);
    auto server = engine::EngineServer::Create(engine_options);
    if (!server.ok()) throw CliError{kBadInput, "--bot: " + server.message()};
    std::ios::sync_with_stdio(false);
    (*server)->Run(std::cin, std::cout);
    return 0;
  } else if (load_cmd->parsed()) {
    load.spread_addresses = spread_opt->count() > 0 ? spread : load.abuse || load.rated;
    return cli::LoadTest(load);
  } else if (bench.parsed()) {
    return bench.Run();
  } else if (serve.parsed()) {
    return serve.Run();
  } else if (accounts.parsed()) {
    return accounts.Run();
  } else if (admin.parsed()) {
    return admin.Run();
  } else if (play.parsed()) {
    int code = play.Run();
    // Ctrl-C may have left a bot's search running on its thread: end at once.
    if (code == terminal::kExitInterrupted) {
      std::cout.flush();
      std::cerr.flush();
      std::_Exit(code);
    }
    return code;
  } else if (arena_cmd->parsed()) {
    arena.game = arena_args[0];
    arena.bots.assign(arena_args.begin() + 1, arena_args.end());
    arena.seed = SeedOption(arena_seed_text, 1);
    arena.pretty = pretty;
    return cli::Arena(arena);
  } else if (train_cmd->parsed()) {
    train.seed = SeedOption(train_seed_text, 1);
    std::string command_line = "souk";
    for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];
    return cli::Train(train, command_line);
  }
  return 0;
}

}  // namespace
}  // namespace souk

int main(int argc, char** argv) {
  try {
    return souk::Run(argc, argv);
  } catch (const souk::CliError& e) {
    std::cerr << "souk: " << e.message << '\n';
    return e.code;
  } catch (const std::exception& e) {
    std::cerr << "souk: internal error: " << e.what() << '\n';
    return 1;
  }
}
