// Game review: reproducibility, the mover's view only, the figures' formulas, whole
// games of both games, refusals. Tiny budgets and random playouts: these run under
// the sanitizers too.
#include "review/review.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/prng.h"
#include "ai/bot_spec.h"
#include "format/record.h"
#include "review/win_chance.h"

namespace souk::review {
namespace {

ReviewOptions TinyOptions() {
  ReviewOptions options;
  options.budget = 8;
  options.samples = 2;
  options.seed = 7;
  options.threads = 1;
  options.playout = "random";
  return options;
}

// A whole game by uniformly random moves, chance outcomes from the game's own PRNG.
GameRecord RandomGame(const GameOptions& options, uint64_t chooser_seed) {
  auto game = NewGame(options);
  EXPECT_TRUE(game.ok()) << game.message();
  std::unique_ptr<GameState> state = std::move(*game);
  GameRecord record{options, {}};
  Prng chooser(chooser_seed);
  while (!state->is_over()) {
    std::string move = state->SampleChance();
    if (move.empty()) {
      const std::vector<std::string> legal = state->LegalMoves();
      move = legal[chooser.Below(static_cast<uint32_t>(legal.size()))];
    }
    EXPECT_TRUE(state->Apply(move).ok());
    record.moves.push_back(move);
  }
  return record;
}

GameRecord JaipurGame() { return RandomGame(GameOptions{"jaipur", 42, 0, ""}, 3); }
GameRecord MarrakechGame(int players) { return RandomGame(GameOptions{"marrakech", 5, players, ""}, 4); }

// Plies whose mover is chance, in the record's order of states.
int ChancePlies(const GameRecord& record) {
  int chance = 0;
  auto replayed = Replay(record, [&](const GameState& s) {
    chance += !s.is_over() && s.current_player() == GameState::kChance;
  });
  EXPECT_TRUE(replayed.ok());
  return chance;
}

TEST(ReviewFigures, FlagsFollowTheThresholds) {
  EXPECT_EQ(FlagForLoss(0), Flag::kNone);
  EXPECT_EQ(FlagForLoss(0.0499), Flag::kNone);
  EXPECT_EQ(FlagForLoss(0.05), Flag::kInaccuracy);
  EXPECT_EQ(FlagForLoss(0.0999), Flag::kInaccuracy);
  EXPECT_EQ(FlagForLoss(0.10), Flag::kMistake);
  EXPECT_EQ(FlagForLoss(0.1999), Flag::kMistake);
  EXPECT_EQ(FlagForLoss(0.20), Flag::kBlunder);
  EXPECT_EQ(FlagForLoss(1), Flag::kBlunder);
  EXPECT_EQ(FlagName(Flag::kNone), "");
  EXPECT_EQ(FlagName(Flag::kInaccuracy), "inaccuracy");
  EXPECT_EQ(FlagName(Flag::kMistake), "mistake");
  EXPECT_EQ(FlagName(Flag::kBlunder), "blunder");
}

TEST(ReviewFigures, AccuracyIsLichessFormulaOfTheLossInPoints) {
  EXPECT_NEAR(MoveAccuracy(0), 99.9999, 1e-4);
  EXPECT_NEAR(MoveAccuracy(0.10), 103.1668 * std::exp(-0.04354 * 10) - 3.1669, 1e-9);
  EXPECT_NEAR(MoveAccuracy(0.25), 103.1668 * std::exp(-0.04354 * 25) - 3.1669, 1e-9);
  EXPECT_EQ(MoveAccuracy(1.0), 0);    // below zero, clamped
  EXPECT_NEAR(MoveAccuracy(-0.5), MoveAccuracy(0), 1e-12);  // a gain is no loss
}

TEST(ReviewOptionsCheck, RefusesOutOfRangeOptions) {
  ReviewOptions options = TinyOptions();
  options.budget = 0;
  EXPECT_EQ(CheckOptions(options).error_code(), ErrorCode::kInvalidArgument);
  options = TinyOptions();
  options.samples = 0;
  EXPECT_NE(CheckOptions(options).message().find("samples"), std::string::npos);
  options = TinyOptions();
  options.playout = "nonsense";
  EXPECT_FALSE(CheckOptions(options).ok());
  EXPECT_TRUE(CheckOptions(TinyOptions()).ok());
}

TEST(ReviewGames, JaipurReviewIsReproducibleWhateverTheThreads) {
  const GameRecord record = JaipurGame();
  ReviewOptions options = TinyOptions();
  options.samples = 1;
  auto first = ReviewGame(record, options);
  ASSERT_TRUE(first.ok()) << first.message();
  options.threads = 2;
  auto threaded = ReviewGame(record, options);
  ASSERT_TRUE(threaded.ok());
  EXPECT_EQ(DumpJson(ReviewJson(*first)), DumpJson(ReviewJson(*threaded)));
}

TEST(ReviewGames, JaipurEndToEnd) {
  const GameRecord record = JaipurGame();
  ASSERT_EQ(ChancePlies(record), 0);  // Jaipur's draws come within the players' moves
  ReviewOptions options = TinyOptions();
  options.samples = 1;
  auto review = ReviewGame(record, options);
  ASSERT_TRUE(review.ok()) << review.message();
  EXPECT_EQ(review->decisions.size(), record.moves.size());
  EXPECT_EQ(review->win_chance.size(), record.moves.size() + 1);
  EXPECT_FALSE(review->chance_events.empty());  // at least the next rounds' deals
  for (const ChanceEvent& e : review->chance_events) {
    EXPECT_TRUE(e.within_decision);
    ASSERT_EQ(e.swing.size(), 2u);
  }
  ASSERT_EQ(review->players.size(), 2u);
  const Json json = ReviewJson(*review);
  for (const char* key : {"played", "played_value", "best", "best_value", "loss", "flag"})
    EXPECT_TRUE(json["decisions"][0].contains(key)) << key;
  for (const char* key : {"accuracy", "luck", "skill"}) EXPECT_TRUE(json["players"][0].contains(key)) << key;
  // The end is certain: the winner's chance is 1.
  EXPECT_EQ(review->win_chance.back()[static_cast<size_t>(review->winners.front())], 1.0 / review->winners.size());
}

TEST(ReviewGames, MarrakechFourPlayersEndToEnd) {
  const GameRecord record = MarrakechGame(4);
  const int rolls = ChancePlies(record);
  ASSERT_GT(rolls, 0);
  ReviewOptions options = TinyOptions();
  options.samples = 1;
  auto review = ReviewGame(record, options);
  ASSERT_TRUE(review.ok()) << review.message();
  EXPECT_EQ(review->decisions.size(), record.moves.size() - static_cast<size_t>(rolls));
  int roll_events = 0;
  for (const ChanceEvent& e : review->chance_events) {
    ASSERT_EQ(e.swing.size(), 4u);
    roll_events += !e.within_decision;
  }
  // Four players draw from piles of one colour each: only the die is chance.
  EXPECT_EQ(roll_events, rolls);
  EXPECT_EQ(review->chance_events.size(), static_cast<size_t>(rolls));
  EXPECT_EQ(review->players.size(), 4u);
}

// The configurations the others do not cover: each roll is a chance event, and no
// decision draws anything (a carpet comes off its pile with the roll).
TEST(ReviewGames, MarrakechOtherConfigurationsEndToEnd) {
  for (const GameOptions& game : {GameOptions{"marrakech", 6, 2, ""}, GameOptions{"marrakech", 6, 2, "single-colour"},
                                  GameOptions{"marrakech", 6, 3, ""}}) {
    const GameRecord record = RandomGame(game, 5);
    const int rolls = ChancePlies(record);
    ReviewOptions options = TinyOptions();
    options.samples = 1;
    auto review = ReviewGame(record, options);
    ASSERT_TRUE(review.ok()) << review.message();
    const std::string name = game.variant + " " + std::to_string(game.players);
    EXPECT_EQ(review->decisions.size(), record.moves.size() - static_cast<size_t>(rolls)) << name;
    EXPECT_EQ(review->players.size(), static_cast<size_t>(game.players)) << name;
    int roll_events = 0, draw_events = 0;
    for (const ChanceEvent& e : review->chance_events) (e.within_decision ? draw_events : roll_events)++;
    EXPECT_EQ(roll_events, rolls) << name;
    EXPECT_EQ(draw_events, 0) << name;
  }
}

// The state of `record` before its first decision at or after `from`.
std::unique_ptr<GameState> DecisionAt(const GameRecord& record, size_t from, size_t* ply) {
  std::vector<std::unique_ptr<GameState>> states;
  auto replayed = Replay(record, [&](const GameState& s) { states.push_back(s.Clone()); });
  EXPECT_TRUE(replayed.ok());
  for (*ply = from; states[*ply]->current_player() == GameState::kChance; ++*ply) {
  }
  return std::move(states[*ply]);
}

void ExpectSameReviewForAnotherHiddenDeal(const GameRecord& record, size_t from) {
  size_t ply = 0;
  std::unique_ptr<GameState> state = DecisionAt(record, from, &ply);
  const int mover = state->current_player();
  std::unique_ptr<GameState> other = state->Clone();
  Prng prng(0xfeed);
  other->RandomizeHidden(mover, prng);
  ASSERT_EQ(DumpJson(other->ViewJson(mover)), DumpJson(state->ViewJson(mover)));
  ReviewOptions options = TinyOptions();
  options.line_plies = 3;
  auto a = ReviewDecision(*state, record.moves[ply], options, static_cast<int>(ply));
  auto b = ReviewDecision(*other, record.moves[ply], options, static_cast<int>(ply));
  ASSERT_TRUE(a.ok()) << a.message();
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ(a->played_value, b->played_value);
  EXPECT_EQ(a->best, b->best);
  EXPECT_EQ(a->best_value, b->best_value);
  EXPECT_EQ(a->line, b->line);
}

TEST(ReviewDecisions, JaipurDependsOnTheMoversViewOnly) {
  const GameRecord record = JaipurGame();
  ExpectSameReviewForAnotherHiddenDeal(record, 5);
  ExpectSameReviewForAnotherHiddenDeal(record, record.moves.size() / 2);
}

TEST(ReviewDecisions, MarrakechDependsOnTheMoversViewOnly) {
  const GameRecord record = MarrakechGame(2);
  for (size_t from : {size_t{6}, size_t{7}, size_t{20}}) ExpectSameReviewForAnotherHiddenDeal(record, from);
}

TEST(ReviewWinChance, AllSeatsAtOnceGiveEachSeatsOwnEstimate) {
  for (const GameRecord& record : {JaipurGame(), MarrakechGame(3)}) {
    size_t ply = 0;
    std::unique_ptr<GameState> state = DecisionAt(record, 4, &ply);
    const Playouts playouts{*ai::ParseBotSpec("random"), 3, 99};
    const std::vector<double> all = EstimateWinChances(*state, playouts);
    const std::vector<double> after = EstimateWinChancesAfter(*state, record.moves[ply], playouts);
    ASSERT_EQ(all.size(), static_cast<size_t>(state->num_players()));
    for (int s = 0; s < state->num_players(); ++s) {
      EXPECT_EQ(all[static_cast<size_t>(s)], EstimateWinChance(*state, s, playouts)) << record.options.game;
      EXPECT_EQ(after[static_cast<size_t>(s)], EstimateWinChanceAfter(*state, record.moves[ply], s, playouts));
    }
  }
}

TEST(ReviewDecisions, AnIllegalMoveIsRefused) {
  size_t ply = 0;
  std::unique_ptr<GameState> state = DecisionAt(JaipurGame(), 0, &ply);
  auto review = ReviewDecision(*state, "fly away", TinyOptions(), 0);
  ASSERT_FALSE(review.ok());
  EXPECT_EQ(review.error_code(), ErrorCode::kIllegalMove);
  EXPECT_NE(review.message().find("fly away"), std::string::npos);
}

TEST(ReviewRefusals, AnUnfinishedGameIsRefused) {
  GameRecord record = JaipurGame();
  record.moves.resize(10);
  auto review = ReviewGame(record, TinyOptions());
  ASSERT_FALSE(review.ok());
  EXPECT_EQ(review.error_code(), ErrorCode::kGameNotOver);
  EXPECT_NE(review.message().find("not finished"), std::string::npos);
}

TEST(ReviewRefusals, ARecordThatDoesNotReplayIsRefusedNamingTheMove) {
  GameRecord record = JaipurGame();
  record.moves[3] = "sell 9 unicorns";
  auto review = ReviewGame(record, TinyOptions());
  ASSERT_FALSE(review.ok());
  EXPECT_NE(review.message().find("4"), std::string::npos) << review.message();
}

}  // namespace
}  // namespace souk::review
