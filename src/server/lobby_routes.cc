#include "server/lobby_routes.h"

#include <string>

#include "format/time_control_json.h"
#include "server/accounts/accounts.h"
#include "server/http_routes.h"
#include "server/lobby/lobby.h"
#include "server/route_helpers.h"

namespace souk::server {
namespace {

using lobby::Player;

// Who asks: the session's account (for a change, from this site's pages only), else a
// guest under the body's "name"; the Bearer token a lobby answer gave, if any.
Player PlayerOf(const Request& req, const Caller& caller, const ServerOptions& options, const Json* body, bool change) {
  Player player;
  player.client = caller.client;
  player.token = BearerToken(req);
  if (change) {
    const SignedIn who = SessionAccount(req, caller, options);
    player.account_id = who.id;
    player.name = who.name;
  } else if (const std::string cookie = SessionCookie(req);
             !cookie.empty() && options.accounts && OriginAllowed(req, caller, options.allowed_origins, true)) {
    // A read carries no Origin from this site's own pages.
    if (auto who = options.accounts->Authenticate(cookie); who.ok()) {
      player.account_id = who->account.id;
      player.name = who->account.name;
    }
  }
  if (player.account_id == 0 && body) player.name = StringField(*body, "name", false);
  return player;
}

lobby::GameWanted WantedOf(const Json& body) {
  lobby::GameWanted wanted;
  wanted.game = StringField(body, "game", true);
  wanted.players = IntField(body, "players", 0);
  wanted.variant = StringField(body, "variant", false);
  wanted.rated = BoolField(body, "rated");
  if (auto clock = body.find("clock"); clock != body.end()) wanted.clock = OrThrow(TimeControlFromJson(*clock));
  return wanted;
}

std::optional<std::pair<int, int>> RangeOf(const Json& body) {
  auto range = body.find("rating_range");
  if (range == body.end() || range->is_null()) return std::nullopt;
  if (!range->is_array() || range->size() != 2 || !(*range)[0].is_number_integer() || !(*range)[1].is_number_integer())
    Malformed("rating_range: expected [low, high], two whole numbers");
  const int64_t low = (*range)[0].get<int64_t>(), high = (*range)[1].get<int64_t>();
  if (low < 0 || high > 4000 || low > high) Malformed("rating_range: expected 0 <= low <= high <= 4000");
  return std::make_pair(static_cast<int>(low), static_cast<int>(high));
}

// "/api/tables/ID/rest" or "/api/play-now/ID/rest": ID and rest, or false.
bool Under(std::string_view target, std::string_view prefix, std::string* id, std::string* rest) {
  if (target.substr(0, prefix.size()) != prefix) return false;
  target.remove_prefix(prefix.size());
  const size_t slash = target.find('/');
  *id = std::string(target.substr(0, slash));
  *rest = slash == std::string_view::npos ? "" : std::string(target.substr(slash + 1));
  return !id->empty() && id->size() <= 32;
}

}  // namespace

std::optional<Response> LobbyRoute(Shared& shared, const Request& req, const Caller& caller, std::string_view target,
                                   http::verb verb) {
  const bool tables = target == "/api/tables" || target.substr(0, 12) == "/api/tables/";
  const bool play_now = target == "/api/play-now" || target.substr(0, 14) == "/api/play-now/";
  if (!tables && !play_now) return std::nullopt;
  const ServerOptions& options = shared.options;
  if (options.lobby == nullptr) Throw(Status::NotFound("no lobby on this server"));
  lobby::Lobby& lobby = *options.lobby;
  auto limit = [&](Rate rate) {
    if (auto refused = shared.limiters.Take(rate, caller.client))
      throw ApiError{Status::Coded(ErrorCode::kRateLimited, refused->message), refused->retry_after};
  };
  auto answer = [&](http::status status, Result<Json> body) { return JsonResponse(req, status, OrThrow(std::move(body))); };
  std::string id, rest;
  if (target == "/api/tables" && verb == http::verb::get) {
    limit(Rate::kLobby);
    return answer(http::status::ok, lobby.Tables());
  }
  if (target == "/api/tables" && verb == http::verb::post) {
    limit(Rate::kCreate);  // a table is a game to come: opened and cancelled in a loop, it pays as one
    const Json body = ParseBody(req);
    lobby::TableRequest request{WantedOf(body), RangeOf(body)};
    return answer(http::status::created, lobby.OpenTable(request, PlayerOf(req, caller, options, &body, true)));
  }
  if (Under(target, "/api/tables/", &id, &rest)) {
    if (rest.empty() && verb == http::verb::get) {
      limit(Rate::kLobby);
      return answer(http::status::ok, lobby.Table(id, PlayerOf(req, caller, options, nullptr, false)));
    }
    if (rest == "sit" && verb == http::verb::post) {
      limit(Rate::kJoin);
      const Json body = ParseBody(req);
      return answer(http::status::ok, lobby.Sit(id, PlayerOf(req, caller, options, &body, true)));
    }
    if (rest.empty() && verb == http::verb::delete_) {
      limit(Rate::kLobby);
      return answer(http::status::ok, lobby.Leave(id, PlayerOf(req, caller, options, nullptr, true)));
    }
  }
  if (target == "/api/play-now" && verb == http::verb::post) {
    limit(Rate::kCreate);
    const Json body = ParseBody(req);
    return answer(http::status::created, lobby.PlayNow(WantedOf(body), PlayerOf(req, caller, options, &body, true)));
  }
  if (Under(target, "/api/play-now/", &id, &rest)) {
    if (rest.empty() && verb == http::verb::get) {
      limit(Rate::kLobby);
      return answer(http::status::ok, lobby.Seek(id, PlayerOf(req, caller, options, nullptr, false)));
    }
    if (rest.empty() && verb == http::verb::delete_) {
      limit(Rate::kLobby);
      return answer(http::status::ok, lobby.CancelSeek(id, PlayerOf(req, caller, options, nullptr, true)));
    }
    if (rest == "bot" && verb == http::verb::post) {
      limit(Rate::kCreate);
      return answer(http::status::ok, lobby.TakeBot(id, PlayerOf(req, caller, options, nullptr, true)));
    }
  }
  return std::nullopt;
}

Response RematchRoute(Shared& shared, const Request& req, const Caller& caller, const std::string& game_id, int seat) {
  if (shared.options.lobby == nullptr) Throw(Status::NotFound("no lobby on this server"));
  if (auto refused = shared.limiters.Take(Rate::kCreate, caller.client))
    throw ApiError{Status::Coded(ErrorCode::kRateLimited, refused->message), refused->retry_after};
  const Player player = PlayerOf(req, caller, shared.options, nullptr, true);
  return JsonResponse(req, http::status::ok, OrThrow(shared.options.lobby->Rematch(game_id, seat, player)));
}

Response RematchStatusRoute(Shared& shared, const Request& req, const Caller& caller, const std::string& game_id) {
  if (shared.options.lobby == nullptr) Throw(Status::NotFound("no lobby on this server"));
  if (auto refused = shared.limiters.Take(Rate::kLobby, caller.client))
    throw ApiError{Status::Coded(ErrorCode::kRateLimited, refused->message), refused->retry_after};
  const Player player = PlayerOf(req, caller, shared.options, nullptr, false);
  return JsonResponse(req, http::status::ok, OrThrow(shared.options.lobby->RematchOf(game_id, player)));
}

}  // namespace souk::server
