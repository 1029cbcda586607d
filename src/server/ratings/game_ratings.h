// A game's part in ratings (docs/ratings.md): whether a game asked for as rated can
// be, and, when a rated game ends (played out or abandoned), the places its seats
// took and the update of its players' ratings, applied once per game. Also the
// "against the bots" rating of a signed-in player who plays Souk's bots.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "format/game.h"
#include "server/ratings/rating_store.h"
#include "server/store.h"

namespace souk::server::ratings {

// Whether a game of `game` with these seats' players ("human" or a bot spec) can be
// rated: not_rateable naming why (a bot seat, no pool for the game and player count).
Status CheckRateable(std::string_view game, const std::vector<std::string>& seat_players);

// The seats' places in a finished game, from its final state: 1 for each winner, and
// behind them the others by score (equal scores share a place).
std::vector<int> PlacesOf(const GameState& final_state);

// The places of an abandoned game: the seat that was to move (the leaver) last, the
// others sharing the first place.
std::vector<int> AbandonedPlaces(int seats, int leaver);

// What a seat's place was for its player: "win" (the first place alone), "draw" (the
// first place shared) or "loss".
std::string ResultOf(const std::vector<int>& places, size_t seat);

// Applies a rated game's result (its seats' `places`) to its pool: every seat's new
// rating, history row and counters in one store transaction, once per game. False if
// the game was applied before, or cannot be rated (no pool, a seat without an account).
Result<bool> ApplyRatedGame(RatingStore& store, const StoredGame& game, const std::vector<int>& places, int64_t now_ms);

// The pool of a player's rating against Souk's bots at `game`: "bots-" and the game's name.
std::string BotsPoolId(std::string_view game);

// A casual two-player game between a signed-in player and one of Souk's calibrated
// bots: updates that player's rating against the bots (BotsPoolId), the bot an opponent
// at its fixed rating (rating/bot_calibration.h). False if the game is not such a
// game, or was applied before.
Result<bool> ApplyBotsGame(RatingStore& store, const StoredGame& game, const std::vector<int>& places, int64_t now_ms);

}  // namespace souk::server::ratings
