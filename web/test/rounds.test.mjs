// Jaipur's rounds from the story: the rounds scored, the seals, the table as a round ended.
import { test } from "node:test";
import assert from "node:assert/strict";
import { roundEndView, roundsOf, sealsOf } from "../../build/web/js/jaipur/rounds.js";

const end = (seal) => ({ rupees: [50, 60], camel_token: 1, seal, goods: [40, 45], bonus: [10, 10], camel: [0, 5] });

test("rounds and seals come from the events that ended a round", () => {
  const events = [{ action: "take" }, { action: "sell", round_end: end(1) }, { action: "camels" }, { action: "sell", round_end: end(null) }];
  const rounds = roundsOf(events);
  assert.deepEqual(rounds.map((r) => r.round), [1, 2]);
  assert.deepEqual(sealsOf(rounds, 2), [0, 1]);
});

test("the round's last table: the sale the event names, moved", () => {
  const before = {
    round: 1,
    to_move: 0,
    market: ["gold", "camel"],
    deck_size: 4,
    token_piles: { leather: [4, 3, 2, 1], diamond: [], gold: [], silver: [5], cloth: [], spice: [] },
    bonus_piles: { 3: 5, 4: 5, 5: 5 },
    players: [
      { hand: ["leather", "leather", "leather", "gold"], hand_size: 4, known: ["leather"], herd: 1, goods_tokens: [5], bonus_tokens: [], bonus_counts: { 3: 0, 4: 0, 5: 0 } },
      { hand_size: 2, known: [], herd: 0, goods_tokens: [], bonus_counts: { 3: 0, 4: 0, 5: 0 } },
    ],
  };
  const e = { seat: 0, action: "sell", good: "leather", count: 3, tokens: [4, 3, 2], bonus: true, bonus_value: 2, round_end: end(0) };
  const v = roundEndView(before, e);
  assert.deepEqual(v.players[0].hand, ["gold"]);
  assert.deepEqual(v.players[0].known, []);
  assert.equal(v.players[0].hand_size, 1);
  assert.deepEqual(v.players[0].goods_tokens, [5, 4, 3, 2]);
  assert.deepEqual(v.players[0].bonus_tokens, [2]);
  assert.equal(v.players[0].bonus_counts[3], 1);
  assert.equal(v.bonus_piles[3], 4);
  assert.deepEqual(v.token_piles.leather, [1]);
  assert.equal(v.to_move, null);
  assert.deepEqual(before.players[0].goods_tokens, [5], "the view before is left as it was");
});
