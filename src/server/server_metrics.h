// What `souk serve` counts for its operator's Prometheus, in one place: every metric
// the server records, its name, help and labels (docs/operations.md lists them). The
// layers call these small functions; `--metrics-listen` serves them (metrics_listener.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "metrics/cached_reading.h"
#include "metrics/metrics.h"

namespace souk::server::server_metrics {

// The class of an API request, a label of few values: "create", "state", "move",
// "join", "preview", "hint", "history", "replay", "record", "invite", "lobby",
// "accounts", "game_types", "health", "static", "other".
std::string_view RouteClass(std::string_view method, std::string_view target);

// A request answered: souk_http_requests_total{route,code} and
// souk_http_request_duration_seconds{route}.
void RequestServed(std::string_view route, int status, double seconds);
// souk_moves_total{game}: a move (chance outcomes included) stored by this instance.
void MoveStored(std::string_view game);
// souk_rate_limit_refusals_total{limit}: a request refused by that limit (--rate-NAME).
void RateLimitRefused(std::string_view limit);
// souk_refusal_pause_seconds_total: the pauses before reading a connection's next
// request after 429s in a row (rate_limits.h's PauseAfterRefusals), summed.
void RefusalPause(double seconds);
double RefusalPausesSeconds();  // the sum so far (for tests)
// souk_websocket_connections: open now.
void WebSocketOpened();
void WebSocketClosed();
// souk_bot_think_seconds{lane}: one bot move's thought, by lane ("quick" or "heavy").
void BotThought(std::string_view lane, double seconds);
// souk_notify_lag_seconds: a change another instance told through PostgreSQL's
// NOTIFY, handled `seconds` after that instance sent it (by the two machines' clocks).
void NoticeHandled(double seconds);
uint64_t NoticesHandled();  // the histogram's count so far (for tests)
// souk_store_operation_duration_seconds{op} and souk_store_errors_total{op}.
void StoreCall(std::string_view op, double seconds, bool failed);
// souk_accounts_signed_in: accounts with a session unexpired, `count`ed (none when
// it failed) by a job handed to `run` at most every kSignedInMaxAge while Prometheus
// scrapes (metrics::CachedReading), so that a scrape never waits for the database.
// Read until the handle is destroyed: keep it no longer than what `count` reads.
inline constexpr std::chrono::milliseconds kSignedInMaxAge{5000};
[[nodiscard]] metrics::Registry::Collector CollectAccountsSignedIn(std::function<std::optional<double>()> count,
                                                                   metrics::CachedReading::Run run);
// souk_account_logins_total{outcome}: "ok", "refused" (wrong name or password, a
// disabled account) or "throttled".
void LogIn(std::string_view outcome);
// souk_lobby_open{kind}: the lobby's open tables ("table") and quick-play requests
// waiting ("seek") in the whole database, counted as the signed-in accounts are.
[[nodiscard]] metrics::Registry::Collector CollectLobbyOpen(
    std::function<std::optional<double>(const std::string& kind)> count, metrics::CachedReading::Run run);
// souk_pairing_wait_seconds{game, outcome}: how long a quick-play request waited before
// it was paired with people ("paired") or took the bot offered ("bot").
void PairingWaited(std::string_view game, std::string_view outcome, double seconds);

// souk_emails_total{kind, outcome}: kind "verification", "your_turn" or "invitation";
// outcome "sent", "failed" (the relay refused it, or could not be reached) or
// "dropped" (too many waiting to be sent).
void Email(std::string_view kind, std::string_view outcome);

}  // namespace souk::server::server_metrics
