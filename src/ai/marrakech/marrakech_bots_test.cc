// The Marrakech bots: legal moves everywhere, the obvious choices, determinism, and
// that a bot's move depends on its view only. Budgets are small so that the
// sanitizer build stays quick.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ai/marrakech/marrakech_bots.h"
#include "ai/marrakech/marrakech_internal.h"
#include "ai/marrakech/marrakech_mcts.h"
#include "core/marrakech/marrakech_test_util.h"

namespace souk::ai::marrakech_bots {
namespace {

using marrakech::Facing;
using marrakech::Move;
using marrakech::Phase;
using marrakech::State;
using marrakech::Turn;
using marrakech::Variant;
using marrakech::testing::kModes;
using marrakech::testing::Lay;
using marrakech::testing::Mode;

std::unique_ptr<Bot> Mcts(int64_t iterations, uint64_t seed, int threads = 1) {
  MctsParams params;
  params.budget.iterations = iterations;
  params.budget.threads = threads;
  return MakeMctsBot(params, seed);
}

int Sq(std::string_view name) { return marrakech::ParseSquare(name).value(); }

// Two players, one colour each, seat 0 to orient on d4 facing north. North of
// Assam a group of six squares of seat 1's colour (every roll straight ahead lands
// on it); east, seat 0's own carpets; west, a pair of seat 1's (two rolls of four
// land on it).
State NorthIsExpensive(int my_dirhams) {
  State s = State::NewGame(2, Variant::kSingleColour, 1);
  Lay(&s, "d3", "d2", 1);
  Lay(&s, "e4", "f4", 0);
  Lay(&s, "d1", "c1", 1);
  Lay(&s, "g4", "g5", 0);
  Lay(&s, "c2", "c3", 1);
  Lay(&s, "b4", "a4", 1);
  Lay(&s, "f6", "f7", 0);
  Lay(&s, "a6", "a7", 0);
  s.players[0].dirhams = static_cast<uint8_t>(my_dirhams);
  s.players[1].dirhams = static_cast<uint8_t>(60 - my_dirhams);
  return s;
}

// Plays a legal move chosen by `bot` for the mover, or the die from the game's PRNG.
void Step(State* s, std::vector<std::unique_ptr<Bot>>& bots) {
  if (s->phase == Phase::kRoll) {
    s->ApplyMove(Move::Roll(s->SampleRoll()));
    return;
  }
  Move m = bots[s->to_move]->ChooseMove(s->ViewFor(s->to_move));
  ASSERT_TRUE(s->CheckMove(m).ok()) << s->CheckMove(m).message();
  s->ApplyMove(m);
}

// A mid-game position of the mode, reached by random play.
State MidGame(int players, Variant variant, uint64_t seed, int moves) {
  State s = State::NewGame(players, variant, seed);
  Prng prng(seed + 1);
  marrakech::MoveList legal;
  for (int i = 0; i < moves && !s.game_over(); ++i) {
    s.LegalMoves(&legal);
    s.ApplyMove(s.phase == Phase::kRoll ? Move::Roll(marrakech::DrawRoll(prng))
                                        : legal[static_cast<int>(prng.Below(static_cast<uint32_t>(legal.size())))]);
  }
  // Stop where a bot decides.
  while (s.phase == Phase::kRoll) s.ApplyMove(Move::Roll(marrakech::DrawRoll(prng)));
  return s;
}

TEST(MarrakechBots, EveryBotPlaysOnlyLegalMovesInEveryMode) {
  for (const Mode& mode : kModes) {
    for (uint64_t game = 0; game < 2; ++game) {
      State s = State::NewGame(mode.players, mode.variant, 40 + game);
      std::vector<std::unique_ptr<Bot>> bots;
      for (int p = 0; p < mode.players; ++p) {
        int kind = (p + static_cast<int>(game)) % 3;
        bots.push_back(kind == 0 ? MakeRandomBot(p + 1) : kind == 1 ? MakeGreedyBot(p + 1) : Mcts(60, p + 1));
      }
      int moves = 0;
      while (!s.game_over()) {
        ASSERT_NO_FATAL_FAILURE(Step(&s, bots)) << mode.name;
        ASSERT_LT(++moves, 400);
      }
      EXPECT_TRUE(s.Validate().ok()) << mode.name;
      EXPECT_NE(s.winners, 0) << mode.name;
    }
  }
}

TEST(MarrakechBots, ThreeAndFourPlayerGamesCompleteWithMctsInEverySeat) {
  for (int players : {3, 4}) {
    State s = State::NewGame(players, Variant::kStandard, 7);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < players; ++p) bots.push_back(Mcts(80, 10 + p, p % 2 + 1));
    int moves = 0;
    while (!s.game_over()) {
      ASSERT_NO_FATAL_FAILURE(Step(&s, bots));
      ASSERT_LT(++moves, 400);
    }
    EXPECT_TRUE(s.Validate().ok());
    EXPECT_NE(s.winners, 0);
  }
}

TEST(MarrakechGreedy, OrientsAwayFromABigOpponentGroupTowardItsOwn) {
  State s = NorthIsExpensive(30);
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  // Straight ahead costs six a roll, left two on half the rolls, right nothing.
  EXPECT_EQ(ExpectedTribute(s, 0, Turn::kStraight, 0), -6.0);
  EXPECT_NEAR(ExpectedTribute(s, 0, Turn::kLeft, 0), -4.0 / 3, 1e-12);
  EXPECT_EQ(ExpectedTribute(s, 0, Turn::kRight, 0), 0.0);
  EXPECT_EQ(MakeGreedyBot(1)->ChooseMove(s.ViewFor(0)), Move::Orient(Turn::kRight));
  // Facing south, the pair of seat 1's lies to the right: never that way.
  State turned = s;
  turned.assam.facing = Facing::kSouth;
  EXPECT_NE(MakeGreedyBot(1)->ChooseMove(turned.ViewFor(0)), Move::Orient(Turn::kRight));
}

TEST(MarrakechGreedy, PlacementCoversOpponentSquaresBeforeEmptyOnes) {
  // Seat 0 places next to Assam on d4: covering both halves of two of seat 1's
  // carpets (c3-c2 and d3-d2 halves) is worth more than two empty squares.
  State s = State::NewGame(2, Variant::kSingleColour, 1);
  Lay(&s, "c3", "c2", 1);
  Lay(&s, "a7", "b7", 0);
  Lay(&s, "d3", "d2", 1);
  s.phase = Phase::kPlace;
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  Move m = MakeGreedyBot(1)->ChooseMove(s.ViewFor(0));
  EXPECT_EQ(m, Move::Place(Sq("c3"), Sq("d3")));
}

TEST(MarrakechMcts, AvoidsAnOrientationThatPutsItOut) {
  // With 5 dirhams, every roll straight ahead costs six: out of the game.
  State s = NorthIsExpensive(5);
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  for (uint64_t seed : {1, 2, 3}) {
    Analysis<Move> a = Mcts(600, seed)->Analyse(s.ViewFor(0));
    ASSERT_EQ(a.moves.size(), 3u);
    EXPECT_NE(a.moves.front().move, Move::Orient(Turn::kStraight)) << "seed " << seed;
    for (const auto& r : a.moves)
      if (r.move == Move::Orient(Turn::kStraight)) {
        EXPECT_EQ(r.win_rate, 0.0);  // out is a loss, whatever the roll
        EXPECT_LT(r.score, -20);
      }
  }
}

TEST(MarrakechMcts, FindsTheWinningLastPlacement) {
  // The last carpet of a game decides it: where some placements win and others do
  // not, the search takes a winning one.
  int positions = 0;
  for (uint64_t seed = 1; seed < 400 && positions < 6; ++seed) {
    const Mode& mode = kModes[seed % 4];
    State s = State::NewGame(mode.players, mode.variant, seed);
    Prng prng(seed);
    marrakech::MoveList legal;
    while (!s.game_over()) {
      s.LegalMoves(&legal);
      if (s.phase == Phase::kPlace) {
        int winning = 0;
        for (const Move& m : legal) {
          State t = s;
          t.ApplyMove(m);
          winning += t.game_over() && t.winners == (1u << s.to_move);
        }
        if (winning > 0 && winning < legal.size() && s.players[s.to_move].pile_size == 1) {
          State after = s;
          after.ApplyMove(legal[0]);
          if (after.game_over()) {
            ++positions;
            Move m = Mcts(400, seed)->ChooseMove(s.ViewFor(s.to_move));
            State t = s;
            t.ApplyMove(m);
            EXPECT_EQ(t.winners, 1u << s.to_move) << mode.name << " seed " << seed << ": " << marrakech::ToString(m);
            break;
          }
        }
      }
      s.ApplyMove(s.phase == Phase::kRoll ? Move::Roll(marrakech::DrawRoll(prng))
                                          : legal[static_cast<int>(prng.Below(static_cast<uint32_t>(legal.size())))]);
    }
  }
  EXPECT_GE(positions, 3);
}

TEST(MarrakechMcts, SameSeedBudgetAndViewGiveTheSameMove) {
  for (const Mode& mode : kModes) {
    for (int threads : {1, 2}) {
      State s = MidGame(mode.players, mode.variant, 11, 40);
      marrakech::View v = s.ViewFor(s.to_move);
      Analysis<Move> a = Mcts(300, 99, threads)->Analyse(v);
      Analysis<Move> b = Mcts(300, 99, threads)->Analyse(v);
      ASSERT_EQ(a.moves.size(), b.moves.size());
      for (size_t i = 0; i < a.moves.size(); ++i) {
        EXPECT_EQ(a.moves[i].move, b.moves[i].move) << mode.name;
        EXPECT_EQ(a.moves[i].visits, b.moves[i].visits) << mode.name;
        EXPECT_EQ(a.moves[i].win_rate, b.moves[i].win_rate) << mode.name;
      }
      EXPECT_EQ(a.iterations, 300);
      EXPECT_EQ(Mcts(300, 99, threads)->ChooseMove(v), a.moves.front().move) << mode.name;
    }
  }
}

TEST(MarrakechMcts, SameSeedAndViewsGiveTheSameGameWhateverTheTreeKept) {
  // Two fresh bots fed the same views play the same moves, with the kept tree too.
  for (int threads : {1, 2}) {
    std::vector<Move> played[2];
    for (int run = 0; run < 2; ++run) {
      State s = State::NewGame(2, Variant::kStandard, 21);
      std::vector<std::unique_ptr<Bot>> bots;
      bots.push_back(Mcts(120, 5, threads));
      bots.push_back(MakeGreedyBot(0));
      while (!s.game_over()) {
        if (s.phase != Phase::kRoll && s.to_move == 0) {
          Move m = bots[0]->ChooseMove(s.ViewFor(0));
          played[run].push_back(m);
          s.ApplyMove(m);
        } else {
          ASSERT_NO_FATAL_FAILURE(Step(&s, bots));
        }
      }
    }
    EXPECT_EQ(played[0], played[1]) << threads << " threads";
    EXPECT_GT(played[0].size(), 20u);
  }
}

TEST(MarrakechMcts, HiddenPileOrderDoesNotChangeTheMove) {
  // Two-player standard game: the piles' order is hidden from everyone. Two states
  // that differ only there give equal views, hence the same move and analysis.
  for (int moves : {0, 30, 61}) {
    State s = MidGame(2, Variant::kStandard, 3, moves);
    State other = s;
    Prng prng(77);
    other.RandomizeHidden(s.to_move, prng);
    ASSERT_NE(other.players, s.players);
    ASSERT_EQ(other.ViewFor(s.to_move), s.ViewFor(s.to_move));
    Analysis<Move> a = Mcts(300, 8)->Analyse(s.ViewFor(s.to_move));
    Analysis<Move> b = Mcts(300, 8)->Analyse(other.ViewFor(s.to_move));
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (size_t i = 0; i < a.moves.size(); ++i) {
      EXPECT_EQ(a.moves[i].move, b.moves[i].move);
      EXPECT_EQ(a.moves[i].visits, b.moves[i].visits);
    }
  }
}

TEST(MarrakechBots, AnalyseListsEveryLegalMoveOnceBestFirst) {
  for (const Mode& mode : kModes) {
    for (int moves : {0, 25, 50}) {
      State s = MidGame(mode.players, mode.variant, 5, moves);
      if (s.game_over()) continue;
      marrakech::MoveList legal;
      s.LegalMoves(&legal);
      std::vector<std::unique_ptr<Bot>> bots;
      bots.push_back(MakeRandomBot(1));
      bots.push_back(MakeGreedyBot(1));
      bots.push_back(Mcts(200, 1));
      for (size_t k = 0; k < bots.size(); ++k) {
        Analysis<Move> a = bots[k]->Analyse(s.ViewFor(s.to_move));
        ASSERT_EQ(static_cast<int>(a.moves.size()), legal.size()) << mode.name << " bot " << k;
        std::set<std::string> seen;
        for (const auto& r : a.moves) {
          EXPECT_TRUE(s.CheckMove(r.move).ok()) << mode.name;
          seen.insert(marrakech::ToString(r.move));
        }
        EXPECT_EQ(static_cast<int>(seen.size()), legal.size()) << mode.name << " bot " << k;
        for (size_t i = 1; i < a.moves.size(); ++i) {
          EXPECT_GE(a.moves[i - 1].visits, a.moves[i].visits);
          if (k == 1) {
            EXPECT_GE(a.moves[i - 1].score, a.moves[i].score);
          }
        }
      }
      // A fresh search spends its whole budget below the root.
      Analysis<Move> a = Mcts(200, 3)->Analyse(s.ViewFor(s.to_move));
      int64_t visits = 0;
      for (const auto& r : a.moves) {
        visits += r.visits;
        EXPECT_GE(r.win_rate, 0.0);
        EXPECT_LE(r.win_rate, 1.0);
      }
      EXPECT_EQ(visits, 200) << mode.name;
    }
  }
}

// A search clock that moves 1 ms each time it is read, so that a time budget ends a
// search after the same iterations on any machine, however loaded.
std::atomic<int64_t> clock_reads{0};
SearchClock::time_point TickingClock() {
  return SearchClock::time_point(std::chrono::milliseconds(clock_reads.fetch_add(1) + 1));
}
struct TickingSearchClock {
  TickingSearchClock() {
    clock_reads = 0;
    SearchClock::SetSourceForTesting(&TickingClock);
  }
  ~TickingSearchClock() { SearchClock::SetSourceForTesting(nullptr); }
};

TEST(MarrakechMcts, TimeBudgetEndsTheSearch) {
  TickingSearchClock clock;
  MctsParams params;
  params.budget.time_ms = 30;
  auto bot = MakeMctsBot(params, 1);
  State s = State::NewGame(4, Variant::kStandard, 1);
  Analysis<Move> a = bot->Analyse(s.ViewFor(0));
  // The clock is read before every 64th iteration: the search runs until the first
  // read 30 ms past its start, about 30 reads, and stops there.
  EXPECT_EQ(a.iterations % 64, 0) << a.iterations;
  EXPECT_GE(a.iterations, 64 * 25) << "it searched until its deadline";
  EXPECT_LE(a.iterations, 64 * 30) << "and no further";
  EXPECT_LT(a.seconds, 0.035) << "on the clock it read";
}

TEST(MarrakechMcts, FewerIterationsThanThreadsSearchExactlyTheBudget) {
  State s = MidGame(2, Variant::kStandard, 9, 21);
  const marrakech::View v = s.ViewFor(s.to_move);
  EXPECT_EQ(Mcts(1, 5, 2)->Analyse(v).iterations, 1);
  MctsParams timed;
  timed.budget.iterations = 1;
  timed.budget.threads = 2;
  timed.budget.time_ms = 60000;
  EXPECT_EQ(MakeMctsBot(timed, 5)->Analyse(v).iterations, 1);
}

TEST(MarrakechMcts, KeepsTheTreeForTheNextDecision) {
  State s = MidGame(2, Variant::kStandard, 9, 21);
  ASSERT_EQ(s.phase, Phase::kOrient);
  MctsSearcher searcher{MctsConfig{}};
  searcher.SetRoot(s.ViewFor(s.to_move), 800, 1);
  EXPECT_FALSE(searcher.reused());
  RunIterations(searcher, 800);
  // The position after our orientation and the roll is a grandchild of the root.
  s.ApplyMove(Move::Orient(Turn::kLeft));
  s.ApplyMove(Move::Roll(2));
  ASSERT_EQ(s.phase, Phase::kPlace);
  searcher.SetRoot(s.ViewFor(s.to_move), 800, 2);
  EXPECT_TRUE(searcher.reused());
  EXPECT_GT(searcher.root_visits(), 10);
  // An unrelated position starts afresh.
  searcher.SetRoot(MidGame(2, Variant::kStandard, 10, 50).ViewFor(0), 800, 3);
  EXPECT_FALSE(searcher.reused());
  EXPECT_EQ(searcher.root_visits(), 0);
}

TEST(MarrakechBots, PublicHashIsTheSameForEverySeatAndSampledWorld) {
  State s = MidGame(3, Variant::kStandard, 4, 33);
  Prng prng(1);
  uint64_t h = PublicHash(s);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(PublicHash(s.ViewFor(p)), h);
    EXPECT_EQ(PublicHash(State::FromView(s.ViewFor(p), prng)), h);
  }
  State moved = s;
  marrakech::MoveList legal;
  moved.LegalMoves(&legal);
  moved.ApplyMove(legal[0]);
  EXPECT_NE(PublicHash(moved), h);
}

}  // namespace
}  // namespace souk::ai::marrakech_bots
