// "Your turn" from any page (issue 38): the games that wait for you, counted once, the
// least time left first, never a hot-seat game; the title's count; when to notify.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gamesAwaitingYou, shouldNotify, titleWithCount } from "../../build/web/js/shell/turns.js";

const line = (game_id, your_turn, extra = {}) => ({ game_id, your_turn, over: false, abandoned: false, ...extra });

test("the games waiting for you: the account's by time left, then this browser's, each once", () => {
  const lobby = [line("b", true), line("c", true), line("d", false), line("e", true, { over: true }), line("hot", true)];
  const held = (id) => (id === "hot" ? 2 : 1);
  const mine = [
    { id: "x", your_turn: true, time_left_ms: null },
    { id: "b", your_turn: true, time_left_ms: 90_000 },
    { id: "y", your_turn: true, time_left_ms: 30_000 },
    { id: "z", your_turn: false, time_left_ms: 1 },
  ];
  assert.deepEqual(gamesAwaitingYou(lobby, held, mine), ["y", "b", "x", "c"]);
  assert.deepEqual(gamesAwaitingYou([], held, []), []);
});

test("the title counts the games waiting, replacing an earlier count", () => {
  assert.equal(titleWithCount("Jaipur · Souk", 2), "(2) Jaipur · Souk");
  assert.equal(titleWithCount("(2) Jaipur · Souk", 3), "(3) Jaipur · Souk");
  assert.equal(titleWithCount("(2) Jaipur · Souk", 0), "Jaipur · Souk");
});

test("a notification only for a new game waiting, on a hidden page, once allowed", () => {
  assert.equal(shouldNotify(true, "granted", ["a"], ["a", "b"]), true);
  assert.equal(shouldNotify(true, "granted", ["a", "b"], ["a"]), false, "nothing new");
  assert.equal(shouldNotify(false, "granted", [], ["a"]), false, "the page is in front");
  assert.equal(shouldNotify(true, "default", [], ["a"]), false, "never asked without a click");
});
