// Accounts, ratings, leaderboards and game summaries in words (issue 37), over the
// server's JSON as fixtures (docs/protocol.md, the ratings branch's shapes).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ApiError } from "../../build/web/js/api.js";
import {
  dateText,
  errorText,
  gameErrorText,
  leaderboardHref,
  pagerPages,
  poolName,
  profileHref,
  ratedBlock,
  ratingText,
  resultWord,
  summaryHref,
  summaryLine,
  totalsText,
} from "../../build/web/js/account/format.js";
import { chartGeometry } from "../../build/web/js/account/chart-geometry.js";
import { seatNameFor } from "../../build/web/js/shell/status.js";

const rating = { rating: 1623.4, deviation: 61.2, volatility: 0.06, provisional: false, games: 14, wins: 9, losses: 4, draws: 1 };

test("a rating is rounded, and a provisional one carries a '?'", () => {
  assert.equal(ratingText(rating), "1623");
  assert.equal(ratingText({ ...rating, rating: 1500, provisional: true }), "1500?");
  assert.equal(ratingText({ rating: 1499.5, provisional: false }), "1500");
});

test("pools are named in both languages; an unknown one keeps the server's id", () => {
  assert.equal(poolName("en", "marrakech-2"), "Marrakech, two players");
  assert.equal(poolName("fr", "marrakech-multi"), "Marrakech à trois ou quatre");
  assert.equal(poolName("fr", "bots-jaipur"), "Jaipur contre les robots");
  assert.equal(poolName("en", "chess"), "chess");
});

test("a refusal in words from its code, a throttled log-in with its wait", () => {
  const err = (status, raw, wait = null) => new ApiError(status, raw === "not_rateable" ? "internal" : raw, "server words", raw, wait);
  assert.equal(errorText("en", err(401, "bad_credentials")), "Wrong name or password.");
  assert.equal(errorText("fr", err(401, "bad_credentials")), "Nom ou mot de passe incorrect.");
  assert.equal(errorText("en", err(429, "too_many_attempts", 4200)), "Too many failed attempts. Try again in 5 s.");
  assert.equal(errorText("fr", err(429, "too_many_attempts", 800)), "Trop d’essais manqués. Réessayez dans 1\u00a0s.");
  // A code the C++ enum does not know yet (the ratings branch adds it) still has words.
  assert.equal(errorText("en", err(400, "not_rateable")), "This game cannot be rated: only games between signed-in people, without bots.");
  // A code without words keeps the server's sentence; a failed fetch is the network's.
  assert.equal(errorText("en", err(409, "illegal_move")), "server words");
  // A change of password that lost a race with another (main's 409 aborted).
  assert.equal(errorText("en", err(409, "aborted")), "It was changed elsewhere in the meantime: log in again, then retry.");
  assert.equal(errorText("en", new TypeError("Failed to fetch")), "The server could not be reached: check the connection.");
  // Creating or joining a game: account codes in words, the rest as before.
  assert.equal(gameErrorText("en", err(409, "already_seated")), "You already have a seat in this game.");
  assert.equal(gameErrorText("en", err(409, "invite_used")), "server words");
});

test("the Rated box opens for a signed-in player whose other seats are all invited people", () => {
  assert.equal(ratedBlock(false, ["friend"]), "rated.why.guest");
  assert.equal(ratedBlock(true, ["friend"]), null);
  assert.equal(ratedBlock(true, ["friend", "friend", "friend"]), null);
  assert.equal(ratedBlock(true, ["friend", "easy"]), "rated.why.seats");
  assert.equal(ratedBlock(true, ["here"]), "rated.why.seats", "hot-seat: one browser, one account");
});

const summary = {
  id: "tr2n6t7z2agb",
  game: "jaipur",
  players: 2,
  variant: "",
  rated: true,
  finished: true,
  abandoned: false,
  updated_at: "2026-11-27T16:01:30Z",
  seat: 0,
  seats: [
    { name: "Ann_Lee", account: "Ann_Lee", score: 2 },
    { name: "<b>x</b>", account: null, score: 1 },
  ],
  result: "win",
};

test("a game summary: its players, scores, rated, and where it leads", () => {
  assert.equal(summaryLine("en", summary, "Jaipur"), "Jaipur · Ann_Lee 2, <b>x</b> 1 · Rated");
  assert.equal(summaryLine("fr", { ...summary, rated: false, seats: [{ name: "Ann", account: null, score: null }] }, "Jaipur"), "Jaipur · Ann");
  assert.equal(summaryHref(summary), "#/replay/tr2n6t7z2agb");
  assert.equal(summaryHref({ ...summary, finished: false }), "#/game/tr2n6t7z2agb");
  assert.equal(resultWord("en", "win"), "Won");
  assert.equal(resultWord("fr", "draw"), "Égalité");
  assert.equal(resultWord("en", null), null);
  assert.equal(profileHref("<b>x</b>"), "#/players/%3Cb%3Ex%3C%2Fb%3E");
  assert.equal(leaderboardHref("marrakech-2"), "#/leaderboard/marrakech-2");
  assert.equal(leaderboardHref("jaipur", 3), "#/leaderboard/jaipur/3");
});

test("totals and dates", () => {
  assert.equal(totalsText("en", { games: 14, wins: 9, losses: 4, draws: 1 }), "Games played: 14 · won: 9 · lost: 4 · drawn: 1");
  assert.equal(totalsText("fr", { games: 1, wins: 1, losses: 0, draws: 0 }), "Parties jouées\u00a0: 1 · gagnées\u00a0: 1 · perdues\u00a0: 0 · nulles\u00a0: 0");
  assert.equal(dateText("en", "2026-11-27T16:01:30Z"), "27 Nov 2026");
  assert.equal(dateText("en", "not a date"), "not a date");
});

test("the pager shows the ends and the pages near the current one", () => {
  assert.deepEqual(pagerPages(1, 1), [1]);
  assert.deepEqual(pagerPages(1, 4), [1, 2, 3, 4]);
  assert.deepEqual(pagerPages(6, 20), [1, null, 4, 5, 6, 7, 8, null, 20]);
  assert.deepEqual(pagerPages(20, 20), [1, null, 18, 19, 20]);
});

test("the rating chart: points in time order within the plot, round ticks around them", () => {
  const history = [
    { at: "2026-11-01T10:00:00Z", rating: 1500, deviation: 350, game: "a" },
    { at: "2026-11-02T10:00:00Z", rating: 1580, deviation: 250, game: "b" },
    { at: "2026-11-05T10:00:00Z", rating: 1541, deviation: 200, game: "c" },
  ];
  const g = chartGeometry(history, 560, 220);
  const { left, right, top, bottom } = g.plot;
  assert.equal(g.points.length, 3);
  assert.equal(g.points[0].x, left);
  assert.equal(g.points[2].x, right);
  // One day of four: a quarter of the way along.
  assert.ok(Math.abs(g.points[1].x - (left + (right - left) / 4)) < 1e-9);
  for (const p of g.points) assert.ok(p.y >= top && p.y <= bottom, `${p.y} within the plot`);
  assert.ok(g.points[1].y < g.points[2].y && g.points[2].y < g.points[0].y, "a higher rating is drawn higher");
  assert.deepEqual(g.yTicks.map((t) => t.value), [1500, 1525, 1550, 1575, 1600]);
  assert.deepEqual(g.xTicks.map((t) => t.at), [history[0].at, history[2].at]);
  // One game: a point in the middle, a scale around it.
  const one = chartGeometry([history[0]], 560, 220);
  assert.equal(one.points[0].x, left + (right - left) / 2);
  assert.ok(one.yTicks[0].value < 1500 && one.yTicks.at(-1).value > 1500);
  assert.equal(chartGeometry([], 560, 220).points.length, 0);
});

test("a seat an account holds goes by the account's name", () => {
  const msg = { seats: [{ player: "human", name: "Ann", joined: true, account: "Ann_Lee" }, { player: "human", name: "Bob", joined: true, account: null }] };
  assert.equal(seatNameFor(msg, 0, null, "en"), "Ann_Lee");
  assert.equal(seatNameFor(msg, 1, null, "en"), "Bob");
  assert.equal(seatNameFor(msg, 0, 0, "en"), "You");
});
