#include "server/holdings.h"

#include <utility>

namespace souk::server {

Holdings::Holdings(int max_games, int max_games_per_client, std::string abandon_rule)
    : max_games_(max_games), max_games_per_client_(max_games_per_client), abandon_rule_(std::move(abandon_rule)) {}

Status Holdings::Take(const std::string& client) {
  std::lock_guard lock(mutex_);
  if (max_games_ > 0 && in_play_ >= max_games_)
    return Status::ResourceExhausted("this server has " + std::to_string(in_play_) +
                                     " games in play, its most: try again later");
  int& mine = by_client_[client];
  if (max_games_per_client_ > 0 && mine >= max_games_per_client_)
    return Status::ResourceExhausted("you have " + std::to_string(mine) +
                                     " games in play, the most for one address: finish one first (" + abandon_rule_ +
                                     ")");
  ++mine;
  ++in_play_;
  return Status::Ok();
}

void Holdings::Add(const std::string& client) {
  std::lock_guard lock(mutex_);
  ++by_client_[client];
  ++in_play_;
}

void Holdings::GiveBack(const std::string& client) {
  std::lock_guard lock(mutex_);
  if (--by_client_[client] <= 0) by_client_.erase(client);
  --in_play_;
}

int Holdings::InPlay() {
  std::lock_guard lock(mutex_);
  return in_play_;
}

}  // namespace souk::server
