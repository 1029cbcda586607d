// The threads account requests run on, off the server's network threads: a
// password hash takes a quarter of a second of a core and 64 MiB, and store calls
// block. A few run at once (the workers), a bounded number wait, and one client
// holds only a few of those places, so that it cannot keep everyone else's log-in
// waiting; past either bound a request is refused at once (docs/accounts.md, "Limits").
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace souk::server::accounts {

class AccountWorkers {
 public:
  // `max_per_client`: jobs of one client waiting or running at once.
  AccountWorkers(int threads, size_t max_waiting, int max_per_client = 4);
  ~AccountWorkers();  // runs what is queued, then joins
  AccountWorkers(const AccountWorkers&) = delete;
  AccountWorkers& operator=(const AccountWorkers&) = delete;

  enum class Submitted { kQueued, kQueueFull, kClientBusy };
  // Queues `job` of `client` (its AddressKey); when not kQueued, `job` is dropped:
  // max_waiting jobs wait already, or the client has max_per_client under way.
  Submitted Submit(const std::string& client, std::function<void()> job);
  // Returns once no job runs or waits.
  void WaitIdle();

 private:
  void Work();
  const size_t max_waiting_;
  const int max_per_client_;
  std::map<std::string, int> per_client_;  // jobs waiting or running, by client; none listed at 0
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> queue_;
  int running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace souk::server::accounts
