// The lobby's routes (docs/protocol.md, "Tables and quick play"): /api/tables and
// below, /api/play-now and below, and a finished game's /api/games/ID/rematch.
// Answered on the network thread like the games' routes: each is one short
// transaction on the lobby's store. Internal to src/server.
#pragma once

#include <optional>
#include <string_view>

#include "server/server_shared.h"
#include "server/session_cookie.h"

namespace souk::server {

// The answer to a lobby route, or nothing when `target` is none of them. Throws
// ApiError (route_helpers.h) for a refusal.
std::optional<Response> LobbyRoute(Shared& shared, const Request& req, const Caller& caller, std::string_view target,
                                   http::verb verb);

// POST /api/games/ID/rematch, for `seat` of the finished game `game_id`.
Response RematchRoute(Shared& shared, const Request& req, const Caller& caller, const std::string& game_id, int seat);
// GET /api/games/ID/rematch: the rematch offered, if any (no seat needed to look).
Response RematchStatusRoute(Shared& shared, const Request& req, const Caller& caller, const std::string& game_id);

}  // namespace souk::server
