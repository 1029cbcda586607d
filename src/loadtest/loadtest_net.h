// Clients for `souk loadtest` (loadtest.cc, loadtest_abuse.cc): source addresses
// spread over loopback, and blocking HTTP calls with time limits.
#pragma once

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "format/json.h"

namespace souk::loadtest::load {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Where a client connects from: nothing (the system chooses), or a loopback address
// of its own, so that a server limiting each address sees many clients. Linux routes
// all of 127.0.0.0/8 to loopback; nothing else is ever bound.
using Source = std::optional<net::ip::address_v4>;

// 127.RANGE.(i / 250).(i % 250 + 1): client i of a range (normal games use range 1,
// abusers 66 and up). `i` below 64,000.
inline Source SpreadSource(bool spread, int range, int i) {
  if (!spread) return std::nullopt;
  const unsigned int a = (127u << 24) | (static_cast<unsigned int>(range & 0xff) << 16) |
                         (static_cast<unsigned int>((i / 250) & 0xff) << 8) | static_cast<unsigned int>(i % 250 + 1);
  return net::ip::address_v4(a);
}

// Opens `socket` and binds it to `source` (any port), when there is one. Throws on failure.
inline void BindSource(tcp::socket& socket, const Source& source) {
  if (!source) return;
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(*source, 0));
}

// Blocking reads and writes give up after `seconds`: a server that stops answering
// fails the call instead of hanging the load generator.
inline void SetBlockingTimeout(tcp::socket& socket, int seconds) {
  timeval tv{};
  tv.tv_sec = seconds;
  ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

struct HttpReply {
  int status = 0;  // 0: no answer (connection refused, reset or timed out)
  Json body;       // null when not JSON
  std::string error;
};

// Blocking HTTP calls on one kept-alive connection from one source address.
class HttpClient {
 public:
  HttpClient(net::io_context& ioc, tcp::endpoint endpoint, Source source = std::nullopt)
      : stream_(ioc), endpoint_(endpoint), source_(source) {}

  HttpReply Call(http::verb verb, const std::string& target, const std::string& body) {
    HttpReply reply;
    try {
      if (!connected_) {
        BindSource(stream_.socket(), source_);
        stream_.connect(endpoint_);
        SetBlockingTimeout(stream_.socket(), 30);
        connected_ = true;
      }
      http::request<http::string_body> req{verb, target, 11};
      req.set(http::field::host, "localhost");
      req.keep_alive(true);
      if (!body.empty()) req.set(http::field::content_type, "application/json");
      req.body() = body;
      req.prepare_payload();
      http::write(stream_, req);
      http::response<http::string_body> res;
      http::read(stream_, buffer_, res);
      if (!res.keep_alive()) Close();
      reply.status = static_cast<int>(res.result_int());
      auto json = ParseJson(res.body());
      if (json.ok()) reply.body = *json;
    } catch (const std::exception& e) {
      reply.error = e.what();
      Close();
    }
    return reply;
  }

  void Close() {
    beast::error_code ec;
    stream_.socket().close(ec);
    buffer_.clear();
    connected_ = false;  // the next call connects again
  }

 private:
  beast::tcp_stream stream_;
  tcp::endpoint endpoint_;
  Source source_;
  beast::flat_buffer buffer_;
  bool connected_ = false;
};

}  // namespace souk::loadtest::load
