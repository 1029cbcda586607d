#include "server/session_cookie.h"

#include "server/accounts/accounts.h"

#include <algorithm>
#include <string_view>

namespace souk::server {
namespace {

constexpr std::string_view kCookie = "souk_session";

}  // namespace

std::string SessionCookie(const Request& req) {
  for (auto [it, end] = req.equal_range(http::field::cookie); it != end; ++it) {
    std::string_view rest = it->value();
    while (!rest.empty()) {
      std::string_view pair = rest.substr(0, rest.find(';'));
      rest.remove_prefix(std::min(rest.size(), pair.size() + 1));
      while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
      if (pair.size() > kCookie.size() && pair.substr(0, kCookie.size()) == kCookie && pair[kCookie.size()] == '=')
        return std::string(pair.substr(kCookie.size() + 1));
    }
  }
  return {};
}

std::string SetSessionCookie(const std::string& value, long long max_age_s, bool https) {
  return std::string(kCookie) + "=" + value + "; Path=/; Max-Age=" + std::to_string(max_age_s) + "; HttpOnly; SameSite=Lax" +
         (https ? "; Secure" : "");
}

bool OriginAllowed(const Request& req, const Caller& caller, const std::vector<std::string>& allowed, bool missing_ok) {
  auto it = req.find(http::field::origin);
  if (it == req.end()) return missing_ok;
  const std::string_view origin = it->value();
  const std::string_view host = req[http::field::host];
  if (!host.empty() && origin == (caller.https ? "https://" : "http://") + std::string(host)) return true;
  return std::find(allowed.begin(), allowed.end(), origin) != allowed.end();
}

Result<int> SeatOfSession(const ServerOptions& options, GameService& games, const std::string& game_id,
                          const std::string& cookie) {
  if (options.accounts == nullptr || cookie.empty()) return -1;
  auto who = options.accounts->Authenticate(cookie);
  if (who.code() == StatusCode::kUnauthenticated) return -1;
  if (!who.ok()) return who.status();
  auto seat = games.SeatOfAccount(game_id, who->account.id);
  if (seat.code() == StatusCode::kPermissionDenied) return -1;
  return seat;
}

}  // namespace souk::server
