#include "server/route_helpers.h"

#include "server/accounts/accounts.h"

namespace souk::server {

[[noreturn]] void Malformed(std::string message) { throw ApiError{Status::Error(std::move(message))}; }

Json ParseBody(const Request& req) {
  auto json = ParseJson(req.body());
  if (!json.ok()) Malformed("body: " + json.message());
  if (!json->is_object()) Malformed("body: expected a JSON object");
  return *json;
}

std::string StringField(const Json& body, const char* key, bool required) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) {
    if (required) Malformed(std::string(key) + ": required");
    return {};
  }
  if (!it->is_string()) Malformed(std::string(key) + ": expected a string");
  return it->get<std::string>();
}

int IntField(const Json& body, const char* key, int fallback) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_number_integer() || *it < 0 || *it > 64)
    Malformed(std::string(key) + ": expected a small whole number");
  return it->get<int>();
}

bool BoolField(const Json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return false;
  if (!it->is_boolean()) Malformed(std::string(key) + ": expected true or false");
  return it->get<bool>();
}

SignedIn SessionAccount(const Request& req, const Caller& caller, const ServerOptions& options) {
  const std::string cookie = SessionCookie(req);
  if (cookie.empty() || options.accounts == nullptr) return {};
  if (!OriginAllowed(req, caller, options.allowed_origins, false))
    throw ApiError{Status::Coded(ErrorCode::kBadOrigin, "origin: a change with the session cookie must come from this site")};
  auto who = options.accounts->Authenticate(cookie);
  if (who.code() == StatusCode::kUnauthenticated) return {};
  if (!who.ok()) throw ApiError{who.status()};
  return {who->account.id, who->account.name};
}

std::string BearerToken(const Request& req) {
  auto it = req.find(http::field::authorization);
  if (it == req.end()) return {};
  std::string_view value = it->value();
  if (value.substr(0, 7) != "Bearer ") throw ApiError{Status::Unauthenticated("authorization: expected 'Bearer TOKEN'")};
  return std::string(value.substr(7));
}

[[noreturn]] void Throw(const Status& status) { throw ApiError{status}; }

}  // namespace souk::server
