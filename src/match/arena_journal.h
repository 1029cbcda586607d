// An arena run's journal, so a long run survives its process: `souk arena ...
// --journal FILE` (docs/ai.md). A measure of 400 games at a second a move takes
// hours; a machine shut down or a Ctrl-C at game 350 should cost one game, not 350.
//
// The file is JSON lines: the run first ({"souk_arena_journal": 1, game, variant,
// bots, seed, max_decisions}), then one line per finished game, appended and flushed
// as it finishes, in the order games finish. Each game's outcome depends only on the
// run and its index (arena.h), so a resumed run plays only the games the journal
// lacks and reports exactly what one sitting would have, timings aside; and a
// journal of N games extends to more with a larger --games.
//
// Reading drops a last line cut short (the process died writing it) and refuses
// anything else that is wrong, naming the line: another run's journal, a broken
// line, a game twice, a game beyond the run. One process at a time: the file is
// locked while open.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "core/status.h"
#include "format/json.h"
#include "match/arena.h"

namespace souk::match {

Json OutcomeJson(const GameOutcome& outcome);
// The outcome of a game of a run of `bots` bots; the error names the member.
Result<GameOutcome> OutcomeFromJson(const Json& json, size_t bots);

class ArenaJournal {
 public:
  // Opens (or creates) `path` for the run `checked` (as CheckArena returns it), reads
  // the games it holds, and locks it.
  static Result<ArenaJournal> Open(const std::string& path, const ArenaOptions& checked);
  ArenaJournal(ArenaJournal&& other) noexcept;
  ArenaJournal& operator=(ArenaJournal&&) = delete;
  ArenaJournal(const ArenaJournal&) = delete;
  ~ArenaJournal();

  // The games the file held when opened, by index (no two alike).
  const std::vector<GameOutcome>& recorded() const { return recorded_; }
  // Appends one finished game and flushes it to the file.
  Status Append(const GameOutcome& outcome);

 private:
  ArenaJournal(std::FILE* file, std::string path) : file_(file), path_(std::move(path)) {}
  std::FILE* file_ = nullptr;
  std::string path_;
  std::vector<GameOutcome> recorded_;
};

}  // namespace souk::match
