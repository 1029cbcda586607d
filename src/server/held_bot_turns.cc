#include "server/held_bot_turns.h"

namespace souk::server {

void HeldBotTurns::Add(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  ++turns_[game_id];
}

void HeldBotTurns::Remove(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  auto it = turns_.find(game_id);
  if (it != turns_.end() && --it->second <= 0) turns_.erase(it);
}

std::vector<std::string> HeldBotTurns::Games() {
  std::vector<std::string> games;
  std::lock_guard lock(mutex_);
  for (const auto& entry : turns_) games.push_back(entry.first);
  return games;
}

}  // namespace souk::server
