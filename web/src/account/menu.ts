// The top bar's account entry on every page: "Sign in" for a guest; for a signed-in
// player their name, opening a menu (profile, my games, leaderboards, settings, log out).
import type { Lang } from "../contract.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";
import { accounts } from "./api.js";
import { leaderboardHref, POOLS, profileHref } from "./format.js";
import { currentAccount, signedInHint, signedOut } from "./session.js";

function signInLink(lang: Lang): HTMLElement {
  const back = location.hash.startsWith("#/signin") ? "" : `/${encodeURIComponent(location.hash || "#/")}`;
  return el("a", { class: "account-signin", href: `#/signin${back}`, "data-role": "account-menu" }, t(lang, "acct.signin"));
}

function menuFor(lang: Lang, name: string, rerender: () => void): HTMLElement {
  const logOut = el("button", { type: "button", "data-action": "log-out" }, t(lang, "acct.logout"));
  logOut.addEventListener("click", async () => {
    try {
      await accounts.logOut();
    } catch {
      // The session is ended on this browser whatever the server said.
    }
    signedOut();
    rerender();
  });
  const item = (href: string, key: Parameters<typeof t>[1], role: string) =>
    el("li", {}, el("a", { href, "data-role": role }, t(lang, key as "acct.profile")));
  return el(
    "details",
    { class: "account-menu", "data-role": "account-menu" },
    // The name as text, never markup (names are checked by the server, and by test).
    el("summary", { "aria-label": t(lang, "acct.menu", { name }), "data-role": "account-name" }, name),
    el(
      "ul",
      {},
      item(profileHref(name), "acct.profile", "menu-profile"),
      item("#/my-games", "acct.games", "menu-games"),
      item(leaderboardHref(POOLS[0]), "acct.leaderboards", "menu-leaderboards"),
      item("#/account", "acct.settings", "menu-settings"),
      el("li", {}, logOut),
    ),
  );
}

// The open menu closes on a click elsewhere or on Escape (one listener for the page).
let closing = false;
function closeOnLeave(): void {
  if (closing) return;
  closing = true;
  const close = (except: EventTarget | null) => {
    for (const menu of document.querySelectorAll<HTMLDetailsElement>("details.account-menu[open]"))
      if (!(except instanceof Node && menu.contains(except))) menu.open = false;
  };
  document.addEventListener("click", (e) => close(e.target));
  document.addEventListener("keydown", (e) => e.key === "Escape" && close(null));
}

// The entry: drawn at once from what this browser last knew, then as the server says.
export function accountEntry(lang: Lang, rerender: () => void): HTMLElement {
  closeOnLeave();
  const hint = signedInHint();
  const slot = el("span", { class: "account-slot" }, hint === null ? signInLink(lang) : menuFor(lang, hint, rerender));
  if (hint !== null)
    void currentAccount().then((account) => {
      slot.replaceChildren(account ? menuFor(lang, account.name, rerender) : signInLink(lang));
    });
  return slot;
}
