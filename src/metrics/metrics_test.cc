// The text format, to the byte, and Prometheus's own linter on it.
#include "metrics/metrics.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace souk::metrics {
namespace {

TEST(Metrics, CountersGaugesAndHistogramsInTheTextFormat) {
  Registry r;
  auto& moves = r.CounterFamily("souk_moves_total", "Moves played, by game.", {"game"});
  moves.With({"jaipur"}).Add();
  moves.With({"jaipur"}).Add(2);
  moves.With({"marrakech"}).Add();
  r.GaugeFamily("souk_bot_memory_bytes", "Memory the bots hold.").With({}).Set(1536);
  auto& latency = r.HistogramFamily("souk_store_seconds", "Store call time.", {"op"}, {0.01, 0.1});
  latency.With({"append"}).Observe(0.005);
  latency.With({"append"}).Observe(0.05);
  latency.With({"append"}).Observe(3);
  EXPECT_EQ(r.Render(),
            "# HELP souk_bot_memory_bytes Memory the bots hold.\n"
            "# TYPE souk_bot_memory_bytes gauge\n"
            "souk_bot_memory_bytes 1536\n"
            "# HELP souk_moves_total Moves played, by game.\n"
            "# TYPE souk_moves_total counter\n"
            "souk_moves_total{game=\"jaipur\"} 3\n"
            "souk_moves_total{game=\"marrakech\"} 1\n"
            "# HELP souk_store_seconds Store call time.\n"
            "# TYPE souk_store_seconds histogram\n"
            "souk_store_seconds_bucket{op=\"append\",le=\"0.01\"} 1\n"
            "souk_store_seconds_bucket{op=\"append\",le=\"0.1\"} 2\n"
            "souk_store_seconds_bucket{op=\"append\",le=\"+Inf\"} 3\n"
            "souk_store_seconds_sum{op=\"append\"} 3.055\n"
            "souk_store_seconds_count{op=\"append\"} 3\n");
}

TEST(Metrics, LabelValuesAreEscaped) {
  Registry r;
  r.CounterFamily("x_total", "Help with a \\ and\na newline.", {"v"}).With({"a\"b\\c\nd"}).Add();
  EXPECT_EQ(r.Render(),
            "# HELP x_total Help with a \\\\ and\\na newline.\n"
            "# TYPE x_total counter\n"
            "x_total{v=\"a\\\"b\\\\c\\nd\"} 1\n");
}

TEST(Metrics, ACollectorIsReadWhenScrapedAndForgottenWithItsHandle) {
  Registry r;
  int held = 4;
  {
    auto collector = r.Collect("souk_games_held", "Games in memory.", {"state"}, [&](const Registry::Put& put) {
      put({"playing"}, held);
      put({"finished"}, 1);
    });
    held = 5;
    EXPECT_NE(r.Render().find("souk_games_held{state=\"playing\"} 5\n"), std::string::npos) << r.Render();
  }
  EXPECT_EQ(r.Render(), "") << "gone with its handle";
}

TEST(Metrics, ConcurrentAddsAreAllCounted) {
  Registry r;
  auto& family = r.CounterFamily("n_total", "n", {"t"});
  auto& h = r.HistogramFamily("h_seconds", "h", {}, LatencyBuckets());
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) {
        family.With({"same"}).Add();
        h.With({}).Observe(0.002);
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(family.With({"same"}).Value(), 40000);
  EXPECT_EQ(h.With({}).Read().count, 40000u);
}

// Prometheus's own check of the format and of the naming conventions.
TEST(Metrics, PromtoolFindsNoProblem) {
  Registry r;
  r.CounterFamily("souk_moves_total", "Moves played, by game.", {"game"}).With({"jaipur"}).Add();
  r.GaugeFamily("souk_websocket_connections", "WebSocket connections open.").With({}).Set(3);
  r.HistogramFamily("souk_http_request_duration_seconds", "HTTP request time, by route class.", {"route"},
                    LatencyBuckets())
      .With({"move"})
      .Observe(0.004);
  const std::string path = ::testing::TempDir() + "metrics-" + std::to_string(::getpid()) + ".txt";
  std::ofstream(path) << r.Render();
  const std::string command = "promtool check metrics < " + path + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buffer[512];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  const int status = pclose(pipe);
  std::remove(path.c_str());
  ASSERT_NE(WEXITSTATUS(status), 127) << "promtool is not installed (Debian's prometheus package; make deps)";
  EXPECT_EQ(status, 0) << output;
  EXPECT_EQ(output, "") << "no lint finding";
}

}  // namespace
}  // namespace souk::metrics
