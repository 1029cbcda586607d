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
        // The numbers in their severities' colours (the legend under the graph names
        // them), each with its words for a screen reader and a pointer's tooltip.
        ...([
          ["inaccuracy", p.inaccuracies, plural(lang, "review.count.inaccuracy", p.inaccuracies)],
          ["mistake", p.mistakes, plural(lang, "review.count.mistake", p.mistakes)],
          ["blunder", p.blunders, plural(lang, "review.count.blunder", p.blunders)],
        ] as const).map(([flag, n, words]) =>
          el("span", { class: `review-count flag-${flag}`, "data-flag": flag, title: words, "aria-label": words }, String(n)),
        ),
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
