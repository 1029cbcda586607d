// Meeting strangers (issue 38, docs/lobby.md): two accounts press "play now" for Jaipur
// 3+2 in two browsers and are paired; they play to the end with the clocks shown and
// counting; a rematch swaps their seats. A table opened is seen live in another
// browser's list and sat at; in that game one lets the clock run out and loses on time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, waitForState } from "./harness.mjs";
import { api, closeDialogs, heldSeat, playToTheEnd, signUp } from "./play.mjs";

const env = serverAndBrowser();
const clockTexts = (page) => page.locator("[data-role=clocks] [data-role=clock-time]").allTextContents();

async function playNow(page, url) {
  await page.goto(`${url}#/meet`);
  await page.waitForSelector("[data-role=play-now]");
  await page.locator("[data-role=play-now] input[name=game][value=jaipur]").check({ force: true });
  await page.locator("[data-role=play-now] input[name=clock][value='3+2']").check({ force: true });
  await page.locator("[data-role=play-now] input[name=rated]").check();
  await page.click("[data-action=play-now]");
}

const gameOf = (page) => page.waitForFunction(() => location.hash.startsWith("#/game/")).then(() => page.evaluate(() => location.hash.split("/")[2]));

test("two accounts press play now for Jaipur 3+2, are paired, play to the end on the clock, and rematch", { timeout: 300000 }, async () => {
  const url = env.server.url;
  const ann = await openPage(env.browser);
  const bob = await openPage(env.browser);
  await signUp(ann.page, url, "Ann_Meet");
  await signUp(bob.page, url, "Bob_Meet");

  await playNow(ann.page, url);
  await ann.page.waitForSelector("[data-role=seeking]");
  assert.match(await ann.page.textContent("[data-role=seeking]"), /Jaipur, 3\+2/);
  await screenshot(ann.page, "meet-seeking");
  await playNow(bob.page, url);
  const [annGame, bobGame] = await Promise.all([gameOf(ann.page), gameOf(bob.page)]);
  assert.equal(annGame, bobGame, "paired into one game");
  const id = annGame;

  const first = await waitForState(ann.page, (m) => Array.isArray(m.clocks), "the paired game");
  assert.deepEqual(first.clock, { base_s: 180, increment_s: 2 });
  assert.equal(first.rated, true);
  assert.deepEqual(first.seats.map((s) => s.account).sort(), ["Ann_Meet", "Bob_Meet"]);
  assert.deepEqual(await clockTexts(ann.page), ["3:00", "3:00"]);
  const seats = [await heldSeat(ann.page, id), await heldSeat(bob.page, id)];
  assert.notEqual(seats[0].seat, seats[1].seat);

  // A few moves, then the clocks shown have moved off 3:00 (an increment, or a clock running).
  const random = prng(38);
  for (let i = 0; i < 4; i++) {
    const s = await api(url, `/api/games/${id}`, seats[0].token);
    const mover = seats.find((h) => h.seat === s.to_move);
    const mine = await api(url, `/api/games/${id}`, mover.token);
    await api(url, `/api/games/${id}/moves`, mover.token, { move: mine.legal[random(mine.legal.length)] });
  }
  await waitForState(bob.page, (m) => m.move_count >= 4 && m.clock_running, "moves on the clock");
  await bob.page.waitForFunction(
    () => [...document.querySelectorAll("[data-role=clocks] [data-role=clock-time]")].some((e) => e.textContent !== "3:00"),
    null,
    { timeout: 10000 },
  );
  await screenshot(bob.page, "meet-clocks");

  const end = await playToTheEnd(url, id, seats, random);
  assert.equal(end.over, true);
  assert.ok(end.clocks.every((ms) => ms > 0), `nobody lost on time: ${end.clocks}`);
  const overAnn = await waitForState(ann.page, (m) => m.over, "the end on Ann's page");
  assert.ok(overAnn.clocks.every((ms) => ms > 0));

  // The rematch: Ann asks, Bob sees the offer and accepts; both go to the new game, seats swapped.
  await ann.page.waitForSelector("[data-action=rematch]", { timeout: 30000 });
  await ann.page.click("[data-action=rematch]");
  await bob.page.waitForFunction(() => /wants a rematch/.test(document.querySelector("[data-role=rematch-note]")?.textContent ?? ""), null, { timeout: 15000 });
  await screenshot(bob.page, "meet-rematch-offer");
  await bob.page.click("[data-action=rematch]");
  const [annNext, bobNext] = await Promise.all([
    ann.page.waitForFunction((old) => location.hash.startsWith("#/game/") && !location.hash.includes(old), id).then(() => ann.page.evaluate(() => location.hash.split("/")[2])),
    bob.page.waitForFunction((old) => location.hash.startsWith("#/game/") && !location.hash.includes(old), id).then(() => bob.page.evaluate(() => location.hash.split("/")[2])),
  ]);
  assert.equal(annNext, bobNext);
  const annSeat = (await heldSeat(ann.page, annNext)).seat;
  assert.equal(annSeat, 1 - seats[0].seat, "Ann's seat swapped");
  const next = await waitForState(ann.page, (m) => m.game_id === annNext, "the rematch");
  assert.deepEqual(next.clock, { base_s: 180, increment_s: 2 });
  assert.equal(next.rated, true);
  for (const p of [ann, bob]) p.check(); // no error in either browser's console: no 404 asked after
});

test("a table opened is seen live and sat at in another browser; the seat that lets its clock run out loses", { timeout: 120000 }, async () => {
  const url = env.server.url;
  const cy = await openPage(env.browser);
  const dee = await openPage(env.browser);
  await dee.page.goto(`${url}#/meet`);
  await dee.page.waitForSelector("[data-role=tables]");
  // Cy opens a 2-second table through the API (the app offers longer clocks), as a guest.
  const opened = await api(url, "/api/tables", null, { game: "jaipur", name: "Cy", clock: { base_s: 2, increment_s: 0 } });
  const row = dee.page.locator(`[data-table="${opened.table.id}"]`);
  await row.waitFor({ timeout: 5000 });
  assert.match(await row.textContent(), /Cy/);
  await screenshot(dee.page, "meet-tables");
  await dee.page.fill("[data-role=open-table] input[name=name]", "Dee");
  await row.locator("[data-action=sit]").click();
  const id = await gameOf(dee.page);
  await closeDialogs(dee.page);
  const deeSeat = await heldSeat(dee.page, id);
  const table = await api(url, `/api/tables/${opened.table.id}`, opened.token);
  assert.equal(table.table.game_id, id);
  assert.equal(table.table.seat, 0, "the owner sits first");
  assert.equal(deeSeat.seat, 1);
  // The first move starts the clocks; then the seat to move lets its 2 s run out.
  const s = await api(url, `/api/games/${id}`, null);
  const tokens = { 0: opened.token, 1: deeSeat.token };
  const mine = await api(url, `/api/games/${id}`, tokens[s.to_move]);
  await api(url, `/api/games/${id}/moves`, tokens[s.to_move], { move: mine.legal[0] });
  const loser = 1 - s.to_move;
  const over = await waitForState(dee.page, (m) => m.over, "the game over on time", 15000);
  assert.equal(over.event?.action, "timeout");
  assert.equal(over.clocks[loser], 0);
  assert.deepEqual(over.winners, [s.to_move]);
  dee.check();
});
