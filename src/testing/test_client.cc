#include "testing/test_client.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <cctype>
#include <chrono>
#include <stdexcept>

namespace souk::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// One request on a connection of its own; the answer read whole (a HEAD's without
// the body its headers announce).
http::response<http::string_body> SendRequest(uint16_t port, const http::request<http::string_body>& req) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(req.method() == http::verb::head);
  http::read(stream, buffer, parser);
  return parser.release();
}

}  // namespace

FullReply CallServerWith(uint16_t port, http::verb verb, const std::string& target, const std::string& body,
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

Reply CallServer(uint16_t port, http::verb verb, const std::string& target, const std::string& body,
                 const std::string& token) {
  std::vector<std::pair<std::string, std::string>> headers;
  if (!token.empty()) headers.emplace_back("Authorization", "Bearer " + token);
  FullReply answer = CallServerWith(port, verb, target, body, headers);
  return Reply{answer.status, std::move(answer.body)};
}

struct WsClient::Connection {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};

  // Timeouts of a tcp_stream apply to asynchronous operations only: read asynchronously
  // and run the context until the read completes or times out.
  beast::error_code Read(beast::flat_buffer& buffer, std::chrono::seconds limit) {
    beast::error_code result;
    beast::get_lowest_layer(ws).expires_after(limit);
    ws.async_read(buffer, [&result](beast::error_code ec, std::size_t) { result = ec; });
    ioc.restart();
    ioc.run();
    return result;
  }
};

WsClient::WsClient(uint16_t port, const std::string& game_id,
                   const std::vector<std::pair<std::string, std::string>>& headers)
    : connection_(std::make_unique<Connection>()) {
  auto& ws = connection_->ws;
  beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
    for (const auto& [name, value] : headers) req.set(name, value);
  }));
  ws.handshake("localhost", game_id.rfind('/', 0) == 0 ? game_id : "/api/games/" + game_id + "/ws");
}

WsClient::~WsClient() = default;

void WsClient::Send(const std::string& text) { connection_->ws.write(net::buffer(text)); }

Json WsClient::Receive() {
  beast::flat_buffer buffer;
  beast::error_code ec = connection_->Read(buffer, std::chrono::seconds(30));
  if (ec) throw std::runtime_error("WebSocket read: " + ec.message());
  return *ParseJson(beast::buffers_to_string(buffer.data()));
}

Json WsClient::ReceiveUntil(const std::function<bool(const Json&)>& done, const std::function<void(const Json&)>& seen) {
  for (int i = 0; i < 10000; ++i) {
    Json m = Receive();
    if (seen) seen(m);
    if (done(m)) return m;
  }
  return {};
}

bool WsClient::ClosedByServer() {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  beast::error_code ec;
  while (!ec && std::chrono::steady_clock::now() < deadline) {
    beast::flat_buffer buffer;
    ec = connection_->Read(buffer, std::chrono::duration_cast<std::chrono::seconds>(deadline - std::chrono::steady_clock::now()) +
                                       std::chrono::seconds(1));
  }
  return ec && ec != beast::error::timeout;
}

int WsClient::CloseCodeFromServer() {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  beast::error_code ec;
  while (!ec && std::chrono::steady_clock::now() < deadline) {
    beast::flat_buffer buffer;
    ec = connection_->Read(buffer, std::chrono::seconds(11));
  }
  return ec == websocket::error::closed ? static_cast<int>(connection_->ws.reason().code) : -1;
}

}  // namespace souk::server
