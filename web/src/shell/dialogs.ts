// The game page's dialogs: the end of the game (the winner with a brief celebration,
// the scores as the game's module tells them, with what it adds: Jaipur's seals and last
// round, each Marrakech score's squares and dirhams; "play again"; closable to study the
// table). A dialog a move opens (a Jaipur round's scoring) is its game's (games.ts).
import type { GameEvent, Lang, SeatName, StateMessage } from "../contract.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { webGame } from "../games.js";

// Shows `content` in the dialog layer, its first button focused.
export function openDialog(layer: HTMLElement, content: HTMLElement): void {
  clear(layer);
  layer.appendChild(content);
  layer.hidden = false;
  content.querySelector<HTMLElement>("button")?.focus();
}

export interface SummaryOptions {
  seatName: SeatName;
  hotseat: boolean; // nobody is "you"
  gameId: string;
  playAgain: (() => void) | null; // null: this browser holds no seat
  rematch: HTMLElement | null; // a game between people: the rematch's button and news
  close: () => void; // back to the final table
  story: readonly GameEvent[]; // the game's events, oldest first
}

// A few sparks around the winner's line: brief, CSS only, none with reduced motion
// (story.css). Decoration: hidden from assistive technology.
function celebration(): HTMLElement {
  const sparks = Array.from({ length: 12 }, (_, i) => el("span", { class: "spark", style: `--i: ${i}` }));
  return el("div", { class: "celebration", "aria-hidden": "true", "data-role": "celebration" }, ...sparks);
}

export function gameSummary(lang: Lang, msg: StateMessage, o: SummaryOptions): HTMLElement {
  const names = msg.winners.map((w) => o.seatName(w));
  const headline =
    msg.winners.length > 1
      ? t(lang, "game.winner.shared", { names: names.join(", ") })
      : msg.winners.length === 1 && msg.seat !== null && msg.winners[0] === msg.seat && !o.hotseat
        ? t(lang, "game.winner.you")
        : t(lang, "game.winner.other", { name: names[0] ?? "?" });
  const game = webGame(msg.game);
  const scores =
    game?.finalScores(lang, msg, o.seatName, o.story) ??
    (msg.scores ?? []).map((s, p) => el("li", {}, t(lang, "score.line", { name: o.seatName(p), score: s })));
  const extra = game?.summaryExtra(lang, msg, o.seatName, o.story) ?? [];
  // The winner's moment: for the one who won, and for anyone watching them win (hot-seat, a spectator).
  const celebrate = msg.winners.length > 0 && (o.hotseat || msg.seat === null || msg.winners.includes(msg.seat));
  return el(
    "div",
    { class: "dialog", role: "dialog", "aria-modal": "true", "data-role": "summary" },
    el("h2", {}, t(lang, "game.over")),
    celebrate ? celebration() : null,
    el("p", { class: `headline${celebrate ? " celebrated" : ""}` }, headline),
    el("h3", {}, t(lang, "score.final")),
    el("ul", {}, ...scores),
    ...extra,
    el(
      "div",
      { class: "dialog-actions" },
      o.rematch ?? (o.playAgain && el("button", { class: "primary", "data-action": "play-again", onclick: o.playAgain }, t(lang, "game.again"))),
      el("a", { class: "button", href: `#/replay/${o.gameId}`, "data-action": "replay" }, t(lang, "game.replay")),
      el("a", { class: "button", href: "#/" }, t(lang, "game.home")),
      el("button", { "data-action": "close-summary", onclick: o.close }, t(lang, "story.end.study")),
    ),
  );
}
