#include "engine/engine_server.h"

#include <cmath>
#include <cstdio>
#include <istream>
#include <ostream>

#include "core/game_type.h"
#include "engine/quote.h"
#include "format/game.h"

namespace souk::engine {
namespace {

// The first word of `text` and the rest after the spaces that follow it.
std::string_view NextWord(std::string_view* text) {
  size_t start = text->find_first_not_of(' ');
  if (start == std::string_view::npos) {
    *text = {};
    return {};
  }
  text->remove_prefix(start);
  size_t end = text->find(' ');
  std::string_view word = text->substr(0, end);
  text->remove_prefix(end == std::string_view::npos ? text->size() : end);
  size_t rest = text->find_first_not_of(' ');
  text->remove_prefix(rest == std::string_view::npos ? text->size() : rest);
  return word;
}

// A whole non-negative decimal number up to `max`, or nothing.
std::optional<int64_t> Number(std::string_view word, int64_t max) {
  if (word.empty() || word.size() > 18) return std::nullopt;
  int64_t n = 0;
  for (char c : word) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  if (n > max) return std::nullopt;
  return n;
}

void Error(std::ostream& out, std::string_view what, std::string_view message) {
  out << "error " << what << ": " << message << '\n' << std::flush;
}

}  // namespace

Result<AnyView> ViewFromJsonChecked(const Json& json) { return LoadView(json); }

Result<std::unique_ptr<EngineServer>> EngineServer::Create(const EngineOptions& options) {
  auto spec = ai::ParseBotSpec(options.bot);
  if (!spec.ok()) return spec.status();
  return std::unique_ptr<EngineServer>(new EngineServer(options, *spec));
}

void EngineServer::Run(std::istream& in, std::ostream& out) {
  std::string line;
  while (true) {
    line.clear();
    bool too_long = false;
    int c;
    while ((c = in.get()) != EOF && c != '\n') {
      if (line.size() < kMaxLineBytes) line.push_back(static_cast<char>(c));
      else too_long = true;
    }
    if (c == EOF && line.empty()) return;
    if (too_long) {
      Error(out, "line", "longer than " + std::to_string(kMaxLineBytes) + " bytes");
    } else if (!HandleLine(line, out)) {
      return;
    }
    if (c == EOF) return;
  }
}

bool EngineServer::HandleLine(std::string_view line, std::ostream& out) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::string_view rest = line;
  std::string_view command = NextWord(&rest);
  if (command.empty()) return true;  // blank lines are ignored
  if (command == "quit") return false;
  if (command == "stop") return true;  // no search runs between requests: nothing to stop
  if (command == "souk-engine") {
    Handshake(rest, out);
  } else if (!greeted_) {
    Error(out, "handshake", "expected \"souk-engine 1\" first, got " + Quote(command, 40));
  } else if (command == "ping") {
    out << "pong" << (rest.empty() ? "" : " ") << rest << '\n' << std::flush;
  } else if (command == "newgame") {
    NewGame(rest, out);
  } else if (command == "position") {
    Position(rest, out);
  } else if (command == "go") {
    Go(rest, out);
  } else {
    Error(out, "request", "unknown request " + Quote(command, 40));
  }
  return true;
}

void EngineServer::Handshake(std::string_view args, std::ostream& out) {
  std::string_view version = NextWord(&args);
  if (!Number(version, 1000).has_value() || !args.empty()) {
    Error(out, "handshake", "expected \"souk-engine <version>\"");
    return;
  }
  if (*Number(version, 1000) != kProtocolVersion) {
    Error(out, "handshake", "this engine speaks souk-engine " + std::to_string(kProtocolVersion) + " only");
    return;
  }
  greeted_ = true;
  out << "id name souk " << ai::ToString(spec_) << '\n' << "id author The Souk authors\n";
  for (const GameType* type : GameTypes()) {
    out << "plays " << type->name;
    for (int n = type->min_players; n <= type->max_players; ++n) out << ' ' << n;
    out << '\n';
  }
  out << "ok souk-engine " << kProtocolVersion << '\n' << std::flush;
}

void EngineServer::NewGame(std::string_view args, std::ostream& out) {
  auto parsed = ParseJson(args);
  if (!parsed.ok() || !parsed->is_object()) {
    Error(out, "newgame", "expected a JSON object on the line: {\"game\": ..., \"players\": ..., \"seat\": ...}");
    return;
  }
  const Json& j = *parsed;
  auto field = [&](const char* key) -> const Json* {
    auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
  };
  const Json* game = field("game");
  const Json* players = field("players");
  const Json* seat = field("seat");
  const Json* variant = field("variant");
  const Json* seed = field("seed");
  if (!game || !game->is_string()) return Error(out, "newgame", "game: expected a string");
  if (!players || !players->is_number_integer()) return Error(out, "newgame", "players: expected an integer");
  if (!seat || !seat->is_number_integer()) return Error(out, "newgame", "seat: expected an integer");
  if (variant && !variant->is_string()) return Error(out, "newgame", "variant: expected a string");
  if (seed && !seed->is_number_unsigned()) return Error(out, "newgame", "seed: expected a non-negative integer");
  const GameType* type = FindGameType(game->get<std::string>());
  if (!type) {
    out << "refuse this engine does not play " << Quote(game->get<std::string>(), 40) << '\n' << std::flush;
    return;
  }
  int64_t n = players->get<int64_t>();
  auto checked = CheckPlayersAndVariant(*type, n < 1 || n > 64 ? -1 : static_cast<int>(n),
                                        variant ? variant->get<std::string>() : std::string());
  if (!checked.ok() || n == 0) {
    out << "refuse " << (checked.ok() ? "players: expected a player count" : checked.message()) << '\n' << std::flush;
    return;
  }
  int64_t s = seat->get<int64_t>();
  if (s < 0 || s >= n) return Error(out, "newgame", "seat: expected 0 to " + std::to_string(n - 1));
  game_ = std::string(type->name);
  players_ = static_cast<int>(n);
  seat_ = static_cast<int>(s);
  bot_seed_ = seed ? seed->get<uint64_t>() : options_.seed;
  bot_.reset();
  bot_budget_.clear();
  view_.reset();
  out << "ok\n" << std::flush;
}

void EngineServer::Position(std::string_view args, std::ostream& out) {
  if (game_.empty()) return Error(out, "position", "no game: send newgame first");
  auto parsed = ParseJson(args);
  if (!parsed.ok()) return Error(out, "position", "expected a view as JSON on the line: " + parsed.message());
  auto view = ViewFromJsonChecked(*parsed);
  if (!view.ok()) return Error(out, "position", view.message());
  if (parsed->value("game", "") != game_) return Error(out, "position", "view: game: this game is " + game_);
  const ViewFacts facts = FactsOf(*view);
  if (facts.game.players != players_)
    return Error(out, "position", "view: players: this game has " + std::to_string(players_));
  if (facts.viewer != seat_) return Error(out, "position", "view: viewer: this engine plays seat " + std::to_string(seat_));
  chance_ = facts.chance;
  over_ = facts.over;
  view_ = *view;
  out << "ok\n" << std::flush;
}

void EngineServer::Go(std::string_view args, std::ostream& out) {
  ai::BotSpec spec = spec_;
  bool timed = false, counted = false;
  while (!args.empty()) {
    std::string_view key = NextWord(&args);
    std::string_view value = NextWord(&args);
    if (key == "time" && !timed) {
      auto ms = Number(value, 3'600'000);
      if (!ms || *ms == 0) return Error(out, "go", "time: expected milliseconds, 1 to 3600000");
      spec.time_ms = static_cast<int>(*ms);
      spec.clock = false;  // the caller's time is each move's limit
      timed = true;
    } else if (key == "iterations" && !counted) {
      auto it = Number(value, 1'000'000'000);
      if (!it || *it == 0) return Error(out, "go", "iterations: expected 1 to 1000000000");
      spec.iterations = *it;
      counted = true;
    } else {
      return Error(out, "go", "expected \"go [time MS] [iterations N]\", got " + Quote(key, 40));
    }
  }
  // One limit given drops the spec's other one, as a level's does.
  if (timed && !counted) spec.iterations = 0;
  if (counted && !timed) spec.time_ms = 0;
  if (!view_) return Error(out, "go", "no position: send position first");
  if (over_) return Error(out, "go", "the game is over");
  if (chance_) return Error(out, "go", "the next move is the die's, not a player's");
  int to_move = std::visit([](const auto& v) { return v.to_move; }, *view_);
  if (to_move != seat_) return Error(out, "go", "it is seat " + std::to_string(to_move) + "'s turn, not this engine's");
  std::string budget = ai::ToString(spec);
  if (!bot_ || budget != bot_budget_) {
    auto bot = ai::MakeBot(game_, spec, bot_seed_);
    if (!bot.ok()) return Error(out, "go", bot.message());
    bot_ = std::move(*bot);
    bot_budget_ = budget;
  }
  if (!options_.info) {
    // The move the bot plays in Souk's own arena, from the same seed.
    out << "bestmove " << bot_->ChooseMove(*view_) << '\n' << std::flush;
    return;
  }
  ai::TextAnalysis analysis = bot_->Analyse(*view_);
  if (analysis.moves.empty()) return Error(out, "go", "no legal move");
  char line[128];
  std::snprintf(line, sizeof line, "info iterations %lld time %lld", static_cast<long long>(analysis.iterations),
                static_cast<long long>(std::llround(analysis.seconds * 1000)));
  out << line << '\n';
  for (size_t i = 0; i < analysis.moves.size() && i < 5; ++i) {
    const auto& m = analysis.moves[i];
    std::snprintf(line, sizeof line, " visits %lld win %.3f score %.2f", static_cast<long long>(m.visits), m.win_rate,
                  m.score);
    out << "info move " << m.move << line << '\n';
  }
  out << "bestmove " << analysis.moves.front().move << '\n' << std::flush;
}

}  // namespace souk::engine
