// The game's story, without a browser: the history and each state's events make one log
// with no gap; what happened since a seat's last move; a Marrakech score's breakdown;
// the connection in one word; the end's reveal merged into the view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Story, lastOf, linkState, withReveal } from "../../build/web/js/shell/story.js";

const ev = (seat, action, extra = {}) => ({ seat, move: action, chance: action === "roll", action, ...extra });

test("the story: the history, then each state's events appended, repeats and all", () => {
  const story = new Story();
  story.reset([ev(0, "orient"), ev(0, "roll", { roll: 3 })]);
  // The first state repeats the history's last event, then adds one.
  assert.equal(story.add({ move_count: 3, events_from: 1, events: [ev(0, "roll", { roll: 3 }), ev(0, "place")] }), true);
  assert.deepEqual(story.events.map((e) => e.action), ["orient", "roll", "place"]);
  // A move and its roll arrive as one state: both are kept.
  story.add({ move_count: 5, events_from: 3, events: [ev(1, "orient"), ev(1, "roll", { roll: 2 })] });
  assert.equal(story.events.length, 5);
  assert.equal(lastOf(story.events, "roll").roll, 2);
  assert.equal(lastOf(story.events, "take"), null);
});

test("a state past the end of the story is a gap, refused", () => {
  const story = new Story();
  story.reset([ev(0, "take")]);
  assert.equal(story.add({ move_count: 4, events_from: 3, events: [ev(1, "take")] }), false);
  assert.equal(story.events.length, 1);
});

test("since a seat's last move: the others' moves and the rolls after it", () => {
  const story = new Story();
  story.reset([ev(0, "orient"), ev(0, "roll"), ev(0, "place"), ev(1, "orient"), ev(1, "roll"), ev(1, "place")]);
  assert.deepEqual(story.since(0).map((e) => `${e.seat}${e.action}`), ["1orient", "1roll", "1place"]);
  assert.equal(story.since(1).length, 0);
  assert.equal(new Story().since(0).length, 0);
  const fresh = new Story();
  fresh.reset([ev(0, "take")]);
  assert.equal(fresh.since(1).length, 1, "a seat that has not moved: everything");
});

test("the connection in one word", () => {
  assert.equal(linkState(true, 0, true), "connected");
  assert.equal(linkState(false, 1, true), "reconnecting");
  assert.equal(linkState(false, 3, true), "offline");
  assert.equal(linkState(false, 1, false), "offline");
});

test("the end's reveal joins each player's own part to the view; nothing before", () => {
  const msg = { view: { players: [{ hand_size: 2, hand: ["gold", "silver"] }, { hand_size: 1 }] } };
  assert.equal(withReveal(msg), msg);
  const over = { ...msg, reveal: { players: [{ hand: ["gold", "silver"] }, { hand: ["spice"], bonus_tokens: [2] }] } };
  const shown = withReveal(over);
  assert.deepEqual(shown.view.players[1], { hand_size: 1, hand: ["spice"], bonus_tokens: [2] });
  assert.equal(msg.view.players[1].hand, undefined, "the message itself is untouched");
});
