// The app: a hash router over the lobby, games, invites, replays and rules pages.
//   #/                      the lobby
//   #/game/ID               a game (as the seat this browser holds, else spectating)
//   #/join/ID/INVITE        take a seat by invite
//   #/watch/ID              spectate
//   #/replay/ID             step through a finished game
//   #/review/ID             a finished game's review: win chances, flagged moves, accuracy, luck
//   #/rules/GAME            a game's rules (each game of games.ts)
//   #/signin[/NEXT]         log in or sign up (then back to the route NEXT)
//   #/account               the signed-in account: sessions, password, deletion
//   #/players/NAME          a player's profile
//   #/leaderboard[/POOL[/N]] a rating pool's leaderboard (the first pool's), page N
//   #/my-games              the signed-in account's games
//   #/meet                  play people: play now, the open tables (docs/lobby.md)
//   #/learn[/GAME[/LESSON]] learn to play: the lessons, played on the real table (learn/page.ts)
import type { Lang } from "./contract.js";
import { clear, el } from "./dom.js";
import { currentLang, setLang } from "./i18n/lang.js";
import { t } from "./i18n/t.js";
import { renderLobby, renderJoin } from "./shell/lobby.js";
import { mountGame } from "./shell/game.js";
import { mountReplay } from "./shell/replay.js";
import { mountReview } from "./review/review.js";
import { deadEnd } from "./shell/deadend.js";
import { renderRules } from "./rules/page.js";
import { gameTitle, isWebGame, WEB_GAMES } from "./games.js";
import { accountEntry } from "./account/menu.js";
import { renderSignIn } from "./account/signin.js";
import { renderAccount } from "./account/settings.js";
import { renderProfile } from "./account/profile.js";
import { renderLeaderboard } from "./account/leaderboard.js";
import { POOLS } from "./account/format.js";
import { renderMyGames } from "./account/my-games.js";
import { turnBadge } from "./shell/turn-badge.js";
import { renderMeet } from "./meet/meet.js";
import { mountLearn } from "./learn/page.js";

let lang: Lang = currentLang();
let unmount: (() => void) | null = null;

function header(): HTMLElement {
  const other: Lang = lang === "en" ? "fr" : "en";
  return el(
    "nav",
    { class: "topbar" },
    el("a", { class: "brand", href: "#/" }, el("img", { src: "favicon.svg", alt: "", width: 28, height: 28 }), "Souk"),
    el("a", { href: "#/" }, t(lang, "nav.home")),
    el(
      "a",
      { href: "#/meet", "data-nav": "meet", "aria-label": t(lang, "nav.meet") },
      el("span", { class: "nav-long" }, t(lang, "nav.meet")),
      el("span", { class: "nav-short", "aria-hidden": "true" }, t(lang, "nav.meet.short")),
    ),
    ...WEB_GAMES.map((game) => el("a", { href: `#/rules/${game}` }, `${t(lang, "nav.rules")} ${gameTitle(lang, game)}`)),
    el(
      "button",
      {
        class: "lang",
        "data-action": "lang",
        lang: other,
        "aria-label": t(lang, "nav.lang.label"),
        onclick: () => {
          lang = other;
          setLang(lang);
          route();
        },
      },
      t(lang, "nav.lang"),
    ),
    turnBadge(lang),
    accountEntry(lang, route),
  );
}

function route(): void {
  unmount?.();
  unmount = null;
  document.documentElement.lang = lang;
  const app = document.getElementById("app")!;
  clear(app);
  app.appendChild(header());
  const main = el("main", { id: "main" });
  app.appendChild(main);
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [page, id, extra] = parts;
  if (page === "game" && id) unmount = mountGame(main, id, lang, "play");
  else if (page === "watch" && id) unmount = mountGame(main, id, lang, "watch");
  else if (page === "join" && id && extra) renderJoin(main, id, extra, lang);
  else if (page === "replay" && id) unmount = mountReplay(main, id, lang);
  else if (page === "review" && id) unmount = mountReview(main, id, lang);
  else if (page === "signin") renderSignIn(main, lang, id, route);
  else if (page === "account" && !id) renderAccount(main, lang, route);
  else if (page === "players" && id) unmount = renderProfile(main, lang, id);
  else if (page === "leaderboard") unmount = renderLeaderboard(main, lang, id || POOLS[0], Math.max(1, Math.floor(Number(extra ?? 1)) || 1));
  else if (page === "my-games" && !id) unmount = renderMyGames(main, lang, route);
  else if (page === "meet" && !id) unmount = renderMeet(main, lang);
  else if (page === "learn") unmount = mountLearn(main, lang, parts.slice(1).filter((p) => p !== ""));
  else if (page === "rules" && id && isWebGame(id)) {
    document.title = `${t(lang, "nav.rules")} ${gameTitle(lang, id)} · Souk`;
    renderRules(main, id, lang);
  } else if (page === "" || page === undefined) {
    document.title = "Souk";
    unmount = renderLobby(main, lang);
  } else {
    // A route this app does not know: said, with the way home.
    document.title = `${t(lang, "route.unknown")} · Souk`;
    main.appendChild(deadEnd(lang, t(lang, "route.unknown")));
  }
}

window.addEventListener("hashchange", route);
route();
