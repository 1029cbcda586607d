// A thread doing one thing every so often until stopped: the service's sweep of idle
// games, and on a shared store its following of the other instances.
//
// Not a sleeping loop: stopping wakes it at once, and returns once a round under way
// has ended, so that nothing the round uses goes away beneath it.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace souk::server {

class Periodic {
 public:
  Periodic() = default;
  ~Periodic() { Stop(); }
  Periodic(const Periodic&) = delete;
  Periodic& operator=(const Periodic&) = delete;

  // Calls `round` every `every_ms` (more than 0) on a thread of its own, from now
  // until Stop. Once at most.
  void Start(int64_t every_ms, std::function<void()> round);
  // Waits for the round under way, if any; no round after. Again: nothing.
  void Stop();

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace souk::server
