// A finished game's review over HTTP (docs/protocol.md, "Reviews"):
// GET /api/games/ID/review. Internal to src/server.
#pragma once

#include <string>

#include "server/server_shared.h"
#include "server/session_cookie.h"

namespace souk::server {

// 200 {"state": "ready", "review"}, or 202 {"state": "computing", "done", "total"}
// (the review started, or under way: ask again, or listen on the game's WebSocket).
Response ReviewRoute(Shared& shared, const Request& req, const Caller& caller, const std::string& game_id);

}  // namespace souk::server
