#include "server/http_routes.h"

#include "core/game_type.h"
#include "format/time_control_json.h"
#include "server/accounts/accounts.h"
#include "server/lang.h"
#include "server/lobby_routes.h"
#include "server/lesson_routes.h"
#include "server/review_routes.h"
#include "server/route_helpers.h"
#include "server/static_files.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace souk::server {

Response JsonResponse(const Request& req, http::status status, const Json& body) {
  Response res{status, req.version()};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = DumpJson(body, false);
  res.prepare_payload();
  return res;
}

Response TooManyRequests(const Request& req, const std::string& message, std::chrono::milliseconds wait,
                         ErrorCode code) {
  Json body = ErrorBody(Status::Coded(code, message), Lang::kEn);
  body["retry_after_ms"] = wait.count();
  Response res = JsonResponse(req, http::status::too_many_requests, body);
  res.set(http::field::retry_after, std::to_string(RetryAfterSeconds(wait)));
  return res;
}

bool GamePath(std::string_view target, std::string* id, std::string* rest) {
  constexpr std::string_view kPrefix = "/api/games/";
  if (target.substr(0, kPrefix.size()) != kPrefix) return false;
  target.remove_prefix(kPrefix.size());
  size_t slash = target.find('/');
  *id = std::string(target.substr(0, slash));
  *rest = slash == std::string_view::npos ? "" : std::string(target.substr(slash + 1));
  return !id->empty() && id->size() <= 32;
}

http::status HttpStatusFor(const Status& error) {
  if (error.error_code() == ErrorCode::kTooLarge) return http::status::payload_too_large;
  switch (error.code()) {
    case StatusCode::kOk: return http::status::ok;
    case StatusCode::kInvalidArgument: return http::status::bad_request;
    case StatusCode::kIllegalMove:
    case StatusCode::kFailedPrecondition:
    case StatusCode::kAborted: return http::status::conflict;
    case StatusCode::kNotFound: return http::status::not_found;
    case StatusCode::kUnauthenticated: return http::status::unauthorized;
    case StatusCode::kPermissionDenied: return http::status::forbidden;
    case StatusCode::kResourceExhausted: return http::status::too_many_requests;
    case StatusCode::kUnavailable: return http::status::service_unavailable;
    case StatusCode::kInternal: return http::status::internal_server_error;
  }
  return http::status::internal_server_error;
}

namespace {

// The seat a replay is seen from: `?seat=N` (any other query is ignored), or -1, a
// spectator's, without one.
int ReplaySeat(std::string_view target) {
  size_t q = target.find('?');
  if (q == std::string_view::npos) return -1;
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    if (pair.substr(0, 5) != "seat=") continue;
    std::string_view value = pair.substr(5);
    if (value.empty() || value.size() > 2 || value.find_first_not_of("0123456789") != std::string_view::npos)
      Malformed("seat: expected a seat number, got '" + std::string(value) + "'");
    return std::stoi(std::string(value));
  }
  return -1;
}

Response StaticResponse(const Request& req, const std::string& web_dir) {
  StaticFile file = web_dir.empty() ? StaticFile{404, "text/plain; charset=utf-8", "no web app is served here (--web DIR)\n"}
                                    : LoadStatic(web_dir, req.target());
  Response res{static_cast<http::status>(file.status), req.version()};
  res.set(http::field::content_type, file.content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.set(http::field::cache_control, "no-cache");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(file.body);
  res.prepare_payload();
  return res;
}

Response Route(Shared& shared, const Request& req, const Caller& caller) {
  const std::string& client = caller.client;
  GameService& games = shared.games;
  const ServerOptions& options = shared.options;
  // Takes a token from the client's (or `key`'s) bucket of `rate`, or refuses the request.
  auto limit = [&](Rate rate, const std::string& key) {
    if (auto refused = shared.limiters.Take(rate, key))
      throw ApiError{Status::Coded(ErrorCode::kRateLimited, refused->message), refused->retry_after};
  };
  const Lang lang = LangOfAcceptLanguage(req[http::field::accept_language]);  // of rule errors
  try {
    std::string_view target = req.target();
    if (target.substr(0, 5) != "/api/" && (req.method() == http::verb::get || req.method() == http::verb::head))
      return StaticResponse(req, options.web_dir);
    if (size_t q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
    // HEAD takes the GET route; Handle drops the body.
    const http::verb verb = req.method() == http::verb::head ? http::verb::get : req.method();
    // Never limited: monitors poll it, and it costs nothing. 503 when the store cannot write.
    if (target == "/api/health" && verb == http::verb::get) {
      if (Status health = games.Health(); !health.ok())
        return JsonResponse(req, http::status::service_unavailable,
                            {{"ok", false},
                             {"store", health.message()},
                             {"code", std::string(ErrorCodeName(ErrorCode::kUnavailable))}});
      return JsonResponse(req, http::status::ok, {{"ok", true}});
    }
    // The lessons (docs/lessons.md): data, and a lesson replayed, nothing stored.
    if (IsLessonRoute(target)) {
      limit(Rate::kRead, client);
      return LessonRoute(req, target, verb, lang);
    }
    // The games this server plays (core/game_type.h), for the web app's lobby: the same
    // answer until the server is replaced, so never limited and kept by caches a while.
    if (target == "/api/game-types" && verb == http::verb::get) {
      static const Json kGameTypes = [] {
        Json list = Json::array();
        for (const GameType* type : GameTypes()) {
          Json variants = Json::array();
          for (const GameType::Variant& v : type->variants)
            variants.push_back({{"name", v.name}, {"min_players", v.min_players}, {"max_players", v.max_players}});
          list.push_back({{"name", type->name},
                          {"display_name", type->display_name},
                          {"display_name_fr", type->display_name_fr},
                          {"min_players", type->min_players},
                          {"max_players", type->max_players},
                          {"default_players", type->default_players},
                          {"variants", variants},
                          {"explicit_chance", type->explicit_chance},
                          {"hidden_information", type->hidden_information}});
        }
        return Json{{"games", list}};
      }();
      Response res = JsonResponse(req, http::status::ok, kGameTypes);
      res.set(http::field::cache_control, "public, max-age=300");
      return res;
    }
    if (target == "/api/games" && verb == http::verb::post) {
      limit(Rate::kCreate, client);
      Json body = ParseBody(req);
      CreateRequest create;
      create.game = StringField(body, "game", true);
      create.players = IntField(body, "players", 0);
      create.variant = StringField(body, "variant", false);
      create.creator_seat = IntField(body, "creator_seat", 0);
      create.client = client;
      create.rated = BoolField(body, "rated");
      if (auto clock = body.find("clock"); clock != body.end()) create.clock = OrThrow(TimeControlFromJson(*clock));
      const SignedIn creator = SessionAccount(req, caller, options);
      create.account_id = creator.id;
      create.account_name = creator.name;
      auto seats = body.find("seats");
      if (seats == body.end() || !seats->is_array() || seats->size() > 4)
        Malformed("seats: expected an array of up to 4 seats");
      for (const Json& seat : *seats) {
        if (!seat.is_object()) Malformed("seats: each seat is an object");
        SeatRequest s;
        s.player = StringField(seat, "player", true);
        s.name = StringField(seat, "name", false);
        create.seats.push_back(std::move(s));
      }
      Created c = OrThrow(games.Create(create));
      Json invites = Json::array();
      for (const auto& [seat, code] : c.invites) invites.push_back({{"seat", seat}, {"invite", code}});
      return JsonResponse(req, http::status::created,
                          {{"game_id", c.game_id}, {"seat", c.seat}, {"token", c.token}, {"invites", invites}});
    }
    if (target == "/api/lobby" && verb == http::verb::post) {
      limit(Rate::kLobby, client);
      Json body = ParseBody(req);
      auto tokens = body.find("tokens");
      if (tokens == body.end() || !tokens->is_array() || tokens->size() > 200)
        Malformed("tokens: expected an array of up to 200 seat tokens");
      std::vector<std::string> list;
      for (const Json& t : *tokens) {
        if (!t.is_string()) Malformed("tokens: expected strings");
        list.push_back(t.get<std::string>());
      }
      return JsonResponse(req, http::status::ok, {{"games", OrThrow(games.GamesOfTokens(list))}});
    }
    if (auto answer = LobbyRoute(shared, req, caller, target, verb)) return std::move(*answer);
    std::string id, rest;
    if (GamePath(target, &id, &rest)) {
      // The seat whose Bearer token the request carries, or without one the seat its
      // session's account holds (from any browser: the cookie stands for the token, with
      // the site's Origin); `what` names the action refused.
      auto seat_acting = [&](const std::string& what) {
        std::string token = BearerToken(req);
        if (token.empty()) {
          if (const SignedIn who = SessionAccount(req, caller, options); who.id != 0)
            return OrThrow(games.SeatOfAccount(id, who.id));
          throw ApiError{Status::Unauthenticated("authorization: a seat token is needed " + what)};
        }
        return OrThrow(games.SeatOf(id, token));
      };
      // To read: the token's seat, else the signed-in account's, else a spectator's.
      auto seat_reading = [&]() {
        std::string token = BearerToken(req);
        if (!token.empty() || SessionCookie(req).empty()) return OrThrow(games.SeatOf(id, token));
        return OrThrow(SeatOfSession(options, games, id, SessionCookie(req)));
      };
      if (rest.empty() && verb == http::verb::get) {
        limit(Rate::kRead, client);
        const int seat = seat_reading();
        return JsonResponse(req, http::status::ok, OrThrow(games.View(id, seat)).json);
      }
      if (rest == "history" && verb == http::verb::get) {
        limit(Rate::kRead, client);
        const int seat = seat_reading();
        return JsonResponse(req, http::status::ok, OrThrow(games.History(id, seat)));
      }
      if (rest == "join" && verb == http::verb::post) {
        limit(Rate::kJoin, client);
        Json body = ParseBody(req);
        const SignedIn who = SessionAccount(req, caller, options);
        Joined joined = OrThrow(games.Join(id, StringField(body, "invite", true), StringField(body, "name", false), who.id,
                                           who.name));
        return JsonResponse(req, http::status::ok, {{"game_id", id}, {"seat", joined.seat}, {"token", joined.token}});
      }
      if (rest == "moves" && verb == http::verb::post) {
        limit(Rate::kMove, client);
        Json body = ParseBody(req);
        int seat = seat_acting("to move");
        limit(Rate::kSeatMove, SeatKey(id, seat));
        if (Status moved = games.Move(id, seat, StringField(body, "move", true)); !moved.ok()) Throw(moved);
        return JsonResponse(req, http::status::ok, OrThrow(games.View(id, seat)).json);
      }
      if (rest == "preview" && verb == http::verb::post) {
        limit(Rate::kPreview, client);
        Json body = ParseBody(req);
        int seat = seat_acting("to preview a move");
        return JsonResponse(req, http::status::ok, OrThrow(games.Preview(id, seat, StringField(body, "move", true), lang)));
      }
      if (rest == "invite" && verb == http::verb::post) {
        limit(Rate::kJoin, client);  // a code tried, like a join
        Json body = ParseBody(req);
        return JsonResponse(req, http::status::ok, OrThrow(games.Invite(id, StringField(body, "invite", true))));
      }
      if (rest == "rematch" && verb == http::verb::post) return RematchRoute(shared, req, caller, id, seat_acting("to ask for a rematch"));
      if (rest == "rematch" && verb == http::verb::get) return RematchStatusRoute(shared, req, caller, id);
      if (rest == "review" && verb == http::verb::get) return ReviewRoute(shared, req, caller, id);
      if (rest == "replay" && verb == http::verb::get) {
        limit(Rate::kRead, client);
        return JsonResponse(req, http::status::ok, OrThrow(games.Replay(id, ReplaySeat(req.target()))));
      }
      if (rest == "record" && verb == http::verb::get) {
        limit(Rate::kRead, client);
        return JsonResponse(req, http::status::ok, OrThrow(games.Record(id)));
      }
    }
    limit(Rate::kRead, client);  // a client trying routes pays like one reading
    throw ApiError{Status::NotFound("no such route: " + std::string(req.method_string()) + " " + std::string(target))};
  } catch (const ApiError& e) {
    // Every 429 says when to ask again (a quota's, at once: 0 ms).
    if (HttpStatusFor(e.error) == http::status::too_many_requests)
      return TooManyRequests(req, e.error.message(), e.retry_after, e.error.error_code());
    return JsonResponse(req, HttpStatusFor(e.error), ErrorBody(e.error, lang));
  } catch (const std::exception& e) {
    return JsonResponse(req, http::status::internal_server_error,
                        ErrorBody(Status::Internal(std::string("internal error: ") + e.what()), lang));
  }
}

}  // namespace

Response Handle(Shared& shared, const Request& req, const Caller& caller) {
  Response res = Route(shared, req, caller);
  if (req.method() == http::verb::head) res.body().clear();
  return res;
}

}  // namespace souk::server
