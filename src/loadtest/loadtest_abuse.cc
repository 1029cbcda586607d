#include "loadtest/loadtest_abuse.h"

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/prng.h"
#include "format/json.h"
#include "loadtest/loadtest_net.h"
#include "loadtest/loadtest_seat.h"

namespace souk::loadtest::load {
namespace {

namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Bounds on every loop, beside the time.
constexpr int64_t kMaxFloodRequests = 200000;
constexpr int kFloodClients = 4;
constexpr int kMaxReopensPerSocket = 20;
constexpr int kMaxBusyGames = 500;
constexpr int kMaxBotGames = 40;

// Address ranges: 127.66.0.x the flood, 127.66.1.x the busy game, 127.66.2.x the bot
// games, 127.67.x.y the never-readers, 127.68.x.y the half-open sockets.
constexpr int kFloodRange = 66, kNeverReaderRange = 67, kHalfOpenRange = 68;

struct Context {
  net::io_context& ioc;
  tcp::endpoint server;
  bool spread;
  Clock::time_point stop_at;
  AbuseReport& report;
  bool stopping = false;
  std::string busy_game;  // the game the never-readers subscribe to
  bool Over() const { return stopping || Clock::now() >= stop_at; }
};

// ---- the creation flood

const char* const kFloodBodies[] = {
    R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})",
    R"({"game":"jaipur","seats":[{"player":"human"},{"player":"mcts:iterations=200000"}]})",
    R"({"game":"marrakech","players":4,"seats":[{"player":"human"},{"player":"mcts:iterations=200000"},)"
    R"({"player":"mcts:iterations=200000"},{"player":"mcts:iterations=200000"}]})",
    R"({"game":"marrakech","players":2,"seats":[{"player":"human"},{"player":"easy"}]})",
};

// POST /api/games over and over on a kept-alive connection, reconnecting when closed.
class FloodClient : public std::enable_shared_from_this<FloodClient> {
 public:
  FloodClient(Context& c, int index) : c_(c), index_(index), retry_(c.ioc) {}

  void Start() { Next(); }
  void Stop() {
    retry_.cancel();
    if (stream_) {
      beast::error_code ec;
      stream_->socket().close(ec);
    }
  }

 private:
  void Next() {
    if (c_.Over() || c_.report.flood_sent >= kMaxFloodRequests) return;
    if (connected_) return Send();
    stream_.emplace(c_.ioc);
    try {
      BindSource(stream_->socket(), SpreadSource(c_.spread, kFloodRange, index_));
    } catch (const std::exception&) {
      ++c_.report.other_errors;
      return;
    }
    stream_->expires_after(std::chrono::seconds(10));
    stream_->async_connect(c_.server, [self = shared_from_this()](beast::error_code ec) {
      if (ec) {
        ++self->c_.report.flood_no_answer;
        return self->RetrySoon();
      }
      self->connected_ = true;
      self->Send();
    });
  }

  void Send() {
    req_ = {http::verb::post, "/api/games", 11};
    req_.set(http::field::host, "localhost");
    req_.set(http::field::content_type, "application/json");
    req_.keep_alive(true);
    req_.body() = kFloodBodies[c_.report.flood_sent % std::size(kFloodBodies)];
    req_.prepare_payload();
    ++c_.report.flood_sent;
    stream_->expires_after(std::chrono::seconds(10));
    http::async_write(*stream_, req_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->Broken();
      self->res_ = {};
      http::async_read(*self->stream_, self->buffer_, self->res_, [self](beast::error_code rec, size_t) {
        if (rec) return self->Broken();
        const int status = self->res_.result_int();
        if (status == 201) ++self->c_.report.flood_created;
        else if (status == 429) ++self->c_.report.flood_refused_429;
        else ++self->c_.report.flood_other_status;
        if (!self->res_.keep_alive()) self->Disconnect();
        net::post(self->c_.ioc, [self] { self->Next(); });
      });
    });
  }

  void Broken() {
    if (c_.Over()) return;  // cut short at the end, not by the server
    ++c_.report.flood_no_answer;
    Disconnect();
    RetrySoon();
  }
  void Disconnect() {
    beast::error_code ec;
    stream_->socket().close(ec);
    buffer_.clear();
    connected_ = false;
  }
  void RetrySoon() {
    retry_.expires_after(milliseconds(50));
    retry_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->Next();
    });
  }

  Context& c_;
  int index_;
  net::steady_timer retry_;
  std::optional<beast::tcp_stream> stream_;
  bool connected_ = false;
  http::request<http::string_body> req_;
  http::response<http::string_body> res_;
  beast::flat_buffer buffer_;
};

// ---- half-open sockets

// Sends the start of a request and never its end; half of them add a header line
// every 2 s (slowloris). Opens again (after 200 ms) when the server closes it.
class HalfOpen : public std::enable_shared_from_this<HalfOpen> {
 public:
  HalfOpen(Context& c, int index, std::vector<double>& held)
      : c_(c), index_(index), held_(held), socket_(c.ioc), timer_(c.ioc) {}

  void Start() {
    if (c_.Over() || opens_ >= kMaxReopensPerSocket) return;
    ++opens_;
    socket_ = tcp::socket(c_.ioc);
    try {
      BindSource(socket_, SpreadSource(c_.spread, kHalfOpenRange, index_));
    } catch (const std::exception&) {
      ++c_.report.other_errors;
      return;
    }
    socket_.async_connect(c_.server, [self = shared_from_this()](beast::error_code ec) {
      if (ec) {
        ++self->c_.report.half_open_refused;
        return self->Later(milliseconds(1000));
      }
      ++self->c_.report.half_open_opened;
      self->open_ = true;
      self->opened_at_ = Clock::now();
      self->Write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nUser-Agent: half-open\r\n");
      self->Watch();
      if (self->index_ % 2 == 1) self->Trickle();
    });
  }

  void Stop() {
    if (open_) ++c_.report.half_open_open_at_end;
    open_ = false;
    timer_.cancel();
    beast::error_code ec;
    socket_.close(ec);
  }

 private:
  void Write(const std::string& text) {
    auto data = std::make_shared<std::string>(text);
    net::async_write(socket_, net::buffer(*data), [data](beast::error_code, size_t) {});
  }

  // Reads whatever the server says until it closes the connection.
  void Watch() {
    socket_.async_read_some(net::buffer(scratch_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (!ec) return self->Watch();
      if (!self->open_) return;  // closed here, at the end
      self->open_ = false;
      self->timer_.cancel();
      ++self->c_.report.half_open_closed_by_server;
      self->held_.push_back(std::chrono::duration<double>(Clock::now() - self->opened_at_).count());
      beast::error_code ignored;
      self->socket_.close(ignored);
      self->Later(milliseconds(200));
    });
  }

  void Trickle() {
    timer_.expires_after(milliseconds(2000));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->open_ || self->c_.Over()) return;
      self->Write("X-Slow: 1\r\n");
      self->Trickle();
    });
  }

  void Later(milliseconds delay) {
    timer_.expires_after(delay);
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->Start();
    });
  }

  Context& c_;
  int index_;
  std::vector<double>& held_;
  tcp::socket socket_;
  net::steady_timer timer_;
  bool open_ = false;
  int opens_ = 0;
  Clock::time_point opened_at_;
  std::array<char, 512> scratch_{};
};

// ---- WebSocket spectators that never read

// A WebSocket frame from a client (masked, as a client must).
std::string ClientFrame(uint8_t opcode, const std::string& payload) {
  std::string f;
  f.push_back(static_cast<char>(0x80 | opcode));
  const size_t n = payload.size();  // under 64 KiB here
  if (n < 126) {
    f.push_back(static_cast<char>(0x80 | n));
  } else {
    f.push_back(static_cast<char>(0x80 | 126));
    f.push_back(static_cast<char>(n >> 8));
    f.push_back(static_cast<char>(n & 0xff));
  }
  const char mask[4] = {0x12, 0x34, 0x56, 0x78};
  f.append(mask, 4);
  for (size_t i = 0; i < n; ++i) f.push_back(static_cast<char>(payload[i] ^ mask[i % 4]));
  return f;
}

// Upgrades, reads the upgrade's answer and says hello as a spectator, then never reads
// again (a 4 KiB receive buffer, so that the server's writes back up soon). A ping every
// 2 s finds out when the server has closed the connection; it then opens a new one.
class NeverReader : public std::enable_shared_from_this<NeverReader> {
 public:
  NeverReader(Context& c, int index) : c_(c), index_(index), socket_(c.ioc), timer_(c.ioc) {}

  void Start() {
    if (c_.Over() || opens_ >= kMaxReopensPerSocket || c_.busy_game.empty()) return;
    ++opens_;
    socket_ = tcp::socket(c_.ioc);
    beast::error_code ec;
    socket_.open(tcp::v4(), ec);
    if (!ec) socket_.set_option(net::socket_base::receive_buffer_size(4096), ec);
    const Source source = SpreadSource(c_.spread, kNeverReaderRange, index_);
    if (!ec && source) socket_.bind(tcp::endpoint(*source, 0), ec);
    if (ec) {
      ++c_.report.other_errors;
      return;
    }
    socket_.async_connect(c_.server, [self = shared_from_this()](beast::error_code cec) {
      if (cec) {
        ++self->c_.report.never_readers_refused;
        return self->Later(milliseconds(1000));
      }
      self->Upgrade();
    });
  }

  void Stop() {
    timer_.cancel();
    beast::error_code ec;
    socket_.close(ec);
  }

 private:
  void Upgrade() {
    auto request = std::make_shared<std::string>(
        "GET /api/games/" + c_.busy_game +
        "/ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    net::async_write(socket_, net::buffer(*request), [self = shared_from_this(), request](beast::error_code ec, size_t) {
      if (ec) return self->Refused();
      net::async_read_until(self->socket_, self->answer_, "\r\n\r\n", [self](beast::error_code rec, size_t n) {
        if (rec) return self->Refused();
        const std::string head(net::buffers_begin(self->answer_.data()), net::buffers_begin(self->answer_.data()) + static_cast<std::ptrdiff_t>(n));
        self->answer_.consume(self->answer_.size());
        if (head.rfind("HTTP/1.1 101", 0) != 0) return self->Refused();
        ++self->c_.report.never_readers_subscribed;
        auto hello = std::make_shared<std::string>(ClientFrame(0x1, R"({"type":"hello"})"));
        net::async_write(self->socket_, net::buffer(*hello), [self, hello](beast::error_code, size_t) { self->Probe(); });
      });
    });
  }

  void Refused() {
    ++c_.report.never_readers_refused;
    beast::error_code ec;
    socket_.close(ec);
    Later(milliseconds(1000));
  }

  void Probe() {
    timer_.expires_after(milliseconds(2000));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->c_.Over()) return;
      auto ping = std::make_shared<std::string>(ClientFrame(0x9, ""));
      net::async_write(self->socket_, net::buffer(*ping), [self, ping](beast::error_code wec, size_t) {
        if (!wec) return self->Probe();
        if (self->c_.Over()) return;
        ++self->c_.report.never_readers_closed_by_server;
        beast::error_code ignored;
        self->socket_.close(ignored);
        self->Later(milliseconds(500));
      });
    });
  }

  void Later(milliseconds delay) {
    timer_.expires_after(delay);
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->Start();
    });
  }

  Context& c_;
  int index_;
  tcp::socket socket_;
  net::steady_timer timer_;
  net::streambuf answer_;
  int opens_ = 0;
};

// ---- seats the abusers play

// One seat on a WebSocket: a random legal move `think_ms` after its turn comes, until
// the game ends (then `on_over`) or the abuse does; `moves` counts its moves.
std::shared_ptr<SeatPlayer> AutoSeat(Context& c, Source source, const std::string& game_id, const std::string& token,
                                     int think_ms, uint64_t seed, int64_t* moves, std::function<void()> on_over) {
  SeatHooks hooks;
  hooks.think_ms = [think_ms](Prng&) { return think_ms; };
  hooks.may_move = [&c] { return !c.Over(); };
  hooks.on_failure = [&c] {
    if (!c.Over()) ++c.report.other_errors;  // cut short at the end, not by the server
  };
  hooks.on_counted = [moves](Clock::duration) { ++*moves; };
  hooks.on_over = std::move(on_over);
  return std::make_shared<SeatPlayer>(c.ioc, c.server, source, game_id, token, seed, std::move(hooks));
}

// The abusers that play: the busy game (both seats) and the bot-heavy games (their
// human seat). A game that ends is replaced, within bounds.
class Players {
 public:
  Players(Context& c, uint64_t seed) : c_(c), seeds_(seed) {}

  // The busy game: Jaipur, two human seats, both played from here every 20 ms.
  void StartBusyGame() {
    if (c_.Over() || c_.report.busy_games >= kMaxBusyGames) return;
    const Source source = SpreadSource(c_.spread, kFloodRange, 250 + 1);  // 127.66.1.2
    HttpClient http(c_.ioc, c_.server, source);
    HttpReply created = http.Call(http::verb::post, "/api/games",
                                  R"({"game":"jaipur","seats":[{"player":"human","name":"busy"},{"player":"human"}]})");
    if (created.status != 201) return CountRefusal(created);
    const std::string id = created.body["game_id"];
    HttpReply joined = http.Call(http::verb::post, "/api/games/" + id + "/join",
                                 DumpJson(Json{{"invite", created.body["invites"][0]["invite"]}}));
    if (joined.status != 200) return CountRefusal(joined);
    ++c_.report.busy_games;
    c_.busy_game = id;
    const std::string tokens[2] = {created.body["token"], joined.body["token"]};
    for (int seat = 0; seat < 2; ++seat) {
      auto player = AutoSeat(c_, source, id, tokens[seat], 20, seeds_.Next(), &c_.report.busy_moves,
                                               seat == 0 ? std::function<void()>([this] { Replace(true); }) : nullptr);
      seats_.push_back(player);
      player->Start();
    }
  }

  // A bot-heavy game: Marrakech with three bots at the largest budget, or Jaipur
  // against a bot thinking 5 s a move.
  void StartBotGame(bool marrakech) {
    if (c_.Over() || bot_games_started_ >= kMaxBotGames) return;
    ++bot_games_started_;
    const Source source = SpreadSource(c_.spread, kFloodRange, 500 + bot_games_started_);  // 127.66.2.x
    HttpClient http(c_.ioc, c_.server, source);
    const char* body =
        marrakech ? R"({"game":"marrakech","players":4,"seats":[{"player":"human"},{"player":"mcts:iterations=200000"},)"
                    R"({"player":"mcts:iterations=200000"},{"player":"mcts:iterations=200000"}]})"
                  : R"({"game":"jaipur","seats":[{"player":"human"},{"player":"mcts:time=5000"}]})";
    HttpReply created = http.Call(http::verb::post, "/api/games", body);
    if (created.status != 201) {
      ++c_.report.bot_games_refused;
      if (created.status != 429) ++c_.report.other_errors;
      return;
    }
    ++c_.report.bot_games_created;
    auto player = AutoSeat(c_, source, created.body["game_id"], created.body["token"], 0,
                                             seeds_.Next(), &c_.report.bot_game_moves,
                                             [this, marrakech] { net::post(c_.ioc, [this, marrakech] { StartBotGame(marrakech); }); });
    seats_.push_back(player);
    player->Start();
  }

  void Stop() {
    for (auto& s : seats_) s->Stop();
  }

 private:
  void CountRefusal(const HttpReply& reply) {
    if (reply.status != 429) ++c_.report.other_errors;
  }
  void Replace(bool busy) {
    if (busy) net::post(c_.ioc, [this] { StartBusyGame(); });
  }

  Context& c_;
  Prng seeds_;
  std::vector<std::shared_ptr<SeatPlayer>> seats_;
  int bot_games_started_ = 0;
};

}  // namespace

void RunAbuse(const AbuseOptions& o, AbuseReport* report) {
  net::io_context ioc;
  Context c{ioc, o.server, o.spread, Clock::now() + std::chrono::seconds(o.seconds), *report, false, {}};
  Players players(c, o.seed);
  players.StartBusyGame();
  for (int i = 0; i < 2; ++i) {
    players.StartBotGame(true);
    players.StartBotGame(false);
  }
  std::vector<std::shared_ptr<FloodClient>> flood;
  for (int i = 0; i < kFloodClients; ++i) flood.push_back(std::make_shared<FloodClient>(c, i));
  std::vector<double> held;
  std::vector<std::shared_ptr<HalfOpen>> half_open;
  for (int i = 0; i < std::clamp(o.half_open, 0, 60000); ++i) half_open.push_back(std::make_shared<HalfOpen>(c, i, held));
  std::vector<std::shared_ptr<NeverReader>> never_readers;
  for (int i = 0; i < std::clamp(o.never_readers, 0, 60000); ++i) never_readers.push_back(std::make_shared<NeverReader>(c, i));
  for (auto& f : flood) f->Start();
  for (auto& h : half_open) h->Start();
  for (auto& n : never_readers) n->Start();

  ioc.run_until(c.stop_at);
  c.stopping = true;
  for (auto& f : flood) f->Stop();
  for (auto& h : half_open) h->Stop();
  for (auto& n : never_readers) n->Stop();
  players.Stop();
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(500));  // the cancelled operations' handlers

  std::sort(held.begin(), held.end());
  report->half_open_median_held_s = held.empty() ? 0.0 : held[held.size() / 2];
}

}  // namespace souk::loadtest::load
