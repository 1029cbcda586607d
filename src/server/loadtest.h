// `souk loadtest`: many concurrent games through real WebSocket clients against a
// running `souk serve`, for a fixed time. Not a test: a measurement (docs/performance.md).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace souk::server {

struct LoadOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  int games = 100;        // concurrent games, two human seats each, one connection per seat
  int seconds = 10;       // of play, after every game is set up
  int think_ms = 500;     // a seat waits this long (on average) before each move
  std::string game = "jaipur";
  uint64_t seed = 1;      // of the clients' choices
};

struct LoadReport {
  int64_t moves = 0;        // acknowledged: the mover saw the state that follows its move
  int64_t errors = 0;       // error messages and broken connections
  int64_t lost = 0;         // acknowledged moves the server did not have at the end
  int64_t games_finished = 0;
  double seconds = 0;
  double p50_ms = 0, p99_ms = 0, max_ms = 0;  // move sent -> its new state received
};

// Sets the games up over HTTP, plays, then checks every game's move count over HTTP.
// Progress and the report go to `out`. Returns false if the server could not be used.
bool RunLoad(const LoadOptions& options, LoadReport* report, std::ostream& out);

}  // namespace souk::server
