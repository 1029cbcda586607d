// Several instances on one PostgreSQL database, in one process: two (or three)
// GameServices, each on its own store connection, as two `souk serve` would be. What
// one stores, the others hear; a move stored first by one is judged again by the
// other; one instance thinks for a bot. (The same with real processes, killed:
// instances_process_test.cc.)
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <thread>

#include "clock/time_control.h"
#include "format/record.h"
#include "server/game_service.h"
#include "server/postgres_conn.h"
#include "server/postgres_watcher.h"
#include "server/server_metrics.h"
#include "server/wall_time.h"
#include "server/test_stores.h"

namespace souk::server {
namespace {

using namespace std::chrono_literals;
using testing::Backend;
using testing::TestDatabase;
using testing::TestPostgres;

// What a listener has heard: every message, and a way to wait for one.
class Heard {
 public:
  Listener Hear() {
    return [this](const std::string& message) {
      std::lock_guard lock(mutex_);
      messages_.push_back(Json::parse(message));
      changed_.notify_all();
    };
  }
  // The last state message once one has move_count >= `count`; null after 10 s.
  Json WaitForMoveCount(size_t count) {
    std::unique_lock lock(mutex_);
    Json found;
    changed_.wait_for(lock, 10s, [&] {
      for (const Json& m : messages_)
        if (m.value("type", "") == "state" && m["move_count"].get<size_t>() >= count) found = m;
      return !found.is_null();
    });
    return found;
  }
  std::vector<Json> Messages() {
    std::lock_guard lock(mutex_);
    return messages_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Json> messages_;
};

class InstancesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Status made = database_.Make(Backend::kPostgres, "instances");
    ASSERT_TRUE(made.ok()) << made.message();
    for (int i = 0; i < 3; ++i) {
      auto store = database_.Open();
      ASSERT_TRUE(store.ok()) << store.message();
      stores_.push_back(std::move(*store));
      ServiceOptions options;
      options.bot_threads = 1;
      options.follow_every_ms = 200;
      options.now_ms = [this] {
        const int64_t fake = fake_now_ms_.load();
        return fake != 0 ? fake : NowMs();
      };
      services_.push_back(std::make_unique<GameService>(*stores_.back(), options));
      services_.back()->UseSeedsFrom(20261126 + static_cast<uint64_t>(i) * 1000);
    }
  }
  void TearDown() override {
    services_.clear();
    stores_.clear();
  }
  GameService& A() { return *services_[0]; }
  GameService& B() { return *services_[1]; }
  GameService& C() { return *services_[2]; }

  struct Table {
    std::string id;
    std::string tokens[2];
  };
  // A two-player game made on A, the second seat taken through B.
  Table TwoHumans(const std::string& game) {
    CreateRequest r;
    r.game = game;
    r.seats = {{"human", ""}, {"human", ""}};
    auto created = A().Create(r);
    EXPECT_TRUE(created.ok()) << created.message();
    if (!created.ok()) return {};
    auto joined = B().Join(created->game_id, created->invites[0].second, "Bea");
    EXPECT_TRUE(joined.ok()) << joined.message();
    return {created->game_id, {created->token, joined.ok() ? joined->token : ""}};
  }
  // A Jaipur game made on `s`: a human in seat 0, the easy bot in seat 1; its id.
  std::string HumanAgainstEasyBot(GameService& s) {
    CreateRequest r;
    r.game = "jaipur";
    r.seats = {{"human", ""}, {"easy", ""}};
    auto created = s.Create(r);
    EXPECT_TRUE(created.ok()) << created.message();
    return created.ok() ? created->game_id : "";
  }
  Json ViewOf(GameService& s, const std::string& id, int seat) {
    auto v = s.View(id, seat);
    EXPECT_TRUE(v.ok()) << v.message();
    return v.ok() ? v->json : Json();
  }
  // The game as `s` shows it once it has heard of `count` moves (at most 10 s).
  Json WaitForMoveCount(GameService& s, const std::string& id, size_t count) {
    Json view;
    for (int wait = 0; wait < 500; ++wait) {
      view = ViewOf(s, id, 0);
      if (view["move_count"].get<size_t>() >= count) break;
      std::this_thread::sleep_for(20ms);
    }
    return view;
  }
  // The game as `s` shows it once `seat` is to move (at most 10 s).
  Json WaitForToMove(GameService& s, const std::string& id, int seat) {
    Json view;
    for (int wait = 0; wait < 500 && (view = ViewOf(s, id, 0))["to_move"] != seat; ++wait) std::this_thread::sleep_for(20ms);
    return view;
  }
  std::vector<std::string> StoredMoves(const std::string& id) {
    auto g = stores_[0]->LoadGame(id);
    EXPECT_TRUE(g.ok()) << g.message();
    return g.ok() ? g->moves : std::vector<std::string>{};
  }
  // Plays a legal move, picked by the LCG, of whoever is to move, through `s`.
  void PlayOne(GameService& s, const std::string& id, uint64_t* lcg) {
    const int seat = ViewOf(s, id, -1)["to_move"].get<int>();
    Status st = s.Move(id, seat, Pick(ViewOf(s, id, seat), lcg));
    ASSERT_TRUE(st.ok()) << st.message();
  }
  // A legal move of the seat to move, picked by the LCG.
  static std::string Pick(const Json& view, uint64_t* lcg) {
    *lcg = *lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return view["legal"][(*lcg >> 33) % view["legal"].size()];
  }

  // The services' clock (Unix ms): the system's, until a test sets one here; it then
  // stands still where the test puts it.
  std::atomic<int64_t> fake_now_ms_{0};
  TestDatabase database_;
  std::vector<std::unique_ptr<Store>> stores_;
  std::vector<std::unique_ptr<GameService>> services_;
};

TEST_F(InstancesTest, AWholeGameIsPlayedWithMovesAlternatingBetweenInstances) {
  for (const char* game : {"jaipur", "marrakech"}) {
    SCOPED_TRACE(game);
    Table t = TwoHumans(game);
    uint64_t lcg = 5;
    size_t plies = 0;
    GameService* last = &A();
    for (; plies < 3000; ++plies) {
      // Each move chosen on the instance that stored the last, and sent to the next
      // straight after: no time for the notification to arrive first, so the next
      // judges it on a game it reads back.
      GameService& here = *services_[plies % 3];
      Json any = ViewOf(*last, t.id, -1);
      if (any["over"].get<bool>()) break;
      const int seat = any["to_move"].get<int>();
      const std::string move = Pick(ViewOf(*last, t.id, seat), &lcg);
      last = &here;
      Status st = here.Move(t.id, seat, move);
      ASSERT_TRUE(st.ok()) << "ply " << plies << ": " << st.message();
    }
    EXPECT_LT(plies, 3000u) << "the game ends";
    const std::vector<std::string> stored = StoredMoves(t.id);
    for (auto* s : {&A(), &B(), &C()}) {
      Json final_view = WaitForMoveCount(*s, t.id, stored.size());
      EXPECT_TRUE(final_view["over"].get<bool>());
      EXPECT_EQ(final_view["move_count"].get<size_t>(), stored.size()) << "every instance has every move";
      EXPECT_EQ(final_view["view"], ViewOf(A(), t.id, 0)["view"]);
    }
    auto record = B().Record(t.id);
    ASSERT_TRUE(record.ok()) << record.message();
    EXPECT_EQ((*record)["moves"].get<std::vector<std::string>>(), stored);
  }
}

TEST_F(InstancesTest, TheSameMoveSentToTwoInstancesAtOnceIsPlayedOnce) {
  Table t = TwoHumans("jaipur");
  uint64_t lcg = 11;
  int refused_as_not_your_turn = 0;
  for (int round = 0; round < 40; ++round) {
    Json any = ViewOf(A(), t.id, -1);
    if (any["over"].get<bool>()) break;
    const int seat = any["to_move"].get<int>();
    const std::string move = Pick(ViewOf(A(), t.id, seat), &lcg);
    const size_t before = StoredMoves(t.id).size();
    std::promise<void> go;
    std::shared_future<void> start = go.get_future().share();
    auto send = [&](GameService* s) {
      start.wait();
      return s->Move(t.id, seat, move);
    };
    auto on_a = std::async(std::launch::async, send, &A());
    auto on_b = std::async(std::launch::async, send, &B());
    go.set_value();
    Status a = on_a.get(), b = on_b.get();
    ASSERT_NE(a.ok(), b.ok()) << "exactly one is played: " << a.message() << " / " << b.message();
    const Status& refused = a.ok() ? b : a;
    // As on one server: the second is judged on the game after the first.
    EXPECT_TRUE(refused.code() == StatusCode::kFailedPrecondition || refused.code() == StatusCode::kIllegalMove)
        << refused.message();
    refused_as_not_your_turn += refused.message().starts_with("not your turn");
    const std::vector<std::string> after = StoredMoves(t.id);
    ASSERT_GE(after.size(), before + 1);
    EXPECT_EQ(after[before], move) << "stored once, at its index";
    EXPECT_LE(after.size(), before + 2) << "the move, and at most the deck's draw after it";
    EXPECT_EQ(WaitForMoveCount(A(), t.id, after.size())["move_count"], WaitForMoveCount(B(), t.id, after.size())["move_count"]);
  }
  EXPECT_GT(refused_as_not_your_turn, 0);
}

TEST_F(InstancesTest, ASeatListeningOnOneInstanceHearsMovesPostedToAnother) {
  Table t = TwoHumans("jaipur");
  Heard seat1, spectator;
  ASSERT_TRUE(A().Subscribe(t.id, 1, seat1.Hear(), true).ok());
  ASSERT_TRUE(A().Subscribe(t.id, -1, spectator.Hear(), true).ok());
  uint64_t lcg = 3;
  for (int i = 0; i < 12; ++i) {
    PlayOne(B(), t.id, &lcg);
    const size_t count = StoredMoves(t.id).size();
    Json heard = seat1.WaitForMoveCount(count);
    ASSERT_FALSE(heard.is_null()) << "seat 1 on A heard move " << count << " stored through B";
    // What it heard is seat 1's view only, as B would show it.
    EXPECT_EQ(heard["view"], ViewOf(B(), t.id, 1)["view"]);
    EXPECT_EQ(heard["seat"], 1);
    Json watched = spectator.WaitForMoveCount(count);
    ASSERT_FALSE(watched.is_null());
    EXPECT_EQ(watched["view"], ViewOf(B(), t.id, -1)["view"]) << "the spectator sees no hand";
  }
  // Each move's story event heard once, in order: none missed, none twice.
  size_t events = 0, last = 0;
  for (const Json& m : seat1.Messages()) {
    if (m["type"] == "history") events = m["events"].size();
    if (m["type"] != "state") continue;
    EXPECT_GE(m["move_count"].get<size_t>(), last);
    last = m["move_count"].get<size_t>();
    if (!m.contains("events")) continue;
    EXPECT_EQ(m["events_from"].get<size_t>(), events);
    events += m["events"].size();
  }
  EXPECT_EQ(events, StoredMoves(t.id).size());
}

TEST_F(InstancesTest, EveryOtherInstanceTimesTheLagOfTheNoticesItHandles) {
  // One process, so one histogram for the three instances: a seat taken and a move,
  // both through B, are each handled by A and C (B skips its own notices).
  const uint64_t before = server_metrics::NoticesHandled();
  Table t = TwoHumans("jaipur");
  uint64_t lcg = 7;
  PlayOne(B(), t.id, &lcg);
  EXPECT_EQ(WaitForMoveCount(A(), t.id, 1)["move_count"], 1);
  uint64_t handled = 0;
  for (int wait = 0; wait < 500 && (handled = server_metrics::NoticesHandled() - before) < 4; ++wait)
    std::this_thread::sleep_for(20ms);
  EXPECT_EQ(handled, 4u) << "two notices, each timed by the two instances that did not send it";
}

TEST_F(InstancesTest, ANoticeOfAMoveTheDatabaseDoesNotHoldIsNotPlayed) {
  // Any session allowed to connect may NOTIFY. One that is no instance tells of a move
  // nobody stored; A, which holds the game, must not play it.
  Table t = TwoHumans("jaipur");
  const int seat = ViewOf(A(), t.id, -1)["to_move"].get<int>();
  const Json legal = ViewOf(A(), t.id, seat)["legal"];
  ASSERT_GE(legal.size(), 2u);
  auto connected = ConnectPostgres(database_.db());
  ASSERT_TRUE(connected.ok()) << connected.message();
  std::unique_ptr<PGconn, decltype(&PQfinish)> forger(*connected, PQfinish);
  const std::string notice = ChangeNotice("forger", {StoreChange::Kind::kMove, t.id, 0, legal[1].get<std::string>()});
  const std::array<const char*, 2> params = {kChangeChannel, notice.c_str()};
  Rows sent(PQexecParams(forger.get(), "SELECT pg_notify($1, $2)", 2, nullptr, params.data(), nullptr, nullptr, 0));
  ASSERT_TRUE(sent.ok()) << PostgresError(forger.get());
  // Then the real move, through B. Notices arrive in order: once A shows one move, it
  // has dealt with the forged one, and shows the stored move.
  ASSERT_TRUE(B().Move(t.id, seat, legal[0]).ok());
  EXPECT_EQ(WaitForMoveCount(A(), t.id, 1)["move_count"], 1);
  EXPECT_EQ(StoredMoves(t.id), std::vector<std::string>{legal[0].get<std::string>()});
  EXPECT_EQ(ViewOf(A(), t.id, -1)["view"], ViewOf(B(), t.id, -1)["view"]) << "A played the forged move";
}

TEST_F(InstancesTest, AnInviteFollowedOnTwoInstancesAtOnceSeatsOnePlayer) {
  CreateRequest r;
  r.game = "jaipur";
  r.seats = {{"human", ""}, {"human", ""}};
  auto created = A().Create(r);
  ASSERT_TRUE(created.ok());
  ASSERT_TRUE(B().View(created->game_id, -1).ok());  // B holds the game too
  const std::string code = created->invites[0].second;
  auto on_a = std::async(std::launch::async, [&] { return A().Join(created->game_id, code, "Ann"); });
  auto on_b = std::async(std::launch::async, [&] { return B().Join(created->game_id, code, "Bob"); });
  auto a = on_a.get();
  auto b = on_b.get();
  ASSERT_NE(a.ok(), b.ok()) << (a.ok() ? b.message() : a.message());
  const auto& refused = a.ok() ? b : a;
  EXPECT_EQ(refused.code(), StatusCode::kFailedPrecondition) << refused.message();
  EXPECT_NE(refused.message().find("already used"), std::string::npos) << refused.message();
  const std::string& token = a.ok() ? a->token : b->token;
  // The winner's token is a seat on every instance; the loser has none.
  for (auto* s : {&A(), &B(), &C()}) EXPECT_EQ(*s->SeatOf(created->game_id, token), 1);
}

TEST_F(InstancesTest, OneInstanceThinksForABotEvenWhenEveryInstanceHoldsTheGame) {
  const std::string id = HumanAgainstEasyBot(A());
  ASSERT_FALSE(id.empty());
  for (auto* s : {&B(), &C()}) ASSERT_TRUE(s->View(id, -1).ok());
  uint64_t lcg = 9;
  size_t after_human = 0;  // the move count once the human's last move was stored
  for (int ply = 0; ply < 400; ++ply) {
    GameService& here = *services_[static_cast<size_t>(ply) % 3];
    Json mine;
    // The bot's reply arrives through whichever instance thought for it.
    for (int wait = 0; wait < 500; ++wait) {
      mine = ViewOf(here, id, 0);
      if (mine["over"].get<bool>() || (mine["to_move"] == 0 && mine["move_count"].get<size_t>() >= after_human)) break;
      std::this_thread::sleep_for(20ms);
    }
    if (mine["over"].get<bool>()) break;
    ASSERT_EQ(mine["to_move"], 0) << "the bot played within 10 s";
    Status st = here.Move(id, 0, Pick(mine, &lcg));
    ASSERT_TRUE(st.ok()) << "ply " << ply << ": " << st.message();
    after_human = StoredMoves(id).size();
  }
  for (auto* s : {&A(), &B(), &C()}) s->WaitForBots();
  auto record = stores_[0]->LoadGame(id);
  ASSERT_TRUE(record.ok());
  // The bot's moves in the store, counted from a replay: each was thought for once.
  auto state = NewGame(record->options);
  ASSERT_TRUE(state.ok());
  uint64_t bot_moves = 0;
  for (const std::string& move : record->moves) {
    bot_moves += (*state)->current_player() == 1;
    ASSERT_TRUE((*state)->Apply(move).ok());
  }
  EXPECT_GT(bot_moves, 5u);
  EXPECT_EQ(A().BotTurnsThought() + B().BotTurnsThought() + C().BotTurnsThought(), bot_moves);
}

TEST_F(InstancesTest, ABotTurnWhoseInstanceDiedIsTakenOverWhenItsLeaseExpires) {
  // The services' clock stands still from here, and moves only when the test moves it:
  // the lease's end is passed without waiting for it.
  const int64_t t0 = NowMs();
  fake_now_ms_ = t0;
  const std::string id = HumanAgainstEasyBot(B());
  ASSERT_FALSE(id.empty());
  ASSERT_TRUE(C().View(id, -1).ok());  // C holds the game too
  ASSERT_EQ(WaitForToMove(B(), id, 0)["to_move"], 0);  // the bot may open the round
  // An instance that stores the human's move (and the draw after it), with the lease
  // on the bot's reply, then dies before thinking: its store alone, no service.
  auto dying = database_.Open();
  ASSERT_TRUE(dying.ok());
  auto stored = (*dying)->LoadGame(id);
  ASSERT_TRUE(stored.ok());
  GameRecord record{stored->options, stored->moves};
  auto state = Replay(record);
  ASSERT_TRUE(state.ok());
  std::vector<std::string> moves{(*state)->LegalMoves().front()};
  ASSERT_TRUE((*state)->Apply(moves[0]).ok());
  while ((*state)->current_player() == GameState::kChance) {
    moves.push_back((*state)->SampleChance());
    ASSERT_TRUE((*state)->Apply(moves.back()).ok());
  }
  ASSERT_EQ((*state)->current_player(), 1);
  const uint64_t bot_turns_before = A().BotTurnsThought() + B().BotTurnsThought() + C().BotTurnsThought();
  for (size_t i = 0; i < moves.size(); ++i)
    ASSERT_TRUE((*dying)->AppendMove(id, stored->moves.size() + i, moves[i], false, t0, i + 1 == moves.size()).ok());
  dying->reset();  // died holding the lease, until t0 + 3 s (postgres_store.cc's kBotLeaseMs)
  const int64_t lease_end = t0 + 3000;
  const size_t bot_moves_at = stored->moves.size() + moves.size();
  for (auto* s : {&B(), &C()}) ASSERT_EQ(WaitForMoveCount(*s, id, bot_moves_at)["move_count"], bot_moves_at);

  // Up to the lease's end, neither B nor C thinks for the bot, whoever follows.
  for (int64_t now : {t0 + 1000, lease_end - 1, lease_end}) {
    fake_now_ms_ = now;
    for (auto* s : {&B(), &C()}) s->Follow(now);
    for (auto* s : {&B(), &C()}) s->WaitForBots();
    EXPECT_EQ(StoredMoves(id).size(), bot_moves_at) << "the bot played " << now - t0 << " ms into a 3000 ms lease";
    EXPECT_EQ(A().BotTurnsThought() + B().BotTurnsThought() + C().BotTurnsThought(), bot_turns_before);
  }
  // Past it, one of them does.
  fake_now_ms_ = lease_end + 1;
  for (auto* s : {&B(), &C()}) s->Follow(lease_end + 1);
  Json after;
  for (int wait = 0; wait < 500; ++wait) {  // bounds a hang only
    after = ViewOf(C(), id, 0);
    if (after["move_count"].get<size_t>() > bot_moves_at && after["to_move"] == 0) break;
    std::this_thread::sleep_for(20ms);
  }
  ASSERT_EQ(after["to_move"], 0) << "another instance played the bot's move";
  for (auto* s : {&A(), &B(), &C()}) s->WaitForBots();
  EXPECT_EQ(A().BotTurnsThought() + B().BotTurnsThought() + C().BotTurnsThought(), bot_turns_before + 1)
      << "one instance thought for it";
  // The bot's move is an ordinary one: stored at its index, heard by both.
  EXPECT_EQ(StoredMoves(id).size(), after["move_count"].get<size_t>());
  EXPECT_EQ(WaitForMoveCount(B(), id, after["move_count"].get<size_t>())["move_count"], after["move_count"]);
}

TEST_F(InstancesTest, AnInstanceListensBeforeItServes) {
  // Notifications sent before an instance listens reach nobody: a game it loaded in that
  // window would miss moves. So a service is listening once it is made.
  auto store = database_.Open();
  ASSERT_TRUE(store.ok()) << store.message();
  GameService d(**store, ServiceOptions{});
  auto listening = TestPostgres::Execute(database_.db(),
                                         "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' "
                                         "AND pid <> pg_backend_pid()");
  ASSERT_TRUE(listening.ok()) << listening.message();
  EXPECT_EQ(*listening, "4") << "the three instances of the fixture and the new one";
}

TEST_F(InstancesTest, AnInstanceThatLostItsListeningConnectionCatchesUp) {
  Table t = TwoHumans("jaipur");
  Heard heard;
  ASSERT_TRUE(A().Subscribe(t.id, 0, heard.Hear(), true).ok());
  // Every listening connection of the database dropped, as a network cut would; moves
  // stored meanwhile are told to nobody.
  auto cut = TestPostgres::Execute(database_.db(),
                                   "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                   "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
  ASSERT_TRUE(cut.ok()) << cut.message();
  EXPECT_EQ(*cut, "3") << "one listening connection per instance";
  uint64_t lcg = 17;
  for (int i = 0; i < 6; ++i) PlayOne(B(), t.id, &lcg);
  const size_t count = StoredMoves(t.id).size();
  Json caught = heard.WaitForMoveCount(count);
  ASSERT_FALSE(caught.is_null()) << "A read the game back once it listened again";
  EXPECT_EQ(caught["view"], ViewOf(B(), t.id, 0)["view"]);
}

// Issue 38: every instance replays the clocks from the stored moves' times, so they
// agree; a seat out of time is flagged once, however many instances find it at once.
TEST_F(InstancesTest, ClocksAgreeAcrossInstancesAndAFlagIsStoredOnce) {
  int64_t now = 1'800'000'000'000;
  fake_now_ms_ = now;
  CreateRequest r;
  r.game = "jaipur";
  r.seats = {{"human", ""}, {"human", ""}};
  r.clock = *clock::RealTime(60, 2);
  auto created = A().Create(r);
  ASSERT_TRUE(created.ok()) << created.message();
  const std::string id = created->game_id;
  ASSERT_TRUE(B().Join(id, created->invites[0].second, "Bea").ok());
  auto play = [&](GameService& on) {
    const int seat = ViewOf(on, id, 0)["to_move"].get<int>();
    return on.Move(id, seat, ViewOf(on, id, seat)["legal"][0].get<std::string>());
  };
  ASSERT_TRUE(play(A()).ok());
  ASSERT_EQ(WaitForMoveCount(B(), id, 1)["move_count"], 1);
  fake_now_ms_ = now += 7'000;
  ASSERT_TRUE(play(B()).ok());
  ASSERT_EQ(WaitForMoveCount(A(), id, 2)["move_count"], 2);
  fake_now_ms_ = now += 3'000;
  const Json on_a = ViewOf(A(), id, 0)["clocks"], on_b = ViewOf(B(), id, 0)["clocks"], on_c = ViewOf(C(), id, 0)["clocks"];
  EXPECT_EQ(on_a, on_b);
  EXPECT_EQ(on_a, on_c) << "an instance reading the game afresh";
  EXPECT_EQ(on_a.size(), 2u);
  fake_now_ms_ = now += 70'000;  // the seat to move is out of time
  std::thread flag_on_b([&] { B().FlagOverdue(now); });
  A().FlagOverdue(now);
  flag_on_b.join();
  const std::vector<std::string> moves = StoredMoves(id);
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves.back(), "timeout");
  for (GameService* s : {&A(), &B()}) {
    Json view = WaitForMoveCount(*s, id, 3);
    EXPECT_TRUE(view["over"].get<bool>());
    EXPECT_EQ(view["move_count"], 3) << "one flag, stored once";
  }
}

}  // namespace
}  // namespace souk::server
