#include "server/periodic.h"

#include <chrono>
#include <utility>

namespace souk::server {

void Periodic::Start(int64_t every_ms, std::function<void()> round) {
  thread_ = std::thread([this, every_ms, round = std::move(round)] {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(every_ms), [this] { return stopping_; })) {
      lock.unlock();
      round();
      lock.lock();
    }
  });
}

void Periodic::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace souk::server
