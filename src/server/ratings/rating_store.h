// Where ratings are kept (docs/ratings.md): an account's rating in each pool it has
// played, and its rating after each rated game, in the games' own database (the
// tables `ratings` and `rating_history` the game store's schema migration adds,
// store.h), through a connection of their own, on SQLite or PostgreSQL behind one
// interface. Knows accounts by id only; names come from the accounts table for the
// leaderboard alone.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"

namespace souk::server::ratings {

// An account's rating in one pool, on the Glicko scale (rating/glicko2.h).
struct StoredRating {
  int64_t account_id = 0;
  std::string pool;  // rating::PoolId, or a bots pool ("bots-jaipur")
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  int64_t games = 0, wins = 0, losses = 0, draws = 0;
  int64_t updated_ms = 0;  // Unix ms of its last rated game; 0: none yet
};

// An account's rating after one rated game.
struct RatingPoint {
  std::string pool;
  std::string game_id;
  int64_t at_ms = 0;
  double rating = 0;
  double deviation = 0;
};

// A game's rating update: given each account's rating before the game (in the order
// ApplyGame was given them; a new one, updated_ms 0, for an account new to the pool),
// their ratings after it, counters included, in the same order.
using RateFn = std::function<std::vector<StoredRating>(const std::vector<StoredRating>& before)>;

class RatingStore {
 public:
  virtual ~RatingStore() = default;
  // Rates game `game_id` once: in one transaction, takes the rating rows of
  // `account_ids` in `pool` (locked against every other game's update, in the order of
  // their ids), and unless the game has been applied already (it has history rows),
  // writes what `rate` returns, with a history row per account at `now_ms`. True if
  // applied now, false if it had been. `account_ids` are distinct and not 0.
  virtual Result<bool> ApplyGame(const std::string& game_id, const std::string& pool,
                                 const std::vector<int64_t>& account_ids, int64_t now_ms, const RateFn& rate) = 0;
  // The account's ratings, one per pool it has played, in no set order.
  virtual Result<std::vector<StoredRating>> RatingsOf(int64_t account_id) = 0;
  // The account's rating after each of its rated games, oldest first.
  virtual Result<std::vector<RatingPoint>> HistoryOf(int64_t account_id) = 0;
  // The live (not deleted) accounts' names and ratings in `pool` whose stored deviation
  // is at most `max_deviation`, best rating first (equal ratings: the older account first).
  virtual Result<std::vector<std::pair<std::string, StoredRating>>> Ranked(const std::string& pool,
                                                                          double max_deviation) = 0;
  // The ids of the games where the account holds a seat, finished (or abandoned) or in
  // play as `finished` says, the most recently changed first, at most `limit`.
  virtual Result<std::vector<std::string>> GamesOf(int64_t account_id, bool finished, int limit) = 0;
};

// `rate` applied to `before` for game `game_id`, a store's step inside its transaction:
// an exception it throws, or a count of ratings not one per account, is an internal
// error, which the store answers by rolling back.
Result<std::vector<StoredRating>> RateInTransaction(const RateFn& rate, const std::vector<StoredRating>& before,
                                                    const std::string& game_id);

// The rating store of `db` (a SQLite file or a PostgreSQL URI, as OpenStore takes it),
// whose schema OpenStore has brought up to date: open the game store first.
Result<std::unique_ptr<RatingStore>> OpenRatingStore(const std::string& db);

}  // namespace souk::server::ratings
