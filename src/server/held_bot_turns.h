// The games whose bot's turn this instance has queued or is thinking about.
//
// On a store other instances share, the instance renews its leases on these turns
// (GameService::Follow) so that no other takes them over while they wait or think.
// Its own lock: a turn is counted when queued under its game's lock, counted off when
// it ends whatever locks are held, and read by the following thread under none.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace souk::server {

class HeldBotTurns {
 public:
  // A turn of `game_id`'s bot queued here.
  void Add(const std::string& game_id);
  // One turn Add counted has ended, however.
  void Remove(const std::string& game_id);
  // The games with a turn here, each once.
  std::vector<std::string> Games();

 private:
  std::mutex mutex_;
  std::map<std::string, int> turns_;  // by game: how many queued or thought about
};

}  // namespace souk::server
