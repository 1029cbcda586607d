#include "loadtest/loadtest.h"

#include <dirent.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <ostream>
#include <thread>
#include <vector>

#include "core/prng.h"
#include "format/json.h"
#include "loadtest/loadtest_abuse.h"
#include "loadtest/loadtest_net.h"
#include "loadtest/loadtest_rated.h"
#include "loadtest/loadtest_seat.h"

namespace souk::loadtest {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using load::HttpClient;
using load::Source;
using load::SpreadSource;

struct Shared {
  Clock::time_point stop_moving;
  std::vector<double> latencies_ms;
  std::vector<double> heard_ms;  // by the other seat
  int64_t errors = 0;
  int64_t finished = 0;
};

struct GameInfo {
  size_t pair = 0;  // its place: the servers and the source of its clients; with --rated, its two accounts
  Source source;  // where its clients connect from
  std::string id;
  bool over = false;  // at the end, as the server says
  std::string tokens[2];
  int64_t acked = 0;
  // The move in flight (one at a time: the seats alternate), until the other seat hears it.
  int sent_by = -1;
  int64_t sent_at_count = 0;
  Clock::time_point sent_at;
};

// Two sockets per game, and the server's own: more than the usual 1,024 files.
void RaiseFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

// Samples a process's resident memory and open files every second, from start to Stop.
class ServerWatch {
 public:
  explicit ServerWatch(int pid) : pid_(pid) {
    if (pid_ <= 0) return;
    Sample(&report_.rss_start_kb, &report_.fds_start);
    thread_ = std::thread([this] {
      std::unique_lock lock(mutex_);
      while (!stop_) {
        stopped_.wait_for(lock, std::chrono::seconds(1));
        int64_t rss = -1, fds = -1;
        Sample(&rss, &fds);
        report_.rss_peak_kb = std::max(report_.rss_peak_kb, rss);
        report_.fds_peak = std::max(report_.fds_peak, fds);
      }
    });
  }
  // Fills the memory and file figures of `report`.
  void Stop(LoadReport* report) {
    if (pid_ <= 0) return;
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    stopped_.notify_all();
    thread_.join();
    Sample(&report_.rss_end_kb, &report_.fds_end);
    report_.rss_hwm_kb = Field("VmHWM:");
    report->rss_start_kb = report_.rss_start_kb;
    report->rss_peak_kb = std::max({report_.rss_peak_kb, report_.rss_start_kb, report_.rss_end_kb});
    report->rss_end_kb = report_.rss_end_kb;
    report->rss_hwm_kb = report_.rss_hwm_kb;
    report->fds_start = report_.fds_start;
    report->fds_peak = std::max({report_.fds_peak, report_.fds_start, report_.fds_end});
    report->fds_end = report_.fds_end;
  }

 private:
  // A "Name:   123 kB" line of /proc/PID/status, in kB; -1 if absent.
  int64_t Field(const std::string& name) const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(in, line);)
      if (line.rfind(name, 0) == 0) return std::atoll(line.c_str() + name.size());
    return -1;
  }
  void Sample(int64_t* rss, int64_t* fds) const {
    *rss = Field("VmRSS:");
    *fds = -1;
    if (DIR* dir = opendir(("/proc/" + std::to_string(pid_) + "/fd").c_str())) {
      *fds = 0;
      while (const dirent* e = readdir(dir)) *fds += e->d_name[0] != '.';
      closedir(dir);
    }
  }

  int pid_;
  LoadReport report_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable stopped_;
  bool stop_ = false;
};

std::string Megabytes(int64_t kb) {
  if (kb < 0) return "?";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(kb) / 1024.0);
  return text;
}

// "http://HOST:PORT" (an IP address, no path) as an endpoint; an empty error on success.
std::string ParseBaseUrl(const std::string& url, tcp::endpoint* endpoint) {
  constexpr std::string_view kScheme = "http://";
  std::string_view rest(url);
  if (rest.substr(0, kScheme.size()) != kScheme) return "must start with http://";
  rest.remove_prefix(kScheme.size());
  if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  const size_t colon = rest.rfind(':');
  if (colon == std::string_view::npos) return "needs a port (http://HOST:PORT)";
  const std::string port_text(rest.substr(colon + 1));
  if (port_text.empty() || port_text.size() > 5 || port_text.find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(port_text) < 1 || std::stoi(port_text) > 65535)
    return "port must be a number from 1 to 65535";
  beast::error_code ec;
  const net::ip::address address = net::ip::make_address(std::string(rest.substr(0, colon)), ec);
  if (ec) return "host must be an IP address";
  *endpoint = tcp::endpoint{address, static_cast<uint16_t>(std::stoi(port_text))};
  return "";
}

// The servers to load, from --url or else --host and --port; false (and why, on `out`)
// if one is not usable.
bool ServerEndpoints(const LoadOptions& o, std::vector<tcp::endpoint>* endpoints, std::ostream& out) {
  if (o.urls.empty()) {
    beast::error_code ec;
    endpoints->emplace_back(net::ip::make_address(o.host, ec), o.port);
    if (ec) {
      out << "loadtest: --host: not an IP address: " << o.host << '\n';
      return false;
    }
  }
  for (const std::string& url : o.urls) {
    tcp::endpoint endpoint;
    if (std::string why = ParseBaseUrl(url, &endpoint); !why.empty()) {
      out << "loadtest: --url " << url << ": " << why << '\n';
      return false;
    }
    endpoints->push_back(endpoint);
  }
  for (const tcp::endpoint& endpoint : *endpoints)
    if (o.spread_addresses && !(endpoint.address().is_v4() && endpoint.address().to_v4().to_bytes()[0] == 127)) {
      out << "loadtest: --spread-addresses binds loopback addresses only: every server must be in 127.0.0.0/8\n";
      return false;
    }
  return true;
}

std::string Describe(const tcp::endpoint& endpoint) {
  return endpoint.address().to_string() + ':' + std::to_string(endpoint.port());
}

}  // namespace

bool RunLoad(const LoadOptions& o, LoadReport* report, std::ostream& out) {
  RaiseFileLimit();
  net::io_context ioc;
  std::vector<tcp::endpoint> servers;
  if (!ServerEndpoints(o, &servers, out)) return false;
  // Game i's creator, and the instance each of its seats plays through.
  auto server_of = [&servers](size_t game, int seat) { return servers[(game + static_cast<size_t>(seat)) % servers.size()]; };
  if (o.games < 1 || o.games > 60000 || o.seconds < 1 || o.seconds > 3600) {
    out << "loadtest: --games from 1 to 60000, --seconds from 1 to 3600\n";
    return false;
  }
  ServerWatch watch(o.server_pid);
  // With --rated a pair's next game is added as its last one ends: a deque keeps the
  // references the seats' hooks hold.
  std::deque<GameInfo> games(static_cast<size_t>(o.games));
  for (size_t i = 0; i < games.size(); ++i) {
    games[i].pair = i;
    games[i].source = SpreadSource(o.spread_addresses, 1, static_cast<int>(i));
  }
  std::unique_ptr<load::RatedGames> rated;
  if (o.rated) {
    std::vector<load::PairPlace> places;
    for (size_t i = 0; i < games.size(); ++i) places.push_back({{server_of(i, 0), server_of(i, 1)}, games[i].source});
    rated = std::make_unique<load::RatedGames>(o.game, load::RunPrefix(), std::move(places));
    out << "loadtest: signing up " << 2 * games.size() << " accounts (" << rated->NameOf(0, 0) << ", "
        << rated->NameOf(0, 1) << ", ...) and creating their rated games" << std::endl;
    std::vector<load::CreatedGame> first;
    if (std::string why; !rated->SetUp(&first, &why)) {
      out << "loadtest: " << why << '\n';
      watch.Stop(report);
      return false;
    }
    for (size_t i = 0; i < games.size(); ++i) {
      games[i].id = first[i].id;
      games[i].tokens[0] = first[i].tokens[0];
      games[i].tokens[1] = first[i].tokens[1];
    }
  }
  for (size_t i = 0; i < games.size() && !o.rated; ++i) {
    GameInfo& g = games[i];
    HttpClient http(ioc, server_of(i, 0), g.source);
    load::HttpReply created = http.Call(http::verb::post, "/api/games",
                                        DumpJson(Json{{"game", o.game}, {"seats", {{{"player", "human"}}, {{"player", "human"}}}}}, false));
    if (created.status != 201) {
      out << "loadtest: " << Describe(server_of(i, 0)) << ": creating game " << i + 1 << " failed: "
          << (created.status ? std::to_string(created.status) + " " + DumpJson(created.body, false) : created.error) << '\n';
      watch.Stop(report);
      return false;
    }
    g.id = created.body["game_id"];
    g.tokens[0] = created.body["token"];
    load::HttpReply joined = http.Call(http::verb::post, "/api/games/" + g.id + "/join",
                                       DumpJson(Json{{"invite", created.body["invites"][0]["invite"]}}, false));
    if (joined.status != 200) {
      out << "loadtest: joining game " << g.id << " failed: " << joined.status << ' ' << joined.error << '\n';
      watch.Stop(report);
      return false;
    }
    g.tokens[1] = joined.body["token"];
  }
  out << "loadtest: " << o.games << " " << (o.rated ? "rated " : "") << o.game << " games set up" << (o.spread_addresses ? " (each from its own address)" : "")
      << (servers.size() > 1 ? ", their seats spread over " + std::to_string(servers.size()) + " servers" : "")
      << "; playing for " << o.seconds << " s" << (o.abuse ? ", with abusers beside them" : "") << std::endl;
  Shared shared;
  const auto start = Clock::now();
  shared.stop_moving = start + std::chrono::seconds(o.seconds);
  std::thread abusers;
  if (o.abuse) {
    load::AbuseOptions a;
    a.server = servers[0];
    a.spread = o.spread_addresses;
    a.seconds = o.seconds;
    a.half_open = o.half_open;
    a.never_readers = o.never_readers;
    a.seed = o.seed ^ 0xab05eULL;
    abusers = std::thread([a, report] { load::RunAbuse(a, &report->abuse); });
  }
  std::vector<std::shared_ptr<load::SeatPlayer>> clients;
  Prng seeds(o.seed);
  auto start_seats = [&](GameInfo& g) {
    for (int seat = 0; seat < 2; ++seat) {
      load::SeatHooks hooks;
      hooks.think_ms = [think = o.think_ms](Prng& prng) {
        return think > 0 ? static_cast<int>(prng.Below(static_cast<uint32_t>(2 * think))) : 0;
      };
      hooks.may_move = [&shared] { return Clock::now() < shared.stop_moving; };
      hooks.on_failure = [&shared] { ++shared.errors; };
      hooks.on_error_message = hooks.on_failure;
      hooks.on_counted = [&shared, &g](Clock::duration took) {
        shared.latencies_ms.push_back(std::chrono::duration<double, std::milli>(took).count());
        ++g.acked;
      };
      if (seat == 0)
        hooks.on_over = [&shared, &g, &rated] {
          ++shared.finished;
          if (rated) rated->Finished(g.pair, Clock::now());
        };
      hooks.on_sent = [&g, seat](int64_t count) {
        g.sent_by = seat;
        g.sent_at_count = count;
        g.sent_at = Clock::now();
      };
      hooks.on_state = [&shared, &g, seat](int64_t count) {
        if (g.sent_by < 0 || g.sent_by == seat || count <= g.sent_at_count) return;
        shared.heard_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - g.sent_at).count());
        g.sent_by = -1;
      };
      clients.push_back(std::make_shared<load::SeatPlayer>(ioc, server_of(g.pair, seat), g.source, g.id, g.tokens[seat],
                                                           seeds.Next(), std::move(hooks)));
      clients.back()->Start();
    }
  };
  for (GameInfo& g : games) start_seats(g);
  if (rated)
    rated->StartRematches([&shared] { return Clock::now() < shared.stop_moving; },
                          [&](size_t pair, const load::CreatedGame& created) {
                            net::post(ioc, [&, pair, created] {
                              GameInfo& g = games.emplace_back();
                              g.pair = pair;
                              g.source = games[pair].source;
                              g.id = created.id;
                              g.tokens[0] = created.tokens[0];
                              g.tokens[1] = created.tokens[1];
                              // Created as the run ended: checked at the end, never played.
                              if (Clock::now() < shared.stop_moving) start_seats(g);
                            });
                          });
  // Play, then a grace period for the last moves' answers.
  ioc.run_for(std::chrono::seconds(o.seconds) + std::chrono::milliseconds(2000));
  if (rated) rated->StopRematches();
  for (auto& c : clients) c->Stop();
  ioc.restart();
  ioc.poll();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count() - 2.0;
  if (abusers.joinable()) abusers.join();

  int64_t lost = 0, unchecked = 0;
  for (GameInfo& g : games) {
    HttpClient http(ioc, server_of(g.pair, 0), g.source);
    load::HttpReply state = http.Call(http::verb::get, "/api/games/" + g.id, "");
    if (!state.body.is_object() || !state.body.contains("move_count")) {
      ++unchecked;  // not an answer: every acknowledged move of it counts as lost
      lost += g.acked;
      continue;
    }
    lost += std::max<int64_t>(0, g.acked - state.body["move_count"].get<int64_t>());
    const auto over = state.body.find("over");
    g.over = over != state.body.end() && over->is_boolean() && over->get<bool>();
  }
  if (rated) {
    std::vector<std::vector<std::string>> finished_by_pair(static_cast<size_t>(o.games));
    for (const GameInfo& g : games)
      if (g.over) finished_by_pair[g.pair].push_back(g.id);
    rated->Check(finished_by_pair, &report->rated);
  }
  watch.Stop(report);
  std::vector<double>& lat = shared.latencies_ms;
  std::sort(lat.begin(), lat.end());
  std::sort(shared.heard_ms.begin(), shared.heard_ms.end());
  auto quantile_of = [](const std::vector<double>& v, double q) {
    return v.empty() ? 0.0 : v[std::min(v.size() - 1, static_cast<size_t>(q * v.size()))];
  };
  auto quantile = [&](double q) { return quantile_of(lat, q); };
  report->heard_p50_ms = quantile_of(shared.heard_ms, 0.50);
  report->heard_p99_ms = quantile_of(shared.heard_ms, 0.99);
  report->heard_max_ms = shared.heard_ms.empty() ? 0.0 : shared.heard_ms.back();
  report->moves = static_cast<int64_t>(lat.size());
  report->errors = shared.errors + unchecked;
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
  out << "loadtest: the other seat heard each move (sent -> its WebSocket told) p50 " << report->heard_p50_ms << " ms, p99 "
      << report->heard_p99_ms << " ms, max " << report->heard_max_ms << " ms\n";
  if (rated) load::PrintRated(report->rated, out);
  if (unchecked) out << "loadtest: " << unchecked << " games could not be read back at the end (counted as errors)\n";
  if (o.server_pid > 0)
    out << "loadtest: server memory (VmRSS) " << Megabytes(report->rss_start_kb) << " at the start, "
        << Megabytes(report->rss_peak_kb) << " at the peak (sampled every second; VmHWM " << Megabytes(report->rss_hwm_kb)
        << "), " << Megabytes(report->rss_end_kb) << " at the end; open files " << report->fds_start << ", peak "
        << report->fds_peak << ", end " << report->fds_end << '\n';
  if (o.abuse) {
    const AbuseReport& a = report->abuse;
    out << "loadtest: abusers (their refusals are not errors of the games above):\n"
        << "  creation flood: " << a.flood_sent << " POST /api/games, " << a.flood_created << " created, "
        << a.flood_refused_429 << " refused 429, " << a.flood_other_status << " other statuses, " << a.flood_no_answer
        << " without an answer\n"
        << "  half-open sockets: " << a.half_open_opened << " opened, " << a.half_open_refused << " refused, "
        << a.half_open_closed_by_server << " closed by the server (median held " << a.half_open_median_held_s
        << " s), " << a.half_open_open_at_end << " still open at the end\n"
        << "  never-reading WebSockets: " << a.never_readers_subscribed << " subscribed, " << a.never_readers_refused
        << " refused, " << a.never_readers_closed_by_server << " closed by the server\n"
        << "  busy game: " << a.busy_games << " games, " << a.busy_moves << " moves\n"
        << "  bot-heavy games: " << a.bot_games_created << " created, " << a.bot_games_refused << " refused, "
        << a.bot_game_moves << " human moves played in them\n"
        << "  other errors on the abusers' side: " << a.other_errors << '\n';
  }
  return true;
}

}  // namespace souk::loadtest
