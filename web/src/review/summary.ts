// The review's summary: per player its accuracy, skill and luck, and its flagged moves
// counted, with a line saying what each figure means.
import type { Lang } from "../contract.js";
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import type { GameReview } from "./api.js";
import { percentText, pointsText } from "./moves.js";

export function reviewSummary(lang: Lang, review: GameReview, seatName: (seat: number) => string, colourOf: (seat: number) => string): HTMLElement {
  const head = el(
    "tr",
    {},
    ...(["review.col.player", "review.col.accuracy", "review.col.skill", "review.col.luck", "review.col.flags"] as const).map((key) =>
      el("th", { scope: "col" }, t(lang, key)),
    ),
  );
  const rows = review.players.map((p) =>
    el(
      "tr",
      { "data-role": "review-player", "data-seat": p.seat },
      el("th", { scope: "row" }, el("span", { class: "review-swatch", style: `background: ${colourOf(p.seat)}`, "aria-hidden": "true" }), seatName(p.seat)),
      el("td", { "data-role": "review-accuracy" }, percentText(lang, p.accuracy, 1)),
      el("td", { "data-role": "review-skill" }, pointsText(lang, p.skill)),
      el("td", { "data-role": "review-luck" }, pointsText(lang, p.luck)),
      el(
        "td",
        { class: "review-counts" },
        el("span", { class: "flag-inaccuracy" }, plural(lang, "review.count.inaccuracy", p.inaccuracies)),
        el("span", { class: "flag-mistake" }, plural(lang, "review.count.mistake", p.mistakes)),
        el("span", { class: "flag-blunder" }, plural(lang, "review.count.blunder", p.blunders)),
      ),
    ),
  );
  return el(
    "section",
    { class: "review-summary", "data-role": "review-summary" },
    el("div", { class: "review-scroll" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))),
    el(
      "ul",
      { class: "review-about muted" },
      el("li", {}, t(lang, "review.about.accuracy")),
      el("li", {}, t(lang, "review.about.skill")),
      el("li", {}, t(lang, "review.about.luck")),
    ),
  );
}
