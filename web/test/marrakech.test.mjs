// Marrakech: Assam's path drawn step by step (straight on, round a border arc, round a
// corner loop), the board's squares and carpets, picking a carpet among the legal
// placements, and what a roll did in words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CELL, M, cx, cy, shownCarpets, squareName, squareXY } from "../../build/web/js/marrakech/geometry.js";
import { ease, stepPath, turnAngles } from "../../build/web/js/marrakech/path.js";
import { CarpetPicker, legalMoves, placeMove } from "../../build/web/js/marrakech/moves.js";
import { rollLines } from "../../build/web/js/i18n/words.js";

const at = (name, facing) => {
  const [x, y] = squareXY(name);
  return { x, y, facing };
};
const near = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) < 1e-6, `${what}: ${actual}, expected ${expected}`);
};
// A drawing angle as a compass bearing, 0–360.
const bearing = (angle) => ((angle % 360) + 360) % 360;
const outside = (p) => p.x < M || p.x > M + 7 * CELL || p.y < M || p.y > M + 7 * CELL;

test("squares: names and coordinates", () => {
  assert.equal(squareName(0, 0), "a1");
  assert.equal(squareName(6, 6), "g7");
  assert.deepEqual(squareXY("c3"), [2, 2]);
  assert.equal(cx(0), M + CELL / 2);
});

test("a step straight on glides from one square's centre to the next, facing the same way", () => {
  const step = stepPath(at("d4", "N"), at("d3", "N"));
  assert.deepEqual(step(0), { x: cx(3), y: cy(3), angle: 0 });
  const mid = step(0.5);
  near(mid.x, cx(3), "x");
  near(mid.y, (cy(3) + cy(2)) / 2, "y");
  assert.deepEqual(step(1), { x: cx(3), y: cy(2), angle: 0 });
});

test("a step off the board goes round the border arc and comes back facing the other way", () => {
  // a1 facing north: the arc over the top edge joins columns a and b; he comes back down b.
  const step = stepPath(at("a1", "N"), at("b1", "S"));
  const start = step(0);
  near(start.x, cx(0), "start x");
  near(start.y, cy(0), "start y");
  near(bearing(start.angle), 0, "sets off north");
  const apex = step(0.5);
  near(apex.x, (cx(0) + cx(1)) / 2, "apex between the columns");
  near(apex.y, M - CELL / 2, "apex outside the board");
  near(bearing(apex.angle), 90, "heading east at the top of the arc");
  const end = step(1);
  near(end.x, cx(1), "end x");
  near(end.y, cy(0), "end y");
  near(bearing(end.angle), 180, "comes back facing south");
  for (const t of [0.35, 0.45, 0.55, 0.65]) assert.ok(outside(step(t)), `off the board at t = ${t}`);
});

test("at a corner the track loops three quarters round onto the same square", () => {
  // g1 facing north: out over the top, round, and back in from the right facing west.
  const step = stepPath(at("g1", "N"), at("g1", "W"));
  const end = step(1);
  near(end.x, cx(6), "end x");
  near(end.y, cy(0), "end y");
  near(bearing(end.angle), 270, "facing west");
  for (const t of [0.3, 0.5, 0.7]) assert.ok(outside(step(t)), `off the board at t = ${t}`);
  // Round the outside of the corner: the loop's middle is beyond both edges.
  const mid = step(0.5);
  assert.ok(mid.x > M + 7 * CELL - CELL / 2 && mid.y < M, `the loop's middle (${mid.x}, ${mid.y}) is past the corner`);
});

test("a path is followed without jumps", () => {
  const path = [at("d4", "N"), at("d3", "N"), at("d2", "N"), at("d1", "N"), at("c1", "S"), at("c2", "S")];
  for (let i = 0; i + 1 < path.length; i++) {
    const step = stepPath(path[i], path[i + 1]);
    let prev = step(0);
    for (let k = 1; k <= 50; k++) {
      const p = step(k / 50);
      assert.ok(Math.hypot(p.x - prev.x, p.y - prev.y) < 10, `step ${i}: a jump at ${k / 50}`);
      prev = p;
    }
  }
});

test("turning takes the short way round, and easing keeps the ends", () => {
  assert.deepEqual(turnAngles("N", "E"), [0, 90]);
  assert.deepEqual(turnAngles("N", "W"), [0, -90]);
  assert.deepEqual(turnAngles("W", "N"), [270, 360]);
  assert.deepEqual([ease(0), ease(0.5), ease(1)], [0, 0.5, 1]);
});

test("the carpets a board shows: both halves, or a half left", () => {
  const board = Array.from({ length: 7 }, () => Array(7).fill(null));
  board[0][0] = { color: 0, carpet: 1 };
  board[0][1] = { color: 0, carpet: 1 };
  board[1][1] = { color: 2, carpet: 2 };
  board[2][1] = { color: 2, carpet: 2 };
  board[3][3] = { color: 1, carpet: 3 };
  assert.deepEqual(shownCarpets(board), [
    { a: [0, 0], b: [1, 0], color: 0, carpet: 1 },
    { a: [1, 1], b: [1, 2], color: 2, carpet: 2 },
    { a: [3, 3], b: null, color: 1, carpet: 3 },
  ]);
});

test("the legal moves by kind, and a carpet's canonical text", () => {
  const { placements, orients } = legalMoves(["left", "right", "straight"]);
  assert.deepEqual(placements, []);
  assert.deepEqual(orients, ["left", "right", "straight"]);
  assert.deepEqual(legalMoves(["place c3 d3"]).placements, [{ move: "place c3 d3", a: "c3", b: "d3" }]);
  assert.equal(placeMove("d3", "c3"), "place c3 d3");
  assert.equal(placeMove("c4", "c3"), "place c3 c4");
});

test("picking a carpet's two squares", () => {
  const picker = new CarpetPicker(legalMoves(["place c3 c4", "place c3 d3", "place d4 e4"]).placements);
  assert.deepEqual([...picker.squares].sort(), ["c3", "c4", "d3", "d4", "e4"]);
  assert.equal(picker.pick("c3"), null);
  assert.deepEqual([...picker.partners()].sort(), ["c4", "d3"]);
  assert.equal(picker.chosen(), null);
  picker.pick("d3");
  assert.equal(picker.chosen().move, "place c3 d3");
  picker.pick("d3");
  assert.equal(picker.second, null, "the second square again unpicks it");
  picker.pick("d4");
  assert.equal(picker.first, "d4", "another legal square starts again from it");
  assert.equal(picker.pick("d5"), "place d4 d5", "a carpet's shape the engine does not list: ask it why");
  assert.equal(picker.pick("f6"), null, "not even a carpet's shape");
  picker.pick("d4");
  assert.equal(picker.first, null, "the first square again unpicks both");
});

test("the carpets shown faintly while pointing", () => {
  const picker = new CarpetPicker(legalMoves(["place c3 c4", "place c3 d3", "place d4 e4"]).placements);
  const shown = (hover, hinted) => picker.ghosts(hover, hinted).map((g) => `${g.kind} ${g.placement.move}`);
  assert.deepEqual(shown("c3", "place d4 e4"), ["faint place c3 c4", "faint place c3 d3", "hint place d4 e4"]);
  picker.pick("c3");
  assert.deepEqual(shown("a1", null), ["faint place c3 c4", "faint place c3 d3"]);
  assert.deepEqual(shown("c4", "place d4 e4"), ["chosen place c3 c4"], "the hint goes once a square is picked");
  picker.pick("c4");
  assert.deepEqual(shown(null, null), ["chosen place c3 c4"]);
});

test("what a roll did, line by line, in both languages", () => {
  const names = (s) => ["Ann", "Bob", "Cy"][s];
  const roll = { seat: 1, move: "roll 3", chance: true, action: "roll", roll: 3, assam: at("c3", "N"), path: [], tribute: { from: 1, to: 0, amount: 4, squares: [[2, 2]] }, out: [1] };
  assert.deepEqual(rollLines(roll, names, "en", 2), ["Bob rolled 3.", "Bob pays 4 dirhams to Ann.", "Bob is out."]);
  assert.deepEqual(rollLines(roll, names, "en", 1), ["You rolled 3.", "You pay 4 dirhams to Ann.", "You are out."]);
  assert.deepEqual(rollLines({ ...roll, out: [] }, names, "fr", 0), ["Bob a fait 3.", "Bob vous paie 4 dirhams."]);
  assert.deepEqual(rollLines({ ...roll, tribute: undefined, out: undefined }, names, "fr", null), ["Bob a fait 3."]);
});
