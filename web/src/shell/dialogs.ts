// The game page's dialogs: a Jaipur round's scoring, and the end of the game (the
// winner with a brief celebration, the scores, the seals and the last round for Jaipur,
// each Marrakech score's squares and dirhams, "play again"; closable to study the table).
import type { Lang, RoundEnd, StateMessage } from "../contract.js";
import { clear, el } from "../dom.js";
import { plural, t } from "../i18n/t.js";

type SeatName = (seat: number) => string;

// Shows `content` in the dialog layer, its first button focused.
export function openDialog(layer: HTMLElement, content: HTMLElement): void {
  clear(layer);
  layer.appendChild(content);
  layer.hidden = false;
  content.querySelector<HTMLElement>("button")?.focus();
}

// A round's scoring, player by player: goods tokens, bonus tokens, the camel token; the seal.
function roundLines(lang: Lang, seatName: SeatName, r: RoundEnd): HTMLElement[] {
  const rows = r.rupees.map((n, p) => {
    const parts = ` (${t(lang, "round.parts", { goods: r.goods[p], bonus: r.bonus[p], camel: r.camel[p] })})`;
    return el("li", {}, plural(lang, "round.rupees", n, { name: seatName(p) }) + parts);
  });
  return [
    el("ul", { class: "breakdown" }, ...rows),
    el("p", {}, r.camel_token === null ? t(lang, "round.camel.none") : t(lang, "round.camel", { name: seatName(r.camel_token) })),
    el("p", {}, r.seal === null ? t(lang, "round.seal.none") : t(lang, "round.seal", { name: seatName(r.seal) })),
  ];
}

export function roundSummary(lang: Lang, seatName: SeatName, round: number, r: RoundEnd, close: () => void): HTMLElement {
  return el(
    "div",
    { class: "dialog", role: "dialog", "aria-modal": "true", "data-role": "round-summary" },
    el("h2", {}, t(lang, "round.title", { n: round })),
    ...roundLines(lang, seatName, r),
    el("button", { class: "primary", "data-action": "close-round", onclick: close }, t(lang, "round.close")),
  );
}

export interface SummaryOptions {
  seatName: SeatName;
  hotseat: boolean; // nobody is "you"
  gameId: string;
  playAgain: (() => void) | null; // null: this browser holds no seat
  close: () => void; // back to the final table
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
  let scores = (msg.scores ?? []).map((s, p) => el("li", {}, t(lang, "score.line", { name: o.seatName(p), score: s })));
  if (msg.game === "marrakech" && msg.scores) {
    // As the core counts it: visible squares plus dirhams.
    scores = msg.view.players.map((b, p) =>
      el(
        "li",
        { "data-role": "breakdown", "data-seat": p },
        t(lang, "story.breakdown", {
          name: o.seatName(p),
          squares: plural(lang, "story.squares", b.squares),
          dirhams: plural(lang, "dirhams", b.dirhams),
          score: b.score,
        }),
      ),
    );
  }
  const extra: HTMLElement[] = [];
  if (msg.reveal && msg.game === "jaipur") extra.push(el("p", { class: "muted" }, t(lang, "story.revealed")));
  // The winner's moment: for the one who won, and for anyone watching them win (hot-seat, a spectator).
  const celebrate = msg.winners.length > 0 && (o.hotseat || msg.seat === null || msg.winners.includes(msg.seat));
  if (msg.game === "jaipur") {
    const seals = msg.view.players.map((p, i) => `${o.seatName(i)} ${p.seals}`).join(" · ");
    extra.push(el("p", {}, t(lang, "score.seals", { seals })));
    if (msg.event?.round_end) extra.push(el("h3", {}, t(lang, "round.last")), ...roundLines(lang, o.seatName, msg.event.round_end));
  }
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
      o.playAgain && el("button", { class: "primary", "data-action": "play-again", onclick: o.playAgain }, t(lang, "game.again")),
      el("a", { class: "button", href: `#/replay/${o.gameId}`, "data-action": "replay" }, t(lang, "game.replay")),
      el("a", { class: "button", href: "#/" }, t(lang, "game.home")),
      el("button", { "data-action": "close-summary", onclick: o.close }, t(lang, "story.end.study")),
    ),
  );
}
