// GameService's listeners: each change's views built once under the game's lock,
// told outside it, in the order of the changes (game_service.h).
#include <utility>

#include "server/game_internal.h"

namespace souk::server {
namespace {

// How long a state message with a running clock is shared by listeners arriving after
// it was made: its clocks are that much behind at most.
constexpr int64_t kFreshClockMs = 250;

// Waits for the turn of `ticket` to tell a game's listeners, and ends it on leaving.
class DeliveryTurn {
 public:
  DeliveryTurn(GameService::Game& g, uint64_t ticket) : g_(g), lock_(g.delivery_mutex), ticket_(ticket) {
    g_.delivery_turn.wait(lock_, [&] { return g_.delivered + 1 == ticket_; });
  }
  ~DeliveryTurn() {
    g_.delivered = ticket_;
    lock_.unlock();
    g_.delivery_turn.notify_all();
  }
  DeliveryTurn(const DeliveryTurn&) = delete;
  DeliveryTurn& operator=(const DeliveryTurn&) = delete;

 private:
  GameService::Game& g_;
  std::unique_lock<std::mutex> lock_;
  uint64_t ticket_;
};

}  // namespace

GameService::Notice& GameService::Notice::operator=(Notice&& other) noexcept {
  if (this != &other) {
    Deliver();
    game = std::exchange(other.game, nullptr);
    ticket = other.ticket;
    messages = std::move(other.messages);
  }
  return *this;
}

void GameService::Notice::Deliver() {
  if (!game) return;
  Game& g = *std::exchange(game, nullptr);
  DeliveryTurn turn(g, ticket);
  for (auto& [id, entry] : g.listeners) {
    auto it = messages.find(entry.first);
    if (it == messages.end()) continue;
    try {
      entry.second(*it->second);
    } catch (...) {
      // One listener failing keeps no other from hearing.
    }
  }
  messages.clear();
}

std::shared_ptr<const std::string> GameService::MessageLocked(Game& g, int seat) {
  auto& [version, message] = g.messages[seat];
  int64_t& made_ms = g.messages_made_ms[seat];
  // A running clock's times are those of the moment the message was made: one a
  // listener arriving later would get is made again.
  const bool clock_stale = g.clock.running() && Now() - made_ms > kFreshClockMs;
  if (!message || version != g.version || clock_stale) {
    message = std::make_shared<const std::string>(DumpJson(SnapshotLocked(g, seat), false));
    version = g.version;
    made_ms = Now();
  }
  return message;
}

GameService::Notice GameService::NotifyLocked(Game& g) {
  Notice notice;
  if (g.listener_seats.empty()) {
    g.fresh_events.clear();  // a new listener hears them in the history
    return notice;           // nobody to tell: no turn to take
  }
  // Each view once, whatever the number of listeners holding it.
  for (const auto& [seat, count] : g.listener_seats) notice.messages[seat] = MessageLocked(g, seat);
  g.fresh_events.clear();  // told: the next message carries the moves after these
  notice.game = &g;
  notice.ticket = ++g.tickets;
  return notice;
}

Result<uint64_t> GameService::Subscribe(const std::string& game_id, int seat, Listener listener, bool with_history) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::shared_ptr<const std::string> history, first;
  uint64_t ticket = 0;
  {
    std::lock_guard lock(g->mutex);
    // The history and the first state at one version, under one lock: every change
    // after them reaches this listener, so its move log has no gap.
    if (with_history) history = HistoryMessageLocked(*g, seat);
    first = MessageLocked(*g, seat);
    ticket = ++g->tickets;
    ++g->listener_seats[seat];
  }
  const uint64_t id = next_subscription_++;
  // After every change told before this state, before every change after it.
  DeliveryTurn turn(*g, ticket);
  if (history) listener(*history);
  listener(*first);
  g->listeners.emplace(id, std::make_pair(seat, std::move(listener)));
  return id;
}

void GameService::Unsubscribe(const std::string& game_id, uint64_t subscription) {
  std::shared_ptr<Game> g = FindInMemory(game_id);
  if (!g) return;
  int seat = 0;
  {
    std::lock_guard lock(g->delivery_mutex);
    auto it = g->listeners.find(subscription);
    if (it == g->listeners.end()) return;
    seat = it->second.first;
    g->listeners.erase(it);
  }
  std::lock_guard lock(g->mutex);
  if (--g->listener_seats[seat] <= 0) g->listener_seats.erase(seat);
}

}  // namespace souk::server
