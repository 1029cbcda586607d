// Kuhn poker's rules, one test per rule of kuhn.h, and its registration.
#include "kuhn/kuhn.h"

#include <gtest/gtest.h>

#include <set>

#include "ai/bot.h"
#include "format/game.h"
#include "kuhn/kuhn_game.h"

namespace souk::kuhn {
namespace {

State Dealt(Card a, Card b, Card aside) {
  State s;
  s.cards = {a, b};
  s.set_aside = aside;
  return s;
}

State Played(State s, std::initializer_list<Action> actions) {
  for (Action a : actions) {
    EXPECT_TRUE(s.Check(a).ok()) << ActionName(a);
    s.Apply(a);
  }
  return s;
}

TEST(KuhnRules, ThreeDistinctCardsAreDealt) {  // rules 1, 3
  for (uint64_t seed = 0; seed < 50; ++seed) {
    State s = State::Deal(seed);
    std::set<Card> cards = {s.cards[0], s.cards[1], s.set_aside};
    EXPECT_EQ(cards.size(), 3u);
    EXPECT_TRUE(s.Validate().ok());
  }
}

TEST(KuhnRules, EachAntesOneChip) {  // rule 2
  EXPECT_EQ(State::Deal(1).stakes(), (std::array<int, 2>{1, 1}));
}

TEST(KuhnRules, SeatZeroPassesOrBetsFirst) {  // rule 4
  State s = State::Deal(1);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.LegalActions(), (std::vector<Action>{Action::kPass, Action::kBet}));
  EXPECT_EQ(s.Check(Action::kCall).error_code(), ErrorCode::kIllegalMove);
}

TEST(KuhnRules, AfterAPassSeatOnePassesOrBets) {  // rule 5
  State s = Played(State::Deal(1), {Action::kPass});
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.LegalActions(), (std::vector<Action>{Action::kPass, Action::kBet}));
}

TEST(KuhnRules, AfterPassBetSeatZeroFoldsOrCalls) {  // rule 6
  State s = Played(State::Deal(1), {Action::kPass, Action::kBet});
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.LegalActions(), (std::vector<Action>{Action::kCall, Action::kFold}));
}

TEST(KuhnRules, AfterABetSeatOneFoldsOrCalls) {  // rule 7
  State s = Played(State::Deal(1), {Action::kBet});
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.LegalActions(), (std::vector<Action>{Action::kCall, Action::kFold}));
}

TEST(KuhnRules, AFoldGivesThePotWithoutAShowdown) {  // rule 8
  State s = Played(Dealt(Card::kKing, Card::kJack, Card::kQueen), {Action::kBet, Action::kFold});
  EXPECT_TRUE(s.over());
  EXPECT_FALSE(s.showdown());
  EXPECT_EQ(s.winner(), 0);
  State t = Played(Dealt(Card::kKing, Card::kJack, Card::kQueen), {Action::kPass, Action::kBet, Action::kFold});
  EXPECT_EQ(t.winner(), 1);  // the King folded: cards decide nothing
}

TEST(KuhnRules, TheHigherCardWinsTheShowdown) {  // rule 9
  State s = Played(Dealt(Card::kJack, Card::kQueen, Card::kKing), {Action::kPass, Action::kPass});
  EXPECT_TRUE(s.showdown());
  EXPECT_EQ(s.winner(), 1);
  State t = Played(Dealt(Card::kKing, Card::kQueen, Card::kJack), {Action::kBet, Action::kCall});
  EXPECT_EQ(t.winner(), 0);
}

TEST(KuhnRules, TheWinnerScoresWhatTheLoserPutIn) {  // rule 10
  EXPECT_EQ(Played(Dealt(Card::kJack, Card::kQueen, Card::kKing), {Action::kPass, Action::kPass}).scores(),
            (std::array<int, 2>{-1, 1}));
  EXPECT_EQ(Played(Dealt(Card::kKing, Card::kQueen, Card::kJack), {Action::kBet, Action::kCall}).scores(),
            (std::array<int, 2>{2, -2}));
  EXPECT_EQ(Played(Dealt(Card::kKing, Card::kQueen, Card::kJack), {Action::kBet, Action::kFold}).scores(),
            (std::array<int, 2>{1, -1}));
}

TEST(KuhnRules, AGameIsOneHand) {  // rule 11
  State s = Played(State::Deal(3), {Action::kBet, Action::kCall});
  EXPECT_TRUE(s.LegalActions().empty());
  EXPECT_EQ(s.Check(Action::kPass).error_code(), ErrorCode::kGameOver);
}

TEST(KuhnRules, TheSeedFixesTheDeal) {  // rule 12
  std::set<std::array<Card, 2>> deals;
  for (uint64_t seed = 0; seed < 60; ++seed) {
    EXPECT_EQ(State::Deal(seed).cards, State::Deal(seed).cards);
    deals.insert(State::Deal(seed).cards);
  }
  EXPECT_EQ(deals.size(), 6u);  // every deal comes up
}

TEST(KuhnRules, AWordThatIsNoMoveNamesTheMoves) {
  auto parsed = ParseAction("raise");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().error_code(), ErrorCode::kBadMove);
  EXPECT_NE(parsed.message().find("pass, bet, call, fold"), std::string::npos);
}

TEST(KuhnRegistry, OneLineMakesItAGameOfEveryLayer) {
  EXPECT_EQ(FindGameType("kuhn"), &kKuhnType);
  auto game = NewGame({"kuhn", 7, 0, ""});
  ASSERT_TRUE(game.ok()) << game.message();
  auto random = ai::MakeBot("kuhn", "random", 1);
  ASSERT_TRUE(random.ok()) << random.message();
  EXPECT_FALSE((*random)->ChooseMove((*game)->PlayerView(0)).empty());
  auto mcts = ai::MakeBot("kuhn", "medium", 1);
  ASSERT_FALSE(mcts.ok());
  EXPECT_NE(mcts.message().find("kuhn has no"), std::string::npos) << mcts.message();
}

TEST(KuhnRegistry, AViewReadBackIsTheSameView) {
  auto game = NewGame({"kuhn", 11, 0, ""});
  ASSERT_TRUE(game.ok());
  ASSERT_TRUE((*game)->Apply("pass").ok());
  for (int seat = 0; seat < 2; ++seat) {
    auto view = LoadView((*game)->ViewJson(seat));
    ASSERT_TRUE(view.ok()) << view.message();
    EXPECT_EQ(*view, (*game)->PlayerView(seat));
  }
  Json other = (*game)->ViewJson(0);
  other["players"][0]["card"] = nullptr;
  auto refused = LoadView(other);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(), "view: players[0].card: the viewer's own card must be shown");
}

}  // namespace
}  // namespace souk::kuhn
