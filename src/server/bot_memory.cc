#include "server/bot_memory.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace souk::server {

struct BotMemory::Search::State {
  struct Entry {
    ai::Bot* bot = nullptr;
    size_t bytes = 0;     // what it held after its last search (or release)
    size_t given = 0;     // while it searches: what was set aside for it
    bool searching = false;
    uint64_t last_used = 0;
    size_t counted() const { return searching ? std::max(given, bytes) : bytes; }
  };

  size_t budget = 0;
  int searches_at_once = 1;
  mutable std::mutex mutex;
  std::unordered_map<const ai::Bot*, Entry> entries;
  size_t held = 0;
  size_t peak = 0;
  uint64_t clock = 0;
  int64_t trees_dropped = 0;

  void Count(Entry& e, size_t before) {
    held = held - before + e.counted();
    peak = std::max(peak, held);
  }

  // Drops the trees of idle bots, idle longest first, until `room` bytes are free
  // beside everything counted (or no idle bot holds anything). `spare` is left alone.
  void MakeRoom(size_t room, const ai::Bot* spare) {
    if (held + room <= budget) return;
    std::vector<Entry*> idle;
    for (auto& [bot, e] : entries)
      if (!e.searching && e.bytes > 0 && bot != spare) idle.push_back(&e);
    std::sort(idle.begin(), idle.end(), [](const Entry* a, const Entry* b) { return a->last_used < b->last_used; });
    for (Entry* e : idle) {
      if (held + room <= budget) return;
      const size_t before = e->counted();
      e->bot->ReleaseMemory();
      e->bytes = e->bot->MemoryBytes();
      ++trees_dropped;
      Count(*e, before);
    }
  }
};

BotMemory::BotMemory(size_t budget, int searches_at_once) : state_(std::make_shared<Search::State>()) {
  state_->budget = budget;
  state_->searches_at_once = std::max(1, searches_at_once);
}

BotMemory::~BotMemory() = default;

std::shared_ptr<ai::Bot> BotMemory::Adopt(std::unique_ptr<ai::Bot> bot) {
  ai::Bot* raw = bot.release();
  {
    std::lock_guard lock(state_->mutex);
    auto& e = state_->entries[raw];
    e.bot = raw;
    e.bytes = raw->MemoryBytes();
    e.last_used = ++state_->clock;
    state_->Count(e, 0);
  }
  // The state outlives every bot it counts: each deleter holds it.
  return std::shared_ptr<ai::Bot>(raw, [state = state_](ai::Bot* b) {
    {
      std::lock_guard lock(state->mutex);
      auto it = state->entries.find(b);
      if (it != state->entries.end()) {
        state->held -= it->second.counted();
        state->entries.erase(it);
      }
    }
    delete b;
  });
}

BotMemory::Search BotMemory::BeginSearch(std::shared_ptr<ai::Bot> bot) {
  std::lock_guard lock(state_->mutex);
  auto it = state_->entries.find(bot.get());
  if (it == state_->entries.end()) return Search(nullptr, std::move(bot));
  Search::State::Entry& e = it->second;
  const size_t want = std::min(bot->SearchMemoryBytes(), state_->budget / static_cast<size_t>(state_->searches_at_once));
  // What this bot holds now is part of what its search will hold.
  state_->MakeRoom(want > e.bytes ? want - e.bytes : 0, bot.get());
  const size_t others = state_->held - e.bytes;
  const size_t free = state_->budget > others ? state_->budget - others : 0;
  const size_t before = e.counted();
  e.given = std::min(want, free);
  e.searching = true;
  state_->Count(e, before);
  // 0 would mean no limit: a search given nothing keeps only its root's moves.
  bot->SetMemoryLimit(std::max<size_t>(1, e.given));
  return Search(state_, std::move(bot));
}

BotMemory::Search::Search(std::shared_ptr<State> state, std::shared_ptr<ai::Bot> bot)
    : state_(std::move(state)), bot_(std::move(bot)) {}

BotMemory::Search::Search(Search&& other) noexcept : state_(std::move(other.state_)), bot_(std::move(other.bot_)) {}

BotMemory::Search::~Search() {
  if (!state_ || !bot_) return;
  std::lock_guard lock(state_->mutex);
  auto it = state_->entries.find(bot_.get());
  if (it == state_->entries.end()) return;
  State::Entry& e = it->second;
  const size_t before = e.counted();
  e.bytes = bot_->MemoryBytes();
  e.searching = false;
  e.given = 0;
  e.last_used = ++state_->clock;
  state_->Count(e, before);
  // Over the budget by the few KB a search keeps whatever its cap: others' trees go.
  state_->MakeRoom(0, bot_.get());
}

BotMemory::Use BotMemory::use() const {
  std::lock_guard lock(state_->mutex);
  Use u;
  u.budget = state_->budget;
  u.held = state_->held;
  u.peak = state_->peak;
  u.trees_dropped = state_->trees_dropped;
  u.bots = static_cast<int>(state_->entries.size());
  for (const auto& [bot, e] : state_->entries) u.measured += e.searching ? e.counted() : e.bot->MemoryBytes();
  return u;
}

}  // namespace souk::server
