// The WebSocket of one game: a hello with its seat token (or none, to spectate),
// then moves and hints; the game's snapshots are pushed to it. The HTTP session
// (http_server.cc) hands it the connection it upgrades. Messages: docs/protocol.md.
// Internal to src/server.
#pragma once

#include <string>

#include "server/connection_limits.h"
#include "server/server_shared.h"
#include "server/session_cookie.h"

namespace souk::server {

// Serves game `game_id`'s WebSocket on `socket`, the connection `req` asks to
// upgrade, until it closes. `caller`: the client's AddressKey and whether it came over
// TLS; `slot` and `forwarded_slot`: its places in the connection count, held until then.
// A hello without a token from a page of this site that carries the session cookie
// takes the seat the cookie's account holds in the game.
void StartWsSession(tcp::socket&& socket, Shared& shared, Caller caller, std::string game_id, ConnectionSlot slot,
                    ConnectionSlot forwarded_slot, Request req);

}  // namespace souk::server
