// The win-chance graph drawn as an SVG (its numbers: graph-geometry.ts): a line per
// seat in its colour, the 0–100 % axis, move numbers, a marker per flagged decision in
// its severity's class, and the selected move's cursor. A click on a marker, or
// anywhere on the plot, selects the move under it.
import type { Lang } from "../contract.js";
import { svg } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import type { GameReview } from "./api.js";
import { graphGeometry, plyAtX, type GraphGeometry } from "./graph-geometry.js";
import { flagText } from "./moves.js";

// Seats without colours of their own (a Jaipur seat) take these, in seat order.
const SEAT_PALETTE = ["#b5482a", "#1f5f8b", "#2f7d4a", "#6b4fa0"];

// A seat's line colour: the one its game gives it (WebGame.seatHue), else the palette's.
export function seatColour(seat: number, hue: string | undefined): string {
  return hue ?? SEAT_PALETTE[seat % SEAT_PALETTE.length]!;
}

let serial = 0;

function text(parent: Element, words: string, attrs: Record<string, string | number>): void {
  svg("text", attrs, parent).textContent = words;
}

export interface GraphOptions {
  lang: Lang;
  width: number; // the picture's units: its width on the page, so that its words keep their size
  selected: number | null;
  colourOf: (seat: number) => string;
  seatName: (seat: number) => string;
  select: (ply: number) => void;
}

export function reviewGraph(review: GameReview, o: GraphOptions): SVGSVGElement {
  const g: GraphGeometry = graphGeometry(review, o.selected, o.width, o.width < 480 ? 200 : 220);
  const id = `review-graph-title-${++serial}`;
  const root = svg("svg", {
    class: "review-graph",
    viewBox: `0 0 ${g.width} ${g.height}`,
    role: "img",
    "aria-labelledby": id,
    "data-role": "review-graph",
  });
  svg("title", { id }, root).textContent = plural(o.lang, "review.graph.title", g.moves);
  const { left, top, right, bottom } = g.plot;
  for (const tick of g.yTicks) {
    svg("line", { x1: left, x2: right, y1: tick.y, y2: tick.y, class: tick.percent === 50 ? "grid half" : "grid" }, root);
    text(root, t(o.lang, "review.percent", { n: tick.percent }), { x: left - 5, y: tick.y + 4, "text-anchor": "end", class: "tick" });
  }
  for (const tick of g.xTicks) text(root, String(tick.move), { x: tick.x, y: bottom + 17, "text-anchor": "middle", class: "tick" });
  svg("line", { x1: left, x2: left, y1: top, y2: bottom, class: "axis" }, root);
  svg("line", { x1: left, x2: right, y1: bottom, y2: bottom, class: "axis" }, root);
  if (g.cursor) svg("line", { x1: g.cursor.x, x2: g.cursor.x, y1: top, y2: bottom, class: "cursor", "data-role": "review-cursor", "data-ply": g.cursor.ply }, root);
  for (const line of g.lines) {
    const points = line.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    // A dark halo under each line keeps a light colour (yellow) readable on the page.
    svg("polyline", { points, class: "halo" }, root);
    const drawn = svg("polyline", { points, class: "line", stroke: o.colourOf(line.seat), "data-role": "review-line", "data-seat": line.seat }, root);
    svg("title", {}, drawn).textContent = o.seatName(line.seat);
  }
  for (const m of g.markers) {
    const dot = svg("circle", {
      cx: m.x.toFixed(1),
      cy: m.y.toFixed(1),
      r: m.flag === "blunder" ? 6 : m.flag === "mistake" ? 5 : 4,
      class: `marker flag-${m.flag}${m.ply === o.selected ? " selected" : ""}`,
      "data-role": "review-marker",
      "data-ply": m.ply,
      "data-seat": m.seat,
      "data-flag": m.flag,
    }, root);
    svg("title", {}, dot).textContent = `${t(o.lang, "review.move", { n: m.ply + 1 })} · ${o.seatName(m.seat)} · ${flagText(o.lang, m.flag)}`;
  }
  root.addEventListener("click", (e) => {
    const target = e.target instanceof Element ? e.target.closest("[data-role=review-marker]") : null;
    if (target) return o.select(Number(target.getAttribute("data-ply")));
    // Elsewhere on the plot: the move nearest the click, in the picture's own units.
    const box = root.getBoundingClientRect();
    if (box.width <= 0) return;
    const ply = plyAtX(g, ((e.clientX - box.left) / box.width) * g.width);
    if (ply !== null) o.select(ply);
  });
  return root;
}
