// Invites, the lobby's lines and replays seen from a seat: what each tells, and that
// none tells what its reader may not know.
#include <gtest/gtest.h>

#include "server/game_service.h"
#include "server/test_service.h"

namespace souk::server {
namespace {

class SeatsTest : public testing::ServiceOnDiskTest {
 protected:
  SeatsTest() : ServiceOnDiskTest("seats_test") {}
  Created Make(const std::string& game, std::vector<SeatRequest> seats, int creator_seat = 0) {
    CreateRequest r;
    r.game = game;
    r.players = static_cast<int>(seats.size());
    r.seats = std::move(seats);
    r.creator_seat = creator_seat;
    auto created = service_->Create(r);
    EXPECT_TRUE(created.ok()) << created.message();
    return created.ok() ? *created : Created{};
  }
  // Plays pseudo-random legal moves for `seat` against bots until the game ends.
  void PlayOut(const std::string& id, int seat) {
    uint64_t lcg = 777;
    for (int guard = 0; guard < 5000; ++guard) {
      service_->WaitForBots();
      Json mine = service_->View(id, seat)->json;
      if (mine.at("over").get<bool>()) return;
      ASSERT_FALSE(mine.at("legal").empty()) << "a bot did not play";
      lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
      const size_t pick = (lcg >> 33) % mine.at("legal").size();
      ASSERT_TRUE(service_->Move(id, seat, mine.at("legal").at(pick).get<std::string>()).ok());
    }
    FAIL() << "the game did not end";
  }
  Json LobbyLine(const std::string& token) {
    auto lines = service_->GamesOfTokens({token});
    EXPECT_TRUE(lines.ok() && lines->size() == 1) << lines.message();
    return lines.ok() && lines->size() == 1 ? lines->at(0) : Json();
  }
};

TEST_F(SeatsTest, TheInviteNamesTheGameTheSeatItTakesAndWhoInvited) {
  // Four-player Marrakech: a bot, the creator, a friend by invite and another bot.
  Created c = Make("marrakech", {{"easy", ""}, {"human", "Ann"}, {"human", ""}, {"medium", ""}}, 1);
  ASSERT_EQ(c.invites.size(), 1u);
  auto invite = service_->Invite(c.game_id, c.invites[0].second);
  ASSERT_TRUE(invite.ok()) << invite.message();
  EXPECT_EQ(invite->at("game"), "marrakech");
  EXPECT_EQ(invite->at("players"), 4);
  EXPECT_EQ(invite->at("seat"), 2);
  EXPECT_EQ(invite->at("invited_by"), 1);
  EXPECT_EQ(invite->at("seats").at(1).at("name"), "Ann");
  EXPECT_FALSE(invite->at("seats").at(2).at("joined").get<bool>());
  EXPECT_TRUE(invite->at("seats").at(3).at("joined").get<bool>()) << "a bot needs no invite";
  const std::string text = invite->dump();
  for (const char* secret : {"token", "hash", "seed", "hand"}) EXPECT_EQ(text.find(secret), std::string::npos) << secret;
}

TEST_F(SeatsTest, AMadeUpInviteIsNotFoundAndAUsedOneIsAlreadyUsed) {
  Created c = Make("jaipur", {{"human", "Ann"}, {"human", ""}});
  const std::string made_up(32, 'a');
  EXPECT_EQ(service_->Invite(c.game_id, made_up).code(), StatusCode::kNotFound);
  EXPECT_EQ(service_->Join(c.game_id, made_up, "Eve").code(), StatusCode::kNotFound);
  EXPECT_EQ(service_->Join(c.game_id, made_up, "Eve").message(),
            "invite code: not an invite of game " + c.game_id + " (check the link)");
  ASSERT_TRUE(service_->Join(c.game_id, c.invites[0].second, "Bob").ok());
  EXPECT_EQ(service_->Invite(c.game_id, c.invites[0].second).code(), StatusCode::kFailedPrecondition);
  auto again = service_->Join(c.game_id, c.invites[0].second, "Eve");
  EXPECT_EQ(again.code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(again.message(), "invite code: already used: seat 1 of game " + c.game_id + " is taken");
  // After a restart too: the used code's hash is stored.
  Reopen();
  EXPECT_EQ(service_->Invite(c.game_id, c.invites[0].second).code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(service_->Invite(c.game_id, made_up).code(), StatusCode::kNotFound);
}

TEST_F(SeatsTest, TheLobbyIsNotYourTurnWhileAFriendIsAwaited) {
  Created c = Make("jaipur", {{"human", "Ann"}, {"human", ""}});
  Json line = LobbyLine(c.token);
  EXPECT_TRUE(line.at("waiting").get<bool>());
  EXPECT_FALSE(line.at("your_turn").get<bool>()) << "no one plays before every seat is taken";
  EXPECT_EQ(line.at("seats").at(0).at("name"), "Ann");
  auto joined = service_->Join(c.game_id, c.invites[0].second, "Bob");
  ASSERT_TRUE(joined.ok());
  line = LobbyLine(c.token);
  EXPECT_FALSE(line.at("waiting").get<bool>());
  EXPECT_EQ(line.at("seats").at(1).at("name"), "Bob");
  EXPECT_EQ(line.at("your_turn").get<bool>(), line.at("to_move") == 0);
  EXPECT_TRUE(line.at("scores").is_null()) << "no result before the end";
}

TEST_F(SeatsTest, TheLobbyGivesAFinishedGamesResult) {
  Created c = Make("jaipur", {{"human", "Ann"}, {"random", ""}});
  PlayOut(c.game_id, 0);
  Json line = LobbyLine(c.token);
  EXPECT_TRUE(line.at("over").get<bool>());
  EXPECT_FALSE(line.at("winners").empty());
  ASSERT_EQ(line.at("scores").size(), 2u);
  EXPECT_EQ(line.at("scores"), service_->View(c.game_id, 0)->json.at("scores"));
}

TEST_F(SeatsTest, AReplaySeenFromASeatShowsThatSeatsHandOnly) {
  Created c = Make("jaipur", {{"human", "Ann"}, {"random", ""}});
  PlayOut(c.game_id, 0);
  auto replay = service_->Replay(c.game_id, 1);
  ASSERT_TRUE(replay.ok()) << replay.message();
  EXPECT_EQ(replay->at("seat"), 1);
  for (const Json& step : replay->at("steps")) {
    ASSERT_EQ(step.at("view").at("viewer"), 1);
    EXPECT_TRUE(step.at("view").at("players").at(1).contains("hand"));
    EXPECT_FALSE(step.at("view").at("players").at(0).contains("hand"));
  }
  EXPECT_EQ(service_->Replay(c.game_id, 2).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(service_->Replay(c.game_id, -1)->at("seat").is_null());
}

TEST_F(SeatsTest, AFinishedGamesReplayRevealsEveryHandAndBonusTokenFromEverySide) {
  Created c = Make("jaipur", {{"human", "Ann"}, {"random", ""}});
  PlayOut(c.game_id, 0);
  for (int side : {-1, 0, 1}) {
    auto replay = service_->Replay(c.game_id, side);
    ASSERT_TRUE(replay.ok()) << replay.message();
    ASSERT_TRUE(replay->contains("reveal")) << "seen by " << side;
    const Json& players = replay->at("reveal").at("players");
    ASSERT_EQ(players.size(), 2u);
    for (const Json& p : players) {
      EXPECT_TRUE(p.contains("hand")) << "seen by " << side;
      EXPECT_TRUE(p.contains("bonus_tokens")) << "seen by " << side;
    }
  }
}

TEST_F(SeatsTest, AnUnfinishedGameHasNoReplayFromAnySide) {
  Created c = Make("marrakech", {{"human", "Ann"}, {"easy", ""}, {"easy", ""}});
  service_->WaitForBots();
  for (int viewer : {-1, 0, 1, 2}) {
    auto replay = service_->Replay(c.game_id, viewer);
    EXPECT_EQ(replay.code(), StatusCode::kFailedPrecondition) << viewer;
    EXPECT_EQ(replay.message(), "the replay of game " + c.game_id + " is shown when the game is over");
  }
}

}  // namespace
}  // namespace souk::server
