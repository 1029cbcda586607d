// The session cookie (docs/accounts.md) as every route reads it: its value, the
// header that sets it, and the Origin check a change made with it needs. Internal
// to src/server.
#pragma once

#include "server/client_address.h"

#include <string>
#include <vector>

#include "server/server_shared.h"

namespace souk::server {

// Who asks: the client's AddressKey, and whether it came over HTTPS (as a trusted
// proxy's X-Forwarded-Proto says).
struct Caller {
  std::string client;  // its AddressKey
  bool https = false;
  IpAddress address = {};  // the client's, which a block is matched against
};

// The value of the souk_session cookie, or "".
std::string SessionCookie(const Request& req);

// The Set-Cookie value that sets the session cookie to `value` for `max_age_s` seconds
// (0 with an empty value: forgets it).
std::string SetSessionCookie(const std::string& value, long long max_age_s, bool https);

// Whether the request's Origin is the server's own (its Host, over the scheme the
// request came by) or one the operator allows. Without an Origin: `missing_ok`.
bool OriginAllowed(const Request& req, const Caller& caller, const std::vector<std::string>& allowed, bool missing_ok);

// The seat the account of session cookie `cookie` holds in the game, for reading or
// playing it as that seat; a spectator's (-1) for a session that is no one's (ended,
// revoked, made up), an account with no seat there, or a server without accounts.
Result<int> SeatOfSession(const ServerOptions& options, GameService& games, const std::string& game_id,
                          const std::string& cookie);

}  // namespace souk::server
