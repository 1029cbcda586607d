// Blocking HTTP and WebSocket clients for the server's tests (header-only, tests only).
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <cctype>
#include <chrono>
#include <functional>
#include <map>
#include <utility>
#include <vector>
#include <stdexcept>
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

// One request on a connection of its own; the answer read whole.
inline http::response<http::string_body> SendRequest(uint16_t port, const http::request<http::string_body>& req) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return res;
}

inline Reply CallServer(uint16_t port, http::verb verb, const std::string& target, const std::string& body = "", const std::string& token = "") {
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "localhost");
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  req.body() = body;
  req.prepare_payload();
  const auto res = SendRequest(port, req);
  Reply r;
  r.status = static_cast<int>(res.result_int());
  auto json = ParseJson(res.body());
  if (json.ok()) r.body = *json;
  return r;
}

// An answer with its headers (names lower-cased; a repeated header's values joined
// by "\n"), and its body as text.
struct FullReply {
  int status = 0;
  Json body;
  std::string text;
  std::map<std::string, std::string> headers;
  std::string Header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
};

// One request on a connection of its own, with the headers given (Host: localhost
// unless given).
inline FullReply CallServerWith(uint16_t port, http::verb verb, const std::string& target, const std::string& body,
                                const std::vector<std::pair<std::string, std::string>>& headers) {
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "localhost");
  for (const auto& [name, value] : headers) {
    if (beast::iequals(name, "host")) req.erase(http::field::host);
    req.insert(name, value);
  }
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  const auto res = SendRequest(port, req);
  FullReply r;
  r.status = static_cast<int>(res.result_int());
  r.text = res.body();
  auto json = ParseJson(res.body());
  if (json.ok()) r.body = *json;
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string& value = r.headers[name];
    if (!value.empty()) value += "\n";
    value += std::string(field.value());
  }
  return r;
}

// A blocking WebSocket client of one game (or, for a `game_id` that is a path such as
// "/api/tables/ws", of that path).
class WsClient {
 public:
  // `headers` go with the upgrade request (a browser's Origin and Cookie).
  WsClient(uint16_t port, const std::string& game_id,
           const std::vector<std::pair<std::string, std::string>>& headers = {})
      : ws_(ioc_) {
    auto endpoint = tcp::endpoint(net::ip::make_address("127.0.0.1"), port);
    beast::get_lowest_layer(ws_).connect(endpoint);
    ws_.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
      for (const auto& [name, value] : headers) req.set(name, value);
    }));
    ws_.handshake("localhost", game_id.rfind('/', 0) == 0 ? game_id : "/api/games/" + game_id + "/ws");
  }
  void Send(const std::string& text) { ws_.write(net::buffer(text)); }
  // Throws after 30 s without a message: a test fails rather than hangs.
  Json Receive() {
    beast::flat_buffer buffer;
    beast::error_code ec = Read(buffer, std::chrono::seconds(30));
    if (ec) throw std::runtime_error("WebSocket read: " + ec.message());
    return *ParseJson(beast::buffers_to_string(buffer.data()));
  }
  // Reads until a message satisfying `done`; `seen` is told of every message on the way.
  Json ReceiveUntil(const std::function<bool(const Json&)>& done, const std::function<void(const Json&)>& seen = {}) {
    for (int i = 0; i < 10000; ++i) {
      Json m = Receive();
      if (seen) seen(m);
      if (done(m)) return m;
    }
    return {};
  }
  // True when the server closes the connection within 10 s (reading what it still sends).
  bool ClosedByServer() {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    beast::error_code ec;
    while (!ec && std::chrono::steady_clock::now() < deadline) {
      beast::flat_buffer buffer;
      ec = Read(buffer, std::chrono::duration_cast<std::chrono::seconds>(deadline - std::chrono::steady_clock::now()) +
                            std::chrono::seconds(1));
    }
    return ec && ec != beast::error::timeout;
  }
  // The close code the server sent within 10 s (reading what it still sends); -1 if
  // it sent none (the connection dropped, or stayed open).
  int CloseCodeFromServer() {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    beast::error_code ec;
    while (!ec && std::chrono::steady_clock::now() < deadline) {
      beast::flat_buffer buffer;
      ec = Read(buffer, std::chrono::seconds(11));
    }
    return ec == websocket::error::closed ? static_cast<int>(ws_.reason().code) : -1;
  }

 private:
  // Timeouts of a tcp_stream apply to asynchronous operations only: read asynchronously
  // and run the context until the read completes or times out.
  beast::error_code Read(beast::flat_buffer& buffer, std::chrono::seconds limit) {
    beast::error_code result;
    beast::get_lowest_layer(ws_).expires_after(limit);
    ws_.async_read(buffer, [&result](beast::error_code ec, std::size_t) { result = ec; });
    ioc_.restart();
    ioc_.run();
    return result;
  }

  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
};

}  // namespace souk::server
