// Invites: what each tells, and that none tells what its reader may not know.
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

}  // namespace
}  // namespace souk::server
