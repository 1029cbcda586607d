// Reading a JSON API request (http_routes.cc, lobby_routes.cc): its body's fields, its
// Bearer token, its session's account; each mistake thrown as an ApiError that the
// route answers with the error's HTTP status and code. Internal to src/server.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

#include "core/status.h"
#include "format/json.h"
#include "server/server_shared.h"
#include "server/session_cookie.h"

namespace souk::server {

// A request's mistake, as the client gets it (its HTTP status from its kind); with
// a wait (a rate limit reached), Retry-After says how long.
struct ApiError {
  Status error;
  std::chrono::milliseconds retry_after{0};
};

[[noreturn]] void Malformed(std::string message);
[[noreturn]] void Throw(const Status& status);

template <typename T>
T OrThrow(Result<T> result) {
  if (!result.ok()) Throw(result.status());
  return std::move(*result);
}

// The body, a JSON object.
Json ParseBody(const Request& req);
// The field `key` of `body`: a string (empty when missing unless `required`), a small
// whole number 0 to 64 (`fallback` when missing), true or false (false when missing).
std::string StringField(const Json& body, const char* key, bool required);
int IntField(const Json& body, const char* key, int fallback);
bool BoolField(const Json& body, const char* key);

// The signed-in account a request comes from, for a change: its session cookie's.
// None (id 0) without a cookie, or with one whose session has ended; a cookie from
// another site's page is refused, as for every change made with it.
struct SignedIn {
  int64_t id = 0;
  std::string name;
};
SignedIn SessionAccount(const Request& req, const Caller& caller, const ServerOptions& options);

// The token of "Authorization: Bearer TOKEN", or "".
std::string BearerToken(const Request& req);

}  // namespace souk::server
