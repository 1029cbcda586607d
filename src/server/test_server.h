// A real server on loopback with a fresh database, for the server's tests
// (header-only, tests only).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <string>

#include "server/http_server.h"

namespace souk::server::testing {

class TestServer {
 public:
  // Serves on a free port with `options` (its port is ignored); an empty web app folder.
  explicit TestServer(ServerOptions options) {
    static std::atomic<int> counter{0};
    path_ = ::testing::TempDir() + "test_server_" + std::to_string(getpid()) + "_" + std::to_string(counter++) + ".db";
    auto store = OpenSqliteStore(path_);
    EXPECT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    games_ = std::make_unique<GameService>(*store_, 1);
    options.port = 0;
    server_ = std::make_unique<HttpServer>(*games_, std::move(options));
    Status started = server_->Start();
    EXPECT_TRUE(started.ok()) << started.message();
  }
  ~TestServer() {
    games_->StopBots();
    server_.reset();
    games_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  TestServer(const TestServer&) = delete;
  TestServer& operator=(const TestServer&) = delete;

  uint16_t port() const { return server_->port(); }
  GameService& games() { return *games_; }
  Store& store() { return *store_; }
  HttpServer& http() { return *server_; }

 private:
  std::string path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<HttpServer> server_;
};

}  // namespace souk::server::testing
