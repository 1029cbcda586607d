#include "clock/game_clock.h"

#include <algorithm>
#include <cassert>

namespace souk::clock {

GameClock::GameClock(const TimeControl& control, int num_seats, int64_t start_ms, int first_to_move)
    : control_(control) {
  assert(num_seats > 0 && first_to_move < num_seats);
  if (!control_.has_clock()) return;
  const int64_t start_left =
      control_.kind == TimeControl::Kind::kRealTime ? control_.base_ms : control_.per_move_ms;
  left_.assign(static_cast<size_t>(num_seats), start_left);
  StartTurn(start_ms, first_to_move);
}

int64_t GameClock::ElapsedAt(int64_t now_ms) const { return std::max<int64_t>(0, now_ms - turn_started_ms_); }

bool GameClock::InTime(int64_t now_ms) const {
  if (!running()) return true;
  return ElapsedAt(now_ms) <= left_[static_cast<size_t>(to_move_)] + GraceMs();
}

std::optional<int64_t> GameClock::FlagAtMs() const {
  if (!running()) return std::nullopt;
  return turn_started_ms_ + left_[static_cast<size_t>(to_move_)] + GraceMs() + 1;
}

std::optional<int64_t> GameClock::DeadlineMs() const {
  if (!running() || control_.kind != TimeControl::Kind::kTurnBased) return std::nullopt;
  return turn_started_ms_ + left_[static_cast<size_t>(to_move_)];
}

Status GameClock::Act(int64_t now_ms, int next_to_move) {
  if (!running()) return Status::Ok();
  if (!InTime(now_ms))
    return Status::Coded(ErrorCode::kOutOfTime, "out of time: seat " + std::to_string(to_move_) + "'s time ran out");
  const size_t seat = static_cast<size_t>(to_move_);
  left_[seat] = std::max<int64_t>(0, left_[seat] - ElapsedAt(now_ms));
  if (next_to_move == to_move_) {
    turn_started_ms_ = std::max(turn_started_ms_, now_ms);
    return Status::Ok();
  }
  if (control_.kind == TimeControl::Kind::kRealTime) left_[seat] += control_.increment_ms;
  else left_[seat] = control_.per_move_ms;  // its next turn has the whole time again
  StartTurn(now_ms, next_to_move);
  return Status::Ok();
}

void GameClock::Flag(int64_t now_ms, int next_to_move) {
  if (!running()) return;
  left_[static_cast<size_t>(to_move_)] = 0;
  StartTurn(now_ms, next_to_move);
}

void GameClock::StartTurn(int64_t now_ms, int seat) {
  to_move_ = seat;
  turn_started_ms_ = now_ms;
  if (seat >= 0 && control_.kind == TimeControl::Kind::kTurnBased)
    left_[static_cast<size_t>(seat)] = control_.per_move_ms;
  // The grace is for the network's delay on a move made in time: a seat that begins
  // its turn with no time left (it used the grace last turn, and has no increment)
  // has none, or it could play on forever a second a move.
  turn_has_grace_ = seat < 0 || left_[static_cast<size_t>(seat)] > 0;
}

std::vector<int64_t> GameClock::LeftAt(int64_t now_ms) const {
  std::vector<int64_t> left = left_;
  if (running()) {
    int64_t& mine = left[static_cast<size_t>(to_move_)];
    mine = std::max<int64_t>(0, mine - ElapsedAt(now_ms));
  }
  return left;
}

}  // namespace souk::clock
