// A whole two-player Marrakech game against a bot, played by clicking Assam's turns
// and the carpets' squares, then its replay; and a four-player game on a phone, in French.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, startFromLobby, waitForState } from "./harness.mjs";
import { playMarrakechMove } from "./play.mjs";

const env = serverAndBrowser();

test("a whole Marrakech game against the easy bot, by clicking", { timeout: 600000 }, async () => {
  const { page, check } = await openPage(env.browser);
  await startFromLobby(page, env.server.url, { game: "marrakech", mode: "bot", level: "easy", players: "2" });
  let s = await waitForState(page, (m) => m.legal.length > 0 || m.over, "our first turn");
  await screenshot(page, "marrakech-start");
  const random = prng(11);
  let moves = 0;
  let rolled = false;
  while (!s.over) {
    const move = s.legal[random(s.legal.length)];
    const before = s.move_count;
    await playMarrakechMove(page, move);
    moves++;
    s = await waitForState(page, (m) => m.move_count > before && (m.legal.length > 0 || m.over), `the answer to '${move}'`);
    if (!rolled && s.event?.action === "roll") {
      rolled = true;
      assert.ok(Array.isArray(s.event.path) && s.event.path.length === s.event.roll, "the roll event carries Assam's path");
      await page.waitForTimeout(1500);
      await screenshot(page, "marrakech-after-roll");
      // The rest of the game with reduced motion, which the screen honours at once: the
      // states are drawn without walking Assam (and the test takes a minute less).
      await page.emulateMedia({ reducedMotion: "reduce" });
    }
    assert.ok(moves < 200, "the game should end");
  }
  await page.waitForSelector("[data-role=summary]");
  await screenshot(page, "marrakech-over");
  assert.match(await page.textContent("[data-role=summary]"), /Game over/);
  assert.equal(s.scores.length, 2);
  // Its replay, from the summary's button: the last step shows the final board.
  await page.click("[data-action=replay]");
  await page.waitForFunction(() => /Move 0 of \d+/.test(document.querySelector("[data-role=replay-step]")?.textContent ?? ""));
  await page.click("[data-action=last]");
  const [, i, n] = /Move (\d+) of (\d+)/.exec(await page.textContent("[data-role=replay-step]"));
  assert.equal(Number(i), s.move_count);
  assert.equal(Number(n), s.move_count);
  await page.waitForSelector(".mk-screen[aria-busy=false]");
  await screenshot(page, "marrakech-replay-end");
  check();
});

test("a phone-sized page in French: lobby, a four-player game, no sideways scrolling", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 375, height: 740 }, lang: "fr" });
  await page.goto(env.server.url);
  await page.waitForSelector("[data-role=new-game]");
  assert.match(await page.textContent("[data-role=new-game]"), /Nouvelle partie/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "fr");
  await screenshot(page, "phone-fr-lobby");
  await startFromLobby(page, env.server.url, { game: "marrakech", mode: "bot", level: "easy", players: "4" }, "Zoé");
  const s = await waitForState(page, (m) => m.legal.length > 0, "our turn");
  assert.equal(s.view.players.length, 4);
  // "À vous de jouer" once Assam has finished walking.
  await page.waitForFunction(() => /À vous de jouer/.test(document.querySelector("[data-role=status]")?.textContent ?? ""), null, { timeout: 15000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `the page fits the phone (scroll width ${width})`);
  await screenshot(page, "phone-fr-marrakech");
  // Keyboard: the orientation buttons are reachable and work with Enter.
  await page.focus(`button[data-orient=${s.legal[0]}]`);
  await page.keyboard.press("Enter");
  await waitForState(page, (m) => m.move_count > s.move_count, "the move made by keyboard");
  check();
});
