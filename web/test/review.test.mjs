// The game review's page (issue 39) without a browser: its graph's geometry, its move
// list, the progress while the server computes, the asking again, and the side each
// move's board is seen from. The fixtures are `souk review RECORD --json --budget 200
// --samples 16 --line 2` of the records beside them (test/fixtures/review-*.rec): a
// Jaipur game and a three-player Marrakech.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ApiError } from "../../build/web/js/api.js";
import { pollReview, progressOf, SEVERITIES } from "../../build/web/js/review/api.js";
import { graphGeometry, plyAtX } from "../../build/web/js/review/graph-geometry.js";
import { boardRequest, boardSeat, firstFocus, moveCount, moveRows, percentText, pointsText } from "../../build/web/js/review/moves.js";
import { BoardReplays, boardState } from "../../build/web/js/review/replays.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8"));
const jaipur = fixture("review-jaipur.json");
const marrakech = fixture("review-marrakech-3p.json");
const flagged = (review) => review.decisions.filter((d) => d.flag !== "");
const NBSP = "\u00a0";

test("the fixtures are reviews of a whole game, with flagged moves of every severity", () => {
  for (const review of [jaipur, marrakech]) {
    assert.equal(review.win_chance.length, moveCount(review) + 1);
    assert.equal(review.players.length, review.num_players);
    for (const flag of SEVERITIES) assert.ok(flagged(review).some((d) => d.flag === flag), `${review.game}: a ${flag}`);
  }
  assert.equal(marrakech.num_players, 3);
});

test("the graph: a line per seat, a point per position, every point within the plot", () => {
  for (const review of [jaipur, marrakech]) {
    const g = graphGeometry(review, null, 640, 220);
    const { left, top, right, bottom } = g.plot;
    assert.ok(left > 0 && right < g.width && top >= 0 && bottom < g.height);
    assert.equal(g.lines.length, review.num_players);
    for (const line of g.lines) {
      assert.equal(line.points.length, review.win_chance.length);
      for (const p of line.points) {
        assert.ok(p.x >= left - 1e-9 && p.x <= right + 1e-9, `x ${p.x}`);
        assert.ok(p.y >= top - 1e-9 && p.y <= bottom + 1e-9, `y ${p.y}`);
      }
      // The first position at the left edge, the last at the right.
      assert.equal(line.points[0].x, left);
      assert.equal(line.points.at(-1).x, right);
    }
    // 100% at the top, 0% at the bottom.
    assert.deepEqual(g.yTicks.map((tick) => tick.percent), [0, 25, 50, 75, 100]);
    assert.equal(g.yTicks[0].y, bottom);
    assert.equal(g.yTicks.at(-1).y, top);
    assert.ok(g.xTicks.length >= 2 && g.xTicks.length <= 9);
  }
});

test("the graph: one marker per flagged decision, with its severity, on its mover's line after the move", () => {
  for (const review of [jaipur, marrakech]) {
    const g = graphGeometry(review, null);
    const decisions = flagged(review);
    assert.equal(g.markers.length, decisions.length);
    decisions.forEach((d, i) => {
      const m = g.markers[i];
      assert.deepEqual([m.ply, m.seat, m.flag], [d.ply, d.seat, d.flag]);
      const point = g.lines[d.seat].points[d.ply + 1];
      assert.deepEqual([m.x, m.y], [point.x, point.y]);
    });
    const counts = Object.fromEntries(SEVERITIES.map((f) => [f, g.markers.filter((m) => m.flag === f).length]));
    const summed = (key) => review.players.reduce((n, p) => n + p[key], 0);
    assert.deepEqual(counts, { inaccuracy: summed("inaccuracies"), mistake: summed("mistakes"), blunder: summed("blunders") });
  }
});

test("the graph: the selected move's cursor stands after it, and a click there selects it", () => {
  const ply = flagged(marrakech)[2].ply;
  const g = graphGeometry(marrakech, ply, 400, 200);
  assert.equal(g.cursor.ply, ply);
  assert.equal(g.cursor.x, g.lines[0].points[ply + 1].x);
  assert.equal(plyAtX(g, g.cursor.x), ply);
  assert.equal(plyAtX(g, -50), 0);
  assert.equal(plyAtX(g, 10_000), moveCount(marrakech) - 1);
  assert.equal(graphGeometry(marrakech, null).cursor, null);
  assert.equal(graphGeometry(marrakech, 10_000).cursor, null);
});

test("the move list: a row per move, flags and better moves on the flagged decisions", () => {
  const rows = moveRows(jaipur);
  assert.equal(rows.length, moveCount(jaipur));
  rows.forEach((row, ply) => assert.equal(row.ply, ply));
  // Jaipur's draws come with a decision: every row is a player's move.
  assert.ok(rows.every((r) => r.seat !== null));
  for (const d of jaipur.decisions) {
    const row = rows[d.ply];
    assert.deepEqual([row.seat, row.move, row.flag], [d.seat, d.played, d.flag]);
    assert.equal(row.best, d.flag ? d.best : null);
    if (!d.flag) assert.deepEqual(row.line, []);
  }
  assert.equal(rows.filter((r) => r.flag).length, flagged(jaipur).length);
  // The cards a move drew: that move's row carries their swing.
  const drawn = jaipur.chance_events.filter((e) => e.within_decision);
  assert.ok(drawn.length > 0);
  for (const e of drawn) assert.deepEqual(rows[e.ply].swing, e.swing);
  assert.equal(rows.filter((r) => r.swing).length, drawn.length);
});

test("the move list: a die's roll is a row of its own that nobody chose", () => {
  const rows = moveRows(marrakech);
  assert.equal(rows.length, moveCount(marrakech));
  const rolls = rows.filter((r) => r.seat === null);
  assert.equal(rolls.length, marrakech.chance_events.filter((e) => !e.within_decision).length);
  assert.ok(rolls.length > 0 && rolls.every((r) => /^roll \d$/.test(r.move) && r.flag === "" && r.best === null));
  // Each roll carries what it did to every seat's chance.
  assert.ok(rolls.every((r) => r.swing?.length === 3));
  assert.ok(rows.filter((r) => r.seat !== null).every((r) => r.swing === null));
  assert.equal(rows.length, rolls.length + marrakech.decisions.length);
});

test("a decision's board is asked from its mover's side, at the position it decided in", () => {
  for (const review of [jaipur, marrakech]) {
    const rows = moveRows(review);
    for (const d of review.decisions) assert.deepEqual(boardRequest(rows, d.ply), { seat: d.seat, step: d.ply });
  }
  // A roll: the side of the player whose turn it is part of (who oriented Assam).
  const rows = moveRows(marrakech);
  const roll = rows.find((r) => r.seat === null && r.ply > 0);
  assert.equal(boardSeat(rows, roll.ply), rows[roll.ply - 1].seat);
});

test("the boards' replays: asked once per mover's seat, the position drawn from that side", async () => {
  const asked = [];
  const replayFor = (seat) => ({
    game_id: "g1", game: "jaipur", players: 2, seat,
    seats: [{ player: "human", name: "Ann" }, { player: "easy", name: "" }],
    winners: [1], scores: [40, 60],
    steps: [0, 1, 2, 3].map((k) => ({ view: { k, viewer: seat }, event: k ? { seat: (k - 1) % 2, move: `m${k}` } : null, to_move: k % 2 })),
  });
  const replays = new BoardReplays(async (seat) => (asked.push(seat), replayFor(seat)));
  const rows = moveRows(jaipur);
  const d = flagged(jaipur).find((x) => x.seat === 1 && x.ply < 3) ?? { ply: 1, seat: 1, best: "camels" };
  const { seat, step } = boardRequest(rows, d.ply);
  const replay = await replays.of(seat);
  await replays.of(seat);
  assert.deepEqual(asked, [d.seat]);
  const { msg, story } = boardState("g1", replay, step, rows[d.ply].best);
  assert.equal(msg.seat, d.seat);
  assert.equal(msg.view.viewer, d.seat);
  assert.equal(msg.view.k, d.ply); // before the move: view number `ply`
  assert.deepEqual(msg.legal, rows[d.ply].best ? [rows[d.ply].best] : []);
  assert.equal(story.length, d.ply);
  // A refused replay is asked again next time.
  let fail = true;
  const flaky = new BoardReplays(async (s) => {
    if (fail) throw new Error("down");
    return replayFor(s);
  });
  await assert.rejects(flaky.of(0));
  fail = false;
  assert.equal((await flaky.of(0)).seat, 0);
});

test("the progress while the server computes", () => {
  assert.deepEqual(progressOf({ state: "computing", done: 40, total: 160 }), { done: 40, total: 160, fraction: 0.25 });
  assert.deepEqual(progressOf({ state: "computing", done: 0, total: 0 }), { done: 0, total: 0, fraction: 0 });
  assert.equal(progressOf({ state: "computing", done: 200, total: 160 }).fraction, 1);
  assert.equal(progressOf({ state: "ready", review: jaipur }).fraction, 1);
});

// A fake server: the answers in turn, each a value or an error thrown.
function polled(answers) {
  const log = { progress: [], waits: [], ready: null, failed: null, fetched: 0 };
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const stop = pollReview(
    {
      fetch: async () => {
        const a = answers[log.fetched++];
        if (a instanceof Error) throw a;
        return a;
      },
      wait: async (ms) => void log.waits.push(ms),
      progress: (p) => log.progress.push(p.done),
      ready: (r) => done((log.ready = r)),
      failed: (e) => done((log.failed = e)),
    },
    1000,
  );
  return { log, finished, stop };
}

test("asking again: every second while computing, a 429's wait, then the review", async () => {
  const { log, finished } = polled([
    { state: "computing", done: 0, total: 111 },
    { state: "computing", done: 50, total: 111 },
    new ApiError(429, "rate_limited", "slow down", "rate_limited", 4000),
    { state: "ready", review: jaipur },
  ]);
  await finished;
  assert.deepEqual(log.progress, [0, 50]);
  assert.deepEqual(log.waits, [1000, 1000, 4000]);
  assert.equal(log.ready, jaipur);
  assert.equal(log.fetched, 4);
});

test("asking again stops at a refusal, and when the page is left", async () => {
  const refused = polled([new ApiError(409, "game_not_over", "in play")]);
  await refused.finished;
  assert.equal(refused.log.failed.code, "game_not_over");
  assert.equal(refused.log.fetched, 1);

  const left = polled(Array.from({ length: 50 }, () => ({ state: "computing", done: 1, total: 9 })));
  left.stop();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(left.log.fetched <= 1 && left.log.progress.length === 0);
});

test("the figures in words, in both languages", () => {
  assert.equal(percentText("en", 0.8731), "87%");
  assert.equal(percentText("fr", 86.29, 1), `86${NBSP}%`);
  assert.equal(pointsText("en", -2.25), "\u2212225 pts");
  assert.equal(pointsText("en", 0.2813), "+28 pts");
  assert.equal(pointsText("fr", 0), `0${NBSP}pts`);
});

test("the page opens on the first flagged move of the seat this browser played", () => {
  const rows = moveRows(marrakech);
  const mine = flagged(marrakech).find((d) => d.seat === 2);
  assert.equal(firstFocus(rows, 2), mine.ply);
  assert.equal(firstFocus(rows, null), flagged(marrakech)[0].ply);
  assert.equal(firstFocus(moveRows({ ...jaipur, decisions: jaipur.decisions.map((d) => ({ ...d, flag: "" })) }), 0), 0);
});

test("each seat's line: the colour its game gives it, else one of its own", async () => {
  const { seatColour } = await import("../../build/web/js/review/graph.js");
  const { marrakechGame } = await import("../../build/web/js/marrakech/game.js");
  const { CARPET_COLOURS } = await import("../../build/web/js/marrakech/art.js");
  const msg = { view: { players: [{ colors: [2, 3] }, { colors: [0, 1] }] } };
  assert.equal(seatColour(0, marrakechGame.seatHue(msg, 0)), CARPET_COLOURS[2]);
  assert.equal(seatColour(1, marrakechGame.seatHue(msg, 1)), CARPET_COLOURS[0]);
  const own = [0, 1, 2, 3].map((seat) => seatColour(seat, undefined));
  assert.equal(new Set(own).size, 4);
  assert.ok(own.every((c) => /^#[0-9a-f]{6}$/i.test(c)));
});
