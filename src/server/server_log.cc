#include "server/server_log.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "format/json.h"

namespace souk::server::server_log {
namespace {

std::mutex mutex;
std::atomic<Format> format{Format::kText};
std::string instance;
std::function<void(const std::string&)> sink;
std::function<std::chrono::steady_clock::time_point()> clock_for_tests;

std::string Now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  const size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  std::snprintf(text + n, sizeof text - n, ".%03dZ", static_cast<int>(ms));
  return text;
}

const char* LevelName(Level level) {
  switch (level) {
    case Level::kInfo: return "info";
    case Level::kWarning: return "warning";
    case Level::kError: return "error";
  }
  return "error";
}

}  // namespace

Field Number(std::string_view key, double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return {key, text, true};
}

void Configure(Format f, std::string name) {
  std::lock_guard lock(mutex);
  format = f;
  instance = std::move(name);
}

bool ParseFormat(std::string_view text, Format* f) {
  if (text == "text") *f = Format::kText;
  else if (text == "json") *f = Format::kJson;
  else return false;
  return true;
}

namespace {

void WriteFields(Level level, std::string_view event, std::string_view message, std::span<const Field> fields) {
  std::string line;
  {
    std::lock_guard lock(mutex);
    if (format == Format::kText) {
      if (level == Level::kInfo) return;  // the text log is for what needs a look
      line = "souk serve: " + std::string(message) + "\n";
    } else {
      Json j = Json::object();
      j["time"] = Now();
      j["level"] = LevelName(level);
      j["instance"] = instance;
      j["event"] = std::string(event);
      j["message"] = std::string(message);
      for (const Field& f : fields) {
        if (f.number) j[std::string(f.key)] = Json::parse(f.value, nullptr, false);
        else j[std::string(f.key)] = f.value;
      }
      // Invalid UTF-8 (a client's bytes) replaced, never a throw.
      line = j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
    }
    if (sink) {
      sink(line);
      return;
    }
    std::fwrite(line.data(), 1, line.size(), stderr);  // under the lock: lines never interleave
    std::fflush(stderr);
  }
}

}  // namespace

void Write(Level level, std::string_view event, std::string_view message, std::initializer_list<Field> fields) {
  WriteFields(level, event, message, std::span<const Field>(fields.begin(), fields.size()));
}

void WriteSampled(Level level, std::string_view event, std::string_view message, std::initializer_list<Field> fields) {
  constexpr double kPerSecond = 20, kBurst = 100;
  static std::mutex bucket_mutex;
  static double tokens = kBurst;
  static std::optional<std::chrono::steady_clock::time_point> last;
  static uint64_t suppressed = 0;
  uint64_t left_out = 0;
  {
    std::lock_guard lock(bucket_mutex);
    if (format == Format::kText && level == Level::kInfo) return;  // not written anyway
    const auto now = clock_for_tests ? clock_for_tests() : std::chrono::steady_clock::now();
    if (!last) last = now;
    tokens = std::min(kBurst, tokens + kPerSecond * std::chrono::duration<double>(now - *last).count());
    last = now;
    if (tokens < 1) {
      ++suppressed;
      return;
    }
    tokens -= 1;
    left_out = std::exchange(suppressed, 0);
  }
  if (left_out == 0) return Write(level, event, message, fields);
  std::vector<Field> all(fields);
  all.push_back(Number("suppressed", static_cast<double>(left_out)));
  WriteFields(level, event, message, all);
}

void SetSinkForTesting(std::function<void(const std::string& line)> s) {
  std::lock_guard lock(mutex);
  sink = std::move(s);
}

void SetClockForTesting(std::function<std::chrono::steady_clock::time_point()> now) { clock_for_tests = std::move(now); }

}  // namespace souk::server::server_log
