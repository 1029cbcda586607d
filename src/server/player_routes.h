// What the server tells of its players (docs/protocol.md, "Players and ratings"): an
// account's ratings, a player's public profile, a pool's leaderboard, and the games
// of the signed-in account. Answered on the accounts' workers by account_routes.cc,
// behind the read rate limit. Internal to src/server.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"
#include "format/json.h"
#include "server/accounts/account_store.h"
#include "server/game_service.h"
#include "server/ratings/rating_store.h"

namespace souk::server {

// ISO 8601 UTC ("2026-11-27T19:35:00Z") of Unix milliseconds.
std::string Iso8601(int64_t ms);

// {POOL_ID: {"rating", "deviation", "volatility", "provisional", "games", "wins",
// "losses", "draws"}} for every pool the account has played; with `with_history`, each
// also has "history": [{"at", "rating", "deviation", "game"}], oldest first.
Result<Json> RatingsJson(ratings::RatingStore& store, int64_t account_id, bool with_history, int64_t now_ms);

// GET /api/players/NAME: no_such_player for a name no live account has (case ignored).
Result<Json> PlayerProfile(ratings::RatingStore& store, accounts::AccountStore& accounts, GameService& games,
                           const std::string& name, int64_t now_ms);

// GET /api/leaderboard/POOL?page=N; `me`: the signed-in account, 0 for none.
Result<Json> Leaderboard(ratings::RatingStore& store, const std::string& pool, std::string_view query, int64_t me,
                         int64_t now_ms);

// GET /api/me/games.
// The games in play as a player wants them (GAME_SUMMARY lists): those where it is
// their turn first, the least time left first (a game without a clock after those
// with one), then the others, each group in the order it came (most recent first).
void SortYourTurnFirst(Json& list);

Result<Json> MyGames(ratings::RatingStore& store, GameService& games, int64_t account_id);

}  // namespace souk::server
