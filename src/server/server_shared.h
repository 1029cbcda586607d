// What the pieces of `souk serve` share: the listener and its HTTP sessions
// (http_server.cc), the routes (http_routes.cc) and the WebSocket sessions
// (ws_session.cc). Internal to src/server.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <memory>
#include <string>

#include "server/connection_limits.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/rate_limits.h"

namespace souk::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

// What every connection of one server shares. Outlives them all: HttpServer::Impl
// destroys its io_context, and with it every connection, first.
struct Shared {
  Shared(GameService& g, const ServerOptions& o, int max_connections)
      : games(g), options(o), connections(max_connections, o.connections.per_address), limiters(o.rates, o.rate_clock) {}
  GameService& games;
  const ServerOptions& options;
  ConnectionTable connections;
  RateLimiters limiters;
  std::shared_ptr<std::atomic<int>> refusals_in_flight = std::make_shared<std::atomic<int>>(0);
  // Requests read and not yet answered: a graceful stop waits for them (HttpServer::Drain).
  std::atomic<int> requests_in_flight{0};
  // A graceful stop has begun (HttpServer::Drain): each request still read is answered
  // with "Connection: close", and a WebSocket upgrade with 503, which a proxy in front
  // sends on to another instance. A proxy's kept-alive connection would otherwise
  // carry a reconnecting page back to this instance, to be cut when it stops.
  std::atomic<bool> draining{false};
  // How to ask each open WebSocket to close for a restart, by a number of its own.
  std::mutex websockets_mutex;
  uint64_t next_websocket = 0;
  std::map<uint64_t, std::function<void()>> websockets;
};

// The bucket of a seat's moves: per game and seat, whichever token or connection.
inline std::string SeatKey(const std::string& game_id, int seat) { return game_id + "/" + std::to_string(seat); }

}  // namespace souk::server
