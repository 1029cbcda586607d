// Issue 17: 1,030 WebSockets under `ulimit -n 1024` left the server unable to
// accept anyone. Connections are capped in all and per client address; over a cap
// a connection gets a quick 503 or 429 with Retry-After and is closed.
#include "server/connection_limits.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <thread>
#include <vector>

#include "server/test_server.h"
#include "testing/raw_client.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

using namespace std::chrono_literals;
using testing::RawConnection;
using testing::TestServer;


std::string Upgrade(const std::string& forwarded_for) {
  return "GET /api/games/nope/ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nX-Forwarded-For: " +
         forwarded_for + "\r\n\r\n";
}

TEST(ConnectionCap, ADefaultCapFitsTheDescriptorLimitAnExplicitOneMustFit) {
  std::string warning;
  EXPECT_EQ(*ConnectionCapFor(0, 1 << 20, &warning), kDefaultMaxConnections);
  EXPECT_EQ(warning, "");
  EXPECT_EQ(*ConnectionCapFor(0, 1024, &warning), 1024 - kReservedDescriptors);
  EXPECT_NE(warning.find("at most 924 connections at once, not 10000"), std::string::npos) << warning;
  EXPECT_EQ(*ConnectionCapFor(500, 1024, &warning), 500);
  auto too_many = ConnectionCapFor(5000, 1024, &warning);
  ASSERT_FALSE(too_many.ok());
  EXPECT_EQ(too_many.message(),
            "--max-connections 5000 does not fit: the descriptor limit (ulimit -n) is 1024, less 100 kept for the "
            "database, files and the event loop, leaves room for 924; raise ulimit -n or lower --max-connections");
  EXPECT_FALSE(ConnectionCapFor(0, 50, &warning).ok());
  EXPECT_FALSE(ConnectionCapFor(-1, 1024, &warning).ok());
}

TEST(ConnectionCap, TheTableCountsInAllAndPerAddressAndSlotsGiveTheirPlaceBack) {
  ConnectionTable table(3, 2);
  Admission a = table.Admit("198.51.100.1");
  Admission b = table.Admit("198.51.100.1");
  EXPECT_EQ(a.outcome, Admitted::kYes);
  EXPECT_EQ(b.outcome, Admitted::kYes);
  EXPECT_EQ(table.Admit("198.51.100.1").outcome, Admitted::kAddressFull);
  Admission proxy = table.Admit("");  // a trusted proxy's: the total only
  EXPECT_EQ(proxy.outcome, Admitted::kYes);
  EXPECT_EQ(table.Admit("198.51.100.2").outcome, Admitted::kServerFull);
  EXPECT_EQ(table.open(), 3);
  {
    ConnectionSlot moved = std::move(a.slot);
    EXPECT_EQ(table.open(), 3) << "moving a slot keeps one place";
  }
  EXPECT_EQ(table.open(), 2);
  EXPECT_EQ(table.open_from("198.51.100.1"), 1);
  Admission forwarded = table.AdmitForwarded("203.0.113.9");
  EXPECT_EQ(forwarded.outcome, Admitted::kYes);
  EXPECT_EQ(table.open(), 2) << "a forwarded WebSocket is already in the total";
  EXPECT_EQ(table.open_from("203.0.113.9"), 1);
  EXPECT_EQ(table.AdmitForwarded("203.0.113.9").outcome, Admitted::kYes);
  EXPECT_EQ(table.AdmitForwarded("203.0.113.9").outcome, Admitted::kYes) << "the second was dropped at once";
  forwarded = Admission{};
  EXPECT_EQ(table.open_from("203.0.113.9"), 0);
}

TEST(ConnectionCap, OverTheTotalANewConnectionGetsAQuick503AndTheServerServesOn) {
  ServerOptions options;
  options.connections.total = 6;
  TestServer server(options);
  std::vector<RawConnection> held;
  for (int i = 0; i < 6; ++i) held.emplace_back(server.port());
  ASSERT_TRUE(held[0].Send(testing::kHealthRequest));
  ASSERT_EQ(RawConnection::StatusOf(held[0].ReadResponse(5s)), 200);

  std::vector<RawConnection> extra;
  for (int i = 0; i < 10; ++i) extra.emplace_back(server.port());
  for (RawConnection& c : extra) {
    const std::string answer = c.ReadUntilClosed(10s);  // bounds a hang only
    EXPECT_TRUE(c.closed_by_peer()) << "answered and closed without a request";
    EXPECT_EQ(RawConnection::StatusOf(answer), 503) << answer;
    EXPECT_EQ(RawConnection::HeaderOf(answer, "Retry-After"), "2");
    EXPECT_NE(RawConnection::BodyOf(answer).find("\"error\":\"the server is full"), std::string::npos) << answer;
  }
  // A client that sends its request first still reads the whole answer.
  RawConnection eager(server.port());
  ASSERT_TRUE(eager.Send(testing::kHealthRequest));
  EXPECT_EQ(RawConnection::StatusOf(eager.ReadUntilClosed(3s)), 503);

  // Nothing spins: left alone, the network thread has no more than each refusal's
  // end to run (its one-second expiry, the read it cancels: a few handlers each, 27 at
  // most here whether it is left one second or four); a loop spinning on a connection or
  // on accept runs thousands of handlers a second.
  const uint64_t handlers_before = server.http().handlers_run();
  std::this_thread::sleep_for(1s);
  const uint64_t handlers = server.http().handlers_run() - handlers_before;
  std::printf("the network thread ran %llu handlers in the second left alone\n", static_cast<unsigned long long>(handlers));
  EXPECT_LE(handlers, 4u * (extra.size() + 1)) << "nothing spins";
  ASSERT_TRUE(held[0].Send(testing::kHealthRequest));
  EXPECT_EQ(RawConnection::StatusOf(held[0].ReadResponse(2s)), 200) << "connections held are served";

  held.erase(held.begin() + 3, held.end());  // closes three
  int status = 0;
  for (int attempt = 0; attempt < 40 && status != 200; ++attempt) {
    RawConnection later(server.port());
    later.Send(testing::kHealthRequest);
    status = RawConnection::StatusOf(later.ReadResponse(2s));
    if (status != 200) std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(status, 200) << "places freed are taken again";
}

TEST(ConnectionCap, OverThePerAddressCapANewConnectionGetsAQuick429OthersGetIn) {
  ServerOptions options;
  options.connections.per_address = 3;
  TestServer server(options);
  std::vector<RawConnection> held;
  for (int i = 0; i < 3; ++i) held.emplace_back(server.port(), "127.0.0.1");
  RawConnection fourth(server.port(), "127.0.0.1");
  const std::string answer = fourth.ReadUntilClosed(3s);
  EXPECT_EQ(RawConnection::StatusOf(answer), 429) << answer;
  EXPECT_EQ(RawConnection::HeaderOf(answer, "Retry-After"), "2");
  EXPECT_NE(RawConnection::BodyOf(answer).find("too many connections from your address (the most is 3)"), std::string::npos);

  RawConnection elsewhere(server.port(), "127.0.0.2");
  ASSERT_TRUE(elsewhere.Send(testing::kHealthRequest));
  EXPECT_EQ(RawConnection::StatusOf(elsewhere.ReadResponse(2s)), 200) << "another address is not held back";

  held.pop_back();
  int status = 0;
  for (int attempt = 0; attempt < 40 && status != 200; ++attempt) {
    RawConnection again(server.port(), "127.0.0.1");
    again.Send(testing::kHealthRequest);
    status = RawConnection::StatusOf(again.ReadResponse(2s));
    if (status != 200) std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(status, 200);
}

TEST(ConnectionCap, ThroughATrustedProxyWebSocketsCountAgainstTheForwardedClient) {
  ServerOptions options;
  options.connections.per_address = 2;
  ASSERT_TRUE(options.trusted_proxies.Add("127.0.0.1").ok());
  TestServer server(options);
  // The proxy itself holds any number of connections.
  std::vector<RawConnection> sockets;
  for (int i = 0; i < 5; ++i) {
    sockets.emplace_back(server.port(), "127.0.0.1");
    ASSERT_TRUE(sockets.back().Send(Upgrade(i < 3 ? "203.0.113.5" : "203.0.113.6")));
  }
  std::vector<int> statuses;
  for (RawConnection& c : sockets) statuses.push_back(RawConnection::StatusOf(c.ReadResponse(3s, /*head=*/true)));
  EXPECT_EQ(statuses, (std::vector<int>{101, 101, 429, 101, 101}));
  // From an untrusted peer, X-Forwarded-For counts for nothing: 127.0.0.2's own cap.
  std::vector<RawConnection> direct;
  for (int i = 0; i < 3; ++i) {
    direct.emplace_back(server.port(), "127.0.0.2");
    direct.back().Send(Upgrade("203.0.113." + std::to_string(50 + i)));
  }
  EXPECT_EQ(RawConnection::StatusOf(direct[2].ReadUntilClosed(3s)), 429);
}

}  // namespace
}  // namespace souk::server
