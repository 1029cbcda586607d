#include "match/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>

#include "ai/bot.h"
#include "core/game_type.h"
#include "format/game.h"
#include "match/arena_journal.h"

namespace souk::match {
namespace {

using Clock = std::chrono::steady_clock;

// Bounds that keep a mistyped count from allocating every game's result slot (or
// overflowing the rounding) and from starting thousands of threads.
constexpr int kMaxGames = 1'000'000;
constexpr int kMaxThreads = 256;

uint64_t Mix(uint64_t a, uint64_t b) { return Prng(a ^ (b * 0x9e3779b97f4a7c15ULL)).Next(); }

Result<std::unique_ptr<ai::Bot>> MakeSeatBot(const ArenaOptions& o, std::string_view spec, uint64_t seed) {
  return o.make_bot ? o.make_bot(o.game, spec, seed) : ai::MakeBot(o.game, spec, seed);
}

GameOutcome PlayGame(const ArenaOptions& o, int index) {
  const int k = static_cast<int>(o.bots.size());
  const int rotation = index % k;
  GameOutcome out;
  out.points.assign(static_cast<size_t>(k), 0);
  out.place.assign(static_cast<size_t>(k), 0);
  out.score.assign(static_cast<size_t>(k), 0);
  out.decisions.assign(static_cast<size_t>(k), 0);
  out.index = index;
  out.think_seconds.assign(static_cast<size_t>(k), 0);
  out.max_move_seconds.assign(static_cast<size_t>(k), 0);
  if (o.before_move) out.startup_seconds.assign(static_cast<size_t>(k), 0);

  GameOptions game{o.game, Mix(o.seed, static_cast<uint64_t>(index / k)), k, o.variant};
  auto created = NewGame(game);
  if (!created.ok()) {
    out.error = created.message();
    return out;
  }
  std::unique_ptr<GameState> state = std::move(*created);
  auto bot_at = [&](int seat) { return (seat + rotation) % k; };
  std::vector<std::unique_ptr<ai::Bot>> bots;  // by seat
  int failed_seat = -1;
  for (int seat = 0; seat < k; ++seat) {
    int b = bot_at(seat);
    auto bot = MakeSeatBot(o, o.bots[static_cast<size_t>(b)],
                           Mix(Mix(o.seed, static_cast<uint64_t>(index)), static_cast<uint64_t>(b) + 1));
    if (!bot.ok()) {
      out.error = bot.message();
      return out;
    }
    bots.push_back(std::move(*bot));
  }

  std::vector<bool> moved(static_cast<size_t>(k), false);  // by seat
  while (!state->is_over()) {
    std::string move = state->SampleChance();
    if (move.empty()) {
      if (out.total_decisions >= o.max_decisions) {
        out.unfinished = true;
        break;
      }
      int seat = state->current_player();
      size_t b = static_cast<size_t>(bot_at(seat));
      ai::Bot& bot = *bots[static_cast<size_t>(seat)];
      const AnyView view = state->PlayerView(seat);
      if (o.before_move) {
        auto before = Clock::now();
        const bool concerned = o.before_move(bot, view, out.total_decisions);
        if (concerned && !moved[static_cast<size_t>(seat)])
          out.startup_seconds[b] = std::chrono::duration<double>(Clock::now() - before).count();
      }
      moved[static_cast<size_t>(seat)] = true;
      auto start = Clock::now();
      move = bot.ChooseMove(view);
      double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      out.think_seconds[b] += seconds;
      out.max_move_seconds[b] = std::max(out.max_move_seconds[b], seconds);
      ++out.decisions[b];
      ++out.total_decisions;
      if (std::string failure = bot.FailureReason(); !failure.empty() || move.empty()) {
        const ai::BotFailure kind = failure.empty() ? ai::BotFailure::kNoMove : bot.FailureKind();
        out.failure.assign(static_cast<size_t>(k), "");
        out.failure_code.assign(static_cast<size_t>(k), "");
        out.failure[b] = failure.empty() ? "bot " + o.bots[b] + " failed: it played no move" : failure;
        out.failure_code[b] = kind == ai::BotFailure::kNone ? "unknown" : ai::BotFailureName(kind);
        failed_seat = seat;
        break;
      }
    }
    Status applied = state->Apply(move);
    if (!applied.ok()) {
      out.error = "game " + std::to_string(index) + ": a bot played an illegal move: " + applied.message();
      return out;
    }
  }

  std::vector<int> scores = state->Scores();
  std::vector<int> winners = out.unfinished || failed_seat >= 0 ? std::vector<int>{} : state->Winners();
  if (failed_seat >= 0) {  // the bot that failed lost; the others share the win
    for (int seat = 0; seat < k; ++seat)
      if (seat != failed_seat) winners.push_back(seat);
  } else if (winners.empty()) {  // unfinished: shared by all
    for (int seat = 0; seat < k; ++seat) winners.push_back(seat);
  }
  for (int seat = 0; seat < k; ++seat) {
    size_t b = static_cast<size_t>(bot_at(seat));
    out.score[b] = scores[static_cast<size_t>(seat)];
  }
  for (int seat : winners) {
    size_t b = static_cast<size_t>(bot_at(seat));
    out.points[b] = 1.0 / static_cast<double>(winners.size());
    out.place[b] = winners.size() == 1 ? 1 : 2;
  }
  return out;
}

void CountFailure(const std::string& code, const std::string& message, BotResult* r) {
  ++r->failures;
  for (FailureCount& f : r->failure_counts) {
    if (f.code == code) {
      ++f.games;
      return;
    }
  }
  r->failure_counts.push_back({code, message.substr(0, message.find(':')), 1, message});
}

std::string Percent(double p) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", 100 * p);
  return buffer;
}

std::string SignedElo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%+.0f", elo);
  return buffer;
}

Json EloJson(double elo) { return std::isinf(elo) ? Json(nullptr) : Json(std::round(elo * 10) / 10); }

double Round3(double x) { return std::round(x * 1000) / 1000; }

Json FailuresJson(const BotResult& b) {
  Json failed = Json::array();
  for (const FailureCount& f : b.failure_counts)
    failed.push_back(Json{{"code", f.code}, {"what", f.what}, {"games", f.games}, {"first", f.first}});
  return failed;
}

}  // namespace

void WilsonInterval(double p, int n, double* low, double* high) {
  if (n <= 0) {
    *low = 0;
    *high = 1;
    return;
  }
  const double z = 1.959963984540054, z2 = z * z, nn = static_cast<double>(n);
  double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  // The interval always holds p; rounding alone could leave p = 1 just outside.
  *low = std::clamp(centre - half, 0.0, p);
  *high = std::clamp(centre + half, p, 1.0);
}

double EloFromScore(double p) {
  if (p <= 0) return -std::numeric_limits<double>::infinity();
  if (p >= 1) return std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / p - 1);
}

Result<ArenaOptions> CheckArena(const ArenaOptions& options) {
  ArenaOptions o = options;
  const int k = static_cast<int>(o.bots.size());
  auto type = GameTypeOrError(o.game);
  if (!type.ok()) return type.status();
  if (!(*type)->AllowsPlayers(k)) {
    const int lo = (*type)->min_players, hi = (*type)->max_players;
    return Status::Error(o.game + " needs " + std::to_string(lo) + (lo == hi ? "" : " to " + std::to_string(hi)) +
                         " bots, got " + std::to_string(k));
  }
  if (o.games < 1 || o.games > kMaxGames)
    return Status::Error("games must be from 1 to " + std::to_string(kMaxGames) + ", got " + std::to_string(o.games));
  if (o.threads < 1 || o.threads > kMaxThreads)
    return Status::Error("threads must be from 1 to " + std::to_string(kMaxThreads) + ", got " +
                         std::to_string(o.threads));
  o.games = (o.games + k - 1) / k * k;
  // Fail on a bad game, variant or spec before any game is played.
  auto probe = NewGame({o.game, o.seed, k, o.variant});
  if (!probe.ok()) return probe.status();
  for (const std::string& spec : o.bots) {
    auto bot = MakeSeatBot(o, spec, 0);
    if (!bot.ok()) return bot.status();
  }
  return o;
}

Result<std::vector<GameOutcome>> PlayArenaGames(const ArenaOptions& options, int first, int last) {
  auto checked = CheckArena(options);
  if (!checked.ok()) return checked.status();
  if (first < 0 || first > last || last > checked->games)
    return Status::Error("games " + std::to_string(first) + " to " + std::to_string(last) + " are not a range of the " +
                         std::to_string(checked->games) + " games");
  std::vector<int> indices(static_cast<size_t>(last - first));
  std::iota(indices.begin(), indices.end(), first);
  return PlayArenaGames(*checked, indices, {});
}

Result<std::vector<GameOutcome>> PlayArenaGames(const ArenaOptions& options, std::span<const int> indices,
                                                const std::function<Status(const GameOutcome&)>& finished) {
  auto checked = CheckArena(options);
  if (!checked.ok()) return checked.status();
  const ArenaOptions& o = *checked;
  for (int index : indices)
    if (index < 0 || index >= o.games)
      return Status::Error("game " + std::to_string(index) + " is not one of the " + std::to_string(o.games) + " games");
  const int count = static_cast<int>(indices.size());
  std::vector<GameOutcome> outcomes(static_cast<size_t>(count));
  std::atomic<int> next{0};
  // After a failed game no new one starts: the error is known, and a long run would
  // only report it hours later. Games already started still finish, so every game
  // before the first failure has its outcome.
  std::atomic<bool> failed{false};
  std::mutex progress_mutex;
  Status finish_error;
  int done = 0;
  auto worker = [&] {
    for (int i = next++; i < count && !failed; i = next++) {
      GameOutcome& outcome = outcomes[static_cast<size_t>(i)];
      outcome = PlayGame(o, indices[static_cast<size_t>(i)]);
      if (!outcome.error.empty()) failed = true;
      std::lock_guard<std::mutex> lock(progress_mutex);
      if (outcome.error.empty() && finished && finish_error.ok()) {
        finish_error = finished(outcome);
        if (!finish_error.ok()) failed = true;
      }
      ++done;
      if (o.progress) o.progress(done, count);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min(o.threads, count); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  for (const GameOutcome& g : outcomes)
    if (!g.error.empty()) return Status::Error(g.error);
  if (!finish_error.ok()) return finish_error;
  return outcomes;
}

Result<ArenaReport> ArenaReportOf(const ArenaOptions& options, std::span<const GameOutcome> outcomes,
                                  double seconds) {
  auto checked = CheckArena(options);
  if (!checked.ok()) return checked.status();
  const ArenaOptions& o = *checked;
  const size_t k = o.bots.size();
  if (outcomes.size() != static_cast<size_t>(o.games))
    return Status::Error("a run of " + std::to_string(o.games) + " games, " + std::to_string(outcomes.size()) +
                         " outcomes given");
  ArenaReport report;
  report.options = o;
  report.seconds = seconds;
  report.bots.resize(k);
  int64_t total_decisions = 0;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const GameOutcome& g = outcomes[i];
    if (!g.error.empty()) return Status::Error(g.error);
    if (g.index != static_cast<int>(i) || g.points.size() != k || g.place.size() != k || g.score.size() != k ||
        g.decisions.size() != k || g.think_seconds.size() != k || g.max_move_seconds.size() != k ||
        (!g.startup_seconds.empty() && g.startup_seconds.size() != k))  // empty: not measured
      return Status::Error("outcome " + std::to_string(i) + " is not game " + std::to_string(i) + " of " +
                           std::to_string(k) + " bots");
    // A game a failure ended says nothing of its length or its scores.
    const bool cut_short = std::any_of(g.failure.begin(), g.failure.end(), [](const auto& f) { return !f.empty(); });
    report.unfinished += g.unfinished;
    report.cut_short += cut_short;
    if (!cut_short) total_decisions += g.total_decisions;
    for (size_t b = 0; b < k; ++b) {
      BotResult& r = report.bots[b];
      ++r.games;
      r.wins += g.place[b] == 1;
      r.shared += g.place[b] == 2;
      r.losses += g.place[b] == 0;
      r.points += g.points[b];
      if (!cut_short) {
        r.average_score += g.score[b];
        ++r.scored_games;
      }
      r.decisions += g.decisions[b];
      r.think_seconds += g.think_seconds[b];
      r.max_move_seconds = std::max(r.max_move_seconds, g.max_move_seconds[b]);
      if (!g.startup_seconds.empty() && g.startup_seconds[b] > 0) {
        r.startup_seconds += g.startup_seconds[b];
        ++r.startups;
      }
      if (b < g.failure.size() && !g.failure[b].empty())
        CountFailure(b < g.failure_code.size() && !g.failure_code[b].empty() ? g.failure_code[b] : "unknown",
                     g.failure[b], &r);
    }
  }
  for (size_t b = 0; b < k; ++b) {
    BotResult& r = report.bots[b];
    r.spec = o.bots[b];
    r.win_rate = r.points / r.games;
    WilsonInterval(r.win_rate, r.games, &r.ci_low, &r.ci_high);
    if (r.scored_games) r.average_score /= r.scored_games;
  }
  const int played_out = o.games - report.cut_short;
  report.average_decisions = played_out ? static_cast<double>(total_decisions) / played_out : 0;
  if (k == 2) {
    report.has_elo = true;
    const BotResult& a = report.bots[0];
    report.elo = EloFromScore(a.win_rate);
    report.elo_low = EloFromScore(a.ci_low);
    report.elo_high = EloFromScore(a.ci_high);
  }
  return report;
}

Result<ArenaReport> RunArena(const ArenaOptions& options) {
  auto checked = CheckArena(options);
  if (!checked.ok()) return checked.status();
  const ArenaOptions& o = *checked;
  auto start = Clock::now();
  std::vector<GameOutcome> outcomes(static_cast<size_t>(o.games));
  std::vector<bool> have(static_cast<size_t>(o.games), false);
  std::optional<ArenaJournal> journal;
  if (!o.journal.empty()) {
    auto opened = ArenaJournal::Open(o.journal, o);
    if (!opened.ok()) return opened.status();
    journal.emplace(std::move(*opened));
    for (const GameOutcome& g : journal->recorded()) {
      outcomes[static_cast<size_t>(g.index)] = g;
      have[static_cast<size_t>(g.index)] = true;
    }
  }
  std::vector<int> missing;
  for (int i = 0; i < o.games; ++i)
    if (!have[static_cast<size_t>(i)]) missing.push_back(i);
  auto played = PlayArenaGames(o, missing, [&](const GameOutcome& g) {
    return journal ? journal->Append(g) : Status::Ok();
  });
  if (!played.ok()) return played.status();
  for (GameOutcome& g : *played) outcomes[static_cast<size_t>(g.index)] = std::move(g);
  auto report = ArenaReportOf(o, outcomes, std::chrono::duration<double>(Clock::now() - start).count());
  if (report.ok()) report->resumed = o.games - static_cast<int>(missing.size());
  return report;
}

std::string ReportText(const ArenaReport& r) {
  const ArenaOptions& o = r.options;
  const int k = static_cast<int>(o.bots.size());
  std::string text;
  char line[512];
  std::snprintf(line, sizeof line, "%s%s%s, %d players: %d games, seed %llu, seats rotated (%d games per seat per bot)\n",
                o.game.c_str(), o.variant.empty() ? "" : " ", o.variant.c_str(), k, o.games,
                static_cast<unsigned long long>(o.seed), o.games / k);
  text += line;
  size_t width = 4;
  for (const auto& b : r.bots) width = std::max(width, b.spec.size());
  std::snprintf(line, sizeof line, "%-*s %6s %6s %6s %6s %9s %17s %10s %9s %9s\n", static_cast<int>(width), "bot", "games",
                "wins", k == 2 ? "draws" : "shared", "losses", "win rate", "95% CI", "avg score", "ms/move", "max ms");
  text += line;
  for (const auto& b : r.bots) {
    char ci[48];
    std::snprintf(ci, sizeof ci, "[%s, %s]", Percent(b.ci_low).c_str(), Percent(b.ci_high).c_str());
    double ms = b.decisions ? 1000 * b.think_seconds / static_cast<double>(b.decisions) : 0;
    char score[32] = "-";  // every game cut short: no score to average
    if (b.scored_games) std::snprintf(score, sizeof score, "%.1f", b.average_score);
    std::snprintf(line, sizeof line, "%-*s %6d %6d %6d %6d %9s %17s %10s %9.1f %9.1f\n", static_cast<int>(width),
                  b.spec.c_str(), b.games, b.wins, b.shared, b.losses, Percent(b.win_rate).c_str(), ci, score, ms,
                  1000 * b.max_move_seconds);
    text += line;
  }
  if (r.has_elo) {
    std::snprintf(line, sizeof line, "Elo difference (%s over %s): %s [%s, %s]\n", r.bots[0].spec.c_str(),
                  r.bots[1].spec.c_str(), SignedElo(r.elo).c_str(), SignedElo(r.elo_low).c_str(),
                  SignedElo(r.elo_high).c_str());
    text += line;
  }
  if (r.cut_short == o.games) {
    std::snprintf(line, sizeof line, "average game length: none (a failure cut every game short); %.2f s in all\n",
                  r.seconds);
  } else {
    std::snprintf(line, sizeof line, "average game length: %.1f moves (chance moves not counted); %.2f s in all\n",
                  r.average_decisions, r.seconds);
  }
  text += line;
  if (r.cut_short) {
    text += std::to_string(r.cut_short) + (r.cut_short == 1 ? " game" : " games") +
            " cut short by a bot's failure: in the wins and losses, not in avg score nor game length\n";
  }
  for (const auto& b : r.bots) {
    if (!b.startups) continue;
    std::snprintf(line, sizeof line, "%s: start-up %.1f ms a game (process, handshake, newgame; not in ms/move)\n",
                  b.spec.c_str(), 1000 * b.startup_seconds / b.startups);
    text += line;
  }
  if (r.resumed) {
    text += std::to_string(r.resumed) + " of the games read from the journal " + o.journal + ", " +
            std::to_string(o.games - r.resumed) + " played now (the time above is this sitting's)\n";
  }
  for (const auto& b : r.bots) {
    if (!b.failures) continue;
    text += b.spec + " lost " + std::to_string(b.failures) + (b.failures == 1 ? " game" : " games") + " by failing:\n";
    for (const FailureCount& f : b.failure_counts)
      text += "  " + std::to_string(f.games) + " x " + f.what + " (first: " + f.first + ")\n";
  }
  if (r.unfinished)
    text += std::to_string(r.unfinished) + " games stopped unfinished after " + std::to_string(o.max_decisions) +
            " moves, counted as shared by all\n";
  return text;
}

Json ReportJson(const ArenaReport& r) {
  Json j;
  j["game"] = r.options.game;
  j["variant"] = r.options.variant;
  j["games"] = r.options.games;
  j["seed"] = std::to_string(r.options.seed);
  j["threads"] = r.options.threads;
  Json bots = Json::array();
  for (const auto& b : r.bots) {
    bots.push_back(Json{{"bot", b.spec},
                        {"games", b.games},
                        {"wins", b.wins},
                        {"shared", b.shared},
                        {"losses", b.losses},
                        {"points", b.points},
                        {"win_rate", Round3(b.win_rate)},
                        {"ci95", {Round3(b.ci_low), Round3(b.ci_high)}},
                        {"average_score", b.scored_games ? Json(Round3(b.average_score)) : Json(nullptr)},
                        {"moves", b.decisions},
                        {"ms_per_move", Round3(b.decisions ? 1000 * b.think_seconds / static_cast<double>(b.decisions) : 0)},
                        {"max_ms_per_move", Round3(1000 * b.max_move_seconds)},
                        {"startup_ms", Round3(b.startups ? 1000 * b.startup_seconds / b.startups : 0)},
                        {"failures", b.failures},
                        {"failed", FailuresJson(b)}});
  }
  j["bots"] = bots;
  j["elo"] = r.has_elo ? Json{{"difference", EloJson(r.elo)}, {"ci95", {EloJson(r.elo_low), EloJson(r.elo_high)}}}
                       : Json(nullptr);
  j["average_moves"] = r.cut_short == r.options.games ? Json(nullptr) : Json(Round3(r.average_decisions));
  j["cut_short"] = r.cut_short;
  j["unfinished"] = r.unfinished;
  j["seconds"] = Round3(r.seconds);
  j["resumed"] = r.resumed;
  return j;
}

}  // namespace souk::match
