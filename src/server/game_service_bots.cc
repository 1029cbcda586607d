// GameService's bots: a seat's bot made, its turns queued on the workers and played
// when the game has not moved meanwhile, and the hint button's search for a seat.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "server/game_internal.h"
#include "server/server_log.h"
#include "server/server_metrics.h"

namespace souk::server {

bool IsEngine(std::string_view player) { return player.starts_with("engine:"); }

uint64_t BotSeed(const std::string& game_id, int seat) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a: a stable seed per game and seat
  for (char c : game_id) h = (h ^ static_cast<uint8_t>(c)) * 1099511628211ULL;
  return h ^ (static_cast<uint64_t>(seat) * 0x9e3779b97f4a7c15ULL);
}

Result<std::unique_ptr<ai::Bot>> GameService::MakeSeatBot(std::string_view game, const std::string& player,
                                                          uint64_t seed) const {
  if (!IsEngine(player)) return ai::MakeBot(game, player, seed);
  if (options_.make_engine) {
    auto engine = options_.make_engine(game, player, seed);
    if (engine.ok()) return engine;
  }
  server_log::Write(server_log::Level::kWarning, "engine_unknown",
                    player + " is not one of this server's engines now; the " + kEngineFallbackBot + " bot plays its seat",
                    {{"engine", player}});
  return ai::MakeBot(game, kEngineFallbackBot, seed);
}

void GameService::Hint(const std::string& game_id, int seat, std::function<void(Json)> done) {
  auto error = [&](const std::string& message) { done(Hints::Refusal(message)); };
  auto found = Find(game_id);
  if (!found.ok()) return error(found.message());
  std::shared_ptr<Game> g = *found;
  AnyView view;
  std::string game;
  {
    std::lock_guard lock(g->mutex);
    if (g->abandoned) return error(AbandonedError(game_id).message());
    if (g->state->is_over()) return error("the game is over");
    if (seat < 0 || g->state->current_player() != seat) return error("it is not your turn");
    for (size_t s = 0; s < g->stored.seats.size(); ++s)
      if (static_cast<int>(s) != seat && g->stored.seats[s].player == "human")
        return error("hints are for games against bots only");
    view = g->state->PlayerView(seat);
    game = g->stored.options.game;
  }
  hints_.Ask(std::move(view), std::move(game), std::move(done));
}

void GameService::ScheduleBotLocked(const std::shared_ptr<Game>& g) {
  if (g->bot_queued || g->state->is_over() || g->abandoned) return;
  const int p = g->state->current_player();
  if (p < 0 || !g->bots[static_cast<size_t>(p)]) return;
  g->bot_queued = true;
  bot_turns_here_.Add(g->stored.id);
  scheduler_.Submit(g->lanes[static_cast<size_t>(p)], g->client, [this, g] { PlayBot(g); });
}

void GameService::PlayBot(const std::shared_ptr<Game>& g) {
  int seat = -1;
  size_t move_count = 0;
  AnyView view;
  std::shared_ptr<ai::Bot> bot;
  int think_cap_ms = 0;
  // However this turn ends, the bot is no longer queued here: its lease is not renewed.
  struct Unqueued {
    HeldBotTurns& turns;
    const std::string& id;
    ~Unqueued() { turns.Remove(id); }
  } unqueued{bot_turns_here_, g->stored.id};
  {
    std::lock_guard lock(g->mutex);
    seat = g->state->current_player();
    move_count = g->stored.moves.size();
    if (seat >= 0) {
      view = g->state->PlayerView(seat);
      bot = g->bots[static_cast<size_t>(seat)];
      // On a clock, the bot thinks what its clock allows, from now (its wait in the
      // queue is spent already).
      if (g->clock.running() && g->clock.to_move() == seat) think_cap_ms = BotThinkCapMs(g->clock, Now());
    }
    if (!bot) g->bot_queued = false;
  }
  if (!bot) return;
  // One instance thinks for a bot: the one holding the lease on its turn. Another
  // that holds it plays the move and tells this one; if it dies, Follow finds the
  // lease expired and schedules the turn again.
  auto mine = store_.TakeBotTurn(g->stored.id, move_count, Now());
  if (!mine.ok() || !*mine) {
    std::lock_guard lock(g->mutex);
    g->bot_queued = false;
    if (!mine.ok()) g->stalled = true;  // the store is down: tried again once it answers
    // The game moved on while this turn waited in the queue: the next bot turn may be
    // this instance's (it stored the move before it, and holds its lease).
    else if (g->stored.moves.size() != move_count) ScheduleBotLocked(g);
    return;
  }
  ++bot_turns_thought_;
  // Thinking holds no lock: other games, and this game's listeners, carry on.
  std::string move;
  try {
    {
      // Within the bots' memory budget: set aside before, counted after.
      BotMemory::Search search = bot_memory_.BeginSearch(bot);
      const auto started = std::chrono::steady_clock::now();
      bot->CapNextMove(think_cap_ms);
      move = bot->ChooseMove(view);
      server_metrics::BotThought(g->lanes[static_cast<size_t>(seat)] == BotLane::kQuick ? "quick" : "heavy",
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    }
    if (move.empty() && !bot->FailureReason().empty()) {
      // An engine failed: the game goes on, its seat played by the built-in fallback
      // bot from this move to the end (docs/protocol.md, "Engines").
      server_log::Write(server_log::Level::kWarning, "engine_failed",
                        "game " + g->stored.id + " seat " + std::to_string(seat) + ": " + bot->FailureReason() + "; the " +
                            kEngineFallbackBot + " bot plays it from now on",
                        {{"game", g->stored.id},
                         server_log::Number("seat", seat),
                         {"failure", std::string(ai::BotFailureName(bot->FailureKind()))}});
      auto fallback = ai::MakeBot(g->state->game(), kEngineFallbackBot, BotSeed(g->stored.id, seat));
      if (!fallback.ok()) throw std::runtime_error(fallback.message());
      std::shared_ptr<ai::Bot> replacement = bot_memory_.Adopt(std::move(*fallback));
      {
        std::lock_guard lock(g->mutex);
        g->bots[static_cast<size_t>(seat)] = replacement;
      }
      bot = replacement;
      BotMemory::Search search = bot_memory_.BeginSearch(bot);
      bot->CapNextMove(think_cap_ms);
      move = bot->ChooseMove(view);
    }
  } catch (const std::exception&) {
    bot = nullptr;  // no move: the seat waits for a restart
  }
  try {
    Notice notice;  // told once the lock is released
    std::lock_guard lock(g->mutex);
    g->bot_queued = false;
    const uint64_t version = g->version;
    if (bot && g->stored.moves.size() == move_count) {
      // A move the game refuses (a bot's bug) or cannot store would come back the
      // same at once: the seat waits for a restart rather than spin. One that another
      // instance beat (it took the turn over from this one, thought too slow) leaves
      // this copy caught up: the bot thinks again if it is still to move.
      Status played = ApplyLocked(*g, move);
      if (played.error_code() == ErrorCode::kOutOfTime) played = FlagLocked(*g, Now());  // thought too long
      if (played.ok()) PlayChanceLocked(*g);
      if (played.ok() || played.code() == StatusCode::kAborted) ScheduleBotLocked(g);
    } else if (bot) {
      ScheduleBotLocked(g);  // the game moved on while the bot thought: think again
    }
    if (g->version != version) notice = NotifyLocked(*g);
  } catch (const std::exception&) {
    // A listener or the store failed; the game keeps what was stored.
  }
}

int GameService::BotsHeld() {
  std::vector<std::shared_ptr<Game>> games;
  {
    std::lock_guard lock(games_mutex_);
    for (const auto& entry : games_) games.push_back(entry.second);
  }
  int held = 0;
  for (const auto& g : games) {  // one game's lock at a time, never with games_mutex_
    std::lock_guard lock(g->mutex);
    for (const auto& bot : g->bots) held += bot != nullptr;
  }
  return held;
}

void GameService::WaitForBots() { scheduler_.WaitIdle(); }

void GameService::SubmitHeavy(const std::string& client, std::function<void()> job) {
  scheduler_.Submit(BotLane::kHeavy, ClientKey(client), std::move(job));
}

}  // namespace souk::server
