#include "server/account_routes.h"

#include "lessons/lessons.h"

#include <ctime>
#include <memory>
#include <utility>

#include "server/accounts/accounts.h"
#include "server/email_routes.h"
#include "server/http_routes.h"
#include "server/lang.h"
#include "server/player_routes.h"
#include "server/session_cookie.h"
#include "server/tokens.h"

namespace souk::server {
namespace {

// More than every lesson there is: one request says them all.
constexpr size_t kMaxLessonsSent = 500;

using accounts::Accounts;
using accounts::Authenticated;

// How long a client is asked to wait when every worker is busy and the queue full.
constexpr std::chrono::milliseconds kBusyRetry(1000);

// A refusal, and for a 429 how long to wait.
struct Refusal {
  Status error;
  std::chrono::milliseconds wait{0};
};

[[noreturn]] void Refuse(Status error, std::chrono::milliseconds wait = std::chrono::milliseconds(0)) {
  throw Refusal{std::move(error), wait};
}

Json Body(const Request& req) {
  auto json = ParseJson(req.body());
  // Not the parser's message: it quotes the text it stopped at, a password perhaps.
  if (!json.ok()) Refuse(Status::Error("body: not valid JSON"));
  if (!json->is_object()) Refuse(Status::Error("body: expected a JSON object"));
  return *json;
}

std::string Field(const Json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || !it->is_string()) Refuse(Status::Error(std::string(key) + ": expected a string"));
  return it->get<std::string>();
}

// `ratings`: RatingsJson's, none for a new account.
Json AccountJson(const accounts::Account& a, Json ratings = Json::object()) {
  return {{"id", a.id}, {"name", a.name}, {"created_at", Iso8601(a.created_ms)}, {"ratings", std::move(ratings)}};
}

int64_t WallMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

Response Answer(Shared& shared, const Request& req, const Caller& caller) {
  if (IsEmailRoute(req.target())) return AnswerEmailRoute(shared, req, caller);
  Accounts& accounts = *shared.options.accounts;
  const std::vector<std::string>& allowed = shared.options.allowed_origins;
  std::string_view target = req.target();
  if (size_t q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  const http::verb verb = req.method() == http::verb::head ? http::verb::get : req.method();
  const std::string user_agent(req[http::field::user_agent]);
  const long long lifetime_s = std::chrono::duration_cast<std::chrono::seconds>(accounts.session_lifetime()).count();
  const std::string cookie = SessionCookie(req);
  std::chrono::milliseconds wait{0};
  auto or_refuse = [&](Status s) {
    if (!s.ok()) Refuse(std::move(s), wait);
  };
  // A change made with the session cookie: only from the server's own pages (or allowed ones).
  auto signed_in_change = [&]() -> Authenticated {
    if (cookie.empty()) Refuse(Status::Coded(ErrorCode::kNotSignedIn, "not signed in"));
    if (!OriginAllowed(req, caller, allowed, false))
      Refuse(Status::Coded(ErrorCode::kBadOrigin, "origin: a change with the session cookie must come from this site"));
    auto who = accounts.Authenticate(cookie);
    or_refuse(who.status());
    return *who;
  };
  auto signed_in_read = [&]() -> Authenticated {
    auto who = accounts.Authenticate(cookie);
    or_refuse(who.status());
    return *who;
  };
  auto with_cookie = [&](Response res, const std::string& value, long long max_age) {
    res.set(http::field::set_cookie, SetSessionCookie(value, max_age, caller.https));
    return res;
  };
  auto renewed = [&](Response res, const Authenticated& who) {
    return who.renewed ? with_cookie(std::move(res), cookie, lifetime_s) : res;
  };
  const Json ok = {{"ok", true}};


  if ((target == "/api/accounts" || target == "/api/session") && verb == http::verb::post) {
    // No cookie is needed, but a page of another site may not sign its visitor in.
    if (!OriginAllowed(req, caller, allowed, true))
      Refuse(Status::Coded(ErrorCode::kBadOrigin, "origin: sign up and log in from this site"));
    const Json body = Body(req);
    const std::string name = Field(body, "name"), password = Field(body, "password");
    const bool sign_up = target == "/api/accounts";
    auto in = sign_up ? accounts.SignUp(name, password, caller.client, user_agent, &wait)
                      : accounts.LogIn(name, password, caller.client, user_agent, &wait);
    or_refuse(in.status());
    return with_cookie(JsonResponse(req, sign_up ? http::status::created : http::status::ok, AccountJson(in->account)),
                       in->session_id, lifetime_s);
  }
  if (target == "/api/session" && verb == http::verb::delete_) {
    if (!cookie.empty()) {
      if (!OriginAllowed(req, caller, allowed, false))
        Refuse(Status::Coded(ErrorCode::kBadOrigin, "origin: a change with the session cookie must come from this site"));
      if (cookie.size() == 64) or_refuse(accounts.LogOut(HashSecret(cookie)));
    }
    return with_cookie(JsonResponse(req, http::status::ok, ok), "", 0);
  }
  if (target == "/api/me" && verb == http::verb::get) {
    const Authenticated who = signed_in_read();
    Json ratings = Json::object();
    if (shared.options.ratings) {
      auto filled = RatingsJson(*shared.options.ratings, who.account.id, false, WallMs());
      or_refuse(filled.status());
      ratings = std::move(*filled);
    }
    Json me = AccountJson(who.account, std::move(ratings));
    me["email"] = OwnEmailJson(shared, who.account.id);  // the account's own: never in what others see
    return renewed(JsonResponse(req, http::status::ok, me), who);
  }
  if (target == "/api/me/games" && verb == http::verb::get) {
    const Authenticated who = signed_in_read();
    if (!shared.options.ratings) Refuse(Status::NotFound("no ratings on this server"));
    auto games = MyGames(*shared.options.ratings, shared.games, who.account.id);
    or_refuse(games.status());
    return renewed(JsonResponse(req, http::status::ok, *games), who);
  }
  if (target == "/api/me/seats" && verb == http::verb::post) {
    // The seats this browser played as a guest (its seat tokens, as POST /api/lobby
    // takes them) become the account's.
    const Authenticated who = signed_in_change();
    const Json body = Body(req);
    auto tokens = body.find("tokens");
    if (tokens == body.end() || !tokens->is_array() || tokens->size() > 200)
      Refuse(Status::Error("tokens: expected an array of up to 200 seat tokens"));
    std::vector<std::string> list;
    for (const Json& t : *tokens) {
      if (!t.is_string()) Refuse(Status::Error("tokens: expected strings"));
      list.push_back(t.get<std::string>());
    }
    auto attached = shared.games.AttachSeats(list, who.account.id, who.account.name);
    or_refuse(attached.status());
    return renewed(JsonResponse(req, http::status::ok, {{"attached", *attached}}), who);
  }
  constexpr std::string_view kPlayers = "/api/players/", kLeaderboard = "/api/leaderboard/";
  if ((target.substr(0, kPlayers.size()) == kPlayers || target.substr(0, kLeaderboard.size()) == kLeaderboard) &&
      verb == http::verb::get) {
    if (!shared.options.ratings) Refuse(Status::NotFound("no ratings on this server"));
    if (target.substr(0, kPlayers.size()) == kPlayers) {
      auto profile = PlayerProfile(*shared.options.ratings, accounts.store(), shared.games,
                                   std::string(target.substr(kPlayers.size())), WallMs());
      or_refuse(profile.status());
      return JsonResponse(req, http::status::ok, *profile);
    }
    // "me" for a signed-in reader; a cookie whose session has ended is no one.
    int64_t me = 0;
    if (!cookie.empty())
      if (auto who = accounts.Authenticate(cookie); who.ok()) me = who->account.id;
    std::string_view query = req.target();
    query = query.find('?') == std::string_view::npos ? std::string_view() : query.substr(query.find('?') + 1);
    auto board = Leaderboard(*shared.options.ratings, std::string(target.substr(kLeaderboard.size())), query, me, WallMs());
    or_refuse(board.status());
    return JsonResponse(req, http::status::ok, *board);
  }
  if (target == "/api/me" && verb == http::verb::delete_) {
    const Authenticated who = signed_in_change();
    or_refuse(accounts.Delete(who, Field(Body(req), "password"), caller.client, &wait));
    return with_cookie(JsonResponse(req, http::status::ok, ok), "", 0);
  }
  if (target == "/api/me/password" && verb == http::verb::post) {
    const Authenticated who = signed_in_change();
    const Json body = Body(req);
    auto fresh = accounts.ChangePassword(who, Field(body, "current_password"), Field(body, "new_password"),
                                         caller.client, user_agent, &wait);
    or_refuse(fresh.status());
    return with_cookie(JsonResponse(req, http::status::ok, ok), *fresh, lifetime_s);
  }
  if (target == "/api/me/sessions" && verb == http::verb::get) {
    const Authenticated who = signed_in_read();
    auto sessions = accounts.Sessions(who);
    or_refuse(sessions.status());
    Json list = Json::array();
    for (const accounts::SessionInfo& s : *sessions)
      list.push_back({{"id", s.id},
                      {"created_at", Iso8601(s.created_ms)},
                      {"last_seen_at", Iso8601(s.last_seen_ms)},
                      {"expires_at", Iso8601(s.expires_ms)},
                      {"label", s.label},
                      {"current", s.current}});
    return renewed(JsonResponse(req, http::status::ok, {{"sessions", list}}), who);
  }
  if (target == "/api/me/sessions" && verb == http::verb::delete_) {
    const Authenticated who = signed_in_change();
    or_refuse(accounts.RevokeAll(who));
    return with_cookie(JsonResponse(req, http::status::ok, ok), "", 0);
  }
  // The lessons done (docs/lessons.md): the web app keeps them per browser, and per
  // account here, so that they follow the player to another device.
  if (target == "/api/me/lessons" && (verb == http::verb::get || verb == http::verb::put)) {
    const Authenticated who = verb == http::verb::get ? signed_in_read() : signed_in_change();
    if (verb == http::verb::put) {
      const Json body = Body(req);
      if (!body.is_object() || !body.contains("done") || !body.at("done").is_array() || body.at("done").size() > kMaxLessonsSent)
        Refuse(Status::Error("done: expected an array of at most " + std::to_string(kMaxLessonsSent) +
                             " lessons (\"game/lesson\")"));
      std::vector<std::string> lessons;
      for (const Json& item : body.at("done")) {
        const std::string text = item.is_string() ? item.get<std::string>() : item.dump();
        const size_t slash = text.find('/');
        auto book = slash == std::string::npos || !item.is_string() ? Result<std::shared_ptr<const lessons::LessonBook>>(
                                                                          Status::NotFound(""))
                                                                    : lessons::LessonsOf(text.substr(0, slash));
        if (!book.ok() || !(*book)->Find(text.substr(slash + 1)))
          Refuse(Status::Error("done: '" + text.substr(0, 80) + "' is no lesson (\"game/lesson\", as GET /api/lessons/GAME lists them)"));
        lessons.push_back(text);
      }
      or_refuse(accounts.store().AddLessonsDone(who.account.id, lessons, WallMs()));
    }
    auto done = accounts.store().LessonsDone(who.account.id);
    or_refuse(done.status());
    return renewed(JsonResponse(req, http::status::ok, {{"done", *done}}), who);
  }
  constexpr std::string_view kSessionPrefix = "/api/me/sessions/";
  if (target.substr(0, kSessionPrefix.size()) == kSessionPrefix && verb == http::verb::delete_) {
    const Authenticated who = signed_in_change();
    or_refuse(accounts.Revoke(who, std::string(target.substr(kSessionPrefix.size()))));
    return JsonResponse(req, http::status::ok, ok);
  }
  Refuse(Status::NotFound("no such route: " + std::string(req.method_string()) + " " + std::string(target)));
}

Response AnswerOrRefuse(Shared& shared, const Request& req, const Caller& caller) {
  try {
    Response res = Answer(shared, req, caller);
    if (req.method() == http::verb::head) res.body().clear();
    return res;
  } catch (const Refusal& r) {
    if (HttpStatusFor(r.error) == http::status::too_many_requests)
      return TooManyRequests(req, r.error.message(), r.wait, r.error.error_code());
    return JsonResponse(req, HttpStatusFor(r.error), ErrorBody(r.error, Lang::kEn));
  } catch (const std::exception& e) {
    return JsonResponse(req, http::status::internal_server_error,
                        ErrorBody(Status::Internal(std::string("internal error: ") + e.what()), Lang::kEn));
  }
}

}  // namespace

bool IsAccountRoute(std::string_view target) {
  target = target.substr(0, target.find('?'));
  return target == "/api/accounts" || target == "/api/session" || target == "/api/me" ||
         target.substr(0, 8) == "/api/me/" || target.substr(0, 13) == "/api/players/" ||
         target.substr(0, 17) == "/api/leaderboard/" || IsEmailRoute(target);
}

void HandleAccountRoute(Shared& shared, Request req, Caller caller, std::function<void(Response)> done) {
  if (shared.options.accounts == nullptr) {
    Response res = JsonResponse(req, http::status::not_found,
                                ErrorBody(Status::NotFound("no accounts on this server"), Lang::kEn));
    if (req.method() == http::verb::head) res.body().clear();
    return done(std::move(res));
  }
  // Before a place in the queue is taken: a client past its rate takes none.
  if (auto refused = shared.limiters.Take(Rate::kRead, caller.client)) {
    Response res = TooManyRequests(req, refused->message, refused->retry_after, ErrorCode::kRateLimited);
    if (req.method() == http::verb::head) res.body().clear();
    return done(std::move(res));
  }
  auto request = std::make_shared<Request>(std::move(req));
  using Submitted = accounts::AccountWorkers::Submitted;
  const Submitted queued = shared.options.accounts->workers().Submit(caller.client, [&shared, request, caller, done] {
    done(AnswerOrRefuse(shared, *request, caller));
  });
  if (queued == Submitted::kClientBusy) {
    Response res = TooManyRequests(*request, "too many account requests at once from your address", kBusyRetry,
                                   ErrorCode::kRateLimited);
    if (request->method() == http::verb::head) res.body().clear();
    return done(std::move(res));
  }
  if (queued == Submitted::kQueueFull) {
    Json body = ErrorBody(Status::Unavailable("busy: too many log-ins at once; try again in a moment"), Lang::kEn);
    body["retry_after_ms"] = kBusyRetry.count();
    Response res = JsonResponse(*request, http::status::service_unavailable, body);
    res.set(http::field::retry_after, std::to_string(RetryAfterSeconds(kBusyRetry)));
    done(std::move(res));
  }
}

}  // namespace souk::server
