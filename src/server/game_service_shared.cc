// GameService on a store several instances share (PostgreSQL, docs/deploy.md): hearing
// the moves the others store, reading back what this instance missed, and taking over
// the bots' turns of an instance that died.
#include <algorithm>
#include <cstdio>

#include "server/game_internal.h"
#include "server/server_log.h"

namespace souk::server {

void GameService::OnStoreChange(const StoreChange& change) {
  std::vector<std::shared_ptr<Game>> games;
  if (change.kind == StoreChange::Kind::kMissed) {
    // Whatever was committed while this instance was not listening: every game it
    // holds is read back.
    std::lock_guard lock(games_mutex_);
    for (const auto& entry : games_) games.push_back(entry.second);
  } else if (std::shared_ptr<Game> g = FindInMemory(change.game_id)) {
    games.push_back(std::move(g));  // a game nobody asked this instance for is read when asked
  }
  for (const std::shared_ptr<Game>& g : games) {
    Notice notice;  // told once the lock is released
    std::lock_guard lock(g->mutex);
    const uint64_t version = g->version;
    if (change.kind == StoreChange::Kind::kMove && change.index == g->stored.moves.size()) {
      // The next move, as the other instance stored it: played here without storing
      // it again. The store's text is the game's own; a move this copy refuses means
      // it is not the game the store has, so it is read back whole.
      if (!PlayStoredLocked(*g, change.move, change.at_ms).ok()) CatchUpLocked(*g);
    } else if (change.kind != StoreChange::Kind::kMove || change.index > g->stored.moves.size()) {
      CatchUpLocked(*g);  // a gap: a notification missed, or a seat or abandonment
    }  // else a move this copy has already (it read the game back meanwhile)
    if (g->version != version) notice = NotifyLocked(*g);
    // The instance that stored a move holds the lease on the bot's turn after it (it
    // took it in the same statement), and thinks: asking for it here would be refused.
    // After a gap or a loss, the lease may be free.
    if (change.kind != StoreChange::Kind::kMove) ScheduleBotLocked(g);
  }
}

Status GameService::PlayStoredLocked(Game& g, const std::string& move, int64_t at_ms) {
  std::unique_ptr<GameState> next = g.state->Clone();
  if (Status st = next->Apply(move); !st.ok()) return st;
  PlayedLocked(g, std::move(next), move, at_ms);
  return Status::Ok();
}

Status GameService::CatchUpLocked(Game& g) {
  auto stored = store_.LoadGame(g.stored.id);
  if (!stored.ok()) {
    g.behind = true;  // Follow tries again
    return stored.status();
  }
  const std::vector<std::string>& moves = stored->moves;
  if (moves.size() < g.stored.moves.size() || !std::equal(g.stored.moves.begin(), g.stored.moves.end(), moves.begin())) {
    // Never: the store refuses a second move at an index. Said loudly, and this copy
    // stays as it is rather than be forked.
    server_log::Write(server_log::Level::kError, "store_diverged",
                      "game " + g.stored.id + ": the store's moves differ from this instance's", {{"game", g.stored.id}});
    return Status::Internal("game " + g.stored.id + ": the store's moves differ from this instance's");
  }
  for (size_t i = g.stored.moves.size(); i < moves.size(); ++i)
    if (Status st = PlayStoredLocked(g, moves[i], i < stored->move_ms.size() ? stored->move_ms[i] : 0); !st.ok())
      return Status::Internal("game " + g.stored.id + ": stored move " + std::to_string(i) + ": " + st.message());
  if (stored->seats != g.stored.seats) {
    g.stored.seats = stored->seats;
    ++g.version;
  }
  if (stored->abandoned && !g.abandoned) {
    g.abandoned = g.stored.abandoned = true;
    ++g.version;
    for (auto& bot : g.bots) bot.reset();
    UncountLocked(g);
  }
  g.behind = false;
  return Status::Ok();
}

void GameService::Follow(int64_t now_ms) {
  if (!store_.Shared()) return;
  // The bots' turns this instance holds stay its own while they wait or think.
  store_.RenewBotTurns(bot_turns_here_.Games(), now_ms);
  // The bots' turns of instances that died (or lost the database): played here, each
  // game read back first (Find loads one this instance does not hold, and schedules it).
  if (auto orphans = store_.UnattendedBotTurns(now_ms); orphans.ok()) {
    for (const std::string& id : *orphans) {
      server_log::Write(server_log::Level::kInfo, "bot_turn_taken_over",
                        "game " + id + ": a bot's turn whose instance stopped renewing its lease is played here",
                        {{"game", id}});
      std::shared_ptr<Game> g = FindInMemory(id);
      if (!g) {
        Find(id);
        continue;
      }
      Notice notice;  // told once the lock is released
      std::lock_guard lock(g->mutex);
      const uint64_t version = g->version;
      CatchUpLocked(*g);
      if (g->version != version) notice = NotifyLocked(*g);
      ScheduleBotLocked(g);
    }
  }
  // Games this instance could not read back, or whose die or bot the store refused.
  std::vector<std::shared_ptr<Game>> games;
  {
    std::lock_guard lock(games_mutex_);
    for (const auto& entry : games_) games.push_back(entry.second);
  }
  for (const std::shared_ptr<Game>& g : games) {
    Notice notice;  // told once the lock is released
    std::lock_guard lock(g->mutex);
    if (!g->behind && !g->stalled) continue;
    const uint64_t version = g->version;
    if (g->behind && !CatchUpLocked(*g).ok()) continue;
    g->stalled = false;
    PlayChanceLocked(*g);
    if (g->version != version) notice = NotifyLocked(*g);
    ScheduleBotLocked(g);
  }
}

}  // namespace souk::server
