// `souk serve`: the JSON API over HTTP and the live games over WebSocket, with
// Boost.Beast. Routes and messages: docs/protocol.md.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"
#include "server/client_address.h"
#include "server/connection_limits.h"
#include "server/game_service.h"
#include "server/rate_limits.h"

namespace souk::server {

namespace reviews {
class ReviewService;
}
namespace lobby {
class Lobby;
}
namespace accounts {
class Accounts;
}
namespace ratings {
class RatingStore;
}
namespace mail {
class Notifications;
}
namespace blocks {
class Blocklist;
}

struct ServerOptions {
  std::string bind = "127.0.0.1";
  uint16_t port = 8080;          // 0: any free port (see HttpServer::port)
  int io_threads = 1;            // network threads (bots have their own pool)
  size_t max_body_bytes = 16 * 1024;
  size_t max_ws_message_bytes = 4 * 1024;
  // A WebSocket from which no message comes for this long is closed, even if it
  // answers pings; zero: never.
  std::chrono::milliseconds ws_idle_timeout = std::chrono::minutes(30);
  std::string web_dir;           // files served outside /api/ (the web app); empty: none
  ConnectionLimits connections;
  RateLimits rates;
  RateLimiter::Now rate_clock = LimitClock::now;  // the rate limits' clock: tests move one by hand
  // Reverse proxies whose X-Forwarded-For names the client; none: every client is
  // its socket's peer.
  TrustedProxies trusted_proxies;
  // Sign-up, log-in and sessions (accounts/accounts.h, docs/accounts.md), outliving
  // the server; none: the account routes answer 404.
  accounts::Accounts* accounts = nullptr;
  // The ratings (ratings/rating_store.h), outliving the server, for the profile,
  // leaderboard and my-games routes; none: those answer 404.
  ratings::RatingStore* ratings = nullptr;
  // Open tables, quick play and rematches (lobby/lobby.h, docs/lobby.md), outliving the
  // server; none: those routes answer 404.
  lobby::Lobby* lobby = nullptr;
  // Finished games' reviews (reviews/review_service.h, docs/review.md), outliving the
  // server; none: GET /api/games/ID/review answers 404.
  reviews::ReviewService* reviews = nullptr;
  // The email notifications (mail/notifications.h), outliving the server; none (no
  // --smtp): their routes answer no_email.
  mail::Notifications* notifications = nullptr;
  // Origins (scheme://host[:port]) besides the server's own whose changes made with
  // the session cookie are accepted (`--allowed-origin`).
  std::vector<std::string> allowed_origins;
  // The client addresses the operator blocked (`souk admin block`), outliving the
  // server; none: nobody is. A blocked client's requests and WebSockets are refused
  // with 403 "forbidden", and its open WebSockets closed at their next message.
  const blocks::Blocklist* blocklist = nullptr;
};

class HttpServer {
 public:
  HttpServer(GameService& games, ServerOptions options);
  ~HttpServer();
  // Binds and starts serving on the I/O threads; an error if the port is taken or
  // the connection cap does not fit the descriptor limit (a default cap is lowered
  // to fit instead, with a warning on stderr).
  Status Start();
  uint16_t port() const;
  // Accepts that failed so far (out of descriptors, say); each waits before the next
  // try, 50 ms doubling up to 1 s while they go on.
  uint64_t accept_failures() const;
  // Those waits that ran to their end, each followed by one more try, and the length
  // of the last one set (zero while accepting succeeds): with accept_failures, a test
  // counts that no try came without a wait before it.
  uint64_t accept_waits_ended() const;
  std::chrono::milliseconds accept_wait() const;
  // The handlers the network threads have run so far (reads, writes, timers, accepts):
  // an idle server runs none, a spinning one thousands a second. For tests.
  uint64_t handlers_run() const;
  // The rate limits as they stand (`souk admin limits`, served on the operator's
  // --metrics-listen address): each limit, the clients it tracks, and the emptiest
  // buckets, at most `max_clients` a limit. JSON text; "{}" before Start.
  std::string RateLimitState(size_t max_clients = 20) const;
  // A graceful stop's first half: stops accepting, asks every WebSocket to close with
  // 1012 ("service restart": the web app connects again at once, to another instance
  // behind the proxy), and waits up to `within` for the requests already read to be
  // answered and the WebSockets to close. Then Stop.
  void Drain(std::chrono::milliseconds within);
  // Stops accepting, closes every connection, joins the threads.
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace souk::server
