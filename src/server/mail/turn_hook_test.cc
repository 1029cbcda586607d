// The game service's on_turn hook, which the "your turn" emails hang on: called by the
// instance that stored the move, never by one that only heard of it (two services on
// one PostgreSQL database); for turn-based games only, naming the seat to move and its
// account; never for a guest's seat.
#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

#include "clock/time_control.h"
#include "server/game_service.h"
#include "server/test_stores.h"

namespace souk::server {
namespace {

using testing::Backend;

struct Turns {
  std::mutex mutex;
  std::vector<std::tuple<std::string, int64_t, int>> calls;
  auto Hook() {
    return [this](const std::string& game_id, int64_t account_id, int seat) {
      std::lock_guard lock(mutex);
      calls.emplace_back(game_id, account_id, seat);
    };
  }
  size_t size() {
    std::lock_guard lock(mutex);
    return calls.size();
  }
};

class TurnHookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(database_.Make(Backend::kPostgres, "turn_hook").ok());
    for (int i = 0; i < 2; ++i) {
      auto store = database_.Open();
      ASSERT_TRUE(store.ok()) << store.message();
      stores_[i] = std::move(*store);
      ServiceOptions options;
      options.bot_threads = 1;
      options.follow_every_ms = 100;
      options.on_turn = turns_[i].Hook();
      services_[i] = std::make_unique<GameService>(*stores_[i], options);
    }
  }
  void TearDown() override {
    for (auto& s : services_) s->StopBots();
  }
  // Ann (account 11) creates it on instance 0, Bob (account 22) joins: `clock` its time control.
  std::string Game(const clock::TimeControl& clock, bool bob_is_guest = false) {
    CreateRequest request;
    request.game = "jaipur";
    request.seats = {{"human", ""}, {"human", ""}};
    request.account_id = 11;
    request.account_name = "Ann";
    request.clock = clock;
    auto created = services_[0]->Create(request);
    EXPECT_TRUE(created.ok()) << created.message();
    tokens_[0] = created->token;
    auto joined = services_[0]->Join(created->game_id, created->invites[0].second, "Bob", bob_is_guest ? 0 : 22,
                                     bob_is_guest ? "" : "Bob");
    EXPECT_TRUE(joined.ok()) << joined.message();
    return created->game_id;
  }
  // The seat to move plays its first legal move on instance `on`.
  int MoveOn(int on, const std::string& id) {
    const Json state = services_[on]->View(id, -1)->json;
    const int seat = state["to_move"];
    const Json legal = services_[on]->View(id, seat)->json["legal"];
    EXPECT_TRUE(services_[on]->Move(id, seat, legal[0]).ok());
    return seat;
  }
  // Waits until instance `on` has heard the game's `count`th move.
  void WaitForMoves(int on, const std::string& id, int count) {
    for (int i = 0; i < 200; ++i) {
      auto view = services_[on]->View(id, -1);
      if (view.ok() && view->json["move_count"].get<int>() >= count) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "instance " << on << " never heard move " << count;
  }

  testing::TestDatabase database_;
  std::unique_ptr<Store> stores_[2];
  Turns turns_[2];
  std::unique_ptr<GameService> services_[2];
  std::string tokens_[2];
};

TEST_F(TurnHookTest, OnlyTheInstanceThatStoredTheMoveCallsItForATurnBasedGame) {
  const std::string id = Game(*clock::TurnBased(1));
  const int first = MoveOn(0, id);
  ASSERT_EQ(turns_[0].size(), 1u);
  {
    std::lock_guard lock(turns_[0].mutex);
    EXPECT_EQ(turns_[0].calls[0], std::make_tuple(id, int64_t{first == 0 ? 22 : 11}, 1 - first));
  }
  WaitForMoves(1, id, 1);
  EXPECT_EQ(turns_[1].size(), 0u) << "heard from the other instance: not called";
  const int second = MoveOn(1, id);  // the other seat, on the other instance
  EXPECT_EQ(second, 1 - first);
  ASSERT_EQ(turns_[1].size(), 1u);
  {
    std::lock_guard lock(turns_[1].mutex);
    EXPECT_EQ(turns_[1].calls[0], std::make_tuple(id, int64_t{first == 0 ? 11 : 22}, first));
  }
  WaitForMoves(0, id, 2);
  EXPECT_EQ(turns_[0].size(), 1u);
}

TEST_F(TurnHookTest, NotForARealTimeGameAGameWithoutAClockOrAGuestsSeat) {
  const std::string real_time = Game(*clock::RealTime(600, 5));
  MoveOn(0, real_time);
  const std::string no_clock = Game({});
  MoveOn(0, no_clock);
  const std::string with_guest = Game(*clock::TurnBased(1), /*bob_is_guest=*/true);
  const int first = MoveOn(0, with_guest);
  // Ann's seat is an account's: her turn is told, the guest's never.
  if (first == 0) {
    EXPECT_EQ(turns_[0].size(), 0u);
    MoveOn(0, with_guest);
  }
  ASSERT_EQ(turns_[0].size(), 1u);
  std::lock_guard lock(turns_[0].mutex);
  EXPECT_EQ(std::get<1>(turns_[0].calls[0]), 11);
}

}  // namespace
}  // namespace souk::server
