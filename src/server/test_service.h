// For the game service's tests: a GameService over a database of its own, which a
// test may reopen (a restart), its games dealt from seeds that SOUK_TEST_SEED replays.
// The database is a SQLite file, or with SOUK_TEST_STORE=postgres a PostgreSQL
// database (CMake registers the game service's tests a second time so, as X.Postgres).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "server/game_service.h"
#include "server/store.h"
#include "server/test_stores.h"

namespace souk::server::testing {

class ServiceOnDiskTest : public ::testing::Test {
 protected:
  // `name` names the database file; a fixture sets options_ in its constructor.
  explicit ServiceOnDiskTest(const std::string& name) : name_(name) {}

  void SetUp() override {
    Status made = database_.Make(TestStore(), name_);
    ASSERT_TRUE(made.ok()) << made.message();
    Reopen();
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
  }
  // As a restart would: the service and the store closed, then opened again.
  void Reopen() {
    service_.reset();
    store_.reset();
    auto store = database_.Open();
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    service_ = std::make_unique<GameService>(*store_, options_);
    service_->UseSeedsFrom(seed_);
  }

  // A game with one seat per entry of `players` ("human" or a bot spec), made by the
  // service; empty when refused (the test fails).
  Created Make(const std::string& game, std::vector<std::string> players) {
    CreateRequest r;
    r.game = game;
    r.players = static_cast<int>(players.size());
    for (auto& p : players) r.seats.push_back({p, ""});
    auto created = service_->Create(r);
    EXPECT_TRUE(created.ok()) << created.message();
    return created.ok() ? *created : Created{};
  }
  // The state message of `seat` (-1: a spectator) now.
  Json Snapshot(const std::string& id, int seat) {
    auto s = service_->View(id, seat);
    EXPECT_TRUE(s.ok()) << s.message();
    return s.ok() ? s->json : Json();
  }

  // The games' seeds: SOUK_TEST_SEED replays a failure, else a fixed one.
  static uint64_t TestSeed() {
    const char* text = std::getenv("SOUK_TEST_SEED");
    return text ? std::strtoull(text, nullptr, 10) : 20261124;
  }

  static Backend TestStore() {
    const char* text = std::getenv("SOUK_TEST_STORE");
    return text && std::string(text) == "postgres" ? Backend::kPostgres : Backend::kSqlite;
  }

  ServiceOptions options_;
  uint64_t seed_ = TestSeed();
  ::testing::ScopedTrace trace_{__FILE__, __LINE__,
                                "games seeded from " + std::to_string(seed_) + " (SOUK_TEST_SEED replays)"};
  TestDatabase database_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> service_;

 private:
  std::string name_;
};

}  // namespace souk::server::testing
