// The arena: bots play each other over many games, and the results say which is
// stronger and by how much.
//
// Seats rotate: game i seats bot (s + i) mod K at seat s, for K bots, so every bot
// plays every seat equally often, and each run of K consecutive games shares one
// deal (the same game seed), which cancels much of the luck of the deal. Game and
// bot seeds derive from the arena seed, so a run with iteration budgets is exactly
// reproducible, whatever the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/status.h"
#include "format/json.h"

namespace souk::match {

// Makes a seat's bot from its spec; the engine layer's factory also makes external
// engines (engine/engine_registry.h), which the arena itself does not know.
using BotFactory =
    std::function<Result<std::unique_ptr<ai::Bot>>(std::string_view game, std::string_view spec, uint64_t seed)>;

// Called before each move of a seat's bot, with the seat's view and the number of
// moves the players have made in the game so far (the die's not counted). The engine
// layer's (engine/engine_registry.h) starts an engine at its first call (process,
// handshake, newgame) and gives it the number; it returns whether the bot is one it
// concerns (false for Souk's own bots). The arena counts the first call's time of
// each game as that bot's start-up, apart from its moves.
using BeforeMove = std::function<bool(ai::Bot& bot, const AnyView& view, int moves_played)>;

struct ArenaOptions {
  std::string game;               // "jaipur" | "marrakech"
  std::string variant;            // "" for the game's default
  std::vector<std::string> bots;  // one spec per seat: 2 for Jaipur, 2 to 4 for Marrakech
  int games = 100;                // rounded up to a multiple of the number of bots
  uint64_t seed = 1;
  int threads = 1;                // games played at once
  // A game still going after this many decisions is stopped and counted as shared
  // by all (two bots could in principle exchange the same cards forever).
  int max_decisions = 5000;
  // Called after each finished game, from the thread that played it, one call at a time.
  std::function<void(int done, int total)> progress;
  // Null for Souk's own bots only (ai::MakeBot).
  BotFactory make_bot;
  // Null: nothing before a move (Souk's own bots need nothing).
  BeforeMove before_move;
  // A file recording each finished game (arena_journal.h), "" for none: RunArena
  // plays only the games it lacks and appends each one it plays.
  std::string journal;
};

// Games a bot lost because it failed (an engine that timed out, crashed, ...), by
// the failure's kind (ai::BotFailureName: "timed_out").
struct FailureCount {
  std::string code;  // "timed_out"; "unknown" for a journal written before codes
  std::string what;  // the first such message up to its first ':' ("engine x timed out")
  int games = 0;
  std::string first;  // the whole message of the first such failure
};

struct BotResult {
  std::string spec;
  int games = 0;
  int wins = 0;    // sole wins
  int shared = 0;  // wins shared with others (draws)
  int losses = 0;
  double points = 0;  // wins + shared wins split between the winners
  double win_rate = 0, ci_low = 0, ci_high = 0;  // points per game, Wilson 95% interval
  // The game's score at the end (rupees, dirhams + carpets), over the games no bot's
  // failure cut short (scored_games of them; 0 when every game was cut short).
  double average_score = 0;
  int scored_games = 0;
  int64_t decisions = 0;
  double think_seconds = 0, max_move_seconds = 0;
  // Its start-up (an engine's process, handshake and newgame), counted apart from the
  // moves: the sum, and the games that timed one (games read from a journal do not).
  double startup_seconds = 0;
  int startups = 0;
  int failures = 0;  // games lost by failing (counted in losses too)
  std::vector<FailureCount> failure_counts;
};

struct ArenaReport {
  ArenaOptions options;  // games as played (rounded up)
  std::vector<BotResult> bots;
  // Two bots: the first's Elo difference over the second, from its win rate and
  // interval (infinite bounds when a bot won or lost every game).
  bool has_elo = false;
  double elo = 0, elo_low = 0, elo_high = 0;
  // Moves per game, chance moves not counted, over the games no failure cut short.
  double average_decisions = 0;
  int cut_short = 0;  // games ended by a bot's failure: in the wins and losses, not in the averages
  int unfinished = 0;
  double seconds = 0;  // this sitting's wall time
  int resumed = 0;     // games read from the journal, not played in this sitting
};

// Plays every game. Fails, before playing, on an unknown game, a bad spec or a
// wrong number of bots.
Result<ArenaReport> RunArena(const ArenaOptions& options);

// A run in parts (the Python library spreads one over many machines): each game's
// outcome depends only on the options and its index, so ranges of games played apart
// and merged in order of index give the report RunArena gives, timings aside.
//
// One game, per bot (in the order of options.bots, not per seat): what the report sums.
struct GameOutcome {
  int index = 0;
  std::vector<double> points;  // 1 a sole win, 1/w a win shared by w bots, 0 a loss
  std::vector<int> place;      // 1 sole win, 2 shared win, 0 loss
  std::vector<int> score;      // the game's score at the end
  std::vector<int64_t> decisions;
  std::vector<double> think_seconds, max_move_seconds;
  // Per bot, the time before_move took at its first move (its start-up); 0 for a bot
  // it does not concern; empty when not measured (no before_move, or read back).
  std::vector<double> startup_seconds;
  int total_decisions = 0;  // moves of the game, chance moves not counted
  bool unfinished = false;  // stopped after max_decisions, counted as shared by all
  std::string error;        // why the game could not be played (a bot's illegal move)
  // Per bot: why it failed in this game and lost it ("" when it did not; empty when
  // no bot failed). The game ends at the failure; the other seats share the win.
  std::vector<std::string> failure;
  // Per bot, the failure's kind (ai::BotFailureName), "" when it did not fail.
  std::vector<std::string> failure_code;
};

// The run the options describe, checked as RunArena checks them, games rounded up.
Result<ArenaOptions> CheckArena(const ArenaOptions& options);
// Plays games [first, last) of that run, options.threads at once (0 <= first <=
// last <= its games); element i is game first + i. Fails on the first game that fails.
Result<std::vector<GameOutcome>> PlayArenaGames(const ArenaOptions& options, int first, int last);
// Plays the games of those indices (each of the run), element i being game indices[i].
// `finished` (may be empty) hears each game as it ends, one call at a time; a
// failure it returns stops new games from starting, and is the result.
Result<std::vector<GameOutcome>> PlayArenaGames(const ArenaOptions& options, std::span<const int> indices,
                                                const std::function<Status(const GameOutcome&)>& finished = {});
// The report of a whole run from every game's outcome, in order of index, and the
// run's wall time.
Result<ArenaReport> ArenaReportOf(const ArenaOptions& options, std::span<const GameOutcome> outcomes,
                                  double seconds);

// Wilson score interval for a proportion at 95%.
void WilsonInterval(double proportion, int n, double* low, double* high);
// Elo difference implied by an expected score p in [0, 1] (±infinity at the ends).
double EloFromScore(double p);

std::string ReportText(const ArenaReport& report);
Json ReportJson(const ArenaReport& report);

}  // namespace souk::match
