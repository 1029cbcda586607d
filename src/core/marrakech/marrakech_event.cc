#include "core/marrakech/marrakech_event.h"

#include <cassert>

namespace souk::marrakech {

MoveEvent PlayMove(State& state, const Move& move) {
  assert(state.CheckMove(move).ok());
  MoveEvent e;
  e.seat = state.to_move;
  e.move = move;
  const State before = state;
  if (move.kind == MoveKind::kRoll) {
    Position at = before.assam;
    for (int i = 0; i < move.roll; ++i) e.path[static_cast<size_t>(e.path_length++)] = at = TrackStep(at);
  }
  state.ApplyMove(move);
  if (move.kind == MoveKind::kRoll) {
    const size_t roller = static_cast<size_t>(e.seat);
    e.tribute_due = before.TributeOwed(e.seat, state.assam.square);
    const int paid = before.players[roller].dirhams - state.players[roller].dirhams;
    if (paid > 0) {
      Tribute t;
      t.from = e.seat;
      t.to = state.Owner(state.color[state.assam.square]);
      t.amount = paid;
      t.squares = state.GroupAt(state.assam.square);
      e.tribute = t;
    }
  }
  for (int p = 0; p < state.num_players; ++p)
    if (state.players[static_cast<size_t>(p)].out && !before.players[static_cast<size_t>(p)].out) e.out |= 1 << p;
  e.game_over = state.game_over();
  e.winners = state.winners;
  return e;
}

}  // namespace souk::marrakech
