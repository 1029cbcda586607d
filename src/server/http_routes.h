// The JSON API and the web app's files: a request in, its response out, with no
// socket: the HTTP session (http_server.cc) reads the requests and writes the
// answers. Routes: docs/protocol.md. Internal to src/server.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "core/status.h"
#include "format/json.h"
#include "server/server_shared.h"
#include "server/session_cookie.h"

namespace souk::server {

// The answer to one request. A HEAD answer is the GET's header, Content-Length
// included, without the body (RFC 9110, 9.3.2).
Response Handle(Shared& shared, const Request& req, const Caller& caller);

// `body` as the answer to `req`, in JSON that no cache keeps.
Response JsonResponse(const Request& req, http::status status, const Json& body);

// A 429: the limit reached, and when to come back (Retry-After in whole seconds,
// rounded up; retry_after_ms exactly).
// `code`: rate_limited, or limit_reached for a quota (games in play).
Response TooManyRequests(const Request& req, const std::string& message, std::chrono::milliseconds wait,
                         ErrorCode code = ErrorCode::kRateLimited);

// The one place where a failure becomes an HTTP status: by its kind, but for a
// body too large, which HTTP names.
http::status HttpStatusFor(const Status& error);

// Splits "/api/games/ID/rest" into ID and rest; false for any other path.
bool GamePath(std::string_view target, std::string* id, std::string* rest);

}  // namespace souk::server
