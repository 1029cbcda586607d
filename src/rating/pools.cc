#include "rating/pools.h"

#include <array>
#include <stdexcept>
#include <string>

namespace souk::rating {
namespace {

// The one table of pools. Ids are part of the public API (URLs, stored rows): never
// rename one.
constexpr std::array kPools = {
    PoolRow{Pool::kJaipur, "jaipur", "jaipur", 2, 2, MultiplayerMethod::kGlicko2Pairwise},
    PoolRow{Pool::kMarrakechTwoPlayers, "marrakech-2", "marrakech", 2, 2, MultiplayerMethod::kGlicko2Pairwise},
    PoolRow{Pool::kMarrakechMultiplayer, "marrakech-multi", "marrakech", 3, 4, kMultiplayerPoolMethod},
};

}  // namespace

std::span<const PoolRow> Pools() { return kPools; }

const PoolRow& RowOf(Pool pool) {
  for (const PoolRow& row : kPools)
    if (row.pool == pool) return row;
  throw std::invalid_argument("no such rating pool");
}

std::string_view PoolId(Pool pool) { return RowOf(pool).id; }

std::optional<Pool> PoolFromId(std::string_view id) {
  for (const PoolRow& row : kPools)
    if (row.id == id) return row.pool;
  return std::nullopt;
}

std::optional<Pool> PoolFor(std::string_view game, int players) {
  for (const PoolRow& row : kPools)
    if (row.game == game && players >= row.min_players && players <= row.max_players) return row.pool;
  return std::nullopt;
}

std::vector<Rating> RateGame(Pool pool, std::span<const Seat> seats, const MultiplayerConfig& config) {
  const PoolRow& row = RowOf(pool);
  const int count = static_cast<int>(seats.size());
  if (count < row.min_players || count > row.max_players)
    throw std::invalid_argument("the pool " + std::string(row.id) + " rates games of " +
                                std::to_string(row.min_players) + " to " + std::to_string(row.max_players) +
                                " players, not " + std::to_string(count));
  return RateMultiplayerGame(row.method, seats, config);
}

}  // namespace souk::rating
