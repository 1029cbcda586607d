// "Learn to play" (issue 41, docs/web.md): every lesson of both games played in English
// on the real table, the way a person plays (clicking the cards, the squares, the
// buttons), following whatever lessons the server's book holds; one lesson in French; a
// wrong move explained and the step kept; the progress ✓ after a lesson and after a
// reload; the whole game against the bot and its explanations; both layouts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, screenshot, serverAndBrowser, waitForState } from "./harness.mjs";
import { api, closeDialogs, playJaipurMove, playMarrakechMove, signUp } from "./play.mjs";

const env = serverAndBrowser();
const GAMES = ["jaipur", "marrakech"];

const learnBox = "[data-role=learn]";
const stepOf = (page) => page.evaluate((sel) => {
  const box = document.querySelector(sel);
  return box ? { step: Number(box.dataset.step ?? -1), done: box.dataset.done === "true" } : null;
}, learnBox);

async function waitForStep(page, step) {
  await page.waitForFunction(
    ([sel, n]) => {
      const box = document.querySelector(sel);
      return box && (box.dataset.done === "true" || Number(box.dataset.step) === n);
    },
    [learnBox, step],
    { timeout: 20000 },
  );
}

async function playMove(page, game, move) {
  // The table has the step's state, and the learner's turn, before a move is made.
  await waitForState(page, (s) => s.legal.includes(move), `'${move}' among the legal moves`, 15000);
  // A round ended by an earlier step stays on the table until the next deal is asked for.
  if (game === "jaipur") await closeDialogs(page);
  if (game === "jaipur") await playJaipurMove(page, move);
  else await playMarrakechMove(page, move);
}

// Plays lesson `lesson` of `game` from its start to its end: each move step's first
// expected move, "Next" on each step read. Checks the step's words in `lang`.
async function playLesson(page, url, game, lesson, lang = "en") {
  await page.goto(`${url}#/learn/${game}/${lesson.id}`);
  await page.waitForSelector("[data-role=lesson-title]");
  await waitForStep(page, 0);
  assert.equal((await page.textContent("[data-role=lesson-title]")).trim(), lesson.title[lang]);
  for (let i = 0; i < lesson.steps.length; i++) {
    const step = lesson.steps[i];
    await waitForStep(page, i);
    const at = await stepOf(page);
    if (at.done) break; // a lesson may end before its last step is reached (no step left to ask)
    assert.equal(at.step, i, `${game}/${lesson.id}: step ${i}`);
    const said = await page.textContent("[data-role=lesson-say]");
    assert.ok(said.includes(step.say[lang]), `${game}/${lesson.id} step ${i} says its words in ${lang}: ${said}`);
    if (step.expect?.length) await playMove(page, game, step.expect[0]);
    else await page.click("[data-action=lesson-next]");
    await waitForStep(page, i + 1);
  }
  await page.waitForSelector("[data-role=lesson-done]:not([hidden])", { timeout: 20000 });
  assert.equal((await page.textContent("[data-role=lesson-done-text]")).trim(), lesson.done[lang]);
  const done = await page.evaluate(() => JSON.parse(localStorage.getItem("souk.lessons.done") ?? "[]"));
  assert.ok(done.includes(`${game}/${lesson.id}`), `${game}/${lesson.id} is remembered as done`);
}

// A move the table can play that the step does not ask for: its own wrong move, else
// another legal move; null when the step allows every legal move.
const wrongMove = (step, s) =>
  step.wrong?.map((w) => w.move).find((m) => s.legal.includes(m)) ?? s.legal.find((m) => !step.expect.includes(m)) ?? null;

async function checkMarks(page, url, game, book) {
  await page.goto(`${url}#/learn/${game}`);
  await page.waitForSelector("[data-role=lesson-list]");
  for (const lesson of book.lessons) {
    const mark = page.locator(`[data-lesson="${lesson.id}"] [data-role=done]`);
    assert.equal(await mark.count(), 1, `${game}/${lesson.id} shows its ✓`);
  }
}

// The table drawn to its end (the cards' flights, Assam's walk), for a screenshot.
async function settled(page) {
  await page.waitForFunction(() => !document.querySelector(".jp-ghost, .mk-screen[aria-busy=true]"), null, { timeout: 15000 });
  await page.waitForTimeout(200);
}

async function noSideScroll(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 1, `${what}: no horizontal scroll (${wide}px too wide)`);
}

test("every lesson of both games, in English, with the progress kept", { timeout: 150000 }, async () => {
  const { url } = env.server;
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  // Every lesson, quickly: the tables drawn without their animations (the other tests keep them).
  await page.emulateMedia({ reducedMotion: "reduce" });
  const games = await api(url, "/api/lessons");
  assert.deepEqual([...games.games].sort(), GAMES);

  // The way in: the home page and the rules page.
  await page.goto(url);
  await page.click("[data-role=learn-links] a[data-game=jaipur]");
  await page.waitForSelector("[data-role=lesson-list]");
  await page.goto(`${url}#/rules/marrakech`);
  await page.click(".rules-learn a[data-action=learn]");
  await page.waitForFunction(() => location.hash === "#/learn/marrakech");

  let shot = false;
  for (const game of GAMES) {
    const book = await api(url, `/api/lessons/${game}`);
    assert.ok(book.lessons.length > 0, `${game} has lessons`);
    for (const [n, lesson] of book.lessons.entries()) {
      await playLesson(page, url, game, lesson);
      if (!shot) {
        await settled(page);
        await screenshot(page, "learn-lesson-done-1280");
        shot = true;
      }
      if (n === 0) await checkMarks(page, url, game, { lessons: [lesson] });
    }
    await checkMarks(page, url, game, book);
    assert.match(await page.textContent("[data-role=learn-progress]"), new RegExp(`${book.lessons.length} of ${book.lessons.length}`));
    await screenshot(page, `learn-list-${game}-1280`);
  }
  // Kept by the browser: still there after a reload.
  await page.reload();
  await page.waitForSelector("[data-role=lesson-list]");
  await checkMarks(page, url, "marrakech", await api(url, "/api/lessons/marrakech"));
  check();
});

test("a wrong move is explained and the step stays; a lesson in French; the phone's layout", { timeout: 90000 }, async () => {
  const { url } = env.server;
  // The way in on a phone: the home page's "Learn to play" line.
  {
    const { page, check } = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(url);
    await page.waitForSelector("[data-role=learn-links] a[data-game=marrakech]");
    await noSideScroll(page, "the home page on a phone");
    await screenshot(page, "learn-home-390");
    check();
    await page.context().close();
  }
  // The wrong move, in each game: the first move step whose wrong move (else another
  // legal move) the table can play.
  for (const game of GAMES) {
    let tried = false;
    const book = await api(url, `/api/lessons/${game}`);
    for (const lesson of book.lessons) {
      const index = lesson.steps.findIndex((s) => s.expect?.length);
      if (index < 0) continue;
      const { page, check } = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
      await page.goto(`${url}#/learn/${game}/${lesson.id}`);
      await page.waitForSelector("[data-role=lesson-title]");
      for (let i = 0; i < index; i++) {
        await waitForStep(page, i);
        await page.click("[data-action=lesson-next]");
      }
      await waitForStep(page, index);
      const step = lesson.steps[index];
      const s = await waitForState(page, (m) => m.legal.length > 0, "the learner's turn", 15000);
      // What the step asks to touch is marked (for the ids every table has).
      if (step.highlight?.some((h) => /^(market:(diamond|gold|silver|cloth|spice|leather|camel)|assam)$/.test(h) && (h === "assam" || s.view.market?.includes(h.slice(7)))))
        await page.waitForSelector(".learn-highlight", { timeout: 5000 });
      const wrong = wrongMove(step, s);
      if (!wrong) {
        await page.context().close();
        continue;
      }
      if (game === "jaipur") await playJaipurMove(page, wrong);
      else await playMarrakechMove(page, wrong);
      await page.waitForSelector("[data-role=lesson-why]:not([hidden])", { timeout: 10000 });
      const why = await page.textContent("[data-role=lesson-why]");
      const expected = step.wrong?.find((w) => w.move === wrong)?.why.en;
      if (expected) assert.ok(why.includes(expected), `the lesson's own reason: ${why}`);
      else assert.ok(why.trim().length > 10, `a reason is shown: ${why}`);
      assert.equal((await stepOf(page)).step, index, "the step did not advance");
      assert.equal((await stepOf(page)).done, false);
      await settled(page);
      await screenshot(page, `learn-wrong-${game}-390`);
      await noSideScroll(page, "a lesson on a phone");
      // And then the right move: on to the next step.
      await playMove(page, game, step.expect[0]);
      await waitForStep(page, index + 1);
      assert.equal(await page.locator("[data-role=lesson-why]:not([hidden])").count(), 0, "the explanation goes once the move is right");
      await page.goto(`${url}#/learn/${game}`);
      await page.waitForSelector("[data-role=lesson-list]");
      await noSideScroll(page, "the lessons' list on a phone");
      await screenshot(page, `learn-list-${game}-390`);
      check();
      await page.context().close();
      tried = true;
      break;
    }
    assert.ok(tried, `some ${game} lesson step could be answered wrongly`);
  }

  // In French: the words, the reason and the end in French.
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 }, lang: "fr" });
  const book = await api(url, "/api/lessons/marrakech");
  await page.goto(url);
  await page.evaluate(() => localStorage.setItem("souk.lang", "fr"));
  await playLesson(page, url, "marrakech", book.lessons[0], "fr");
  await settled(page);
  await screenshot(page, "learn-lesson-fr-1280");
  // "Repeat", and a wrong move: explained in French.
  await page.click("[data-action=lesson-repeat]");
  await waitForStep(page, 0);
  const first = book.lessons[0].steps[0];
  if (first.expect?.length) {
    const s = await waitForState(page, (m) => m.legal.length > 0, "the learner's turn", 15000);
    const wrong = wrongMove(first, s);
    if (wrong) {
      await playMarrakechMove(page, wrong);
      await page.waitForSelector("[data-role=lesson-why]:not([hidden])", { timeout: 10000 });
      assert.match(await page.textContent("[data-role=lesson-why]"), /Pas ce coup|Les règles ne le permettent pas/);
      assert.match(await page.textContent("[data-role=lesson-why]"), /Essayez encore/);
      await playMove(page, "marrakech", first.expect[0]);
    } else await playMove(page, "marrakech", first.expect[0]);
    await waitForStep(page, 1);
  } else await page.click("[data-action=lesson-next]");
  await page.goto(`${url}#/learn/marrakech`);
  await page.waitForSelector("[data-role=lesson-list]");
  assert.match(await page.textContent("[data-role=learn-progress]"), /leçons faites sur/);
  check();
  await page.context().close();
});

test("the whole game against the bot, which explains its moves", { timeout: 60000 }, async () => {
  const { url } = env.server;
  const { page, check } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  const book = await api(url, "/api/lessons/jaipur");
  if (!book.final) return;
  await page.goto(`${url}#/learn/jaipur`);
  await page.click("[data-action=final]");
  await page.waitForFunction(() => location.hash.startsWith("#/learn/jaipur/final/"));
  await page.waitForSelector("[data-role=learn-explain]");
  // Our moves until the bot has moved once: its move explained.
  for (let i = 0; i < 3 && (await page.locator("[data-role=bot-explain] li").count()) === 0; i++) {
    const s = await waitForState(page, (m) => m.legal.length > 0 || m.over, "our turn", 20000);
    if (s.over) break;
    const move = s.legal.find((m) => m.startsWith("take")) ?? s.legal.find((m) => m === "camels") ?? s.legal[0];
    await playJaipurMove(page, move);
    await waitForState(page, (m) => m.move_count > s.move_count && m.legal.length > 0, "the bot's answer", 20000);
  }
  await page.waitForSelector("[data-role=bot-explain] li", { timeout: 20000 });
  await settled(page);
  const said = await page.textContent("[data-role=bot-explain] li");
  assert.ok(said.trim().length > 0 && !/\{\w+\}/.test(said), `the bot's move explained: ${said}`);
  await screenshot(page, "learn-final-1280");
  check();
  await page.context().close();
});

test("a signed-in player's progress follows the account to another browser", { timeout: 60000 }, async () => {
  const { url } = env.server;
  const browser = env.browser;
  const book = await api(url, "/api/lessons/jaipur");
  const lesson = book.lessons[0];
  const first = await openPage(browser);
  await signUp(first.page, url, "Learner");
  await playLesson(first.page, url, "jaipur", lesson);
  // The account has it once the lesson is done (sent in the background).
  await first.page.waitForFunction(async () => {
    const res = await fetch("/api/me/lessons");
    return res.ok && (await res.json()).done.length > 0;
  }, null, { timeout: 10000 });
  first.check();
  await first.context.close();
  // Another browser, nothing in its storage: logged in, the list shows the ✓.
  const second = await openPage(browser);
  await second.page.goto(`${url}#/signin`);
  await second.page.fill("[data-role=login] input[name=name]", "Learner");
  await second.page.fill("[data-role=login] input[name=password]", "correct horse");
  await second.page.click("[data-action=login]");
  await second.page.waitForSelector("[data-role=account-name]");
  await second.page.goto(`${url}#/learn/jaipur`);
  await second.page.waitForSelector(`[data-lesson="${lesson.id}"] [data-role=done]`, { timeout: 10000 });
  second.check();
  await second.context.close();
});
