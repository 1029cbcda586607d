#include "server/ws_session.h"

#include "server/blocks/blocklist.h"
#include "server/lobby/lobby.h"
#include "server/reviews/review_service.h"
#include "server/lang.h"
#include "server/rate_limit.h"
#include "server/rate_limits.h"
#include "server/server_metrics.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <utility>

namespace souk::server {
namespace {

namespace websocket = beast::websocket;

// One WebSocket client of one game: a hello with its seat token (or none, to
// spectate), then moves; the game's snapshots are pushed to it. It unsubscribes
// when its read loop ends (never in its destructor: the game's listener may hold
// the last reference while the game is locked).
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, Shared& shared, Caller caller, std::string game_id, ConnectionSlot slot,
            ConnectionSlot forwarded_slot)
      : ws_(std::move(socket)),
        shared_(shared),
        games_(shared.games),
        options_(shared.options),
        limiters_(shared.limiters),
        caller_(std::move(caller)),
        client_(caller_.client),
        game_id_(std::move(game_id)),
        slot_(std::move(slot)),
        forwarded_slot_(std::move(forwarded_slot)) {
    server_metrics::WebSocketOpened();
  }
  ~WsSession() {
    server_metrics::WebSocketClosed();
    std::lock_guard lock(shared_.websockets_mutex);
    shared_.websockets.erase(registration_);
  }

  void Run(Request req) {
    // The session cookie stands for a seat token only from this site's own pages: a
    // browser sends it with a WebSocket that any site opens.
    session_cookie_ = SessionCookie(req);
    if (!session_cookie_.empty() && !OriginAllowed(req, caller_, options_.allowed_origins, false)) session_cookie_.clear();
    {
      // A server that stops asks this connection to close with 1012, "service restart":
      // the client connects again (to another instance behind the proxy) at once.
      std::lock_guard lock(shared_.websockets_mutex);
      registration_ = shared_.next_websocket++;
      shared_.websockets[registration_] = [weak = weak_from_this()] {
        if (auto self = weak.lock())
          net::post(self->ws_.get_executor(), [self] { self->CloseForRestart(); });
      };
    }
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
    if (game_id_.empty()) {  // the table list's: every change pushed, no hello needed
      std::weak_ptr<WsSession> weak = shared_from_this();
      tables_subscription_ = options_.lobby->SubscribeTables([weak](const std::string& m) {
        if (auto self = weak.lock()) self->Send(m);
      });
    }
    AwaitIdle();
    Read();
  }

  void StopListening() {
    if (subscription_) games_.Unsubscribe(game_id_, std::exchange(subscription_, 0));
    if (tables_subscription_) options_.lobby->UnsubscribeTables(std::exchange(tables_subscription_, 0));
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
      StopListening();
      idle_timer_.cancel();
      return;  // closed, timed out, or a message over the limit: the stream says which
    }
    AwaitIdle();
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (options_.blocklist && options_.blocklist->Contains(caller_.address)) {
      // Blocked since it connected (`souk admin block`): closed, not answered.
      StopListening();
      closing_ = true;
      ws_.async_close({websocket::close_code::policy_error, "blocked"}, [self = shared_from_this()](beast::error_code) {});
      return;
    }
    const RateLimit& limit = options_.rates[Rate::kWsMessage];
    if (LimitClock::duration wait = message_bucket_.Take(limit, options_.rate_clock()); wait > LimitClock::duration::zero()) {
      // Each message refused is answered, so a client is never dropped unaware. The
      // refusals have a bucket of their own, as large and refilled as fast as the
      // messages': a client sending over twice the limit empties it and is
      // disconnected, however its messages interleave with the refills.
      if (refusal_bucket_.Take(limit, options_.rate_clock()) > LimitClock::duration::zero()) {
        StopListening();
        closing_ = true;
        ws_.async_close({websocket::close_code::policy_error, "too many messages"}, [self = shared_from_this()](beast::error_code) {});
        return;
      }
      Refused(Refuse(Rate::kWsMessage, limit, wait));
      return Read();
    }
    try {
      HandleMessage(text);
    } catch (const std::exception& e) {
      Error(Status::Internal(std::string("internal error: ") + e.what()));
    }
    Read();
  }

  // {"type": "error", "error", "code"}: a malformed message's, unless a code is given.
  void Error(const Status& error) {
    Json body = {{"type", "error"}};
    body.update(ErrorBody(error, lang_));
    Send(DumpJson(body, false));
  }
  void Error(std::string message) { Error(Status::Error(std::move(message))); }
  void Refused(const RateRefusal& refusal) {
    Json body = {{"type", "error"}};
    body.update(ErrorBody(Status::Coded(ErrorCode::kRateLimited, refusal.message), lang_));
    body["retry_after_ms"] = refusal.retry_after.count();
    Send(DumpJson(body, false));
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
    if (game_id_.empty()) {  // the table list's: a hello (or anything else) keeps it from idling
      if (type == "hello" || type == "ping") return;
      return Error("type: the table list takes 'hello' or 'ping', not '" + type.substr(0, 40) + "'");
    }
    if (type == "hello") {
      if (subscription_) return Error(Status::FailedPrecondition("hello: already said"));
      std::string token;
      if (json->contains("token")) {
        if (!json->at("token").is_string()) return Error("hello: token: expected a string");
        token = json->at("token");
      }
      auto lang = LangOfHello(*json);
      if (!lang.ok()) return Error(lang.status());
      lang_ = *lang;
      auto seat = token.empty() && !session_cookie_.empty() ? SeatOfSession(options_, games_, game_id_, session_cookie_)
                                                            : games_.SeatOf(game_id_, token);
      if (!seat.ok()) return Error(seat.status());
      seat_ = *seat;
      std::weak_ptr<WsSession> weak = shared_from_this();
      auto sub = games_.Subscribe(game_id_, seat_, [weak](const std::string& m) {
        if (auto self = weak.lock()) self->Send(m);
      }, /*with_history=*/true);
      if (!sub.ok()) return Error(sub.status());
      subscription_ = *sub;
      return;
    }
    if (type == "move") {
      if (!subscription_) return Error(Status::FailedPrecondition("move: say hello with your seat token first"));
      if (!json->contains("move") || !json->at("move").is_string()) return Error("move: expected a string 'move'");
      if (!Allowed(Rate::kMove, client_) || (seat_ >= 0 && !Allowed(Rate::kSeatMove, SeatKey(game_id_, seat_)))) return;
      Status moved = games_.Move(game_id_, seat_, json->at("move"));
      if (!moved.ok()) return Error(moved);
      return;
    }
    if (type == "hint") {
      if (!subscription_) return Error(Status::Coded(ErrorCode::kHintRefused, "hint: say hello with your seat token first"));
      if (!Allowed(Rate::kHint, client_)) return;
      std::weak_ptr<WsSession> weak = shared_from_this();
      games_.Hint(game_id_, seat_, [weak](const Json& reply) {
        if (auto self = weak.lock()) self->Send(DumpJson(reply, false));
      });
      return;
    }
    if (type == "review") {
      if (!options_.reviews) return Error(Status::NotFound("review: no reviews on this server"));
      if (!Allowed(Rate::kRead, client_)) return;
      std::weak_ptr<WsSession> weak = shared_from_this();
      Status watching = options_.reviews->Watch(game_id_, client_, [weak](const std::string& m) {
        if (auto self = weak.lock()) self->Send(m);
      });
      if (!watching.ok()) return Error(watching.Prefixed("review: "));
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
    else if (close_when_sent_) SendRestartClose();
  }

  // On the strand: after what is queued, the close frame of a restart (one write at a
  // time on a WebSocket).
  void CloseForRestart() {
    if (closing_) return;
    closing_ = true;
    idle_timer_.cancel();
    if (queue_.empty()) SendRestartClose();
    else close_when_sent_ = true;
  }
  void SendRestartClose() {
    close_when_sent_ = false;
    ws_.async_close({websocket::close_code::service_restart, "the server restarts: connect again"},
                    [self = shared_from_this()](beast::error_code) {});
  }

  websocket::stream<beast::tcp_stream> ws_;
  Shared& shared_;
  uint64_t registration_ = 0;   // its entry in shared_.websockets
  bool close_when_sent_ = false;  // a restart's close waits for the messages queued before it
  GameService& games_;
  const ServerOptions& options_;
  RateLimiters& limiters_;
  const Caller caller_;
  const std::string client_;  // AddressKey of the client
  std::string session_cookie_;  // from a page of this site, else empty
  std::string game_id_;
  ConnectionSlot slot_, forwarded_slot_;  // its places in the connection count
  net::steady_timer idle_timer_{ws_.get_executor()};
  static constexpr size_t kMaxQueuedMessages = 256;
  int seat_ = -1;
  Lang lang_ = Lang::kEn;  // of rule errors, from the hello
  uint64_t subscription_ = 0;
  uint64_t tables_subscription_ = 0;  // the table list's (an empty game_id_)
  bool closing_ = false;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  TokenBucket message_bucket_{options_.rates[Rate::kWsMessage], options_.rate_clock()};
  TokenBucket refusal_bucket_{options_.rates[Rate::kWsMessage], options_.rate_clock()};
};

}  // namespace

void StartWsSession(tcp::socket&& socket, Shared& shared, Caller caller, std::string game_id, ConnectionSlot slot,
                    ConnectionSlot forwarded_slot, Request req) {
  std::make_shared<WsSession>(std::move(socket), shared, std::move(caller), std::move(game_id), std::move(slot),
                              std::move(forwarded_slot))
      ->Run(std::move(req));
}

}  // namespace souk::server
