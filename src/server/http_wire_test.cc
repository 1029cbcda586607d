// What the server puts on the wire, read from a raw socket: HEAD answers, socket options.
#include <gtest/gtest.h>
#include <netinet/tcp.h>

#include <filesystem>
#include <fstream>

#include "server/raw_client.h"
#include "server/test_client.h"
#include "server/test_server.h"

namespace souk::server {
namespace {

using namespace std::chrono_literals;
using testing::RawConnection;
using testing::TestServer;

std::string Get(const std::string& target, const char* verb = "GET") {
  return std::string(verb) + " " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
}

// Issue 17, defect 6: HEAD of an API route answered a 404 with a body. HEAD is GET
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

}  // namespace
}  // namespace souk::server
