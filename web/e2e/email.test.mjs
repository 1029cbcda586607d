// Email notifications in the browser (issue 38, docs/notifications.md), against a real
// `souk serve --smtp` and a real SMTP server (src/server/mail/smtp_sink.py on Debian's
// python3-aiosmtpd): Bob adds his address on his account page and verifies it by the
// emailed link; in a turn-based game against Ann, her move sends him one email whose
// link opens the game at his turn; its unsubscribe link, opened and clicked, turns the
// emails off, as his account page then shows.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, openPage, screenshot, soukBinary, waitForState, webDir } from "./harness.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const PASSWORD = "correct horse";
const env = { dir: "", sink: null, serve: null, url: "", browser: null };

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

async function until(what, probe, timeout = 15000) {
  const start = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The messages the sink received, oldest first: {headers (names lower-cased), body}.
function mails() {
  const folder = join(env.dir, "sink");
  return readdirSync(folder)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => {
      const raw = readFileSync(join(folder, f), "utf8");
      const [head, ...rest] = raw.split("\r\n\r\n");
      const headers = {};
      for (const line of head.split("\r\n")) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      return { headers, body: rest.join("\r\n\r\n") };
    });
}

before(async () => {
  env.dir = mkdtempSync(join(tmpdir(), "souk-e2e-email-"));
  const sinkDir = join(env.dir, "sink");
  mkdirSync(sinkDir, { recursive: true });
  env.sink = spawn("/usr/bin/python3", [join(root, "src/server/mail/smtp_sink.py"), sinkDir], { stdio: "ignore" });
  const smtpPort = await until("the SMTP sink", () => existsSync(join(sinkDir, "port")) && readFileSync(join(sinkDir, "port"), "utf8"));
  const port = await freePort();
  env.url = `http://127.0.0.1:${port}/`;
  env.serve = spawn(soukBinary, ["serve", "--port", String(port), "--db", join(env.dir, "e2e.db"), "--web", webDir,
    "--smtp", `smtp://127.0.0.1:${smtpPort}`, "--mail-from", "souk@example.org", "--public-url", env.url], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${env.url}api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  env.browser = await launch();
});

after(async () => {
  await env.browser?.close();
  env.serve?.kill("SIGTERM");
  env.sink?.kill("SIGTERM");
  if (env.serve && env.serve.exitCode === null) await new Promise((r) => env.serve.on("exit", r));
  rmSync(env.dir, { recursive: true, force: true });
});

async function signUp(page, name) {
  await page.goto(`${env.url}#/signin`);
  await page.waitForSelector("[data-role=signup]");
  await page.fill("[data-role=signup] input[name=name]", name);
  await page.fill("[data-role=signup] input[name=password]", PASSWORD);
  await page.click("[data-action=signup]");
  await page.waitForSelector("[data-role=account-name]");
}

// A request with the page's session cookie, as the app makes them.
const api = (page, method, path, body) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, { method: m, headers: b ? { "Content-Type": "application/json" } : {}, body: b ? JSON.stringify(b) : undefined });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body],
  );

async function moveAs(page, id) {
  const s = (await api(page, "GET", `/api/games/${id}`)).body;
  assert.equal(s.to_move, s.seat, "this account's turn");
  const moved = await api(page, "POST", `/api/games/${id}/moves`, { move: s.legal[0] });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
}

test("an address verified by its link, one email when the other side moves, its link opening the game, and one-click unsubscribe", { timeout: 120000 }, async () => {
  const ann = await openPage(env.browser);
  const bob = await openPage(env.browser);
  await signUp(ann.page, "Ann");
  await signUp(bob.page, "Bob");

  // Bob's account page: no address yet; he gives one and is told a link is on its way.
  await bob.page.goto(`${env.url}#/account`);
  await bob.page.waitForSelector("[data-role=email] [data-role=email-state]");
  assert.match(await bob.page.textContent("[data-role=email-state]"), /No address yet/);
  assert.ok(await bob.page.locator("[data-role=email-your-turn] input").isDisabled(), "nothing to mail before an address is verified");
  await bob.page.fill("[data-role=set-email] input[name=email]", "bob@example.com");
  await bob.page.click("[data-action=set-email]");
  await bob.page.waitForFunction(() => /on its way/.test(document.querySelector("[data-role=email-error]")?.textContent ?? ""));
  assert.match(await bob.page.textContent("[data-role=email-state]"), /bob@example.com is waiting for verification/);
  await screenshot(bob.page, "email-waiting");
  const verification = await until("the verification email", () => mails()[0]);
  assert.equal(verification.headers["to"], "<bob@example.com>");
  const verifyLink = /http:\/\/\S+\/api\/email\/verify\?token=[0-9a-f]{32}/.exec(verification.body)?.[0];
  assert.ok(verifyLink?.startsWith(env.url), verification.body);
  await bob.page.goto(verifyLink);
  assert.equal(await bob.page.textContent("h1"), "Address verified");
  await bob.page.click("a");
  await bob.page.waitForSelector("[data-role=email-state]");
  assert.match(await bob.page.textContent("[data-role=email-state]"), /bob@example.com \(verified\)/);
  assert.ok(await bob.page.locator("[data-role=email-your-turn] input").isChecked());
  assert.ok(await bob.page.locator("[data-role=email-invitations] input").isChecked());
  await screenshot(bob.page, "email-verified");

  // A turn-based game: Ann creates it, Bob joins, both signed in.
  const made = await api(ann.page, "POST", "/api/games", {
    game: "jaipur", seats: [{ player: "human" }, { player: "human" }], clock: { days_per_move: 1 },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.game_id;
  assert.equal((await api(bob.page, "POST", `/api/games/${id}/join`, { invite: made.body.invites[0].invite })).status, 200);
  if ((await api(ann.page, "GET", `/api/games/${id}`)).body.to_move === 1) await moveAs(bob.page, id);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(mails().length, 1, "Ann has no address: nothing for her");

  // Ann moves: one email to Bob, whose game link opens the game at his turn.
  await moveAs(ann.page, id);
  const turn = await until("the 'your turn' email", () => mails()[1]);
  assert.equal(turn.headers["subject"], "Your turn in Jaipur against Ann");
  assert.equal(turn.headers["list-unsubscribe-post"], "List-Unsubscribe=One-Click");
  const gameLink = `${env.url.replace(/\/$/, "")}/#/game/${id}`;
  assert.ok(turn.body.includes(gameLink), turn.body);
  await bob.page.goto(gameLink);
  const seen = await waitForState(bob.page, (s) => s.game_id === id || s.seat === 1, "Bob's game");
  assert.equal(seen.seat, 1, "opened as Bob's seat");
  assert.equal(seen.to_move, 1, "at his turn");
  await screenshot(bob.page, "email-game-link");

  // Again within the interval: nothing more.
  await moveAs(bob.page, id);
  await moveAs(ann.page, id);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(mails().length, 2);

  // The unsubscribe link in a browser asks, and the click turns the emails off.
  const unsubscribe = /^<(.+)>$/.exec(turn.headers["list-unsubscribe"])[1];
  await bob.page.goto(unsubscribe);
  await bob.page.click("button[type=submit]");
  await bob.page.waitForSelector("h1");
  assert.equal(await bob.page.textContent("h1"), "Unsubscribed");
  await bob.page.goto(`${env.url}#/account`);
  await bob.page.waitForSelector("[data-role=email-your-turn] input");
  assert.equal(await bob.page.locator("[data-role=email-your-turn] input").isChecked(), false);
  assert.ok(await bob.page.locator("[data-role=email-invitations] input").isChecked(), "only the link's kind is turned off");
  // Each checkbox sets its own kind.
  await bob.page.click("[data-role=email-invitations] input");
  await bob.page.waitForFunction(() => !document.querySelector("[data-role=email-invitations] input")?.checked);
  const settings = await api(bob.page, "GET", "/api/me/notifications");
  assert.equal(settings.body.email_invitations, false);
  assert.equal(settings.body.email_your_turn, false);
  await screenshot(bob.page, "email-unsubscribed");
  // Ann, the other side, never sees his address.
  const annView = await api(ann.page, "GET", `/api/games/${id}`);
  assert.ok(!JSON.stringify(annView.body).includes("example.com"));
  ann.check();
  bob.check();
});
