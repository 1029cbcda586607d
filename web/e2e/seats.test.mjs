// Invites, seats and dead ends (issue 23): friends and bots in one game, the invite
// page and the creator's links by seat and colour, no "your turn" before every seat is
// taken; every page that cannot be shown says why and leads home; hot-seat names; a
// replay from a seat's side, with Home and End, that an unfinished game never gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, prng, screenshot, serverAndBrowser, state, waitForState } from "./harness.mjs";

const env = serverAndBrowser();
const COLOURS = ["Red", "Blue", "Green", "Orange"];

// The lobby form: a game, a mode and, when mixing, what plays each other seat.
async function startGame(page, url, { game, players, mode, kinds = {}, names = {}, name = "Ann" }) {
  await page.goto(url);
  await page.waitForSelector("[data-role=new-game]");
  await page.locator(`input[name=game][value=${game}]`).check({ force: true });
  if (players) await page.locator(`input[name=players][value="${players}"]`).check({ force: true });
  await page.locator(`input[name=mode][value=${mode}]`).check({ force: true });
  for (const [seat, kind] of Object.entries(kinds)) await page.selectOption(`select[name=seat-kind-${seat}]`, kind);
  for (const [seat, n] of Object.entries(names)) await page.fill(`input[name=seat-name-${seat}]`, n);
  await page.fill("input[name=name]", name);
  await screenshot(page, `seats-lobby-${mode}`);
  await page.click("[data-action=start]");
  await page.waitForFunction(() => location.hash.startsWith("#/game/"));
  return page.evaluate(() => location.hash.split("/")[2]);
}

// The browser logs every 404 and 409 it is answered with: here they are the point.
function expectRefusals(p) {
  const kept = p.errors.filter((e) => !/Failed to load resource: the server responded with a status of (404|409)/.test(e));
  p.errors.splice(0, p.errors.length, ...kept);
}

async function deadEndText(page) {
  await page.waitForSelector("[data-role=dead-end]");
  assert.equal(await page.locator("[data-role=dead-end] a[href='#/']").count(), 1, "a way back home");
  return page.textContent("[data-role=dead-end]");
}

test("friends and bots at one Marrakech table: the invite says who, which seat and colours", { timeout: 120000 }, async () => {
  const ann = await openPage(env.browser);
  const bob = await openPage(env.browser);
  const eve = await openPage(env.browser);
  const id = await startGame(ann.page, env.server.url, {
    game: "marrakech",
    players: 4,
    mode: "mixed",
    kinds: { 1: "friend", 2: "easy", 3: "easy" },
  });
  const waiting = await waitForState(ann.page, (m) => m.seats.length === 4, "the new game");
  assert.deepEqual(waiting.seats.map((s) => s.player), ["human", "human", "easy", "easy"]);
  assert.equal(waiting.seats[1].joined, false);
  // The link names the seat and its colours; nobody's turn is shown while Bob is awaited.
  const bobColours = waiting.view.players[1].colors.map((c) => COLOURS[c]);
  const label = await ann.page.textContent("[data-role=invite][data-seat='1']");
  assert.match(label, /player 2/);
  for (const c of bobColours) assert.ok(label.includes(c), `${label} names ${c}`);
  assert.equal(await ann.page.textContent("[data-role=status]"), "Waiting for a player to join");
  assert.equal(await ann.page.locator(".status.your-turn").count(), 0);
  for (const shown of [".mk-status", ".mk-badge-turn"])
    assert.equal(await ann.page.locator(shown).isVisible(), false, `${shown} says nothing of turns`);
  await screenshot(ann.page, "seats-creator-waiting");
  const invite = await ann.page.inputValue("[data-role=invite][data-seat='1'] input");

  // "Your games": the opponents, and that a friend is awaited rather than a turn.
  await ann.page.goto(env.server.url);
  const row = ann.page.locator(`[data-game="${id}"]`);
  await row.waitFor();
  // Bots are named by the server, a merchant's name each (docs/protocol.md).
  const [bot3, bot4] = [waiting.seats[2].name, waiting.seats[3].name];
  assert.ok(bot3 && bot4 && bot3 !== bot4, `the bots have names of their own: ${bot3}, ${bot4}`);
  assert.ok((await row.textContent()).includes(`against Player 2, ${bot3} and ${bot4}`), await row.textContent());
  assert.match(await row.textContent(), /Waiting for a friend to join/);

  // Bob's invite page: the game, who invites, the seat and its colours, the table.
  await bob.page.goto(invite);
  await bob.page.waitForSelector("[data-role=join]");
  assert.equal(await bob.page.textContent("[data-role=invite-title]"), "Ann invites you to play Marrakech");
  const seatLine = await bob.page.textContent("[data-role=invite-seat]");
  assert.match(seatLine, /seat of player 2/);
  for (const c of bobColours) assert.ok(seatLine.includes(c), `${seatLine} names ${c}`);
  assert.match(await bob.page.textContent("[data-role=join-seats]"), new RegExp(`Player 1: Ann.*Player 2: this seat is yours.*${bot3}`));
  await screenshot(bob.page, "seats-invite-page");
  await bob.page.fill("input[name=name]", "Bob");
  await bob.page.click("[data-action=join]");
  await waitForState(bob.page, (m) => m.seat === 1, "Bob's seat");
  await ann.page.goto(`${env.server.url}#/game/${id}`);
  const full = await waitForState(ann.page, (m) => m.seats.every((s) => s.joined), "every seat taken");
  assert.equal(full.seats[1].name, "Bob");
  assert.equal(await ann.page.locator(".table.waiting-join").count(), 0);

  // The same link again, and a made-up code: not the same sentence.
  await eve.page.goto(invite);
  assert.match(await deadEndText(eve.page), /already been used/);
  await screenshot(eve.page, "seats-invite-used");
  await eve.page.goto(`${env.server.url}#/join/${id}/${"0".repeat(32)}`);
  assert.match(await deadEndText(eve.page), /not valid/);
  await screenshot(eve.page, "seats-invite-made-up");

  // The replay of a game still being played: said so, and nothing of the game is sent.
  const replies = [];
  eve.page.on("response", async (r) => {
    if (r.url().includes("/replay")) replies.push({ status: r.status(), body: await r.json() });
  });
  await eve.page.goto(`${env.server.url}#/replay/${id}`);
  assert.match(await deadEndText(eve.page), /still being played/);
  assert.equal(await eve.page.locator(`[data-role=dead-end] a[href='#/watch/${id}']`).count(), 1);
  assert.deepEqual(replies.map((r) => [r.status, Object.keys(r.body)]), [[409, ["error", "code"]]]);
  assert.equal(replies[0].body.code, "game_not_over");
  await screenshot(eve.page, "seats-replay-unfinished");
  for (const p of [ann, bob, eve]) {
    expectRefusals(p);
    p.check();
  }
});

test("an unknown game leads home from the game, the replay and the invite pages", { timeout: 60000 }, async () => {
  const eve = await openPage(env.browser);
  for (const page of ["game", "replay", "join"]) {
    await eve.page.goto(`${env.server.url}#/${page}/nosuchgame${page === "join" ? "/abc" : ""}`);
    const text = await deadEndText(eve.page);
    assert.match(text, page === "game" ? /does not exist/ : /no game with this address/);
    await screenshot(eve.page, `seats-unknown-${page}`);
  }
  expectRefusals(eve);
  eve.check();
});

test("hot-seat asks every player's name", { timeout: 60000 }, async () => {
  const ann = await openPage(env.browser);
  const id = await startGame(ann.page, env.server.url, { game: "marrakech", players: 3, mode: "hotseat", names: { 1: "Bob", 2: "Cleo" } });
  const seen = await ann.page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
  assert.deepEqual(seen.seats.map((s) => s.name), ["Ann", "Bob", "Cleo"]);
  assert.ok(seen.seats.every((s) => s.joined));
  await screenshot(ann.page, "seats-hotseat-named");
  ann.check();
});

// Plays seat 0 of a game against a bot to the end over HTTP, as a quick player would.
async function playOut(url, id, token) {
  const pick = prng(23);
  for (let guard = 0; guard < 400; guard++) {
    const s = await (await fetch(`${url}api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    if (s.over) return s;
    if (!s.legal.length) {
      await new Promise((r) => setTimeout(r, 30));
      continue;
    }
    const move = s.legal[pick(s.legal.length)];
    const r = await fetch(`${url}api/games/${id}/moves`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ move }),
    });
    if (r.status === 429) await new Promise((res) => setTimeout(res, Number(r.headers.get("retry-after") ?? 1) * 1000));
  }
  throw new Error("the game did not end");
}

test("a replay from my seat's side, Home and End, and the lobby's result", { timeout: 120000 }, async () => {
  const { url } = env.server;
  const created = await (
    await fetch(`${url}api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "jaipur", seats: [{ player: "human", name: "Ann" }, { player: "random" }] }),
    })
  ).json();
  const id = created.game_id;
  const end = await playOut(url, id, created.token);
  const ann = await openPage(env.browser);
  await ann.page.goto(url);
  await ann.page.evaluate(([gameId, token]) => {
    localStorage.setItem("souk.seats", JSON.stringify({ [gameId]: [{ seat: 0, token }] }));
  }, [id, created.token]);

  // "Your games": the opponent and the result.
  await ann.page.reload();
  const result = ann.page.locator(`[data-game="${id}"] [data-role=result]`);
  await result.waitFor();
  const bot = (await (await fetch(`${url}api/games/${id}`)).json()).seats[1].name;
  const winner = end.winners.length > 1 ? /Shared win/ : end.winners[0] === 0 ? /You won/ : new RegExp(`${bot} won`);
  assert.match(await result.textContent(), winner);
  assert.match(await result.textContent(), new RegExp(`You ${end.scores[0]}, ${bot} ${end.scores[1]}`));
  assert.match(await ann.page.textContent(`[data-game="${id}"] [data-role=opponents]`), new RegExp(`against ${bot}`));
  await screenshot(ann.page, "seats-lobby-result");

  // The replay opens from Ann's side: her hand is on the table; a spectator's has none.
  await ann.page.goto(`${url}#/replay/${id}`);
  await ann.page.waitForSelector("[data-role=replay-step]:has-text('Move 0 of')");
  assert.equal(await ann.page.inputValue("[data-role=replay-side]"), "0");
  assert.match(await ann.page.textContent("[data-role=replay-players]"), new RegExp(`Players: You and ${bot}`));
  const fromAnn = await (await fetch(`${url}api/games/${id}/replay?seat=0`)).json();
  const hand = fromAnn.steps[0].view.players[0].hand;
  assert.ok(hand.length > 0);
  assert.equal(await ann.page.locator("[data-zone=hand]").count(), hand.length, "Ann's cards, face up");
  await screenshot(ann.page, "seats-replay-my-side");
  await ann.page.keyboard.press("End");
  const steps = end.move_count;
  await ann.page.waitForSelector(`[data-role=replay-step]:has-text('Move ${steps} of ${steps}')`);
  await ann.page.keyboard.press("Home");
  await ann.page.waitForSelector(`[data-role=replay-step]:has-text('Move 0 of ${steps}')`);
  await ann.page.keyboard.press("ArrowRight");
  await ann.page.waitForSelector(`[data-role=replay-step]:has-text('Move 1 of ${steps}')`);
  await ann.page.selectOption("[data-role=replay-side]", "");
  await ann.page.waitForSelector(`[data-role=replay-step]:has-text('Move 1 of ${steps}')`);
  await ann.page.waitForFunction(() => document.querySelectorAll("[data-zone=hand]").length === 0);
  await screenshot(ann.page, "seats-replay-spectator");
  // The game's last step shows both hands face up, even to a spectator.
  const fromSpectator = await (await fetch(`${url}api/games/${id}/replay`)).json();
  assert.ok(fromSpectator.reveal, "a finished game's replay reveals its final table");
  const revealedCards = fromSpectator.reveal.players.reduce((n, p) => n + p.hand.length, 0);
  assert.ok(revealedCards > 0, "the final hands hold cards to show");
  await ann.page.keyboard.press("End");
  await ann.page.waitForSelector(`[data-role=replay-step]:has-text('Move ${steps} of ${steps}')`);
  for (const seat of [0, 1]) {
    const cards = fromSpectator.reveal.players[seat].hand.length;
    await ann.page.waitForFunction(
      ([s, n]) => document.querySelectorAll(`.jp-player[data-seat="${s}"] [data-role=hand] [data-good]`).length === n,
      [seat, cards],
    );
  }
  await screenshot(ann.page, "seats-replay-end-revealed");
  ann.check();
});

test("the lobby is the server's list of games; one the app has no table for says so", { timeout: 60000 }, async () => {
  const p = await openPage(env.browser);
  const { page } = p;
  // The server as it would be with a third game: its list with one more entry.
  await page.route("**/api/game-types", async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.games.push({ name: "backgammon", display_name: "Backgammon", display_name_fr: "Jacquet", min_players: 2, max_players: 2, default_players: 2, variants: [], explicit_chance: true, hidden_information: false });
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(env.server.url);
  await page.waitForSelector("[data-role=new-game]");
  const games = await page.locator("input[name=game]").evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.deepEqual(games, ["jaipur", "marrakech", "backgammon"]);
  assert.ok(await page.locator("[data-role=unplayable]").isHidden());
  // Marrakech's counts and variant as the server allows them, kept across a change of game.
  await page.locator("input[name=game][value=marrakech]").check({ force: true });
  await page.locator('input[name=players][value="3"]').check({ force: true });
  assert.ok(await page.locator("[data-when=variant]").isHidden(), "single colour is for two");
  await page.locator("input[name=game][value=jaipur]").check({ force: true });
  assert.ok(await page.locator("[data-when=players]").isHidden());
  await page.locator("input[name=game][value=marrakech]").check({ force: true });
  assert.ok(await page.locator('input[name=players][value="3"]').isChecked());
  await page.locator('input[name=players][value="2"]').check({ force: true });
  assert.ok(await page.locator("[data-when=variant]").isVisible());
  // The third game: listed, not started.
  await page.locator("input[name=game][value=backgammon]").check({ force: true });
  assert.equal(await page.textContent("[data-role=unplayable]"), "Backgammon is not playable in the browser yet.");
  assert.ok(await page.locator("[data-action=start]").isDisabled());
  await screenshot(page, "seats-lobby-unplayable");
  p.check();
  await p.context.close();
});
