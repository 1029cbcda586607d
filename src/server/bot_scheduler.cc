#include "server/bot_scheduler.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "ai/bot.h"

namespace souk::server {

BotLane LaneOf(std::string_view game, const ai::BotSpec& spec) {
  return ai::EstimatedThinkMs(game, spec) <= 100 ? BotLane::kQuick : BotLane::kHeavy;
}

std::string ClientKey(const std::string& address) {
  if (address.find(':') == std::string::npos) return address;
  if (address.rfind("::ffff:", 0) == 0 && address.find('.') != std::string::npos) return address.substr(7);
  // The first four groups of the address written out in full ("::" expanded).
  const std::string a = address.substr(0, address.find('%'));  // no zone
  auto split = [](const std::string& text) {
    std::vector<std::string> groups;
    for (size_t i = 0; i < text.size();) {
      size_t colon = text.find(':', i);
      if (colon == std::string::npos) colon = text.size();
      groups.push_back(text.substr(i, colon - i));
      i = colon + 1;
    }
    return groups;
  };
  const size_t gap = a.find("::");
  std::vector<std::string> head = split(a.substr(0, gap));
  if (gap != std::string::npos) {
    const std::vector<std::string> tail = split(a.substr(gap + 2));
    while (head.size() + tail.size() < 8) head.push_back("0");
    head.insert(head.end(), tail.begin(), tail.end());
  }
  std::string key;
  for (size_t g = 0; g < 4 && g < head.size(); ++g) {
    std::string group = head[g].empty() ? "0" : head[g];
    group.erase(0, std::min(group.find_first_not_of('0'), group.size() - 1));
    std::transform(group.begin(), group.end(), group.begin(), [](char c) { return c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c; });
    key += group + ":";
  }
  return key + ":/64";
}

namespace {

// Linux keeps a nice value per thread, and a thread starts with its creator's: so this
// lowers the calling thread and every thread it starts afterwards. Lowering needs no
// privilege; failing to is harmless (the thread keeps the server's priority).
void LowerThisThreadsPriority(int steps) {
  if (steps <= 0) return;
  const pid_t thread = gettid();
  errno = 0;
  const int now = getpriority(PRIO_PROCESS, static_cast<id_t>(thread));
  if (errno != 0) return;
  setpriority(PRIO_PROCESS, static_cast<id_t>(thread), std::min(19, now + steps));
}

}  // namespace

BotScheduler::BotScheduler(int heavy_workers, int quick_workers, int heavy_nice) {
  for (int i = 0; i < std::max(1, heavy_workers); ++i) {
    threads_.emplace_back([this, heavy_nice] {
      LowerThisThreadsPriority(heavy_nice);
      Work(true);
    });
  }
  for (int i = 0; i < quick_workers; ++i) threads_.emplace_back([this] { Work(false); });
}

BotScheduler::~BotScheduler() { Stop(); }

void BotScheduler::Submit(BotLane lane, const std::string& client, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    Lane& l = lanes_[static_cast<int>(lane)];
    auto& waiting = l.waiting[client];
    if (waiting.empty()) l.turns.push_back(client);
    waiting.push_back(std::move(job));
    ++l.queued;
    ++queued_;
  }
  changed_.notify_all();
}

bool BotScheduler::Pick(Lane& lane, std::string* client, std::function<void()>* job) {
  if (lane.turns.empty()) return false;
  // The first client in turn holding no worker of this lane, else the first in turn.
  auto turn = std::find_if(lane.turns.begin(), lane.turns.end(), [&](const std::string& c) {
    auto it = lane.running.find(c);
    return it == lane.running.end() || it->second == 0;
  });
  if (turn == lane.turns.end()) turn = lane.turns.begin();
  *client = *turn;
  lane.turns.erase(turn);
  auto& waiting = lane.waiting[*client];
  *job = std::move(waiting.front());
  waiting.pop_front();
  if (waiting.empty()) {
    lane.waiting.erase(*client);
  } else {
    lane.turns.push_back(*client);  // its next game waits for the others' turns
  }
  ++lane.running[*client];
  --lane.queued;
  --queued_;
  return true;
}

void BotScheduler::Work(bool heavy) {
  std::unique_lock lock(mutex_);
  while (true) {
    std::string client;
    std::function<void()> job;
    Lane* lane = nullptr;
    changed_.wait(lock, [&] {
      if (stopping_) return true;
      if (heavy && Pick(lanes_[static_cast<int>(BotLane::kHeavy)], &client, &job)) {
        lane = &lanes_[static_cast<int>(BotLane::kHeavy)];
        return true;
      }
      if (Pick(lanes_[static_cast<int>(BotLane::kQuick)], &client, &job)) {
        lane = &lanes_[static_cast<int>(BotLane::kQuick)];
        return true;
      }
      return false;
    });
    if (!lane) return;  // stopping
    ++busy_;
    lock.unlock();
    job();
    job = nullptr;  // what it holds goes before the next turn
    lock.lock();
    if (--lane->running[client] == 0) lane->running.erase(client);
    --busy_;
    changed_.notify_all();
  }
}

int BotScheduler::Waiting(BotLane lane) {
  std::lock_guard lock(mutex_);
  return lanes_[static_cast<int>(lane)].queued;
}

void BotScheduler::WaitIdle() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return (queued_ == 0 && busy_ == 0) || stopping_; });
}

void BotScheduler::Stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  changed_.notify_all();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
  Lane dropped[2];  // destroyed outside the lock: a job may hold the last of a game
  {
    std::lock_guard lock(mutex_);
    for (int i = 0; i < 2; ++i) std::swap(dropped[i], lanes_[i]);
    queued_ = 0;
  }
  changed_.notify_all();
}

}  // namespace souk::server
