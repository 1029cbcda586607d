// The lessons for newcomers over HTTP (docs/protocol.md, "Lessons"; docs/lessons.md):
// a game's lessons as data, and a lesson played, stateless: the client sends the moves
// made so far and the one to try, the server replays them through the rules. Nothing
// is stored, so a lesson costs no game, no seat and no limit of games in play.
// Internal to src/server.
#pragma once

#include <string_view>

#include "server/lang.h"
#include "server/server_shared.h"

namespace souk::server {

// Whether `target` (no query) is a lesson route: /api/lessons...
bool IsLessonRoute(std::string_view target);

// GET /api/lessons, GET /api/lessons/GAME, POST /api/lessons/GAME/ID/play. Throws
// ApiError for a mistake (route_helpers.h).
Response LessonRoute(const Request& req, std::string_view target, http::verb verb, Lang lang);

}  // namespace souk::server
