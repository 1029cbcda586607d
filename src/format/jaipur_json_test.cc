#include "format/jaipur_json.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "core/prng.h"
#include "format/game.h"

namespace souk::jaipur {
namespace {

Json NewJson(uint64_t seed) { return StateToJson(State::NewGame(seed)); }

std::string LoadError(const Json& j) {
  auto state = StateFromJson(j);
  EXPECT_FALSE(state.ok());
  return state.message();
}

TEST(JaipurJson, HasTheDocumentedKeys) {
  Json j = NewJson(1);
  for (auto key : {"game", "round", "to_move", "round_starter", "market", "deck", "discard", "token_piles",
                   "bonus_piles", "players", "status", "winner", "last_round", "rng"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["market"].size(), 5u);
  EXPECT_EQ(j["deck"].size(), 40u);
  EXPECT_EQ(j["token_piles"]["diamond"], Json::parse("[7,7,5,5,5]"));
  EXPECT_EQ(j["bonus_piles"]["5"].size(), 5u);
  for (auto key : {"hand", "herd", "goods_tokens", "bonus_tokens", "seals"}) EXPECT_TRUE(j["players"][0].contains(key));
  EXPECT_EQ(j["status"], "playing");
  EXPECT_TRUE(j["winner"].is_null());
}

TEST(JaipurJson, DeckIndexZeroIsTheNextCardDrawn) {
  State s = State::NewGame(9);
  Json j = StateToJson(s);
  EXPECT_EQ(j["deck"][0], std::string(CardName(s.DeckCardFromTop(0))));
}

TEST(JaipurJson, RoundTripsByteIdentically) {
  for (uint64_t seed = 0; seed < 20; ++seed) {
    State s = State::NewGame(seed);
    std::string text = DumpJson(StateToJson(s));
    auto loaded = StateFromJson(Json::parse(text));
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(*loaded, s);
    EXPECT_EQ(DumpJson(StateToJson(*loaded)), text);
  }
}

TEST(JaipurJson, ExplicitChanceIsWrittenOnlyWhenOnAndRoundTripsAtAChanceNode) {
  EXPECT_FALSE(NewJson(4).contains("explicit_chance"));
  EXPECT_FALSE(NewJson(4).contains("pending_draws"));
  Options options;
  options.explicit_chance = true;
  State s = State::NewGame(4, options);
  for (int i = 0; i < 3; ++i) s.ApplyChance(s.SampleChance());
  const Json j = StateToJson(s);
  EXPECT_EQ(j.at("explicit_chance"), true);
  EXPECT_EQ(j.at("pending_draws"), kCardsDealt - 3);
  auto loaded = StateFromJson(j);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(*loaded, s);
  Json without_option = j;
  without_option.erase("explicit_chance");
  EXPECT_NE(LoadError(without_option).find("pending_draws"), std::string::npos) << LoadError(without_option);
}

TEST(JaipurJson, LoaderNamesThePathOfAMissingKey) {
  Json j = NewJson(1);
  j["players"][1].erase("herd");
  EXPECT_EQ(LoadError(j), "state: players[1]: missing key \"herd\"");
}

TEST(JaipurJson, LoaderNamesThePathOfAnUnknownCard) {
  Json j = NewJson(1);
  j["deck"][3] = "gld";
  EXPECT_EQ(LoadError(j), "state: deck[3]: unknown card 'gld'");
}

TEST(JaipurJson, LoaderRejectsWrongTypesAndRanges) {
  Json j = NewJson(1);
  j["to_move"] = 2;
  EXPECT_EQ(LoadError(j), "state: to_move: must be from 0 to 1");
  j = NewJson(1);
  j["round"] = "one";
  EXPECT_EQ(LoadError(j), "state: round: expected a whole number, found a string");
  j = NewJson(1);
  j["rng"] = "xyz";
  EXPECT_EQ(LoadError(j), "state: rng: expected 16 lower-case hex digits");
}

TEST(JaipurJson, LoaderChecksThatEveryCardIsAccountedFor) {
  Json j = NewJson(1);
  j["deck"].erase(0);
  EXPECT_NE(LoadError(j).find("cards:"), std::string::npos);
}

TEST(JaipurJson, LoaderChecksTheLastRoundAgainstTheRound) {
  Json j = NewJson(1);
  j["round"] = 2;
  EXPECT_EQ(LoadError(j), "state: last_round: must be set exactly when a round has been scored");
  j = NewJson(1);
  j["status"] = "game_over";
  j["winner"] = 0;
  j["players"][0]["seals"] = 2;
  EXPECT_EQ(LoadError(j), "state: last_round: must be set exactly when a round has been scored");
  j = NewJson(1);
  j["round"] = 0;  // a non-negative number below the range
  EXPECT_EQ(LoadError(j), "state: round: must be from 1 to 1000000000");
}

TEST(JaipurJson, LoaderChecksTokenPileOrder) {
  Json j = NewJson(1);
  j["token_piles"]["cloth"] = Json::parse("[3,5,3,2,2,1,1]");
  EXPECT_EQ(LoadError(j), "state: token_piles.cloth: must be the last tokens of the cloth pile, in order");
}

TEST(JaipurJson, LoaderChecksBonusTokens) {
  Json j = NewJson(1);
  j["bonus_piles"]["3"][0] = 9;
  EXPECT_NE(LoadError(j).find("bonus_piles: pile 3"), std::string::npos);
}

TEST(JaipurJson, ViewHasNoHiddenInformation) {
  State s = State::NewGame(2);
  Json v = ViewToJson(s.ViewFor(0));
  EXPECT_FALSE(v.contains("deck"));
  EXPECT_FALSE(v.contains("rng"));
  EXPECT_EQ(v["deck_size"], 40);
  EXPECT_TRUE(v["players"][0].contains("hand"));
  EXPECT_FALSE(v["players"][1].contains("hand"));
  EXPECT_FALSE(v["players"][1].contains("bonus_tokens"));
  EXPECT_EQ(v["players"][1]["hand_size"], s.players[1].hand_size);
  EXPECT_TRUE(v["bonus_piles"]["3"].is_number());
}

TEST(JaipurJson, GameInterfaceLoadsAndPlays) {
  auto game = LoadStateText(DumpJson(NewJson(3)));
  ASSERT_TRUE(game.ok()) << game.message();
  auto moves = (*game)->LegalMoves();
  ASSERT_FALSE(moves.empty());
  EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end()));
  Status bad = (*game)->Apply("take unicorn");
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE((*game)->Apply(moves.front()).ok());
}

TEST(JaipurJson, BrokenJsonTextSaysWhere) {
  auto game = LoadStateText("{\"game\": \"jaipur\",");
  ASSERT_FALSE(game.ok());
  EXPECT_NE(game.message().find("line 1, column"), std::string::npos) << game.message();
}

}  // namespace
}  // namespace souk::jaipur

namespace souk::jaipur {
namespace {

// A spectator sees each seat as its opponent does: no hand, no bonus value, and
// nothing that a re-deal of both seats' hidden cards would change.
TEST(JaipurJson, TheSpectatorsViewHoldsNoHandAndNoBonusValue) {
  auto state = std::move(*NewGame({"jaipur", 5, 0, ""}));
  for (int i = 0; i < 30 && !state->is_over(); ++i) ASSERT_TRUE(state->Apply(state->LegalMoves().front()).ok());
  const Json view = state->ViewJson(GameState::kSpectator);
  EXPECT_TRUE(view["viewer"].is_null());
  for (const Json& player : view["players"]) {
    EXPECT_FALSE(player.contains("hand"));
    EXPECT_TRUE(player.contains("hand_size"));
    EXPECT_FALSE(player.contains("bonus_tokens"));
  }
  Prng prng(3);
  for (int k = 0; k < 20; ++k) {
    auto other = state->Clone();
    other->RandomizeHidden(0, prng);
    other->RandomizeHidden(1, prng);
    EXPECT_EQ(other->ViewJson(GameState::kSpectator), view);
  }
}

// Every seat's view read back is the view, along random games (`souk engine` reads them).
TEST(JaipurJson, ViewsReadBackFromTheirJson) {
  for (const GameOptions& options : std::vector<GameOptions>{{"jaipur", 1, 0, ""}, {"jaipur", 2, 0, ""}}) {
    auto game = NewGame(options);
    ASSERT_TRUE(game.ok()) << game.message();
    Prng chooser(options.seed);
    for (int move = 0; move < 300 && !(*game)->is_over(); ++move) {
      for (int seat = 0; seat < (*game)->num_players(); ++seat) {
        auto view = ViewFromJson((*game)->ViewJson(seat));
        ASSERT_TRUE(view.ok()) << view.message();
        ASSERT_TRUE(*view == std::get<View>((*game)->PlayerView(seat)));
      }
      std::string chance = (*game)->SampleChance();
      auto legal = (*game)->LegalMoves();
      ASSERT_TRUE((*game)->Apply(chance.empty() ? legal[chooser.Below(static_cast<uint32_t>(legal.size()))] : chance).ok());
    }
  }
  EXPECT_EQ(ViewFromJson(Json::object()).message().rfind("view: ", 0), 0u);
}

}  // namespace
}  // namespace souk::jaipur

namespace souk::jaipur {
namespace {

// The event of a round's last move carries the table as the round ended, as each may
// see it: a seat's own view (read back whole), a spectator's with no hand of anyone.
TEST(JaipurJson, ARoundsEndEventCarriesTheTableAsTheRoundEnded) {
  auto game = std::move(*NewGame({"jaipur", 5, 0, ""}));
  Prng chooser(9);
  const GameState* before_end = nullptr;
  std::unique_ptr<GameState> before;
  while (!game->is_over()) {
    before = game->Clone();
    const std::vector<std::string> moves = game->LegalMoves();
    ASSERT_TRUE(game->Apply(moves[chooser.Below(static_cast<uint32_t>(moves.size()))]).ok());
    if (game->LastEventJson(0).contains("round_end")) {
      before_end = before.get();
      break;
    }
  }
  ASSERT_NE(before_end, nullptr);
  for (int seat : {0, 1}) {
    const Json end = game->LastEventJson(seat).at("round_end");
    auto table = ViewFromJson(end.at("view"));
    ASSERT_TRUE(table.ok()) << table.message();
    EXPECT_EQ(table->viewer, seat);
    EXPECT_EQ(table->round, std::get<View>(before_end->PlayerView(seat)).round) << "the round that ended, not the next deal";
    EXPECT_EQ(end.at("view").at("players").at(1 - seat).contains("hand"), false);
    const MoveEvent event = std::get<MoveEvent>(game->LastEvent());
    EXPECT_EQ(*table, event.round_end->tables[static_cast<size_t>(seat)]);
  }
  const Json spectator = game->LastEventJson(GameState::kSpectator).at("round_end").at("view");
  EXPECT_TRUE(spectator.at("viewer").is_null());
  for (const Json& player : spectator.at("players")) {
    EXPECT_FALSE(player.contains("hand"));
    EXPECT_FALSE(player.contains("bonus_tokens"));
  }
}

}  // namespace
}  // namespace souk::jaipur

namespace souk::jaipur {
namespace {

// A game a seat lost on time, through the interface: after `plies` random moves,
// the seat to move runs out.
std::unique_ptr<GameState> TimedOutGame(uint64_t seed, int plies) {
  auto game = std::move(*NewGame({"jaipur", seed, 0, ""}));
  Prng chooser(seed);
  for (int i = 0; i < plies && !game->is_over(); ++i) {
    const std::vector<std::string> moves = game->LegalMoves();
    EXPECT_TRUE(game->Apply(moves[chooser.Below(static_cast<uint32_t>(moves.size()))]).ok());
  }
  EXPECT_FALSE(game->is_over());
  EXPECT_TRUE(game->Apply("timeout").ok());
  return game;
}

TEST(JaipurJson, ATimeoutIsNotListedButAppliesAndEndsTheGame) {
  auto game = std::move(*NewGame({"jaipur", 3, 0, ""}));
  const auto legal = game->LegalMoves();
  EXPECT_EQ(std::count(legal.begin(), legal.end(), "timeout"), 0);
  const int loser = game->current_player();
  ASSERT_TRUE(game->Apply("timeout").ok());
  EXPECT_TRUE(game->is_over());
  EXPECT_EQ(game->Winners(), std::vector<int>{1 - loser});
  const Status again = game->Apply("timeout");
  EXPECT_EQ(again.message(), "illegal move 'timeout': the game is over");
}

TEST(JaipurJson, ATimeoutEventSaysWhoRanOutAndWhoWon) {
  auto game = TimedOutGame(7, 9);
  const MoveEvent event = std::get<MoveEvent>(game->LastEvent());
  for (int viewer : {0, 1, GameState::kSpectator}) {
    const Json j = game->LastEventJson(viewer);
    EXPECT_EQ(j.at("action"), "timeout");
    EXPECT_EQ(j.at("seat"), event.seat);
    EXPECT_EQ(j.at("winner"), 1 - event.seat);
    EXPECT_EQ(j.at("move"), "timeout");
    EXPECT_EQ(j.at("chance"), false);
    EXPECT_FALSE(j.contains("round_end"));
  }
}

TEST(JaipurJson, ATimedOutStateRoundTripsAndSaysWhoRanOut) {
  for (int plies : {0, 1, 40, 120}) {
    auto game = TimedOutGame(static_cast<uint64_t>(plies) + 20, plies);
    const Json j = game->ToJson();
    const int loser = std::get<MoveEvent>(game->LastEvent()).seat;
    EXPECT_EQ(j.at("timed_out"), loser);
    EXPECT_EQ(j.at("winner"), 1 - loser);
    EXPECT_EQ(j.at("status"), "game_over");
    auto loaded = StateFromJson(j);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_EQ(loaded->timed_out, loser);
    EXPECT_EQ(DumpJson(StateToJson(*loaded)), DumpJson(j));
    for (int seat : {0, 1}) {
      const Json view_json = game->ViewJson(seat);
      EXPECT_EQ(view_json.at("timed_out"), loser);
      auto view = souk::LoadView(view_json);
      ASSERT_TRUE(view.ok()) << view.message();
      EXPECT_TRUE(std::get<View>(*view) == std::get<View>(game->PlayerView(seat)));
    }
  }
  EXPECT_FALSE(NewJson(1).contains("timed_out")) << "written only when a seat ran out of time";
}

TEST(JaipurJson, TheLoaderRefusesATimeoutTheStateContradicts) {
  Json j = NewJson(1);
  j["timed_out"] = 0;  // but the game goes on
  EXPECT_EQ(LoadError(j), "state: timed_out: set but the game goes on");
  j["timed_out"] = 2;
  EXPECT_EQ(LoadError(j).rfind("state: timed_out: ", 0), 0u) << LoadError(j);
}

}  // namespace
}  // namespace souk::jaipur
