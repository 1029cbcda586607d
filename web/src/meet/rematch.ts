// The rematch at a game's end (docs/lobby.md): a button that asks for it, and what the
// others have said, asked after every few seconds while the game's summary shows. Once
// everyone has asked, the new game opens.
import type { Lang } from "../contract.js";
import { seats } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";
import { errorText } from "../account/format.js";
import { lobbyApi, type Table } from "./api.js";

const POLL_MS = 3000;

// `token`: this browser's seat token in the finished game (null: the signed-in account holds the seat).
export function rematchBlock(lang: Lang, gameId: string, token: string | null): HTMLElement {
  let mine: string | null = null; // the seat token of the rematch, once asked
  const note = el("span", { class: "muted", "data-role": "rematch-note", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "primary", "data-action": "rematch" }, t(lang, "game.rematch"));
  const block = el("div", { class: "rematch", "data-role": "rematch" }, button, note);
  const show = (tb: Table) => {
    if (tb.state === "started" && tb.game_id !== null && tb.seat !== null && mine) {
      seats.add(tb.game_id, tb.seat, mine);
      location.hash = `#/game/${tb.game_id}`;
      return;
    }
    if (tb.state === "cancelled") {
      note.textContent = t(lang, "game.rematch.declined");
      button.hidden = true;
      return;
    }
    if (tb.state !== "open") return;
    if (mine) {
      note.textContent = t(lang, "game.rematch.waiting");
      button.hidden = true;
      return;
    }
    const asking = tb.seats.find((s) => s.ready);
    if (asking) {
      note.textContent = t(lang, "game.rematch.offer", { name: asking.name });
      button.textContent = t(lang, "game.rematch.accept");
    }
  };
  button.addEventListener("click", () => {
    button.disabled = true;
    void lobbyApi.rematch(gameId, token ?? "").then(
      (r) => {
        if (r.token) mine = r.token;
        show(r.table);
      },
      (err) => {
        button.disabled = false;
        note.textContent = errorText(lang, err);
      },
    );
  });
  // Asked after while the block is on the page (it is put there at once, with the
  // summary): an offer from the others shows; gone from the page, it stops.
  const tick = () => {
    if (!block.isConnected) return;
    void lobbyApi.rematchOf(gameId, mine ?? token ?? undefined).then((r) => r.table && show(r.table), () => undefined);
    setTimeout(tick, POLL_MS);
  };
  setTimeout(tick, 0);
  return block;
}
