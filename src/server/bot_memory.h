// The memory of all of a server's bots under one budget (docs/game-limits.md).
//
// A bot holds its search pools between moves (a Marrakech bot keeps its tree, to
// reuse it); a server holds a bot per bot seat of every game in play, for as long
// as the game waits on a human. So the bots are counted together: each bot's bytes
// as it reported them after its last search, and for a bot searching now, what was
// set aside for its search. A search is given what it foretold it would hold
// (ai::Bot::SearchMemoryBytes), at most the budget over the number of searches that
// run at once, and only what the budget has room for once the trees of the bots
// idle longest have been dropped (ai::Bot::ReleaseMemory); its bot is capped to
// that (ai::Bot::SetMemoryLimit). So what the bots hold stays within the budget,
// whatever the number of games, but for the few KB a search keeps for its root's
// moves whatever its cap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "ai/bot.h"

namespace souk::server {

class BotMemory {
 public:
  // `budget` bytes for every bot together; at most `searches_at_once` searches run
  // at the same time (the bot workers).
  BotMemory(size_t budget, int searches_at_once);
  ~BotMemory();
  BotMemory(const BotMemory&) = delete;
  BotMemory& operator=(const BotMemory&) = delete;

  // Counts `bot` from now on: the bot returned leaves the count when destroyed.
  std::shared_ptr<ai::Bot> Adopt(std::unique_ptr<ai::Bot> bot);

  // One search of an adopted bot, from construction to destruction: the bot is
  // capped to what was set aside for it, and counted after at what it then holds.
  class Search {
   public:
    Search(Search&& other) noexcept;
    Search& operator=(Search&&) = delete;
    ~Search();

   private:
    friend class BotMemory;
    struct State;
    Search(std::shared_ptr<State> state, std::shared_ptr<ai::Bot> bot);
    std::shared_ptr<State> state_;
    std::shared_ptr<ai::Bot> bot_;
  };
  Search BeginSearch(std::shared_ptr<ai::Bot> bot);

  struct Use {
    size_t budget = 0;
    size_t held = 0;      // counted now: idle bots' bytes plus what searches were given
    size_t peak = 0;      // the most `held` has been
    size_t measured = 0;  // the idle bots' bytes asked of them now, plus what searches were given
    int64_t trees_dropped = 0;  // bots made to release their memory for others
    int bots = 0;
  };
  Use use() const;

 private:
  std::shared_ptr<Search::State> state_;
};

}  // namespace souk::server
