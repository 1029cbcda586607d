// The rating pools of issue 37: a rating is earned within one pool and compared only
// with the ratings of the same pool. Two-player games are rated by Glicko-2; the
// multi-player pool by kMultiplayerPoolMethod (docs/ratings.md).
//
// The pools are data (Pools() in pools.cc): a row names its game as the registry does
// (core/game_type.h) and the player counts it takes. Nothing here compares a game's
// name with a literal (tests/game_names_test.cc); the caller passes the name it has.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "rating/multiplayer.h"

namespace souk::rating {

enum class Pool { kJaipur, kMarrakechTwoPlayers, kMarrakechMultiplayer };

struct PoolRow {
  Pool pool;
  std::string_view id;    // stable, URL-safe: GET /api/leaderboard/{id}
  std::string_view game;  // the registry's name of the game
  int min_players;
  int max_players;
  MultiplayerMethod method;  // how a game of this pool is rated
};

// Every pool, in a fixed order (the leaderboards' order).
std::span<const PoolRow> Pools();

const PoolRow& RowOf(Pool pool);
std::string_view PoolId(Pool pool);
std::optional<Pool> PoolFromId(std::string_view id);

// The pool a game of `game` with `players` players is rated in; none for a game or a
// player count no pool takes (such a game is unrated).
std::optional<Pool> PoolFor(std::string_view game, int players);

// Every seat's rating after a finished game of the pool, in the seats' order: the
// pool's method over RateMultiplayerGame (for two players, Glicko-2's two-player
// update). Throws std::invalid_argument for a seat count outside the pool's range.
std::vector<Rating> RateGame(Pool pool, std::span<const Seat> seats, const MultiplayerConfig& config);

}  // namespace souk::rating
