// Game review (issue 39, docs/review.md): a game against a bot refuses its review while
// it is played; at its end the Review button opens it: the graph with its flagged moves,
// the move list, and a flagged move clicked shows the board from the mover's side with
// the better move. A spectator sees the same review, in a phone's window too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, startFromLobby } from "./harness.mjs";
import { heldSeat, playUntil } from "./play.mjs";

const env = serverAndBrowser();

// Each seat's accuracy, skill and luck as the page shows them (the names differ: "You").
const figures = (page) =>
  page.locator("[data-role=review-player]").evaluateAll((rows) =>
    rows.map((r) => ["accuracy", "skill", "luck"].map((f) => r.querySelector(`[data-role=review-${f}]`)?.textContent)));

test("a game against a bot, reviewed at its end, the same for a spectator", { timeout: 240000 }, async () => {
  const url = env.server.url;
  const player = await openPage(env.browser);
  const id = await startFromLobby(player.page, url, { game: "jaipur", mode: "bot", level: "easy" });
  const held = await heldSeat(player.page, id);

  // In play: no review, from the route or the page.
  const early = await fetch(`${url}api/games/${id}/review`);
  assert.equal(early.status, 409);
  assert.equal((await early.json()).code, "game_not_over");

  await playUntil(url, id, held, prng(39), () => false);
  await player.page.waitForSelector("[data-role=summary] [data-action=review]", { timeout: 30000 });
  await player.page.click("[data-role=summary] [data-action=review]");
  await player.page.waitForFunction((gameId) => location.hash === `#/review/${gameId}`, id);
  await player.page.waitForSelector("svg[data-role=review-graph]", { timeout: 120000 });
  const markers = await player.page.locator("[data-role=review-marker]").count();
  assert.ok(markers >= 1, "at least one flagged move on the graph");
  const flagged = player.page.locator("button[data-action=review-move][data-flag]").first();
  const ply = await flagged.getAttribute("data-ply");
  const seat = await flagged.getAttribute("data-seat");
  await flagged.click();
  await player.page.waitForSelector(`[data-role=review-board][data-ply="${ply}"][aria-busy=false]`);
  assert.equal(await player.page.getAttribute("[data-role=review-board]", "data-seat"), seat, "the board from the mover's side");
  assert.ok((await player.page.textContent("[data-role=review-better]")).trim().length > 0, "the better move is shown");
  await screenshot(player.page, "review-player");
  const seen = await figures(player.page);
  assert.equal(seen.length, 2);

  // A spectator, in a phone's window, gets the same review (it is computed once).
  const spectator = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
  await spectator.page.goto(`${url}#/review/${id}`);
  await spectator.page.waitForSelector("svg[data-role=review-graph]", { timeout: 60000 });
  assert.deepEqual(await figures(spectator.page), seen);
  assert.equal(await spectator.page.locator("[data-role=review-marker]").count(), markers);
  const width = await spectator.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page fits a phone's width (${width} px)`);
  await screenshot(spectator.page, "review-phone");
  const ready = await (await fetch(`${url}api/games/${id}/review`)).json();
  assert.equal(ready.state, "ready");
  player.check();
  spectator.check();
});
