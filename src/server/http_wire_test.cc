// What the server puts on the wire, read from a raw socket: HEAD answers, socket options.
#include <gtest/gtest.h>
#include <netinet/tcp.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "server/test_server.h"
#include "testing/raw_client.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

using namespace std::chrono_literals;
using testing::RawConnection;
using testing::TestServer;

std::string Get(const std::string& target, const char* verb = "GET") {
  return std::string(verb) + " " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
}

// Issue 17: HEAD of an API route answered a 404 with a body. HEAD is GET
// without the body: the same status and Content-Length, not one byte more.
void ExpectHeadLikeGet(uint16_t port, const std::string& target) {
  RawConnection c(port);
  ASSERT_TRUE(c.connected());
  ASSERT_TRUE(c.Send(Get(target)));
  const std::string get = c.ReadResponse(5s);
  ASSERT_TRUE(c.Send(Get(target, "HEAD")));
  // Lingers: a body sent after the header would arrive within it.
  const std::string head = c.ReadResponse(5s, /*head=*/true, 300ms);
  EXPECT_EQ(RawConnection::StatusOf(head), RawConnection::StatusOf(get)) << target << "\n" << head;
  EXPECT_EQ(RawConnection::HeaderOf(head, "Content-Length"), std::to_string(RawConnection::BodyOf(get).size())) << target;
  EXPECT_EQ(RawConnection::BodyOf(head), "") << target << ": HEAD sends no body";
  // The connection is still in step: the next answer is whole and is the next one.
  ASSERT_TRUE(c.Send(Get(target)));
  EXPECT_EQ(c.ReadResponse(5s), get) << target;
}

TEST(HttpWire, HeadOfAnApiGetRouteIsItsHeaderWithoutTheBody) {
  TestServer server(ServerOptions{});
  ExpectHeadLikeGet(server.port(), "/api/health");
  Reply created = CallServer(server.port(), http::verb::post, "/api/games",
                             R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})");
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["game_id"];
  ExpectHeadLikeGet(server.port(), "/api/games/" + id);
  ExpectHeadLikeGet(server.port(), "/api/games/" + id + "/replay");  // a 409, with its error
  ExpectHeadLikeGet(server.port(), "/api/games/nope");               // a 404
}

TEST(HttpWire, HeadOfAStaticFileIsItsHeaderWithoutTheBody) {
  const std::filesystem::path dir = ::testing::TempDir() + "http_wire_web_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "index.html") << "<!doctype html><title>Souk</title>\n";
  ServerOptions options;
  options.web_dir = dir.string();
  {
    TestServer server(options);
    RawConnection c(server.port());
    ASSERT_TRUE(c.Send(Get("/", "HEAD")));
    const std::string head = c.ReadResponse(5s, /*head=*/true, 300ms);
    EXPECT_EQ(RawConnection::StatusOf(head), 200) << head;
    EXPECT_EQ(RawConnection::HeaderOf(head, "Content-Length"), "35");
    EXPECT_EQ(RawConnection::BodyOf(head), "");
    ExpectHeadLikeGet(server.port(), "/");
    ExpectHeadLikeGet(server.port(), "/missing.js");
  }
  std::filesystem::remove_all(dir);
}

// The server's end of the client's connection `client_fd`, found among this
// process's descriptors (the server runs in the test's process): the socket whose
// peer is the client's address. -1 if there is none yet.
int ServerEndOf(int client_fd) {
  sockaddr_in client{};
  socklen_t size = sizeof client;
  getsockname(client_fd, reinterpret_cast<sockaddr*>(&client), &size);
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    const int fd = std::atoi(entry.path().filename().c_str());
    sockaddr_in peer{};
    socklen_t peer_size = sizeof peer;
    if (fd == client_fd || getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &peer_size) != 0) continue;
    if (peer.sin_family == AF_INET && peer.sin_port == client.sin_port && peer.sin_addr.s_addr == client.sin_addr.s_addr)
      return fd;
  }
  return -1;
}

bool NoDelay(int fd) {
  int value = 0;
  socklen_t size = sizeof value;
  return getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &value, &size) == 0 && value != 0;
}

// Issue 17: small pushes waited for Nagle's algorithm (23 of 4,197 took over 30 ms).
// Every accepted socket has TCP_NODELAY, whatever it goes on to carry.
TEST(HttpWire, EveryAcceptedSocketHasNoDelay) {
  TestServer server(ServerOptions{});
  RawConnection http_client(server.port());
  ASSERT_TRUE(http_client.Send(Get("/api/health")));
  ASSERT_EQ(RawConnection::StatusOf(http_client.ReadResponse(5s)), 200);
  const int http_end = ServerEndOf(http_client.fd());
  ASSERT_GE(http_end, 0);
  EXPECT_TRUE(NoDelay(http_end)) << "an HTTP connection";

  RawConnection ws_client(server.port());
  ASSERT_TRUE(ws_client.Send("GET /api/games/nope/ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                             "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n"));
  ASSERT_EQ(RawConnection::StatusOf(ws_client.ReadResponse(5s, /*head=*/true)), 101);
  const int ws_end = ServerEndOf(ws_client.fd());
  ASSERT_GE(ws_end, 0);
  EXPECT_TRUE(NoDelay(ws_end)) << "a WebSocket";
}

}  // namespace
}  // namespace souk::server
