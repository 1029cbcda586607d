// `souk loadtest --rated`: each game's seats are two accounts, its games rated, and at
// the end every account's profile is checked against the games that ended (none lost,
// none counted twice). Over the wire only, as a browser would (docs/protocol.md,
// "Accounts"): sign-up, the session cookie with the site's Origin, rated creation, a
// join signed in, GET /api/me and GET /api/players/NAME.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "loadtest/loadtest.h"
#include "loadtest/loadtest_net.h"

namespace souk::loadtest::load {

// Where a pair's clients go: seat 0's account through `servers[0]` (it signs up,
// creates the games and is asked for its ratings), seat 1's through `servers[1]`.
struct PairPlace {
  tcp::endpoint servers[2];
  Source source;
};

struct CreatedGame {
  std::string id;
  std::string tokens[2];
};

// Account names unique to a run: "lt", then the wall clock's milliseconds in base 36.
std::string RunPrefix();

// The report's lines for --rated, as `key value` pairs a script can read.
void PrintRated(const RatedReport& rated, std::ostream& out);

class RatedGames {
 public:
  // `prefix` makes the run's account names unique: `PREFIX x PAIR a|b`.
  RatedGames(std::string game, std::string prefix, std::vector<PairPlace> places);
  ~RatedGames();

  // Signs up every pair's two accounts, a few at a time (each is a password hash on the
  // server), and creates each pair's first game. False, and why in `error`, on the first
  // failure.
  bool SetUp(std::vector<CreatedGame>* first_games, std::string* error);

  // From here on, `Finished` hands a pair's ended game to workers that time its rating
  // becoming visible and, while `may_create()`, create the pair's next game and pass it
  // to `on_created` (from a worker's thread).
  void StartRematches(std::function<bool()> may_create,
                      std::function<void(size_t pair, const CreatedGame&)> on_created);
  void Finished(size_t pair, std::chrono::steady_clock::time_point seen_at);
  // Waits for the workers; games still queued are neither timed nor followed.
  void StopRematches();

  // Fills `report` (all but the games' own figures): `finished_by_pair[i]` lists the ids
  // of pair i's games the server says are over.
  void Check(const std::vector<std::vector<std::string>>& finished_by_pair, RatedReport* report);

  std::string NameOf(size_t pair, int seat) const;

 private:
  struct Pair;
  struct Ended {
    size_t pair;
    std::chrono::steady_clock::time_point seen_at;
  };
  bool SignUp(Pair& pair, int seat, std::string* error);
  bool Create(Pair& pair, CreatedGame* game, std::string* error);
  void Rematch(const Ended& ended);

  std::string game_, prefix_;
  net::io_context ioc_;  // never run: the clients' calls block
  std::vector<std::unique_ptr<Pair>> pairs_;

  std::function<bool()> may_create_;
  std::function<void(size_t, const CreatedGame&)> on_created_;
  std::mutex mutex_;
  std::condition_variable queued_;
  std::deque<Ended> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
  std::vector<double> visible_ms_;
  int64_t visible_late_ = 0, setup_errors_ = 0, created_ = 0;
  std::string first_setup_error_;
  double setup_seconds_ = 0;
};

}  // namespace souk::loadtest::load
