// What a bot holds between moves, what its next search would hold, and the limit a
// server sets on both (ai::Bot's memory methods, docs/ai.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/prng.h"

namespace souk::ai {
namespace {

// A position `moves` random moves into a game, with a player to decide.
AnyView Position(const std::string& game, uint64_t seed, int moves, std::vector<std::string>* legal) {
  Prng prng(seed);
  legal->clear();
  if (game == "jaipur") {
    jaipur::State s = jaipur::State::NewGame(seed);
    jaipur::MoveList list;
    for (int i = 0; i < moves && !s.game_over; ++i) {
      s.LegalMoves(&list);
      s.ApplyMove(list[static_cast<int>(prng.Below(static_cast<uint32_t>(list.size())))]);
    }
    if (s.game_over) s = jaipur::State::NewGame(seed);
    s.LegalMoves(&list);
    for (int i = 0; i < list.size(); ++i) legal->push_back(jaipur::ToString(list[i]));
    return s.ViewFor(s.to_move);
  }
  marrakech::State s = marrakech::State::NewGame(4, marrakech::Variant::kStandard, seed);
  marrakech::MoveList list;
  for (int i = 0; (i < moves || s.phase == marrakech::Phase::kRoll) && !s.game_over(); ++i) {
    if (s.phase == marrakech::Phase::kRoll) {
      s.ApplyMove(marrakech::Move::Roll(marrakech::DrawRoll(prng)));
      continue;
    }
    s.LegalMoves(&list);
    s.ApplyMove(list[static_cast<int>(prng.Below(static_cast<uint32_t>(list.size())))]);
  }
  s.LegalMoves(&list);
  for (int i = 0; i < list.size(); ++i) legal->push_back(marrakech::ToString(list[i]));
  return s.ViewFor(s.to_move);
}

std::unique_ptr<Bot> Make(const std::string& game, const std::string& spec) {
  auto bot = MakeBot(game, spec, 7);
  EXPECT_TRUE(bot.ok()) << bot.message();
  return std::move(*bot);
}

constexpr size_t kMiB = size_t{1} << 20;

TEST(BotMemory, BotsThatDoNotSearchHoldNothing) {
  for (std::string game : {"jaipur", "marrakech"})
    for (std::string spec : {"random", "greedy"}) {
      auto bot = Make(game, spec);
      std::vector<std::string> legal;
      bot->ChooseMove(Position(game, 1, 10, &legal));
      EXPECT_EQ(bot->MemoryBytes(), 0u) << game << " " << spec;
      EXPECT_EQ(bot->SearchMemoryBytes(), 0u) << game << " " << spec;
    }
}

TEST(BotMemory, AnMctsBotReportsItsPoolsWithinWhatItForetoldAndReleasesThem) {
  for (std::string game : {"jaipur", "marrakech"}) {
    auto bot = Make(game, "mcts:iterations=4000,threads=2");
    EXPECT_EQ(bot->MemoryBytes(), 0u) << game;
    for (int move = 0; move < 4; ++move) {
      const size_t foretold = bot->SearchMemoryBytes();
      std::vector<std::string> legal;
      const std::string chosen = bot->ChooseMove(Position(game, 3, 6 + move, &legal));
      EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end()) << game << ": " << chosen;
      EXPECT_GT(bot->MemoryBytes(), 0u) << game;
      EXPECT_LE(bot->MemoryBytes(), foretold) << game << ", move " << move;
    }
    bot->ReleaseMemory();
    EXPECT_EQ(bot->MemoryBytes(), 0u) << game;
    std::vector<std::string> legal;
    const std::string chosen = bot->ChooseMove(Position(game, 4, 12, &legal));
    EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end()) << game << " after releasing";
  }
}

TEST(BotMemory, ALimitBoundsWhatTheSearchesHoldAndALowerOneDropsTheTree) {
  // The server's largest budget (its time scaled down): the pools are reserved for
  // the iterations whatever the time.
  for (std::string game : {"jaipur", "marrakech"}) {
    auto bot = Make(game, "mcts:iterations=200000,time=60,threads=2");
    EXPECT_GT(bot->SearchMemoryBytes(), 8 * kMiB) << game;
    bot->SetMemoryLimit(4 * kMiB);
    for (int move = 0; move < 4; ++move) {
      std::vector<std::string> legal;
      const std::string chosen = bot->ChooseMove(Position(game, 5, 2 * move, &legal));
      EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end()) << game << ": " << chosen;
      EXPECT_GT(bot->MemoryBytes(), kMiB) << game << ": the limit leaves room to search";
      EXPECT_LE(bot->MemoryBytes(), 4 * kMiB) << game << ", move " << move;
    }
    bot->SetMemoryLimit(kMiB);
    std::vector<std::string> legal;
    bot->ChooseMove(Position(game, 5, 9, &legal));
    EXPECT_LE(bot->MemoryBytes(), kMiB) << game << ": a pool above a lowered limit goes";
  }
}

TEST(BotMemory, ATinyLimitStillPlaysLegalMoves) {
  for (std::string game : {"jaipur", "marrakech"}) {
    auto bot = Make(game, "mcts:iterations=3000,threads=2");
    bot->SetMemoryLimit(1);
    for (int move = 0; move < 6; ++move) {
      std::vector<std::string> legal;
      const std::string chosen = bot->ChooseMove(Position(game, 6, 3 * move, &legal));
      EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end()) << game << ": " << chosen;
      EXPECT_LE(bot->MemoryBytes(), 64 * 1024u) << game << ": a few KB for the root's moves";
    }
  }
}

}  // namespace
}  // namespace souk::ai
