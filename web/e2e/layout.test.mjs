// The Jaipur table's layout (issue 23, "Layout"): at 1280×800 and at 390×844 the
// Confirm button and a rule's words are on screen without scrolling, and on a phone
// the action bar sticks to the bottom of the window; selecting or clearing a card
// neither resizes nor shifts the table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openPage, serverAndBrowser, shotDir, startFromLobby, waitForState } from "./harness.mjs";

const env = serverAndBrowser();
const sizes = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

// A screenshot of the window as the player sees it (not the whole page).
async function windowShot(page, name) {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`) });
}

async function assertOnScreen(page, selector, what) {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, `${what} is drawn`);
  const { width, height } = page.viewportSize();
  assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height, `${what} lies within the ${width}×${height} window: ${JSON.stringify(box)}`);
}

async function ourTurn(page) {
  await startFromLobby(page, env.server.url, { game: "jaipur", mode: "bot", level: "easy" });
  return waitForState(page, (m) => m.legal.length > 0, "our turn");
}

const confirmEnabled = () => {
  const b = document.querySelector("button[data-action=confirm]");
  return b && !b.disabled;
};

for (const { name, viewport } of sizes) {
  test(`at ${viewport.width}×${viewport.height} Confirm and a rule's words are on screen without scrolling`, { timeout: 120000 }, async () => {
    const { page, check } = await openPage(env.browser, { viewport });
    const s = await ourTurn(page);
    await page.evaluate(() => window.scrollTo(0, 0));

    // A legal move: the market's first good (or its camels), then Confirm is on screen.
    const good = s.view.market.find((g) => g !== "camel") ?? "camel";
    await page.locator(`button[data-zone=market][data-good=${good}]`).first().click();
    await page.waitForFunction(confirmEnabled);
    await page.evaluate(() => window.scrollTo(0, 0)); // as the page opens: not scrolled
    await assertOnScreen(page, "button[data-action=confirm]", "Confirm");
    await assertOnScreen(page, "[data-role=composer-status]", "what the move yields");
    if (name === "desktop") await assertOnScreen(page, "[data-role=table] .jp-table", "the whole table");
    await windowShot(page, `jaipur-layout-${name}-selected`);

    // An illegal move: one market good for one hand card (an exchange takes two or
    // more); the engine's rule shows in the action bar, on screen.
    await page.click("button[data-action=clear]");
    if (good !== "camel") {
      await page.locator(`button[data-zone=market][data-good=${good}]`).first().click();
      await page.locator("button[data-zone=hand]").first().click();
    } else {
      // Only camels in the market: selling one card of a precious good, or a hand
      // card with the camels, is refused instead.
      await page.locator("button[data-zone=hand]").first().click();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    if (good !== "camel") await page.waitForSelector("[data-role=composer-status].jp-status-error");
    else await page.waitForFunction(() => !/…|\.\.\./.test(document.querySelector("[data-role=composer-status]")?.textContent ?? ""));
    assert.ok(await page.locator("button[data-action=confirm]").isDisabled(), "an illegal move cannot be confirmed");
    await assertOnScreen(page, "[data-role=composer-status]", "the rule's words");
    await assertOnScreen(page, "button[data-action=confirm]", "Confirm");
    await windowShot(page, `jaipur-layout-${name}-illegal`);

    if (name === "phone") {
      // The action bar sticks to the bottom of the window wherever the table is scrolled.
      const bar = page.locator("[data-role=composer]");
      assert.equal(await bar.evaluate((e) => getComputedStyle(e).position), "sticky");
      await page.locator("[data-role=market]").scrollIntoViewIfNeeded();
      await assertOnScreen(page, "button[data-action=confirm]", "Confirm beside the market");
      await page.locator(".jp-me").scrollIntoViewIfNeeded();
      await assertOnScreen(page, "button[data-action=confirm]", "Confirm beside the hand");
      await windowShot(page, "jaipur-layout-phone-hand");
    }
    check();
  });
}

// The table's box and the action bar's parts, rounded to a tenth of a pixel.
function boxes(page) {
  return page.evaluate(() => {
    const r = (sel) => {
      const e = document.querySelector(sel);
      if (!e) return null;
      const b = e.getBoundingClientRect();
      return [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 10) / 10);
    };
    return {
      table: r("[data-role=table] .jp-table"),
      status: r("[data-role=composer-status]"),
      confirm: r("button[data-action=confirm]"),
      market: r("[data-role=market]"),
      hand: r(".jp-me"),
    };
  });
}

// Waits until the engine has answered about the selection (no "Asking the engine…").
async function settled(page) {
  await page.waitForFunction(() => !/…/.test(document.querySelector("[data-role=composer-status]")?.textContent ?? "…"));
}

for (const { name, viewport } of sizes) {
  test(`at ${viewport.width}×${viewport.height} selecting or clearing a card neither resizes nor shifts the table`, { timeout: 120000 }, async () => {
    const { page, check } = await openPage(env.browser, { viewport });
    const s = await ourTurn(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    const before = await boxes(page);
    assert.ok(before.table && before.status && before.confirm, "the table and its action bar are drawn");
    const same = async (what) => {
      await settled(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.deepEqual(await boxes(page), before, `${what}: the table and its action bar keep their place and size`);
    };

    // A take (the market's first good), a sale's start (a hand card), an illegal
    // exchange (one for one, with the rule's words), then clearing each time.
    const good = s.view.market.find((g) => g !== "camel") ?? "camel";
    await page.locator(`button[data-zone=market][data-good=${good}]`).first().click();
    await same(`selecting the market's ${good}`);
    await windowShot(page, `jaipur-steady-${name}-selected`);
    await page.click("button[data-action=clear]");
    await same("clearing it");

    await page.locator("button[data-zone=hand]").first().click();
    await same("selecting a hand card");
    if (good !== "camel") {
      await page.locator(`button[data-zone=market][data-good=${good}]`).first().click();
      await page.waitForSelector("[data-role=composer-status].jp-status-error");
      await same("an illegal exchange and its rule");
      await windowShot(page, `jaipur-steady-${name}-illegal`);
    }
    await page.click("button[data-action=clear]");
    await same("clearing the selection");
    check();
  });
}

// The box of an element, or null.
const boxOf = (page, selector) =>
  page.evaluate((sel) => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const b = e.getBoundingClientRect();
    return { x: b.x, y: b.y, width: b.width, height: b.height, bottom: b.bottom, right: b.right };
  }, selector);

test("at 390×844 the market, your hand and the action bar are on screen together, without scrolling", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
  await ourTurn(page);
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await assertOnScreen(page, "[data-role=market]", "the market");
  await assertOnScreen(page, ".jp-me", "your hand and herd");
  await assertOnScreen(page, "[data-role=composer]", "the action bar");
  await assertOnScreen(page, ".jp-opp", "the opponent's side");
  const table = await boxOf(page, "[data-role=table] .jp-table");
  assert.ok(table.height <= 700, `the table is at most 700 px tall on a phone: ${table.height}`);
  await windowShot(page, "jaipur-phone-one-screen");
  check();
});

test("on a phone the hint and the log open as a drawer that leaves the market in view", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
  await ourTurn(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.equal(await page.locator(".side").isVisible(), false, "the drawer starts closed");
  const market = await boxOf(page, "[data-role=market]");
  const toggle = page.locator("button[data-action=drawer]");
  await assertOnScreen(page, "button[data-action=drawer]", "the drawer's button");
  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  await assertOnScreen(page, ".side", "the open drawer");
  assert.equal(await page.locator(".side [data-role=log]").count(), 1, "the log is in it");
  assert.ok(await page.locator(".side [data-action=hint]").isVisible(), "and the hint");
  const drawer = await boxOf(page, ".side");
  assert.deepEqual(await boxOf(page, "[data-role=market]"), market, "the table did not move");
  assert.ok(drawer.y >= market.bottom, `the market stays uncovered: drawer at ${drawer.y}, market's bottom ${market.bottom}`);
  await windowShot(page, "jaipur-phone-drawer");
  await toggle.click();
  assert.equal(await page.locator(".side").isVisible(), false, "and closes again");
  check();
});

test("at 1280×800 the hint and the log sit beside the table", { timeout: 120000 }, async () => {
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  await ourTurn(page);
  assert.equal(await page.locator("button[data-action=drawer]").isVisible(), false, "no drawer on a wide window");
  await assertOnScreen(page, ".side", "the side column");
  const side = await boxOf(page, ".side");
  const table = await boxOf(page, "[data-role=table] .jp-table");
  assert.ok(side.x >= table.right, "beside the table, not below it");
  check();
});

// A finished two-player Marrakech game, played through the API (the first legal move
// each time), for its replay.
async function finishedMarrakech(url) {
  const post = (path, body, token) =>
    fetch(new URL(path, url), {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const created = await (await post("api/games", { game: "marrakech", seats: [{ player: "human", name: "Tester" }, { player: "easy" }], creator_seat: 0 })).json();
  const get = async () => (await fetch(new URL(`api/games/${created.game_id}`, url), { headers: { authorization: `Bearer ${created.token}` } })).json();
  let s = await get();
  for (let i = 0; i < 2000 && !s.over; i++) {
    if (s.legal.length === 0) {
      await new Promise((r) => setTimeout(r, 50));
      s = await get();
      continue;
    }
    const reply = await post(`api/games/${created.game_id}/moves`, { move: s.legal[0] }, created.token);
    if (reply.status === 429) await new Promise((r) => setTimeout(r, 1000));
    s = reply.ok ? await reply.json() : await get();
  }
  assert.ok(s.over, "the game ended");
  return created.game_id;
}

for (const { name, viewport } of sizes) {
  test(`at ${viewport.width}×${viewport.height} the Marrakech board is as large in play as in a replay, and as the window allows`, { timeout: 180000 }, async () => {
    const { page, check } = await openPage(env.browser, { viewport });
    await startFromLobby(page, env.server.url, { game: "marrakech", mode: "bot", level: "easy", players: "2" });
    await waitForState(page, (m) => m.legal.length > 0, "our turn");
    const inPlay = await boxOf(page, ".mk-board");
    await windowShot(page, `marrakech-board-${name}-play`);

    const id = await finishedMarrakech(env.server.url);
    await page.goto(`${env.server.url}#/replay/${id}`);
    await page.waitForSelector(".mk-board");
    await page.click("[data-action=last]");
    const inReplay = await boxOf(page, ".mk-board");
    await windowShot(page, `marrakech-board-${name}-replay`);
    assert.equal(Math.round(inReplay.width), Math.round(inPlay.width), "the same width in play and in the replay");
    assert.equal(Math.round(inReplay.height), Math.round(inPlay.height), "and the same height");

    if (name === "phone") {
      assert.ok(inPlay.width >= viewport.width - 40, `the whole width of a phone: ${inPlay.width}`);
    } else {
      // As tall as the window allows below the page's head, within it.
      assert.ok(inPlay.bottom <= viewport.height, `the board ends within the window: ${inPlay.bottom}`);
      assert.ok(inPlay.height >= 0.7 * viewport.height, `and fills most of its height: ${inPlay.height}`);
    }
    check();
  });
}

// Signed in (issue 37): the account's name in the top bar, however long, leaves the
// Jaipur table and Confirm on screen; the sign-in and account pages scroll no sideways.
for (const { name, viewport } of sizes) {
  test(`at ${viewport.width}×${viewport.height} signed in with a long name, Confirm is on screen and the account pages fit`, { timeout: 120000 }, async () => {
    const { page, check } = await openPage(env.browser, { viewport });
    const fits = async (what) => {
      const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      assert.ok(scroll <= width, `${what}: ${scroll}px wide in a ${width}px window`);
    };
    await page.goto(`${env.server.url}#/signin`);
    await page.waitForSelector("[data-role=signup]");
    await fits("the sign-in page");
    await page.fill("[data-role=signup] input[name=name]", `W${name}_wwwwwwwwwwwwwwwwwwwwww`.slice(0, 24));
    await page.fill("[data-role=signup] input[name=password]", "correct horse");
    await page.click("[data-action=signup]");
    await page.waitForSelector("[data-role=sessions] li");
    await fits("the account page");
    await windowShot(page, `account-layout-${name}`);

    const s = await ourTurn(page);
    assert.ok(await page.locator("[data-role=account-name]").isVisible(), "the account's name in the top bar");
    await page.evaluate(() => window.scrollTo(0, 0));
    const good = s.view.market.find((g) => g !== "camel") ?? "camel";
    await page.locator(`button[data-zone=market][data-good=${good}]`).first().click();
    await page.waitForFunction(confirmEnabled);
    await page.evaluate(() => window.scrollTo(0, 0));
    await assertOnScreen(page, "button[data-action=confirm]", "Confirm, signed in");
    await assertOnScreen(page, "[data-role=composer-status]", "what the move yields, signed in");
    if (name === "desktop") await assertOnScreen(page, "[data-role=table] .jp-table", "the whole table, signed in");
    await windowShot(page, `jaipur-layout-${name}-signed-in`);
    check();
  });
}
