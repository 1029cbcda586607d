// GameService's clocks (docs/clocks.md): each move's time charged to its mover, a
// move that arrives after its mover's time refused, and a seat found out of time
// ended by the move `timeout`, which the rules core takes like any other (a Jaipur
// player loses, a Marrakech player is out). The clocks are never kept apart from the
// game: they are replayed from the times the stored moves arrived, so every instance
// and every restart shows the same.
#include <algorithm>
#include <vector>

#include "format/time_control_json.h"
#include "server/game_internal.h"
#include "server/server_log.h"

namespace souk::server {

Status TellClock(clock::GameClock& clock, const clock::TimeControl& control, int mover, const GameState& after,
                 bool timeout, int64_t at_ms) {
  if (!control.has_clock()) return Status::Ok();
  // Whose time runs next: the die is rolled within its mover's turn.
  int next = after.is_over() ? -1 : after.current_player();
  if (next == GameState::kChance) next = mover == GameState::kChance ? clock.to_move() : mover;
  if (mover == GameState::kChance) {
    // A chance outcome is drawn by the server at once: it charges nobody, unless it
    // ends the mover's turn (a tribute that puts them out).
    if (!clock.running() || next == clock.to_move()) return Status::Ok();
    if (!clock.Act(at_ms, next).ok()) clock.Flag(at_ms, next);
    return Status::Ok();
  }
  // No time runs before the game's first move: the seats may still be filling, and
  // its first mover's time starts as it moves (an idle start is the abandon sweep's).
  if (!clock.control().has_clock()) clock = clock::GameClock(control, after.num_players(), at_ms, mover);
  if (timeout) {
    clock.Flag(at_ms, next);
    return Status::Ok();
  }
  return clock.Act(at_ms, next);
}

void AddClocks(const GameService::Game& g, int64_t now_ms, Json& message) {
  const clock::TimeControl& control = g.stored.clock;
  const bool running = control.has_clock() && g.clock.running() && !g.abandoned && !g.state->is_over();
  message["clock"] = control.has_clock() ? TimeControlToJson(control) : Json(nullptr);
  message["clock_running"] = running;
  if (!control.has_clock()) {
    message["clocks"] = nullptr;
  } else if (g.clock.control().has_clock()) {
    message["clocks"] = g.clock.LeftAt(now_ms);
  } else {
    const int64_t start = control.kind == clock::TimeControl::Kind::kRealTime ? control.base_ms : control.per_move_ms;
    message["clocks"] = std::vector<int64_t>(static_cast<size_t>(g.state->num_players()), start);
  }
  const std::optional<int64_t> deadline = running ? g.clock.DeadlineMs() : std::nullopt;
  message["deadline_ms"] = deadline ? Json(*deadline) : Json(nullptr);
}

// What a bot's move costs on its clock besides its search, kept back from the cap.
constexpr int64_t kBotMoveOverheadMs = 50;

int BotThinkCapMs(const clock::GameClock& clock, int64_t now_ms) {
  if (!clock.running()) return 0;
  const int64_t left = clock.LeftAt(now_ms)[static_cast<size_t>(clock.to_move())];
  const clock::TimeControl& control = clock.control();
  int64_t share = control.kind == clock::TimeControl::Kind::kTurnBased ? left : left / 30 + control.increment_ms * 3 / 4;
  // What the server does around the search (the view, the move stored) is spent too.
  share = std::min(share, left - kBotMoveOverheadMs);
  return static_cast<int>(std::clamp<int64_t>(share, 5, int64_t{3600} * 1000));
}

Result<clock::GameClock> ReplayClock(const StoredGame& stored) {
  clock::GameClock clock;
  if (!stored.clock.has_clock()) return clock;
  auto state = NewGame(stored.options);
  if (!state.ok()) return state.status();
  GameState& s = **state;
  for (size_t i = 0; i < stored.moves.size(); ++i) {
    const int mover = s.current_player();
    if (Status st = s.Apply(stored.moves[i]); !st.ok()) return st;
    const int64_t at_ms = i < stored.move_ms.size() ? stored.move_ms[i] : 0;
    // Each move was judged in time as it arrived; judged again on the same times, it is.
    (void)TellClock(clock, stored.clock, mover, s, stored.moves[i] == kTimeOutMove, at_ms);
  }
  return clock;
}

void GameService::WatchClockLocked(const Game& g) {
  if (g.abandoned || g.state->is_over()) return;
  const std::optional<int64_t> flag_at = g.clock.FlagAtMs();
  if (!flag_at) return;
  std::lock_guard lock(flags_mutex_);
  flags_.emplace(*flag_at, g.stored.id);
}

Status GameService::FlagLocked(Game& g, int64_t now_ms) {
  const std::optional<int64_t> flag_at = g.clock.FlagAtMs();
  if (g.abandoned || g.state->is_over() || !flag_at || *flag_at > now_ms) return Status::Ok();
  const int seat = g.clock.to_move();
  Status flagged = ApplyLocked(g, kTimeOutMove, /*timeout=*/true);
  if (flagged.ok()) {
    server_log::Write(server_log::Level::kInfo, "out_of_time",
                      "game " + g.stored.id + ": seat " + std::to_string(seat) + " ran out of time",
                      {{"game", g.stored.id}, server_log::Number("seat", seat)});
    PlayChanceLocked(g);
  }
  return flagged;
}

void GameService::FlagOverdue(int64_t now_ms) {
  std::vector<std::string> due;
  {
    std::lock_guard lock(flags_mutex_);
    while (!flags_.empty() && flags_.begin()->first <= now_ms) {
      due.push_back(flags_.begin()->second);
      flags_.erase(flags_.begin());
    }
  }
  for (const std::string& id : due) {
    std::shared_ptr<Game> g = FindInMemory(id);
    if (!g) continue;  // left memory: over or abandoned
    Notice notice;     // told once the lock is released
    std::lock_guard lock(g->mutex);
    const uint64_t version = g->version;
    // Stale when the game moved since; a store that cannot write now leaves the game
    // stalled, and the sweep's next look finds it out of time again.
    if (Status st = FlagLocked(*g, now_ms); !st.ok() && st.code() != StatusCode::kAborted) {
      WatchClockLocked(*g);
    }
    if (g->version != version) notice = NotifyLocked(*g);
    ScheduleBotLocked(g);
  }
}

}  // namespace souk::server
