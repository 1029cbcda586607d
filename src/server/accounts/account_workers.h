// The threads account requests run on, off the server's network threads: a
// password hash takes a quarter of a second of a core and 64 MiB, and store calls
// block. A few run at once (the workers), a bounded number wait; past that a
// request is refused at once (docs/accounts.md, "Limits").
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace souk::server::accounts {

class AccountWorkers {
 public:
  AccountWorkers(int threads, size_t max_waiting);
  ~AccountWorkers();  // runs what is queued, then joins
  AccountWorkers(const AccountWorkers&) = delete;
  AccountWorkers& operator=(const AccountWorkers&) = delete;

  // Queues `job`; false (and `job` dropped) when max_waiting jobs wait already.
  bool Submit(std::function<void()> job);
  // Returns once no job runs or waits.
  void WaitIdle();

 private:
  void Work();
  const size_t max_waiting_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> queue_;
  int running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace souk::server::accounts
