// Games in play, by client and in all, against the limits on them (docs/game-limits.md).
//
// Its own class and lock, apart from the games: a place is taken before the game it
// is for exists (and given back if it is not made after all), and a game ending gives
// its place back under that game's lock, so the count can be under no game's lock
// and under no lock of the games' map. Lock order: a game's, then this one's.
#pragma once

#include <map>
#include <mutex>
#include <string>

#include "core/status.h"

namespace souk::server {

class Holdings {
 public:
  // 0: no limit. `abandon_rule` tells a client at its most how its games end.
  Holdings(int max_games, int max_games_per_client, std::string abandon_rule);

  // A place for a new game of `client` (a ClientKey), or kResourceExhausted at the limits.
  Status Take(const std::string& client);
  // Counts a game that is in play already (restored, read back): never refused.
  void Add(const std::string& client);
  // Gives back a place taken or added.
  void GiveBack(const std::string& client);
  // Games in play in all.
  int InPlay();

 private:
  const int max_games_;
  const int max_games_per_client_;
  const std::string abandon_rule_;
  std::mutex mutex_;
  std::map<std::string, int> by_client_;
  int in_play_ = 0;
};

}  // namespace souk::server
