// The Jaipur bots: legality, hidden information, determinism, analysis and a few
// positions with an obvious best move. Budgets stay small so the file runs in a
// few seconds, also under the sanitizers.
#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ai/jaipur/jaipur_bots.h"
#include "ai/jaipur/jaipur_heuristic.h"
#include "ai/jaipur/jaipur_internal.h"
#include "ai/jaipur/jaipur_mcts.h"
#include "core/jaipur/jaipur_test_util.h"

namespace souk::ai::jaipur_bots {
namespace {

using jaipur::Card;
using jaipur::CardCounts;
using jaipur::Index;
using jaipur::Move;
using jaipur::MoveKind;
using jaipur::MoveList;
using jaipur::State;
using jaipur::View;

MctsParams Iterations(int64_t n, int threads = 1) {
  MctsParams p;
  p.budget.iterations = n;
  p.budget.threads = threads;
  return p;
}

struct NamedFactory {
  std::string name;
  std::function<std::unique_ptr<Bot>(uint64_t)> make;
};

std::vector<NamedFactory> AllBots(int64_t mcts_iterations) {
  return {{"random", [](uint64_t s) { return MakeRandomBot(s); }},
          {"greedy", [](uint64_t s) { return MakeGreedyBot(s); }},
          {"mcts", [=](uint64_t s) { return MakeMctsBot(Iterations(mcts_iterations), s); }}};
}

// Positions from random games: every `stride`-th position of `games` games.
std::vector<State> RandomPositions(int games, int stride, uint64_t first_seed) {
  std::vector<State> positions;
  MoveList moves;
  for (int g = 0; g < games; ++g) {
    State s = State::NewGame(first_seed + static_cast<uint64_t>(g));
    Prng prng(first_seed * 31 + static_cast<uint64_t>(g));
    for (int ply = 0; !s.game_over; ++ply) {
      if (ply % stride == 0) positions.push_back(s);
      s.LegalMoves(&moves);
      s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
    }
  }
  return positions;
}

std::string Text(const Move& m) { return jaipur::ToString(m); }

// A valid mid-round position: the given market, hands and herds; the remaining
// cards form the deck, shuffled; token piles full. Tests then take tokens as they need.
State MakePosition(const CardCounts& market, const CardCounts& hand0, const CardCounts& hand1, int herd0, int herd1,
                   int to_move) {
  return jaipur::testing::Position({.market = market,
                                   .hands = {hand0, hand1},
                                   .herds = {herd0, herd1},
                                   .to_move = to_move,
                                   .base_seed = 11,
                                   .shuffle_deck = true});
}

// The trace of earlier sales (see testing::PastSale).
void PastSale(State& s, int player, Card good, int n, int tokens) {
  ASSERT_TRUE(jaipur::testing::PastSale(s, player, good, n, tokens))
      << "no " << jaipur::CardName(good) << " left in the deck";
}

CardCounts Counts(std::initializer_list<std::pair<Card, int>> cards) {
  CardCounts c{};
  for (auto [card, n] : cards) c[static_cast<size_t>(Index(card))] = static_cast<uint8_t>(n);
  return c;
}

// Seat 0 to move, the diamond and gold piles empty, seat 0 holding nothing else it
// can sell. The only move that wins the round's seal: "sell 2 silver" empties the third pile while seat 0
// leads (54 to 46). Anything else lets seat 1 end the round by selling its known
// leather on the last leather token, winning 47 to 44 with the camel token.
State EndgamePosition(int seals0) {
  State s = MakePosition(Counts({{Card::kCloth, 1}, {Card::kSpice, 2}, {Card::kCamel, 2}}),
                         Counts({{Card::kSilver, 2}, {Card::kDiamond, 1}, {Card::kGold, 1}}),
                         Counts({{Card::kLeather, 1}, {Card::kCloth, 2}, {Card::kSpice, 1}}), 0, 3, 0);
  PastSale(s, 0, Card::kDiamond, 5, 5);  // 29
  PastSale(s, 0, Card::kSilver, 3, 3);   // 15
  PastSale(s, 1, Card::kGold, 5, 5);     // 27
  PastSale(s, 1, Card::kLeather, 8, 8);  // 14
  s.players[1].known[static_cast<size_t>(Index(Card::kLeather))] = 1;
  s.players[0].seals = static_cast<uint8_t>(seals0);
  s.players[1].seals = 1;
  s.round = static_cast<uint32_t>(1 + seals0 + 1);
  if (s.round > 1) s.last_round = jaipur::RoundResult{};
  return s;
}

TEST(JaipurBots, EveryBotReturnsALegalMoveThroughoutRandomGames) {
  std::vector<State> positions = RandomPositions(4, 9, 100);
  ASSERT_GT(positions.size(), 30u);
  for (const auto& factory : AllBots(150)) {
    auto bot = factory.make(7);
    for (const State& s : positions) {
      Move m = bot->ChooseMove(s.ViewFor(s.to_move));
      EXPECT_TRUE(s.CheckMove(m).ok()) << factory.name << " played " << Text(m);
    }
  }
}

TEST(JaipurBots, WholeGamesBetweenBotsEndWithAWinnerAndOnlyLegalMoves) {
  for (uint64_t seed = 1; seed <= 2; ++seed) {
    auto mcts = MakeMctsBot(Iterations(60), seed);
    auto greedy = MakeGreedyBot(seed);
    State s = State::NewGame(seed);
    int moves = 0;
    while (!s.game_over && moves < 2000) {
      Bot& bot = s.to_move == 0 ? *mcts : *greedy;
      Move m = bot.ChooseMove(s.ViewFor(s.to_move));
      ASSERT_TRUE(s.CheckMove(m).ok()) << Text(m);
      s.ApplyMove(m);
      ++moves;
    }
    EXPECT_TRUE(s.game_over);
    EXPECT_EQ(s.players[static_cast<size_t>(s.winner)].seals, 2);
  }
}

TEST(JaipurHeuristic, CandidateMovesAreLegalAndNeverEmpty) {
  for (const State& s : RandomPositions(20, 3, 300)) {
    MoveList candidates;
    CandidateMoves(s, &candidates);
    ASSERT_FALSE(candidates.empty());
    for (const Move& m : candidates) EXPECT_TRUE(s.CheckMove(m).ok()) << Text(m);
  }
}

TEST(JaipurGreedy, SellsFiveDiamondsFromAFullHand) {
  State s = MakePosition(Counts({{Card::kLeather, 2}, {Card::kSpice, 1}, {Card::kCamel, 2}}),
                         Counts({{Card::kDiamond, 5}, {Card::kGold, 1}, {Card::kSilver, 1}}),
                         Counts({{Card::kCloth, 3}, {Card::kSpice, 2}}), 1, 2, 0);
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  auto bot = MakeGreedyBot(3);
  Move m = bot->ChooseMove(s.ViewFor(0));
  EXPECT_EQ(m, Move::Sell(5, Card::kDiamond)) << Text(m);
}

TEST(JaipurGreedy, NeverTakesAGoodWithSevenInHand) {
  int full = 0;
  auto bot = MakeGreedyBot(4);
  for (const State& s : RandomPositions(30, 1, 900)) {
    if (s.players[s.to_move].hand_size < jaipur::kHandLimit) continue;
    ++full;
    Move m = bot->ChooseMove(s.ViewFor(s.to_move));
    EXPECT_NE(m.kind, MoveKind::kTake);
    EXPECT_TRUE(s.CheckMove(m).ok()) << Text(m);
  }
  EXPECT_GT(full, 5);
}

TEST(JaipurMcts, EndsTheRoundWithTheSaleThatWinsTheSeal) {
  State s = EndgamePosition(0);
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  auto bot = MakeMctsBot(Iterations(1500), 9);
  Analysis<Move> a = bot->Analyse(s.ViewFor(0));
  EXPECT_EQ(a.moves[0].move, Move::Sell(2, Card::kSilver)) << Text(a.moves[0].move);
  EXPECT_DOUBLE_EQ(a.moves[0].win_rate, 1.0);
  EXPECT_DOUBLE_EQ(a.moves[0].score, 54.0 - 46.0);
  EXPECT_GT(a.moves[0].visits, 1500 / 2);
}

TEST(JaipurMcts, SearchStopsAtTheEndOfTheGame) {
  // The winning sale gives seat 0 its second seal: the search must score the game's
  // end rather than play on (ApplyMove after game over fails its assert in debug).
  State s = EndgamePosition(1);
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  auto bot = MakeMctsBot(Iterations(800), 10);
  Analysis<Move> a = bot->Analyse(s.ViewFor(0));
  EXPECT_EQ(a.moves[0].move, Move::Sell(2, Card::kSilver)) << Text(a.moves[0].move);
  EXPECT_DOUBLE_EQ(a.moves[0].win_rate, 1.0);
  State after = s;
  after.ApplyMove(a.moves[0].move);
  EXPECT_TRUE(after.game_over);
}

TEST(JaipurMcts, SameSeedSameBudgetSameViewSameMoveAndAnalysis) {
  for (const State& s : RandomPositions(2, 15, 40)) {
    View v = s.ViewFor(s.to_move);
    auto a = MakeMctsBot(Iterations(300), 21)->Analyse(v);
    auto b = MakeMctsBot(Iterations(300), 21)->Analyse(v);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (size_t i = 0; i < a.moves.size(); ++i) {
      EXPECT_EQ(a.moves[i].move, b.moves[i].move);
      EXPECT_EQ(a.moves[i].visits, b.moves[i].visits);
      EXPECT_DOUBLE_EQ(a.moves[i].win_rate, b.moves[i].win_rate);
    }
    EXPECT_EQ(MakeMctsBot(Iterations(300), 21)->ChooseMove(v), a.moves[0].move);
  }
}

TEST(JaipurMcts, TwoThreadsWithAnIterationBudgetAreDeterministic) {
  for (const State& s : RandomPositions(2, 20, 60)) {
    View v = s.ViewFor(s.to_move);
    auto a = MakeMctsBot(Iterations(600, 2), 5)->Analyse(v);
    auto b = MakeMctsBot(Iterations(600, 2), 5)->Analyse(v);
    EXPECT_EQ(a.iterations, 600);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (size_t i = 0; i < a.moves.size(); ++i) {
      EXPECT_EQ(a.moves[i].move, b.moves[i].move);
      EXPECT_EQ(a.moves[i].visits, b.moves[i].visits);
    }
  }
}

TEST(JaipurMcts, FewerIterationsThanThreadsSearchExactlyTheBudget) {
  // A thread whose share is 0 searches nothing: it used to read 0 as "no limit"
  // and never stop (with a time budget too, it ran to the deadline).
  const State s = RandomPositions(1, 20, 61).front();
  const View v = s.ViewFor(s.to_move);
  EXPECT_EQ(MakeMctsBot(Iterations(1, 2), 5)->Analyse(v).iterations, 1);
  EXPECT_EQ(MakeMctsBot(Iterations(3, 4), 5)->Analyse(v).iterations, 3);
  MctsParams timed = Iterations(1, 2);
  timed.budget.time_ms = 60000;
  EXPECT_EQ(MakeMctsBot(timed, 5)->Analyse(v).iterations, 1);
}

TEST(JaipurMcts, ATimeBudgetsNodeCeilingGrowsWithItsLongestMove) {
  // At least 512K nodes, then 700 a millisecond of the longest move (a clock allows
  // two gains), up to the 4M of an iteration budget's ceiling: a long think keeps its
  // tree growing (issue 43).
  auto bytes = [](int time_ms, bool clock, int64_t iterations = 0) {
    MctsParams p;
    p.budget.time_ms = time_ms;
    p.budget.clock = clock;
    p.budget.iterations = iterations;
    return MakeMctsBot(p, 1)->SearchMemoryBytes();
  };
  EXPECT_EQ(bytes(100, false), bytes(700, false));  // both under the floor
  EXPECT_LT(bytes(700, false), bytes(1000, false));
  EXPECT_LT(bytes(1000, false), bytes(3000, false));
  EXPECT_EQ(bytes(1500, true), bytes(3000, false));
  EXPECT_EQ(bytes(3600000, false), bytes(0, false, 1'000'000'000));
}

TEST(JaipurMcts, SuccessiveSearchesOfOneBotUseFreshRandomness) {
  // Same view twice to one bot: the second search draws other worlds, so the
  // visit counts differ (a fresh bot would repeat the first).
  State s = State::NewGame(3);
  View v = s.ViewFor(s.to_move);
  auto bot = MakeMctsBot(Iterations(400), 1);
  auto first = bot->Analyse(v);
  auto second = bot->Analyse(v);
  bool differ = false;
  for (const auto& m : first.moves)
    for (const auto& n : second.moves)
      if (m.move == n.move && m.visits != n.visits) differ = true;
  EXPECT_TRUE(differ);
}

TEST(JaipurMcts, ANodeAddsItsUntriedMovesBestFirstByTheGreedyScore) {
  // Seat 0's only root move is an exchange (no refill) and seat 1's hand is all known,
  // so every world reaches the same position below it: the replies must be added in
  // the greedy score's order, one an iteration after the root's own.
  State s = EndgamePosition(0);
  s.players[1].known = s.players[1].hand;
  ASSERT_TRUE(s.Validate().ok()) << s.Validate().message();
  const Move exchange = Move::Exchange(Counts({{Card::kSpice, 2}}), Counts({{Card::kDiamond, 1}, {Card::kGold, 1}}));
  ASSERT_TRUE(s.CheckMove(exchange).ok());
  State after = s;
  after.ApplyMove(exchange);
  MoveList replies;
  CandidateMoves(after, &replies);
  const MoveScorer scorer(after);
  std::vector<int> order(static_cast<size_t>(replies.size()));
  for (int i = 0; i < replies.size(); ++i) order[static_cast<size_t>(i)] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return scorer.Score(replies[a]) > scorer.Score(replies[b]); });
  ASSERT_GE(replies.size(), 3);

  MoveList root;
  root.push_back(exchange);
  const MctsConfig config;  // SetRoot keeps a pointer to it
  MctsSearcher tree(1 << 16);
  tree.SetRoot(s, root, config, 5, 1 + replies.size());
  for (int i = 0; i < 1 + replies.size(); ++i) tree.Iterate();
  const std::vector<Move> added = tree.ChildMovesOfRootChild(0);
  ASSERT_EQ(added.size(), static_cast<size_t>(replies.size()));
  for (size_t i = 0; i < added.size(); ++i)
    EXPECT_EQ(added[i], replies[order[i]]) << i << ": " << Text(added[i]) << " vs " << Text(replies[order[i]]);
}

TEST(JaipurBots, ChoiceDependsOnlyOnWhatTheSeatCanSee) {
  std::vector<State> positions = RandomPositions(3, 7, 700);
  for (const auto& factory : AllBots(200)) {
    int index = 0;
    for (const State& s : positions) {
      int observer = s.to_move;
      State other = s;
      Prng prng(static_cast<uint64_t>(++index));
      other.RandomizeHidden(observer, prng);
      ASSERT_EQ(other.ViewFor(observer), s.ViewFor(observer));
      Move a = factory.make(42)->ChooseMove(s.ViewFor(observer));
      Move b = factory.make(42)->ChooseMove(other.ViewFor(observer));
      EXPECT_EQ(a, b) << factory.name << ": " << Text(a) << " vs " << Text(b);
    }
  }
}

TEST(JaipurBots, AnalyseListsEveryLegalMoveOnceBestFirst) {
  for (const State& s : RandomPositions(2, 12, 80)) {
    MoveList legal;
    s.LegalMoves(&legal);
    std::set<std::string> expected;
    for (const Move& m : legal) expected.insert(Text(m));
    for (const auto& factory : AllBots(250)) {
      Analysis<Move> a = factory.make(8)->Analyse(s.ViewFor(s.to_move));
      std::set<std::string> seen;
      for (const auto& r : a.moves) EXPECT_TRUE(seen.insert(Text(r.move)).second) << factory.name << " repeats " << Text(r.move);
      EXPECT_EQ(seen, expected) << factory.name;
      EXPECT_EQ(a.moves.size(), expected.size()) << factory.name;
      if (factory.name == "mcts") {
        int64_t visits = 0;
        for (size_t i = 0; i < a.moves.size(); ++i) {
          visits += a.moves[i].visits;
          if (i > 0) {
            EXPECT_LE(a.moves[i].visits, a.moves[i - 1].visits);
          }
        }
        EXPECT_EQ(visits, 250);
        EXPECT_EQ(a.iterations, 250);
      }
      if (factory.name == "greedy") {
        for (size_t i = 1; i < a.moves.size(); ++i) EXPECT_LE(a.moves[i].score, a.moves[i - 1].score);
      }
    }
  }
}

}  // namespace
}  // namespace souk::ai::jaipur_bots
