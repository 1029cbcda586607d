#include "server/mail/mail_outbox.h"

namespace souk::server::mail {

MailOutbox::MailOutbox(size_t max_queued) : max_queued_(max_queued), thread_([this] { Work(); }) {}

MailOutbox::~MailOutbox() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool MailOutbox::Post(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= max_queued_) {
      ++dropped_;
      return false;
    }
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void MailOutbox::WaitIdle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && !running_; });
}

uint64_t MailOutbox::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

void MailOutbox::Work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left
    std::function<void()> job = std::move(queue_.front());
    queue_.pop_front();
    running_ = true;
    lock.unlock();
    job();
    lock.lock();
    running_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
}

}  // namespace souk::server::mail
