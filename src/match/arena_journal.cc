#include "match/arena_journal.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace souk::match {
namespace {

constexpr int kJournalVersion = 1;

std::string ErrnoText() { return std::strerror(errno); }

Json RunJson(const ArenaOptions& o) {
  Json j;
  j["souk_arena_journal"] = kJournalVersion;
  j["game"] = o.game;
  j["variant"] = o.variant;
  j["bots"] = o.bots;
  j["seed"] = std::to_string(o.seed);
  j["max_decisions"] = o.max_decisions;
  return j;
}

// What differs between the run a journal holds and this one, for the error.
std::string Differences(const Json& held, const Json& wanted) {
  std::string text;
  for (const auto& [key, value] : wanted.items()) {
    const Json* theirs = held.contains(key) ? &held[key] : nullptr;
    if (theirs && *theirs == value) continue;
    if (!text.empty()) text += ", ";
    text += key + " " + (theirs ? theirs->dump() : std::string("missing")) + " where this run has " + value.dump();
  }
  return text;
}

std::string FormatNumber(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

// A hand-edited line must not make a win rate above 100% or a negative time.
std::vector<double> Doubles(const Json& j, const std::string& path, size_t n, double lo, double hi) {
  const Json& array = json_in::Array(j, path, n, n);
  std::vector<double> out;
  for (size_t i = 0; i < n; ++i) {
    if (!array[i].is_number() || !std::isfinite(array[i].get<double>()))
      throw json_in::JsonError(json_in::Join(path, i), "not a number");
    const double value = array[i].get<double>();
    if (value < lo || value > hi)
      throw json_in::JsonError(json_in::Join(path, i), "out of range (from " + FormatNumber(lo) + " to " + FormatNumber(hi) + ")");
    out.push_back(value);
  }
  return out;
}

template <typename T>
std::vector<T> Ints(const Json& j, const std::string& path, size_t n, int lo, int hi) {
  const Json& array = json_in::Array(j, path, n, n);
  std::vector<T> out;
  for (size_t i = 0; i < n; ++i) out.push_back(static_cast<T>(json_in::Int(array[i], json_in::Join(path, i), lo, hi)));
  return out;
}

}  // namespace

Json OutcomeJson(const GameOutcome& g) {
  Json j;
  j["index"] = g.index;
  j["points"] = g.points;
  j["place"] = g.place;
  j["score"] = g.score;
  j["moves"] = g.decisions;
  j["think_seconds"] = g.think_seconds;
  j["max_move_seconds"] = g.max_move_seconds;
  j["total_moves"] = g.total_decisions;
  j["unfinished"] = g.unfinished;
  bool failed = false;
  for (const std::string& f : g.failure) failed |= !f.empty();
  if (failed) {
    j["failure"] = g.failure;
    std::vector<std::string> codes;
    for (size_t i = 0; i < g.failure.size(); ++i) {
      const std::string code = i < g.failure_code.size() ? g.failure_code[i] : "";
      codes.push_back(code.empty() && !g.failure[i].empty() ? "unknown" : code);
    }
    j["failure_code"] = codes;
  }
  return j;
}

Result<GameOutcome> OutcomeFromJson(const Json& json, size_t bots) {
  try {
    using namespace json_in;
    const Json& j = Object(json, "");
    GameOutcome g;
    g.index = Int(Member(j, "index", ""), "index", 0, 1'000'000);
    g.points = Doubles(Member(j, "points", ""), "points", bots, 0, 1);
    g.place = Ints<int>(Member(j, "place", ""), "place", bots, 0, 2);
    g.score = Ints<int>(Member(j, "score", ""), "score", bots, -1'000'000, 1'000'000);
    g.decisions = Ints<int64_t>(Member(j, "moves", ""), "moves", bots, 0, 1'000'000);
    g.think_seconds = Doubles(Member(j, "think_seconds", ""), "think_seconds", bots, 0, 1e9);
    g.max_move_seconds = Doubles(Member(j, "max_move_seconds", ""), "max_move_seconds", bots, 0, 1e9);
    g.total_decisions = Int(Member(j, "total_moves", ""), "total_moves", 0, 1'000'000);
    g.unfinished = Bool(Member(j, "unfinished", ""), "unfinished");
    if (const Json* failure = OptionalMember(j, "failure", "")) {
      const Json& array = Array(*failure, "failure", bots, bots);
      for (size_t i = 0; i < bots; ++i) g.failure.push_back(String(array[i], Join("failure", i)));
    }
    // Journals written before failures had codes have none: their games count as "unknown".
    if (const Json* codes = OptionalMember(j, "failure_code", "")) {
      const Json& array = Array(*codes, "failure_code", bots, bots);
      for (size_t i = 0; i < bots; ++i) g.failure_code.push_back(String(array[i], Join("failure_code", i)));
    }
    return g;
  } catch (const json_in::JsonError& e) {
    return Status::Error(e.what());
  }
}

Result<ArenaJournal> ArenaJournal::Open(const std::string& path, const ArenaOptions& checked) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Status::Error(path + ": cannot open the journal: " + ErrnoText());
  // A pipe would block the read below for ever, a device (/dev/zero) fill the memory.
  struct stat file_stat {};
  if (::fstat(fd, &file_stat) != 0 || !S_ISREG(file_stat.st_mode)) {
    ::close(fd);
    return Status::Error(path + ": a journal is a regular file (this is a pipe, a device or a socket)");
  }
  std::FILE* file = ::fdopen(fd, "r+");
  if (!file) {
    ::close(fd);
    return Status::Error(path + ": cannot open the journal: " + ErrnoText());
  }
  ArenaJournal journal(file, path);  // closes the file on every return below
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    return Status::FailedPrecondition(path + ": the journal is in use by another process (one run per journal)");
  }
  std::string text;
  char buffer[65536];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, n);
  if (std::ferror(file)) return Status::Error(path + ": cannot read the journal: " + ErrnoText());

  // A last line without its newline is a write cut short: it is dropped, but only once
  // the lines before it show the file is this run's journal (or, with none before it,
  // once it is the start of this run's first line), so that a file given by mistake is
  // refused untouched.
  const size_t complete = text.empty() || text.back() == '\n' ? text.size() : text.rfind('\n') + 1;
  const std::string cut = text.substr(complete);
  text.resize(complete);
  auto drop_cut = [&]() -> Status {
    if (!cut.empty() && ::ftruncate(fd, static_cast<off_t>(complete)) != 0)
      return Status::Error(path + ": cannot drop the journal's cut last line: " + ErrnoText());
    if (std::fseek(file, 0, SEEK_END) != 0) return Status::Error(path + ": cannot append to the journal: " + ErrnoText());
    return Status::Ok();
  };
  const Json run = RunJson(checked);
  if (text.empty()) {
    const std::string header = DumpJson(run) + "\n";
    if (!header.starts_with(cut))
      return Status::Error(path + ": line 1: not an arena journal of this run, and cut short (it has no newline)");
    if (Status dropped = drop_cut(); !dropped.ok()) return dropped;
    if (std::fputs(header.c_str(), file) < 0 || std::fflush(file) != 0)
      return Status::Unavailable(path + ": cannot write the journal: " + ErrnoText());
    return journal;
  }
  std::vector<bool> seen(static_cast<size_t>(checked.games), false);
  size_t line_number = 0;
  for (std::string_view rest = text; !rest.empty();) {
    const size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end + 1);
    ++line_number;
    const std::string where = path + ": line " + std::to_string(line_number) + ": ";
    auto json = ParseJson(line);
    if (!json.ok()) return Status::Error(where + json.message());
    if (line_number == 1) {
      if (!json->is_object() || !json->contains("souk_arena_journal"))
        return Status::Error(where + "not an arena journal (its first line names the run)");
      if (*json != run) return Status::Error(path + " is the journal of another run: " + Differences(*json, run));
      continue;
    }
    auto outcome = OutcomeFromJson(*json, checked.bots.size());
    if (!outcome.ok()) return Status::Error(where + outcome.message());
    const auto index = static_cast<size_t>(outcome->index);
    if (index >= seen.size()) {
      return Status::Error(where + "game " + std::to_string(index) + " is beyond this run's " +
                           std::to_string(checked.games) + " games (give --games " + std::to_string(index + 1) +
                           " or more to go on with it)");
    }
    if (seen[index]) return Status::Error(where + "game " + std::to_string(index) + " a second time");
    seen[index] = true;
    journal.recorded_.push_back(std::move(*outcome));
  }
  if (Status dropped = drop_cut(); !dropped.ok()) return dropped;
  return journal;
}

ArenaJournal::ArenaJournal(ArenaJournal&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)), path_(std::move(other.path_)), recorded_(std::move(other.recorded_)) {}

ArenaJournal::~ArenaJournal() {
  if (file_) std::fclose(file_);  // releases the lock
}

Status ArenaJournal::Append(const GameOutcome& outcome) {
  const std::string line = DumpJson(OutcomeJson(outcome)) + "\n";
  if (std::fputs(line.c_str(), file_) < 0 || std::fflush(file_) != 0)
    return Status::Unavailable(path_ + ": cannot write the journal: " + ErrnoText());
  return Status::Ok();
}

}  // namespace souk::match
