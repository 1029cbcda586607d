// GET /metrics on its own address: the text format's content type, nothing else served.
#include "server/metrics_listener.h"

#include <gtest/gtest.h>

#include "metrics/metrics.h"
#include "server/server_metrics.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

TEST(MetricsListener, ListenAddressesAreParsedAndBadOnesNamed) {
  std::string address;
  uint16_t port = 0;
  ASSERT_TRUE(ParseListenAddress("127.0.0.1:9464", &address, &port).ok());
  EXPECT_EQ(address, "127.0.0.1");
  EXPECT_EQ(port, 9464);
  ASSERT_TRUE(ParseListenAddress("[::1]:9465", &address, &port).ok());
  EXPECT_EQ(address, "::1");
  ASSERT_TRUE(ParseListenAddress(":9466", &address, &port).ok());
  EXPECT_EQ(address, "0.0.0.0");
  EXPECT_EQ(ParseListenAddress("9464", &address, &port).message(), "'9464': expected ADDRESS:PORT, e.g. 127.0.0.1:9464");
  EXPECT_EQ(ParseListenAddress("127.0.0.1:99999", &address, &port).message(),
            "'127.0.0.1:99999': the port must be a number from 0 to 65535");
  EXPECT_EQ(ParseListenAddress("localhost:9464", &address, &port).message(),
            "'localhost:9464': 'localhost' is not an IP address");
}

TEST(MetricsListener, ServesTheRegistryAtMetricsOnly) {
  server_metrics::MoveStored("jaipur");
  MetricsListener listener;
  ASSERT_TRUE(listener.Start("127.0.0.1", 0).ok());
  const auto got = CallServerWith(listener.port(), http::verb::get, "/metrics", "", {});
  EXPECT_EQ(got.status, 200);
  EXPECT_EQ(got.Header("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_NE(got.text.find("# TYPE souk_moves_total counter\n"), std::string::npos) << got.text;
  EXPECT_NE(got.text.find("souk_moves_total{game=\"jaipur\"} "), std::string::npos);
  EXPECT_EQ(CallServerWith(listener.port(), http::verb::get, "/", "", {}).status, 404);
  EXPECT_EQ(CallServerWith(listener.port(), http::verb::get, "/api/games", "", {}).status, 404);
  EXPECT_EQ(CallServerWith(listener.port(), http::verb::post, "/metrics", "{}", {}).status, 405);
  listener.Stop();
}

// Issue 40: the operator's JSON beside the metrics (`souk admin limits` reads /limits).
TEST(MetricsListener, ServesTheJsonRoutesItIsGiven) {
  MetricsListener listener;
  int asked = 0;
  listener.ServeJson("/limits", [&asked] { return "{\"asked\": " + std::to_string(++asked) + "}"; });
  ASSERT_TRUE(listener.Start("127.0.0.1", 0).ok());
  const auto got = CallServerWith(listener.port(), http::verb::get, "/limits", "", {});
  EXPECT_EQ(got.status, 200);
  EXPECT_EQ(got.Header("content-type"), "application/json");
  EXPECT_EQ(got.text, "{\"asked\": 1}");
  EXPECT_EQ(CallServerWith(listener.port(), http::verb::get, "/limits?x=1", "", {}).text, "{\"asked\": 2}") << "read anew";
  const auto missing = CallServerWith(listener.port(), http::verb::get, "/other", "", {});
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.text, "not here: /metrics, /limits\n");
  EXPECT_EQ(CallServerWith(listener.port(), http::verb::delete_, "/limits", "", {}).status, 405);
  listener.Stop();
}

}  // namespace
}  // namespace souk::server
