// "Your turn" on every page (issue 38, docs/web.md): a badge in the header linking to
// the game that waits the longest for you (the least time left first), the count in
// the page's title, and, when the page is hidden, a browser notification, for a player
// who allowed them by a click (never asked on load). It looks every 15 s and as the
// page comes back to front, through the lobby (this browser's seats) and, signed in,
// the account's games.
import type { Lang } from "../contract.js";
import { api, seats } from "../api.js";
import { accounts } from "../account/api.js";
import { signedInHint } from "../account/session.js";
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { gamesAwaitingYou, shouldNotify, titleWithCount } from "./turns.js";

const LOOK_EVERY_MS = 15_000;

let lang: Lang = "en";
let awaiting: string[] = [];
let started = false;
// The long words on a wide screen, the count alone on a phone, whose bar must stay short.
const badgeLong = el("span", { class: "turn-long" });
const badgeShort = el("span", { class: "turn-short", "aria-hidden": "true" });
const badge = el("a", { class: "turn-badge", "data-role": "your-turn", hidden: true }, badgeLong, badgeShort);
const notifyButton = el("button", { class: "notify", type: "button", "data-action": "notify", hidden: true });

const notifications = (): string => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

function show(): void {
  // The game open here says "your turn" itself: the badge and the title count the others.
  const open = /^#\/game\/([^/]+)/.exec(location.hash)?.[1];
  const others = awaiting.filter((id) => id !== open);
  const words = plural(lang, "turn.badge", others.length);
  badge.hidden = others.length === 0;
  badgeLong.textContent = words;
  badgeShort.textContent = String(others.length);
  badge.setAttribute("aria-label", words);
  if (others.length) badge.setAttribute("href", `#/game/${others[0]}`);
  notifyButton.textContent = t(lang, "turn.notify");
  // Asked on a click only, and only where it means something: a game waits.
  notifyButton.hidden = others.length === 0 || notifications() !== "default";
  const titled = titleWithCount(document.title, others.length);
  if (titled !== document.title) document.title = titled;
}

async function look(): Promise<void> {
  const tokens = seats.allTokens();
  const lobby = tokens.length ? await api.lobby(tokens).then((r) => r.games, () => []) : [];
  // A guest never asks for the account's games (session.ts: no hint, no request).
  const mine = signedInHint() !== null ? await accounts.myGames().then((r) => r.in_progress, () => []) : [];
  const now = gamesAwaitingYou(lobby, (id) => seats.of(id).length, mine);
  if (shouldNotify(document.hidden, notifications(), awaiting, now)) {
    const n = new Notification(t(lang, "turn.title"), { body: plural(lang, "turn.badge", now.length), tag: "souk-your-turn" });
    n.onclick = () => {
      window.focus();
      location.hash = `#/game/${now[0]}`;
    };
  }
  awaiting = now;
  show();
}

// The badge and the button for the header, in `language`; the first call starts looking.
export function turnBadge(language: Lang): HTMLElement {
  lang = language;
  if (!started) {
    started = true;
    notifyButton.addEventListener("click", () => void Notification.requestPermission().then(show));
    // Pages set their own titles (a game's says whose turn): the count is put back.
    new MutationObserver(show).observe(document.querySelector("title") ?? document.head, { childList: true, characterData: true, subtree: true });
    document.addEventListener("visibilitychange", () => document.hidden || void look());
    window.addEventListener("hashchange", show);
    window.setInterval(() => void look(), LOOK_EVERY_MS);
    void look();
  }
  show();
  return el("span", { class: "turns" }, badge, notifyButton);
}
