#include "engine/engine_bot.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "engine/quote.h"
#include "format/game.h"
#include "format/json.h"

namespace souk::engine {
namespace {

using std::chrono::milliseconds;

std::string FirstWord(std::string_view line) { return std::string(line.substr(0, line.find(' '))); }

std::string_view AfterFirstWord(std::string_view line) {
  size_t space = line.find(' ');
  return space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
}


struct Seat {
  std::string game, variant;
  int players = 0, viewer = 0, to_move = 0;
};

Seat SeatOf(const AnyView& view) {
  const ViewFacts facts = FactsOf(view);
  return {facts.game.game, facts.game.variant, facts.game.players, facts.viewer, facts.to_move};
}

std::string ViewLine(const AnyView& view) {
  return DumpJson(ViewJson(view));
}

// An `info` line's move analysis, if it has one: "move TEXT visits N win X score Y",
// the move's text running to the next known key. Unknown keys are skipped.
void ReadInfo(std::string_view args, ai::TextAnalysis* analysis) {
  std::vector<std::string> words;
  while (!args.empty()) {
    size_t space = args.find(' ');
    if (space != 0) words.emplace_back(args.substr(0, space));
    args.remove_prefix(space == std::string_view::npos ? args.size() : space + 1);
  }
  auto known = [](const std::string& w) {
    return w == "visits" || w == "win" || w == "score" || w == "iterations" || w == "time" || w == "move";
  };
  ai::RankedMove<std::string> move;
  bool has_move = false;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& key = words[i];
    if (key == "move") {
      std::string text;
      while (i + 1 < words.size() && !known(words[i + 1])) text += (text.empty() ? "" : " ") + words[++i];
      move.move = text;
      has_move = !text.empty();
      continue;
    }
    if (i + 1 >= words.size()) break;
    const char* value = words[++i].c_str();
    char* end = nullptr;
    double number = std::strtod(value, &end);
    if (end == value || *end != '\0') continue;
    if (key == "visits") move.visits = static_cast<int64_t>(number);
    if (key == "win") move.win_rate = number;
    if (key == "score") move.score = number;
    if (key == "iterations") analysis->iterations = static_cast<int64_t>(number);
    if (key == "time") analysis->seconds = number / 1000;
  }
  if (has_move) analysis->moves.push_back(move);
}

// Said of an engine that had to be killed after its failure, so that the kill is not
// taken for how it ended.
constexpr const char* kKilledStillRunning = "; it was still running and was killed";

// The last line an engine wrote to stderr that says something (a letter or a digit:
// Node.js ends its fatal errors with a line of "#"), quoted, for a crash's report ("" if
// none).
std::string LastLogLine(const std::string& log) {
  std::string_view rest(log);
  while (!rest.empty()) {
    size_t start = rest.rfind('\n', rest.size() - 1);
    start = start == std::string_view::npos ? 0 : start + 1;
    std::string_view line = rest.substr(start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (std::any_of(line.begin(), line.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
      return "; its stderr ends " + Quote(line, 60);
    rest = rest.substr(0, start == 0 ? 0 : start - 1);
  }
  return {};
}

}  // namespace

std::string GroupedMs(int64_t ms) {
  std::string digits = std::to_string(ms < 0 ? 0 : ms), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

EngineBot::~EngineBot() { Stop(); }

void EngineBot::Stop() {
  if (process_) process_->Quit(milliseconds(config_.grace_ms));
  process_.reset();
  game_.clear();
}

void EngineBot::Fail(ai::BotFailure kind, std::string reason) {
  if (!failure_.empty()) return;
  failure_kind_ = kind;
  failure_ = Prefix() + reason;
  if (process_) process_->Kill();
}

bool EngineBot::Send(std::string_view line, Clock::time_point deadline) {
  sent_.emplace_back(line);
  if (process_->WriteLine(line, deadline)) return true;
  // It stopped reading: it has most likely exited. Say how, when it has.
  process_->WaitOrKill(milliseconds(config_.grace_ms));
  Fail(ai::BotFailure::kCrashed, "crashed: stopped reading its input" +
       (process_->killed_by_caller() ? std::string(kKilledStillRunning)
                                     : " (" + process_->ExitDescription() + ")") +
       LastLogLine(process_->stderr_tail()));
  return false;
}

bool EngineBot::Await(std::string_view request, std::string* reply, Clock::time_point deadline) {
  auto start = Clock::now();
  while (true) {
    switch (process_->ReadLine(reply, deadline)) {
      case EngineProcess::Read::kLine:
        if (reply->empty()) continue;
        return true;
      case EngineProcess::Read::kTimeout:
        Fail(ai::BotFailure::kHung, "hung: no reply to " + std::string(request) + " within " +
             GroupedMs(std::chrono::duration_cast<milliseconds>(Clock::now() - start).count()) + " ms");
        return false;
      case EngineProcess::Read::kEnd:
        // Its output ended: it exited, or closed its stdout and goes on running. The
        // latter is killed here, and told as what it did, not as that kill.
        process_->WaitOrKill(milliseconds(config_.grace_ms));
        Fail(ai::BotFailure::kCrashed, "crashed: " +
             (process_->killed_by_caller() ? "closed its output during " + std::string(request) + kKilledStillRunning
                                           : process_->ExitDescription() + " during " + std::string(request)) +
             LastLogLine(process_->stderr_tail()));
        return false;
      case EngineProcess::Read::kTooLong:
        Fail(ai::BotFailure::kFlooded, "flooded: a line over " + GroupedMs(EngineProcess::kMaxLineBytes) + " bytes");
        return false;
    }
  }
}

bool EngineBot::Ready(const AnyView& view) {
  if (!failure_.empty()) return false;
  Seat seat = SeatOf(view);
  if (process_ && game_ == seat.game && seat_ == seat.viewer && players_ == seat.players) return true;
  auto replies = [&] { return Clock::now() + milliseconds(config_.reply_timeout_ms); };
  if (!process_) {
    auto started = EngineProcess::Start({config_.command, config_.working_directory, config_.memory_mb});
    if (!started.ok()) {
      Fail(ai::BotFailure::kFailedToStart, "failed to start: " + started.message());
      return false;
    }
    process_ = std::move(*started);
    if (!Send("souk-engine 1", replies())) return false;
    std::string line;
    bool plays = false;
    auto deadline = replies();
    while (true) {
      if (!Await("souk-engine 1", &line, deadline)) return false;
      std::string kind = FirstWord(line);
      if (line == "ok souk-engine 1") break;
      if (kind == "id") continue;
      if (kind == "plays") {
        std::string_view rest = AfterFirstWord(line);
        if (FirstWord(rest) != seat.game) continue;
        rest = AfterFirstWord(rest);
        while (!rest.empty()) {
          plays = plays || FirstWord(rest) == std::to_string(seat.players);
          rest = AfterFirstWord(rest);
        }
        continue;
      }
      if (kind == "error") {
        Fail(ai::BotFailure::kReportedError, "reported an error: " + Quote(line, 60) + " to souk-engine 1");
      } else {
        Fail(ai::BotFailure::kMalformedLine, "sent a malformed line: " + Quote(line, 60) + " in the handshake");
      }
      return false;
    }
    if (!plays) {
      Fail(ai::BotFailure::kRefused, "refused: it does not play " + seat.game + " with " + std::to_string(seat.players) + " players");
      return false;
    }
  }
  Json newgame{{"game", seat.game}, {"players", seat.players}, {"variant", seat.variant}, {"seat", seat.viewer},
               {"seed", seed_}};
  if (!Send("newgame " + DumpJson(newgame), replies())) return false;
  std::string line;
  if (!Await("newgame", &line, replies())) return false;
  if (line != "ok") {
    std::string kind = FirstWord(line);
    if (kind == "refuse")
      Fail(ai::BotFailure::kRefused, "refused: " + std::string(AfterFirstWord(line)));
    else if (kind == "error")
      Fail(ai::BotFailure::kReportedError, "reported an error: " + Quote(line, 60) + " to newgame");
    else
      Fail(ai::BotFailure::kMalformedLine, "sent a malformed line: " + Quote(line, 60) + " to newgame");
    return false;
  }
  game_ = seat.game;
  seat_ = seat.viewer;
  players_ = seat.players;
  return true;
}

bool EngineBot::Go(const AnyView& view, ai::TextAnalysis* analysis) {
  if (!Ready(view)) return false;
  auto replies = Clock::now() + milliseconds(config_.reply_timeout_ms);
  std::string position = "position " + ViewLine(view);
  if (moves_played_ >= 0) {  // one key more after the view's, which readers of views ignore
    position.pop_back();
    position += ",\"moves_played\":" + std::to_string(moves_played_) + "}";
    moves_played_ = -1;  // told for this move only
  }
  if (!Send(position, replies)) return false;
  std::string line;
  if (!Await("position", &line, replies)) return false;
  if (line != "ok") {
    if (FirstWord(line) == "error")
      Fail(ai::BotFailure::kReportedError, "reported an error: " + Quote(line, 60) + " to position");
    else
      Fail(ai::BotFailure::kMalformedLine, "sent a malformed line: " + Quote(line, 60) + " to position");
    return false;
  }
  std::string go = "go";
  if (config_.time_ms > 0) go += " time " + std::to_string(config_.time_ms);
  if (config_.iterations > 0) go += " iterations " + std::to_string(config_.iterations);
  const auto start = Clock::now();
  const int allowed_ms = config_.time_ms > 0 ? config_.time_ms + config_.Margin() : config_.move_limit_ms;
  const auto deadline = start + milliseconds(allowed_ms);
  if (!Send(go, deadline)) return false;
  int infos = 0;
  while (true) {
    auto read = process_->ReadLine(&line, deadline);
    if (read == EngineProcess::Read::kTimeout) {
      // Late: the game is lost. `stop` gives it a chance to answer and exit in
      // order; one that ignores it too is killed after the grace period.
      std::string reason = "timed out: no bestmove after " + GroupedMs(allowed_ms) + " ms (budget " +
                           (config_.time_ms > 0 ? GroupedMs(config_.time_ms) + " ms + margin " +
                                                      GroupedMs(config_.Margin()) + " ms"
                                                : "none sent; limit " + GroupedMs(config_.move_limit_ms) + " ms") +
                           ")";
      if (process_->WriteLine("stop", Clock::now() + milliseconds(config_.grace_ms))) {
        sent_.emplace_back("stop");
        auto grace = Clock::now() + milliseconds(config_.grace_ms);
        bool answered = false;
        while (process_->ReadLine(&line, grace) == EngineProcess::Read::kLine)
          if (FirstWord(line) == "bestmove") {
            answered = true;
            break;
          }
        if (!answered) reason += "; it ignored stop and was killed";
      }
      Fail(ai::BotFailure::kTimedOut, reason);
      return false;
    }
    if (read != EngineProcess::Read::kLine) {
      Await("go", &line, deadline);  // reports the end or the over-long line
      return false;
    }
    if (line.empty()) continue;
    std::string kind = FirstWord(line);
    if (kind == "info") {
      if (++infos > kMaxInfoLines) {
        Fail(ai::BotFailure::kFlooded, "flooded: more than " + GroupedMs(kMaxInfoLines) + " info lines for one go");
        return false;
      }
      ReadInfo(AfterFirstWord(line), analysis);
      continue;
    }
    if (kind == "bestmove") {
      std::string move(AfterFirstWord(line));
      std::vector<std::string> legal = LegalMoveTexts(view);
      if (std::find(legal.begin(), legal.end(), move) == legal.end()) {
        Fail(ai::BotFailure::kIllegalMove, "played an illegal move: " + Quote(move, 60) + " (not one of the " + std::to_string(legal.size()) +
             " legal moves in canonical text)");
        return false;
      }
      auto found = std::find_if(analysis->moves.begin(), analysis->moves.end(),
                                [&](const auto& m) { return m.move == move; });
      ai::RankedMove<std::string> best;
      if (found != analysis->moves.end()) {
        best = *found;
        analysis->moves.erase(found);
      }
      best.move = move;
      analysis->moves.insert(analysis->moves.begin(), best);
      return true;
    }
    if (kind == "error")
      Fail(ai::BotFailure::kReportedError, "reported an error: " + Quote(line, 60) + " to go");
    else
      Fail(ai::BotFailure::kMalformedLine, "sent a malformed line: " + Quote(line, 60) + " to go");
    return false;
  }
}

void EngineBot::Prepare(const AnyView& view, int moves_played) {
  moves_played_ = moves_played;
  Ready(view);
}

std::string EngineBot::ChooseMove(const AnyView& view) {
  ai::TextAnalysis analysis;
  if (!Go(view, &analysis)) return {};
  return analysis.moves.front().move;
}

ai::TextAnalysis EngineBot::Analyse(const AnyView& view) {
  ai::TextAnalysis analysis;
  if (!Go(view, &analysis)) return {};
  return analysis;
}

}  // namespace souk::engine
