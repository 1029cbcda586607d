// A rated game from sign-up to the leaderboards (issue 37). NEEDS THE RATINGS BACKEND:
// it runs once the server has rated games, profiles and "my games" (POST /api/games
// with "rated", GET /api/players/NAME, GET /api/me/games); against a server without
// them it fails at its first rated step.
//
// Two players sign up in two browsers; one creates a rated Jaipur game and invites the
// other; they play it to the end (a few moves by clicking, the rest through the API,
// each page following on its WebSocket); both profiles show the game and the new
// ratings; the winner logs in from a third browser and finds it in "my games".
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, waitForState } from "./harness.mjs";
import { api, heldSeat, playJaipurMove, playToTheEnd, signUp } from "./play.mjs";

const env = serverAndBrowser();
const PASSWORD = "correct horse"; // signUp's

test("a rated Jaipur game between two accounts: profiles, ratings and my games", { timeout: 300000 }, async () => {
  const url = env.server.url;
  const ann = await openPage(env.browser);
  const bob = await openPage(env.browser);
  await signUp(ann.page, url, "Ann_Lee");
  await signUp(bob.page, url, "Bob_Ray");

  // Ann's lobby: Rated is open against a friend, closed against bots.
  await ann.page.goto(url);
  await ann.page.waitForSelector("[data-role=new-game]");
  await ann.page.locator("input[name=game][value=jaipur]").check({ force: true });
  await ann.page.locator("input[name=mode][value=bot]").check({ force: true });
  assert.ok(await ann.page.locator("input[name=rated]").isDisabled());
  await ann.page.locator("input[name=mode][value=friend]").check({ force: true });
  assert.ok(await ann.page.locator("input[name=rated]").isEnabled());
  await ann.page.locator("input[name=rated]").check();
  await ann.page.click("[data-action=start]");
  await ann.page.waitForFunction(() => location.hash.startsWith("#/game/"));
  const id = await ann.page.evaluate(() => location.hash.split("/")[2]);
  const created = await waitForState(ann.page, (m) => m.seats.length === 2, "the new game");
  assert.equal(created.rated, true);
  assert.equal(created.seats[0].account, "Ann_Lee");
  assert.ok(await ann.page.locator("[data-role=rated]").isVisible(), "the game page says it is rated");

  // Bob takes the seat as his account.
  await ann.page.waitForSelector("[data-role=invite-url]");
  const invite = await ann.page.inputValue("[data-role=invite-url]");
  await bob.page.goto(invite);
  await bob.page.waitForSelector("[data-role=join] [data-role=rated]");
  assert.match(await bob.page.textContent("[data-role=join] [data-role=rated]"), /You play as Bob_Ray/);
  await bob.page.click("[data-action=join]");
  const joined = await waitForState(bob.page, (m) => m.seat === 1 && m.seats.every((s) => s.joined), "Bob's seat");
  assert.deepEqual(joined.seats.map((s) => s.account), ["Ann_Lee", "Bob_Ray"]);
  await screenshot(bob.page, "rated-bob");
  // Each account's name leads to its profile from the game page.
  await ann.page.waitForFunction(() => document.querySelectorAll("[data-role=profile-links] a").length === 2);
  assert.deepEqual(await ann.page.locator("[data-role=profile-links] a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))), [
    "#/players/Ann_Lee",
    "#/players/Bob_Ray",
  ]);

  // Two moves by clicking, then the rest through the API.
  const pages = [ann.page, bob.page];
  for (let turn = 0; turn < 2; turn++) {
    const s = await waitForState(ann.page, (m) => m.move_count === turn && m.to_move !== null, `turn ${turn}`);
    const page = pages[s.to_move];
    const mine = await waitForState(page, (m) => m.legal.length > 0 && m.move_count === turn, `turn ${turn}`);
    await playJaipurMove(page, mine.legal.find((m) => m.startsWith("take")) ?? mine.legal[0]);
  }
  await waitForState(ann.page, (m) => m.move_count === 2, "two moves");
  const seats = [await heldSeat(ann.page, id), await heldSeat(bob.page, id)];
  const end = await playToTheEnd(url, id, seats, prng(37));
  assert.equal(end.winners.length, 1, "Jaipur has one winner");
  const names = ["Ann_Lee", "Bob_Ray"];
  const winner = names[end.winners[0]];
  const loser = names[1 - end.winners[0]];
  await waitForState(ann.page, (m) => m.over, "the end on Ann's page");

  // Both profiles: the game among the recent ones, with its replay, and a Jaipur rating
  // moved from 1500, the winner's up and the loser's down.
  const shown = {};
  for (const [page, name] of [[ann.page, winner], [bob.page, loser]]) {
    await page.goto(`${url}#/players/${name}`);
    await page.waitForSelector(`[data-role=recent] [data-game="${id}"]`);
    assert.equal(await page.getAttribute(`[data-role=recent] [data-game="${id}"] [data-action=replay]`, "href"), `#/replay/${id}`);
    assert.equal(await page.locator(`[data-role=recent] [data-game="${id}"] [data-role=rated]`).count(), 1);
    const text = await page.textContent("[data-pool=jaipur] [data-role=rating]");
    assert.match(text, /^\d+\??$/, `${name}'s rating as shown`);
    shown[name] = Number(text.replace("?", ""));
    assert.equal(await page.locator("svg[data-pool=jaipur] circle.point").count(), 1, "one rated game: one point on the chart");
    assert.match(await page.textContent("[data-role=totals]"), /Games played: 1 /);
    await screenshot(page, `rated-profile-${name}`);
  }
  assert.ok(shown[winner] > 1500 && shown[loser] < 1500, `ratings after the game: ${JSON.stringify(shown)}`);
  // The profile's numbers are the server's.
  const served = await api(url, `/api/players/${winner}`);
  assert.equal(shown[winner], Math.round(served.ratings.jaipur.rating));

  // The winner logs in from a third browser: the game is in "my games", to replay.
  const third = await openPage(env.browser);
  await third.page.goto(`${url}#/signin`);
  await third.page.fill("[data-role=login] input[name=name]", winner);
  await third.page.fill("[data-role=login] input[name=password]", PASSWORD);
  await third.page.click("[data-action=login]");
  await third.page.waitForSelector("[data-role=account-name]");
  await third.page.click("[data-role=account-name]");
  await third.page.click("[data-role=menu-games]");
  await third.page.waitForSelector(`[data-role=finished] [data-game="${id}"]`);
  assert.equal(await third.page.textContent(`[data-role=finished] [data-game="${id}"] [data-role=result]`), "Won");
  assert.equal(await third.page.getAttribute(`[data-role=finished] [data-game="${id}"] [data-action=replay]`, "href"), `#/replay/${id}`);
  // And the leaderboard shows the winner's own rank as the server gives it (the
  // server may leave provisional ratings off the board), highlighted when listed.
  await third.page.goto(`${url}#/leaderboard/jaipur`);
  await third.page.waitForSelector("[data-role=my-rank]");
  const board = await third.page.evaluate(() => fetch("/api/leaderboard/jaipur?page=1").then((r) => r.json()));
  if (board.me) {
    assert.equal(await third.page.textContent("[data-role=my-rank]"), `Your rank: ${board.me.rank} (${Math.round(board.me.rating)})`);
    if (board.entries.some((e) => e.name === winner))
      assert.match(await third.page.textContent("[data-role=leaderboard] tr.me"), new RegExp(`^${board.me.rank}${winner}`));
  } else assert.equal(await third.page.textContent("[data-role=my-rank]"), "You have no rating in this pool yet.");
  await screenshot(third.page, "rated-my-games");
  for (const p of [ann, bob, third]) p.check();
});

test("a guest opening a rated game's invite is asked to sign in, and comes back to it", { timeout: 120000 }, async () => {
  const url = env.server.url;
  const cleo = await openPage(env.browser);
  const guest = await openPage(env.browser);
  await signUp(cleo.page, url, "Cleo_Day");
  await cleo.page.goto(url);
  await cleo.page.waitForSelector("[data-role=new-game]");
  await cleo.page.locator("input[name=game][value=jaipur]").check({ force: true });
  await cleo.page.locator("input[name=mode][value=friend]").check({ force: true });
  await cleo.page.locator("input[name=rated]").check();
  await cleo.page.click("[data-action=start]");
  await cleo.page.waitForSelector("[data-role=invite-url]");
  const invite = await cleo.page.inputValue("[data-role=invite-url]");
  await guest.page.goto(invite);
  await guest.page.waitForSelector("[data-action=sign-in-to-join]");
  assert.equal(await guest.page.locator("[data-action=join]").count(), 0, "a guest cannot take a rated seat");
  await guest.page.click("[data-action=sign-in-to-join]");
  await guest.page.fill("[data-role=signup] input[name=name]", "Dan_Oak");
  await guest.page.fill("[data-role=signup] input[name=password]", PASSWORD);
  await guest.page.click("[data-action=signup]");
  // Back on the invite, now able to take the seat as the account.
  await guest.page.waitForSelector("[data-action=join]");
  assert.match(guest.page.url(), /#\/join\//);
  await guest.page.click("[data-action=join]");
  const s = await waitForState(guest.page, (m) => m.seat === 1, "Dan's seat");
  assert.equal(s.seats[1].account, "Dan_Oak");
  cleo.check();
  guest.check();
});
