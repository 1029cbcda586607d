// A rolling restart behind nginx during one game (issue 40): two `souk serve` instances
// on one PostgreSQL behind deploy/nginx/souk.conf as shipped, a player in Chromium
// against a bot, clicking. The instance holding the page's WebSocket is stopped by
// SIGTERM while the bot is thinking, started again on its port (an upgrade: the same
// binary), then the other one the same way. The page is told 1012 and reconnects each
// time without a word: no "Connection lost", no error line, the badge never leaves
// "connected", nothing in the console; the bot answers after each stop; every move
// clicked is in the game's history, at its index.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, openPage, prng, screenshot, startServe, waitForState, webDir } from "./harness.mjs";
import { api, closeDialogs, playJaipurMove } from "./play.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const testPostgres = process.env.SOUK_TEST_POSTGRES ?? join(root, "build/src/testing/souk_test_postgres");
const nginxBinary = process.env.NGINX ?? "/usr/sbin/nginx";
// The bot's spec: one that thinks for a second, so that a stop lands while it thinks.
// The stopping instance then finishes the bot's move before it exits, and meanwhile a
// connection nginx kept alive to it could carry the page's reconnection back to it, to
// be cut at its exit without a close frame (1006: "Connection lost"). The drain answers
// such a request with Connection: close, and an upgrade with 503, which nginx sends on
// to the other instance (HttpServer::Drain). SOUK_RESTART_BOT=easy runs it quicker.
const BOT = process.env.SOUK_RESTART_BOT ?? "mcts:time=1000";

function freePort() {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolvePort(port));
    });
  });
}

// Waits for `child` to exit, 40 s at most (then SIGKILL and an error naming `what`).
async function exitOf(child, what) {
  if (child.exitCode === null && child.signalCode === null) {
    let timer;
    const exited = new Promise((r) => child.once("exit", () => r("exited")));
    const late = new Promise((r) => (timer = setTimeout(() => r("late"), 40000)));
    const outcome = await Promise.race([exited, late]);
    clearTimeout(timer);
    if (outcome === "late") {
      child.kill("SIGKILL");
      throw new Error(`${what} did not stop within 40 s`);
    }
  }
  return child.exitCode;
}

// The tests' own PostgreSQL (tests/nginx_test.sh's): its URI on the first line of its
// output; it stops its server and removes its directory once its input closes.
async function startPostgres() {
  const child = spawn(testPostgres, [], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let output = "";
  const uri = await new Promise((resolveUri, reject) => {
    const timer = setTimeout(() => reject(new Error(`souk_test_postgres gave no URI within 30 s: ${output}`)), 30000);
    child.stdout.on("data", (c) => {
      stdout += c;
      output += c;
      const lines = stdout.split("\n");
      if (lines.length > 1) {
        clearTimeout(timer);
        resolveUri(lines[0].trim());
      }
    });
    child.stderr.on("data", (c) => (output += c));
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`${testPostgres}: ${e.message}`));
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`souk_test_postgres exited (${code}): ${output}`));
    });
  });
  return {
    uri,
    async stop() {
      child.stdin.end();
      await exitOf(child, "souk_test_postgres");
    },
  };
}

// nginx running deploy/nginx/souk.conf in front of `ports`, as tests/nginx_test.sh runs it.
async function startNginx(dir, ports) {
  const listen = await freePort();
  const conf = join(dir, "nginx");
  execFileSync(join(root, "scripts/nginx-local.sh"), [conf, join(root, "deploy/nginx/souk.conf"), String(listen), ...ports.map(String)]);
  const child = spawn(nginxBinary, ["-p", conf, "-c", join(conf, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}`);
    const up = await new Promise((r) => {
      const c = createConnection({ host: "127.0.0.1", port: listen }, () => (c.destroy(), r(true)));
      c.on("error", () => r(false));
    });
    if (up) break;
    if (Date.now() - start > 15000) throw new Error(`nginx did not listen within 15 s: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${listen}/`,
    errorLog: join(conf, "logs/error.log"),
    async stop() {
      child.kill("SIGTERM");
      await exitOf(child, "nginx");
    },
  };
}

// One instance, by name: started on its port (any free one the first time, the same
// again after a stop, so that nginx's upstream line stays right) with a metrics listener.
async function startInstance(instance, db) {
  instance.metricsPort = await freePort();
  instance.server = await startServe([
    "--port", String(instance.port ?? 0), "--db", db, "--web", webDir, "--trusted-proxy", "127.0.0.1",
    "--bot-threads", "1", "--rate-read", "200/s,burst=1000", "--metrics-listen", `127.0.0.1:${instance.metricsPort}`,
  ]);
  instance.port = instance.server.port;
  return instance;
}

// An instance's WebSockets open now, and the HTTP requests it has answered.
async function metricsOf(instance) {
  const text = await (await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`)).text();
  const sum = (name) =>
    text
      .split("\n")
      .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
      .reduce((n, l) => n + Number(l.split(" ").at(-1)), 0);
  return { websockets: sum("souk_websocket_connections"), requests: sum("souk_http_requests_total") };
}

async function until(what, predicate, timeout = 15000) {
  const start = Date.now();
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The instance the page's one WebSocket is open on (the other has none).
function holderOf(instances) {
  return until("the page's WebSocket on exactly one instance", async () => {
    const counts = await Promise.all(instances.map(async (i) => (await metricsOf(i)).websockets));
    return counts.reduce((a, b) => a + b, 0) === 1 ? instances[counts.indexOf(1)] : null;
  });
}

// Recorded in the page from its first script: whatever would tell the player of a
// trouble, once the test arms it (the badge says "reconnecting" before the first
// connection, as on any page load), and the close code of every WebSocket. A
// MutationObserver runs before the page is painted again, so nothing shown is missed.
function watchForTrouble() {
  window.__trouble = [];
  window.__closes = [];
  window.__armed = false;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("close", (e) => window.__closes.push(e.code));
    }
  };
  const look = () => {
    if (!window.__armed) return;
    const note = (what) => window.__trouble.at(-1) !== what && window.__trouble.push(what);
    const banner = document.querySelector("[data-role=connection]");
    if (banner && !banner.hidden) note(`banner: ${banner.textContent}`);
    const link = document.querySelector("[data-role=link]");
    if (link && link.dataset.state !== "connected") note(`link: ${link.dataset.state} (${link.textContent})`);
    for (const alert of document.querySelectorAll("[role=alert]")) {
      if (!alert.hidden && alert.textContent.trim()) note(`alert: ${alert.textContent.trim()}`);
    }
    if (document.querySelector("[data-role=dead-end]")) note("a dead end");
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

test("a rolling restart of both instances behind nginx during a game: no error shown, no move lost", { timeout: 120000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "souk-restart-"));
  chmodSync(dir, 0o755); // nginx's workers (nobody, when run as root) read below it
  let postgres = null;
  let nginx = null;
  let browser = null;
  let passed = false;
  const instances = [{ name: "A" }, { name: "B" }];
  try {
    postgres = await startPostgres();
    for (const i of instances) await startInstance(i, postgres.uri);
    nginx = await startNginx(dir, instances.map((i) => i.port));
    const url = nginx.url;
    browser = await launch();
    const { page, context, check } = await openPage(browser);
    await context.addInitScript(watchForTrouble);

    // A game against the bot, made through nginx; the page holds its seat.
    const created = await api(url, "/api/games", null, { game: "jaipur", seats: [{ player: "human", name: "Ann" }, { player: BOT }] });
    const id = created.game_id;
    await page.goto(url);
    await page.evaluate(([gameId, token]) => localStorage.setItem("souk.seats", JSON.stringify({ [gameId]: [{ seat: 0, token }] })), [id, created.token]);
    await page.goto(`${url}#/game/${id}`);
    let s = await waitForState(page, (m) => m.legal.length > 0, "our first turn");
    await page.waitForFunction(() => document.querySelector("[data-role=link]")?.dataset.state === "connected");
    await page.evaluate(() => (window.__armed = true));

    const random = prng(40);
    const played = []; // {index, move}: each move clicked, at the index it takes
    // Clicks a move; resolves to its index once the page shows it stored.
    const click = async () => {
      await closeDialogs(page);
      const move = s.legal[random(s.legal.length)];
      const index = s.move_count;
      played.push({ index, move });
      await playJaipurMove(page, move);
      await waitForState(page, (m) => m.move_count > index, `'${move}' stored`);
      return index;
    };
    // Our turn again after the move at `index` (the bot has answered), or the game's end.
    const answered = async (index) => (s = await waitForState(page, (m) => m.move_count > index && (m.legal.length > 0 || m.over), "the bot's answer"));
    const play = async (n) => {
      for (let k = 0; k < n && !s.over; k++) await answered(await click());
    };

    await play(3);
    const restarts = []; // the index of the first move after each stop
    for (let round = 0; round < 2; round++) {
      // The instance the page's WebSocket is on, stopped once our move is stored, on
      // the bot's turn: its stop closes the WebSocket with 1012, and plays the bot's
      // turn or hands it on (its lease released).
      const holder = await holderOf(instances);
      const other = instances.find((i) => i !== holder);
      const closes = (await page.evaluate(() => window.__closes)).length;
      const index = await click();
      restarts.push(index + 1);
      const status = await holder.server.stop();
      assert.equal(status, 0, `instance ${holder.name} stopped with status ${status}: ${holder.server.output().slice(-2000)}`);
      t.diagnostic(`instance ${holder.name} stopped after move ${index + 1}`);
      await answered(index);
      assert.ok(!s.over, "the game goes on");
      assert.deepEqual(await page.evaluate(() => window.__trouble), [], `nothing told the player of a trouble after instance ${holder.name}'s stop`);
      assert.deepEqual((await page.evaluate(() => window.__closes)).slice(closes), [1012], "the page's WebSocket was closed once, with 1012");
      await holderOf([other]); // the page's WebSocket is on the other instance now
      await play(2);

      // Started again on its port (an upgrade would start a new binary here), and
      // back in nginx's round robin (which leaves a refusing instance alone for 5 s)
      // before the other is stopped.
      await startInstance(holder, postgres.uri);
      await until(`nginx sending requests to instance ${holder.name} again`, async () => {
        await api(url, "/api/health");
        return (await metricsOf(holder)).requests > 0;
      });
      await play(1);
    }
    await screenshot(page, "restart-after-rolling-restart");

    // The record, through nginx: every move clicked at its index, the bot answering after
    // each stop, and the page's log as long as the game.
    const history = await api(url, `/api/games/${id}/history`, created.token);
    const final = await api(url, `/api/games/${id}`, created.token);
    assert.equal(final.move_count, s.move_count, "the page shows the game as stored");
    assert.equal(history.events.length, final.move_count);
    for (const { index, move } of played) {
      assert.deepEqual({ seat: history.events[index]?.seat, move: history.events[index]?.move }, { seat: 0, move }, `move ${index + 1} as clicked`);
    }
    for (const at of restarts) assert.ok(history.events.slice(at).some((e) => e.seat === 1), `the bot played after the stop at move ${at}`);
    await page.waitForFunction((n) => document.querySelectorAll("[data-role=log] li[data-move]").length === n, final.move_count, { timeout: 10000 });
    t.diagnostic(`${played.length} moves clicked, ${final.move_count} in the game, page's WebSocket closes: ${await page.evaluate(() => window.__closes.join(" "))}`);

    assert.deepEqual(await page.evaluate(() => window.__trouble), [], "nothing told the player of a trouble");
    check();
    passed = true;
  } finally {
    // Everything stopped whatever happened; a failure to stop fails a test that passed
    // (and is only told after one that failed already).
    const outcomes = await Promise.allSettled([browser?.close(), nginx?.stop(), ...instances.map((i) => i.server?.stop())]);
    outcomes.push(...(await Promise.allSettled([postgres?.stop()])));
    rmSync(dir, { recursive: true, force: true });
    const failed = outcomes.find((o) => o.status === "rejected");
    if (failed && passed) throw failed.reason;
    if (failed) t.diagnostic(`cleanup: ${failed.reason?.message ?? failed.reason}`);
  }
});
