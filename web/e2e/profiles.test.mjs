// The profile, leaderboard and "my games" pages (issue 37), drawn from the server's
// answers as the ratings branch shapes them, given here as fixtures (the browser's
// requests for those routes are answered by the test): a name that looks like markup
// shows literally, a provisional rating with "?", the rating chart, the pager and the
// reader's own rank, links to replays and profiles; each page fits 1280×800 and
// 390×844 without sideways scrolling, in English and in French.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openPage, serverAndBrowser, shotDir } from "./harness.mjs";

const env = serverAndBrowser();
const ODD = "<b>x</b>";
const SCRIPTED = "<img src=x onerror=window.__pwned=1>";

const summary = (id, over, extra = {}) => ({
  id,
  game: "jaipur",
  players: 2,
  variant: "",
  rated: true,
  finished: over,
  abandoned: false,
  updated_at: "2026-11-20T18:30:00Z",
  seat: 0,
  seats: [
    { name: "Ann_Lee", account: "Ann_Lee", score: over ? 2 : null },
    { name: SCRIPTED, account: null, score: over ? 1 : null },
  ],
  result: over ? "win" : null,
  ...extra,
});

const history = Array.from({ length: 12 }, (_, i) => ({
  at: new Date(Date.UTC(2026, 10, 1 + i * 2, 18)).toISOString(),
  rating: 1500 + Math.round(60 * Math.sin(i / 2) + i * 8),
  deviation: 350 - i * 20,
  game: `g${i}`,
}));

const profile = {
  name: ODD,
  created_at: "2026-11-01T09:00:00Z",
  ratings: {
    jaipur: { rating: 1612.6, deviation: 80, volatility: 0.06, provisional: false, games: 12, wins: 8, losses: 3, draws: 1, history },
    "marrakech-2": { rating: 1500, deviation: 300, volatility: 0.06, provisional: true, games: 1, wins: 0, losses: 1, draws: 0, history: history.slice(0, 1) },
  },
  totals: { games: 15, wins: 8, losses: 6, draws: 1 },
  recent: [summary("finished1", true), summary("abandon1", false, { abandoned: true, result: null, rated: false })],
};

const leaderboard = {
  pool: "jaipur",
  page: 2,
  pages: 5,
  per_page: 50,
  entries: Array.from({ length: 50 }, (_, i) => ({
    rank: 51 + i,
    name: i === 6 ? "Ann_Lee" : i === 3 ? ODD : `Player_${51 + i}_with_a_long_name`.slice(0, 24),
    rating: 1700 - i * 3.3,
    deviation: 60,
    games: 40 - (i % 7),
  })),
  me: { rank: 57, rating: 1680.2, deviation: 60, games: 33 },
};

const me = { id: 7, name: "Ann_Lee", created_at: "2026-11-01T09:00:00Z", ratings: { jaipur: profile.ratings.jaipur } };
const myGames = { in_progress: [summary("inplay1", false)], finished: [summary("finished1", true), summary("finished2", true, { result: "loss", rated: false })] };

// The page's requests to the ratings branch's routes answered with the fixtures; a
// signed-in browser (its hint in localStorage, /api/me answered).
async function fixturePage(viewport, lang = "en") {
  const p = await openPage(env.browser, { viewport, lang });
  await p.context.addInitScript(() => localStorage.setItem("souk.account", "Ann_Lee"));
  const json = (body, status = 200) => ({ status, contentType: "application/json", body: JSON.stringify(body) });
  await p.context.route(/\/api\/players\//, (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split("/").pop());
    route.fulfill(name === ODD ? json(profile) : json({ error: "no such player", code: "no_such_player" }, 404));
  });
  await p.context.route(/\/api\/leaderboard\//, (route) => route.fulfill(json(leaderboard)));
  await p.context.route(/\/api\/me(\/games)?$/, (route) => route.fulfill(json(route.request().url().endsWith("/games") ? myGames : me)));
  return p;
}

async function windowShot(page, name) {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`) });
}

// Nothing wider than the window: no sideways scrolling.
async function assertFits(page, what) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll}px wide in a ${width}px window`);
}

test("a profile: the name as text, ratings with '?', the chart, totals and recent games", { timeout: 60000 }, async () => {
  const p = await fixturePage({ width: 1280, height: 800 });
  await p.page.goto(`${env.server.url}#/players/${encodeURIComponent(ODD)}`);
  await p.page.waitForSelector("[data-role=profile-name]");
  // The name shows literally: its text is the markup's characters, and no <b> was made.
  assert.equal(await p.page.textContent("[data-role=profile-name]"), ODD);
  assert.equal(await p.page.locator("[data-role=profile-name] b").count(), 0);
  assert.match(await p.page.title(), /^<b>x<\/b> · Souk$/);
  // A guest's name that is an <img>: text, never an element, never run.
  assert.ok((await p.page.textContent("[data-role=recent]")).includes(SCRIPTED));
  assert.equal(await p.page.locator("[data-role=recent] img").count(), 0);
  assert.equal(await p.page.evaluate(() => window.__pwned ?? null), null);

  assert.equal(await p.page.textContent("[data-pool=jaipur] [data-role=rating]"), "1613");
  assert.equal(await p.page.textContent("[data-pool=marrakech-2] [data-role=rating]"), "1500?");
  assert.equal(await p.page.textContent("[data-role=totals]"), "Games played: 15 · won: 8 · lost: 6 · drawn: 1");
  assert.match(await p.page.textContent("[data-role=member-since]"), /Member since 1 Nov 2026/);
  // The chart: an image with a title in words, a point per rated game, a line through them.
  const chart = p.page.locator("svg[data-role=rating-chart][data-pool=jaipur]");
  assert.equal(await chart.getAttribute("role"), "img");
  const titleId = await chart.getAttribute("aria-labelledby");
  assert.equal(await chart.locator(`title#${titleId}`).textContent(), `Rating in Jaipur: 1500 to ${history.at(-1).rating} over 12 rated games`);
  assert.equal(await chart.locator("circle.point").count(), 12);
  assert.equal(await chart.locator("polyline.line").count(), 1);
  assert.ok((await chart.locator("text.tick").count()) >= 4, "the axes are labelled");
  // Recent games lead to their replays, and the account's name to its profile.
  assert.equal(await p.page.getAttribute("[data-game=finished1] [data-action=replay]", "href"), "#/replay/finished1");
  assert.equal(await p.page.getAttribute("[data-game=finished1] [data-role=player-link]", "href"), "#/players/Ann_Lee");
  assert.equal(await p.page.textContent("[data-game=abandon1] [data-role=result]"), "Abandoned");
  await assertFits(p.page, "the profile at 1280×800");
  await windowShot(p.page, "profile-desktop");
  p.check();
});

test("an unknown player: a dead end in words", { timeout: 60000 }, async () => {
  const p = await fixturePage({ width: 1280, height: 800 }, "fr");
  await p.page.goto(`${env.server.url}#/players/nobody_here`);
  await p.page.waitForSelector("[data-role=dead-end]");
  assert.match(await p.page.textContent("[data-role=dead-end]"), /Aucun joueur ne porte ce nom\./);
  p.errors.splice(0, p.errors.length, ...p.errors.filter((e) => !/status of 404/.test(e)));
  p.check();
});

test("a leaderboard page: fifty rows, the reader's rank highlighted, a pager", { timeout: 60000 }, async () => {
  const p = await fixturePage({ width: 1280, height: 800 });
  await p.page.goto(`${env.server.url}#/leaderboard/jaipur/2`);
  await p.page.waitForSelector("[data-role=leaderboard]");
  assert.equal(await p.page.locator("[data-role=leaderboard] tbody tr").count(), 50);
  assert.equal(await p.page.textContent("[data-role=my-rank]"), "Your rank: 57 (1680)");
  const mine = p.page.locator("[data-role=leaderboard] tr.me");
  assert.equal(await mine.count(), 1);
  assert.match(await mine.textContent(), /^57Ann_Lee1680/);
  assert.equal(await mine.getAttribute("aria-current"), "true");
  // A name like markup, as text, linking to its profile.
  const odd = p.page.locator("[data-role=leaderboard] tbody tr").nth(3).locator("a");
  assert.equal(await odd.textContent(), ODD);
  assert.equal(await odd.getAttribute("href"), "#/players/%3Cb%3Ex%3C%2Fb%3E");
  assert.equal(await p.page.locator("[data-role=leaderboard] b").count(), 0);
  // The pager: previous, next, the current page marked, and page 2 of 5 in words.
  assert.equal(await p.page.getAttribute("[data-role=pager] a[rel=prev]", "href"), "#/leaderboard/jaipur");
  assert.equal(await p.page.getAttribute("[data-role=pager] a[rel=next]", "href"), "#/leaderboard/jaipur/3");
  assert.equal(await p.page.textContent("[data-role=pager] [aria-current=page]"), "2");
  assert.match(await p.page.textContent("[data-role=pager]"), /Page 2 of 5/);
  await assertFits(p.page, "the leaderboard at 1280×800");
  // The pools' tabs, the current one marked; #/leaderboard alone is the first pool's.
  assert.equal(await p.page.textContent(".pool-tabs [aria-current=page]"), "Jaipur");
  assert.equal(await p.page.locator(".pool-tabs a").count(), 3);
  const asked = [];
  p.page.on("request", (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));
  await p.page.goto(`${env.server.url}#/leaderboard`);
  await p.page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Leaderboard: Jaipur");
  assert.ok(asked.includes("/api/leaderboard/jaipur?page=1"), `asked ${asked}`);
  await windowShot(p.page, "leaderboard-desktop");
  p.check();
});

test("my games: in progress to open, finished to replay", { timeout: 60000 }, async () => {
  const p = await fixturePage({ width: 1280, height: 800 });
  await p.page.goto(`${env.server.url}#/my-games`);
  await p.page.waitForSelector("[data-role=in-progress]");
  assert.equal(await p.page.getAttribute("[data-role=in-progress] [data-game=inplay1] [data-action=open]", "href"), "#/game/inplay1");
  assert.equal(await p.page.locator("[data-role=finished] li").count(), 2);
  assert.equal(await p.page.getAttribute("[data-role=finished] [data-game=finished2] [data-action=replay]", "href"), "#/replay/finished2");
  assert.equal(await p.page.textContent("[data-role=finished] [data-game=finished2] [data-role=result]"), "Lost");
  assert.equal(await p.page.locator("[data-role=finished] [data-game=finished1] [data-role=rated]").count(), 1);
  assert.equal(await p.page.locator("[data-role=finished] [data-game=finished2] [data-role=rated]").count(), 0);
  // The top bar names the account, its menu leads to the pages.
  assert.equal(await p.page.textContent("[data-role=account-name]"), "Ann_Lee");
  p.check();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }])
  for (const lang of ["en", "fr"])
    test(`at ${viewport.width}×${viewport.height} in ${lang}, the new pages fit the window's width`, { timeout: 90000 }, async () => {
      const p = await fixturePage(viewport, lang);
      const pages = {
        profile: `#/players/${encodeURIComponent(ODD)}`,
        leaderboard: "#/leaderboard/jaipur/2",
        mygames: "#/my-games",
        account: "#/signin",
      };
      for (const [name, hash] of Object.entries(pages)) {
        await p.page.goto(`${env.server.url}${hash}`);
        await p.page.waitForSelector("main h1");
        await assertFits(p.page, `${name} at ${viewport.width}×${viewport.height}`);
        await windowShot(p.page, `${name}-${viewport.width}-${lang}`);
      }
      // The account menu, opened, lies within the window.
      await p.page.click("[data-role=account-name]");
      const box = await p.page.locator(".account-menu ul").boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `the menu ${JSON.stringify(box)} within ${viewport.width}px`);
      // The top bar stays one or two rows on a phone: the game's table needs the height.
      const bar = await p.page.locator("nav.topbar").boundingBox();
      assert.ok(bar.height <= (viewport.width < 600 ? 80 : 60), `the top bar is ${bar.height}px tall`);
      await windowShot(p.page, `account-menu-${viewport.width}-${lang}`);
      // It closes on Escape, and on a click elsewhere.
      await p.page.keyboard.press("Escape");
      assert.ok(await p.page.locator(".account-menu ul").isHidden(), "Escape closes the menu");
      await p.page.click("[data-role=account-name]");
      assert.ok(await p.page.locator(".account-menu ul").isVisible());
      await p.page.mouse.click(10, viewport.height - 10); // the page's foot, away from the menu
      assert.ok(await p.page.locator(".account-menu ul").isHidden(), "a click elsewhere closes the menu");
      p.check();
    });
