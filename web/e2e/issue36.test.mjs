// What a demanding player still met (issue 36): the words (point 4) and the dead ends
// (point 5).
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, startFromLobby } from "./harness.mjs";
import { api, heldSeat, playUntil } from "./play.mjs";

const env = serverAndBrowser();

test("words: the French rules pages use the typographic apostrophe", { timeout: 60000 }, async () => {
  const { page, check } = await openPage(env.browser, { lang: "fr" });
  for (const game of ["jaipur", "marrakech"]) {
    await page.goto(`${env.server.url}#/rules/${game}`);
    await page.waitForSelector("main h1");
    const text = await page.textContent("main");
    assert.ok(text.includes("’"), `${game}: typographic apostrophes`);
    assert.equal(text.match(/\p{L}'\p{L}/gu), null, `${game}: no straight apostrophe between letters`);
  }
  await screenshot(page, "issue36-rules-fr");
  check();
});

test("words: a Marrakech replay tells your own turns and tributes to you as yours, its end in French", { timeout: 300000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  const url = env.server.url;
  const id = await startFromLobby(page, url, { game: "marrakech", mode: "bot", level: "easy", players: "2" });
  await page.waitForSelector("[data-role=log]");
  const held = await heldSeat(page, id);
  await playUntil(url, id, held, prng(4), () => false);
  const history = await api(url, `/api/games/${id}/history`, held.token);
  const toMe = history.events.filter((e) => e.action === "roll" && e.tribute?.to === held.seat && e.tribute.amount > 0).length;

  await page.goto(`${url}#/replay/${id}`);
  await page.waitForFunction(() => /Move 0 of \d+/.test(document.querySelector("[data-role=replay-step]")?.textContent ?? ""));
  const n = Number(/of (\d+)/.exec(await page.textContent("[data-role=replay-step]"))[1]);
  const said = [];
  for (let i = 0; i <= n; i++) {
    await page.evaluate((k) => {
      const slider = document.querySelector("[data-role=replay-slider]");
      slider.value = String(k);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    }, i);
    said.push(`${await page.textContent("[data-role=replay-event]")} | ${await page.textContent(".mk-status")}`);
  }
  const all = said.join("\n");
  assert.doesNotMatch(all, /You (turns|rolls|places|pays)\b/, "no third person for you");
  assert.doesNotMatch(all, /to You\b/, "no 'to You'");
  assert.match(all, /You turn Assam\./);
  if (toMe > 0) assert.match(all, /pays you \d+ dirham/);
  await screenshot(page, "issue36-replay-words");

  // The replay's end in French: a non-breaking space before the colon.
  const fr = await openPage(env.browser, { lang: "fr", viewport: { width: 1280, height: 800 } });
  await fr.page.goto(`${url}#/replay/${id}`);
  await fr.page.waitForSelector("[data-role=replay-step]");
  await fr.page.waitForFunction(() => /\d/.test(document.querySelector("[data-role=replay-step]")?.textContent ?? ""));
  await fr.page.click("[data-action=last]");
  assert.match(await fr.page.textContent("[data-role=replay-event]"), /Scores finaux\u00a0: /);
  await screenshot(fr.page, "issue36-replay-end-fr");
  fr.check();
  check();
});

test("words: the opponent's cards revealed at the end are theirs to a screen reader", { timeout: 300000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  const url = env.server.url;
  const id = await startFromLobby(page, url, { game: "jaipur", mode: "bot", level: "easy" });
  await page.waitForSelector("[data-role=log]");
  const held = await heldSeat(page, id);
  await playUntil(url, id, held, prng(9), () => false);
  await page.reload();
  await page.waitForSelector("[data-role=summary]");
  await page.click("[data-action=close-summary]");
  const labels = await page.locator(".jp-opp [data-role=hand] [data-good]").evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label")));
  for (const label of labels) {
    assert.doesNotMatch(label, /your hand/);
    assert.match(label, /in .+'s hand/);
  }
  await screenshot(page, "issue36-revealed-hand");
  check();
});

test("dead ends: an unknown game, in French, says so once, in French, without badge or log", { timeout: 60000 }, async () => {
  const { page, check } = await openPage(env.browser, { lang: "fr" });
  await page.goto(`${env.server.url}#/game/doesnotexist1`);
  await page.waitForSelector("[data-role=dead-end]");
  await page.waitForTimeout(300);
  const text = await page.textContent("main");
  assert.match(text, /Cette partie n’existe pas/);
  assert.doesNotMatch(text, /Refus|no game|doesnotexist/);
  assert.equal(await page.locator("[data-role=link]").isVisible(), false, "no connection badge");
  assert.equal(await page.locator("[data-role=log]").isVisible(), false, "no empty log");
  assert.ok(await page.locator("[data-role=dead-end] [data-action=home]").isVisible());
  await screenshot(page, "issue36-unknown-game-fr");
  // The console's error for the refused connection is expected here.
  void check;
});

test("dead ends: an unknown route says so, with the way home", { timeout: 60000 }, async () => {
  const { page, check } = await openPage(env.browser);
  await page.goto(`${env.server.url}#/nowhere/at/all`);
  await page.waitForSelector("[data-role=dead-end]");
  assert.match(await page.textContent("[data-role=dead-end]"), /There is no such page/);
  assert.equal(await page.locator("[data-role=new-game]").count(), 0, "not the lobby");
  await page.click("[data-role=dead-end] [data-action=home]");
  await page.waitForSelector("[data-role=new-game]");
  await screenshot(page, "issue36-unknown-route");
  check();
});

test("returning players: the invite link first while waiting, your games first on a phone", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  await startFromLobby(page, env.server.url, { game: "jaipur", mode: "friend" });
  await page.waitForSelector("[data-role=links] input");
  const link = await page.locator("[data-role=links]").boundingBox();
  const table = await page.locator("[data-role=table]").boundingBox();
  assert.ok(link.y < table.y, "the invite link is above the table");
  assert.ok(link.y + link.height <= 800, `the invite link is on the first screen (bottom ${link.y + link.height})`);
  await screenshot(page, "issue36-invite-first");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.server.url);
  await page.waitForSelector("[data-role=your-games] li[data-game]");
  await page.waitForSelector("[data-role=new-game]");
  const yours = await page.locator("[data-role=your-games]").boundingBox();
  const form = await page.locator("[data-role=new-game]").boundingBox();
  assert.ok(yours.y < form.y, "your games come before the new game's form");
  await screenshot(page, "issue36-phone-lobby");
  check();
});

test("replays fit 1280×800: your Jaipur hand and the whole Marrakech board", { timeout: 300000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  const url = env.server.url;
  for (const [game, extra, bottom] of [
    ["jaipur", {}, ".jp-me"],
    ["marrakech", { players: "3" }, ".mk-board"],
  ]) {
    const id = await startFromLobby(page, url, { game, mode: "bot", level: "easy", ...extra });
    await page.waitForSelector("[data-role=log]");
    const held = await heldSeat(page, id);
    await playUntil(url, id, held, prng(11), () => false);
    await page.goto(`${url}#/replay/${id}`);
    await page.waitForSelector(bottom);
    await page.click("[data-action=next]");
    await page.waitForTimeout(300);
    const box = await page.locator(bottom).first().boundingBox();
    const scrollY = await page.evaluate(() => window.scrollY);
    assert.ok(box.y + scrollY + box.height <= 800, `${game}: ${bottom} ends at ${box.y + scrollY + box.height}, below 800`);
    await screenshot(page, `issue36-replay-fit-${game}`);
  }
  check();
});
