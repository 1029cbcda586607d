// GameService's part in ratings and accounts: a game that ends on this instance rated
// (the update itself: ratings/game_ratings.h), the accounts its seats' state shows, an
// account's seat, and a game's summary for an account's lists.
#include <iostream>

#include "format/time_control_json.h"
#include "server/game_internal.h"
#include "server/ratings/game_ratings.h"

namespace souk::server {

void GameService::RateLocked(const Game& g, int leaver) {
  if (options_.ratings == nullptr) return;
  const int n = static_cast<int>(g.stored.seats.size());
  // Abandoned with nobody's turn (a die to roll) or a bot's: no person left, nothing to rate.
  if (!g.state->is_over() && (leaver < 0 || leaver >= n || g.stored.seats[static_cast<size_t>(leaver)].player != "human"))
    return;
  const std::vector<int> places = g.state->is_over() ? ratings::PlacesOf(*g.state) : ratings::AbandonedPlaces(n, leaver);
  auto applied = g.stored.rated ? ratings::ApplyRatedGame(*options_.ratings, g.stored, places, Now())
                                : ratings::ApplyBotsGame(*options_.ratings, g.stored, places, Now());
  // Not retried: the game is over either way, and its players' ratings stay as they were.
  if (!applied.ok()) std::cerr << "souk serve: game " << g.stored.id << " not rated: " << applied.message() << "\n";
}

Result<Json> GameService::Summary(const std::string& game_id, int64_t account_id) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::lock_guard lock(g->mutex);
  const GameState& s = *g->state;
  const int n = static_cast<int>(g->stored.seats.size());
  int mine = -1;
  Json seats = Json::array();
  const std::vector<int> scores = s.is_over() ? s.Scores() : std::vector<int>{};
  for (int i = 0; i < n; ++i) {
    const StoredSeat& seat = g->stored.seats[static_cast<size_t>(i)];
    if (account_id != 0 && seat.account_id == account_id && mine < 0) mine = i;
    seats.push_back({{"name", seat.name},
                     {"account", SeatAccountLocked(*g, static_cast<size_t>(i))},
                     {"score", static_cast<size_t>(i) < scores.size() ? Json(scores[static_cast<size_t>(i)]) : Json(nullptr)}});
  }
  Json result = nullptr;
  if (mine >= 0 && (s.is_over() || g->abandoned)) {
    const int leaver = s.current_player();
    if (s.is_over())
      result = ratings::ResultOf(ratings::PlacesOf(s), static_cast<size_t>(mine));
    else if (leaver >= 0 && leaver < n)
      result = ratings::ResultOf(ratings::AbandonedPlaces(n, leaver), static_cast<size_t>(mine));
  }
  // Whose turn, and on a clock the account's seat's time left now: the "your turn"
  // list is sorted by it (docs/clocks.md).
  const bool in_play = !s.is_over() && !g->abandoned && s.current_player() >= 0;
  Json time_left = nullptr;
  if (mine >= 0 && g->stored.clock.has_clock()) {
    Json clock_fields;
    AddClocks(*g, Now(), clock_fields);
    time_left = clock_fields["clocks"][static_cast<size_t>(mine)];
  }
  return Json{{"id", game_id},
              {"game", g->stored.options.game},
              {"players", n},
              {"variant", g->stored.options.variant},
              {"rated", g->stored.rated},
              {"finished", s.is_over()},
              {"abandoned", g->abandoned},
              {"updated_ms", g->stored.updated_ms},
              {"seat", mine >= 0 ? Json(mine) : Json(nullptr)},
              {"seats", seats},
              {"result", result},
              {"your_turn", in_play && mine >= 0 && s.current_player() == mine},
              {"clock", g->stored.clock.has_clock() ? TimeControlToJson(g->stored.clock) : Json(nullptr)},
              {"time_left_ms", time_left}};
}

Result<int> GameService::SeatOfAccount(const std::string& game_id, int64_t account_id) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  Notice notice;  // told once the lock is released
  std::lock_guard lock(g->mutex);
  const uint64_t version = g->version;
  for (int attempt = 0; attempt < 2; ++attempt) {
    for (size_t seat = 0; seat < g->stored.seats.size(); ++seat)
      if (account_id != 0 && g->stored.seats[seat].account_id == account_id) return static_cast<int>(seat);
    // The seat may have been taken through another instance a moment ago.
    if (attempt > 0 || !store_.Shared() || !CatchUpLocked(*g).ok()) break;
    if (g->version != version) notice = NotifyLocked(*g);
  }
  return Status::PermissionDenied("session: your account holds no seat of game " + game_id);
}

Json GameService::SeatAccountLocked(const Game& g, size_t seat) const {
  const StoredSeat& s = g.stored.seats[seat];
  if (s.account_id == 0) return nullptr;
  if (!options_.account_name) return s.name;
  auto it = g.account_names.find(s.account_id);
  if (it == g.account_names.end()) {
    auto name = options_.account_name(s.account_id);
    if (!name.ok()) return s.name;  // asked again next time
    it = g.account_names.emplace(s.account_id, *name).first;
  }
  return it->second.empty() ? std::string("deleted player") : it->second;
}

}  // namespace souk::server
