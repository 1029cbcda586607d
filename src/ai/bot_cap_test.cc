// A bot on a game clock is told what its clock allows (Bot::CapNextMove,
// docs/clocks.md): its next search ends by then whatever its budget, and only that
// one. On a search clock that moves 1 ms each time it is read, so that the test
// measures iterations, never the wall clock.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>

#include "ai/bot.h"
#include "ai/root_parallel.h"
#include "core/any_view.h"
#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"

namespace souk::ai {
namespace {

std::atomic<int64_t> reads{0};
SearchClock::time_point TickingClock() { return SearchClock::time_point(std::chrono::milliseconds(reads.fetch_add(1) + 1)); }
struct TickingSearchClock {
  TickingSearchClock() { SearchClock::SetSourceForTesting(&TickingClock); }
  ~TickingSearchClock() { SearchClock::SetSourceForTesting(nullptr); }
};

// The iterations of one search by `bot` at the start of a game of `game`, capped at
// `cap_ms` (0: no cap).
int64_t Iterations(Bot& bot, std::string_view game, int cap_ms) {
  AnyView view;
  if (game == "jaipur") {
    const jaipur::State s = jaipur::State::NewGame(7);
    view = s.ViewFor(s.to_move);
  } else {
    view = marrakech::State::NewGame(2, marrakech::Variant::kStandard, 7).ViewFor(0);
  }
  if (cap_ms > 0) bot.CapNextMove(cap_ms);
  return bot.Analyse(view).iterations;
}

TEST(BotCap, ACapEndsTheNextSearchWhateverItsBudgetAndOnlyThatOne) {
  TickingSearchClock clock;
  for (std::string_view game : {"jaipur", "marrakech"}) {
    for (const char* spec : {"mcts:time=1000", "mcts:clock=1000", "mcts:iterations=200000"}) {
      SCOPED_TRACE(std::string(game) + " " + spec);
      auto bot = MakeBot(game, spec, 1);
      ASSERT_TRUE(bot.ok()) << bot.message();
      const int64_t capped = Iterations(**bot, game, 20);
      EXPECT_GT(capped, 0);
      EXPECT_LE(capped, 64 * 22) << "the clock is read every 64 iterations: about 20 reads, then it stops";
      EXPECT_GT(Iterations(**bot, game, 0), 64 * 200) << "the next search has its whole budget again";
    }
  }
}

}  // namespace
}  // namespace souk::ai
