// For the accounts' HTTP tests: a real server on loopback with the accounts on a
// database of their own (SQLite or PostgreSQL), cheap password hashes, a throttle
// clock moved by hand, and loopback as its trusted proxy, so that a test presents
// any client address in X-Forwarded-For (header-only, tests only).
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "server/accounts/accounts.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/ratings/rating_store.h"
#include "server/test_stores.h"
#include "testing/test_client.h"

namespace souk::server::testing {

using Headers = std::vector<std::pair<std::string, std::string>>;

inline accounts::AccountsOptions CheapAccounts() {
  accounts::AccountsOptions options;
  options.cost = accounts::PasswordCost::Minimum();
  options.signups = RateLimit{};  // off
  return options;
}

class AccountServer {
 public:
  // `configure` may change the server's options before it starts.
  explicit AccountServer(Backend backend, accounts::AccountsOptions options = CheapAccounts(),
                         const std::function<void(ServerOptions&)>& configure = {}) {
    EXPECT_TRUE(db_.Make(backend, "account_http_test").ok());
    auto store = db_.Open();
    EXPECT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    auto account_store = accounts::OpenAccountStore(db_.db());
    EXPECT_TRUE(account_store.ok()) << account_store.message();
    options.now = [this] { return accounts::ThrottleClock::time_point(std::chrono::milliseconds(clock_ms_.load())); };
    accounts_ = std::make_unique<accounts::Accounts>(std::move(*account_store), std::move(options));
    auto ratings = ratings::OpenRatingStore(db_.db());
    EXPECT_TRUE(ratings.ok()) << ratings.message();
    ratings_ = std::move(*ratings);
    ServiceOptions service;
    service.bot_threads = 1;
    service.ratings = ratings_.get();
    service.account_name = [this](int64_t id) -> Result<std::string> {
      auto account = accounts_->store().AccountById(id);
      if (!account.ok()) return account.status();
      return account->name;
    };
    games_ = std::make_unique<GameService>(*store_, service);
    ServerOptions server;
    server.port = 0;
    server.rates = RateLimits::Off();
    EXPECT_TRUE(server.trusted_proxies.Add("127.0.0.1").ok());
    server.accounts = accounts_.get();
    server.ratings = ratings_.get();
    if (configure) configure(server);
    http_ = std::make_unique<HttpServer>(*games_, server);
    Status started = http_->Start();
    EXPECT_TRUE(started.ok()) << started.message();
  }
  ~AccountServer() {
    games_->StopBots();
    http_.reset();
    games_.reset();
    accounts_.reset();
    ratings_.reset();
    store_.reset();
  }

  // The throttle's clock, moved by hand.
  void Advance(std::chrono::milliseconds by) { clock_ms_ += by.count(); }

  FullReply Call(http::verb verb, const std::string& target, const Json& body = nullptr, Headers headers = {}) const {
    return CallServerWith(http_->port(), verb, target, body.is_null() ? "" : DumpJson(body, false), headers);
  }

  const std::string& db() const { return db_.db(); }
  accounts::Accounts& accounts() { return *accounts_; }
  GameService& games() { return *games_; }
  ratings::RatingStore& ratings() { return *ratings_; }
  uint16_t port() const { return http_->port(); }

 private:
  TestDatabase db_;
  std::atomic<int64_t> clock_ms_{1'000'000'000};
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<accounts::Accounts> accounts_;
  std::unique_ptr<ratings::RatingStore> ratings_;
  std::unique_ptr<HttpServer> http_;
};

// The session cookie's value in an answer's Set-Cookie, or "".
inline std::string CookieValue(const FullReply& reply) {
  const std::string set = reply.Header("set-cookie");
  const std::string prefix = "souk_session=";
  if (set.rfind(prefix, 0) != 0) return {};
  return set.substr(prefix.size(), set.find(';') - prefix.size());
}

// The headers of the web app's own request with a session cookie.
inline Headers FromSite(const std::string& cookie) {
  Headers h = {{"Origin", "http://localhost"}};
  if (!cookie.empty()) h.emplace_back("Cookie", "souk_session=" + cookie);
  return h;
}

}  // namespace souk::server::testing
