#include "core/jaipur/jaipur_event.h"

#include <cassert>

namespace souk::jaipur {

int MoveEvent::TokensTotal() const {
  int total = 0;
  for (int i = 0; i < num_tokens; ++i) total += tokens[static_cast<size_t>(i)];
  return total;
}

MoveEvent PlayMove(State& state, const Move& move) {
  assert(state.CheckMove(move).ok());
  MoveEvent e;
  e.seat = state.to_move;
  e.move = move;
  // What the move takes is read before it is played: a round it ends is scored
  // and the next one dealt within ApplyMove.
  const State before = state;
  if (move.kind == MoveKind::kCamels) e.camels = before.market[static_cast<size_t>(Index(Card::kCamel))];
  if (move.kind == MoveKind::kSell) {
    const size_t g = static_cast<size_t>(Index(move.good));
    const int left = before.tokens_left[g];
    for (int i = 0; i < move.count && i < left; ++i)
      e.tokens[static_cast<size_t>(e.num_tokens++)] =
          kGoodsTokenValues[g][static_cast<size_t>(kTokensPerGood[g] - left + i)];
    const int pile = BonusPileForSale(move.count);
    e.bonus = pile >= 0 && before.bonus_left[static_cast<size_t>(pile)] > 0;
    if (e.bonus) e.bonus_value = before.NextBonusToken(pile);
  }
  const bool round_over = state.PlayWithinRound(move);
  RoundEnd end;
  if (round_over)
    for (int p = 0; p < kNumPlayers; ++p) end.tables[static_cast<size_t>(p)] = state.ViewFor(p);
  state.FinishMove(round_over);
  assert(round_over == (state.round != before.round || (state.game_over && state.timed_out < 0)));
  if (round_over) {
    assert(state.last_round.has_value());
    end.result = *state.last_round;
    for (int p = 0; p < kNumPlayers; ++p) {
      const size_t i = static_cast<size_t>(p);
      end.goods[i] = before.players[i].GoodsRupees() + (p == e.seat ? e.TokensTotal() : 0);
      end.camel[i] = end.result.camel_token == p ? kCamelTokenValue : 0;
      end.bonus[i] = end.result.rupees[i] - end.goods[i] - end.camel[i];
      end.herds[i] = before.players[i].herd + (p == e.seat ? e.camels : 0);
      end.bonus_tokens[i] = before.players[i].num_bonus_tokens + (p == e.seat && e.bonus ? 1 : 0);
    }
    e.round_end = end;
  }
  e.game_over = state.game_over;
  e.winner = state.winner;
  return e;
}

MoveEvent ForViewer(MoveEvent event, int viewer) {
  if (viewer != event.seat) event.bonus_value = 0;
  if (event.round_end) {
    for (int p = 0; p < kNumPlayers; ++p) {
      if (p == viewer) continue;
      View& table = event.round_end->tables[static_cast<size_t>(p)];
      table.hand = {};
      table.bonus_tokens = {};
      table.num_bonus_tokens = 0;
    }
  }
  return event;
}

}  // namespace souk::jaipur
