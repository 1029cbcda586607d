// Blocking HTTP and WebSocket clients for the server's tests (header-only, tests only).
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <functional>
#include <string>

#include "format/json.h"

namespace souk::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct Reply {
  int status = 0;
  Json body;
};

inline Reply CallServer(uint16_t port, http::verb verb, const std::string& target, const std::string& body = "", const std::string& token = "") {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "localhost");
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  Reply r;
  r.status = static_cast<int>(res.result_int());
  auto json = ParseJson(res.body());
  if (json.ok()) r.body = *json;
  return r;
}

// A blocking WebSocket client of one game.
class WsClient {
 public:
  WsClient(uint16_t port, const std::string& game_id) : ws_(ioc_) {
    auto endpoint = tcp::endpoint(net::ip::make_address("127.0.0.1"), port);
    beast::get_lowest_layer(ws_).connect(endpoint);
    ws_.handshake("localhost", "/api/games/" + game_id + "/ws");
  }
  void Send(const std::string& text) { ws_.write(net::buffer(text)); }
  // Throws after 30 s without a message: a test fails rather than hangs.
  Json Receive() {
    beast::flat_buffer buffer;
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    ws_.read(buffer);
    return *ParseJson(beast::buffers_to_string(buffer.data()));
  }
  // Reads until a state message satisfying `done`.
  Json ReceiveUntil(const std::function<bool(const Json&)>& done) {
    for (int i = 0; i < 10000; ++i) {
      Json m = Receive();
      if (done(m)) return m;
    }
    return {};
  }
  bool ClosedByServer() {
    beast::flat_buffer buffer;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
    for (int i = 0; i < 1000 && !ec; ++i) {
      ws_.read(buffer, ec);
      buffer.consume(buffer.size());
    }
    return ec && ec != beast::error::timeout;
  }

 private:
  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
};

}  // namespace souk::server
