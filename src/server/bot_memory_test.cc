// The bots' memory budget: the accounting on bots that say what they hold, then a
// server's bot-heavy games, counted and measured (issue 17, defect 1).
#include "server/bot_memory.h"

#include <gtest/gtest.h>
#include <malloc.h>
#include <unistd.h>

#include <cstdio>

#include "server/game_service.h"

namespace souk::server {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

// A bot whose search grows to what it foretold, within its limit, and keeps it.
class FakeBot final : public ai::Bot {
 public:
  explicit FakeBot(size_t wants) : wants_(wants) {}
  std::string ChooseMove(const AnyView&) override { return ""; }
  ai::TextAnalysis Analyse(const AnyView&) override { return {}; }
  size_t MemoryBytes() const override { return held_; }
  size_t SearchMemoryBytes() const override { return wants_; }
  void SetMemoryLimit(size_t bytes) override { limit_ = bytes; }
  void ReleaseMemory() override { held_ = 0; }
  void Search() { held_ = limit_ ? std::min(wants_, limit_) : wants_; }
  size_t limit() const { return limit_; }

 private:
  size_t wants_, held_ = 0, limit_ = 0;
};

struct Fakes {
  std::vector<FakeBot*> raw;
  std::vector<std::shared_ptr<ai::Bot>> bots;
  Fakes(BotMemory& memory, int n, size_t wants) {
    for (int i = 0; i < n; ++i) {
      auto bot = std::make_unique<FakeBot>(wants);
      raw.push_back(bot.get());
      bots.push_back(memory.Adopt(std::move(bot)));
    }
  }
  void Search(BotMemory& memory, size_t i) {
    BotMemory::Search search = memory.BeginSearch(bots[i]);
    raw[i]->Search();
  }
};

TEST(BotMemory, TheBotsIdleLongestLoseTheirTreesWhenTheBudgetHasNoRoom) {
  BotMemory memory(100 * kMiB, 2);
  Fakes fakes(memory, 5, 30 * kMiB);
  for (size_t i = 0; i < 5; ++i) {
    fakes.Search(memory, i);
    EXPECT_LE(memory.use().held, 100 * kMiB) << i;
    EXPECT_EQ(fakes.raw[i]->MemoryBytes(), 30 * kMiB) << i << ": room was made for the whole search";
  }
  // Three trees fit: bots 0 and 1, idle longest, dropped theirs.
  EXPECT_EQ(fakes.raw[0]->MemoryBytes(), 0u);
  EXPECT_EQ(fakes.raw[1]->MemoryBytes(), 0u);
  EXPECT_EQ(fakes.raw[2]->MemoryBytes(), 30 * kMiB);
  EXPECT_EQ(memory.use().trees_dropped, 2);
  EXPECT_EQ(memory.use().held, 90 * kMiB);
  EXPECT_EQ(memory.use().peak, 90 * kMiB);
  // A bot gone leaves the count.
  fakes.bots[4].reset();
  EXPECT_EQ(memory.use().held, 60 * kMiB);
  EXPECT_EQ(memory.use().bots, 4);
}

TEST(BotMemory, OneSearchGetsAtMostTheBudgetOverTheSearchesAtOnce) {
  BotMemory memory(100 * kMiB, 4);
  Fakes fakes(memory, 1, 80 * kMiB);
  fakes.Search(memory, 0);
  EXPECT_EQ(fakes.raw[0]->limit(), 25 * kMiB);
  EXPECT_EQ(fakes.raw[0]->MemoryBytes(), 25 * kMiB);
}

TEST(BotMemory, SearchesUnderWayKeepWhatTheyWereGiven) {
  BotMemory memory(100 * kMiB, 2);
  Fakes fakes(memory, 3, 50 * kMiB);
  BotMemory::Search first = memory.BeginSearch(fakes.bots[0]);
  BotMemory::Search second = memory.BeginSearch(fakes.bots[1]);
  EXPECT_EQ(memory.use().held, 100 * kMiB);
  {
    // A third search at once (more than the workers, as with a hint) gets what is left.
    BotMemory::Search third = memory.BeginSearch(fakes.bots[2]);
    EXPECT_EQ(fakes.raw[2]->limit(), 1u) << "nothing left: only the root's moves";
  }
  EXPECT_LE(memory.use().peak, 100 * kMiB);
}

// Bytes in use through malloc, a measure that does not ask the bots.
size_t MallocInUse() {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

TEST(BotMemory, ManyBotHeavyGamesStayWithinTheServersBudget) {
  const std::string path = ::testing::TempDir() + "bot_memory_test_" + std::to_string(getpid()) + ".db";
  auto store = OpenSqliteStore(path);
  ASSERT_TRUE(store.ok()) << store.message();
  ServiceOptions options;
  options.bot_threads = 2;
  options.bot_memory_bytes = 48 * kMiB;
  const size_t in_use_before = MallocInUse();
  {
    GameService service(**store, options);
    // Four-player games, three bots each at the server's largest iteration budget
    // (their time scaled down): each search alone would reserve 80 MB.
    std::vector<Created> games;
    for (int i = 0; i < 6; ++i) {
      CreateRequest r;
      r.game = "marrakech";
      r.players = 4;
      for (int seat = 0; seat < 3; ++seat) r.seats.push_back({"mcts:iterations=200000,time=30,threads=2", ""});
      r.seats.push_back({"human", "Ann"});
      r.creator_seat = 3;
      auto created = service.Create(r);
      ASSERT_TRUE(created.ok()) << created.message();
      games.push_back(*created);
    }
    size_t most_in_use = 0;
    for (int turn = 0; turn < 3; ++turn) {
      service.WaitForBots();
      most_in_use = std::max(most_in_use, MallocInUse());
      const BotMemory::Use use = service.BotMemoryUse();
      EXPECT_LE(use.held, options.bot_memory_bytes) << "turn " << turn;
      EXPECT_LE(use.measured, options.bot_memory_bytes) << "turn " << turn;
      EXPECT_EQ(use.measured, use.held) << "the count is what the bots hold";
      for (const Created& c : games) {
        auto view = service.View(c.game_id, 3);
        ASSERT_TRUE(view.ok());
        ASSERT_EQ(view->json["to_move"], 3) << "the bots have played";
        ASSERT_TRUE(service.Move(c.game_id, 3, view->json["legal"][0].get<std::string>()).ok());
      }
    }
    service.WaitForBots();
    const BotMemory::Use use = service.BotMemoryUse();
    EXPECT_LE(use.peak, options.bot_memory_bytes) << "at no moment, searches under way included";
    EXPECT_GT(use.trees_dropped, 0) << "the budget was tight enough to matter";
#if !defined(__SANITIZE_ADDRESS__)
    // The process itself: what malloc hands out grew by the budget at most, and a
    // little for the games (the sanitizers' allocator does not keep these counts).
    EXPECT_LT(most_in_use, in_use_before + options.bot_memory_bytes + 8 * kMiB);
#else
    (void)in_use_before;
    (void)most_in_use;
#endif
  }
  store->reset();
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
}

}  // namespace
}  // namespace souk::server
