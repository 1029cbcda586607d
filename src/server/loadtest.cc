#include "server/loadtest.h"

#include <sys/resource.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <memory>
#include <ostream>
#include <vector>

#include "core/prng.h"
#include "format/json.h"

namespace souk::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

struct Shared {
  Clock::time_point stop_moving;
  std::vector<double> latencies_ms;
  int64_t errors = 0;
  int64_t finished = 0;
};

struct GameInfo {
  std::string id;
  std::string tokens[2];
  int64_t acked = 0;
};

// One seat of one game on one WebSocket: waits for its turn, thinks, moves.
class SeatClient : public std::enable_shared_from_this<SeatClient> {
 public:
  SeatClient(net::io_context& ioc, tcp::endpoint endpoint, GameInfo& game, int seat, Shared& shared, int think_ms,
             uint64_t seed)
      : ws_(ioc), think_(ioc), endpoint_(endpoint), game_(game), seat_(seat), shared_(shared), think_ms_(think_ms),
        prng_(seed) {}

  void Start() {
    beast::get_lowest_layer(ws_).async_connect(endpoint_, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->Fail();
      beast::get_lowest_layer(self->ws_).expires_never();
      self->ws_.async_handshake("localhost", "/api/games/" + self->game_.id + "/ws", [self](beast::error_code ec2) {
        if (ec2) return self->Fail();
        self->Write(DumpJson(Json{{"type", "hello"}, {"token", self->game_.tokens[self->seat_]}}, false));
        self->Read();
      });
    });
  }

  void Close() {
    closed_ = true;
    think_.cancel();
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  void Fail() {
    if (!closed_) ++shared_.errors;
    closed_ = true;
  }

  void Write(std::string text) {
    outgoing_ = std::move(text);
    ws_.text(true);
    ws_.async_write(net::buffer(outgoing_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) self->Fail();
    });
  }

  void Read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->Fail();
      std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->OnMessage(text);
      if (!self->closed_) self->Read();
    });
  }

  void OnMessage(const std::string& text) {
    auto json = ParseJson(text);
    if (!json.ok() || (*json)["type"] == "error") {
      ++shared_.errors;
      return;
    }
    const Json& m = *json;
    const int64_t count = m["move_count"].get<int64_t>();
    if (waiting_ && count > sent_at_count_) {
      waiting_ = false;
      shared_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
      ++game_.acked;
    }
    if (m["over"].get<bool>()) {
      if (seat_ == 0) ++shared_.finished;
      return;
    }
    if (waiting_ || m["to_move"] != seat_ || m["legal"].empty() || Clock::now() >= shared_.stop_moving) return;
    std::vector<std::string> legal = m["legal"].get<std::vector<std::string>>();
    const std::string move = legal[prng_.Below(static_cast<uint32_t>(legal.size()))];
    const int delay = think_ms_ > 0 ? static_cast<int>(prng_.Below(static_cast<uint32_t>(2 * think_ms_))) : 0;
    waiting_ = true;
    sent_at_count_ = count;
    think_.expires_after(std::chrono::milliseconds(delay));
    think_.async_wait([self = shared_from_this(), move](beast::error_code ec) {
      if (ec || self->closed_) return;
      self->sent_at_ = Clock::now();
      self->Write(DumpJson(Json{{"type", "move"}, {"move", move}}, false));
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer think_;
  tcp::endpoint endpoint_;
  GameInfo& game_;
  int seat_;
  Shared& shared_;
  int think_ms_;
  Prng prng_;
  beast::flat_buffer buffer_;
  std::string outgoing_;
  bool waiting_ = false, closed_ = false;
  int64_t sent_at_count_ = 0;
  Clock::time_point sent_at_;
};

// One blocking HTTP call on a kept-alive connection.
class HttpClient {
 public:
  HttpClient(net::io_context& ioc, tcp::endpoint endpoint) : stream_(ioc), endpoint_(endpoint) {}
  Json Call(http::verb verb, const std::string& target, const std::string& body) {
    if (!connected_) {
      stream_.connect(endpoint_);
      connected_ = true;
    }
    http::request<http::string_body> req{verb, target, 11};
    req.set(http::field::host, "localhost");
    req.keep_alive(true);
    req.body() = body;
    req.prepare_payload();
    http::write(stream_, req);
    http::response<http::string_body> res;
    http::read(stream_, buffer_, res);
    if (!res.keep_alive()) {
      beast::error_code ec;
      stream_.socket().close(ec);
      connected_ = false;  // the next call connects again
    }
    auto json = ParseJson(res.body());
    return json.ok() ? *json : Json();
  }

 private:
  beast::tcp_stream stream_;
  tcp::endpoint endpoint_;
  beast::flat_buffer buffer_;
  bool connected_ = false;
};

// Two sockets per game, and the server's own: more than the usual 1,024 files.
void RaiseFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

bool RunLoad(const LoadOptions& o, LoadReport* report, std::ostream& out) {
  RaiseFileLimit();
  net::io_context ioc;
  beast::error_code ec;
  tcp::endpoint endpoint{net::ip::make_address(o.host, ec), o.port};
  if (ec) {
    out << "loadtest: --host: not an IP address: " << o.host << '\n';
    return false;
  }
  std::vector<GameInfo> games(static_cast<size_t>(o.games));
  try {
    HttpClient http(ioc, endpoint);
    for (GameInfo& g : games) {
      Json created = http.Call(http::verb::post, "/api/games",
                               DumpJson(Json{{"game", o.game}, {"seats", {{{"player", "human"}}, {{"player", "human"}}}}}, false));
      if (!created.contains("game_id")) {
        out << "loadtest: creating a game failed: " << DumpJson(created, false) << '\n';
        return false;
      }
      g.id = created["game_id"];
      g.tokens[0] = created["token"];
      Json joined = http.Call(http::verb::post, "/api/games/" + g.id + "/join",
                              DumpJson(Json{{"invite", created["invites"][0]["invite"]}}, false));
      g.tokens[1] = joined["token"];
    }
  } catch (const std::exception& e) {
    out << "loadtest: " << o.host << ':' << o.port << ": " << e.what() << '\n';
    return false;
  }
  out << "loadtest: " << o.games << " " << o.game << " games set up; playing for " << o.seconds << " s\n";
  Shared shared;
  const auto start = Clock::now();
  shared.stop_moving = start + std::chrono::seconds(o.seconds);
  std::vector<std::shared_ptr<SeatClient>> clients;
  Prng seeds(o.seed);
  for (GameInfo& g : games)
    for (int seat = 0; seat < 2; ++seat) {
      clients.push_back(std::make_shared<SeatClient>(ioc, endpoint, g, seat, shared, o.think_ms, seeds.Next()));
      clients.back()->Start();
    }
  // Play, then a grace period for the last moves' answers.
  ioc.run_for(std::chrono::seconds(o.seconds) + std::chrono::milliseconds(2000));
  for (auto& c : clients) c->Close();
  ioc.restart();
  ioc.poll();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count() - 2.0;

  HttpClient http(ioc, endpoint);
  int64_t lost = 0;
  for (const GameInfo& g : games) {
    Json state = http.Call(http::verb::get, "/api/games/" + g.id, "");
    int64_t stored = state.contains("move_count") ? state["move_count"].get<int64_t>() : 0;
    lost += std::max<int64_t>(0, g.acked - stored);
  }
  std::vector<double>& lat = shared.latencies_ms;
  std::sort(lat.begin(), lat.end());
  auto quantile = [&](double q) { return lat.empty() ? 0.0 : lat[std::min(lat.size() - 1, static_cast<size_t>(q * lat.size()))]; };
  report->moves = static_cast<int64_t>(lat.size());
  report->errors = shared.errors;
  report->lost = lost;
  report->games_finished = shared.finished;
  report->seconds = seconds;
  report->p50_ms = quantile(0.50);
  report->p99_ms = quantile(0.99);
  report->max_ms = lat.empty() ? 0.0 : lat.back();
  out << "loadtest: " << report->moves << " moves in " << seconds << " s (" << report->moves / seconds
      << " moves/s), round trip p50 " << report->p50_ms << " ms, p99 " << report->p99_ms << " ms, max "
      << report->max_ms << " ms; " << report->errors << " errors, " << report->lost << " lost moves, "
      << report->games_finished << " games finished\n";
  return true;
}

}  // namespace souk::server
