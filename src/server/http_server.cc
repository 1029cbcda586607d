#include "server/http_server.h"
#include "server/http_routes.h"
#include "server/lang.h"
#include "server/rate_limits.h"
#include "server/refuse_connection.h"
#include "server/server_shared.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <optional>
#include <thread>

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

// One WebSocket client of one game: a hello with its seat token (or none, to
// spectate), then moves; the game's snapshots are pushed to it. It unsubscribes
// when its read loop ends (never in its destructor: the game's listener may hold
// the last reference while the game is locked).
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, Shared& shared, std::string client, std::string game_id, ConnectionSlot slot,
            ConnectionSlot forwarded_slot)
      : ws_(std::move(socket)),
        games_(shared.games),
        options_(shared.options),
        limiters_(shared.limiters),
        client_(std::move(client)),
        game_id_(std::move(game_id)),
        slot_(std::move(slot)),
        forwarded_slot_(std::move(forwarded_slot)) {}

  void Run(Request req) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(options_.max_ws_message_bytes);
    ws_.async_accept(req, beast::bind_front_handler(&WsSession::OnAccept, shared_from_this()));
  }

  // From any thread (the game's listener): queued on the connection's strand.
  void Send(std::string message) {
    net::post(ws_.get_executor(), [self = shared_from_this(), m = std::move(message)]() mutable {
      if (self->closing_) return;
      // A client that does not read would make the queue grow for ever.
      if (self->queue_.size() >= kMaxQueuedMessages) {
        self->closing_ = true;
        beast::error_code ec;
        beast::get_lowest_layer(self->ws_).socket().close(ec);
        return;
      }
      self->queue_.push_back(std::move(m));
      if (self->queue_.size() == 1) self->WriteNext();
    });
  }

 private:
  void OnAccept(beast::error_code ec) {
    if (ec) return;
    AwaitIdle();
    Read();
  }

  // (Re)starts the idle clock: a message from the client is the only activity that
  // counts. The stream's own timeout is kept alive by answered pings, which a client
  // gone to sleep (or holding connections on purpose) answers for ever.
  void AwaitIdle() {
    if (options_.ws_idle_timeout.count() <= 0) return;
    idle_timer_.expires_after(options_.ws_idle_timeout);
    idle_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
      auto self = weak.lock();
      if (ec || !self || self->closing_) return;
      self->closing_ = true;
      const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(self->options_.ws_idle_timeout).count();
      self->ws_.async_close({websocket::close_code::going_away, "idle: no message for " + std::to_string(seconds) + " s"},
                            [self](beast::error_code) {});
    });
  }

  void Read() { ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::OnRead, shared_from_this())); }

  void OnRead(beast::error_code ec, size_t) {
    if (ec) {
      if (subscription_) games_.Unsubscribe(game_id_, std::exchange(subscription_, 0));
      idle_timer_.cancel();
      return;  // closed, timed out, or a message over the limit: the stream says which
    }
    AwaitIdle();
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    const RateLimit& limit = options_.rates[Rate::kWsMessage];
    if (LimitClock::duration wait = message_bucket_.Take(limit, options_.rate_clock()); wait > LimitClock::duration::zero()) {
      // Each message refused is answered, so a client is never dropped unaware; one
      // that sends on regardless, as many times as the burst, is disconnected.
      if (++refused_in_a_row_ > limit.burst) {
        if (subscription_) games_.Unsubscribe(game_id_, std::exchange(subscription_, 0));
        closing_ = true;
        ws_.async_close({websocket::close_code::policy_error, "too many messages"}, [self = shared_from_this()](beast::error_code) {});
        return;
      }
      Refused(Refuse(Rate::kWsMessage, limit, wait));
      return Read();
    }
    refused_in_a_row_ = 0;
    try {
      HandleMessage(text);
    } catch (const std::exception& e) {
      Error(std::string("internal error: ") + e.what());
    }
    Read();
  }

  void Error(const std::string& message) {
    Send(DumpJson(WithErrorIn(Json{{"type", "error"}, {"error", message}}, lang_), false));
  }
  void Refused(const RateRefusal& refusal) {
    Send(DumpJson(Json{{"type", "error"}, {"error", refusal.message}, {"retry_after_ms", refusal.retry_after.count()}}, false));
  }
  // Takes a token from `key`'s bucket of `rate`; false, the client told, if there is none.
  bool Allowed(Rate rate, const std::string& key) {
    auto refused = limiters_.Take(rate, key);
    if (refused) Refused(*refused);
    return !refused;
  }

  void HandleMessage(const std::string& text) {
    auto json = ParseJson(text);
    if (!json.ok()) return Error("message: " + json.message());
    if (!json->is_object() || !json->contains("type") || !json->at("type").is_string())
      return Error("message: expected an object with a string 'type'");
    const std::string type = json->at("type");
    if (type == "hello") {
      if (subscription_) return Error("hello: already said");
      std::string token;
      if (json->contains("token")) {
        if (!json->at("token").is_string()) return Error("hello: token: expected a string");
        token = json->at("token");
      }
      auto lang = LangOfHello(*json);
      if (!lang.ok()) return Error(lang.message());
      lang_ = *lang;
      auto seat = games_.SeatOf(game_id_, token);
      if (!seat.ok()) return Error(seat.message());
      seat_ = *seat;
      std::weak_ptr<WsSession> weak = shared_from_this();
      auto sub = games_.Subscribe(game_id_, seat_, [weak](const std::string& m) {
        if (auto self = weak.lock()) self->Send(m);
      });
      if (!sub.ok()) return Error(sub.message());
      subscription_ = *sub;
      return;
    }
    if (type == "move") {
      if (!subscription_) return Error("move: say hello with your seat token first");
      if (!json->contains("move") || !json->at("move").is_string()) return Error("move: expected a string 'move'");
      if (!Allowed(Rate::kMove, client_) || (seat_ >= 0 && !Allowed(Rate::kSeatMove, SeatKey(game_id_, seat_)))) return;
      Status moved = games_.Move(game_id_, seat_, json->at("move"));
      if (!moved.ok()) return Error(moved.message());
      return;
    }
    if (type == "hint") {
      if (!subscription_) return Error("hint: say hello with your seat token first");
      if (!Allowed(Rate::kHint, client_)) return;
      std::weak_ptr<WsSession> weak = shared_from_this();
      games_.Hint(game_id_, seat_, [weak](const Json& reply) {
        if (auto self = weak.lock()) self->Send(DumpJson(reply, false));
      });
      return;
    }
    Error("type: unknown message type '" + type.substr(0, 40) + "'");
  }

  void WriteNext() {
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()), beast::bind_front_handler(&WsSession::OnWrite, shared_from_this()));
  }

  void OnWrite(beast::error_code ec, size_t) {
    if (ec) return;
    queue_.pop_front();
    if (!queue_.empty()) WriteNext();
  }

  websocket::stream<beast::tcp_stream> ws_;
  GameService& games_;
  const ServerOptions& options_;
  RateLimiters& limiters_;
  const std::string client_;  // AddressKey of the client
  std::string game_id_;
  ConnectionSlot slot_, forwarded_slot_;  // its places in the connection count
  net::steady_timer idle_timer_{ws_.get_executor()};
  static constexpr size_t kMaxQueuedMessages = 256;
  int seat_ = -1;
  Lang lang_ = Lang::kEn;  // of rule errors, from the hello
  uint64_t subscription_ = 0;
  bool closing_ = false;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  TokenBucket message_bucket_{options_.rates[Rate::kWsMessage], options_.rate_clock()};
  int refused_in_a_row_ = 0;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Shared& shared, IpAddress peer, ConnectionSlot slot)
      : stream_(std::move(socket)),
        shared_(shared),
        games_(shared.games),
        options_(shared.options),
        peer_(peer),
        slot_(std::move(slot)) {}

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
      Request req;
      req.version(11);
      req.keep_alive(false);
      return Write(JsonResponse(req, http::status::payload_too_large,
                                {{"error", "body: larger than " + std::to_string(options_.max_body_bytes) + " bytes"}}));
    }
    if (ec) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    Request req = parser_->release();
    // Each request names its client anew: a proxy's connection may carry many clients' requests.
    const std::string client = AddressKey(ClientAddress(peer_, ForwardedFor(req), options_.trusted_proxies));
    if (websocket::is_upgrade(req)) {
      std::string id, rest;
      std::string_view target = req.target();
      if (GamePath(target, &id, &rest) && rest == "ws") return Upgrade(std::move(req), id, client);
    }
    Write(Handle(shared_, req, client));
  }

  void Upgrade(Request req, const std::string& game_id, const std::string& client) {
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
    std::make_shared<WsSession>(stream_.release_socket(), shared_, client, game_id, std::move(slot_), std::move(forwarded))
        ->Run(std::move(req));
  }

  void Write(Response res) {
    auto shared = std::make_shared<Response>(std::move(res));
    http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, size_t) {
      if (ec || !shared->keep_alive()) {
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
      }
      self->Read();
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
};

}  // namespace

struct HttpServer::Impl {
  Impl(GameService& g, ServerOptions o) : games(g), options(std::move(o)), ioc(std::max(1, options.io_threads)) {}

  void Accept() {
    acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted) return;
      if (ec) return AcceptLater(ec);
      accept_delay = std::chrono::milliseconds(0);
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
      RefuseConnection(std::move(socket), 503, kConnectionRetryAfter,
                       "the server is full: it holds its most connections (" +
                           std::to_string(shared->connections.max_total()) + "); try again in a moment",
                       shared->refusals_in_flight, kMaxRefusalsInFlight);
    } else if (admission.outcome == Admitted::kAddressFull) {
      RefuseConnection(std::move(socket), 429, kConnectionRetryAfter, TooManyFromAddress(shared->connections),
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
      std::fprintf(stderr, "souk serve: accepting a connection failed (%s); waiting before the next\n", ec.message().c_str());
    accept_delay = std::clamp(accept_delay * 2, kFirst, kLongest);
    accept_timer.expires_after(accept_delay);
    accept_timer.async_wait([this](beast::error_code wait_ec) {
      if (!wait_ec) Accept();
    });
  }

  GameService& games;
  ServerOptions options;
  std::unique_ptr<Shared> shared;  // made by Start; destroyed after ioc and its connections
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  net::steady_timer accept_timer{ioc};
  std::chrono::milliseconds accept_delay{0};  // 0 while accepting succeeds
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
  if (!warning.empty()) std::fprintf(stderr, "souk serve: %s\n", warning.c_str());
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
          impl_->ioc.run();
          return;
        } catch (const std::exception& e) {
          std::fprintf(stderr, "souk serve: a connection failed: %s\n", e.what());
        }
      }
    });
  return Status::Ok();
}

uint16_t HttpServer::port() const {
  beast::error_code ec;
  return impl_->acceptor.local_endpoint(ec).port();
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
}

}  // namespace souk::server
