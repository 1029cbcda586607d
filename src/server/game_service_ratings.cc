// GameService's part in ratings: a game that ends on this instance rated (the
// update itself: ratings/game_ratings.h), and the accounts its seats' state shows.
#include <iostream>

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
  auto applied = g.stored.rated ? ratings::ApplyRatedGame(*options_.ratings, g.stored, places, NowMs())
                                : ratings::ApplyBotsGame(*options_.ratings, g.stored, places, NowMs());
  // Not retried: the game is over either way, and its players' ratings stay as they were.
  if (!applied.ok()) std::cerr << "souk serve: game " << g.stored.id << " not rated: " << applied.message() << "\n";
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
