// One seat of a game on a WebSocket, for `souk loadtest` (its measured games and its
// abusers' games): it waits for its turn, thinks, plays a random legal move, and
// says when the server has counted it.
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "core/prng.h"
#include "loadtest/loadtest_net.h"

namespace souk::loadtest::load {

struct SeatHooks {
  std::function<int(Prng&)> think_ms;                          // before each move
  std::function<bool()> may_move;                              // false once moves should stop
  std::function<void()> on_failure;                            // the connection failed, or a message was not JSON
  std::function<void()> on_error_message;                      // the server answered an error (may be empty)
  std::function<void(std::chrono::steady_clock::duration)> on_counted;  // a move of the seat's, this long after sending
  std::function<void()> on_over;                               // the game ended (may be empty)
  std::function<void(int64_t move_count)> on_sent;             // a move sent, the game at move_count (may be empty)
  std::function<void(int64_t move_count)> on_state;            // a state message received (may be empty)
};

class SeatPlayer : public std::enable_shared_from_this<SeatPlayer> {
 public:
  SeatPlayer(net::io_context& ioc, tcp::endpoint server, Source source, std::string game_id, std::string token,
             uint64_t seed, SeatHooks hooks);
  void Start();
  // Closes the socket; what fails afterwards is not a failure.
  void Stop();

 private:
  void Fail();
  void Write(std::string text);
  void WriteNext();
  void Read();
  void OnMessage(const std::string& text);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  net::steady_timer think_;
  tcp::endpoint server_;
  Source source_;
  std::string game_id_, token_;
  Prng prng_;
  SeatHooks hooks_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> out_;
  bool waiting_ = false, done_ = false;
  int64_t count_at_move_ = 0;
  std::chrono::steady_clock::time_point sent_at_;
};

}  // namespace souk::loadtest::load
