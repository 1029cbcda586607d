// The Marrakech screen's drawings, all SVG made for this app: the carpets' colour-blind-
// safe colours and patterns, the board's frame and border track, Assam, a carpet, the
// die, a colour swatch, a coin.
import type { Lang } from "../contract.js";
import { svg } from "../dom.js";
import { t } from "../i18n/t.js";
import type { Orientation } from "./moves.js";
import { CELL, M, SIZE, cx, cy } from "./geometry.js";

// The carpets' colours, named as the terminal names them (red, blue, yellow, green) and
// drawn so that the names are true; apart in lightness as well as hue, and each with a
// pattern of its own, for colour-blind players. Then their dark edges.
export const CARPET_COLOURS = ["#C8302C", "#0072B2", "#F0C20A", "#009E73"];
const DARK = ["#7a1a18", "#004a75", "#8a6a00", "#00664b"];

// A carpet colour's name; a colour the app does not know, as its number.
export function colourName(lang: Lang, colour: number): string {
  return colour >= 0 && colour < 4 ? t(lang, `mk.colour.${colour as 0 | 1 | 2 | 3}`) : String(colour);
}

// The carpets' patterns, one per colour so that colour is never the only clue, and the
// board's sand; ids prefixed by the screen's `uid`.
export function drawPatterns(parent: SVGDefsElement, uid: string): void {
  const mk = (i: number, wdt: number, hgt: number, extra: Record<string, string | number> = {}) => {
    const p = svg("pattern", { id: `${uid}-pat${i}`, patternUnits: "userSpaceOnUse", width: wdt, height: hgt, ...extra }, parent);
    svg("rect", { width: wdt, height: hgt, fill: CARPET_COLOURS[i] }, p);
    return p;
  };
  // 0 red: diagonal stripes
  const p0 = mk(0, 18, 18, { patternTransform: "rotate(45)" });
  svg("rect", { x: 0, y: 0, width: 7, height: 18, fill: "rgba(255,255,255,0.32)" }, p0);
  // 1 blue: dots
  const p1 = mk(1, 18, 18);
  for (const [x, y] of [[4.5, 4.5], [13.5, 13.5]]) svg("circle", { cx: x, cy: y, r: 3.3, fill: "rgba(255,255,255,0.5)" }, p1);
  // 2 yellow: zigzag, dark on the light colour
  const p2 = mk(2, 20, 14);
  svg("polyline", { points: "0,11 5,3 10,11 15,3 20,11", fill: "none", stroke: "rgba(60,30,0,0.38)", "stroke-width": 3 }, p2);
  // 3 green: cross-hatch
  const p3 = mk(3, 14, 14);
  svg("path", { d: "M0 0L14 14M14 0L0 14", stroke: "rgba(255,255,255,0.42)", "stroke-width": 2.2 }, p3);
  // the board's sand
  const sand = svg("pattern", { id: `${uid}-sand`, patternUnits: "userSpaceOnUse", width: 100, height: 100, x: M, y: M }, parent);
  svg("rect", { width: 100, height: 100, fill: "#f6e7c8" }, sand);
  svg("path", { d: "M50 18 L82 50 L50 82 L18 50 Z", fill: "none", stroke: "#ead3a6", "stroke-width": 2 }, sand);
  svg("circle", { cx: 50, cy: 50, r: 4, fill: "#ead3a6" }, sand);
}

// The board's frame: the border track's arcs, the market's squares, the coordinates.
export function drawFrame(parent: SVGSVGElement, uid: string): void {
  const g = svg("g", { class: "mk-frame", "aria-hidden": "true" }, parent);
  svg("rect", { x: 0, y: 0, width: SIZE, height: SIZE, rx: 34, fill: "#e7cf9f" }, g);
  svg("rect", { x: 10, y: 10, width: SIZE - 20, height: SIZE - 20, rx: 28, fill: "none", stroke: "#c9a56a", "stroke-width": 3 }, g);
  // the border track
  const track = svg("g", { class: "mk-track" }, g);
  const arcs: string[] = [];
  const top = M;
  const bottom = M + 7 * CELL;
  const left = M;
  const rightE = M + 7 * CELL;
  for (const [a, b] of [[0, 1], [2, 3], [4, 5]]) arcs.push(`M${cx(a)} ${top} A50 50 0 0 1 ${cx(b)} ${top}`);
  for (const [a, b] of [[1, 2], [3, 4], [5, 6]]) arcs.push(`M${cx(a)} ${bottom} A50 50 0 0 0 ${cx(b)} ${bottom}`);
  for (const [a, b] of [[0, 1], [2, 3], [4, 5]]) arcs.push(`M${left} ${cy(a)} A50 50 0 0 0 ${left} ${cy(b)}`);
  for (const [a, b] of [[1, 2], [3, 4], [5, 6]]) arcs.push(`M${rightE} ${cy(a)} A50 50 0 0 1 ${rightE} ${cy(b)}`);
  arcs.push(`M${cx(6)} ${top} A50 50 0 1 1 ${rightE} ${cy(0)}`);
  arcs.push(`M${left} ${cy(6)} A50 50 0 1 0 ${cx(0)} ${bottom}`);
  for (const d of arcs) {
    svg("path", { d, class: "mk-arc" }, track);
    svg("path", { d, class: "mk-arc-inner" }, track);
  }
  // the market
  svg("rect", { x: M - 8, y: M - 8, width: 7 * CELL + 16, height: 7 * CELL + 16, rx: 10, fill: "#7a4a22" }, g);
  svg("rect", { x: M, y: M, width: 7 * CELL, height: 7 * CELL, fill: `url(#${uid}-sand)` }, g);
  const grid: string[] = [];
  for (let i = 1; i < 7; i++) {
    grid.push(`M${M + i * CELL} ${M}V${M + 7 * CELL}`);
    grid.push(`M${M} ${M + i * CELL}H${M + 7 * CELL}`);
  }
  svg("path", { d: grid.join(""), stroke: "#c8a46c", "stroke-width": 2, fill: "none" }, g);
  // coordinates
  const labels = svg("g", { class: "mk-coord" }, g);
  for (let i = 0; i < 7; i++) {
    const letter = String.fromCharCode(97 + i);
    svg("text", { x: cx(i), y: M - 66 }, labels).textContent = letter;
    svg("text", { x: cx(i), y: M + 7 * CELL + 66 }, labels).textContent = letter;
    svg("text", { x: M - 72, y: cy(i) }, labels).textContent = String(i + 1);
    svg("text", { x: M + 7 * CELL + 72, y: cy(i) }, labels).textContent = String(i + 1);
  }
}

// Assam seen from above, his arrow pointing the way he faces (north, unrotated).
export function drawAssam(g: SVGGElement): void {
  const body = svg("g", { class: "mk-assam-body" }, g);
  svg("circle", { cx: 3, cy: 5, r: 36, fill: "rgba(0,0,0,0.22)" }, body);
  svg("circle", { cx: 0, cy: 0, r: 35, fill: "#fffaf0", stroke: "#222", "stroke-width": 3.5 }, body);
  // shoulders and robe, seen from above
  svg("ellipse", { cx: 0, cy: 6, rx: 25, ry: 16, fill: "#3d2b56", stroke: "#1a1224", "stroke-width": 2.5 }, body);
  svg("path", { d: "M-6 -8 L0 20 L6 -8", fill: "#d9b45a" }, body);
  // turban
  svg("circle", { cx: 0, cy: 0, r: 13, fill: "#f1ead8", stroke: "#6b5a3a", "stroke-width": 2.5 }, body);
  svg("path", { d: "M-10 -4 Q0 4 10 -4", fill: "none", stroke: "#b59b62", "stroke-width": 2 }, body);
  svg("circle", { cx: 0, cy: 0, r: 3.5, fill: "#b3262e" }, body);
  // the facing
  svg("path", { class: "mk-assam-arrow", d: "M0 -62 L19 -36 L7 -36 L7 -22 L-7 -22 L-7 -36 L-19 -36 Z" }, body);
}

// A carpet on squares a and b (b null: a half left uncovered), as cloth with a fringe at
// its short ends and a medallion over the seam.
export function carpetShape(uid: string, parent: Element, a: [number, number], b: [number, number] | null, colour: number, cls: string): SVGGElement {
  const g = svg("g", { class: cls }, parent);
  const x0 = Math.min(a[0], b ? b[0] : a[0]);
  const y0 = Math.min(a[1], b ? b[1] : a[1]);
  const x1 = Math.max(a[0], b ? b[0] : a[0]);
  const y1 = Math.max(a[1], b ? b[1] : a[1]);
  const horizontal = x1 > x0;
  const vertical = y1 > y0;
  const endInset = 11; // room for the fringe at the short ends
  const sideInset = 5;
  const ix = horizontal ? endInset : sideInset;
  const iy = vertical ? endInset : sideInset;
  const rx = M + x0 * CELL + ix;
  const ry = M + y0 * CELL + iy;
  const rw = (x1 - x0 + 1) * CELL - 2 * ix;
  const rh = (y1 - y0 + 1) * CELL - 2 * iy;
  const fill = colour >= 0 && colour < 4 ? `url(#${uid}-pat${colour})` : "#999";
  const dark = DARK[colour] ?? "#444";
  if (b) {
    // the fringe at both short ends: one piece of cloth over two squares
    const fr: string[] = [];
    if (horizontal) {
      for (let yy = ry + 6; yy <= ry + rh - 5; yy += 9) {
        fr.push(`M${rx} ${yy}h-8M${rx + rw} ${yy}h8`);
      }
    } else {
      for (let xx = rx + 6; xx <= rx + rw - 5; xx += 9) {
        fr.push(`M${xx} ${ry}v-8M${xx} ${ry + rh}v8`);
      }
    }
    svg("path", { d: fr.join(""), class: "mk-fringe", stroke: dark }, g);
  }
  svg("rect", { x: rx, y: ry, width: rw, height: rh, rx: 4, fill, stroke: dark, "stroke-width": 3, class: "mk-cloth" }, g);
  svg("rect", { x: rx + 7, y: ry + 7, width: rw - 14, height: rh - 14, rx: 2, class: "mk-weave" }, g);
  if (b) {
    // a medallion across the seam between the two halves
    const mx = rx + rw / 2;
    const my = ry + rh / 2;
    svg("path", { d: `M${mx} ${my - 16} L${mx + 16} ${my} L${mx} ${my + 16} L${mx - 16} ${my} Z`, class: "mk-medallion", stroke: dark }, g);
  }
  return g;
}

const DIE_PIPS: Record<number, [number, number][]> = {
  1: [[30, 30]],
  2: [[18, 18], [42, 42]],
  3: [[16, 16], [30, 30], [44, 44]],
  4: [[18, 18], [42, 18], [18, 42], [42, 42]],
};

// The die's face: the last roll's pips, or "?" before any roll and "–" for a roll not
// seen (joining part-way).
export function dieFace(roll: number | null, unseen: boolean): SVGSVGElement {
  const s = svg("svg", { viewBox: "0 0 60 60", class: "mk-die-svg", "aria-hidden": "true" });
  svg("rect", { x: 3, y: 3, width: 54, height: 54, rx: 11, class: "mk-die-face" }, s);
  if (roll === null) svg("text", { x: 30, y: 31, class: "mk-die-none" }, s).textContent = unseen ? "–" : "?";
  else for (const [x, y] of DIE_PIPS[roll] ?? []) svg("circle", { cx: x, cy: y, r: 6, class: "mk-pip" }, s);
  return s;
}

// A colour's swatch, in its pattern.
export function swatch(lang: Lang, uid: string, colour: number, wide: boolean, cls = "mk-swatch"): SVGSVGElement {
  const wd = wide ? 64 : 28;
  const s = svg("svg", { viewBox: `0 0 ${wd} 28`, class: cls, role: "img", "aria-label": colourName(lang, colour) });
  svg("rect", { x: 1.5, y: 1.5, width: wd - 3, height: 25, rx: 4, fill: `url(#${uid}-pat${colour})`, stroke: DARK[colour] ?? "#444", "stroke-width": 3 }, s);
  return s;
}

export function coinIcon(): SVGSVGElement {
  const coin = svg("svg", { viewBox: "0 0 20 20", class: "mk-coin", "aria-hidden": "true" });
  svg("circle", { cx: 10, cy: 10, r: 8.5 }, coin);
  svg("circle", { cx: 10, cy: 10, r: 4.5, class: "mk-coin-inner" }, coin);
  return coin;
}

// The arrow on an orientation button.
export function orientIcon(o: Orientation): SVGSVGElement {
  const icon = svg("svg", { viewBox: "0 0 24 24", class: "mk-icon", "aria-hidden": "true" });
  const d = {
    left: "M19 20V12a5 5 0 0 0-5-5H6M10 3 6 7l4 4",
    right: "M5 20V12a5 5 0 0 1 5-5h8M14 3l4 4-4 4",
    straight: "M12 21V4M7 9l5-5 5 5",
  }[o];
  svg("path", { d }, icon);
  return icon;
}
