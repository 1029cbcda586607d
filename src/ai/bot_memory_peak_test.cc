// A search never holds more than it foretold (Bot::SearchMemoryBytes), nor more than
// the limit it was given: the bytes held through operator new, at their peak during
// the search (tests/support/allocation_count.h, so not in the sanitizer build).
#include <gtest/gtest.h>

#include <string>

#include "support/allocation_count.h"

#include "ai/bot.h"
#include "core/prng.h"

namespace souk::ai {
namespace {

// The set-up of a move beside the pools: threads, move lists, the analysis.
constexpr long kSlack = 256 * 1024;

// Successive decisions of one seat of a 4-player Marrakech game (so that the bot
// keeps its tree from one to the next), or of a Jaipur game.
std::vector<AnyView> Decisions(const std::string& game, int count) {
  std::vector<AnyView> views;
  Prng prng(11);
  if (game == "jaipur") {
    jaipur::State s = jaipur::State::NewGame(11);
    jaipur::MoveList list;
    while (static_cast<int>(views.size()) < count && !s.game_over) {
      if (s.to_move == 0) views.push_back(s.ViewFor(0));
      s.LegalMoves(&list);
      s.ApplyMove(list[static_cast<int>(prng.Below(static_cast<uint32_t>(list.size())))]);
    }
    return views;
  }
  marrakech::State s = marrakech::State::NewGame(4, marrakech::Variant::kStandard, 11);
  marrakech::MoveList list;
  while (static_cast<int>(views.size()) < count && !s.game_over()) {
    if (s.phase == marrakech::Phase::kRoll) {
      s.ApplyMove(marrakech::Move::Roll(marrakech::DrawRoll(prng)));
      continue;
    }
    if (s.to_move == 0) views.push_back(s.ViewFor(0));
    s.LegalMoves(&list);
    s.ApplyMove(list[static_cast<int>(prng.Below(static_cast<uint32_t>(list.size())))]);
  }
  return views;
}

TEST(BotMemoryPeak, ASearchHoldsNoMoreThanItForetoldNorItsLimit) {
  for (std::string game : {"jaipur", "marrakech"}) {
    for (size_t limit : {size_t{0}, size_t{6} << 20}) {
      auto bot = MakeBot(game, "mcts:iterations=200000,time=80,threads=2", 3);
      ASSERT_TRUE(bot.ok());
      (*bot)->SetMemoryLimit(limit);
      for (const AnyView& view : Decisions(game, 5)) {
        const long foretold = static_cast<long>((*bot)->SearchMemoryBytes());
        const long before = ::souk::testing::LiveBytes() - static_cast<long>((*bot)->MemoryBytes());
        ::souk::testing::ResetPeakBytes();
        (*bot)->ChooseMove(view);
        const long peak = ::souk::testing::PeakBytes() - before;
        EXPECT_LE(peak, foretold + kSlack) << game << ", limit " << limit;
        if (limit) {
          EXPECT_LE(peak, static_cast<long>(limit) + kSlack) << game;
        }
        EXPECT_LE((*bot)->MemoryBytes(), limit ? limit : static_cast<size_t>(foretold)) << game;
      }
    }
  }
}

}  // namespace
}  // namespace souk::ai
