// A rating history drawn as an SVG: the rating axis with its ticks, the first and last
// dates, the line and a point per rated game (each with its own title). Its title
// says the story in words for screen readers.
import type { Lang } from "../contract.js";
import { svg } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import type { HistoryPoint } from "./api.js";
import { chartGeometry } from "./chart-geometry.js";
import { dateText } from "./format.js";

let serial = 0;

function text(parent: Element, words: string, attrs: Record<string, string | number>): void {
  svg("text", attrs, parent).textContent = words;
}

// `pool`: the pool's id; `label`: its name in words.
export function ratingChart(lang: Lang, pool: string, label: string, history: readonly HistoryPoint[]): SVGSVGElement {
  const g = chartGeometry(history);
  const id = `chart-title-${++serial}`;
  const root = svg("svg", {
    class: "rating-chart",
    viewBox: `0 0 ${g.width} ${g.height}`,
    role: "img",
    "aria-labelledby": id,
    "data-role": "rating-chart",
    "data-pool": pool,
  });
  const first = history[0];
  const last = history[history.length - 1];
  const title =
    first && last
      ? plural(lang, "chart.title", history.length, { pool: label, from: Math.round(first.rating), to: Math.round(last.rating) })
      : t(lang, "chart.empty", { pool: label });
  svg("title", { id }, root).textContent = title;
  const { left, top, right, bottom } = g.plot;
  for (const tick of g.yTicks) {
    svg("line", { x1: left, x2: right, y1: tick.y, y2: tick.y, class: "grid" }, root);
    text(root, String(tick.value), { x: left - 6, y: tick.y + 4, "text-anchor": "end", class: "tick" });
  }
  svg("line", { x1: left, x2: left, y1: top, y2: bottom, class: "axis" }, root);
  svg("line", { x1: left, x2: right, y1: bottom, y2: bottom, class: "axis" }, root);
  g.xTicks.forEach((tick, i) =>
    text(root, dateText(lang, tick.at), { x: tick.x, y: bottom + 18, "text-anchor": g.xTicks.length > 1 ? (i ? "end" : "start") : "middle", class: "tick" }),
  );
  if (g.points.length > 1)
    svg("polyline", { points: g.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "), class: "line" }, root);
  for (const p of g.points) {
    const dot = svg("circle", { cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: 3.5, class: "point" }, root);
    svg("title", {}, dot).textContent = `${dateText(lang, p.at)}: ${Math.round(p.rating)}`;
  }
  return root;
}
