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
#include <string_view>
#include <utility>

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
  std::string session;  // the souk_session cookie the answer set, if it set one
};

// The value of `name` in a Set-Cookie header ("name=value; HttpOnly; ..."), or "".
inline std::string CookieValue(std::string_view set_cookie, std::string_view name) {
  if (set_cookie.substr(0, name.size()) != name || set_cookie.substr(name.size(), 1) != "=") return "";
  set_cookie.remove_prefix(name.size() + 1);
  return std::string(set_cookie.substr(0, set_cookie.find(';')));
}

// Blocking HTTP calls on one kept-alive connection from one source address.
class HttpClient {
 public:
  HttpClient(net::io_context& ioc, tcp::endpoint endpoint, Source source = std::nullopt)
      : stream_(ioc), endpoint_(endpoint), source_(source) {}

  // Every later call carries the session cookie, and the Origin a page of the site
  // would send with it (the server's own: http:// and the Host header sent, which a
  // proxy passing `Host $host` keeps), since the server refuses a change made with the
  // cookie from anywhere else.
  void SignIn(std::string session) { session_ = std::move(session); }

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
      req.set(http::field::host, host_);
      if (!session_.empty()) {
        std::string cookie = "souk_session=";
        cookie.append(session_);
        req.set(http::field::cookie, cookie);
        std::string origin = "http://";
        origin.append(host_);
        req.set(http::field::origin, origin);
      }
      req.keep_alive(true);
      if (!body.empty()) req.set(http::field::content_type, "application/json");
      req.body() = body;
      req.prepare_payload();
      http::write(stream_, req);
      http::response<http::string_body> res;
      http::read(stream_, buffer_, res);
      if (!res.keep_alive()) Close();
      reply.status = static_cast<int>(res.result_int());
      for (auto [it, end] = res.equal_range(http::field::set_cookie); it != end; ++it)
        if (std::string value = CookieValue(it->value(), "souk_session"); !value.empty()) reply.session = value;
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
  std::string host_ = "localhost";
  std::string session_;
  beast::flat_buffer buffer_;
  bool connected_ = false;
};

}  // namespace souk::loadtest::load
