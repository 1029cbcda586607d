// The accounts' HTTP routes (docs/protocol.md, "Accounts"; docs/accounts.md):
// sign-up, log-in and out, the signed-in account, its sessions, its password,
// its deletion. Each request runs on the accounts' workers, off the network
// threads, and its answer is handed back. Internal to src/server.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/server_shared.h"
#include "server/session_cookie.h"

namespace souk::server {

// Whether `target` is an accounts route: /api/accounts, /api/session, /api/me and below,
// and the players' (/api/players/NAME, /api/leaderboard/POOL: player_routes.h).
bool IsAccountRoute(std::string_view target);

// Answers `req` on the accounts' workers, then calls `done` with the answer (on a
// worker's thread, or at once when the server has no accounts or they are all busy).
void HandleAccountRoute(Shared& shared, Request req, Caller caller, std::function<void(Response)> done);

}  // namespace souk::server
