// Jaipur's rounds (issue 36, point 1): each round's end on its own table (its scores on
// the panels, the camel token and the seal), then the next deal on request; a round line
// in the log and in the replay; the end's dialog gives the seals and every round's
// scores, and so does the lobby.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, startFromLobby } from "./harness.mjs";
import { api, heldSeat, playUntil } from "./play.mjs";

const env = serverAndBrowser();

test("every Jaipur round's end: on its table, in the log, the end's dialog, the lobby and the replay", { timeout: 300000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  const url = env.server.url;
  const id = await startFromLobby(page, url, { game: "jaipur", mode: "bot", level: "easy" });
  await page.waitForSelector("[data-role=log]");
  const held = await heldSeat(page, id);
  const random = prng(36);

  // Round 1 ends: the page shows that round's last table, not round 2's deal.
  await playUntil(url, id, held, random, (s) => s.view.round >= 2);
  const history = await api(url, `/api/games/${id}/history`, held.token);
  const first = history.events.find((e) => e.round_end).round_end;
  await page.waitForSelector("[data-role=round-over]", { timeout: 15000 });
  assert.match(await page.textContent("[data-role=round-over]"), /Round 1 is over/);
  assert.doesNotMatch(await page.textContent("[data-role=status]"), /Your turn/, "no 'Your turn' before the next deal");
  assert.match(await page.textContent("[data-role=status]"), /Round 1 is over/, "nor whose turn it is in round 2");
  await page.waitForSelector("[data-role=round-summary]");
  await screenshot(page, "jaipur-round-end-dialog");
  await page.click("[data-action=close-round]");
  // The table is the one the round ended on, as the event's view has it: its market and
  // discard, not the next deal's (a fresh market of 5 and an empty discard).
  assert.equal(await page.locator("[data-role=market] > *").count(), first.view.market.length);
  assert.equal(await page.textContent("[data-role=discard]"), `Discard: ${first.view.discard.length}`);
  assert.equal(await page.textContent("[data-role=round]"), `Round ${first.view.round}`);
  for (const p of [0, 1]) {
    const rupees = await page.textContent(`.jp-player[data-seat="${p}"] [data-role=rupees]`);
    assert.equal(rupees, `${first.rupees[p]} rupees`, `seat ${p}'s panel shows its round total, camel token included`);
  }
  if (first.camel_token !== null)
    assert.match(await page.textContent(`.jp-player[data-seat="${first.camel_token}"] [data-role=round-extras]`), /camel token/);
  await screenshot(page, "jaipur-round-end-table");
  // The log has the round's line, after the move that ended it.
  const line = page.locator("[data-role=log] [data-role=round-line]");
  assert.equal(await line.count(), 1);
  assert.match(await line.first().textContent(), /^End of round 1 — .*rupees.*Camel token|camel/i);
  // The next deal, on request.
  await page.click("[data-action=next-round]");
  assert.equal(await page.locator("[data-role=round-over]").count(), 0);
  await page.waitForFunction(() => !/Round 1 is over/.test(document.querySelector("[data-role=status]")?.textContent ?? ""), null, { timeout: 5000 });

  // The game to its end: the dialog gives seals and each round's scores.
  const end = await playUntil(url, id, held, random, () => false);
  assert.ok(end.over);
  const all = (await api(url, `/api/games/${id}/history`, held.token)).events.filter((e) => e.round_end);
  const deal = page.locator("[data-action=next-round]");
  await page.waitForSelector("[data-role=summary]", { timeout: 20000 });
  if (await deal.isVisible()) await deal.click();
  const summary = await page.textContent("[data-role=summary]");
  assert.match(summary, /2 seals/, "the final scores are seals");
  assert.equal(await page.locator("[data-role=summary] [data-role=rounds] li").count(), all.length);
  for (const [i, e] of all.entries()) {
    const li = await page.textContent(`[data-role=summary] [data-round="${i + 1}"]`);
    for (const r of e.round_end.rupees) assert.ok(li.includes(String(r)), `round ${i + 1} lists ${r}: ${li}`);
  }
  await screenshot(page, "jaipur-end-rounds");
  await page.click("[data-action=close-summary]");
  assert.equal(await page.locator("[data-role=log] [data-role=round-line]").count(), all.length, "every round's end in the log");
  // The final panel counts the camel token, as the dialog does.
  const last = all[all.length - 1].round_end;
  for (const p of [0, 1])
    assert.equal(await page.textContent(`.jp-player[data-seat="${p}"] [data-role=rupees]`), `${last.rupees[p]} rupees`);

  // The lobby: seals and every round's scores.
  await page.goto(url);
  const result = page.locator(`li[data-game="${id}"] [data-role=result]`);
  await page.waitForFunction((gid) => /seals/.test(document.querySelector(`li[data-game="${gid}"] [data-role=result]`)?.textContent ?? ""), id, { timeout: 10000 });
  const text = await result.textContent();
  assert.match(text, /2 seals/);
  assert.match(text, new RegExp(`round ${all.length}:`));
  await screenshot(page, "jaipur-lobby-rounds");

  // The replay: the step of each round's end shows that round's last table and its line.
  await page.goto(`${url}#/replay/${id}`);
  await page.waitForSelector("[data-role=replay-step]");
  await page.waitForFunction(() => /Move 0 of/.test(document.querySelector("[data-role=replay-step]")?.textContent ?? ""));
  const steps = history.events.findIndex((e) => e.round_end) + 1;
  await page.evaluate((n) => {
    const slider = document.querySelector("input[type=range]");
    slider.value = String(n - 1);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
  }, steps);
  await page.click("[data-action=next]");
  assert.match(await page.textContent("[data-role=replay-event]"), /End of round 1/);
  assert.match(await page.textContent("[data-role=round-over]"), /Round 1 is over/);
  await screenshot(page, "jaipur-replay-round-end");
  await page.click("[data-action=last]");
  assert.match(await page.textContent("[data-role=replay-event]"), /Final scores: .*2 seals/);
  check();
});
