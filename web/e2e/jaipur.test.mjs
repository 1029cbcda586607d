// A whole Jaipur game against a bot, played by clicking; its scoring, the end of the
// game, the replay of it; and what the composer says of an illegal selection.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, startFromLobby, state, waitForState } from "./harness.mjs";
import { closeDialogs, playJaipurMove } from "./play.mjs";

const env = serverAndBrowser();

function pick(legal, random) {
  // Sales first, so that rounds end in a reasonable number of moves.
  const sells = legal.filter((m) => m.startsWith("sell"));
  const pool = sells.length && random(3) ? sells : legal;
  return pool[random(pool.length)];
}

test("a whole Jaipur game against the easy bot, by clicking, then its replay", { timeout: 600000 }, async () => {
  const { page, check } = await openPage(env.browser);
  const id = await startFromLobby(page, env.server.url, { game: "jaipur", mode: "bot", level: "easy" });
  let s = await waitForState(page, (m) => m.legal.length > 0 || m.over, "our first turn");
  await screenshot(page, "jaipur-start");
  // "Your turn" comes once the table has shown the bot's opening move (game.ts waits
  // for its animations to settle): waited for, not read at once.
  await page.waitForFunction(() => document.querySelector("[data-role=status]")?.textContent?.includes("Your turn"), null, {
    timeout: 10000,
  });

  const random = prng(7);
  let moves = 0;
  let roundShot = false;
  while (!s.over) {
    await closeDialogs(page);
    const move = pick(s.legal, random);
    const before = s.move_count;
    await playJaipurMove(page, move);
    moves++;
    s = await waitForState(page, (m) => m.move_count > before && (m.legal.length > 0 || m.over), `the answer to '${move}'`);
    if (!roundShot && (await page.locator("[data-role=round-summary]").isVisible())) {
      roundShot = true;
      await screenshot(page, "jaipur-round-scored");
    }
    assert.ok(moves < 400, "the game should end");
  }
  await page.waitForSelector("[data-role=summary]");
  await screenshot(page, "jaipur-over");
  const summary = await page.textContent("[data-role=summary]");
  assert.match(summary, /Game over/);
  assert.ok(await page.locator("[data-action=play-again]").isVisible());
  assert.equal(s.view.players.filter((p) => p.seals === 2).length, 1, "one player holds two seals");
  assert.ok((await page.locator("[data-role=log] li").count()) > 0, "the last moves are told in words");

  // The replay viewer steps through the same game.
  await page.goto(`${env.server.url}#/replay/${id}`);
  await page.waitForFunction(() => /Move 0 of \d+/.test(document.querySelector("[data-role=replay-step]")?.textContent ?? ""));
  for (let i = 0; i < 3; i++) await page.click("[data-action=next]");
  assert.match(await page.textContent("[data-role=replay-step]"), /Move 3 of/);
  assert.ok((await page.textContent("[data-role=replay-event]")).length > 0, "each step is told in words");
  await screenshot(page, "jaipur-replay-step3");
  await page.click("[data-action=last]");
  const last = await page.textContent("[data-role=replay-step]");
  const [, i, n] = /Move (\d+) of (\d+)/.exec(last);
  assert.equal(i, n);
  assert.equal(Number(n), (await state(page))?.move_count ?? Number(n));
  check();
});

test("the composer names the rule that forbids a selection", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser);
  await startFromLobby(page, env.server.url, { game: "jaipur", mode: "bot", level: "easy" });
  const s = await waitForState(page, (m) => m.legal.length > 0, "our turn");
  const hand = s.view.players[s.seat].hand;
  // Selling a single card of a good that needs two, or a market card and a hand card
  // at once: whichever this deal allows; both are refused by the engine with a reason.
  const precious = hand.find((g) => ["diamond", "gold", "silver"].includes(g));
  if (precious && hand.filter((g) => g === precious).length === 1) {
    await page.locator(`button[data-zone=hand][data-good=${precious}]`).first().click();
    await page.waitForFunction(() => /sell 2|2 cards|at least/i.test(document.querySelector("[data-role=composer-status]")?.textContent ?? ""));
  } else {
    const good = s.view.market.find((g) => g !== "camel" && !hand.includes(g)) ?? s.view.market[0];
    await page.locator(`button[data-zone=market][data-good=${good}]`).first().click();
    await page.locator("button[data-zone=hand]").first().click();
  }
  assert.ok(await page.locator("button[data-action=confirm]").isDisabled(), "an illegal move cannot be confirmed");
  await screenshot(page, "jaipur-illegal-selection");
  await page.click("button[data-action=clear]");

  // The hint: the medium bot's choice from this seat's view, marked on the table.
  await page.click("button[data-action=hint]");
  await page.waitForFunction(() => /Suggested/.test(document.querySelector("[data-role=hint]")?.textContent ?? ""), null, {
    timeout: 30000,
  });
  assert.ok((await page.locator(".jp-hinted").count()) > 0, "the hinted move's cards are marked");
  await screenshot(page, "jaipur-hint");
  check();
});

test("a move sent while its preview is still on its way leaves no error behind", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser);
  // Hot-seat: after the move the other seat is to move for as long as this test likes.
  await startFromLobby(page, env.server.url, { game: "jaipur", mode: "hotseat" });
  await page.click("[data-action=reveal]");
  const s = await waitForState(page, (m) => m.legal.length > 0, "the first turn");
  // The network is slow for previews: each is held in the browser until the move has
  // gone, so that it reaches the server after the move and would be refused as out of
  // turn (a 409 in the console).
  const held = [];
  await page.route("**/preview", (route) => {
    held.push(route);
  });
  await playJaipurMove(page, s.legal.find((m) => m.startsWith("take")) ?? s.legal[0]);
  // The pass screen: the move is played and the other seat is to move.
  await page.waitForSelector("[data-role=pass]:not([hidden])");
  assert.ok(held.length > 0, "the composer asked for a preview");
  await page.unroute("**/preview");
  // Let the held requests go, as a slow network would in the end; any the page has
  // given up on are gone already.
  await Promise.all(held.map((r) => r.continue().catch(() => {})));
  await page.waitForTimeout(500);
  check();
});
