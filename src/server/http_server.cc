#include "server/http_server.h"
#include "server/account_routes.h"
#include "server/accounts/accounts.h"
#include "server/blocks/blocklist.h"
#include "server/http_routes.h"
#include "server/server_metrics.h"
#include "server/server_log.h"
#include "server/lang.h"
#include "server/rate_limits.h"
#include "server/refuse_connection.h"
#include "server/server_shared.h"
#include "server/ws_session.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

namespace souk::server {
namespace {

namespace websocket = beast::websocket;

// The X-Forwarded-For headers of a request, joined by commas as if they were one.
std::string ForwardedFor(const http::request_header<>& req) {
  std::string joined;
  for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) {
    if (!joined.empty()) joined += ',';
    joined += it->value();
  }
  return joined;
}

// How long a client refused for too many connections is asked to wait (Retry-After).
constexpr std::chrono::seconds kConnectionRetryAfter(2);

std::string TooManyFromAddress(const ConnectionTable& connections) {
  return "too many connections from your address (the most is " + std::to_string(connections.max_per_address()) +
         "); close some, or try again in a moment";
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Shared& shared, IpAddress peer, ConnectionSlot slot)
      : stream_(std::move(socket)),
        shared_(shared),
        games_(shared.games),
        options_(shared.options),
        peer_(peer),
        slot_(std::move(slot)),
        pause_(stream_.get_executor()) {}
  ~HttpSession() {
    if (in_flight_) --shared_.requests_in_flight;  // a request whose answer was never written (an upgrade, a lost connection)
  }

  void Run() { net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::Read, shared_from_this())); }

 private:
  void Read() {
    parser_.emplace();
    parser_->body_limit(options_.max_body_bytes);
    parser_->header_limit(8 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::OnRead, shared_from_this()));
  }

  void OnRead(beast::error_code ec, size_t) {
    if (ec == http::error::body_limit) {
      route_ = "other";
      read_at_ = std::chrono::steady_clock::now();
      client_ = AddressKey(ClientAddress(peer_, "", options_.trusted_proxies));
      Request req;
      req.version(11);
      req.keep_alive(false);
      return Write(JsonResponse(req, http::status::payload_too_large,
                                ErrorBody(Status::Coded(ErrorCode::kTooLarge, "body: larger than " +
                                                                                  std::to_string(options_.max_body_bytes) +
                                                                                  " bytes"),
                                          Lang::kEn)));
    }
    if (ec) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    Request req = parser_->release();
    ++shared_.requests_in_flight;
    in_flight_ = true;
    route_ = server_metrics::RouteClass(req.method_string(), req.target());
    read_at_ = std::chrono::steady_clock::now();
    // Each request names its client anew: a proxy's connection may carry many clients' requests.
    const IpAddress address = ClientAddress(peer_, ForwardedFor(req), options_.trusted_proxies);
    const std::string client = AddressKey(address);
    client_ = client;
    if (options_.blocklist && options_.blocklist->Contains(address)) {
      req.keep_alive(false);
      return Write(JsonResponse(req, http::status::forbidden,
                                ErrorBody(Status::Coded(ErrorCode::kForbidden, "this address is blocked by the server's operator"),
                                          LangOfAcceptLanguage(req[http::field::accept_language]))));
    }
    const bool https = options_.trusted_proxies.Contains(peer_) && beast::iequals(req["X-Forwarded-Proto"], "https");
    if (websocket::is_upgrade(req) && shared_.draining.load()) {
      req.keep_alive(false);
      return Write(JsonResponse(req, http::status::service_unavailable,
                                ErrorBody(Status::Coded(ErrorCode::kUnavailable, "this instance is restarting: connect again"),
                                          LangOfAcceptLanguage(req[http::field::accept_language]))));
    }
    if (websocket::is_upgrade(req)) {
      std::string id, rest;
      std::string_view target = req.target();
      if (GamePath(target, &id, &rest) && rest == "ws") return Upgrade(std::move(req), id, {client, https, address});
      // The table list's: a session like a game's, with no game.
      if (target == "/api/tables/ws" && options_.lobby) return Upgrade(std::move(req), "", {client, https, address});
    }
    if (IsAccountRoute(req.target())) {
      // Answered on the accounts' workers (a password hash is no work for this thread).
      return HandleAccountRoute(shared_, std::move(req), {client, https, address}, [self = shared_from_this()](Response res) {
        net::post(self->stream_.get_executor(), [self, res = std::move(res)]() mutable { self->Write(std::move(res)); });
      });
    }
    Write(Handle(shared_, req, {client, https, address}));
  }

  void Upgrade(Request req, const std::string& game_id, const Caller& caller) {
    const std::string& client = caller.client;
    req.keep_alive(false);  // for a refusal: the connection is the WebSocket's or nobody's
    if (auto refused = shared_.limiters.Take(Rate::kWsConnect, client))
      return Write(TooManyRequests(req, refused->message, refused->retry_after));
    // Through a trusted proxy, the WebSocket holds this connection from now on: it
    // counts against its client's address, known only now.
    ConnectionSlot forwarded;
    if (options_.trusted_proxies.Contains(peer_)) {
      Admission admission = shared_.connections.AdmitForwarded(client);
      if (admission.outcome != Admitted::kYes)
        return Write(TooManyRequests(req, TooManyFromAddress(shared_.connections), kConnectionRetryAfter));
      forwarded = std::move(admission.slot);
    }
    stream_.expires_never();
    StartWsSession(stream_.release_socket(), shared_, caller, game_id, std::move(slot_), std::move(forwarded), std::move(req));
  }

  void Write(Response res) {
    refusals_in_a_row_ = res.result() == http::status::too_many_requests ? refusals_in_a_row_ + 1 : 0;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - read_at_).count();
    server_metrics::RequestServed(route_, static_cast<int>(res.result_int()), seconds);
    if (res.result_int() >= 400) LogRefusal(res, seconds);
    if (shared_.draining.load()) res.keep_alive(false);  // the last request this connection carries
    auto shared = std::make_shared<Response>(std::move(res));
    http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, size_t) {
      if (std::exchange(self->in_flight_, false)) --self->shared_.requests_in_flight;
      if (ec || !shared->keep_alive()) {
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
      }
      self->ReadAfterRefusals();
    });
  }

  // A refused request as an event: its route class, status, error code, client and
  // latency; never its target or headers (a token, a cookie).
  void LogRefusal(const Response& res, double seconds) {
    std::string code;
    const std::string& body = res.body();
    constexpr std::string_view kCode = "\"code\":\"";
    if (size_t at = body.find(kCode); at != std::string::npos) {
      const size_t from = at + kCode.size();
      code = body.substr(from, std::min<size_t>(body.find('"', from), from + 40) - from);
    }
    server_log::WriteSampled(server_log::Level::kInfo, "request_refused",
                             std::to_string(res.result_int()) + " " + (code.empty() ? "" : code + " ") + "on " +
                                 std::string(route_),
                             {{"route", std::string(route_)},
                              server_log::Number("status", res.result_int()),
                              {"code", code},
                              {"client", client_},
                              server_log::Number("latency_ms", seconds * 1000)});
  }

  // After 429s in a row, the next request is read after a pause (rate_limits.h).
  void ReadAfterRefusals() {
    const std::chrono::milliseconds pause = PauseAfterRefusals(refusals_in_a_row_);
    if (pause.count() == 0) return Read();
    server_metrics::RefusalPause(std::chrono::duration<double>(pause).count());
    pause_.expires_after(pause);
    stream_.expires_after(std::chrono::seconds(30));  // the pause counts against the idle time
    pause_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->Read();
    });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Shared& shared_;
  GameService& games_;
  const ServerOptions& options_;
  const IpAddress peer_;
  ConnectionSlot slot_;  // its place in the connection count, handed to a WebSocket
  int refusals_in_a_row_ = 0;
  // The request being answered, for the metrics: its route class and when it was read.
  std::string_view route_ = "other";
  std::string client_;  // its client's AddressKey
  bool in_flight_ = false;  // counted in shared_.requests_in_flight until its answer is written
  std::chrono::steady_clock::time_point read_at_ = std::chrono::steady_clock::now();
  net::steady_timer pause_;
};

}  // namespace

struct HttpServer::Impl {
  Impl(GameService& g, ServerOptions o) : games(g), options(std::move(o)), ioc(std::max(1, options.io_threads)) {}

  void Accept() {
    acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted) return;
      if (ec) return AcceptLater(ec);
      accept_delay = std::chrono::milliseconds(0);
      accept_wait_ms.store(0);
      // Pushes are small and must leave at once, not wait for Nagle's algorithm to
      // gather them with data that is not coming.
      socket.set_option(tcp::no_delay(true), ec);
      Admit(std::move(socket));
      Accept();
    });
  }

  // A new connection gets a session, or over a cap, a quick refusal. A trusted
  // proxy's connections count in the total only: its clients are many.
  void Admit(tcp::socket socket) {
    beast::error_code ec;
    const tcp::endpoint peer = socket.remote_endpoint(ec);
    if (ec) return;  // gone already
    const bool proxy = options.trusted_proxies.Contains(peer.address());
    Admission admission = shared->connections.Admit(proxy ? std::string() : AddressKey(peer.address()));
    if (admission.outcome == Admitted::kServerFull) {
      RefuseConnection(std::move(socket), 503, ErrorCode::kUnavailable, kConnectionRetryAfter,
                       "the server is full: it holds its most connections (" +
                           std::to_string(shared->connections.max_total()) + "); try again in a moment",
                       shared->refusals_in_flight, kMaxRefusalsInFlight);
    } else if (admission.outcome == Admitted::kAddressFull) {
      RefuseConnection(std::move(socket), 429, ErrorCode::kRateLimited, kConnectionRetryAfter, TooManyFromAddress(shared->connections),
                       shared->refusals_in_flight, kMaxRefusalsInFlight);
    } else {
      std::make_shared<HttpSession>(std::move(socket), *shared, peer.address(), std::move(admission.slot))->Run();
    }
  }

  // Accepting failed, most likely for want of descriptors (EMFILE, ENFILE) or memory:
  // trying again at once would fail again at once, a loop that takes a whole core.
  // Waits 50 ms, doubling up to 1 s while failures go on; the connections waiting
  // stay in the kernel's backlog meanwhile.
  void AcceptLater(const beast::error_code& ec) {
    constexpr std::chrono::milliseconds kFirst(50), kLongest(1000);
    if (accept_delay.count() == 0)
      server_log::Write(server_log::Level::kWarning, "accept_failed",
                        "accepting a connection failed (" + ec.message() + "); waiting before the next");
    accept_delay = std::clamp(accept_delay * 2, kFirst, kLongest);
    // The wait before the failure, in order: a test that reads the failures, then the
    // waits, finds every wait that came before them.
    accept_wait_ms.store(accept_delay.count());
    accept_failures.fetch_add(1);
    accept_timer.expires_after(accept_delay);
    accept_timer.async_wait([this](beast::error_code wait_ec) {
      if (wait_ec) return;
      accept_waits_ended.fetch_add(1);
      Accept();
    });
  }

  GameService& games;
  ServerOptions options;
  std::unique_ptr<Shared> shared;  // made by Start; destroyed after ioc and its connections
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  net::steady_timer accept_timer{ioc};
  std::chrono::milliseconds accept_delay{0};  // 0 while accepting succeeds
  std::atomic<uint64_t> accept_failures{0};
  std::atomic<uint64_t> accept_waits_ended{0};
  std::atomic<int64_t> accept_wait_ms{0};  // accept_delay, for other threads to read
  std::atomic<uint64_t> handlers_run{0};
  std::vector<std::thread> threads;
};

HttpServer::HttpServer(GameService& games, ServerOptions options) : impl_(std::make_unique<Impl>(games, std::move(options))) {}

HttpServer::~HttpServer() { Stop(); }

Status HttpServer::Start() {
  rlimit descriptors{};
  getrlimit(RLIMIT_NOFILE, &descriptors);
  std::string warning;
  auto cap = ConnectionCapFor(impl_->options.connections.total,
                              descriptors.rlim_cur == RLIM_INFINITY ? UINT64_MAX : descriptors.rlim_cur, &warning);
  if (!cap.ok()) return cap.status();
  if (!warning.empty()) server_log::Write(server_log::Level::kWarning, "connection_cap_lowered", warning);
  impl_->shared = std::make_unique<Shared>(impl_->games, impl_->options, *cap);
  beast::error_code ec;
  auto address = net::ip::make_address(impl_->options.bind, ec);
  if (ec) return Status::Error("--bind: not an IP address: " + impl_->options.bind);
  tcp::endpoint endpoint{address, impl_->options.port};
  auto& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return Status::Error(impl_->options.bind + ":" + std::to_string(impl_->options.port) + ": " + ec.message());
  impl_->Accept();
  for (int i = 0; i < std::max(1, impl_->options.io_threads); ++i)
    impl_->threads.emplace_back([this] {
      // A handler that throws must not take the network thread, and every game, with it.
      while (true) {
        try {
          while (impl_->ioc.run_one()) impl_->handlers_run.fetch_add(1, std::memory_order_relaxed);
          return;
        } catch (const std::exception& e) {
          server_log::Write(server_log::Level::kError, "connection_failed", std::string("a connection failed: ") + e.what());
        }
      }
    });
  return Status::Ok();
}

uint16_t HttpServer::port() const {
  beast::error_code ec;
  return impl_->acceptor.local_endpoint(ec).port();
}

uint64_t HttpServer::accept_failures() const { return impl_->accept_failures.load(); }

uint64_t HttpServer::accept_waits_ended() const { return impl_->accept_waits_ended.load(); }

std::chrono::milliseconds HttpServer::accept_wait() const {
  return std::chrono::milliseconds(impl_->accept_wait_ms.load());
}

uint64_t HttpServer::handlers_run() const { return impl_->handlers_run.load(std::memory_order_relaxed); }

std::string HttpServer::RateLimitState(size_t max_clients) const {
  if (!impl_->shared) return "{}";
  Json limits = Json::array();
  for (const RateInfo& info : RateInfos()) {
    if (info.rate == Rate::kWsMessage) continue;  // each WebSocket holds its own bucket
    const RateLimiter& limiter = impl_->shared->limiters.limiter(info.rate);
    Json clients = Json::array();
    for (const RateLimiter::KeyTokens& k : limiter.Busiest(max_clients))
      clients.push_back({{"client", k.key}, {"tokens", std::round(k.tokens * 100) / 100}, {"refused_now", k.tokens < 1}});
    limits.push_back({{"name", info.name},
                      {"limit", FormatRateLimit(limiter.limit())},
                      {"counts", info.counts},
                      {"clients_tracked", limiter.keys()},
                      {"busiest", std::move(clients)}});
  }
  return DumpJson(Json{{"limits", std::move(limits)}}, true);
}

void HttpServer::Drain(std::chrono::milliseconds within) {
  if (impl_->threads.empty() || !impl_->shared) return;
  net::post(impl_->ioc, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
    impl_->accept_timer.cancel();
  });
  Shared& shared = *impl_->shared;
  shared.draining = true;
  // The closers are called outside the lock: a closer holds its session for a moment,
  // and if the session's other owners let go meanwhile, its destructor runs in this
  // thread and takes the lock: held here, that is a deadlock, the one way a stop can
  // stay "draining" until the watchdog's 25 s (seen once in the rolling-restart browser
  // test).
  std::vector<std::function<void()>> closers;
  {
    std::lock_guard lock(shared.websockets_mutex);
    closers.reserve(shared.websockets.size());
    for (const auto& entry : shared.websockets) closers.push_back(entry.second);
  }
  for (const auto& close : closers) close();
  // The requests read before now are answered, each closing its connection; a request
  // that still comes on a kept-alive connection is answered the same way (a WebSocket
  // upgrade with 503), and Stop ends the connections left idle.
  const auto deadline = std::chrono::steady_clock::now() + within;
  while (std::chrono::steady_clock::now() < deadline) {
    bool websockets_open;
    {
      std::lock_guard lock(shared.websockets_mutex);
      websockets_open = !shared.websockets.empty();
    }
    if (shared.requests_in_flight.load() == 0 && !websockets_open) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void HttpServer::Stop() {
  if (impl_->threads.empty()) return;
  net::post(impl_->ioc, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
    impl_->accept_timer.cancel();
  });
  impl_->ioc.stop();
  for (std::thread& t : impl_->threads) t.join();
  impl_->threads.clear();
  // An account request still running hands its answer to this io_context: done before it goes.
  if (impl_->options.accounts) impl_->options.accounts->workers().WaitIdle();
}

}  // namespace souk::server
