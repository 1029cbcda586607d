// The clocks in words (docs/clocks.md): the server's times, the seat to move's counted
// down from the moment its message arrived, never below zero.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CLOCK_CHOICES, clockOf, formatClock, formatDeadline, seatClocks } from "../../build/web/js/shell/clocks.js";

test("a time left reads as minutes and seconds, hours when there are, tenths under ten seconds", () => {
  assert.equal(formatClock(297_000), "4:57");
  assert.equal(formatClock(3_723_000), "1:02:03");
  assert.equal(formatClock(10_000), "0:10");
  assert.equal(formatClock(9_400), "0:09.4");
  assert.equal(formatClock(-5), "0:00.0");
});

test("a turn-based deadline reads in days, hours or minutes, in both languages", () => {
  assert.equal(formatDeadline("en", 3 * 86_400_000), "3 days left");
  assert.equal(formatDeadline("en", 5 * 3_600_000 + 1), "5 hours left");
  assert.equal(formatDeadline("en", 60_000), "1 minute left");
  assert.equal(formatDeadline("fr", 2 * 3_600_000), "2 heures restantes");
});

test("only the seat to move counts down, from the message's values", () => {
  const msg = { clocks: [300_000, 250_000], clock_running: true, to_move: 1 };
  const [a, b] = seatClocks(msg, 4_000, 300_000);
  assert.deepEqual([a.left_ms, a.running], [300_000, false]);
  assert.deepEqual([b.left_ms, b.running], [246_000, true]);
  assert.equal(seatClocks(msg, 1_000_000, 300_000)[1].left_ms, 0, "never below zero");
  assert.equal(seatClocks({ ...msg, clock_running: false }, 4_000, 300_000)[1].left_ms, 250_000, "a stopped clock stands");
  assert.deepEqual(seatClocks({ clocks: null, to_move: 0 }, 0, 0), [], "no clock, nothing shown");
});

test("little time left is marked low: under twenty seconds or a tenth of the start", () => {
  const msg = { clocks: [19_000, 19_000], clock_running: true, to_move: 0 };
  assert.equal(seatClocks(msg, 0, 60_000)[0].low, true);
  assert.equal(seatClocks({ ...msg, clocks: [25_000, 0] }, 0, 60_000)[0].low, false);
  assert.equal(seatClocks({ ...msg, clocks: [25_000, 0] }, 0, 600_000)[0].low, true, "a tenth of ten minutes");
});

test("the new-game form's time controls are the API's, none by default", () => {
  assert.equal(clockOf(""), null);
  assert.deepEqual(clockOf("5+3"), { base_s: 300, increment_s: 3 });
  assert.deepEqual(clockOf("3d"), { days_per_move: 3 });
  assert.equal(clockOf("forever"), null, "an unknown choice asks for no clock");
  assert.equal(new Set(CLOCK_CHOICES.map((c) => c.value)).size, CLOCK_CHOICES.length);
});
