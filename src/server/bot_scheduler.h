// Who thinks next: the bots' turns of every game, shared out fairly between the
// clients that created the games (docs/game-limits.md).
//
// Two lanes. A quick lane for bots whose search is estimated at 100 ms or less
// (random, greedy, the easy and medium levels), served by its own worker and by the
// heavy workers when no heavy search waits; a heavy lane for the rest, served by the
// heavy workers only. So a cheap bot never waits behind an expensive search, only
// behind other cheap ones. In each lane the clients take turns (round robin), and
// each client's games take turns (its searches wait in the order its games asked);
// a client already holding a worker of a lane gets another only when no other
// client's search waits there. So one client's bot-heavy games delay another's bot
// by at most the searches already under way.
//
// The heavy workers think at a lower CPU priority (a higher nice value, per thread,
// inherited by the threads a search starts): on a server whose cores are all busy
// searching, a move or a page still gets a core at once.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ai/bot_spec.h"

namespace souk::server {

enum class BotLane { kQuick, kHeavy };

// The lane of a bot: quick when its search is estimated at 100 ms of one core or
// less (ai::EstimatedThinkMs: iterations at 3 µs each in Jaipur, 4 µs in Marrakech,
// or its time budget if shorter; bots that do not search are quick).
BotLane LaneOf(std::string_view game, const ai::BotSpec& spec);

// What games are counted by: an IPv4 address, or an IPv6 address's /64 network (a
// single machine is commonly given a whole /64).
std::string ClientKey(const std::string& address);

class BotScheduler {
 public:
  // `heavy_workers` (at least one) take heavy searches first, quick ones when no heavy
  // one waits; `quick_workers` take quick ones only. The heavy workers, and the search
  // threads they start, run `heavy_nice` steps below the server's CPU priority (0: the
  // same), so that a long search never delays the network threads' answers.
  BotScheduler(int heavy_workers, int quick_workers, int heavy_nice = 0);
  ~BotScheduler();
  BotScheduler(const BotScheduler&) = delete;
  BotScheduler& operator=(const BotScheduler&) = delete;

  // Queues `job`, one bot's turn of a game of `client`. The caller queues at most one
  // job per game at a time.
  void Submit(BotLane lane, const std::string& client, std::function<void()> job);
  // The turns of `lane` waiting for a worker (not those running): the metrics'
  // queue depth, read when scraped.
  int Waiting(BotLane lane);
  // Until nothing is queued or running.
  void WaitIdle();
  // Lets the jobs running finish, drops those queued, joins the workers.
  void Stop();
  int workers() const { return static_cast<int>(threads_.size()); }

 private:
  struct Lane {
    std::map<std::string, std::deque<std::function<void()>>> waiting;  // by client
    std::deque<std::string> turns;                                     // clients with jobs waiting, in turn
    std::map<std::string, int> running;                                // by client
    int queued = 0;                                                    // jobs in `waiting`
  };
  void Work(bool heavy);
  bool Pick(Lane& lane, std::string* client, std::function<void()>* job);

  std::mutex mutex_;
  std::condition_variable changed_;
  Lane lanes_[2];  // by BotLane
  int queued_ = 0;
  int busy_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace souk::server
