// One test per rule of Jaipur and per decision of docs/rules/jaipur.md.
#include "core/jaipur/jaipur.h"
#include "core/jaipur/jaipur_exchanges.h"

#include <algorithm>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "core/jaipur/jaipur_test_util.h"
#include "core/text.h"

namespace souk::jaipur {
namespace {

using testing::Cards;
using testing::M;
using testing::Total;

// A valid mid-round position: the given market, hands and herds; every other card
// in the deck (canonical order, so diamonds are drawn first); seat 0 to move.
State Position(std::string_view market, std::string_view hand0, int herd0, std::string_view hand1 = "",
               int herd1 = 0) {
  State s = testing::Position({.market = Cards(market), .hands = {Cards(hand0), Cards(hand1)}, .herds = {herd0, herd1}});
  EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
  return s;
}

bool IsLegal(const State& s, std::string_view text) {
  Move move = M(text);
  MoveList moves;
  s.LegalMoves(&moves);
  bool listed = std::find(moves.begin(), moves.end(), move) != moves.end();
  EXPECT_EQ(listed, s.CheckMove(move).ok()) << "LegalMoves and CheckMove disagree on " << text;
  return listed;
}

std::string WhyIllegal(const State& s, std::string_view text) { return s.CheckMove(M(text)).message(); }

// --- Set-up -----------------------------------------------------------------

TEST(JaipurErrors, ARefusedMoveIsAnIllegalMoveAndUnreadableTextAnInvalidArgument) {
  State s = Position("gold spice camel camel camel", "cloth", 0);
  EXPECT_EQ(s.CheckMove(M("sell 1 diamond")).code(), StatusCode::kIllegalMove);
  EXPECT_EQ(ParseMove("sell many gold").code(), StatusCode::kInvalidArgument);
}

TEST(JaipurSetup, MarketHasThreeCamelsAndTwoCardsFromTheDeck) {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    State s = State::NewGame(seed);
    EXPECT_EQ(s.MarketSize(), 5);
    EXPECT_GE(s.market[Index(Card::kCamel)], 3);
  }
}

TEST(JaipurSetup, EachPlayerIsDealtFiveCardsAndCamelsGoToTheHerd) {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    State s = State::NewGame(seed);
    for (const auto& p : s.players) {
      EXPECT_EQ(p.hand_size + p.herd, 5);
      EXPECT_EQ(p.hand[Index(Card::kCamel)], 0);
    }
  }
}

TEST(JaipurSetup, DeckHoldsTheFortyRemainingCards) { EXPECT_EQ(State::NewGame(3).deck_size, 40); }

TEST(JaipurSetup, TokenPilesAreFullAndTakenHighestFirst) {
  State s = State::NewGame(4);
  for (int g = 0; g < kNumGoods; ++g) {
    EXPECT_EQ(s.tokens_left[g], kTokensPerGood[g]);
    EXPECT_EQ(s.NextGoodsToken(GoodAt(g)), kGoodsTokenValues[g][0]);
  }
  EXPECT_EQ(s.NextGoodsToken(Card::kDiamond), 7);
  EXPECT_EQ(s.NextGoodsToken(Card::kLeather), 4);
}

TEST(JaipurSetup, BonusPilesAreShuffledPerPile) {
  std::set<int> first_of_three_pile;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    State s = State::NewGame(seed);
    EXPECT_EQ(s.bonus_left, (std::array<uint8_t, 3>{7, 6, 5}));
    first_of_three_pile.insert(s.NextBonusToken(0));
    EXPECT_EQ(BonusPileOfValue(s.NextBonusToken(1)), 1);
    EXPECT_EQ(BonusPileOfValue(s.NextBonusToken(2)), 2);
  }
  EXPECT_EQ(first_of_three_pile, (std::set<int>{1, 2, 3}));
}

TEST(JaipurDecision, FirstPlayerIsDrawnWithTheSeed) {
  std::set<int> starters;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    State s = State::NewGame(seed);
    EXPECT_EQ(s.to_move, s.round_starter);
    starters.insert(s.round_starter);
  }
  EXPECT_EQ(starters.size(), 2u);
}

TEST(JaipurDeterminism, SameSeedSameGameDifferentSeedDifferentDeal) {
  EXPECT_EQ(State::NewGame(77), State::NewGame(77));
  EXPECT_NE(State::NewGame(77).deck, State::NewGame(78).deck);
}

// --- Take one good ----------------------------------------------------------

TEST(JaipurTakeOne, MovesTheGoodToTheHandAndRefillsFromTheDeckTop) {
  State s = Position("gold spice camel camel camel", "cloth", 0);
  ASSERT_TRUE(IsLegal(s, "take gold"));
  Card top = s.DeckCardFromTop(0);
  s.ApplyMove(M("take gold"));
  EXPECT_EQ(s.players[0].hand, Cards("gold cloth"));
  EXPECT_EQ(s.MarketSize(), 5);
  EXPECT_EQ(s.market[Index(top)], top == Card::kSpice ? 2 : 1);
  EXPECT_EQ(s.deck_size, 55 - 5 - 1 - 1);
  EXPECT_EQ(s.to_move, 1);
}

TEST(JaipurTakeOne, IsIllegalWithSevenGoodsInHand) {
  State s = Position("gold spice camel camel camel", "cloth cloth cloth spice spice leather leather", 0);
  EXPECT_FALSE(IsLegal(s, "take gold"));
  EXPECT_NE(WhyIllegal(s, "take gold").find("hand limit"), std::string::npos);
}

TEST(JaipurTakeOne, CamelsInTheHerdDoNotCountTowardTheHandLimit) {
  State s = Position("gold spice camel camel camel", "cloth cloth cloth spice spice leather", 5);
  EXPECT_TRUE(IsLegal(s, "take gold"));
}

TEST(JaipurTakeOne, NeedsThatGoodInTheMarket) {
  State s = Position("gold spice camel camel camel", "", 0);
  EXPECT_FALSE(IsLegal(s, "take diamond"));
  EXPECT_EQ(WhyIllegal(s, "take diamond"), "illegal move 'take diamond': the market has no diamond");
}

TEST(JaipurTakeOne, LegalMovesListEachGoodTypeOnce) {
  State s = Position("gold gold gold spice camel", "", 0);
  MoveList moves;
  s.LegalMoves(&moves);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), Move::Take(Card::kGold)), 1);
}

// --- Take the camels --------------------------------------------------------

TEST(JaipurTakeCamels, TakesAllCamelsIntoTheHerdAndRefills) {
  State s = Position("gold camel camel camel camel", "", 1);
  s.ApplyMove(M("camels"));
  EXPECT_EQ(s.players[0].herd, 5);
  EXPECT_EQ(s.market[Index(Card::kGold)] + s.market[Index(Card::kDiamond)], 5);  // deck top: diamonds
  EXPECT_EQ(s.MarketSize(), 5);
}

TEST(JaipurTakeCamels, NeedsACamelInTheMarket) {
  State s = Position("gold gold silver spice cloth", "", 0);
  EXPECT_FALSE(IsLegal(s, "camels"));
  EXPECT_EQ(WhyIllegal(s, "camels"), "illegal move 'camels': the market has no camel");
}

TEST(JaipurTakeCamels, IsLegalWithSevenGoodsInHand) {
  State s = Position("gold camel camel camel camel", "cloth cloth cloth spice spice leather leather", 0);
  EXPECT_TRUE(IsLegal(s, "camels"));
}

// --- Exchange ---------------------------------------------------------------

TEST(JaipurExchange, SwapsTheCardsAndDrawsNothing) {
  State s = Position("gold silver spice camel camel", "cloth leather", 1);
  int deck = s.deck_size;
  s.ApplyMove(M("exchange gold silver for cloth camel"));
  EXPECT_EQ(s.players[0].hand, Cards("gold silver leather"));
  EXPECT_EQ(s.players[0].herd, 0);
  EXPECT_EQ(s.market, Cards("cloth spice camel camel camel"));
  EXPECT_EQ(s.deck_size, deck);
}

TEST(JaipurExchange, IsAtLeastTwoCardsForTwo) {
  State s = Position("gold silver spice camel camel", "cloth leather", 1);
  EXPECT_FALSE(IsLegal(s, "exchange gold for cloth"));
  EXPECT_NE(WhyIllegal(s, "exchange gold for cloth").find("at least 2"), std::string::npos);
}

TEST(JaipurExchange, GivesBackAsManyCardsAsItTakes) {
  State s = Position("gold silver spice camel camel", "cloth leather leather", 1);
  EXPECT_FALSE(IsLegal(s, "exchange gold silver for cloth leather leather"));
}

TEST(JaipurExchange, NeverTakesCamelsFromTheMarket) {
  State s = Position("gold silver spice camel camel", "cloth leather", 1);
  EXPECT_FALSE(IsLegal(s, "exchange gold camel for cloth leather"));
  EXPECT_NE(WhyIllegal(s, "exchange gold camel for cloth leather").find("never takes camels"), std::string::npos);
}

TEST(JaipurExchange, CannotGiveAndTakeTheSameGood) {
  State s = Position("gold silver spice camel camel", "spice leather", 0);
  EXPECT_FALSE(IsLegal(s, "exchange gold spice for spice leather"));
  EXPECT_NE(WhyIllegal(s, "exchange gold spice for spice leather").find("both taken and given"), std::string::npos);
}

TEST(JaipurExchange, MayGiveCamelsFromTheHerdGoodsOrBoth) {
  State s = Position("gold silver spice camel camel", "cloth leather", 2);
  EXPECT_TRUE(IsLegal(s, "exchange gold silver for camel camel"));
  EXPECT_TRUE(IsLegal(s, "exchange gold silver for cloth leather"));
  EXPECT_TRUE(IsLegal(s, "exchange gold silver for cloth camel"));
  EXPECT_FALSE(IsLegal(s, "exchange gold silver spice for camel camel camel"));  // herd of 2
}

TEST(JaipurExchange, HandLimitHoldsAtTheEndOfTheTurn) {
  // 6 goods: giving 2 camels for 2 goods ends at 8 goods.
  State s = Position("gold silver spice camel camel", "cloth cloth cloth leather leather leather", 2);
  EXPECT_FALSE(IsLegal(s, "exchange gold silver for camel camel"));
  EXPECT_TRUE(IsLegal(s, "exchange gold silver for cloth camel"));  // ends at 7
  // With 7 goods, giving goods only is legal.
  State full = Position("gold silver spice camel camel", "cloth cloth cloth leather leather leather diamond", 2);
  EXPECT_TRUE(IsLegal(full, "exchange gold silver for cloth leather"));
}

TEST(JaipurExchange, NeedsTheGivenCardsInHandOrHerd) {
  State s = Position("gold silver spice camel camel", "cloth", 0);
  EXPECT_FALSE(IsLegal(s, "exchange gold silver for cloth cloth"));
  EXPECT_FALSE(IsLegal(s, "exchange gold silver for cloth camel"));
}

TEST(JaipurExchange, NeedsTheTakenGoodsInTheMarket) {
  State s = Position("gold silver spice camel camel", "cloth leather", 0);
  EXPECT_FALSE(IsLegal(s, "exchange gold gold for cloth leather"));
}

// --- Sell -------------------------------------------------------------------

TEST(JaipurSell, TakesTokensFromTheTopOfThePileHighestFirst) {
  State s = Position("gold silver spice camel camel", "cloth cloth leather", 0);
  s.ApplyMove(M("sell 2 cloth"));
  const auto& p = s.players[0];
  ASSERT_EQ(p.num_goods_tokens, 2);
  EXPECT_EQ(p.goods_tokens[0], 5);
  EXPECT_EQ(p.goods_tokens[1], 3);
  EXPECT_EQ(s.tokens_left[Index(Card::kCloth)], 5);
  EXPECT_EQ(s.discard, Cards("cloth cloth"));
  EXPECT_EQ(p.hand, Cards("leather"));
}

TEST(JaipurSell, DiamondGoldAndSilverNeedTwoCards) {
  State s = Position("gold silver spice camel camel", "diamond gold silver cloth", 0);
  for (auto text : {"sell 1 diamond", "sell 1 gold", "sell 1 silver"}) {
    EXPECT_FALSE(IsLegal(s, text));
    EXPECT_NE(WhyIllegal(s, text).find("2 cards at least"), std::string::npos);
  }
  EXPECT_TRUE(IsLegal(s, "sell 1 cloth"));
}

TEST(JaipurSell, PreciousMinimumHoldsWithOneTokenLeft) {
  State s = Position("gold silver spice camel camel", "diamond diamond", 0);
  s.tokens_left[Index(Card::kDiamond)] = 1;
  EXPECT_FALSE(IsLegal(s, "sell 1 diamond"));
  EXPECT_TRUE(IsLegal(s, "sell 2 diamond"));
}

TEST(JaipurSell, NeedsTheCardsInHand) {
  State s = Position("gold silver spice camel camel", "cloth", 0);
  EXPECT_FALSE(IsLegal(s, "sell 2 cloth"));
  EXPECT_FALSE(IsLegal(s, "sell 1 camel"));
}

TEST(JaipurSell, ThreeCardsEarnABonusFromTheThreeCardPile) {
  State s = Position("gold silver spice camel camel", "leather leather leather", 0);
  int expected = s.NextBonusToken(0);
  s.ApplyMove(M("sell 3 leather"));
  ASSERT_EQ(s.players[0].num_bonus_tokens, 1);
  EXPECT_EQ(s.players[0].bonus_tokens[0], expected);
  EXPECT_EQ(s.bonus_left[0], 6);
}

TEST(JaipurSell, FourCardsEarnABonusFromTheFourCardPile) {
  State s = Position("gold silver spice camel camel", "leather leather leather leather", 0);
  s.ApplyMove(M("sell 4 leather"));
  EXPECT_EQ(BonusPileOfValue(s.players[0].bonus_tokens[0]), 1);
  EXPECT_EQ(s.bonus_left[1], 5);
}

TEST(JaipurSell, FiveOrMoreCardsEarnABonusFromTheFiveCardPile) {
  for (int n : {5, 6, 7}) {
    State s = Position("gold silver spice camel camel", "leather leather leather leather leather leather leather", 0);
    s.ApplyMove(Move::Sell(n, Card::kLeather));
    ASSERT_EQ(s.players[0].num_bonus_tokens, 1);
    EXPECT_EQ(BonusPileOfValue(s.players[0].bonus_tokens[0]), 2);
    EXPECT_EQ(s.players[0].num_goods_tokens, n);
  }
}

TEST(JaipurSell, FewerTokensThanCardsStillEarnsTheBonusForTheCardsSold) {
  State s = Position("gold silver spice camel camel", "cloth cloth cloth cloth", 0);
  s.tokens_left[Index(Card::kCloth)] = 2;  // two 1-rupee tokens left
  ASSERT_TRUE(IsLegal(s, "sell 4 cloth"));
  s.ApplyMove(M("sell 4 cloth"));
  EXPECT_EQ(s.players[0].num_goods_tokens, 2);
  EXPECT_EQ(s.players[0].GoodsRupees(), 2);
  EXPECT_EQ(s.players[0].num_bonus_tokens, 1);
  EXPECT_EQ(BonusPileOfValue(s.players[0].bonus_tokens[0]), 1);
}

TEST(JaipurSell, SaleWithNoTokenLeftIsLegal) {
  State s = Position("gold silver spice camel camel", "cloth", 0);
  s.tokens_left[Index(Card::kCloth)] = 0;
  EXPECT_TRUE(IsLegal(s, "sell 1 cloth"));
  s.ApplyMove(M("sell 1 cloth"));
  EXPECT_EQ(s.players[0].num_goods_tokens, 0);
}

TEST(JaipurSell, EmptyBonusPileGivesNothing) {
  State s = Position("gold silver spice camel camel", "leather leather leather", 0);
  s.bonus_left[0] = 0;
  s.ApplyMove(M("sell 3 leather"));
  EXPECT_EQ(s.players[0].num_bonus_tokens, 0);
}

TEST(JaipurSell, DrawsNoCard) {
  State s = Position("gold silver spice camel camel", "leather leather", 0);
  int deck = s.deck_size;
  CardCounts market = s.market;
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.deck_size, deck);
  EXPECT_EQ(s.market, market);
}

TEST(JaipurSell, OnlyOneGoodTypePerSale) {
  EXPECT_FALSE(ParseMove("sell 2 cloth spice").ok());
}

// --- End of round -----------------------------------------------------------

TEST(JaipurRoundEnd, ThirdEmptyTokenPileEndsTheRound) {
  State s = Position("gold silver spice camel camel", "leather leather", 0);
  s.tokens_left[Index(Card::kDiamond)] = 0;
  s.tokens_left[Index(Card::kGold)] = 0;
  s.tokens_left[Index(Card::kLeather)] = 2;
  s.ApplyMove(M("sell 2 leather"));
  ASSERT_TRUE(s.last_round.has_value());
  EXPECT_EQ(s.round, 2);
}

TEST(JaipurRoundEnd, TwoEmptyTokenPilesDoNotEndTheRound) {
  State s = Position("gold silver spice camel camel", "leather leather", 0);
  s.tokens_left[Index(Card::kDiamond)] = 0;
  s.tokens_left[Index(Card::kLeather)] = 2;
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_FALSE(s.last_round.has_value());
  EXPECT_EQ(s.round, 1);
}

TEST(JaipurRoundEnd, RefillTheDeckCannotCompleteEndsTheRoundAfterPlacingWhatRemains) {
  State s = Position("gold silver camel camel camel", "", 0, "", 0);
  // Leave one card in the deck: taking 3 camels needs 3.
  s.discard = {};
  while (s.deck_size > 1) {
    ++s.discard[Index(s.deck[0])];
    std::copy(s.deck.begin() + 1, s.deck.begin() + s.deck_size, s.deck.begin());
    --s.deck_size;
  }
  s.ApplyMove(M("camels"));
  ASSERT_TRUE(s.last_round.has_value());
  EXPECT_EQ(s.last_round->camel_token, 0);
}

TEST(JaipurRoundEnd, DeckEmptiedByAFullRefillDoesNotEndTheRound) {
  State s = Position("gold silver spice cloth camel", "", 0);
  while (s.deck_size > 1) {
    ++s.discard[Index(s.deck[0])];
    std::copy(s.deck.begin() + 1, s.deck.begin() + s.deck_size, s.deck.begin());
    --s.deck_size;
  }
  s.ApplyMove(M("take gold"));
  EXPECT_FALSE(s.last_round.has_value());
  EXPECT_EQ(s.deck_size, 0);
  EXPECT_EQ(s.MarketSize(), 5);
  EXPECT_TRUE(s.Validate().ok());
  s.ApplyMove(M("take silver"));  // seat 1 now cannot be refilled
  EXPECT_TRUE(s.last_round.has_value());
}

TEST(JaipurRoundEnd, ExchangeAndSaleNeverEndTheRoundByTheDeck) {
  State s = Position("gold silver spice cloth camel", "leather leather", 1);
  while (s.deck_size > 0) {
    ++s.discard[Index(s.deck[0])];
    std::copy(s.deck.begin() + 1, s.deck.begin() + s.deck_size, s.deck.begin());
    --s.deck_size;
  }
  s.ApplyMove(M("exchange gold silver for leather leather"));
  EXPECT_FALSE(s.last_round.has_value());
}

// --- Scoring ----------------------------------------------------------------

// Ends the round at once: seat 0 sells its last leather pair with two piles empty.
State ScoringPosition(int herd0, int herd1) {
  State s = Position("gold silver spice camel camel", "leather leather", herd0, "", herd1);
  s.tokens_left[Index(Card::kDiamond)] = 0;
  s.tokens_left[Index(Card::kGold)] = 0;
  s.tokens_left[Index(Card::kLeather)] = 2;  // the sale earns 1 + 1
  return s;
}

void GiveTokens(State* s, int seat, std::vector<uint8_t> goods, std::vector<uint8_t> bonus) {
  auto& p = s->players[seat];
  for (auto v : goods) p.goods_tokens[p.num_goods_tokens++] = v;
  for (auto v : bonus) p.bonus_tokens[p.num_bonus_tokens++] = v;
}

TEST(JaipurScoring, CamelTokenGoesToTheLargerHerd) {
  State s = ScoringPosition(3, 2);
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.last_round->camel_token, 0);
  EXPECT_EQ(s.last_round->rupees[0], 2 + kCamelTokenValue);
}

TEST(JaipurScoring, EqualHerdsGiveNoCamelToken) {
  State s = ScoringPosition(2, 2);
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.last_round->camel_token, -1);
  EXPECT_EQ(s.last_round->rupees[0], 2);
}

TEST(JaipurScoring, RicherPlayerTakesASealAndTheLoserStartsTheNextRound) {
  State s = ScoringPosition(0, 0);
  GiveTokens(&s, 1, {7, 7}, {});
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.last_round->rupees, (std::array<int, 2>{2, 14}));
  EXPECT_EQ(s.last_round->seal, 1);
  EXPECT_EQ(s.players[1].seals, 1);
  EXPECT_EQ(s.round_starter, 0);
  EXPECT_EQ(s.to_move, 0);
}

TEST(JaipurScoring, RupeeTieGoesToMoreBonusTokens) {
  State s = ScoringPosition(0, 0);
  GiveTokens(&s, 0, {}, {1});  // 2 + 1 = 3
  GiveTokens(&s, 1, {1}, {1, 1});  // 3, with two bonus tokens
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.last_round->rupees, (std::array<int, 2>{3, 3}));
  EXPECT_EQ(s.last_round->seal, 1);
}

TEST(JaipurScoring, ThenTieGoesToMoreGoodsTokens) {
  State s = ScoringPosition(0, 0);
  GiveTokens(&s, 1, {2}, {});  // 2 rupees from one token; seat 0 has two tokens
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.last_round->rupees, (std::array<int, 2>{2, 2}));
  EXPECT_EQ(s.last_round->seal, 0);
}

TEST(JaipurDecision, FullTieGivesNoSealAndTheOtherPlayerStarts) {
  State s = ScoringPosition(0, 0);
  GiveTokens(&s, 1, {1, 1}, {});
  s.round_starter = 0;
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.last_round->seal, -1);
  EXPECT_EQ(s.players[0].seals + s.players[1].seals, 0);
  EXPECT_EQ(s.round_starter, 1);
  EXPECT_EQ(s.round, 2);
}

TEST(JaipurNewRound, IsDealtAfreshAndKeepsTheSeals) {
  State s = ScoringPosition(0, 0);
  GiveTokens(&s, 1, {7, 7}, {});
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.round, 2);
  EXPECT_EQ(s.deck_size, 40);
  EXPECT_EQ(s.MarketSize(), 5);
  for (const auto& p : s.players) {
    EXPECT_EQ(p.num_goods_tokens, 0);
    EXPECT_EQ(p.num_bonus_tokens, 0);
    EXPECT_EQ(p.hand_size + p.herd, 5);
  }
  EXPECT_EQ(s.players[1].seals, 1);
  EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
}

TEST(JaipurGameEnd, SecondSealWinsTheGame) {
  State s = ScoringPosition(0, 0);
  s.players[0].seals = 1;
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_TRUE(s.game_over);
  EXPECT_EQ(s.winner, 0);
  EXPECT_EQ(s.players[0].seals, 2);
  MoveList moves;
  s.LegalMoves(&moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_NE(WhyIllegal(s, "take gold").find("game is over"), std::string::npos);
}

// --- Out of time (docs/rules/jaipur.md, "Out of time") --------------------------

TEST(JaipurTimeOut, EndsTheGameInRoundOneAndTheOtherSeatWins) {
  State s = Position("gold silver spice camel camel", "leather leather", 0);
  ASSERT_TRUE(testing::PastSale(s, 0, Card::kCloth, 2, 2));  // 5 + 3: seat 0 leads on rupees, and loses all the same
  ASSERT_EQ(s.players[0].seals + s.players[1].seals, 0);
  ASSERT_TRUE(s.CheckMove(M("timeout")).ok()) << WhyIllegal(s, "timeout");
  s.ApplyMove(M("timeout"));
  EXPECT_TRUE(s.game_over);
  EXPECT_EQ(s.winner, 1);
  EXPECT_EQ(s.timed_out, 0);
  EXPECT_EQ(s.to_move, 0) << "the seat that ran out stays the one to move";
  EXPECT_EQ(s.round, 1);
  EXPECT_FALSE(s.last_round.has_value()) << "the round cut short is not scored";
  EXPECT_EQ(s.Score(0), 8) << "scores keep what they were";
  EXPECT_EQ(s.Score(1), 0);
  EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
  MoveList moves;
  s.LegalMoves(&moves);
  EXPECT_TRUE(moves.empty());
}

TEST(JaipurTimeOut, TheSeatLeadingOnSealsLosesAllTheSame) {
  State s = ScoringPosition(0, 0);
  GiveTokens(&s, 1, {7, 7}, {});
  s.ApplyMove(M("sell 2 leather"));  // seat 1 takes the seal; seat 0 starts round 2
  ASSERT_EQ(s.round, 2);
  ASSERT_EQ(s.players[1].seals, 1);
  ASSERT_EQ(s.to_move, 0);
  MoveList moves;
  s.LegalMoves(&moves);
  s.ApplyMove(moves[0]);
  ASSERT_EQ(s.to_move, 1);
  const RoundResult round_one = *s.last_round;
  const int rupees0 = s.Score(0), rupees1 = s.Score(1);
  s.ApplyMove(M("timeout"));
  EXPECT_TRUE(s.game_over);
  EXPECT_EQ(s.winner, 0) << "the seat with no seal wins: the other ran out of time";
  EXPECT_EQ(s.timed_out, 1);
  EXPECT_EQ(s.players[0].seals, 0);
  EXPECT_EQ(s.players[1].seals, 1);
  EXPECT_EQ(*s.last_round, round_one) << "the round cut short is not scored";
  EXPECT_EQ(s.Score(0), rupees0);
  EXPECT_EQ(s.Score(1), rupees1);
  EXPECT_TRUE(s.Validate().ok()) << s.Validate().message();
}

TEST(JaipurTimeOut, IsNeverALegalMove) {
  State s = State::NewGame(11);
  Prng prng(4);
  for (int ply = 0; ply < 200 && !s.game_over; ++ply) {
    MoveList moves;
    s.LegalMoves(&moves);
    for (const Move& m : moves) ASSERT_NE(m.kind, MoveKind::kTimeOut);
    ASSERT_TRUE(s.CheckMove(Move::TimeOut()).ok()) << "yet it is accepted whenever a seat is to move";
    s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
  }
}

TEST(JaipurTimeOut, IsRefusedOnceTheGameIsOver) {
  State s = ScoringPosition(0, 0);
  s.players[0].seals = 1;
  s.ApplyMove(M("sell 2 leather"));
  ASSERT_TRUE(s.game_over);
  EXPECT_EQ(WhyIllegal(s, "timeout"), "illegal move 'timeout': the game is over");
  State t = Position("gold silver spice camel camel", "leather leather", 0);
  t.ApplyMove(M("timeout"));
  EXPECT_EQ(WhyIllegal(t, "timeout"), "illegal move 'timeout': the game is over") << "and so is a second timeout";
}

TEST(JaipurTimeOut, ReadsAndWritesAsTimeout) {
  EXPECT_EQ(ToString(Move::TimeOut()), "timeout");
  EXPECT_EQ(M("  TimeOut "), Move::TimeOut());
  EXPECT_FALSE(ParseMove("timeout now").ok());
}

TEST(JaipurTimeOut, ValidateRefusesATimedOutSeatThatDidNotLose) {
  State s = Position("gold silver spice camel camel", "leather leather", 0);
  s.ApplyMove(M("timeout"));
  ASSERT_TRUE(s.Validate().ok());
  State wrong_winner = s;
  wrong_winner.winner = 0;
  EXPECT_FALSE(wrong_winner.Validate().ok());
  State still_on = s;
  still_on.game_over = false;
  still_on.winner = -1;
  EXPECT_FALSE(still_on.Validate().ok());
}

TEST(JaipurTimeOut, TheViewTellsItAndAWorldSampledFromItIsTheSame) {
  State s = Position("gold silver spice camel camel", "leather leather", 0);
  s.ApplyMove(M("timeout"));
  for (int viewer = 0; viewer < kNumPlayers; ++viewer) {
    View v = s.ViewFor(viewer);
    EXPECT_EQ(v.timed_out, 0);
    Prng prng(3);
    State world = State::FromView(v, prng);
    EXPECT_TRUE(world.Validate().ok()) << world.Validate().message();
    EXPECT_EQ(world.ViewFor(viewer), v);
  }
}

// --- Views ------------------------------------------------------------------

TEST(JaipurView, ShowsOwnHandButNotTheOpponentsHandTheDeckOrTheirBonusValues) {
  State s = ScoringPosition(1, 2);
  s.players[1].hand = Cards("diamond diamond");
  s.players[1].hand_size = 2;
  GiveTokens(&s, 1, {}, {9});
  View v = s.ViewFor(0);
  EXPECT_EQ(v.hand, s.players[0].hand);
  EXPECT_EQ(v.opponent.hand_size, 2);
  EXPECT_EQ(v.opponent.bonus_counts, (std::array<uint8_t, 3>{0, 0, 1}));
  EXPECT_EQ(v.deck_size, s.deck_size);
  EXPECT_EQ(v.herd, (std::array<uint8_t, 2>{1, 2}));  // decision: herds are public
}

TEST(JaipurView, IsTheSameWhateverTheHiddenCardsAre) {
  Prng prng(5);
  for (uint64_t seed = 0; seed < 30; ++seed) {
    State s = State::NewGame(seed);
    for (int observer = 0; observer < 2; ++observer) {
      State other = s;
      other.RandomizeHidden(observer, prng);
      EXPECT_TRUE(other.Validate().ok()) << other.Validate().message();
      EXPECT_EQ(other.ViewFor(observer), s.ViewFor(observer));
      EXPECT_EQ(other.players[observer], s.players[observer]);
    }
  }
}

// What a screen shows of each purse is the core's sum: during a round, goods tokens
// for both and bonus tokens for the viewer only; after the game, the last round's
// score broken down, the opponent's hidden bonus included (its sum is told).
TEST(JaipurView, PursesAddUpToWhatTheStateHolds) {
  Prng prng(21);
  for (uint64_t seed = 0; seed < 20; ++seed) {
    State s = State::NewGame(seed);
    MoveList moves;
    while (!s.game_over) {
      for (int viewer = 0; viewer < 2; ++viewer) {
        const View v = s.ViewFor(viewer);
        for (int p = 0; p < 2; ++p) {
          const PlayerState& ps = s.players[static_cast<size_t>(p)];
          const View::Purse purse = v.RoundPurse(p);
          EXPECT_EQ(purse.goods, ps.GoodsRupees());
          EXPECT_EQ(purse.bonus, p == viewer ? ps.BonusRupees() : 0);
        }
      }
      s.LegalMoves(&moves);
      s.ApplyMove(moves[prng.Below(static_cast<uint32_t>(moves.size()))]);
    }
    for (int viewer = 0; viewer < 2; ++viewer)
      for (int p = 0; p < 2; ++p) {
        const PlayerState& ps = s.players[static_cast<size_t>(p)];
        const View::Purse last = s.ViewFor(viewer).FinalRoundPurse(p);
        EXPECT_EQ(last.goods, ps.GoodsRupees());
        EXPECT_EQ(last.bonus, ps.BonusRupees()) << "seed " << seed << ", seen by " << viewer;
        EXPECT_EQ(last.camel, s.last_round->camel_token == p ? kCamelTokenValue : 0);
        EXPECT_EQ(last.total, s.last_round->rupees[static_cast<size_t>(p)]);
      }
  }
}

// Decision (docs/formats.md, `known`): what a player takes from the open market is
// public until it leaves the hand.
TEST(JaipurKnownCards, TakingFromTheMarketMakesTheCardKnown) {
  State s = Position("gold spice camel camel camel", "leather", 0, "cloth");
  s.ApplyMove(M("take gold"));
  EXPECT_EQ(s.players[0].known, Cards("gold"));
  EXPECT_EQ(s.ViewFor(1).known[0], Cards("gold"));
}

TEST(JaipurKnownCards, ExchangeAddsTakenGoodsAndRemovesGivenOnes) {
  State s = Position("gold spice cloth camel camel", "leather leather", 0, "cloth");
  s.players[0].known = Cards("leather");
  s.ApplyMove(M("exchange gold spice for leather leather"));
  EXPECT_EQ(s.players[0].known, Cards("gold spice"));
}

TEST(JaipurKnownCards, SaleLowersTheKnownCountByTheCardsSold) {
  State s = Position("gold spice cloth camel camel", "leather leather leather", 0, "cloth");
  s.players[0].known = Cards("leather leather");
  s.ApplyMove(M("sell 1 leather"));
  EXPECT_EQ(s.players[0].known, Cards("leather"));
  s.to_move = 0;
  s.ApplyMove(M("sell 2 leather"));
  EXPECT_EQ(s.players[0].known, CardCounts{});
}

TEST(JaipurKnownCards, DealtCardsAreNeverKnown) {
  for (uint64_t seed = 0; seed < 10; ++seed) {
    State s = State::NewGame(seed);
    EXPECT_EQ(s.players[0].known, CardCounts{});
    EXPECT_EQ(s.players[1].known, CardCounts{});
  }
}

TEST(JaipurKnownCards, RandomizeHiddenKeepsTheOpponentsKnownCards) {
  Prng prng(9);
  State s = Position("gold spice camel camel camel", "leather", 0, "cloth silver");
  s.players[1].known = Cards("silver");
  for (int i = 0; i < 20; ++i) {
    State other = s;
    other.RandomizeHidden(0, prng);
    EXPECT_GE(other.players[1].hand[Index(Card::kSilver)], 1);
    EXPECT_EQ(other.ViewFor(0), s.ViewFor(0));
  }
}

TEST(JaipurFromView, SampledWorldIsValidAndHasTheSameView) {
  Prng prng(11);
  State s = State::NewGame(4);
  for (int turn = 0; turn < 40 && !s.game_over; ++turn) {
    for (int viewer = 0; viewer < 2; ++viewer) {
      View v = s.ViewFor(viewer);
      State sampled = State::FromView(v, prng);
      ASSERT_TRUE(sampled.Validate().ok()) << sampled.Validate().message();
      ASSERT_EQ(sampled.ViewFor(viewer), v);
    }
    MoveList moves;
    s.LegalMoves(&moves);
    s.ApplyMove(moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))]);
  }
}

// --- Legal moves ------------------------------------------------------------

// Every exchange within the cards' counts that gives as many cards as it takes,
// legal or not. (Unbalanced ones, refused by their own rule's test, would multiply
// the CheckMove calls, each building its refusal's message, by some ten.)
void AllExchanges(const State& s, std::vector<Move>* out) {
  const PlayerState& me = s.players[s.to_move];
  CardCounts taken{}, given{};
  auto give = [&](auto&& self, int type) -> void {
    if (type == kNumCardTypes) {
      if (PackedCounts(taken).Total() == PackedCounts(given).Total()) out->push_back(Move::Exchange(taken, given));
      return;
    }
    int limit = type == Index(Card::kCamel) ? me.herd : me.hand[type];
    for (int n = 0; n <= limit; ++n) {
      given[type] = static_cast<uint8_t>(n);
      self(self, type + 1);
    }
    given[type] = 0;
  };
  auto take = [&](auto&& self, int type) -> void {
    if (type == kNumCardTypes) {
      give(give, 0);
      return;
    }
    for (int n = 0; n <= s.market[type]; ++n) {
      taken[type] = static_cast<uint8_t>(n);
      self(self, type + 1);
    }
    taken[type] = 0;
  };
  take(take, 0);
}

TEST(JaipurLegalMoves, AreExactlyTheMovesTheRulesAllow) {
  Prng prng(8);
  for (uint64_t seed = 0; seed < 40; ++seed) {
    State s = State::NewGame(seed);
    for (int ply = 0; ply < 60 && !s.game_over; ++ply) {
      MoveList listed;
      s.LegalMoves(&listed);
      std::vector<Move> candidates;
      AllExchanges(s, &candidates);
      for (int t = 0; t < kNumCardTypes; ++t) {
        candidates.push_back(Move::Take(static_cast<Card>(t)));
        for (int n = 0; n <= 8; ++n) candidates.push_back(Move::Sell(n, static_cast<Card>(t)));
      }
      candidates.push_back(Move::Camels());
      int legal = 0;
      std::vector<Move> legal_exchanges;
      for (const Move& m : candidates) {
        const bool allowed = s.CheckMove(m).ok();
        bool in_list = std::find(listed.begin(), listed.end(), m) != listed.end();
        ASSERT_EQ(in_list, allowed) << ToString(m) << ": " << s.CheckMove(m).message();
        legal += in_list;
        if (allowed && m.kind == MoveKind::kExchange) legal_exchanges.push_back(m);
      }
      ASSERT_EQ(legal, listed.size()) << "LegalMoves lists a move twice";
      // Exchanges in AllExchanges' order (taken sets lexicographic over the goods, then
      // given sets likewise): the order a recorded random game's choices index into.
      std::vector<Move> exchanges;
      for (const Move& m : listed)
        if (m.kind == MoveKind::kExchange) exchanges.push_back(m);
      ASSERT_EQ(exchanges, legal_exchanges) << "exchanges out of their canonical order";
      s.ApplyMove(listed[static_cast<int>(prng.Below(static_cast<uint32_t>(listed.size())))]);
    }
  }
}

TEST(JaipurLegalMoves, FitTheMoveListInEveryPosition) {
  // Every market and hand, reachable or not: the exchanges, the other moves (six
  // takes, camels, seven sales) and the generator's slack stay within the list.
  const int most = MostExchangesOfAnyPosition();
  EXPECT_EQ(most, 158);  // docs/performance.md quotes it
  EXPECT_LE(most + 6 + 1 + kHandLimit + kExchangeSlack, kMaxMoves) << most << " exchanges";
}

// --- Move text --------------------------------------------------------------

TEST(JaipurMoveText, CanonicalFormsRoundTrip) {
  for (auto text : {"take gold", "camels", "exchange gold spice for leather camel", "sell 3 cloth",
                    "exchange diamond diamond silver for cloth leather camel"}) {
    EXPECT_EQ(ToString(M(text)), text);
  }
}

TEST(JaipurMoveText, ParserAcceptsCasePluralsSpacingAndAnyListOrder) {
  EXPECT_EQ(M("  TAKE   Gold "), Move::Take(Card::kGold));
  EXPECT_EQ(M("take camels"), Move::Camels());
  EXPECT_EQ(M("sell 3 cloths"), Move::Sell(3, Card::kCloth));
  EXPECT_EQ(ToString(M("exchange spice gold for camel leather")), "exchange gold spice for leather camel");
}

TEST(JaipurMoveText, ParserErrorsSayWhatIsWrong) {
  EXPECT_EQ(ParseMove("").message(), "bad move '': empty (moves: take G, camels, exchange ... for ..., sell N G)");
  EXPECT_NE(ParseMove("take gld").message().find("unknown card 'gld'"), std::string::npos);
  EXPECT_NE(ParseMove("sell x cloth").message().find("not a card count"), std::string::npos);
  EXPECT_NE(ParseMove("exchange gold spice").message().find("needs 'for'"), std::string::npos);
  EXPECT_NE(ParseMove("steal gold").message().find("unknown action 'steal'"), std::string::npos);
}

}  // namespace
}  // namespace souk::jaipur
