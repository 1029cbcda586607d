// `souk loadtest`: many concurrent games through real WebSocket clients against a
// running `souk serve`, for a fixed time. Not a test: a measurement (docs/performance.md).
// With `abuse`, hostile clients run beside the games (loadtest_abuse.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace souk::loadtest {

struct LoadOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  // Several instances of one site (sharing a store, docs/deploy.md), as base URLs
  // "http://HOST:PORT": game i is created on instance i mod N and its seat s plays
  // through instance (i + s) mod N, so that every game's two seats use different
  // instances. Empty: the one server at host:port.
  std::vector<std::string> urls;
  int games = 100;        // concurrent games, two human seats each, one connection per seat
  int seconds = 10;       // of play, after every game is set up
  int think_ms = 500;     // a seat waits this long (on average) before each move
  std::string game = "jaipur";
  uint64_t seed = 1;      // of the clients' choices
  // Abusers beside the games while they play: a creation flood, half-open sockets,
  // WebSocket clients that never read, bot-heavy games (loadtest_abuse.h).
  bool abuse = false;
  int half_open = 1000;    // with `abuse`: sockets that never finish a request
  int never_readers = 100; // with `abuse`: WebSocket subscribers that never read
  // Each client binds a loopback source address of its own before connecting: game i
  // from 127.1.(i/250).(i%250+1), abusers from 127.66.0.0 up, so that a server limiting
  // each address tells them apart. Loopback only: the host must be in 127.0.0.0/8.
  bool spread_addresses = false;
  int server_pid = 0;     // > 0: the server's memory (/proc/PID/status) at start, peak, end
  // Each game's seats are two accounts signed up at setup (names unique to the run), the
  // game created rated by the first and joined by the second; when a game ends, the same
  // two play a new one while the run lasts. At the end every account's profile is
  // checked against the rated games that ended (loadtest_rated.h).
  bool rated = false;
};

// With `rated`: the games that ended and what the accounts' profiles say of them.
struct RatedReport {
  int64_t accounts = 0;            // signed up at setup, two a pair of seats
  int64_t games_created = 0;       // rated games, the first of each pair and the new ones
  int64_t games_finished = 0;      // of those, over when the run ended (as the server says)
  int64_t ratings_checked = 0;     // (account, finished game) results looked for in profiles
  int64_t ratings_missing = 0;     // a finished game absent from a player's rating history
  int64_t ratings_double = 0;      // a game in a player's history more than once
  int64_t ratings_unexpected = 0;  // a game in a history that is not one of the player's finished games
  int64_t counts_wrong = 0;        // accounts whose games counted per pool disagree with their history
  int64_t profiles_unread = 0;     // accounts whose profile could not be read (their games count as missing)
  int64_t setup_errors = 0;        // new games of a pair that could not be created during the run
  std::string first_setup_error;   // why the first of those failed
  // From seat 0 seeing a game end to GET /api/me counting it (the loadtest's own queue
  // included); `visible_late`: not counted within 5 s.
  int64_t visible_samples = 0, visible_late = 0;
  double visible_p50_ms = 0, visible_p99_ms = 0, visible_max_ms = 0;
  double setup_seconds = 0;        // signing the accounts up (a password hash each) and the first games
};

// What the abusers did and what the server answered them (loadtest_abuse.cc).
struct AbuseReport {
  // POST /api/games as fast as answered, human and bot games.
  int64_t flood_sent = 0, flood_created = 0, flood_refused_429 = 0, flood_other_status = 0, flood_no_answer = 0;
  // Connections that send part of a request line and headers, and never finish.
  int64_t half_open_opened = 0, half_open_refused = 0, half_open_closed_by_server = 0, half_open_open_at_end = 0;
  double half_open_median_held_s = 0;  // how long the server kept one before closing it
  // WebSocket spectators of a busy game that never read what they are sent.
  int64_t never_readers_subscribed = 0, never_readers_refused = 0, never_readers_closed_by_server = 0;
  // The busy game: two seats of one client moving at once, game after game.
  int64_t busy_moves = 0, busy_games = 0;
  // Bot-heavy games (Marrakech, three bots at the server's largest budget; Jaipur
  // against mcts:time=5000) whose human seat moves at once whenever it can.
  int64_t bot_games_created = 0, bot_games_refused = 0, bot_game_moves = 0;
  int64_t other_errors = 0;  // anything else that went wrong on the abusers' side
};

struct LoadReport {
  int64_t moves = 0;        // acknowledged: the mover saw the state that follows its move
  int64_t errors = 0;       // error messages and broken connections
  int64_t lost = 0;         // acknowledged moves the server did not have at the end
  int64_t games_finished = 0;
  double seconds = 0;
  double p50_ms = 0, p99_ms = 0, max_ms = 0;  // move sent -> its new state received
  // Move sent -> the other seat's WebSocket told of it (through another instance when
  // its seats play through different ones).
  double heard_p50_ms = 0, heard_p99_ms = 0, heard_max_ms = 0;
  // The server's resident memory (VmRSS) and open files, with `server_pid`; -1 unknown.
  int64_t rss_start_kb = -1, rss_peak_kb = -1, rss_end_kb = -1, rss_hwm_kb = -1;
  int64_t fds_start = -1, fds_peak = -1, fds_end = -1;
  AbuseReport abuse;
  RatedReport rated;
};

// Sets the games up over HTTP, plays, then checks every game's move count over HTTP.
// Progress and the report go to `out`. Returns false if the server could not be used.
bool RunLoad(const LoadOptions& options, LoadReport* report, std::ostream& out);

}  // namespace souk::loadtest
