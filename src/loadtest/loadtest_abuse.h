// `souk loadtest --abuse`: hostile clients beside the measured games (loadtest.cc).
//
//  - a creation flood: 4 clients POST /api/games as fast as they are answered (human
//    games and bot games), refusals and all;
//  - half-open sockets (1,000 by default): each sends part of a request line and
//    headers and never finishes; half of them trickle a header line every 2 s; one
//    the server closes is opened again;
//  - WebSocket spectators that never read (100 by default, a 4 KiB receive buffer),
//    subscribed to a busy game: a Jaipur game whose two seats move every 20 ms;
//  - bot-heavy games: Marrakech with three `mcts:iterations=200000` bots and Jaipur
//    against `mcts:time=5000` (the server's largest budgets), their human seat moving
//    at once whenever it can.
//
// Every loop ends by itself, bounded in count and in time. Each abuser connects from
// its own loopback address in 127.66.0.0/16 and up when `spread` is on.
#pragma once

#include <boost/asio/ip/tcp.hpp>

#include <cstdint>

#include "loadtest/loadtest.h"

namespace souk::loadtest::load {

struct AbuseOptions {
  boost::asio::ip::tcp::endpoint server;
  bool spread = false;
  int seconds = 10;
  int half_open = 1000;
  int never_readers = 100;
  uint64_t seed = 1;
};

// Runs the abusers for `options.seconds` on the calling thread, then stops them.
void RunAbuse(const AbuseOptions& options, AbuseReport* report);

}  // namespace souk::loadtest::load
