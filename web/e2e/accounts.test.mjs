// Accounts in the browser (issue 37), against the server's account routes: sign up,
// log out, a wrong password told in words, log in, the sessions list (one revoked
// from another browser), the password changed, the account deleted, in English and
// French; a guest never asks the server who is signed in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, screenshot, serverAndBrowser, startFromLobby, waitForState } from "./harness.mjs";

const env = serverAndBrowser();
const PASSWORD = "correct horse";

// The browser logs every refusal it is answered with (a wrong password's 401): here
// they are the point.
function expectRefusals(p, statuses = "401|403|429") {
  const re = new RegExp(`Failed to load resource: the server responded with a status of (${statuses})`);
  p.errors.splice(0, p.errors.length, ...p.errors.filter((e) => !re.test(e)));
}

async function fillAndSend(page, form, name, password) {
  await page.fill(`[data-role=${form}] input[name=name]`, name);
  await page.fill(`[data-role=${form}] input[name=password]`, password);
  await page.click(`[data-action=${form}]`);
}

async function signUp(page, url, name) {
  await page.goto(url);
  await page.click("a.account-signin");
  await page.waitForSelector("[data-role=signup]");
  await fillAndSend(page, "signup", name, PASSWORD);
  await page.waitForSelector("[data-role=account-name]");
}

const accountName = (page) => page.textContent("[data-role=account-name]");

test("sign up, log out, a wrong password, log in, and the sessions", { timeout: 120000 }, async () => {
  const ann = await openPage(env.browser);
  const requests = [];
  ann.page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await ann.page.goto(env.server.url);
  await ann.page.waitForSelector("[data-role=new-game]");
  // A guest: "Sign in" in the top bar, and no question to the server about it.
  assert.equal((await ann.page.textContent("a.account-signin")).trim(), "Sign in");
  assert.ok(!requests.some((p) => p.startsWith("/api/me")), `a guest never asks /api/me: ${requests}`);
  // A guest's Rated box is closed, saying why.
  assert.ok(await ann.page.locator("input[name=rated]").isDisabled());
  assert.equal(await ann.page.textContent("[data-role=rated-why]"), "Sign in to play rated games.");
  await ann.page.click("a.account-signin");
  await ann.page.waitForSelector("[data-role=signup]");
  await screenshot(ann.page, "accounts-signin");

  // A name the server refuses, in words.
  await fillAndSend(ann.page, "signup", "admin", PASSWORD);
  await ann.page.waitForFunction(() => document.querySelector("[data-role=signup] [data-role=form-error]")?.textContent);
  assert.equal(await ann.page.textContent("[data-role=signup] [data-role=form-error]"), "That name is reserved: choose another.");
  expectRefusals(ann, "400");
  await fillAndSend(ann.page, "signup", "Ann_Lee", PASSWORD);
  await ann.page.waitForSelector("[data-role=account-name]");
  assert.equal(await accountName(ann.page), "Ann_Lee");
  // Back where the player came from (the lobby), signed in.
  await ann.page.waitForFunction(() => location.hash === "#/");
  // Signed in: Rated opens against a friend by invite, not against bots or at this device.
  await ann.page.waitForSelector("[data-role=new-game]");
  await ann.page.locator("input[name=mode][value=bot]").check({ force: true });
  assert.ok(await ann.page.locator("input[name=rated]").isDisabled());
  assert.match(await ann.page.textContent("[data-role=rated-why]"), /invite link can be rated/);
  await ann.page.locator("input[name=mode][value=hotseat]").check({ force: true });
  assert.ok(await ann.page.locator("input[name=rated]").isDisabled());
  await ann.page.locator("input[name=mode][value=friend]").check({ force: true });
  assert.ok(await ann.page.locator("input[name=rated]").isEnabled());
  assert.ok(await ann.page.locator("[data-role=rated-why]").isHidden());
  assert.equal(await ann.page.inputValue("input[name=name]"), "Ann_Lee", "the player's name, from the account");

  // Settings: this browser's session, marked.
  await ann.page.click("[data-role=account-name]");
  await ann.page.click("[data-role=menu-settings]");
  await ann.page.waitForSelector("[data-role=sessions] li");
  assert.equal(await ann.page.locator("[data-role=sessions] li").count(), 1);
  assert.match(await ann.page.textContent("[data-role=sessions] li.current"), /this browser/);
  await screenshot(ann.page, "accounts-settings");

  // Log out from the menu: the top bar says "Sign in" again, and stays so after a reload.
  await ann.page.click("[data-role=account-name]");
  await ann.page.click("[data-action=log-out]");
  await ann.page.waitForSelector("a.account-signin");
  await ann.page.reload();
  await ann.page.waitForSelector("a.account-signin");
  assert.match(await ann.page.textContent("[data-role=sign-in-needed]"), /not signed in/);

  // A wrong password: told in words, not the server's sentence.
  await ann.page.click("a.account-signin");
  await fillAndSend(ann.page, "login", "ann_lee", "wrong password");
  await ann.page.waitForFunction(() => document.querySelector("[data-role=login] [data-role=form-error]")?.textContent);
  assert.equal(await ann.page.textContent("[data-role=login] [data-role=form-error]"), "Wrong name or password.");
  expectRefusals(ann);
  await fillAndSend(ann.page, "login", "ann_lee", PASSWORD);
  await ann.page.waitForSelector("[data-role=account-name]");
  assert.equal(await accountName(ann.page), "Ann_Lee", "the name as written at sign-up");
  await ann.page.waitForFunction(() => location.hash === "#/account");

  // A second browser logs in: two sessions; revoked from the first, the second is a guest.
  const other = await openPage(env.browser);
  await other.page.goto(`${env.server.url}#/signin`);
  await fillAndSend(other.page, "login", "Ann_Lee", PASSWORD);
  await other.page.waitForSelector("[data-role=account-name]");
  // Back on the sign-in page, it says who is signed in.
  await other.page.goto(`${env.server.url}#/signin`);
  await other.page.waitForSelector("[data-role=signed-in-as]:not([hidden])");
  assert.match(await other.page.textContent("[data-role=signed-in-as]"), /^You are signed in as Ann_Lee\./);
  await ann.page.reload();
  await ann.page.waitForFunction(() => document.querySelectorAll("[data-role=sessions] li").length === 2);
  await ann.page.click("[data-role=sessions] li:not(.current) [data-action=revoke]");
  await ann.page.waitForFunction(() => document.querySelectorAll("[data-role=sessions] li").length === 1);
  // Its page learns the session ended at its next request, and says so.
  await other.page.goto(`${env.server.url}#/account`);
  await other.page.reload();
  await other.page.waitForSelector("a.account-signin");
  await other.page.waitForSelector("[data-role=sign-in-needed]");
  expectRefusals(other); // its /api/me: 401, the session ended
  ann.check();
  other.check();
});

test("the password changed, log out everywhere, and the account deleted", { timeout: 120000 }, async () => {
  const bob = await openPage(env.browser);
  await signUp(bob.page, env.server.url, "Bob");
  await bob.page.goto(`${env.server.url}#/account`);
  await bob.page.waitForSelector("[data-role=change-password]");
  // A wrong current password is refused in words; the right one changes it.
  await bob.page.fill("[data-role=change-password] input[name=current]", "not it at all");
  await bob.page.fill("[data-role=change-password] input[name=fresh]", "battery staple");
  await bob.page.click("[data-action=change-password]");
  await bob.page.waitForFunction(() => document.querySelector("[data-role=change-password] [data-role=form-error]")?.textContent);
  assert.equal(await bob.page.textContent("[data-role=change-password] [data-role=form-error]"), "Wrong name or password.");
  await bob.page.fill("[data-role=change-password] input[name=current]", PASSWORD);
  await bob.page.fill("[data-role=change-password] input[name=fresh]", "battery staple");
  await bob.page.click("[data-action=change-password]");
  await bob.page.waitForFunction(() => /password is changed/.test(document.querySelector("[data-role=change-password] [data-role=form-error]")?.textContent ?? ""));

  // Log out everywhere: this browser too.
  await bob.page.click("[data-action=log-out-everywhere]");
  await bob.page.waitForSelector("a.account-signin");

  // In French: log in with the new password, delete with a wrong then the right password.
  await bob.page.click("[data-action=lang]");
  await bob.page.goto(`${env.server.url}#/signin`);
  await fillAndSend(bob.page, "login", "bob", "battery staple");
  await bob.page.waitForSelector("[data-role=account-name]");
  await bob.page.waitForSelector("[data-role=delete-account]");
  await bob.page.fill("[data-role=delete-account] input[name=password]", "wrong password");
  await bob.page.click("[data-action=delete-account]");
  await bob.page.waitForFunction(() => document.querySelector("[data-role=delete-account] [data-role=form-error]")?.textContent);
  assert.equal(await bob.page.textContent("[data-role=delete-account] [data-role=form-error]"), "Nom ou mot de passe incorrect.");
  await screenshot(bob.page, "accounts-delete-fr");
  await bob.page.fill("[data-role=delete-account] input[name=password]", "battery staple");
  await bob.page.click("[data-action=delete-account]");
  await bob.page.waitForSelector("[data-role=deleted]");
  assert.equal(await bob.page.textContent("[data-role=deleted]"), "Votre compte est supprimé.");
  await bob.page.waitForSelector("a.account-signin");
  assert.equal((await bob.page.textContent("a.account-signin")).trim(), "Se connecter");
  // The account is gone: its password no longer logs in.
  await bob.page.click("a.account-signin");
  await fillAndSend(bob.page, "login", "bob", "battery staple");
  await bob.page.waitForFunction(() => document.querySelector("[data-role=login] [data-role=form-error]")?.textContent);
  assert.equal(await bob.page.textContent("[data-role=login] [data-role=form-error]"), "Nom ou mot de passe incorrect.");
  expectRefusals(bob);
  bob.check();
});

test("failed log-ins are throttled: the wait is said in words", { timeout: 120000 }, async () => {
  const cleo = await openPage(env.browser);
  await signUp(cleo.page, env.server.url, "Cleo");
  await cleo.page.click("[data-role=account-name]");
  await cleo.page.click("[data-action=log-out]");
  // Signed out once the top bar says so: the log-out draws the page again when the
  // server has answered, and a form being filled in by then would be drawn anew.
  await cleo.page.waitForSelector("a.account-signin");
  await cleo.page.goto(`${env.server.url}#/signin`);
  let message = "";
  for (let i = 0; i < 8 && !/Try again/.test(message); i++) {
    await cleo.page.evaluate(() => (document.querySelector("[data-role=login] [data-role=form-error]").textContent = ""));
    await fillAndSend(cleo.page, "login", "cleo", `wrong password ${i}`);
    await cleo.page.waitForFunction(() => document.querySelector("[data-role=login] [data-role=form-error]")?.textContent);
    message = await cleo.page.textContent("[data-role=login] [data-role=form-error]");
  }
  assert.match(message, /^Too many failed attempts\. Try again in \d+ s\.$/);
  expectRefusals(cleo);
  cleo.check();
});

test("a guest who signs up keeps the game played as a guest: in 'my games', from another browser too", { timeout: 120000 }, async () => {
  const guest = await openPage(env.browser);
  const url = env.server.url;
  const id = await startFromLobby(guest.page, url, { game: "jaipur", mode: "bot", level: "easy" });
  await guest.page.waitForSelector("[data-role=log]");
  await signUp(guest.page, url, "Guest_Then");
  await guest.page.goto(`${url}#/my-games`);
  await guest.page.waitForSelector(`[data-role=in-progress] [data-game="${id}"]`);
  await screenshot(guest.page, "accounts-guest-games-kept");
  guest.check();

  // Another browser, logged in to the account: the game is there, and opens as its seat.
  const other = await openPage(env.browser);
  await other.page.goto(url);
  await other.page.click("a.account-signin");
  await other.page.waitForSelector("[data-role=login]");
  await fillAndSend(other.page, "login", "Guest_Then", PASSWORD);
  await other.page.waitForSelector("[data-role=account-name]");
  await other.page.goto(`${url}#/my-games`);
  await other.page.click(`[data-role=in-progress] [data-game="${id}"] [data-action=open]`);
  // It opens as the account's seat, hand and all (the session stands for the token), not
  // as a spectator's table; and it plays there.
  await other.page.waitForFunction(() => window.__soukState?.seat === 0, null, { timeout: 15000 });
  const s = await waitForState(other.page, (m) => m.legal.length > 0, "our turn on the other browser");
  assert.ok(Array.isArray(s.view.players[0].hand), "the seat's own hand");
  await screenshot(other.page, "accounts-guest-game-on-another-browser");
  other.check();
});
