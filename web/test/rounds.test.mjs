// Jaipur's rounds from the story: the rounds scored and the seals.
import { test } from "node:test";
import assert from "node:assert/strict";
import { roundsOf, sealsOf } from "../../build/web/js/jaipur/rounds.js";

const end = (seal) => ({ rupees: [50, 60], camel_token: 1, seal, goods: [40, 45], bonus: [10, 10], camel: [0, 5] });

test("rounds and seals come from the events that ended a round", () => {
  const events = [{ action: "take" }, { action: "sell", round_end: end(1) }, { action: "camels" }, { action: "sell", round_end: end(null) }];
  const rounds = roundsOf(events);
  assert.deepEqual(rounds.map((r) => r.round), [1, 2]);
  assert.deepEqual(sealsOf(rounds, 2), [0, 1]);
});
