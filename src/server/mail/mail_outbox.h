// The mail's own thread: jobs (a "your turn" to judge and send, a verification to
// send) queued by the game service's hook and the account routes, run one at a time,
// off the network threads and every game's lock, since the database and the SMTP
// relay may take seconds. Bounded: past `max_queued` a job is dropped (and counted),
// as an email not sent, never a game slowed down.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace souk::server::mail {

class MailOutbox {
 public:
  explicit MailOutbox(size_t max_queued = 1000);
  ~MailOutbox();  // runs what is queued, then joins
  MailOutbox(const MailOutbox&) = delete;
  MailOutbox& operator=(const MailOutbox&) = delete;

  // False when the queue is full: `job` is dropped.
  bool Post(std::function<void()> job);
  // Returns once no job runs or waits (tests).
  void WaitIdle();
  uint64_t dropped() const;

 private:
  void Work();
  const size_t max_queued_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> queue_;
  bool running_ = false, stopping_ = false;
  uint64_t dropped_ = 0;
  std::thread thread_;
};

}  // namespace souk::server::mail
