#include "server/game_service.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <future>

#include "format/record.h"
#include "server/test_service.h"
#include "server/tokens.h"

namespace souk::server {
namespace {

class GameServiceTest : public testing::ServiceOnDiskTest {
 protected:
  GameServiceTest() : ServiceOnDiskTest("service_test") { options_.bot_threads = 2; }
  // Plays pseudo-random legal moves for every human seat whose token is given, until
  // the end (always the first one could exchange back and forth for ever).
  void PlayOut(const std::string& id, const std::map<int, std::string>& tokens) {
    uint64_t lcg = 12345;
    for (int guard = 0; guard < 5000; ++guard) {
      service_->WaitForBots();
      Json any = Snapshot(id, -1);
      if (any["over"].get<bool>()) return;
      int to_move = any["to_move"].get<int>();
      ASSERT_TRUE(tokens.count(to_move)) << "a bot did not play seat " << to_move;
      auto seat = service_->SeatOf(id, tokens.at(to_move));
      ASSERT_TRUE(seat.ok());
      Json mine = Snapshot(id, *seat);
      ASSERT_FALSE(mine["legal"].empty());
      lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
      const size_t pick = (lcg >> 33) % mine["legal"].size();
      Status st = service_->Move(id, *seat, mine["legal"][pick].get<std::string>());
      ASSERT_TRUE(st.ok()) << st.message();
    }
    FAIL() << "the game did not end";
  }
};

TEST_F(GameServiceTest, AJaipurGameAgainstABotIsPlayedAndStoredToTheEnd) {
  Created c = Make("jaipur", {"human", "random"});
  PlayOut(c.game_id, {{0, c.token}});
  auto stored = store_->LoadGame(c.game_id);
  ASSERT_TRUE(stored.ok());
  EXPECT_TRUE(stored->finished);
  EXPECT_EQ(stored->moves.size(), Snapshot(c.game_id, 0)["move_count"].get<size_t>());
}

TEST_F(GameServiceTest, AFinishedGameReleasesItsBots) {
  Created c = Make("marrakech", {"human", "mcts:iterations=200", "greedy"});
  EXPECT_EQ(service_->BotsHeld(), 2);
  PlayOut(c.game_id, {{0, c.token}});
  EXPECT_EQ(service_->BotsHeld(), 0) << "a search tree outlived its game";
  // Read back after a restart for its record, it makes none.
  Reopen();
  ASSERT_TRUE(service_->Record(c.game_id).ok());
  EXPECT_EQ(service_->BotsHeld(), 0);
}

TEST_F(GameServiceTest, AMarrakechGameWithInvitesAndBotsIsPlayedToTheEnd) {
  Created c = Make("marrakech", {"human", "human", "greedy"});
  ASSERT_EQ(c.invites.size(), 1u);
  auto joined = service_->Join(c.game_id, c.invites[0].second, "Bob");
  ASSERT_TRUE(joined.ok()) << joined.message();
  EXPECT_EQ(joined->seat, 1);
  EXPECT_FALSE(service_->Join(c.game_id, c.invites[0].second, "Eve").ok()) << "an invite works once";
  PlayOut(c.game_id, {{0, c.token}, {1, joined->token}});
  // The rolls are moves of the record like any other.
  auto stored = store_->LoadGame(c.game_id);
  EXPECT_NE(std::find_if(stored->moves.begin(), stored->moves.end(), [](const std::string& m) { return m.rfind("roll ", 0) == 0; }),
            stored->moves.end());
}

TEST_F(GameServiceTest, BadRequestsAreRefusedWithReasons) {
  CreateRequest r{"jaipur", 0, "", {{"human", ""}}, 0, ""};
  EXPECT_EQ(service_->Create(r).message(), "seats: 1 given for a game of 2 players");
  r.seats = {{"hard", ""}, {"human", ""}};
  EXPECT_EQ(service_->Create(r).message(), "creator_seat: must be one of the human seats");
  r.seats = {{"human", ""}, {"grandmaster", ""}};
  EXPECT_NE(service_->Create(r).message().find("seats[1].player: "), std::string::npos);
  r.seats = {{"human", ""}, {"mcts:time=3600000,threads=64", ""}};
  EXPECT_NE(service_->Create(r).message().find("seats[1].player: at most 200000 iterations, 5000 ms and 2 threads"),
            std::string::npos) << "one request cannot tie up the bot workers";
  r.seats = {{"human", ""}, {"mcts:clock=2501", ""}};  // a move on a clock may think twice its mean
  EXPECT_NE(service_->Create(r).message().find("5000 ms"), std::string::npos);
  r.seats = {{"human", ""}, {"mcts:clock=2500", ""}};
  EXPECT_TRUE(service_->Create(r).ok());
  r.game = "chess";
  EXPECT_FALSE(service_->Create(r).ok());

  Created c = Make("jaipur", {"human", "human"});
  EXPECT_EQ(service_->SeatOf(c.game_id, "0123").message(), "token: not a seat of game " + c.game_id);
  EXPECT_EQ(service_->SeatOf("nope", c.token).message(), "no game nope");
  EXPECT_EQ(*service_->SeatOf(c.game_id, ""), -1) << "no token: a spectator";
  Json s = Snapshot(c.game_id, 0);
  const int to_move = s["to_move"].get<int>();
  EXPECT_EQ(service_->Move(c.game_id, 1 - to_move, "camels").message(),
            "not your turn: seat " + std::to_string(to_move) + " is to move");
  EXPECT_EQ(service_->Move(c.game_id, -1, "camels").message(),
            "not your turn: seat " + std::to_string(to_move) + " is to move");
  EXPECT_EQ(service_->Move(c.game_id, to_move, "CAMELS").message(),
            "move 'CAMELS': not in canonical text (as the list of legal moves writes it)");
  EXPECT_NE(service_->Move(c.game_id, to_move, "fly away").message().find("'fly away'"), std::string::npos);
  EXPECT_EQ(store_->LoadGame(c.game_id)->moves.size(), 0u) << "nothing refused was stored";
}

// The clock's `timeout` is a move the engine applies but no client may send: it is
// never among the legal moves, so the move route refuses it (docs/rules/jaipur.md and
// docs/rules/marrakech.md, "Out of time").
TEST_F(GameServiceTest, AClientCannotSendTheClocksTimeout) {
  for (const char* game : {"jaipur", "marrakech"}) {
    Created c = Make(game, {"human", "human"});
    const int to_move = Snapshot(c.game_id, -1)["to_move"].get<int>();
    const Json mine = Snapshot(c.game_id, to_move);
    ASSERT_FALSE(mine["legal"].empty()) << game;
    for (const Json& m : mine["legal"]) EXPECT_NE(m, "timeout") << game;
    const Status sent = service_->Move(c.game_id, to_move, "timeout");
    EXPECT_EQ(sent.error_code(), ErrorCode::kIllegalMove) << game;
    EXPECT_EQ(sent.message(), "illegal move 'timeout': only the game's clock plays it") << game;
    EXPECT_EQ(store_->LoadGame(c.game_id)->moves.size(), 0u) << game << ": nothing refused was stored";
    EXPECT_FALSE(Snapshot(c.game_id, -1)["over"].get<bool>()) << game;
  }
}

TEST_F(GameServiceTest, EachListenerHearsOnlyWhatItsSeatMayKnow) {
  Created c = Make("jaipur", {"human", "human"});
  auto joined = service_->Join(c.game_id, c.invites[0].second, "");
  ASSERT_TRUE(joined.ok());
  std::vector<std::vector<std::string>> heard(3);
  for (int seat : {0, 1, -1})
    ASSERT_TRUE(service_->Subscribe(c.game_id, seat, [&heard, seat](const std::string& m) {
      heard[static_cast<size_t>(seat + 1)].push_back(m);
    }).ok());
  PlayOut(c.game_id, {{0, c.token}, {1, joined->token}});
  // The full state after every move, from the stored seed and moves: each seat's
  // message must hold exactly that seat's view of it.
  auto stored = store_->LoadGame(c.game_id);
  ASSERT_TRUE(stored.ok());
  GameRecord record;
  record.options = stored->options;
  record.moves = stored->moves;
  std::vector<std::array<Json, 2>> views;
  ASSERT_TRUE(Replay(record, [&views](const GameState& s) { views.push_back({s.ViewJson(0), s.ViewJson(1)}); }).ok());
  int bonus_values_heard = 0;
  for (int listener : {-1, 0, 1}) {
    const auto& messages = heard[static_cast<size_t>(listener + 1)];
    ASSERT_GT(messages.size(), 20u);
    for (const std::string& text : messages) {
      Json m = ParseJson(text).value();
      if (listener >= 0) {
        EXPECT_EQ(m["view"], views.at(m["move_count"].get<size_t>())[static_cast<size_t>(listener)]) << text;
      }
      for (int p = 0; p < 2; ++p) {
        const Json& player = m["view"]["players"][static_cast<size_t>(p)];
        const bool own = p == listener;
        EXPECT_EQ(player.contains("hand"), own) << text;
        EXPECT_EQ(player.contains("bonus_tokens"), own) << text;
      }
      EXPECT_FALSE(m["view"].contains("deck")) << text;
      EXPECT_FALSE(m["view"].contains("rng")) << text;
      EXPECT_EQ(text.find("\"seed\""), std::string::npos) << text;  // a key: an id may hold the letters
      EXPECT_EQ(text.find("hash"), std::string::npos) << text;
      EXPECT_EQ(text.find("pile\""), std::string::npos) << text;
      if (listener < 0) {
        EXPECT_TRUE(m["legal"].empty());
      }
      // A bonus token's value reaches its seller only.
      if (m["event"].is_object() && m["event"].value("bonus", false) && !m["event"].contains("round_end")) {
        EXPECT_EQ(m["event"].contains("bonus_value"), m["event"]["seat"] == listener) << text;
      }
      if (m["event"].is_object() && m["event"].contains("bonus_value")) ++bonus_values_heard;
    }
  }
  EXPECT_GT(bonus_values_heard, 0) << "the game had no bonus to check";
}

TEST_F(GameServiceTest, MarrakechListenersNeverHearThePilesOrTheSeed) {
  Created c = Make("marrakech", {"human", "greedy"});
  std::vector<std::string> heard;
  ASSERT_TRUE(service_->Subscribe(c.game_id, 0, [&heard](const std::string& m) { heard.push_back(m); }).ok());
  ASSERT_TRUE(service_->Subscribe(c.game_id, -1, [&heard](const std::string& m) { heard.push_back(m); }).ok());
  PlayOut(c.game_id, {{0, c.token}});
  ASSERT_GT(heard.size(), 40u);
  int tributes = 0;
  for (const std::string& text : heard) {
    Json m = ParseJson(text).value();
    for (const Json& player : m["view"]["players"]) EXPECT_FALSE(player.contains("pile")) << text;
    EXPECT_EQ(text.find("\"pile\""), std::string::npos) << text;
    // As keys: a random game id may hold the letters ("f6w7s5rng3p2" did).
    EXPECT_EQ(text.find("\"rng\""), std::string::npos) << text;
    EXPECT_EQ(text.find("\"seed\""), std::string::npos) << text;
    if (m["event"].is_object() && m["event"].contains("tribute")) ++tributes;
  }
  EXPECT_GT(tributes, 0) << "the game had no tribute to tell";
}

TEST_F(GameServiceTest, ARestartedServiceCarriesOnEveryUnfinishedGame) {
  Created c = Make("marrakech", {"human", "easy"});
  for (int i = 0; i < 3; ++i) {
    service_->WaitForBots();
    Json s = Snapshot(c.game_id, 0);
    ASSERT_TRUE(service_->Move(c.game_id, 0, s["legal"][0].get<std::string>()).ok());
  }
  service_->WaitForBots();
  const Json before = Snapshot(c.game_id, 0);
  Reopen();
  ASSERT_TRUE(service_->Restore().ok());
  service_->WaitForBots();
  Json after = Snapshot(c.game_id, 0);
  EXPECT_EQ(after["view"], before["view"]);
  EXPECT_EQ(after["move_count"], before["move_count"]);
  EXPECT_EQ(*service_->SeatOf(c.game_id, c.token), 0) << "the seat token still works";
  PlayOut(c.game_id, {{0, c.token}});
}

TEST_F(GameServiceTest, TheLobbyListsMyGamesAndWhoseTurnItIs) {
  Created a = Make("jaipur", {"human", "human"});
  Created b = Make("marrakech", {"human", "easy", "easy"});
  service_->WaitForBots();
  auto lobby = service_->GamesOfTokens({a.token, b.token, "not-a-token"});
  ASSERT_TRUE(lobby.ok()) << lobby.message();
  ASSERT_EQ(lobby->size(), 2u);
  for (const Json& line : *lobby) {
    EXPECT_TRUE(line["game_id"] == a.game_id || line["game_id"] == b.game_id);
    EXPECT_EQ(line["your_turn"].get<bool>(), line["to_move"] == line["seat"]);
  }
}

TEST_F(GameServiceTest, PreviewTellsWhatAMoveWouldDoOrTheRuleThatForbidsIt) {
  Created c = Make("jaipur", {"human", "human"});
  auto joined = service_->Join(c.game_id, c.invites[0].second, "Bob");
  ASSERT_TRUE(joined.ok());
  Json shared = Snapshot(c.game_id, -1);
  const int to_move = shared["to_move"].get<int>();
  const int other = 1 - to_move;
  const Json mine = Snapshot(c.game_id, to_move);
  const std::string move = mine["legal"][0].get<std::string>();

  auto legal = service_->Preview(c.game_id, to_move, move);
  ASSERT_TRUE(legal.ok()) << legal.message();
  EXPECT_TRUE((*legal)["legal"].get<bool>());
  EXPECT_EQ((*legal)["event"]["move"], move);
  EXPECT_FALSE((*legal)["event"].contains("bonus_value"));

  auto illegal = service_->Preview(c.game_id, to_move, "sell 1 diamond");
  ASSERT_TRUE(illegal.ok());
  EXPECT_FALSE((*illegal)["legal"].get<bool>());
  EXPECT_NE((*illegal)["error"].get<std::string>().find("diamond"), std::string::npos) << (*illegal)["error"];
  EXPECT_EQ((*illegal)["code"], "illegal_move");
  auto in_french = service_->Preview(c.game_id, to_move, "sell 1 diamond", Lang::kFr);
  ASSERT_TRUE(in_french.ok());
  EXPECT_EQ((*in_french)["error"].get<std::string>().rfind("coup illégal 'sell 1 diamond'", 0), 0u) << (*in_french)["error"];
  EXPECT_EQ((*in_french)["code"], "illegal_move") << "the code is the same in every language";

  EXPECT_EQ(service_->Preview(c.game_id, other, move).message().rfind("not your turn", 0), 0u);
  EXPECT_EQ(service_->Preview(c.game_id, other, move).error_code(), ErrorCode::kNotYourTurn);
  // A preview plays nothing.
  EXPECT_EQ(Snapshot(c.game_id, -1)["move_count"], 0);
}

// Issue 17, defect 1: the engine's parser accepts "sell 1 leathers" and "sell 1
// LEATHER", and describing such a move read a token pile that does not exist
// (undefined behaviour: a crash within a few hundred previews). A preview is
// checked like a move: only the canonical text is described.
TEST_F(GameServiceTest, APreviewInAnotherSpellingIsRefusedLikeTheMove) {
  int sales_tried = 0;
  for (int game = 0; game < 20 && sales_tried < 50; ++game) {
    Created c = Make("jaipur", {"human", "human"});
    auto joined = service_->Join(c.game_id, c.invites[0].second, "");
    ASSERT_TRUE(joined.ok());
    const Json shared = Snapshot(c.game_id, -1);
    const int to_move = shared["to_move"].get<int>();
    const Json mine = Snapshot(c.game_id, to_move);
    for (const Json& m : mine["legal"]) {
      const std::string move = m.get<std::string>();
      if (move.rfind("sell ", 0) != 0) continue;
      std::string upper = move;
      for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      for (const std::string& variant : {move + "s", "sell " + upper.substr(5), "  " + move, move + " "}) {
        auto preview = service_->Preview(c.game_id, to_move, variant);
        ASSERT_TRUE(preview.ok()) << variant << ": " << preview.message();
        EXPECT_FALSE((*preview)["legal"].get<bool>()) << variant;
        EXPECT_EQ((*preview)["error"], "move '" + variant + "': not in canonical text (as the list of legal moves writes it)");
        EXPECT_EQ((*preview)["code"], "not_canonical");
        EXPECT_EQ(service_->Move(c.game_id, to_move, variant).code(), StatusCode::kIllegalMove) << variant;
        EXPECT_EQ(service_->Move(c.game_id, to_move, variant).error_code(), ErrorCode::kNotCanonical) << variant;
      }
      ++sales_tried;
    }
  }
  EXPECT_GE(sales_tried, 10) << "the deals gave too few sales to try";
}

TEST_F(GameServiceTest, APreviewedSaleNeverTellsTheBonusValueOrTheNextDeal) {
  // A sale that takes a bonus token: the preview says a bonus comes, not which.
  for (uint64_t attempt = 0; attempt < 200; ++attempt) {
    Created c = Make("jaipur", {"human", "random"});
    service_->WaitForBots();
    Json mine = Snapshot(c.game_id, 0);
    for (const Json& m : mine["legal"]) {
      const std::string move = m.get<std::string>();
      if (move.rfind("sell 3", 0) != 0 && move.rfind("sell 4", 0) != 0 && move.rfind("sell 5", 0) != 0) continue;
      auto preview = service_->Preview(c.game_id, 0, move);
      ASSERT_TRUE(preview.ok());
      EXPECT_TRUE((*preview)["event"]["bonus"].get<bool>());
      EXPECT_FALSE((*preview)["event"].contains("bonus_value"));
      EXPECT_FALSE((*preview)["event"].contains("round_end"));
      return;
    }
  }
  FAIL() << "no deal gave a sale of three cards";
}

TEST_F(GameServiceTest, HintsRankTheMovesOfASeatPlayingBotsOnly) {
  Created c = Make("jaipur", {"human", "easy"});
  service_->WaitForBots();
  Json mine = Snapshot(c.game_id, 0);
  std::promise<Json> reply;
  if (mine["legal"].empty()) GTEST_SKIP() << "the bot starts";
  service_->Hint(c.game_id, 0, [&](Json j) { reply.set_value(std::move(j)); });
  Json hint = reply.get_future().get();
  ASSERT_EQ(hint["type"], "hint") << hint;
  ASSERT_FALSE(hint["moves"].empty());
  const std::vector<std::string> legal = mine["legal"];
  EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), hint["moves"][0]["move"].get<std::string>()));

  // Against another person, a hint would be a second player at the table.
  Created duel = Make("jaipur", {"human", "human"});
  std::promise<Json> refused;
  service_->Hint(duel.game_id, 0, [&](Json j) { refused.set_value(std::move(j)); });
  Json no = refused.get_future().get();
  EXPECT_EQ(no["type"], "error");
  EXPECT_EQ(no["code"], "hint_refused");
}

TEST_F(GameServiceTest, TheReplayOfAFinishedGameStepsThroughSpectatorViews) {
  Created c = Make("jaipur", {"human", "random"});
  EXPECT_FALSE(service_->Replay(c.game_id).ok()) << "no replay while the game goes on";
  PlayOut(c.game_id, {{0, c.token}});
  auto replay = service_->Replay(c.game_id);
  ASSERT_TRUE(replay.ok()) << replay.message();
  const Json& steps = (*replay)["steps"];
  EXPECT_EQ(steps.size(), Snapshot(c.game_id, 0)["move_count"].get<size_t>() + 1);
  for (const Json& step : steps) {
    EXPECT_TRUE(step["view"]["viewer"].is_null());
    for (const Json& p : step["view"]["players"]) EXPECT_FALSE(p.contains("hand"));
  }
  EXPECT_EQ(steps.back()["view"], Snapshot(c.game_id, -1)["view"]);
}

TEST_F(GameServiceTest, ARoundsScoringIsBrokenDownIntoGoodsBonusAndCamel) {
  Created c = Make("jaipur", {"human", "random"});
  std::mutex mutex;
  std::vector<Json> rounds;
  auto subscription = service_->Subscribe(c.game_id, 0, [&](const std::string& m) {
    Json j = *ParseJson(m);
    std::lock_guard lock(mutex);
    if (!j["event"].is_null() && j["event"].contains("round_end")) rounds.push_back(j["event"]["round_end"]);
  });
  ASSERT_TRUE(subscription.ok());
  PlayOut(c.game_id, {{0, c.token}});
  service_->Unsubscribe(c.game_id, *subscription);
  std::lock_guard lock(mutex);
  ASSERT_GE(rounds.size(), 2u);
  for (const Json& r : rounds) {
    for (size_t p = 0; p < 2; ++p) {
      EXPECT_EQ(r["goods"][p].get<int>() + r["bonus"][p].get<int>() + r["camel"][p].get<int>(), r["rupees"][p].get<int>()) << r;
      EXPECT_GE(r["bonus"][p].get<int>(), 0) << r;
      EXPECT_EQ(r["camel"][p].get<int>(), r["camel_token"] == static_cast<int>(p) ? 5 : 0) << r;
    }
  }
}

TEST_F(GameServiceTest, ARollTellsAssamsPathStepByStep) {
  Created c = Make("marrakech", {"human", "random"});
  for (int turn = 0; turn < 20; ++turn) {
    service_->WaitForBots();
    Json mine = Snapshot(c.game_id, 0);
    if (mine["over"].get<bool>()) break;
    const Json& e = mine["event"];
    if (!e.is_null() && e["action"] == "roll") {
      ASSERT_EQ(e["path"].size(), e["roll"].get<size_t>());
      EXPECT_EQ(e["path"].back()["x"], e["assam"]["x"]);
      EXPECT_EQ(e["path"].back()["y"], e["assam"]["y"]);
      EXPECT_EQ(e["path"].back()["facing"], e["assam"]["facing"]);
      if (e.contains("tribute")) {
        EXPECT_EQ(e["tribute"]["squares"].size(), e["tribute"]["amount"].get<size_t>());
      }
    }
    if (mine["legal"].empty()) continue;
    ASSERT_TRUE(service_->Move(c.game_id, 0, mine["legal"][0].get<std::string>()).ok());
  }
}

}  // namespace
}  // namespace souk::server
