// What lobby.cc, lobby_seeks.cc and lobby_rematch.cc share: the lobby's documents as
// the store keeps them, and what a client is shown of them. Not for other code.
//
// A table's document: the game wanted ("game", "players", "variant", "rated",
// "clock"), "rating_range" ([min, max] or null), "private" (a rematch: not listed),
// "sitters" (in the order they sat, the owner first), and once filled "game_id" and
// "made" (MadeJson). A quick-play request's: the game wanted, its one "sitter",
// "created_ms", "seen_ms" (the last time its player asked), and once paired
// "game_id", "seat" and "made". A sitter: {"account_id", "name", "rating" (null for
// a guest, or a game no pool rates), "token_hash", "client"}: the last two are never
// shown.
#pragma once

#include <string>
#include <vector>

#include "format/json.h"
#include "server/lobby/lobby.h"

namespace souk::server::lobby {

inline constexpr double kNewPlayerRating = 1500;

// The game wanted, checked: the players count filled in, a rated game's pool found.
// Returns the number of seats.
Result<int> CheckWanted(GameWanted& wanted, const Player& player, bool has_ratings);
Json WantedJson(const GameWanted& wanted);
// Whether two documents want the same game.
bool SameGame(const Json& a, const Json& b);

// Whether `sitter` is `player`: the same account, or the hash of the token it shows.
bool IsSitter(const Json& sitter, const Player& player);
// A sitter as others see it: {"name", "account" (the account's name, null for a
// guest), "rating"}.
Json PublicSitter(const Json& sitter);

// What makes the game of a filled table or a pairing: the game wanted, "game_id",
// "client" (whose address counts it) and "seats": [{"player", "name", "token_hash",
// "account_id"}] in seat order.
Json MadeJson(const Json& wanted_doc, const std::string& game_id, const std::string& client,
              const std::vector<Json>& seats);
// A sitter as a seat of MadeJson.
Json HumanSeat(const Json& sitter);

// TABLE and SEEK (docs/protocol.md), as `viewer` may see them at `now_ms`.
Json TableJson(const LobbyEntry& entry, const Player* viewer, int64_t now_ms);
Json SeekJson(const LobbyEntry& entry, int64_t now_ms, const LobbyOptions& options);

// The entries of `open` with those no longer alive at `now_ms` closed, in the result
// and in `writes` (a table past its time "expired", a request nobody asked after
// "dropped"): an entry of the result is to be counted or changed only if still "open".
std::vector<LobbyEntry> Live(const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes, int64_t now_ms,
                             const LobbyOptions& options);
// The entry of `id` among `entries`, or null.
const LobbyEntry* Find(const std::vector<LobbyEntry>& entries, const std::string& id);

// not_found for an id the lobby does not have, table_closed for an entry no longer
// open, saying what became of it.
Status Closed(const LobbyEntry* entry, const std::string& id, const char* what);

}  // namespace souk::server::lobby
