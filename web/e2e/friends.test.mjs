// Two people in two browsers: an invite link, a few moves each, a spectator who sees
// no hand, and the rules pages in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, screenshot, serverAndBrowser, startFromLobby, waitForState } from "./harness.mjs";
import { playJaipurMove } from "./play.mjs";

const env = serverAndBrowser();

test("an invite game between two browsers, with a spectator", { timeout: 180000 }, async () => {
  const ann = await openPage(env.browser);
  const bob = await openPage(env.browser);
  const eve = await openPage(env.browser);
  const id = await startFromLobby(ann.page, env.server.url, { game: "jaipur", mode: "friend" }, "Ann");
  await ann.page.waitForSelector("[data-role=invite-url]");
  const invite = await ann.page.inputValue("[data-role=invite-url]");
  assert.match(invite, new RegExp(`#/join/${id}/[0-9a-f]{32}$`));
  await screenshot(ann.page, "invite-waiting");

  await bob.page.goto(invite);
  await bob.page.fill("input[name=name]", "Bob");
  await bob.page.click("[data-action=join]");
  await waitForState(bob.page, (m) => m.seat === 1, "Bob's seat");
  await eve.page.goto(`${env.server.url}#/watch/${id}`);
  await waitForState(eve.page, (m) => m.seat === null, "the spectator's view");

  const players = [ann.page, bob.page];
  for (let turn = 0; turn < 6; turn++) {
    const shared = await waitForState(eve.page, (m) => m.move_count === turn && m.to_move !== null, `turn ${turn}`);
    const page = players[shared.to_move];
    const s = await waitForState(page, (m) => m.legal.length > 0 && m.move_count === turn, `turn ${turn}`);
    const move = s.legal.find((m) => m.startsWith("take")) ?? s.legal[0];
    await playJaipurMove(page, move);
    await waitForState(eve.page, (m) => m.move_count === turn + 1, `the spectator seeing move ${turn + 1}`);
  }
  const annState = await waitForState(ann.page, (m) => m.move_count === 6, "Ann after six moves");
  assert.match(await ann.page.textContent("[data-role=log]"), /Bob (takes|exchanges|sells)/);
  await screenshot(ann.page, "invite-ann");
  await screenshot(bob.page, "invite-bob");
  await screenshot(eve.page, "spectator");

  // The spectator's page holds no hand: no card of the hand zone, and the view
  // it rendered has none.
  const seen = await waitForState(eve.page, (m) => m.move_count === 6, "the spectator");
  assert.equal(seen.view.viewer, null);
  for (const p of seen.view.players) assert.equal(p.hand, undefined);
  assert.equal(await eve.page.locator("button[data-zone=hand]").count(), 0);
  // Bob's page never holds Ann's hand.
  const bobState = await waitForState(bob.page, (m) => m.move_count === 6, "Bob");
  assert.equal(bobState.view.players[0].hand, undefined);
  assert.ok(Array.isArray(annState.view.players[0].hand));
  for (const x of [ann, bob, eve]) x.check();
});

test("the rules pages, in English and in French", { timeout: 60000 }, async () => {
  const { page, check } = await openPage(env.browser);
  for (const game of ["jaipur", "marrakech"]) {
    await page.goto(`${env.server.url}#/rules/${game}`);
    await page.waitForSelector(".rules h1, .rules h2");
    await screenshot(page, `rules-${game}-en`);
    await page.click("[data-action=lang]");
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await page.waitForSelector(".rules");
    assert.match(await page.textContent(".rules"), game === "jaipur" ? /chameau/i : /tapis/i);
    await screenshot(page, `rules-${game}-fr`);
    await page.click("[data-action=lang]");
  }
  check();
});
