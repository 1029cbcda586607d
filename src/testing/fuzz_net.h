// Networking for the route fuzzer (route_fuzz_test.cc), tests only: raw HTTP
// exchanges and WebSocket clients on one io_context, every wait bounded in time,
// so that a server that hangs fails the test instead of stalling it.
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace souk::server::fuzz {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// Runs the context's handlers until `done()` or `limit` has passed; false on time out.
inline bool RunUntil(net::io_context& ioc, const std::function<bool()>& done, Clock::duration limit) {
  const auto deadline = Clock::now() + limit;
  while (!done()) {
    const auto now = Clock::now();
    if (now >= deadline) return false;
    if (ioc.stopped()) ioc.restart();
    if (ioc.run_one_for(deadline - now) == 0 && ioc.stopped()) return done();  // no work left
  }
  return true;
}

// Bytes as a person can read them in a report: escapes for the unprintable, cut at `max`.
inline std::string Printable(std::string_view bytes, size_t max = 300) {
  std::string out;
  for (size_t i = 0; i < bytes.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (bytes.size() > max) out += "... (" + std::to_string(bytes.size()) + " bytes)";
  return out;
}

// One connection: connects, writes `bytes`, closes its sending half, and reads until
// the server closes. `received` holds everything read.
struct Exchange {
  bool connected = false;
  bool timed_out = false;
  std::string received;
};

inline Exchange SendBytes(net::io_context& ioc, const tcp::endpoint& server, const std::string& bytes,
                          Clock::duration limit) {
  Exchange result;
  tcp::socket socket(ioc);
  int pending = 0;
  bool finished = false;
  std::array<char, 16384> chunk{};
  std::function<void()> read_more = [&] {
    ++pending;
    socket.async_read_some(net::buffer(chunk), [&](beast::error_code ec, size_t n) {
      --pending;
      result.received.append(chunk.data(), n);
      if (ec) {
        finished = true;
        return;
      }
      read_more();
    });
  };
  ++pending;
  socket.async_connect(server, [&](beast::error_code ec) {
    --pending;
    if (ec) {
      finished = true;
      return;
    }
    result.connected = true;
    ++pending;
    net::async_write(socket, net::buffer(bytes), [&](beast::error_code wec, size_t) {
      --pending;
      beast::error_code ignored;
      if (!wec) socket.shutdown(tcp::socket::shutdown_send, ignored);
    });
    read_more();
  });
  if (!RunUntil(ioc, [&] { return finished; }, limit)) result.timed_out = true;
  beast::error_code ignored;
  socket.close(ignored);
  // Every handler refers to this frame: let the cancelled ones run before it goes.
  RunUntil(ioc, [&] { return pending == 0; }, std::chrono::seconds(10));
  return result;
}

// A response parsed out of the bytes of an exchange.
struct Answer {
  int status = 0;
  std::string content_type;
  std::string body;
};

// Parses the answers to requests sent one after the other on a connection; `head[i]`
// tells whether request i was HEAD (no body follows its answer). `*rest` receives what
// followed the last answer parsed, `*problem` why parsing stopped early, if it did.
inline std::vector<Answer> ParseAnswers(std::string_view bytes, const std::vector<bool>& head, std::string* rest,
                                        std::string* problem) {
  std::vector<Answer> answers;
  size_t pos = 0;
  for (size_t i = 0; i < head.size() && pos < bytes.size(); ++i) {
    http::response_parser<http::string_body> parser;
    parser.eager(true);
    parser.skip(head[i]);
    parser.body_limit(64 * 1024 * 1024);
    parser.header_limit(64 * 1024);
    beast::error_code ec;
    while (!parser.is_done() && pos < bytes.size()) {
      const size_t used = parser.put(net::buffer(bytes.data() + pos, bytes.size() - pos), ec);
      pos += used;
      if (ec == http::error::need_more) {
        ec = {};
        if (used == 0) break;
        continue;
      }
      if (ec) break;
    }
    if (!parser.is_done() && !ec) parser.put_eof(ec);
    if (ec || !parser.is_done()) {
      *problem = "answer " + std::to_string(i + 1) + " does not parse: " + (ec ? ec.message() : "incomplete");
      break;
    }
    const auto& res = parser.get();
    Answer a;
    a.status = static_cast<int>(res.result_int());
    if (auto it = res.find(http::field::content_type); it != res.end()) a.content_type = std::string(it->value());
    a.body = res.body();
    answers.push_back(std::move(a));
    if (answers.back().status == 101) break;  // the connection is a WebSocket now
  }
  *rest = std::string(bytes.substr(std::min(pos, bytes.size())));
  return answers;
}

// A WebSocket client that reads all the time (what arrives waits in `inbox`), so that
// waiting for a message with a time limit never tears the connection down.
class WsConn : public std::enable_shared_from_this<WsConn> {
 public:
  explicit WsConn(net::io_context& ioc) : ioc_(ioc), ws_(ioc) {}

  // Connects and upgrades `target`; false (and why) when either fails.
  bool Open(const tcp::endpoint& server, const std::string& target, std::string* error) {
    struct Step {
      bool done = false;
      beast::error_code result;
    };
    auto step = std::make_shared<Step>();
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
    beast::get_lowest_layer(ws_).async_connect(server, [self = shared_from_this(), step, target](beast::error_code ec) {
      if (ec) {
        step->result = ec;
        step->done = true;
        return;
      }
      self->ws_.async_handshake("localhost", target, [self, step](beast::error_code hec) {
        step->result = hec;
        step->done = true;
      });
    });
    if (!RunUntil(ioc_, [&] { return step->done; }, std::chrono::seconds(15))) step->result = beast::error::timeout;
    if (step->result) {
      *error = step->result.message();
      Abort();
      closed = true;
      return false;
    }
    beast::get_lowest_layer(ws_).expires_never();
    open_ = true;
    ReadLoop();
    return true;
  }

  // Sends one frame (text or binary); false when the connection is gone or the write
  // does not finish within 10 s.
  bool Send(const std::string& data, bool binary = false) {
    if (!open_) return false;
    auto done = std::make_shared<bool>(false);
    auto failed = std::make_shared<bool>(false);
    auto payload = std::make_shared<std::string>(data);
    ws_.binary(binary);
    ws_.async_write(net::buffer(*payload), [self = shared_from_this(), done, failed, payload](beast::error_code ec, size_t) {
      *done = true;
      if (ec) *failed = true;
    });
    if (!RunUntil(ioc_, [&] { return *done; }, std::chrono::seconds(10))) {
      Abort();
      return false;
    }
    return !*failed;
  }

  bool Ping() {
    if (!open_) return false;
    auto done = std::make_shared<bool>(false);
    ws_.async_ping({}, [self = shared_from_this(), done](beast::error_code) { *done = true; });
    return RunUntil(ioc_, [&] { return *done; }, std::chrono::seconds(10));
  }

  // Waits up to `limit` for the inbox to hold a message or the connection to close.
  void Await(Clock::duration limit) {
    RunUntil(ioc_, [&] { return !inbox.empty() || closed; }, limit);
  }

  // Runs what is ready now, without waiting.
  void Poll() {
    if (ioc_.stopped()) ioc_.restart();
    ioc_.poll();
  }

  // Lets what is on its way arrive for `quiet`.
  void Drain(Clock::duration quiet) {
    bool never = false;
    RunUntil(ioc_, [&] { return never; }, quiet);
  }

  void Abort() {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

  std::deque<std::string> inbox;
  bool closed = false;
  std::string close_reason;
  int64_t received = 0;

 private:
  void ReadLoop() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        self->closed = true;
        self->open_ = false;
        self->close_reason = ec.message();
        return;
      }
      self->inbox.push_back(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
      ++self->received;
      self->ReadLoop();
    });
  }

  net::io_context& ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  bool open_ = false;
};

}  // namespace souk::server::fuzz
