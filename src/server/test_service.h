// For the game service's tests: a GameService over a SQLite file of its own, which a
// test may reopen (a restart), its games dealt from seeds that SOUK_TEST_SEED replays.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "server/game_service.h"
#include "server/store.h"

namespace souk::server::testing {

class ServiceOnDiskTest : public ::testing::Test {
 protected:
  // `name` names the database file; a fixture sets options_ in its constructor.
  explicit ServiceOnDiskTest(const std::string& name) : name_(name) {}

  void SetUp() override {
    path_ = ::testing::TempDir() + name_ + "_" + std::to_string(getpid()) + ".db";
    Reopen();
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  // As a restart would: the service and the store closed, then opened again.
  void Reopen() {
    service_.reset();
    store_.reset();
    auto store = OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    service_ = std::make_unique<GameService>(*store_, options_);
    service_->UseSeedsFrom(seed_);
  }

  // The games' seeds: SOUK_TEST_SEED replays a failure, else a fixed one.
  static uint64_t TestSeed() {
    const char* text = std::getenv("SOUK_TEST_SEED");
    return text ? std::strtoull(text, nullptr, 10) : 20261124;
  }

  ServiceOptions options_;
  uint64_t seed_ = TestSeed();
  ::testing::ScopedTrace trace_{__FILE__, __LINE__,
                                "games seeded from " + std::to_string(seed_) + " (SOUK_TEST_SEED replays)"};
  std::string path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> service_;

 private:
  std::string name_;
};

}  // namespace souk::server::testing
