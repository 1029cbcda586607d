// Jaipur as the shell reaches it (games.ts): its screen, a round's scoring dialog, the
// end's seals and last round, and the last move pointed at on the table.
import type { JaipurState, Lang, RoundEnd, SeatName, WebGame } from "../contract.js";
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
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
  // A round ended without ending the game: its scoring (the end's dialog tells the last).
  moveDialog(lang, msg, seatName, close) {
    const r = msg.event?.round_end;
    return r && !msg.over ? roundSummary(lang, seatName, msg.view.round - 1, r, close) : null;
  },
  finalScores: () => null,
  summaryExtra(lang, msg, seatName) {
    const extra: HTMLElement[] = [];
    if (msg.reveal) extra.push(el("p", { class: "muted" }, t(lang, "story.revealed")));
    const seals = msg.view.players.map((p, i) => `${seatName(i)} ${p.seals}`).join(" · ");
    extra.push(el("p", {}, t(lang, "score.seals", { seals })));
    if (msg.event?.round_end) extra.push(el("h3", {}, t(lang, "round.last")), ...roundLines(lang, seatName, msg.event.round_end));
    return extra;
  },
  // The market cards an exchange left, the token pile a sale took from, the mover's hand or herd.
  markLastMove(table, msg, _story, mark) {
    const e = msg.event;
    if (!e || e.chance) return;
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
