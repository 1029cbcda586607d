// A pool's leaderboard (#/leaderboard/POOL[/PAGE]): fifty players a page, a pager,
// and the reader's own rank, highlighted in the table when it is on the page.
import type { Lang } from "../contract.js";
import { ApiError } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { deadEnd } from "../shell/deadend.js";
import { accounts, type Leaderboard } from "./api.js";
import { errorText, leaderboardHref, pagerPages, poolName, POOLS, ratingText } from "./format.js";
import { playerName } from "./game-list.js";
import { signedInHint } from "./session.js";

function poolTabs(lang: Lang, current: string): HTMLElement {
  return el(
    "nav",
    { class: "pool-tabs", "aria-label": t(lang, "board.pools") },
    ...POOLS.map((pool) =>
      el("a", { class: pool === current ? "button primary" : "button", href: leaderboardHref(pool), "aria-current": pool === current ? "page" : null }, poolName(lang, pool)),
    ),
  );
}

function pager(lang: Lang, b: Leaderboard): HTMLElement | null {
  if (b.pages <= 1) return null;
  const link = (page: number, label: string, rel: string | null = null) =>
    el("a", { class: page === b.page ? "button primary" : "button", href: leaderboardHref(b.pool, page), rel, "aria-current": page === b.page ? "page" : null }, label);
  return el(
    "nav",
    { class: "pager", "aria-label": t(lang, "board.pager"), "data-role": "pager" },
    b.page > 1 ? link(b.page - 1, t(lang, "board.prev"), "prev") : null,
    ...pagerPages(b.page, b.pages).map((p) => (p === null ? el("span", { class: "muted" }, "…") : link(p, String(p)))),
    b.page < b.pages ? link(b.page + 1, t(lang, "board.next"), "next") : null,
    el("span", { class: "muted" }, t(lang, "board.page", { page: b.page, pages: b.pages })),
  );
}

function table(lang: Lang, b: Leaderboard, me: string | null): HTMLElement {
  if (!b.entries.length) return el("p", { class: "muted" }, t(lang, "board.empty"));
  const mine = (name: string) => me !== null && name.toLowerCase() === me.toLowerCase();
  return el(
    "table",
    { class: "leaderboard", "data-role": "leaderboard" },
    el("thead", {}, el("tr", {}, ...(["board.rank", "board.player", "board.rating", "board.games"] as const).map((k) => el("th", { scope: "col" }, t(lang, k))))),
    el(
      "tbody",
      {},
      ...b.entries.map((e) =>
        el(
          "tr",
          { class: mine(e.name) ? "me" : "", "aria-current": mine(e.name) ? "true" : null },
          el("td", {}, String(e.rank)),
          el("td", {}, playerName(e.name, e.name)),
          el("td", { title: `± ${Math.round(e.deviation)}` }, ratingText({ rating: e.rating, provisional: false })),
          el("td", {}, String(e.games)),
        ),
      ),
    ),
  );
}

export function renderLeaderboard(root: HTMLElement, lang: Lang, pool: string, page: number): () => void {
  const name = poolName(lang, pool);
  document.title = `${t(lang, "board.title", { pool: name })} · Souk`;
  const box = el("div", { class: "leaderboard-page" }, el("p", { class: "muted" }, t(lang, "acct.loading")));
  root.append(poolTabs(lang, pool), box);
  let stopped = false;
  void accounts.leaderboard(pool, page).then(
    (b) => {
      if (stopped) return;
      clear(box);
      const me = b.me
        ? el("p", { class: "my-rank", "data-role": "my-rank" }, t(lang, "board.me", { rank: b.me.rank, rating: ratingText({ rating: b.me.rating, provisional: false }) }))
        : signedInHint() !== null
          ? el("p", { class: "muted", "data-role": "my-rank" }, t(lang, "board.me.none"))
          : null;
      const bar = pager(lang, b);
      box.append(el("h1", {}, t(lang, "board.title", { pool: name })), ...(me ? [me] : []), table(lang, b, signedInHint()), ...(bar ? [bar] : []));
    },
    (err) => {
      if (stopped) return;
      clear(box);
      const missing = err instanceof ApiError && (err.raw === "no_such_pool" || err.code === "not_found");
      box.appendChild(deadEnd(lang, missing ? t(lang, "err.no_such_pool") : errorText(lang, err)));
    },
  );
  return () => {
    stopped = true;
  };
}
