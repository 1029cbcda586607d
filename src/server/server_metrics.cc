#include "server/server_metrics.h"

#include <memory>
#include <string>
#include <utility>

namespace souk::server::server_metrics {
namespace {

using metrics::Default;

metrics::Family<metrics::Counter>& Requests() {
  static auto& f = Default().CounterFamily("souk_http_requests_total", "HTTP requests answered, by route class and status code.",
                                           {"route", "code"});
  return f;
}

metrics::Family<metrics::Histogram>& RequestSeconds() {
  static auto& f = Default().HistogramFamily("souk_http_request_duration_seconds",
                                             "Time from a request read to its answer handed to the network, by route class.",
                                             {"route"}, metrics::LatencyBuckets());
  return f;
}

}  // namespace

std::string_view RouteClass(std::string_view method, std::string_view target) {
  target = target.substr(0, target.find('?'));
  if (target.substr(0, 5) != "/api/") return "static";
  if (target == "/api/games") return method == "POST" ? "create" : "other";
  if (target == "/api/lobby") return "lobby";
  if (target == "/api/health") return "health";
  if (target == "/api/game-types") return "game_types";
  if (target == "/api/accounts" || target == "/api/session" || target == "/api/me" || target.substr(0, 8) == "/api/me/")
    return "accounts";
  constexpr std::string_view kGames = "/api/games/";
  if (target.substr(0, kGames.size()) != kGames) return "other";
  target.remove_prefix(kGames.size());
  const size_t slash = target.find('/');
  if (slash == std::string_view::npos) return "state";
  const std::string_view rest = target.substr(slash + 1);
  for (std::string_view known : {"moves", "join", "preview", "hint", "history", "replay", "record", "invite"})
    if (rest == known) return known == "moves" ? "move" : known;
  return "other";
}

void RequestServed(std::string_view route, int status, double seconds) {
  Requests().With({std::string(route), std::to_string(status)}).Add();
  RequestSeconds().With({std::string(route)}).Observe(seconds);
}

void MoveStored(std::string_view game) {
  static auto& f = Default().CounterFamily("souk_moves_total", "Moves stored by this instance (chance outcomes included), by game.",
                                           {"game"});
  f.With({std::string(game)}).Add();
}

void RateLimitRefused(std::string_view limit) {
  static auto& f = Default().CounterFamily("souk_rate_limit_refusals_total",
                                           "Requests refused by a rate limit, by limit (its --rate-NAME).", {"limit"});
  f.With({std::string(limit)}).Add();
}

namespace {
metrics::Counter& RefusalPauses() {
  static auto& c = Default()
                       .CounterFamily("souk_refusal_pause_seconds_total",
                                      "Pauses before reading the next request of a client asking again after 429s, summed.")
                       .With({});
  return c;
}
}  // namespace

void RefusalPause(double seconds) { RefusalPauses().Add(seconds); }
double RefusalPausesSeconds() { return RefusalPauses().Value(); }

namespace {
metrics::Gauge& WebSockets() {
  static auto& g = Default().GaugeFamily("souk_websocket_connections", "WebSocket connections open.").With({});
  return g;
}
}  // namespace

void WebSocketOpened() { WebSockets().Add(1); }
void WebSocketClosed() { WebSockets().Add(-1); }

void BotThought(std::string_view lane, double seconds) {
  static auto& f = Default().HistogramFamily("souk_bot_think_seconds", "Time a bot thought for one move, by lane.",
                                             {"lane"}, {0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60});
  f.With({std::string(lane)}).Observe(seconds);
}

namespace {
metrics::Histogram& NoticeLag() {
  static auto& h = Default()
                       .HistogramFamily("souk_notify_lag_seconds",
                                        "Time from another instance's NOTIFY of a change to this instance having "
                                        "handled it, by the two machines' wall clocks.",
                                        {}, metrics::LatencyBuckets())
                       .With({});
  return h;
}
}  // namespace

void NoticeHandled(double seconds) { NoticeLag().Observe(seconds); }
uint64_t NoticesHandled() { return NoticeLag().Read().count; }

void StoreCall(std::string_view op, double seconds, bool failed) {
  static auto& time = Default().HistogramFamily("souk_store_operation_duration_seconds",
                                                "Time of a call to the game store, by operation.", {"op"},
                                                metrics::LatencyBuckets());
  static auto& errors = Default().CounterFamily("souk_store_errors_total", "Calls to the game store that failed, by operation.",
                                                {"op"});
  time.With({std::string(op)}).Observe(seconds);
  if (failed) errors.With({std::string(op)}).Add();
}

metrics::Registry::Collector CollectAccountsSignedIn(std::function<std::optional<double>()> count,
                                                     metrics::CachedReading::Run run) {
  auto reading = std::make_shared<metrics::CachedReading>(std::move(count), std::move(run), kSignedInMaxAge);
  return Default().Collect("souk_accounts_signed_in",
                           "Accounts signed in: live, not disabled, with a session neither ended nor expired, in the "
                           "whole database (counted at most every 5 s).",
                           {}, [reading](const metrics::Registry::Put& put) {
                             if (const std::optional<double> value = reading->Get()) put({}, *value);
                           });
}

metrics::Registry::Collector CollectLobbyOpen(std::function<std::optional<double>(const std::string& kind)> count,
                                             metrics::CachedReading::Run run) {
  std::vector<std::pair<std::string, std::shared_ptr<metrics::CachedReading>>> readings;
  for (const char* kind : {"table", "seek"})
    readings.emplace_back(kind, std::make_shared<metrics::CachedReading>([count, kind] { return count(kind); }, run,
                                                                         kSignedInMaxAge));
  return Default().Collect("souk_lobby_open",
                           "The lobby's open tables (kind table) and quick-play requests waiting (kind seek), in the "
                           "whole database (counted at most every 5 s).",
                           {"kind"}, [readings](const metrics::Registry::Put& put) {
                             for (const auto& [kind, reading] : readings)
                               if (const std::optional<double> value = reading->Get()) put({kind}, *value);
                           });
}

void PairingWaited(std::string_view game, std::string_view outcome, double seconds) {
  static auto& f = Default().HistogramFamily("souk_pairing_wait_seconds",
                                             "Time a quick-play request waited, by game and outcome: paired with "
                                             "people, or the bot offered taken.",
                                             {"game", "outcome"}, {1, 5, 10, 30, 60, 120, 300, 600, 1800});
  f.With({std::string(game), std::string(outcome)}).Observe(seconds);
}

void LogIn(std::string_view outcome) {
  static auto& f = Default().CounterFamily("souk_account_logins_total",
                                           "Log-ins and sign-ups, by outcome: ok, refused, throttled.", {"outcome"});
  f.With({std::string(outcome)}).Add();
}

void Email(std::string_view kind, std::string_view outcome) {
  static auto& f = Default().CounterFamily("souk_emails_total",
                                           "Emails, by kind (verification, your_turn, invitation) and outcome "
                                           "(sent, failed, dropped).",
                                           {"kind", "outcome"});
  f.With({std::string(kind), std::string(outcome)}).Add();
}

}  // namespace souk::server::server_metrics
