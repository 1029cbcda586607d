// Marrakech through the format layer: the JSON state and view, the loader's errors,
// and the GameState interface (chance node, replays).
#include "format/marrakech_json.h"

#include <algorithm>
#include <functional>
#include <set>

#include <gtest/gtest.h>

#include "core/prng.h"
#include "format/game.h"
#include "format/record.h"

namespace souk::marrakech {
namespace {

struct Mode {
  int players;
  const char* variant;
};
const Mode kModes[] = {{2, ""}, {2, "single-colour"}, {3, ""}, {4, ""}};

std::unique_ptr<GameState> New(int players, const std::string& variant, uint64_t seed) {
  auto game = NewGame(GameOptions{"marrakech", seed, players, variant});
  EXPECT_TRUE(game.ok()) << game.message();
  return std::move(*game);
}

// Plays like `souk demo`: chance outcomes from the game's PRNG, other moves uniform.
std::string NextMove(const GameState& g, Prng& chooser) {
  std::string move = g.SampleChance();
  if (!move.empty()) return move;
  auto legal = g.LegalMoves();
  return legal[chooser.Below(static_cast<uint32_t>(legal.size()))];
}

// States along a few random games of every mode.
std::vector<Json> SampleStates(int games_per_mode, int every) {
  std::vector<Json> states;
  for (const Mode& m : kModes)
    for (int g = 0; g < games_per_mode; ++g) {
      auto game = New(m.players, m.variant, static_cast<uint64_t>(g) + 100);
      Prng chooser(static_cast<uint64_t>(g));
      int step = 0;
      while (!game->is_over()) {
        if (step++ % every == 0) states.push_back(game->ToJson());
        EXPECT_TRUE(game->Apply(NextMove(*game, chooser)).ok());
      }
      states.push_back(game->ToJson());
    }
  return states;
}

std::string LoadError(const Json& j) {
  auto loaded = LoadState(j);
  return loaded.ok() ? "(loaded)" : loaded.message();
}

TEST(MarrakechJson, NewGameStateHasTheDocumentedKeys) {
  Json j = New(3, "", 5)->ToJson();
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"game", "to_move", "phase", "assam", "board", "players", "placed",
                                            "status", "winners", "rng"}));
  EXPECT_EQ(j["game"], "marrakech");
  EXPECT_EQ(j["to_move"], 0);
  EXPECT_EQ(j["phase"], "orient");
  EXPECT_EQ(DumpJson(j["assam"]), R"({"x":3,"y":3,"facing":"N"})");
  ASSERT_EQ(j["board"].size(), 7u);
  for (const Json& row : j["board"]) {
    ASSERT_EQ(row.size(), 7u);
    for (const Json& cell : row) EXPECT_TRUE(cell.is_null());
  }
  ASSERT_EQ(j["players"].size(), 3u);
  for (size_t p = 0; p < 3; ++p) {
    const Json& pj = j["players"][p];
    EXPECT_EQ(pj["dirhams"], 30);
    EXPECT_EQ(pj["colors"], Json::array({p}));
    EXPECT_EQ(pj["pile"].size(), 15u);
    EXPECT_EQ(pj["out"], false);
  }
  EXPECT_EQ(j["placed"], Json::array({0, 0, 0}));
  EXPECT_EQ(j["status"], "playing");
  EXPECT_EQ(j["winners"], Json::array());
  EXPECT_EQ(j["rng"].get<std::string>().size(), 16u);
}

TEST(MarrakechJson, TwoPlayerColoursAndSingleColourVariant) {
  Json two = New(2, "", 1)->ToJson();
  EXPECT_EQ(two["players"][0]["colors"], Json::array({0, 2}));
  EXPECT_EQ(two["players"][1]["colors"], Json::array({1, 3}));
  EXPECT_EQ(two["players"][0]["pile"].size(), 24u);
  EXPECT_EQ(two["placed"].size(), 4u);
  Json single = New(2, "single-colour", 1)->ToJson();
  EXPECT_EQ(single["players"][0]["colors"], Json::array({0}));
  EXPECT_EQ(single["players"][1]["colors"], Json::array({1}));
  EXPECT_EQ(single["players"][1]["pile"].size(), 15u);
  EXPECT_EQ(single["placed"].size(), 2u);
}

TEST(MarrakechJson, BoardCellsShowColourAndCarpetId) {
  auto g = New(4, "", 1);
  ASSERT_TRUE(g->Apply("straight").ok());
  ASSERT_TRUE(g->Apply("roll 2").ok());
  ASSERT_TRUE(g->Apply("place c2 c3").ok());
  Json j = g->ToJson();
  EXPECT_EQ(DumpJson(j["board"][1][2]), R"({"color":0,"carpet":1})");  // c2: x 2, y 1
  EXPECT_EQ(DumpJson(j["board"][2][2]), R"({"color":0,"carpet":1})");
  EXPECT_EQ(j["placed"], Json::array({1, 0, 0, 0}));
  EXPECT_EQ(j["to_move"], 1);
}

TEST(MarrakechJson, JsonRoundTripIsByteIdentical) {
  for (const Json& j : SampleStates(6, 3)) {
    auto loaded = LoadState(j);
    ASSERT_TRUE(loaded.ok()) << loaded.message() << "\n" << DumpJson(j);
    EXPECT_EQ(DumpJson((*loaded)->ToJson()), DumpJson(j));
    auto reparsed = LoadStateText(DumpJson(j));
    ASSERT_TRUE(reparsed.ok());
    EXPECT_EQ(DumpJson((*reparsed)->ToJson()), DumpJson(j));
  }
}

TEST(MarrakechJson, JsonRoundTripGivesAnEqualState) {
  // After carpets are drawn, a state and its JSON round trip are the same position
  // (they once compared unequal on the drawn carpets' stale pile slots).
  for (const Mode& m : kModes) {
    const Variant variant = std::string(m.variant).empty() ? Variant::kStandard : Variant::kSingleColour;
    State s = State::NewGame(m.players, variant, 4);
    Prng chooser(4);
    MoveList moves;
    while (!s.game_over()) {
      auto loaded = StateFromJson(StateToJson(s));
      ASSERT_TRUE(loaded.ok()) << loaded.message();
      ASSERT_EQ(*loaded, s) << DumpJson(StateToJson(s));
      s.LegalMoves(&moves);
      s.ApplyMove(s.phase == Phase::kRoll ? Move::Roll(s.SampleRoll())
                                          : moves[static_cast<int>(chooser.Below(static_cast<uint32_t>(moves.size())))]);
    }
  }
}

TEST(MarrakechJson, LoaderErrorsNameThePath) {
  Json base = New(2, "", 3)->ToJson();
  struct Case {
    std::string expect;
    std::function<void(Json&)> mutate;
  };
  const std::vector<Case> cases = {
      {"state: (top level): missing key \"board\"", [](Json& j) { j.erase("board"); }},
      {"state: to_move: must be from 0 to 1", [](Json& j) { j["to_move"] = 2; }},
      {"state: phase: expected \"orient\", \"roll\", \"place\" or \"game_over\"", [](Json& j) { j["phase"] = "move"; }},
      {"state: status: is \"game_over\" exactly when phase is \"game_over\"", [](Json& j) { j["status"] = "game_over"; }},
      {"state: assam.x: must be from 0 to 6", [](Json& j) { j["assam"]["x"] = 7; }},
      {"state: assam.facing: expected \"N\", \"E\", \"S\" or \"W\"", [](Json& j) { j["assam"]["facing"] = "NE"; }},
      {"state: board: expected 7 elements, found 6", [](Json& j) { j["board"].erase(0); }},
      {"state: board[2]: expected an array, found null", [](Json& j) { j["board"][2] = nullptr; }},
      {"state: board[2][5]: expected an object, found a number", [](Json& j) { j["board"][2][5] = 3; }},
      {"state: board[2][5]: missing key \"carpet\"", [](Json& j) { j["board"][2][5] = Json{{"color", 1}}; }},
      {"state: board[2][5].color: must be from 0 to 3", [](Json& j) { j["board"][2][5] = Json{{"color", 4}, {"carpet", 1}}; }},
      {"state: board[2][5].carpet: carpet 1 has not been placed (0 placed)",
       [](Json& j) { j["board"][2][5] = Json{{"color", 1}, {"carpet", 1}}; }},
      {"state: players: expected 2 to 4 elements, found 1", [](Json& j) { j["players"].erase(1); }},
      {"state: players[1].colors: must be [1, 3] (two-player game: seat p owns colours p and p + 2)",
       [](Json& j) { j["players"][1]["colors"] = Json::array({3, 1}); }},
      {"state: players[0].dirhams: expected a whole number, found a string",
       [](Json& j) { j["players"][0]["dirhams"] = "30"; }},
      {"state: players[0].pile[3]: must be from 0 to 3", [](Json& j) { j["players"][0]["pile"][3] = 9; }},
      {"state: players[0].pile[0]: colour 1 is not one of the player's colours",
       [](Json& j) { j["players"][0]["pile"][0] = 1; }},
      {"state: players[1].out: expected true or false, found a number", [](Json& j) { j["players"][1]["out"] = 0; }},
      {"state: players: 61 dirhams in all, the game has 60", [](Json& j) { j["players"][1]["dirhams"] = 31; }},
      {"state: placed: expected 4 elements, found 3", [](Json& j) { j["placed"].erase(3); }},
      {"state: winners[1]: seat 0 is listed twice", [](Json& j) { j["winners"] = Json::array({0, 0}); }},
      {"state: winners: must be empty while the game goes on", [](Json& j) { j["winners"] = Json::array({1}); }},
      {"state: rng: expected 16 lower-case hex digits", [](Json& j) { j["rng"] = "XYZ"; }},
      {"game: unknown game 'marrakesh' (games: jaipur, marrakech)", [](Json& j) { j["game"] = "marrakesh"; }},
  };
  for (const Case& c : cases) {
    Json j = base;
    c.mutate(j);
    EXPECT_EQ(LoadError(j), c.expect);
  }
  EXPECT_EQ(LoadError(base), "(loaded)");

  Json j = base;
  int c = j["players"][0]["pile"][0].get<int>();
  j["players"][0]["pile"].erase(0);
  EXPECT_EQ(LoadError(j), "state: players[0].pile: colour " + std::to_string(c) +
                              " has 0 carpets placed and 11 on the pile; the game has 12");
}

TEST(MarrakechJson, LoaderRunsValidate) {
  // Syntactically fine, but the carpet lies on two squares that are not adjacent.
  Json j = New(3, "", 3)->ToJson();
  j["board"][0][0] = Json{{"color", 0}, {"carpet", 1}};
  j["board"][0][2] = Json{{"color", 0}, {"carpet", 1}};
  j["placed"][0] = 1;
  j["players"][0]["pile"].erase(0);
  j["to_move"] = 1;
  EXPECT_EQ(LoadError(j), "state: board[0][2]: the two halves of carpet 1 (a1, c1) are not adjacent");
  j["board"][0][2] = nullptr;
  j["board"][0][1] = Json{{"color", 0}, {"carpet", 1}};
  EXPECT_EQ(LoadError(j), "(loaded)");
}

TEST(MarrakechJson, FuzzedLoaderNeverCrashesAndAlwaysExplains) {
  std::vector<Json> states = SampleStates(1, 17);
  Prng prng(777);
  const std::vector<Json> values = {nullptr, true, false, 0, 1, -1, 2, 3, 6, 7, 48, 49, 255, 1000, -100000, 0.5,
                                    "", "N", "x", "place", "orient", "game_over", Json::array(), Json::object(),
                                    Json::array({0, 1}), Json{{"color", 1}, {"carpet", 2}}};
  int loaded = 0, rejected = 0;
  for (int i = 0; i < 4000; ++i) {
    Json j = states[prng.Below(static_cast<uint32_t>(states.size()))];
    int edits = 1 + static_cast<int>(prng.Below(3));
    for (int e = 0; e < edits; ++e) {
      // Walk to a random node, then replace, delete or add something there.
      Json* node = &j;
      while ((node->is_object() || node->is_array()) && !node->empty() && prng.Below(3) != 0) {
        size_t k = prng.Below(static_cast<uint32_t>(node->size()));
        auto it = node->begin();
        std::advance(it, static_cast<std::ptrdiff_t>(k));
        node = &*it;
      }
      const Json& v = values[prng.Below(static_cast<uint32_t>(values.size()))];
      switch (prng.Below(4)) {
        case 0:
          *node = v;
          break;
        case 1:
          if (node->is_object() && !node->empty()) node->erase(node->begin());
          else if (node->is_array() && !node->empty()) node->erase(node->size() - 1);
          break;
        case 2:
          if (node->is_array()) node->push_back(v);
          else if (node->is_object()) (*node)["extra"] = v;
          break;
        default:
          if (node->is_number_integer()) *node = node->get<int64_t>() + (prng.Below(2) ? 1 : -1);
          break;
      }
    }
    std::string text = DumpJson(j);
    if (prng.Below(8) == 0) text = text.substr(0, prng.Below(static_cast<uint32_t>(text.size())));
    auto state = LoadStateText(text);
    if (state.ok()) {
      ++loaded;
      ASSERT_TRUE((*state)->Validate().ok());
      std::string dumped = DumpJson((*state)->ToJson());
      auto again = LoadStateText(dumped);
      ASSERT_TRUE(again.ok()) << again.message();
      EXPECT_EQ(DumpJson((*again)->ToJson()), dumped);
      // A loaded state plays on without trouble.
      auto legal = (*state)->LegalMoves();
      if (!(*state)->is_over()) {
        ASSERT_FALSE(legal.empty());
        EXPECT_TRUE((*state)->Apply(legal[0]).ok());
      }
    } else {
      ++rejected;
      const std::string& m = state.message();
      bool named = m.rfind("state: ", 0) == 0 || m.rfind("invalid JSON", 0) == 0 || m.rfind("game: ", 0) == 0;
      EXPECT_TRUE(named) << m;
    }
  }
  EXPECT_GT(loaded, 50);
  EXPECT_GT(rejected, 1000);
}

TEST(MarrakechJson, ViewShowsPublicInformationOnly) {
  auto g = New(2, "", 9);
  Json v = g->ViewJson(1);
  std::vector<std::string> keys;
  for (auto it = v.begin(); it != v.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"game", "viewer", "to_move", "phase", "assam", "board", "players",
                                            "status", "winners"}));
  EXPECT_EQ(v["viewer"], 1);
  EXPECT_EQ(DumpJson(v["players"][0]), R"({"dirhams":30,"colors":[0,2],"pile_size":24,"carpets_left":[12,12],"out":false,"squares":0,"score":30})");
  std::string text = DumpJson(v);
  EXPECT_EQ(text.find("\"pile\""), std::string::npos);
  EXPECT_EQ(text.find("rng"), std::string::npos);
}

TEST(MarrakechJson, ViewShowsTheCurrentCarpetInThePlacePhaseOnly) {
  auto g = New(2, "", 9);
  ASSERT_TRUE(g->Apply("left").ok());
  EXPECT_FALSE(g->ViewJson(0).contains("current_carpet"));
  ASSERT_TRUE(g->Apply("roll 1").ok());
  Json state = g->ToJson();
  for (int viewer = 0; viewer < 2; ++viewer) {
    Json v = g->ViewJson(viewer);
    ASSERT_TRUE(v.contains("current_carpet"));
    EXPECT_EQ(v["current_carpet"], state["players"][0]["pile"][0]);
  }
}

TEST(MarrakechJson, RandomizeHiddenKeepsEveryView) {
  for (const Json& j : SampleStates(2, 5)) {
    auto g = LoadState(j);
    ASSERT_TRUE(g.ok());
    Prng prng(4);
    for (int observer = 0; observer < (*g)->num_players(); ++observer) {
      auto r = (*g)->Clone();
      r->RandomizeHidden(observer, prng);
      ASSERT_TRUE(r->Validate().ok()) << r->Validate().message();
      for (int p = 0; p < (*g)->num_players(); ++p)
        EXPECT_EQ(DumpJson(r->ViewJson(p)), DumpJson((*g)->ViewJson(p)));
    }
  }
}

TEST(MarrakechJson, RollIsAChanceNodeThroughTheInterface) {
  auto g = New(3, "", 1);
  EXPECT_EQ(g->current_player(), 0);
  EXPECT_EQ(g->SampleChance(), "");
  ASSERT_TRUE(g->Apply("right").ok());
  EXPECT_EQ(g->current_player(), GameState::kChance);
  EXPECT_EQ(g->ToJson()["to_move"], 0);
  EXPECT_EQ(g->LegalMoves(), (std::vector<std::string>{"roll 1", "roll 2", "roll 3", "roll 4"}));
  std::string before = DumpJson(g->ToJson());
  std::string sample = g->SampleChance();
  EXPECT_EQ(DumpJson(g->ToJson()), before);  // sampling changes nothing
  EXPECT_EQ(g->SampleChance(), sample);
  Json j = g->ToJson();
  Prng copy(*Prng::ParseHex(j["rng"].get<std::string>()));
  EXPECT_EQ(sample, "roll " + std::to_string(DrawRoll(copy)));
  ASSERT_TRUE(g->Apply(sample).ok());
  EXPECT_EQ(g->current_player(), 0);
  EXPECT_EQ(g->ToJson()["phase"], "place");
}

TEST(MarrakechJson, LiveGameAndReplayOfItsRecordAreByteIdentical) {
  for (const Mode& m : kModes) {
    GameRecord record{GameOptions{"marrakech", 31, m.players, m.variant}, {}};
    auto live = New(m.players, m.variant, 31);
    Prng chooser(5);
    std::vector<std::string> states = {DumpJson(live->ToJson())};
    while (!live->is_over()) {
      std::string move = NextMove(*live, chooser);
      ASSERT_TRUE(live->Apply(move).ok());
      record.moves.push_back(move);
      states.push_back(DumpJson(live->ToJson()));
    }
    auto parsed = ParseRecord(FormatRecord(record));
    ASSERT_TRUE(parsed.ok());
    std::vector<std::string> replayed;
    auto final_state = Replay(*parsed, [&](const GameState& s) { replayed.push_back(DumpJson(s.ToJson())); });
    ASSERT_TRUE(final_state.ok()) << final_state.message();
    EXPECT_EQ(replayed, states);
  }
}

TEST(MarrakechJson, LegalMovesAreSortedUniqueAndAllApply) {
  for (const Json& j : SampleStates(2, 4)) {
    auto g = LoadState(j);
    ASSERT_TRUE(g.ok());
    auto legal = (*g)->LegalMoves();
    EXPECT_TRUE(std::is_sorted(legal.begin(), legal.end()));
    EXPECT_EQ(std::set<std::string>(legal.begin(), legal.end()).size(), legal.size());
    for (const std::string& m : legal) {
      auto copy = (*g)->Clone();
      EXPECT_TRUE(copy->Apply(m).ok()) << m;
      EXPECT_TRUE(copy->Validate().ok());
    }
  }
}

TEST(MarrakechJson, BadMoveLeavesTheStateUnchanged) {
  auto g = New(2, "", 1);
  std::string before = DumpJson(g->ToJson());
  Status s = g->Apply("place z9 a1");
  EXPECT_EQ(s.message(), "bad move 'place z9 a1': 'z9' is not a square (a1..g7)");
  s = g->Apply("roll 3");
  EXPECT_EQ(s.message(), "illegal move 'roll 3': player 0 must first orient Assam (left, straight or right)");
  ASSERT_TRUE(g->Apply("straight").ok());
  ASSERT_TRUE(g->Apply("roll 1").ok());
  s = g->Apply("place D4 d3");
  EXPECT_EQ(s.message(), "illegal move 'place d3 d4': a carpet may not cover Assam's square d3");
  EXPECT_TRUE(g->Apply("PLACE d2  c2").ok());
  EXPECT_NE(DumpJson(g->ToJson()), before);
}

TEST(MarrakechJson, NewGameOptions) {
  EXPECT_EQ(New(0, "", 1)->num_players(), 2);  // players 0: the default, 2
  EXPECT_EQ(New(0, "", 1)->ToJson()["players"][0]["colors"], Json::array({0, 2}));
  EXPECT_EQ(New(4, "", 1)->num_players(), 4);
  auto bad = [](int players, const std::string& variant) {
    auto g = NewGame(GameOptions{"marrakech", 1, players, variant});
    return g.ok() ? "(ok)" : g.message();
  };
  EXPECT_EQ(bad(5, ""), "marrakech is a game for 2, 3 or 4 players");
  EXPECT_EQ(bad(1, ""), "marrakech is a game for 2, 3 or 4 players");
  EXPECT_EQ(bad(3, "single-colour"), "the single-colour variant of marrakech is for 2 players");
  EXPECT_EQ(bad(2, "pink"), "marrakech has no variant 'pink' (variants: single-colour)");
  EXPECT_EQ(bad(0, "single-colour"), "(ok)");
}

TEST(MarrakechJson, ScoresAndWinnersThroughTheInterface) {
  auto g = New(4, "", 2);
  Prng chooser(2);
  EXPECT_EQ(g->Scores(), (std::vector<int>{30, 30, 30, 30}));
  EXPECT_TRUE(g->Winners().empty());
  while (!g->is_over()) ASSERT_TRUE(g->Apply(NextMove(*g, chooser)).ok());
  auto scores = g->Scores();
  auto winners = g->Winners();
  ASSERT_FALSE(winners.empty());
  Json j = g->ToJson();
  EXPECT_EQ(j["status"], "game_over");
  EXPECT_EQ(j["phase"], "game_over");
  EXPECT_EQ(j["winners"].size(), winners.size());
  int best = *std::max_element(scores.begin(), scores.end());
  for (int w : winners) EXPECT_EQ(scores[static_cast<size_t>(w)], best);
  EXPECT_TRUE(g->LegalMoves().empty());
  EXPECT_EQ(g->Apply("left").message(), "illegal move 'left': the game is over");
}

// Every seat's view read back is the view, along random games (`souk engine` reads them).
TEST(MarrakechJson, ViewsReadBackFromTheirJson) {
  for (const GameOptions& options : std::vector<GameOptions>{{"marrakech", 1, 2, ""}, {"marrakech", 2, 2, "single-colour"}, {"marrakech", 3, 3, ""}, {"marrakech", 4, 4, ""}}) {
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
}  // namespace souk::marrakech

namespace souk::marrakech {
namespace {

TEST(MarrakechJson, ATimeoutIsNotListedButAppliesInEveryPhase) {
  auto g = New(4, "", 8);
  for (const char* phase : {"orient", "roll", "place"}) {
    ASSERT_EQ(g->ToJson()["phase"], phase);
    const auto legal = g->LegalMoves();
    EXPECT_EQ(std::count(legal.begin(), legal.end(), "timeout"), 0) << phase;
    auto probe = g->Clone();
    const int mover = g->ToJson()["to_move"];
    ASSERT_TRUE(probe->Apply("timeout").ok()) << phase;
    const Json j = probe->ToJson();
    EXPECT_EQ(j["players"][mover]["out"], true) << phase;
    EXPECT_EQ(j["players"][mover]["dirhams"], 0) << phase;
    EXPECT_EQ(j["timed_out"], Json::array({mover})) << phase;
    EXPECT_EQ(j["dirhams_lost"], 30) << phase;
    EXPECT_EQ(j["to_move"], (mover + 1) % 4) << phase;
    EXPECT_EQ(j["phase"], "orient") << phase;
    const Json event = probe->LastEventJson(GameState::kSpectator);
    EXPECT_EQ(event.at("action"), "timeout");
    EXPECT_EQ(event.at("seat"), mover);
    EXPECT_EQ(event.at("out"), Json::array({mover}));
    EXPECT_EQ(event.at("move"), "timeout");
    EXPECT_EQ(event.at("chance"), false);
    EXPECT_FALSE(event.contains("winners")) << "three players are still in";
    std::string chance = g->SampleChance();
    ASSERT_TRUE(g->Apply(chance.empty() ? (std::string(phase) == "orient" ? "straight" : g->LegalMoves()[0]) : chance).ok());
  }
}

TEST(MarrakechJson, WithTwoPlayersATimeoutEndsTheGameAndIsRefusedAfter) {
  auto g = New(2, "", 5);
  ASSERT_TRUE(g->Apply("timeout").ok());
  EXPECT_TRUE(g->is_over());
  EXPECT_EQ(g->Winners(), std::vector<int>{1});
  EXPECT_EQ(g->LastEventJson(0).at("winners"), Json::array({1}));
  EXPECT_EQ(g->Apply("timeout").message(), "illegal move 'timeout': the game is over");
}

TEST(MarrakechJson, ATimedOutStateAndItsViewsRoundTrip) {
  for (const Mode& m : kModes) {
    auto g = New(m.players, m.variant, 12);
    Prng chooser(12);
    for (int i = 0; i < 13; ++i) ASSERT_TRUE(g->Apply(NextMove(*g, chooser)).ok());
    ASSERT_FALSE(g->is_over());
    ASSERT_TRUE(g->Apply("timeout").ok());
    const Json j = g->ToJson();
    ASSERT_TRUE(j.contains("timed_out"));
    auto loaded = StateFromJson(j);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    EXPECT_NE(loaded->timed_out, 0);
    EXPECT_EQ(DumpJson(StateToJson(*loaded)), DumpJson(j));
    for (int seat = 0; seat < m.players; ++seat) {
      auto view = souk::LoadView(g->ViewJson(seat));
      ASSERT_TRUE(view.ok()) << view.message();
      EXPECT_TRUE(std::get<View>(*view) == std::get<View>(g->PlayerView(seat)));
    }
  }
  EXPECT_FALSE(StateToJson(State::NewGame(3, Variant::kStandard, 1)).contains("timed_out"))
      << "written only once a seat ran out of time";
  Json lost = StateToJson(State::NewGame(3, Variant::kStandard, 1));
  lost["dirhams_lost"] = 5;
  EXPECT_EQ(LoadError(lost), "state: dirhams_lost: no seat ran out of time");
}

}  // namespace
}  // namespace souk::marrakech
