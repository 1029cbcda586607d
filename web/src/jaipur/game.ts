// Jaipur as the shell reaches it (games.ts): its screen, a round's scoring dialog, the
// end's seals and last round, and the last move pointed at on the table.
import type { GameEvent, JaipurEvent, JaipurState, Lang, RoundEnd, SeatName, WebGame } from "../contract.js";
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { roundsOf, sealsOf } from "./rounds.js";
import { createJaipurScreen } from "./screen.js";

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

// A round's end in one line, for the move log and the replay: every player's rupees, the
// camel token, the seal.
export function roundEndLine(lang: Lang, seatName: SeatName, round: number, r: RoundEnd): string {
  const scores = r.rupees.map((n, p) => plural(lang, "round.rupees", n, { name: seatName(p) })).join(", ");
  const camel = r.camel_token === null ? t(lang, "round.camel.none") : t(lang, "round.camel", { name: seatName(r.camel_token) });
  const seal = r.seal === null ? t(lang, "round.seal.none") : t(lang, "round.seal", { name: seatName(r.seal) });
  return t(lang, "round.end", { n: round, scores, camel, seal });
}

// Every round's scores and seal, a line each, for the end's dialog.
function roundsList(lang: Lang, seatName: SeatName, story: readonly GameEvent[]): HTMLElement[] {
  const rounds = roundsOf(story);
  if (rounds.length === 0) return [];
  const items = rounds.map(({ round, end }) => {
    const scores = end.rupees.map((n, p) => t(lang, "round.score", { name: seatName(p), n })).join(", ");
    const seal = end.seal === null ? t(lang, "round.seal.none") : t(lang, "round.seal", { name: seatName(end.seal) });
    return el("li", { "data-round": round }, t(lang, "round.summary", { n: round, scores, seal }));
  });
  return [el("h3", {}, t(lang, "round.rounds")), el("ul", { class: "jp-rounds", "data-role": "rounds" }, ...items)];
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

export const jaipurGame: WebGame<JaipurState> = {
  name: "jaipur",
  createScreen: createJaipurScreen,
  variantLabel: (lang, variant) => variant || t(lang, "home.variant.default"),
  variantOf: () => "",
  seatColours: () => undefined,
  seatHue: () => undefined,
  // A round ended without ending the game: its scoring (the end's dialog tells the last).
  moveDialog(lang, msg, seatName, close) {
    const r = msg.event?.round_end;
    return r && !msg.over ? roundSummary(lang, seatName, msg.view.round - 1, r, close) : null;
  },
  // Jaipur is won on seals: the final scores are each player's seals.
  finalScores: (lang, msg, seatName) =>
    msg.view.players.map((p, i) => el("li", { "data-seat": i }, plural(lang, "score.seals.line", p.seals, { name: seatName(i) }))),
  summaryExtra(lang, msg, seatName, story) {
    const extra: HTMLElement[] = [];
    // Won on time, not on seals: said first, as the seals do not explain the result.
    if (msg.view.timed_out !== undefined)
      extra.push(el("p", { "data-role": "timed-out" }, t(lang, "end.timedOut", { name: seatName(msg.view.timed_out) })));
    if (msg.reveal) extra.push(el("p", { class: "muted" }, t(lang, "story.revealed")));
    extra.push(...roundsList(lang, seatName, story));
    if (msg.event?.round_end) extra.push(el("h3", {}, t(lang, "round.last")), ...roundLines(lang, seatName, msg.event.round_end));
    return extra;
  },
  // After the move that ended a round: the round's end.
  afterEvent(lang, events, i, seatName) {
    const end = (events[i] as JaipurEvent | undefined)?.round_end;
    return end ? roundEndLine(lang, seatName, roundsOf(events.slice(0, i + 1)).length, end) : null;
  },
  // The end in words (the replay's last step): seals, then every round's rupees.
  endWords(lang, _scores, seatName, story) {
    const rounds = roundsOf(story);
    const players = Math.max(2, ...rounds.map((r) => r.end.rupees.length));
    const seals = sealsOf(rounds, players).map((n, p) => plural(lang, "score.seals.line", n, { name: seatName(p) }));
    const each = rounds.map(({ round, end }) =>
      t(lang, "round.short", { n: round, scores: end.rupees.map((r, p) => t(lang, "round.score", { name: seatName(p), n: r })).join(", ") }),
    );
    return each.length ? `${seals.join(", ")} (${each.join("; ")})` : seals.join(", ");
  },
  // The market cards an exchange left, the token pile a sale took from, the mover's hand or herd.
  markLastMove(table, msg, _story, mark) {
    const e = msg.event;
    if (!e || e.chance) return;
    // The move that ended a round is pointed at on the round's end only, never on the
    // next round's deal (an empty token row, a new hand).
    if (e.round_end && !msg.over && !table.querySelector("[data-role=round-over]")) return;
    const player = `.jp-player[data-seat="${e.seat}"]`;
    if (e.action === "exchange") {
      const given: string[] = [...e.given];
      for (const card of table.querySelectorAll<HTMLElement>("[data-role=market] [data-good]")) {
        const k = given.indexOf(card.dataset.good ?? "");
        if (k < 0) continue;
        given.splice(k, 1);
        card.classList.add("story-last");
      }
      mark(`${player} [data-role=hand]`);
    } else if (e.action === "sell") {
      mark(`[data-role=token-piles] [data-good="${e.good}"]`);
      mark(`${player} [data-role=goods-tokens]`);
    } else if (e.action === "camels") {
      mark(`${player} .jp-herd`);
    } else {
      mark(`${player} [data-role=hand]`);
    }
  },
  replayPace: 900,
};
