#include "ai/bot_spec.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "ai/time_manager.h"
#include "core/text.h"

namespace souk::ai {
namespace {

// Levels are iteration budgets, so that a level plays as well on a slow machine as
// on a fast one and arena runs of levels replay exactly. Measured in docs/ai.md.
// Every game has the same budgets today; LevelParams takes the game so that one
// may get its own.
struct Level {
  std::string_view name;
  int64_t iterations;
  int threads;
};
constexpr Level kLevels[] = {
    {"easy", 300, 1},
    {"medium", 3000, 1},
    {"hard", 30000, 2},
};

std::vector<std::string_view> Split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// A whole decimal number in [min, max], nothing else.
std::optional<int64_t> ParseCount(std::string_view text, int64_t min, int64_t max) {
  if (text.empty() || text.size() > 12) return std::nullopt;
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value < min || value > max) return std::nullopt;
  return value;
}

// A plain decimal number such as "1.4" (no sign, exponent, inf or nan).
std::optional<double> ParseDecimal(std::string_view text) {
  if (text.empty() || text.size() > 12) return std::nullopt;
  int dots = 0;
  for (char c : text) {
    if (c == '.') {
      ++dots;
    } else if (c < '0' || c > '9') {
      return std::nullopt;
    }
  }
  if (dots > 1 || text == ".") return std::nullopt;
  return std::strtod(std::string(text).c_str(), nullptr);
}

// "500", "500ms" or "0.5s": whole milliseconds from 1 to one hour.
std::optional<int> ParseMilliseconds(std::string_view text) {
  double scale = 1;
  if (text.ends_with("ms")) {
    text.remove_suffix(2);
  } else if (text.ends_with("s")) {
    text.remove_suffix(1);
    scale = 1000;
  }
  auto value = ParseDecimal(text);
  if (!value) return std::nullopt;
  // Decimal seconds are not exact in binary: 1.005 * 1000 is 1004.9999999999999.
  const double ms = std::round(*value * scale);
  if (ms < 1 || ms > 3600000 || std::abs(*value * scale - ms) > 1e-6) return std::nullopt;
  return static_cast<int>(ms);
}

}  // namespace

MctsParams LevelParams(std::string_view /*game*/, std::string_view level) {
  MctsParams params;
  for (const Level& l : kLevels) {
    if (l.name != level) continue;
    params.budget.iterations = l.iterations;
    params.budget.threads = l.threads;
  }
  return params;
}

MctsParams ResolveParams(std::string_view game, const BotSpec& spec) {
  MctsParams params = spec.level.empty() ? MctsParams{} : LevelParams(game, spec.level);
  // One limit given alone replaces the level's budget rather than adding to it.
  if (spec.iterations || spec.time_ms) {
    params.budget.iterations = spec.iterations;
    params.budget.time_ms = spec.time_ms;
    params.budget.clock = spec.clock;
  }
  if (spec.threads) params.budget.threads = spec.threads;
  if (spec.exploration > 0) params.exploration = spec.exploration;
  if (spec.rollout_cap) params.rollout_cap = spec.rollout_cap;
  return params;
}

int64_t LongestMoveMs(const BotSpec& spec) {
  return static_cast<int64_t>(spec.time_ms) * (spec.clock ? TimeManager::kMaxMoveGains : 1);
}

Result<BotSpec> ParseBotSpec(std::string_view text) {
  const std::string bad = "bad bot " + Quoted(text) + ": ";
  std::string_view trimmed = Trim(text);
  size_t colon = trimmed.find(':');
  std::string_view name = trimmed.substr(0, colon);
  BotSpec spec;
  if (name == "random") {
    spec.kind = BotKind::kRandom;
  } else if (name == "greedy") {
    spec.kind = BotKind::kGreedy;
  } else if (name == "mcts") {
    spec.kind = BotKind::kMcts;
  } else if (name == "easy" || name == "medium" || name == "hard") {
    spec.level = std::string(name);
  } else {
    return Status::Error(bad + "unknown bot; expected random, greedy, mcts, easy, medium or hard");
  }
  if (colon == std::string_view::npos) return spec;
  if (spec.kind != BotKind::kMcts) return Status::Error(bad + std::string(name) + " takes no options");

  std::vector<std::string_view> seen;
  for (std::string_view option : Split(trimmed.substr(colon + 1), ',')) {
    size_t eq = option.find('=');
    if (eq == std::string_view::npos)
      return Status::Error(bad + "option " + Quoted(option) + " is not key=value");
    std::string_view key = option.substr(0, eq), value = option.substr(eq + 1);
    for (std::string_view earlier : seen)
      if (earlier == key) return Status::Error(bad + "option " + Quoted(key) + " given twice");
    seen.push_back(key);
    if ((key == "time" || key == "clock") && spec.time_ms)
      return Status::Error(bad + "give time (each move's limit) or clock (a mean a move), not both");
    if (key == "iterations") {
      auto n = ParseCount(value, 1, 1'000'000'000);
      if (!n) return Status::Error(bad + "iterations must be a whole number from 1 to 1000000000");
      spec.iterations = *n;
    } else if (key == "time") {
      auto ms = ParseMilliseconds(value);
      if (!ms) return Status::Error(bad + "time must be milliseconds from 1 to 3600000 (500, 500ms or 0.5s)");
      spec.time_ms = *ms;
    } else if (key == "clock") {
      auto ms = ParseMilliseconds(value);
      if (!ms) return Status::Error(bad + "clock must be milliseconds from 1 to 3600000 (500, 500ms or 0.5s)");
      spec.time_ms = *ms;
      spec.clock = true;
    } else if (key == "threads") {
      auto n = ParseCount(value, 1, 64);
      if (!n) return Status::Error(bad + "threads must be a whole number from 1 to 64");
      spec.threads = static_cast<int>(*n);
    } else if (key == "c") {
      auto c = ParseDecimal(value);
      if (!c || *c <= 0 || *c > 100) return Status::Error(bad + "c must be a number above 0 and at most 100");
      spec.exploration = *c;
    } else if (key == "rollout") {
      auto n = ParseCount(value, 1, 100000);
      if (!n) return Status::Error(bad + "rollout must be a whole number of moves from 1 to 100000");
      spec.rollout_cap = static_cast<int>(*n);
    } else {
      return Status::Error(bad + "unknown option " + Quoted(key) + "; expected iterations, time, clock, threads, c or rollout");
    }
  }
  return spec;
}

std::string ToString(const BotSpec& spec) {
  if (spec.kind == BotKind::kRandom) return "random";
  if (spec.kind == BotKind::kGreedy) return "greedy";
  std::string name = spec.level.empty() ? "mcts" : spec.level;
  std::vector<std::string> options;
  if (spec.iterations) options.push_back("iterations=" + std::to_string(spec.iterations));
  if (spec.time_ms) options.push_back((spec.clock ? "clock=" : "time=") + std::to_string(spec.time_ms));
  if (spec.threads) options.push_back("threads=" + std::to_string(spec.threads));
  if (spec.exploration > 0) {
    char buffer[32];
    // Shortest text that reads back to the same double.
    auto end = std::to_chars(buffer, buffer + sizeof buffer, spec.exploration, std::chars_format::fixed).ptr;
    options.push_back("c=" + std::string(buffer, end));
  }
  if (spec.rollout_cap) options.push_back("rollout=" + std::to_string(spec.rollout_cap));
  std::string text = name;
  for (size_t i = 0; i < options.size(); ++i) text += (i ? "," : ":") + options[i];
  return text;
}

}  // namespace souk::ai
