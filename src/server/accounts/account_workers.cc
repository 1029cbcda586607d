#include "server/accounts/account_workers.h"

#include <algorithm>
#include <exception>

namespace souk::server::accounts {

AccountWorkers::AccountWorkers(int threads, size_t max_waiting, int max_per_client)
    : max_waiting_(max_waiting), max_per_client_(max_per_client) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { Work(); });
}

AccountWorkers::~AccountWorkers() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

AccountWorkers::Submitted AccountWorkers::Submit(const std::string& client, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= max_waiting_) return Submitted::kQueueFull;
    int& under_way = per_client_[client];
    if (under_way >= max_per_client_) return Submitted::kClientBusy;
    ++under_way;
    queue_.push_back([this, client, job = std::move(job)] {
      struct Done {
        AccountWorkers* workers;
        const std::string& client;
        ~Done() {
          std::lock_guard lock(workers->mutex_);
          if (auto it = workers->per_client_.find(client); it != workers->per_client_.end() && --it->second <= 0)
            workers->per_client_.erase(it);
        }
      } done{this, client};
      job();
    });
  }
  wake_.notify_one();
  return Submitted::kQueued;
}

void AccountWorkers::WaitIdle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && running_ == 0; });
}

void AccountWorkers::Work() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    std::function<void()> job = std::move(queue_.front());
    queue_.pop_front();
    ++running_;
    lock.unlock();
    try {
      job();
    } catch (const std::exception&) {
      // A job answers its own request; one that throws loses only that answer.
    }
    job = nullptr;
    lock.lock();
    --running_;
    if (queue_.empty() && running_ == 0) idle_.notify_all();
  }
}

}  // namespace souk::server::accounts
