#include "format/record.h"

#include <algorithm>

#include "core/text.h"

namespace souk {
namespace {

constexpr std::string_view kMagic = "souk-record";

}  // namespace

Result<uint64_t> ParseSeed(std::string_view word) {
  if (word.empty() || word.size() > 20) return Status::Error("seed must be a whole number from 0 to 2^64-1");
  uint64_t value = 0;
  for (char c : word) {
    if (c < '0' || c > '9') return Status::Error("seed must be a whole number from 0 to 2^64-1");
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return Status::Error("seed is larger than 2^64-1");
    value = value * 10 + digit;
  }
  return value;
}

Result<GameRecord> ParseRecord(std::string_view text) {
  GameRecord record;
  bool seen_magic = false, seen_game = false, in_moves = false;
  std::vector<std::string> seen_keys;
  size_t line_no = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = Trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_no;
    if (line.empty() || line.front() == '#') continue;
    auto error = [&](const std::string& why) {
      return Status::Error("record line " + std::to_string(line_no) + ": " + why);
    };
    if (in_moves) {
      record.moves.emplace_back(line);
      continue;
    }
    std::vector<std::string> words = SplitLowerWords(line);
    const std::string& key = words[0];
    if (!seen_magic) {
      if (key != kMagic || words.size() != 2 || words[1] != "1")
        return error("a record starts with 'souk-record 1'");
      seen_magic = true;
      continue;
    }
    if (key == "moves") {
      if (words.size() != 1) return error("'moves' stands alone on its line");
      if (!seen_game) return error("'game' must come before 'moves'");
      in_moves = true;
      continue;
    }
    if (words.size() != 2) return error("expected 'KEY VALUE' (game, seed, players, variant, seats) or 'moves'");
    if (std::find(seen_keys.begin(), seen_keys.end(), key) != seen_keys.end())
      return error(Quoted(key) + " appears twice");
    seen_keys.push_back(key);
    if (key == "game") {
      record.options.game = words[1];
      seen_game = true;
    } else if (key == "seed") {
      auto seed = ParseSeed(words[1]);
      if (!seed.ok()) return error(seed.message());
      record.options.seed = *seed;
    } else if (key == "players") {
      auto players = ParseSmallInt(words[1]);
      if (!players || *players < 1 || *players > 8) return error("players must be a small whole number");
      record.options.players = *players;
    } else if (key == "variant") {
      record.options.variant = words[1];
    } else if (key == "seats") {
      std::string_view list = words[1];
      while (true) {
        size_t comma = list.find(',');
        std::string_view seat = list.substr(0, comma);
        if (seat.empty()) return error("seats: a comma-separated list of 'human' or bot specs, none empty");
        record.seats.emplace_back(seat);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
    } else {
      return error("unknown key " + Quoted(key));
    }
  }
  if (!seen_magic) return Status::Error("record: empty (a record starts with 'souk-record 1')");
  if (!seen_game) return Status::Error("record: no 'game' line");
  if (std::find(seen_keys.begin(), seen_keys.end(), "seed") == seen_keys.end())
    return Status::Error("record: no 'seed' line");
  return record;
}

std::string FormatRecord(const GameRecord& record) {
  std::string out = std::string(kMagic) + " 1\n";
  out += "game " + record.options.game + "\n";
  out += "seed " + std::to_string(record.options.seed) + "\n";
  if (record.options.players) out += "players " + std::to_string(record.options.players) + "\n";
  if (!record.options.variant.empty()) out += "variant " + record.options.variant + "\n";
  if (!record.seats.empty()) {
    out += "seats ";
    for (size_t i = 0; i < record.seats.size(); ++i) out += (i ? "," : "") + record.seats[i];
    out += "\n";
  }
  out += "moves\n";
  for (const auto& m : record.moves) out += m + "\n";
  return out;
}

Result<std::unique_ptr<GameState>> Replay(const GameRecord& record,
                                          const std::function<void(const GameState&)>& on_state) {
  auto game = NewGame(record.options);
  if (!game.ok()) return Status::Error("record: " + game.message());
  std::unique_ptr<GameState> state = std::move(*game);
  if (on_state) on_state(*state);
  for (size_t i = 0; i < record.moves.size(); ++i) {
    Status applied = state->Apply(record.moves[i]);
    if (!applied.ok()) return Status::Error("record move " + std::to_string(i + 1) + ": " + applied.message());
    if (on_state) on_state(*state);
  }
  return state;
}

}  // namespace souk
