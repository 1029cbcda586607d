// Many listeners: each distinct view is built once a move, and every listener hears
// every state, in order, as its seat sees it (issue 17, defect 4).
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <map>
#include <thread>

#include "server/game_service.h"

namespace souk::server {
namespace {

class SpectatorsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "spectators_test_" + std::to_string(getpid()) + ".db";
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    service_ = std::make_unique<GameService>(*store_, 2);
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  std::string path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> service_;
};

// What a state message tells a listener: its move count, whose view, whose hands.
struct Facts {
  int64_t move_count = 0;
  int viewer = -1;        // -1: a spectator's view
  uint32_t hands = 0;     // bit p: player p's hand is in it (Jaipur)
};

Facts Read(const std::string& text) {
  // Listeners of one game are told one at a time: the memo needs no lock. Thousands
  // of listeners hear the same few texts a move, read once each.
  static std::map<std::string, Facts> memo;
  if (auto it = memo.find(text); it != memo.end()) return it->second;
  if (memo.size() > 64) memo.clear();
  Json m = ParseJson(text).value();
  Facts f;
  f.move_count = m["move_count"].get<int64_t>();
  f.viewer = m["view"]["viewer"].is_null() ? -1 : m["view"]["viewer"].get<int>();
  for (size_t p = 0; p < m["view"]["players"].size(); ++p)
    if (m["view"]["players"][p].contains("hand")) f.hands |= 1u << p;
  return memo[text] = f;
}

// What one listener heard, checked as it arrives.
struct Ear {
  int seat = -1;
  int heard = 0;
  int64_t last_count = -1;
  bool in_order = true;
  bool own_view_only = true;
  bool jaipur = true;
  void Hear(const std::string& text) {
    const Facts f = Read(text);
    in_order &= f.move_count > last_count;
    last_count = f.move_count;
    ++heard;
    own_view_only &= f.viewer == seat;
    if (jaipur) own_view_only &= f.hands == (seat < 0 ? 0u : 1u << seat);
  }
};

TEST_F(SpectatorsTest, EachViewIsBuiltOnceAMoveWhateverTheListeners) {
  CreateRequest r{"jaipur", 2, "", {{"human", ""}, {"human", ""}}, 0, ""};
  Created c = *service_->Create(r);
  Joined j = *service_->Join(c.game_id, c.invites[0].second, "");
  // Thousands of spectators, and the two seats (one seat twice, a phone and a laptop):
  // arriving together, they share the views of the game as it is.
  std::vector<Ear> ears(3003);
  uint64_t built_before = service_->SnapshotsBuilt();
  for (size_t i = 0; i < ears.size(); ++i) {
    ears[i].seat = i < 3000 ? -1 : (i == 3002 ? 1 : 0);
    Ear* ear = &ears[i];
    ASSERT_TRUE(service_->Subscribe(c.game_id, ear->seat, [ear](const std::string& m) { ear->Hear(m); }).ok());
  }
  EXPECT_EQ(service_->SnapshotsBuilt() - built_before, 3u);
  built_before = service_->SnapshotsBuilt();
  int moves = 0;
  for (; moves < 16; ++moves) {
    Json any = service_->View(c.game_id, -1)->json;
    if (any["over"].get<bool>()) break;
    const int seat = any["to_move"].get<int>();
    Json mine = service_->View(c.game_id, seat)->json;
    ASSERT_TRUE(service_->Move(c.game_id, seat, mine["legal"][0].get<std::string>()).ok());
  }
  // Each move: the spectators' view and each seat's, no more (the Views above: 2 a move).
  EXPECT_EQ(service_->SnapshotsBuilt() - built_before, static_cast<uint64_t>(moves) * (3 + 2));
  for (const Ear& ear : ears) {
    EXPECT_EQ(ear.heard, moves + 1) << "seat " << ear.seat;
    EXPECT_TRUE(ear.in_order);
    EXPECT_TRUE(ear.own_view_only) << "seat " << ear.seat;
  }
  (void)j;
}

TEST_F(SpectatorsTest, ListenersHearEveryStateInOrderWhileBotsAndPeopleMoveAndOthersComeAndGo) {
  // Three bots move on the workers while the human moves here and listeners come
  // and go on another thread: every listener's states still come in move order.
  CreateRequest r{"marrakech", 4, "", {{"human", ""}, {"random", ""}, {"greedy", ""}, {"random", ""}}, 0, ""};
  Created c = *service_->Create(r);
  std::vector<Ear> ears(200);
  for (size_t i = 0; i < ears.size(); ++i) {
    ears[i].seat = i % 2 ? -1 : 0;
    ears[i].jaipur = false;
    Ear* ear = &ears[i];
    ASSERT_TRUE(service_->Subscribe(c.game_id, ear->seat, [ear](const std::string& m) { ear->Hear(m); }).ok());
  }
  std::atomic<bool> done{false};
  std::atomic<int> churned{0};
  std::thread churn([&] {
    while (!done) {
      Ear ear;
      ear.jaipur = false;
      auto id = service_->Subscribe(c.game_id, -1, [&ear](const std::string& m) { ear.Hear(m); });
      ASSERT_TRUE(id.ok());
      std::this_thread::yield();
      service_->Unsubscribe(c.game_id, *id);
      EXPECT_TRUE(ear.in_order);
      EXPECT_TRUE(ear.own_view_only);
      ++churned;
    }
  });
  for (int guard = 0; guard < 3000; ++guard) {
    Json mine = service_->View(c.game_id, 0)->json;
    if (mine["over"].get<bool>()) break;
    if (mine["to_move"] != 0) {
      std::this_thread::yield();
      continue;
    }
    ASSERT_TRUE(service_->Move(c.game_id, 0, mine["legal"][0].get<std::string>()).ok());
  }
  service_->WaitForBots();
  done = true;
  churn.join();
  const int64_t last = service_->View(c.game_id, 0)->json["move_count"].get<int64_t>();
  EXPECT_GT(churned.load(), 0);
  for (const Ear& ear : ears) {
    EXPECT_TRUE(ear.in_order) << "seat " << ear.seat;
    EXPECT_TRUE(ear.own_view_only) << "seat " << ear.seat;
    EXPECT_EQ(ear.last_count, last) << "the last state reached everyone";
  }
}

}  // namespace
}  // namespace souk::server
