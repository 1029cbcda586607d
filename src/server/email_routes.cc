#include "server/email_routes.h"

#include "server/accounts/accounts.h"
#include "server/http_routes.h"
#include "server/http_server.h"
#include "server/lang.h"
#include "server/mail/notifications.h"
#include "server/tokens.h"

namespace souk::server {
namespace {
// Named apart: the build may compile this file in one unit with account_routes.cc.
namespace email_detail {

using accounts::Authenticated;

struct Refusal {
  Status error;
  std::chrono::milliseconds wait{0};
};

[[noreturn]] void Refuse(Status error, std::chrono::milliseconds wait = std::chrono::milliseconds(0)) {
  throw Refusal{std::move(error), wait};
}
void OrRefuse(Status s, std::chrono::milliseconds wait = std::chrono::milliseconds(0)) {
  if (!s.ok()) Refuse(std::move(s), wait);
}

Json Body(const Request& req) {
  auto json = ParseJson(req.body());
  if (!json.ok()) Refuse(Status::Error("body: not valid JSON"));
  if (!json->is_object()) Refuse(Status::Error("body: expected a JSON object"));
  return *json;
}

// The raw value of `key` in the query ("" if absent): every value these routes take
// (digits, hex, a kind's name) needs no decoding, and one that would is refused whole.
std::string QueryValue(std::string_view target, std::string_view key) {
  const size_t q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) == key) return eq == std::string_view::npos ? std::string() : std::string(pair.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    query = query.substr(amp + 1);
  }
  return {};
}

Response Html(const Request& req, http::status status, const std::string& title, const std::string& inner) {
  Response res{status, req.version()};
  res.set(http::field::content_type, "text/html; charset=utf-8");
  res.set(http::field::cache_control, "no-store");
  // Nothing but the page itself and its form: a link's page runs no script.
  res.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
  res.set("Referrer-Policy", "no-referrer");  // the link's signature stays here
  res.keep_alive(req.keep_alive());
  res.body() = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
               "content=\"width=device-width\"><title>" + title + " · Souk</title></head><body style=\"font-family:"
               "sans-serif;max-width:36em;margin:3em auto;padding:0 1em\"><h1>" + title + "</h1>" + inner +
               "</body></html>";
  res.prepare_payload();
  return res;
}

Json AddressJson(const std::optional<mail::StoredAddress>& address) {
  if (!address) return nullptr;
  return {{"address", address->address}, {"verified", address->verified()}};
}

// An unsubscribe link's kind (checked first) as a page names its emails, and its setting.
std::string_view EmailsCalled(const std::string& kind) {
  return kind == mail::kInvitation ? "invitation" : "\"your turn\"";
}
std::string SettingOf(const std::string& kind) { return kind == mail::kInvitation ? "invitations" : kind; }

Json SettingsJson(const mail::Notifications& n, const mail::NotificationSettings& s,
                  const std::optional<mail::StoredAddress>& address) {
  return {{"email_available", true},
          {"email", AddressJson(address)},
          {"email_your_turn", s.email_your_turn},
          {"email_invitations", s.email_invitations},
          {"turn_interval_minutes", std::chrono::duration_cast<std::chrono::minutes>(n.turn_interval()).count()}};
}

Response Answer(Shared& shared, const Request& req, const Caller& caller) {
  mail::Notifications* notifications = shared.options.notifications;
  accounts::Accounts& accounts = *shared.options.accounts;
  std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));
  const http::verb verb = req.method() == http::verb::head ? http::verb::get : req.method();
  if (notifications == nullptr) {
    // The settings are read by the account page whatever the server: a state, not an error.
    if (path == "/api/me/notifications" && verb == http::verb::get) {
      auto who = accounts.Authenticate(SessionCookie(req));
      OrRefuse(who.status());
      return JsonResponse(req, http::status::ok,
                          {{"email_available", false}, {"email", nullptr}, {"email_your_turn", false},
                           {"email_invitations", false}});
    }
    Refuse(Status::Coded(ErrorCode::kNoEmail, "email: this server sends no email (it was started without --smtp)"));
  }
  const std::string cookie = SessionCookie(req);
  const long long lifetime_s = std::chrono::duration_cast<std::chrono::seconds>(accounts.session_lifetime()).count();
  auto signed_in = [&](bool change) -> Authenticated {
    if (change) {
      if (cookie.empty()) Refuse(Status::Coded(ErrorCode::kNotSignedIn, "not signed in"));
      if (!OriginAllowed(req, caller, shared.options.allowed_origins, false))
        Refuse(Status::Coded(ErrorCode::kBadOrigin, "origin: a change with the session cookie must come from this site"));
    }
    auto who = accounts.Authenticate(cookie);
    OrRefuse(who.status());
    return *who;
  };
  auto answer = [&](const Authenticated& who, http::status status, const Json& body) {
    Response res = JsonResponse(req, status, body);
    if (who.renewed) res.set(http::field::set_cookie, SetSessionCookie(cookie, lifetime_s, caller.https));
    return res;
  };
  auto settings_of = [&](int64_t account_id) {
    auto settings = notifications->Settings(account_id);
    OrRefuse(settings.status());
    auto address = notifications->Address(account_id);
    OrRefuse(address.status());
    return SettingsJson(*notifications, *settings, *address);
  };

  if (path == "/api/me/email") {
    if (verb == http::verb::get) {
      const Authenticated who = signed_in(false);
      auto address = notifications->Address(who.account.id);
      OrRefuse(address.status());
      return answer(who, http::status::ok, {{"email", AddressJson(*address)}});
    }
    if (verb == http::verb::post) {
      const Authenticated who = signed_in(true);
      const Json body = Body(req);
      auto email = body.find("email");
      if (email == body.end() || !email->is_string()) Refuse(Status::Coded(ErrorCode::kBadEmail, "email: expected a string"));
      std::chrono::milliseconds wait{0};
      OrRefuse(notifications->AddAddress(who.account.id, who.account.name, email->get<std::string>(), caller.client, &wait), wait);
      auto address = notifications->Address(who.account.id);
      OrRefuse(address.status());
      return answer(who, http::status::accepted, {{"email", AddressJson(*address)}, {"verification_sent", true}});
    }
    if (verb == http::verb::delete_) {
      const Authenticated who = signed_in(true);
      OrRefuse(notifications->RemoveAddress(who.account.id));
      return answer(who, http::status::ok, {{"ok", true}});
    }
  }
  if (path == "/api/me/notifications") {
    if (verb == http::verb::get) {
      const Authenticated who = signed_in(false);
      return answer(who, http::status::ok, settings_of(who.account.id));
    }
    if (verb == http::verb::put) {
      const Authenticated who = signed_in(true);
      const Json body = Body(req);
      auto settings = notifications->Settings(who.account.id);
      OrRefuse(settings.status());
      if (!body.is_object()) Refuse(Status::Error("body: expected an object of settings"));
      for (const auto& [key, value] : body.items()) {
        bool* setting = key == "email_your_turn"     ? &settings->email_your_turn
                        : key == "email_invitations" ? &settings->email_invitations
                                                     : nullptr;
        if (!setting) Refuse(Status::Error(key + ": no such setting (email_your_turn, email_invitations)"));
        if (!value.is_boolean()) Refuse(Status::Error(key + ": expected true or false"));
        *setting = value.get<bool>();
      }
      OrRefuse(notifications->SetSettings(who.account.id, *settings));
      return answer(who, http::status::ok, settings_of(who.account.id));
    }
  }
  if (path == "/api/email/verify") {
    if (verb == http::verb::post) {
      const Json body = Body(req);
      auto token = body.find("token");
      if (token == body.end() || !token->is_string()) Refuse(Status::Error("token: expected a string"));
      OrRefuse(notifications->Verify(token->get<std::string>()));
      return JsonResponse(req, http::status::ok, {{"ok", true}, {"verified", true}});
    }
    if (verb == http::verb::get) {
      // The email's link: verified at once, the page says so and leads to the app.
      const Status verified = notifications->Verify(QueryValue(target, "token"));
      const std::string back = "<p><a href=\"" + notifications->AccountUrl() + "\">Open your account on Souk</a></p>";
      if (!verified.ok() && verified.error_code() != ErrorCode::kBadToken) Refuse(verified);
      return verified.ok()
                 ? Html(req, http::status::ok, "Address verified",
                        "<p>Your email address is verified: Souk will tell you there when it is your turn in a "
                        "turn-based game, and when someone offers you a rematch.</p>" + back)
                 : Html(req, http::status::not_found, "Link not valid",
                        "<p>This verification link is unknown, already used, replaced by a newer one, or expired "
                        "(<code>bad_token</code>). Add your address again in your account's settings.</p>" + back);
    }
  }
  if (path == "/api/email/unsubscribe" && (verb == http::verb::get || verb == http::verb::post)) {
    const std::string account_text = QueryValue(target, "account"), kind = QueryValue(target, "kind"),
                      signature = QueryValue(target, "sig");
    int64_t account_id = 0;
    if (account_text.empty() || account_text.size() > 18 || account_text.find_first_not_of("0123456789") != std::string::npos ||
        (account_id = std::stoll(account_text)) <= 0)
      Refuse(Status::Coded(ErrorCode::kBadSignature, "unsubscribe link: altered or not made by this server"));
    if (verb == http::verb::post) {
      // RFC 8058's one click: the mail client POSTs "List-Unsubscribe=One-Click" here,
      // without a cookie; the link's signature is the credential.
      OrRefuse(notifications->Unsubscribe(account_id, kind, signature));
      if (req[http::field::accept].find("text/html") != std::string_view::npos)
        return Html(req, http::status::ok, "Unsubscribed",
                    "<p>You will get no more " + std::string(EmailsCalled(kind)) +
                        " emails. Turn them on again in your account's settings.</p>"
                        "<p><a href=\"" + notifications->AccountUrl() + "\">Open your account on Souk</a></p>");
      return JsonResponse(req, http::status::ok, {{"ok", true}, {"email_" + SettingOf(kind), false}});
    }
    // A GET changes nothing (a mail scanner follows links): it asks for the click.
    const Status valid = notifications->CheckUnsubscribe(account_id, kind, signature);
    if (!valid.ok())
      return Html(req, HttpStatusFor(valid), "Link not valid",
                  "<p>This unsubscribe link was altered or not made by this server (<code>" +
                      std::string(ErrorCodeName(valid.error_code())) + "</code>). Change your emails in your "
                      "account's settings.</p>");
    return Html(req, http::status::ok, "Stop the " + std::string(EmailsCalled(kind)) + " emails?",
                "<form method=\"post\"><input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">"
                "<button type=\"submit\">Stop them</button></form>");
  }
  Refuse(Status::NotFound("no such route: " + std::string(req.method_string()) + " " + std::string(path)));
}

}  // namespace email_detail
}  // namespace

bool IsEmailRoute(std::string_view path) {
  path = path.substr(0, path.find('?'));
  return path == "/api/me/email" || path == "/api/me/notifications" || path.substr(0, 11) == "/api/email/";
}

Response AnswerEmailRoute(Shared& shared, const Request& req, const Caller& caller) {
  try {
    return email_detail::Answer(shared, req, caller);
  } catch (const email_detail::Refusal& r) {
    if (HttpStatusFor(r.error) == http::status::too_many_requests)
      return TooManyRequests(req, r.error.message(), r.wait, r.error.error_code());
    return JsonResponse(req, HttpStatusFor(r.error), ErrorBody(r.error, Lang::kEn));
  }
}

mail::DescribeGame DescribeGamesOf(GameService& games) {
  return [&games](const std::string& game_id, int64_t account_id) -> Result<mail::TurnGame> {
    auto summary = games.Summary(game_id, account_id);
    if (!summary.ok()) return summary.status();
    mail::TurnGame out;
    out.game = summary->value("game", "");
    out.your_turn = summary->value("your_turn", false);
    const Json mine = summary->value("seat", Json(nullptr));
    const Json seats = summary->value("seats", Json::array());
    for (size_t i = 0; i < seats.size(); ++i) {
      if (mine.is_number_integer() && mine.get<size_t>() == i) continue;
      const Json& seat = seats[i];
      const Json account = seat.value("account", Json(nullptr));
      std::string name = account.is_string() ? account.get<std::string>() : seat.value("name", std::string());
      // A guest's name is whatever it typed: no control character reaches a subject.
      for (char& c : name)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
      out.opponents.push_back(name.empty() ? "a guest" : name);
    }
    return out;
  };
}

Json OwnEmailJson(Shared& shared, int64_t account_id) {
  if (shared.options.notifications == nullptr) return nullptr;
  auto address = shared.options.notifications->Address(account_id);
  return address.ok() ? email_detail::AddressJson(*address) : Json(nullptr);
}

}  // namespace souk::server
