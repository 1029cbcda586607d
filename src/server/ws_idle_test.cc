// Issue 17: a WebSocket that says nothing held its place for ever, since the
// stream's own timeout is satisfied by answered pings. A WebSocket from which no
// message comes for --ws-idle-timeout is closed.
#include <gtest/gtest.h>

#include <algorithm>
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

class WsIdleTest : public ::testing::Test {
 protected:
  static ServerOptions Options() {
    ServerOptions options;
    options.ws_idle_timeout = 1s;
    return options;
  }
  void SetUp() override {
    Reply created = CallServer(server_.port(), http::verb::post, "/api/games",
                               R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
    ASSERT_EQ(created.status, 201);
    id_ = created.body["game_id"];
    token_ = created.body["token"];
  }
  // A client that has said hello and had the game's history and its state.
  std::unique_ptr<WsClient> Seated() {
    auto client = std::make_unique<WsClient>(server_.port(), id_);
    client->Send(Json{{"type", "hello"}, {"token", token_}}.dump());
    EXPECT_EQ(client->Receive()["type"], "history");
    EXPECT_EQ(client->Receive()["type"], "state");
    return client;
  }
  TestServer server_{Options()};
  std::string id_, token_;
};

// Closed within ClosedByServer's 10 s, which only bounds a hang: nothing but the idle
// timeout (1 s here) closes a quiet WebSocket that soon (Beast's own is 300 s).
TEST_F(WsIdleTest, AQuietWebSocketIsClosed) {
  auto client = Seated();
  EXPECT_TRUE(client->ClosedByServer());
}

// The frames a server sends, unmasked and short here: their opcodes, in order.
std::vector<int> Opcodes(const std::string& bytes) {
  std::vector<int> opcodes;
  for (size_t at = 0; at + 2 <= bytes.size(); at += 2 + (static_cast<unsigned char>(bytes[at + 1]) & 0x7f))
    opcodes.push_back(static_cast<unsigned char>(bytes[at]) & 0x0f);
  return opcodes;
}

TEST_F(WsIdleTest, PingsAreNotMessages) {
  RawConnection c(server_.port());
  ASSERT_TRUE(c.Send("GET /api/games/" + id_ + "/ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n"));
  ASSERT_EQ(RawConnection::StatusOf(c.ReadResponse(2s, /*head=*/true)), 101);
  // A masked ping with no payload, every 50 ms; the server's pongs and, in time, its close.
  const std::string ping("\x89\x80\x01\x02\x03\x04", 6);
  std::string received;
  const auto start = std::chrono::steady_clock::now();
  bool closed = false;
  while (!closed && std::chrono::steady_clock::now() - start < 5s) {
    ASSERT_TRUE(c.Send(ping));
    received += c.ReadUntilClosed(50ms);
    for (int opcode : Opcodes(received)) closed = closed || opcode == 0x8;
  }
  EXPECT_TRUE(closed) << "a close frame while the client kept pinging";
  const std::vector<int> opcodes = Opcodes(received);
  EXPECT_NE(std::find(opcodes.begin(), opcodes.end(), 0xA), opcodes.end()) << "the pings were answered";
}

TEST_F(WsIdleTest, AWebSocketThatSpeaksStaysOpen) {
  auto client = Seated();
  for (int i = 0; i < 20; ++i) {  // twice the idle time, a message every 100 ms
    std::this_thread::sleep_for(100ms);
    client->Send(R"({"type":"dance"})");
    EXPECT_EQ(client->Receive()["type"], "error");
  }
}

}  // namespace
}  // namespace souk::server
