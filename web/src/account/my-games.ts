// "My games" (#/my-games): the signed-in account's games on any device, those in
// progress (to open) and those finished (to replay). A guest is pointed to signing in
// and to the lobby, which lists the games this browser holds.
import type { Lang } from "../contract.js";
import { ApiError } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { accounts } from "./api.js";
import { errorText } from "./format.js";
import { gameList } from "./game-list.js";
import { currentAccount, signedOut } from "./session.js";
import { signInWays } from "./settings.js";

export function renderMyGames(root: HTMLElement, lang: Lang, rerender: () => void): () => void {
  document.title = `${t(lang, "acct.games")} · Souk`;
  const box = el("div", { class: "my-games-page" }, el("p", { class: "muted" }, t(lang, "acct.loading")));
  root.appendChild(box);
  let stopped = false;
  void (async () => {
    const account = await currentAccount();
    if (stopped) return;
    if (!account) {
      clear(box);
      box.appendChild(signInWays(lang, t(lang, "mine.guest")));
      return;
    }
    try {
      const games = await accounts.myGames();
      if (stopped) return;
      clear(box);
      box.append(
        el("h1", {}, t(lang, "acct.games")),
        el(
          "div",
          { class: "profile-panels" },
          el("section", { class: "card-panel" }, el("h2", {}, t(lang, "mine.progress")), gameList(lang, games.in_progress, "in-progress")),
          el("section", { class: "card-panel" }, el("h2", {}, t(lang, "mine.finished")), gameList(lang, games.finished, "finished")),
        ),
      );
    } catch (err) {
      if (stopped) return;
      if (err instanceof ApiError && err.code === "not_signed_in") {
        signedOut();
        rerender();
        return;
      }
      clear(box);
      box.appendChild(el("p", { class: "form-error", role: "alert" }, errorText(lang, err)));
    }
  })();
  return () => {
    stopped = true;
  };
}
