// Clocks (issue 38, docs/clocks.md): a game started from the lobby on 5+3 shows each
// seat's clock and counts the seat to move's down; a seat whose time runs out loses on
// time, and a page watching the game says so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, screenshot, serverAndBrowser, startFromLobby, waitForState } from "./harness.mjs";
import { api, heldSeat } from "./play.mjs";

const env = serverAndBrowser();
const clockTexts = (page) => page.locator("[data-role=clocks] [data-role=clock-time]").allTextContents();

test("a game on the clock shows each seat's clock, the seat to move's counting down", { timeout: 120000 }, async () => {
  const url = env.server.url;
  const { page } = await openPage(env.browser);
  const id = await startFromLobby(page, url, { game: "jaipur", mode: "bot", level: "easy", clock: "5+3" });
  const first = await waitForState(page, (m) => Array.isArray(m.clocks), "a state with clocks");
  assert.deepEqual(first.clock, { base_s: 300, increment_s: 3 });
  // The bot may hold the first move and make it at once, so "no time runs before the
  // first move" is checked on a game between two people below, not here.

  // Moves through the API until it is our turn again after one of ours: the clocks run.
  const mine = await heldSeat(page, id);
  for (let i = 0; i < 10; i++) {
    const s = await api(url, `/api/games/${id}`, mine.token);
    if (s.clock_running && s.to_move === mine.seat) break;
    if (s.to_move === mine.seat) await api(url, `/api/games/${id}/moves`, mine.token, { move: s.legal[0] });
    else await new Promise((r) => setTimeout(r, 200));
  }
  await waitForState(page, (m) => m.clock_running && m.to_move === mine.seat, "our clock running");
  const running = page.locator(`[data-role=clocks] .clock.running[data-seat="${mine.seat}"] [data-role=clock-time]`);
  const before = await running.textContent();
  await page.waitForFunction(
    ([seat, shown]) => document.querySelector(`[data-role=clocks] .clock.running[data-seat="${seat}"] [data-role=clock-time]`)?.textContent !== shown,
    [mine.seat, before],
    { timeout: 5000 },
  );
  assert.match(before, /^5:0[0-3]$|^4:5\d$/, "a few seconds spent of 5 minutes and the increments");
  await screenshot(page, "clocks-running");
});

test("no time runs before the first move", { timeout: 60000 }, async () => {
  const url = env.server.url;
  const created = await api(url, "/api/games", null, {
    game: "jaipur",
    seats: [{ player: "human", name: "Ann" }, { player: "human" }],
    clock: { base_s: 300, increment_s: 3 },
  });
  await api(url, `/api/games/${created.game_id}/join`, null, { invite: created.invites[0].invite, name: "Bob" });
  const { page } = await openPage(env.browser);
  await page.goto(`${url}#/watch/${created.game_id}`);
  await waitForState(page, (m) => m.seats.every((s) => s.joined) && Array.isArray(m.clocks), "both seats taken");
  assert.deepEqual(await clockTexts(page), ["5:00", "5:00"]);
  await page.waitForTimeout(1500);
  assert.deepEqual(await clockTexts(page), ["5:00", "5:00"], "still full after 1.5 s with no move made");
  assert.equal(await page.locator("[data-role=clocks] .clock.running").count(), 0, "no clock shown as running");
});

test("a seat whose time runs out loses on time, and the page watching says so", { timeout: 120000 }, async () => {
  const url = env.server.url;
  const created = await api(url, "/api/games", null, {
    game: "jaipur",
    seats: [{ player: "human", name: "Ann" }, { player: "human" }],
    clock: { base_s: 1, increment_s: 0 },
  });
  const bob = await api(url, `/api/games/${created.game_id}/join`, null, { invite: created.invites[0].invite, name: "Bob" });
  const { page } = await openPage(env.browser);
  await page.goto(`${url}#/watch/${created.game_id}`);
  await waitForState(page, (m) => m.seats.every((s) => s.joined), "both seats taken");
  // The first move starts the clocks; then the seat to move lets its second run out.
  const tokens = { [created.seat]: created.token, [bob.seat]: bob.token };
  const s = await api(url, `/api/games/${created.game_id}`, null);
  const mover = s.to_move;
  const seen = await api(url, `/api/games/${created.game_id}`, tokens[mover]);
  await api(url, `/api/games/${created.game_id}/moves`, tokens[mover], { move: seen.legal[0] });
  const over = await waitForState(page, (m) => m.over, "the game over on time", 15000);
  assert.deepEqual(over.winners, [mover], "the seat that ran out lost");
  assert.equal(over.event?.action, "timeout");
  assert.equal(over.clocks[1 - mover], 0, "its clock shows no time left");
  await page.waitForSelector("text=/ran out of time/");
  await screenshot(page, "clocks-flag");
});

test("your turn is told from any page: a badge to the game and a count in the title", { timeout: 120000 }, async () => {
  const url = env.server.url;
  const { page } = await openPage(env.browser);
  const id = await startFromLobby(page, url, { game: "jaipur", mode: "bot", level: "easy" });
  const mine = await heldSeat(page, id);
  await waitForState(page, (m) => m.to_move === mine.seat && m.legal.length > 0, "our turn");
  assert.ok(await page.locator("[data-role=your-turn]").isHidden(), "the game open here says it itself");
  await page.goto(`${url}#/rules/jaipur`);
  const badge = page.locator("[data-role=your-turn]");
  await badge.waitFor({ state: "visible", timeout: 25000 });
  assert.equal(await badge.getAttribute("href"), `#/game/${id}`);
  assert.equal(await badge.getAttribute("aria-label"), "Your turn in 1 game");
  assert.match(await page.title(), /^\(1\) /);
  await screenshot(page, "your-turn-badge");
  await badge.click();
  await page.waitForFunction((gameId) => location.hash === `#/game/${gameId}`, id);
});
