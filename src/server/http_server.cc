#include "server/http_server.h"
#include "server/static_files.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <cstdio>
#include <deque>
#include <optional>
#include <thread>

namespace souk::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

// A request's mistake, as the status and message the client gets.
struct ApiError {
  http::status status;
  std::string message;
};

Response JsonResponse(const Request& req, http::status status, const Json& body) {
  Response res{status, req.version()};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = DumpJson(body, false);
  res.prepare_payload();
  return res;
}

Json ParseBody(const Request& req) {
  auto json = ParseJson(req.body());
  if (!json.ok()) throw ApiError{http::status::bad_request, "body: " + json.message()};
  if (!json->is_object()) throw ApiError{http::status::bad_request, "body: expected a JSON object"};
  return *json;
}

std::string StringField(const Json& body, const char* key, bool required) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) {
    if (required) throw ApiError{http::status::bad_request, std::string(key) + ": required"};
    return {};
  }
  if (!it->is_string()) throw ApiError{http::status::bad_request, std::string(key) + ": expected a string"};
  return it->get<std::string>();
}

int IntField(const Json& body, const char* key, int fallback) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_number_integer() || *it < 0 || *it > 64)
    throw ApiError{http::status::bad_request, std::string(key) + ": expected a small whole number"};
  return it->get<int>();
}

// The token of "Authorization: Bearer TOKEN", or "".
std::string BearerToken(const Request& req) {
  auto it = req.find(http::field::authorization);
  if (it == req.end()) return {};
  std::string_view value = it->value();
  if (value.substr(0, 7) != "Bearer ") throw ApiError{http::status::unauthorized, "authorization: expected 'Bearer TOKEN'"};
  return std::string(value.substr(7));
}

// Splits "/api/games/ID/rest" into ID and rest; false for any other path.
bool GamePath(std::string_view target, std::string* id, std::string* rest) {
  constexpr std::string_view kPrefix = "/api/games/";
  if (target.substr(0, kPrefix.size()) != kPrefix) return false;
  target.remove_prefix(kPrefix.size());
  size_t slash = target.find('/');
  *id = std::string(target.substr(0, slash));
  *rest = slash == std::string_view::npos ? "" : std::string(target.substr(slash + 1));
  return !id->empty() && id->size() <= 32;
}

// The one place where a kind of failure becomes an HTTP status.
http::status HttpStatusFor(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return http::status::ok;
    case StatusCode::kInvalidArgument: return http::status::bad_request;
    case StatusCode::kIllegalMove:
    case StatusCode::kFailedPrecondition: return http::status::conflict;
    case StatusCode::kNotFound: return http::status::not_found;
    case StatusCode::kUnauthenticated: return http::status::unauthorized;
    case StatusCode::kPermissionDenied: return http::status::forbidden;
    case StatusCode::kResourceExhausted: return http::status::too_many_requests;
    case StatusCode::kUnavailable: return http::status::service_unavailable;
    case StatusCode::kInternal: return http::status::internal_server_error;
  }
  return http::status::internal_server_error;
}

[[noreturn]] void Throw(const Status& status) { throw ApiError{HttpStatusFor(status.code()), status.message()}; }

template <typename T>
T OrThrow(Result<T> result) {
  if (!result.ok()) Throw(result.status());
  return std::move(*result);
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
  if (req.method() == http::verb::head) res.body().clear();
  return res;
}

// `client_address`: who asks (the peer, or whom a trusted proxy names); the games
// service counts games and shares the bots out by it.
Response Handle(GameService& games, const Request& req, const ServerOptions& options, const std::string& client_address) {
  try {
    std::string_view target = req.target();
    if (target.substr(0, 5) != "/api/" && (req.method() == http::verb::get || req.method() == http::verb::head))
      return StaticResponse(req, options.web_dir);
    if (size_t q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
    const http::verb verb = req.method();
    if (target == "/api/health" && verb == http::verb::get) {
      if (Status health = games.Health(); !health.ok())
        return JsonResponse(req, http::status::service_unavailable, {{"ok", false}, {"store", health.message()}});
      return JsonResponse(req, http::status::ok, {{"ok", true}});
    }
    if (target == "/api/games" && verb == http::verb::post) {
      Json body = ParseBody(req);
      CreateRequest create;
      create.game = StringField(body, "game", true);
      create.players = IntField(body, "players", 0);
      create.variant = StringField(body, "variant", false);
      create.creator_seat = IntField(body, "creator_seat", 0);
      create.client = client_address;
      auto seats = body.find("seats");
      if (seats == body.end() || !seats->is_array() || seats->size() > 4)
        throw ApiError{http::status::bad_request, "seats: expected an array of up to 4 seats"};
      for (const Json& seat : *seats) {
        if (!seat.is_object()) throw ApiError{http::status::bad_request, "seats: each seat is an object"};
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
      Json body = ParseBody(req);
      auto tokens = body.find("tokens");
      if (tokens == body.end() || !tokens->is_array() || tokens->size() > 200)
        throw ApiError{http::status::bad_request, "tokens: expected an array of up to 200 seat tokens"};
      std::vector<std::string> list;
      for (const Json& t : *tokens) {
        if (!t.is_string()) throw ApiError{http::status::bad_request, "tokens: expected strings"};
        list.push_back(t.get<std::string>());
      }
      return JsonResponse(req, http::status::ok, {{"games", OrThrow(games.GamesOfTokens(list))}});
    }
    std::string id, rest;
    if (GamePath(target, &id, &rest)) {
      // The seat whose Bearer token the request carries; `what` names the action refused.
      auto seat_acting = [&](const std::string& what) {
        std::string token = BearerToken(req);
        if (token.empty()) throw ApiError{http::status::unauthorized, "authorization: a seat token is needed " + what};
        return OrThrow(games.SeatOf(id, token));
      };
      if (rest.empty() && verb == http::verb::get) {
        const int seat = OrThrow(games.SeatOf(id, BearerToken(req)));
        return JsonResponse(req, http::status::ok, OrThrow(games.View(id, seat)).json);
      }
      if (rest == "join" && verb == http::verb::post) {
        Json body = ParseBody(req);
        Joined joined = OrThrow(games.Join(id, StringField(body, "invite", true), StringField(body, "name", false)));
        return JsonResponse(req, http::status::ok, {{"game_id", id}, {"seat", joined.seat}, {"token", joined.token}});
      }
      if (rest == "moves" && verb == http::verb::post) {
        Json body = ParseBody(req);
        int seat = seat_acting("to move");
        if (Status moved = games.Move(id, seat, StringField(body, "move", true)); !moved.ok()) Throw(moved);
        return JsonResponse(req, http::status::ok, OrThrow(games.View(id, seat)).json);
      }
      if (rest == "preview" && verb == http::verb::post) {
        Json body = ParseBody(req);
        int seat = seat_acting("to preview a move");
        return JsonResponse(req, http::status::ok, OrThrow(games.Preview(id, seat, StringField(body, "move", true))));
      }
      if (rest == "replay" && verb == http::verb::get) {
        return JsonResponse(req, http::status::ok, OrThrow(games.Replay(id)));
      }
      if (rest == "record" && verb == http::verb::get) {
        return JsonResponse(req, http::status::ok, OrThrow(games.Record(id)));
      }
    }
    throw ApiError{http::status::not_found, "no such route: " + std::string(req.method_string()) + " " + std::string(target)};
  } catch (const ApiError& e) {
    return JsonResponse(req, e.status, {{"error", e.message}});
  } catch (const std::exception& e) {
    return JsonResponse(req, http::status::internal_server_error, {{"error", std::string("internal error: ") + e.what()}});
  }
}

// One WebSocket client of one game: a hello with its seat token (or none, to
// spectate), then moves; the game's snapshots are pushed to it. It unsubscribes
// when its read loop ends (never in its destructor: the game's listener may hold
// the last reference while the game is locked).
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, GameService& games, const ServerOptions& options, std::string game_id)
      : ws_(std::move(socket)), games_(games), options_(options), game_id_(std::move(game_id)) {}

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
    Read();
  }

  void Read() { ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::OnRead, shared_from_this())); }

  void OnRead(beast::error_code ec, size_t) {
    if (ec) {
      if (subscription_) games_.Unsubscribe(game_id_, std::exchange(subscription_, 0));
      return;  // closed, timed out, or a message over the limit: the stream says which
    }
    if (Flooding()) {
      if (subscription_) games_.Unsubscribe(game_id_, std::exchange(subscription_, 0));
      ws_.async_close({websocket::close_code::policy_error, "too many messages"}, [self = shared_from_this()](beast::error_code) {});
      return;
    }
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    try {
      HandleMessage(text);
    } catch (const std::exception& e) {
      Error(std::string("internal error: ") + e.what());
    }
    Read();
  }

  bool Flooding() {
    const auto now = std::chrono::steady_clock::now();
    if (now - window_start_ > std::chrono::seconds(1)) {
      window_start_ = now;
      in_window_ = 0;
    }
    return ++in_window_ > options_.max_ws_messages_per_second;
  }

  void Error(const std::string& message) { Send(DumpJson(Json{{"type", "error"}, {"error", message}}, false)); }

  void HandleMessage(const std::string& text) {
    auto json = ParseJson(text);
    if (!json.ok()) return Error("message: " + json.message());
    if (!json->is_object() || !json->contains("type") || !(*json)["type"].is_string())
      return Error("message: expected an object with a string 'type'");
    const std::string type = (*json)["type"];
    if (type == "hello") {
      if (subscription_) return Error("hello: already said");
      std::string token;
      if (json->contains("token")) {
        if (!(*json)["token"].is_string()) return Error("hello: token: expected a string");
        token = (*json)["token"];
      }
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
      if (!json->contains("move") || !(*json)["move"].is_string()) return Error("move: expected a string 'move'");
      Status moved = games_.Move(game_id_, seat_, (*json)["move"]);
      if (!moved.ok()) return Error(moved.message());
      return;
    }
    if (type == "hint") {
      if (!subscription_) return Error("hint: say hello with your seat token first");
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
  std::string game_id_;
  static constexpr size_t kMaxQueuedMessages = 256;
  int seat_ = -1;
  uint64_t subscription_ = 0;
  bool closing_ = false;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::chrono::steady_clock::time_point window_start_{};
  int in_window_ = 0;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, GameService& games, const ServerOptions& options)
      : stream_(std::move(socket)), games_(games), options_(options) {}

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
    if (websocket::is_upgrade(req)) {
      std::string id, rest;
      std::string_view target = req.target();
      if (GamePath(target, &id, &rest) && rest == "ws") {
        stream_.expires_never();
        std::make_shared<WsSession>(stream_.release_socket(), games_, options_, id)->Run(std::move(req));
        return;
      }
    }
    beast::error_code peer_error;
    const tcp::endpoint peer = stream_.socket().remote_endpoint(peer_error);
    Write(Handle(games_, req, options_, peer_error ? std::string() : peer.address().to_string()));
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
  GameService& games_;
  const ServerOptions& options_;
};

}  // namespace

struct HttpServer::Impl {
  Impl(GameService& g, ServerOptions o) : games(g), options(std::move(o)), ioc(std::max(1, options.io_threads)) {}

  void Accept() {
    acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted) return;
      if (!ec) std::make_shared<HttpSession>(std::move(socket), games, options)->Run();
      Accept();
    });
  }

  GameService& games;
  ServerOptions options;
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::vector<std::thread> threads;
};

HttpServer::HttpServer(GameService& games, ServerOptions options) : impl_(std::make_unique<Impl>(games, std::move(options))) {}

HttpServer::~HttpServer() { Stop(); }

Status HttpServer::Start() {
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
  });
  impl_->ioc.stop();
  for (std::thread& t : impl_->threads) t.join();
  impl_->threads.clear();
}

}  // namespace souk::server
