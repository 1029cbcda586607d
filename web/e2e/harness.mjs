// End-to-end harness: a real `souk serve` on a free port with a fresh database and
// the built web app, and headless Chromium (Debian's, driven by playwright-core).
// Every page records console errors and uncaught exceptions; a test fails on any.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { after, before } from "node:test";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
export const soukBinary = process.env.SOUK_BIN ?? join(root, "build/souk");
export const webDir = process.env.SOUK_WEB ?? join(root, "build/web");
export const shotDir = process.env.SOUK_SCREENSHOTS ?? join(root, "build/e2e-screenshots");

export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "souk-e2e-"));
  // Every browser of a test and its API calls come from 127.0.0.1: one address's reads
  // (--rate-read, 20/s) would be shared by what are two or three players, and a page's
  // "your turn" check refused (a 429 in its console) while the test plays through the API.
  const args = ["--port", "0", "--db", join(dir, "e2e.db"), "--web", webDir, "--bot-threads", "2", "--rate-read", "200/s,burst=1000",
    // Reviews cheap enough for a test, noisy enough to flag moves (docs/review.md).
    "--review-budget", "30", "--review-samples", "2"];
  const server = await startServe(args);
  return {
    url: server.url,
    async stop() {
      try {
        const status = await server.stop();
        if (status !== 0) console.error(`souk serve stopped with status ${status}: ${server.output().slice(-2000)}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// `souk serve ARGS...`, resolved once it says where it serves (within 15 s, else an
// error with its output): its `url` ("http://127.0.0.1:PORT/"), `port`, `output()`, and
// `stop()`, which sends SIGTERM and resolves to its exit status (null if a signal ended
// it), awaited for 40 s at most: the server leaves by itself 25 s into a stuck stop
// (docs/operations.md), so a file's end never hangs on it. Past 40 s it is killed and
// stop() fails naming it.
export async function startServe(args) {
  const child = spawn(soukBinary, ["serve", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise((r) => child.on("exit", () => r()));
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`souk serve did not start: ${output}`)), 15000);
    const onData = (chunk) => {
      output += chunk;
      const m = /serving on (http:\/\/[^\s]+\/)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (c) => (output += c));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`souk serve exited (${code}): ${output}`));
    });
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      let timer;
      const late = new Promise((r) => (timer = setTimeout(() => r("late"), 40000)));
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === "late") {
        child.kill("SIGKILL");
        throw new Error(`souk serve did not stop within 40 s of SIGTERM: ${output.slice(-2000)}`);
      }
      return child.exitCode;
    },
  };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

// A page whose console errors are collected: call `check()` at the end of a test.
export async function openPage(browser, { viewport = { width: 1280, height: 860 }, lang = "en" } = {}) {
  const context = await browser.newContext({ viewport, locale: lang === "fr" ? "fr-FR" : "en-GB" });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
  return {
    page,
    context,
    errors,
    check() {
      if (errors.length) throw new Error(`errors in the browser:\n${errors.join("\n")}`);
    },
  };
}

export async function screenshot(page, name) {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage: true });
}

// The state message the page last rendered (the game page keeps it for tests and
// debugging: it is that seat's own view, nothing more).
export function state(page) {
  return page.evaluate(() => window.__soukState ?? null);
}

// Waits until the page shows a state that satisfies `predicate`.
export async function waitForState(page, predicate, what, timeout = 30000) {
  const start = Date.now();
  for (;;) {
    const s = await state(page);
    if (s && predicate(s)) return s;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}; last state: ${JSON.stringify(s)?.slice(0, 400)}`);
    await page.waitForTimeout(50);
  }
}

// A small seeded PRNG (xorshift) so a failing run can be repeated.
export function prng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

// Starts a game from the lobby form: `choices` are the radio values to pick.
export async function startFromLobby(page, url, choices, name = "Tester") {
  await page.goto(url);
  await page.waitForSelector("[data-role=new-game]");
  for (const [group, value] of Object.entries(choices)) {
    await page.locator(`input[name=${group}][value="${value}"]`).check({ force: true });
  }
  await page.fill("input[name=name]", name);
  await page.click("[data-action=start]");
  await page.waitForFunction(() => location.hash.startsWith("#/game/"));
  return page.evaluate(() => location.hash.split("/")[2]);
}

// One server and one browser for a test file: started before its tests, stopped after.
// Read `env.server` and `env.browser` inside the tests.
export function serverAndBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

