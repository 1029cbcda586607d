// A list of game summaries (a profile's recent games, "my games"): the game, its
// players (an account's name links to its profile), the scores and result once over,
// rated or not, and the link on: the table of a game in progress, the replay of a
// finished one.
import type { Lang } from "../contract.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";
import { gameTitle, isWebGame } from "../games.js";
import type { GameSummary } from "./api.js";
import { dateTimeText, profileHref, resultWord, summaryHref } from "./format.js";

export const gameLabel = (lang: Lang, game: string): string => (isWebGame(game) ? gameTitle(lang, game) : game);

// A player's name: a link to the profile of an account, plain text for a guest or bot.
export function playerName(name: string, account: string | null | undefined): HTMLElement {
  return account
    ? el("a", { href: profileHref(account), class: "player-link", "data-role": "player-link" }, account)
    : el("span", { class: "player-name" }, name);
}

function seatsOf(g: GameSummary): HTMLElement {
  const box = el("span", { class: "opponents", "data-role": "seats" });
  g.seats.forEach((s, i) => {
    if (i) box.append(", ");
    box.append(playerName(s.name, s.account));
    if (s.score !== null && s.score !== undefined) box.append(` ${s.score}`);
  });
  return box;
}

function row(lang: Lang, g: GameSummary): HTMLLIElement {
  const result = g.abandoned ? t(lang, "mine.abandoned") : resultWord(lang, g.result);
  return el(
    "li",
    { "data-game": g.id, class: g.result ? `result-${g.result}` : "" },
    el("span", { class: "game-name" }, gameLabel(lang, g.game)),
    g.rated ? el("span", { class: "rated-tag", "data-role": "rated" }, t(lang, "rated.tag")) : null,
    seatsOf(g),
    result ? el("span", { class: "turn result", "data-role": "result" }, result) : null,
    el("span", { class: "muted" }, dateTimeText(lang, g.updated_at)),
    el(
      "span",
      { class: "row-actions" },
      el("a", { class: "button", href: summaryHref(g), "data-action": g.finished ? "replay" : "open" }, t(lang, g.finished ? "home.replay" : "home.open")),
    ),
  );
}

export function gameList(lang: Lang, games: readonly GameSummary[], role: string): HTMLElement {
  if (!games.length) return el("p", { class: "muted", "data-role": role }, t(lang, "mine.none"));
  return el("ul", { class: "games", "data-role": role }, ...games.map((g) => row(lang, g)));
}

// "Profiles: Ann_Lee, Bob_Ray": a link to the profile of each account seated in a game
// (a game page, a replay); null when no account is seated, so a guests' game is unchanged.
export function profileLinks(lang: Lang, seats: readonly { account?: string | null }[]): HTMLElement | null {
  const names = seats.map((s) => s.account).filter((a): a is string => typeof a === "string" && a !== "");
  if (!names.length) return null;
  const line = el("p", { class: "profile-links", "data-role": "profile-links" }, t(lang, "profiles.links"), " ");
  names.forEach((name, i) => {
    if (i) line.append(", ");
    line.append(playerName(name, name));
  });
  return line;
}
