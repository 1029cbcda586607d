// GameService's holdings: games in play counted against the limits (server/holdings.h),
// idle games abandoned, unused ones leaving memory (docs/limits-bots.md).
#include "server/game_internal.h"

namespace souk::server {

void GameService::CountLocked(Game& g) {
  if (g.in_play || g.abandoned || g.state->is_over()) return;
  g.in_play = true;
  holdings_.Add(g.client);
}

void GameService::UncountLocked(Game& g) {
  if (!g.in_play) return;
  g.in_play = false;
  holdings_.GiveBack(g.client);
}

std::string AbandonRule(const ServiceOptions& options) {
  auto span = [](int64_t ms) {
    const int64_t hours = ms / (3600 * 1000);
    if (hours >= 48 && hours % 24 == 0) return std::to_string(hours / 24) + " days";
    if (hours >= 1) return std::to_string(hours) + (hours == 1 ? " hour" : " hours");
    return std::to_string(ms / 60000) + " minutes";
  };
  return "a game is abandoned after " + span(options.abandon_after_ms) + " without a move, " +
         span(options.abandon_bots_game_after_ms) + " when only bots wait on the player to move";
}

Status GameService::AbandonedError(const std::string& game_id) const {
  return Status::Coded(ErrorCode::kGameAbandoned, "game " + game_id + " was abandoned (" + AbandonRule(options_) +
                                                       ", or by the server's operator) and cannot be resumed: start a new one");
}

GameService::Notice GameService::AbandonLocked(Game& g, int64_t now_ms) {
  if (Status st = health_.Wrote(store_.MarkAbandoned(g.stored.id, now_ms)); !st.ok()) return {};  // the next sweep tries again
  // Rated: the seat that was to move left, and loses (docs/ratings.md).
  RateLocked(g, g.state->is_over() ? -1 : g.state->current_player());
  g.abandoned = g.stored.abandoned = true;
  ++g.version;
  g.stored.updated_ms = now_ms;
  for (auto& bot : g.bots) bot.reset();
  UncountLocked(g);
  return NotifyLocked(g);
}

void GameService::SweepIdle(int64_t now_ms) {
  std::vector<std::shared_ptr<Game>> games;
  {
    std::lock_guard lock(games_mutex_);
    for (const auto& entry : games_) games.push_back(entry.second);
  }
  std::vector<std::shared_ptr<Game>> leaving;
  for (const auto& g : games) {  // one game's lock at a time, never with games_mutex_
    Notice notice;  // told once the lock is released
    std::lock_guard lock(g->mutex);
    if (!g->state->is_over() && !g->abandoned && g->stalled) {
      // The store could not take a move: the die is drawn again (the same) and the
      // bot to move thinks again. Idle or not, it is looked at again next time.
      g->stalled = false;
      const size_t before = g->stored.moves.size();
      PlayChanceLocked(*g);
      if (g->stored.moves.size() != before) notice = NotifyLocked(*g);
      ScheduleBotLocked(g);
      continue;
    }
    if (!g->state->is_over() && !g->abandoned) {
      // Does another human wait on the one to move (a friend), or only bots?
      const int to_move = g->state->current_player();
      bool human_waits = false;
      for (size_t seat = 0; seat < g->stored.seats.size(); ++seat)
        human_waits |= static_cast<int>(seat) != to_move && g->stored.seats[seat].player == "human";
      const int64_t limit = human_waits ? options_.abandon_after_ms : options_.abandon_bots_game_after_ms;
      if (limit > 0 && now_ms - g->stored.updated_ms >= limit) notice = AbandonLocked(*g, now_ms);
      continue;  // abandoned just now, it stays a while for whoever looks
    }
    if (options_.evict_after_ms > 0 && g->listener_seats.empty() && now_ms - g->last_access_ms >= options_.evict_after_ms)
      leaving.push_back(g);
  }
  std::lock_guard lock(games_mutex_);
  for (const auto& g : leaving) {
    auto it = games_.find(g->stored.id);
    if (it != games_.end() && it->second == g) games_.erase(it);
  }
}

Status GameService::Health() { return health_.Check(); }

int GameService::GamesInMemory() {
  std::lock_guard lock(games_mutex_);
  return static_cast<int>(games_.size());
}

int GameService::GamesInPlay() { return holdings_.InPlay(); }

}  // namespace souk::server
