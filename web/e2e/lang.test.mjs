// The engine's rule reaches the player in the page's language: the app sends it with
// every request (Accept-Language) and in its WebSocket hello, whatever the browser's own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, screenshot, serverAndBrowser, startFromLobby, waitForState } from "./harness.mjs";

const env = serverAndBrowser();

const status = "[data-role=composer-status]";

// Selects cards the engine refuses: one card of a precious good (sold 2 at least), or
// a market good for one card of the hand (an exchange is 2 cards at least). Returns
// which, or null when this deal allows neither.
async function selectIllegal(page, s) {
  const hand = s.view.players[s.seat].hand;
  const precious = hand.find((g) => ["diamond", "gold", "silver"].includes(g));
  if (precious) {
    await page.locator(`button[data-zone=hand][data-good=${precious}]`).first().click();
    return "sell";
  }
  const good = s.view.market.find((g) => g !== "camel");
  if (!good || hand.length === 0) return null;
  await page.locator(`button[data-zone=market][data-good=${good}]`).first().click();
  await page.locator("button[data-zone=hand]").first().click();
  return "exchange";
}

async function waitForStatus(page, pattern) {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector("[data-role=composer-status]")?.textContent ?? ""),
    pattern.source,
  );
}

test("the engine's refusal in French on a French page, in English after switching", { timeout: 120000 }, async (t) => {
  const { page, check } = await openPage(env.browser, { lang: "fr" });
  const hellos = [];
  page.on("websocket", (ws) => ws.on("framesent", (f) => String(f.payload).includes('"hello"') && hellos.push(JSON.parse(f.payload))));
  await startFromLobby(page, env.server.url, { game: "jaipur", mode: "bot", level: "easy" });
  let s = await waitForState(page, (m) => m.legal.length > 0, "our turn");
  assert.ok(hellos.length > 0 && hellos.every((h) => h.lang === "fr"), `the hello names French: ${JSON.stringify(hellos)}`);

  const kind = await selectIllegal(page, s);
  if (!kind) return t.skip("this deal has no precious card in hand and no good in the market");
  await waitForStatus(
    page,
    kind === "sell"
      ? /^Interdit\u00a0: le diamant, l'or et l'argent se vendent par 2 cartes au moins/
      : /^Interdit\u00a0: un échange porte au moins sur 2 cartes contre 2/,
  );
  // The rule alone, in the player's words: not the engine's "illegal move 'sell 1 …':".
  assert.doesNotMatch(await page.textContent(status), /illegal move|coup illégal|'(sell|exchange) /);
  await screenshot(page, "lang-french-refusal");
  // Every card's name whole on the desktop table in French too ("chameau" was cut).
  const cut = await page.$$eval(".jp-card-name", (names) =>
    names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => `${n.textContent} ${n.scrollWidth}/${n.clientWidth}`),
  );
  assert.deepEqual(cut, [], "no card name cut");

  // The browser still asks for French; the page, now English, asks for English.
  await page.click("[data-action=lang]");
  await page.waitForFunction(() => document.documentElement.lang === "en");
  s = await waitForState(page, (m) => m.legal.length > 0, "our turn, in English");
  assert.equal(await selectIllegal(page, s), kind);
  await waitForStatus(
    page,
    kind === "sell"
      ? /^Not allowed: diamond, gold and silver sell 2 cards at least/
      : /^Not allowed: an exchange is at least 2 cards for 2/,
  );
  assert.doesNotMatch(await page.textContent(status), /illegal move|'(sell|exchange) /);
  assert.equal(hellos[hellos.length - 1].lang, "en");
  check();
});
