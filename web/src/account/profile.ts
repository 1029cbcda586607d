// A player's profile (#/players/NAME): member since, games played, won, lost and
// drawn, a rating per pool ("1500?" while provisional) with its history drawn as a
// chart, and the recent games with links to their replays.
import type { Lang } from "../contract.js";
import { ApiError } from "../api.js";
import { clear, el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { deadEnd } from "../shell/deadend.js";
import { accounts, type Profile } from "./api.js";
import { ratingChart } from "./chart.js";
import { dateText, errorText, leaderboardHref, poolName, ratingText, totalsText } from "./format.js";
import { gameList } from "./game-list.js";

function ratingsPanel(lang: Lang, p: Profile): HTMLElement {
  const pools = Object.keys(p.ratings);
  const section = el("section", { class: "card-panel", "data-role": "ratings" }, el("h2", {}, t(lang, "profile.ratings")));
  if (!pools.length) {
    section.appendChild(el("p", { class: "muted" }, t(lang, "profile.unrated")));
    return section;
  }
  for (const pool of pools) {
    const r = p.ratings[pool]!;
    const name = poolName(lang, pool);
    section.appendChild(
      el(
        "div",
        { class: "pool-rating", "data-pool": pool },
        el(
          "h3",
          {},
          el("a", { href: leaderboardHref(pool) }, name),
          " ",
          el("span", { class: "rating", "data-role": "rating" }, ratingText(r)),
          " ",
          el("span", { class: "muted" }, plural(lang, "profile.rated.games", r.games)),
        ),
        ratingChart(lang, pool, name, r.history ?? []),
      ),
    );
  }
  if (pools.some((pool) => p.ratings[pool]!.provisional)) section.appendChild(el("p", { class: "muted" }, t(lang, "profile.provisional")));
  return section;
}

export function renderProfile(root: HTMLElement, lang: Lang, name: string): () => void {
  document.title = `${name} · Souk`;
  const box = el("div", { class: "profile-page" }, el("p", { class: "muted" }, t(lang, "acct.loading")));
  root.appendChild(box);
  let stopped = false;
  void accounts.player(name).then(
    (p) => {
      if (stopped) return;
      clear(box);
      box.append(
        // The name as text: whatever a name holds, it never becomes markup.
        el("h1", { "data-role": "profile-name" }, p.name),
        el("p", { class: "muted", "data-role": "member-since" }, t(lang, "account.since", { date: dateText(lang, p.created_at) })),
        el("p", { "data-role": "totals" }, totalsText(lang, p.totals)),
        el(
          "div",
          { class: "profile-panels" },
          ratingsPanel(lang, p),
          el("section", { class: "card-panel" }, el("h2", {}, t(lang, "profile.recent")), gameList(lang, p.recent, "recent")),
        ),
      );
    },
    (err) => {
      if (stopped) return;
      clear(box);
      const missing = err instanceof ApiError && (err.raw === "no_such_player" || err.code === "not_found");
      box.appendChild(deadEnd(lang, missing ? t(lang, "err.no_such_player") : errorText(lang, err)));
    },
  );
  return () => {
    stopped = true;
  };
}
