// The log's two formats and its sampling of refusals, on a clock the test moves.
#include "server/server_log.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "format/json.h"

namespace souk::server::server_log {
namespace {

class ServerLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SetSinkForTesting([this](const std::string& line) { lines_.push_back(line); });
    SetClockForTesting([this] { return now_; });
  }
  void TearDown() override {
    SetSinkForTesting({});
    SetClockForTesting({});
    Configure(Format::kText, "");
  }
  std::vector<std::string> lines_;
  std::chrono::steady_clock::time_point now_{};
};

TEST_F(ServerLogTest, JsonLinesCarryTheEventAndItsFields) {
  Configure(Format::kJson, "host:42");
  Write(Level::kWarning, "engine_failed", "game g1 seat 1: crashed", {{"game", "g1"}, Number("seat", 1)});
  ASSERT_EQ(lines_.size(), 1u);
  auto j = ParseJson(lines_[0]);
  ASSERT_TRUE(j.ok()) << lines_[0];
  EXPECT_EQ((*j)["level"], "warning");
  EXPECT_EQ((*j)["instance"], "host:42");
  EXPECT_EQ((*j)["event"], "engine_failed");
  EXPECT_EQ((*j)["game"], "g1");
  EXPECT_EQ((*j)["seat"], 1);
  EXPECT_EQ((*j)["time"].get<std::string>().size(), 24u) << "2026-11-27T20:05:01.123Z";
  EXPECT_EQ(lines_[0].back(), '\n');
}

TEST_F(ServerLogTest, TheTextFormatKeepsWarningsAndErrorsOnly) {
  Configure(Format::kText, "host:42");
  Write(Level::kInfo, "request_refused", "404 on other");
  Write(Level::kError, "store_diverged", "game g1: the store's moves differ");
  ASSERT_EQ(lines_.size(), 1u);
  EXPECT_EQ(lines_[0], "souk serve: game g1: the store's moves differ\n");
}

TEST_F(ServerLogTest, AFloodOfRefusalsIsSampledAndTheRestCounted) {
  Configure(Format::kJson, "host:42");
  for (int i = 0; i < 1000; ++i) WriteSampled(Level::kInfo, "request_refused", "429 on move");
  EXPECT_EQ(lines_.size(), 100u) << "a burst of 100, then nothing while the clock stands still";
  now_ += std::chrono::milliseconds(50);  // one more line's worth, at 20 a second
  WriteSampled(Level::kInfo, "request_refused", "429 on move");
  ASSERT_EQ(lines_.size(), 101u);
  auto last = ParseJson(lines_.back());
  ASSERT_TRUE(last.ok());
  EXPECT_EQ((*last)["suppressed"], 900) << "the lines left out, counted";
}

TEST_F(ServerLogTest, BytesThatAreNotUtf8AreReplacedNotThrown) {
  Configure(Format::kJson, "host:42");
  Write(Level::kWarning, "connection_failed", std::string("bad \xff\xfe bytes"));
  ASSERT_EQ(lines_.size(), 1u);
  EXPECT_TRUE(ParseJson(lines_[0]).ok()) << lines_[0];
}

}  // namespace
}  // namespace souk::server::server_log
