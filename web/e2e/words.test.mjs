// Words and colours in the browser (issue 23): bots have short names of their own, the
// French table reads "Main : 7" and "33 cartes dans la pioche", the legal squares'
// outline shows on every carpet colour, and the rules pages have pictures drawn with
// the games' own pieces.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openPage, screenshot, serverAndBrowser, shotDir, startFromLobby, waitForState } from "./harness.mjs";

// A screenshot of one element.
async function elementShot(locator, name) {
  mkdirSync(shotDir, { recursive: true });
  await locator.screenshot({ path: join(shotDir, `${name}.png`) });
}

const env = serverAndBrowser();

test("bots get short names of their own, unique in a game, shown on the players' panel", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser);
  await startFromLobby(page, env.server.url, { game: "marrakech", mode: "bot", level: "easy", players: "4" });
  const s = await waitForState(page, (m) => m.legal.length > 0, "our turn");
  const names = s.seats.map((seat) => seat.name);
  assert.equal(names[0], "Tester");
  assert.equal(new Set(names).size, 4, `four different names: ${names}`);
  for (const name of names.slice(1)) {
    assert.match(name, /^\p{L}{3,8}$/u, `a bot's name is one short word: ${name}`);
    assert.doesNotMatch(name, /bot/i);
  }
  // The players' panel shows them.
  const shown = await page.locator(".mk-player-name").allTextContents();
  assert.deepEqual(shown.slice(1), names.slice(1));
  await screenshot(page, "words-bot-names");
  check();
});

test("the French Jaipur table: a non-breaking space before a colon and counts in words", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser, { lang: "fr", viewport: { width: 1280, height: 800 } });
  await startFromLobby(page, env.server.url, { game: "jaipur", mode: "bot", level: "easy" });
  const s = await waitForState(page, (m) => m.legal.length > 0, "our turn");
  const deck = (await page.textContent("[data-role=deck]")).trim();
  assert.equal(deck, `${s.view.deck_size} cartes dans la pioche`);
  const captions = await page.locator(".jp-me .jp-caption").allTextContents();
  assert.ok(captions.some((c) => c.startsWith(`Main\u00a0: ${s.view.players[s.seat].hand.length} carte`)), `the hand's caption: ${captions}`);
  const text = await page.textContent("[data-role=table]");
  assert.doesNotMatch(text, /[^\u00a0]:/, "every colon has its non-breaking space");
  await screenshot(page, "words-french-jaipur");
  check();
});

test("the legal squares' outline is the dark one with a halo, on every square", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  await startFromLobby(page, env.server.url, { game: "marrakech", mode: "bot", level: "easy", players: "2" });
  // Turn Assam and wait for the placing turn, when the legal squares are outlined.
  let s = await waitForState(page, (m) => m.legal.length > 0, "our turn");
  await page.waitForSelector(".mk-screen[aria-busy=false]", { timeout: 15000 });
  await page.click(`button[data-orient=${s.legal[0]}]`);
  s = await waitForState(page, (m) => m.view.phase === "place" && m.legal.length > 0, "the placing turn");
  await page.waitForSelector(".mk-sq.mk-legal", { timeout: 15000 });
  const strokes = await page.$$eval(".mk-sq.mk-legal rect", (rects) => rects.map((r) => [getComputedStyle(r).stroke, getComputedStyle(r).filter]));
  assert.ok(strokes.length > 0);
  for (const [stroke, filter] of strokes) {
    assert.equal(stroke, "rgb(17, 17, 17)");
    assert.match(filter, /drop-shadow/);
  }
  await elementShot(page.locator(".mk-board"), "words-legal-outline");
  check();
});

const pictures = {
  jaipur: { "jaipur-market": { ".jp-card:not(.jp-back)": 5, ".jp-back": 1 }, "jaipur-tokens": { ".jp-coin-goods": 9, ".jp-coin-bonus": 3 } },
  marrakech: { "assam-edge": { ".mk-assam": 1, ".rules-mk-trail polyline": 1 }, tribute: { ".mk-carpet": 5, ".mk-tribute-sq": 4, ".mk-assam": 1 } },
};

for (const lang of ["en", "fr"])
  for (const [game, expected] of Object.entries(pictures))
    test(`the ${game} rules in ${lang} have pictures drawn with the game's pieces`, { timeout: 60000 }, async () => {
      const { page, check } = await openPage(env.browser, { lang, viewport: { width: 1000, height: 800 } });
      await page.goto(`${env.server.url}#/rules/${game}`);
      await page.waitForSelector(".rules-page");
      for (const [name, parts] of Object.entries(expected)) {
        const picture = page.locator(`[data-picture=${name}]`);
        assert.equal(await picture.count(), 1, name);
        const label = await picture.getAttribute("aria-label");
        assert.ok(label && label.length > 20, `${name} is described for screen readers`);
        const box = await picture.boundingBox();
        assert.ok(box.width > 200 && box.height > 50, `${name} is drawn large enough to read: ${JSON.stringify(box)}`);
        for (const [selector, n] of Object.entries(parts)) assert.equal(await picture.locator(selector).count(), n, `${name}: ${selector}`);
        await elementShot(picture.locator("xpath=.."), `rules-${lang}-${name}`);
      }
      // The tribute's outline stays: a picture holds still.
      if (game === "marrakech") {
        const opacity = await page.locator("[data-picture=tribute] .mk-tribute-sq").first().evaluate((e) => getComputedStyle(e).opacity);
        assert.equal(opacity, "1");
      }
      check();
    });
