// The Marrakech game screen: the market drawn in one inline SVG (the 7 × 7 squares, the
// border track's arcs, carpets with colour-blind-safe colours and patterns, Assam with his
// facing), the players beside it, and the moves of the seat to move: orienting Assam
// (three buttons) and placing a carpet (two squares picked on the board, then confirmed).
// Every rule stays in the engine: the screen offers exactly the moves of `msg.legal`.
// Rolls are animated (the die, then Assam's walk along `event.path`, then the tribute)
// through a queue that never falls more than about 2.5 s behind the server.

import type {
  AssamPosition,
  Facing,
  GameContext,
  GameScreen,
  Lang,
  MarrakechEvent,
  MarrakechState,
  MarrakechView,
  StateMessage,
} from "./contract.js";
import { el, svg } from "./dom.js";
import { plural, t } from "./i18n/t.js";

// ---------------------------------------------------------------------------------------
// The view: contract.ts (docs/rules/marrakech.md, "Views and hidden information").

type Pos = AssamPosition;
type RollEvent = Extract<MarrakechEvent, { action: "roll" }>;
type PlaceEvent = Extract<MarrakechEvent, { action: "place" }>;

interface Placement {
  move: string;
  a: string;
  b: string;
}

// A carpet colour's name; a colour the app does not know, as its number.
function colourName(lang: Lang, colour: number): string {
  return colour >= 0 && colour < 4 ? t(lang, `mk.colour.${colour as 0 | 1 | 2 | 3}`) : String(colour);
}

// ---------------------------------------------------------------------------------------
// Geometry. One square is 100 units; the margin holds the arcs and the coordinates.

const CELL = 100;
const M = 92;
const SIZE = 7 * CELL + 2 * M;
const COLOURS = ["#D55E00", "#0072B2", "#009E73", "#E69F00"];
const DARK = ["#8a3c00", "#004a75", "#00664b", "#95670a"];
const DIRS: Record<Facing, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const ANGLE: Record<Facing, number> = { N: 0, E: 90, S: 180, W: 270 };
const OPPOSITE: Record<Facing, Facing> = { N: "S", S: "N", E: "W", W: "E" };
const TURN: Record<string, number> = { left: -90, straight: 0, right: 90 };
const ORIENTS = ["left", "straight", "right"] as const;

const facingOf = (f: string): Facing => (f === "E" || f === "S" || f === "W" ? f : "N");
const cx = (x: number): number => M + x * CELL + CELL / 2;
const cy = (y: number): number => M + y * CELL + CELL / 2;
const squareName = (x: number, y: number): string => String.fromCharCode(97 + x) + String(y + 1);
function squareXY(name: string): [number, number] {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}
const onBoard = (x: number, y: number): boolean => x >= 0 && x < 7 && y >= 0 && y < 7;

// A point along one step of Assam's walk, t in [0, 1], with the direction he moves in
// (degrees, 0 = north). A step off the board follows the arc of the border track.
type StepFn = (t: number) => { x: number; y: number; angle: number };

function stepPath(from: Pos, to: Pos): StepFn {
  const f = facingOf(from.facing);
  const [dx, dy] = DIRS[f];
  const x0 = cx(from.x);
  const y0 = cy(from.y);
  const x1 = cx(to.x);
  const y1 = cy(to.y);
  const lerp = (t: number) => ({ x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t, angle: ANGLE[f] });
  if (from.x + dx === to.x && from.y + dy === to.y) return lerp;
  if (onBoard(from.x + dx, from.y + dy)) {
    // Not a step of the track (a path we do not understand): glide.
    const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI + 90;
    return (t) => ({ ...lerp(t), angle });
  }
  const g = facingOf(to.facing);
  const half = CELL / 2;
  const e0x = x0 + dx * half;
  const e0y = y0 + dy * half;
  const [sx, sy] = DIRS[OPPOSITE[g]];
  const e1x = x1 + sx * half;
  const e1y = y1 + sy * half;
  let ccx: number;
  let ccy: number;
  const corner = from.x === to.x && from.y === to.y;
  if (corner) {
    ccx = x0 + dx * half + sx * half;
    ccy = y0 + dy * half + sy * half;
  } else {
    ccx = (e0x + e1x) / 2;
    ccy = (e0y + e1y) / 2;
  }
  const r = Math.hypot(e0x - ccx, e0y - ccy);
  const a0 = Math.atan2(e0y - ccy, e0x - ccx);
  const a1 = Math.atan2(e1y - ccy, e1x - ccx);
  let delta: number;
  if (corner) {
    let d = a1 - a0;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d <= -Math.PI) d += 2 * Math.PI;
    delta = d - Math.sign(d) * 2 * Math.PI;
  } else {
    const mid = a0 + Math.PI / 2;
    delta = Math.cos(mid) * dx + Math.sin(mid) * dy > 0 ? Math.PI : -Math.PI;
  }
  const arcLen = r * Math.abs(delta);
  const total = half + arcLen + half;
  return (t) => {
    const d = t * total;
    if (d <= half) return { x: x0 + dx * d, y: y0 + dy * d, angle: ANGLE[f] };
    if (d <= half + arcLen) {
      const a = a0 + (delta * (d - half)) / arcLen;
      const tangent = a + (Math.sign(delta) * Math.PI) / 2;
      return {
        x: ccx + r * Math.cos(a),
        y: ccy + r * Math.sin(a),
        angle: (tangent * 180) / Math.PI + 90,
      };
    }
    const k = d - half - arcLen;
    return { x: e1x - sx * k, y: e1y - sy * k, angle: ANGLE[g] };
  };
}

// ---------------------------------------------------------------------------------------

let screens = 0;

export function createMarrakechScreen(root: HTMLElement, ctx: GameContext): GameScreen {
  const lang = ctx.lang;
  const uid = `mk${++screens}`;
  // Asked each time: a player may change the setting during a game.
  const motionQuery = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  const reducedMotion = (): boolean => motionQuery?.matches ?? false;

  // ----- the skeleton -----
  const screen = root.appendChild(el("div", { class: "mk-screen" }));
  const boardWrap = screen.appendChild(el("div", { class: "mk-board-wrap" }));
  const board = svg("svg", {
    class: "mk-board",
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    role: "group",
    "aria-label": t(lang, "mk.board"),
  });
  boardWrap.appendChild(board);
  const defs = svg("defs", {}, board);
  drawPatterns(defs);
  drawFrame(board);
  const carpetLayer = svg("g", { class: "mk-carpets" }, board);
  const tributeLayer = svg("g", { class: "mk-tributes" }, board);
  const ghostLayer = svg("g", { class: "mk-ghosts" }, board);
  const assamG = svg("g", { class: "mk-assam", "aria-hidden": "true" }, board);
  drawAssam(assamG);
  const ghostArrow = svg("g", { class: "mk-ghost-arrow", visibility: "hidden" }, board);
  svg("path", { d: "M0 -100 L26 -68 L11 -68 L11 -38 L-11 -38 L-11 -68 L-26 -68 Z" }, ghostArrow);
  const squareLayer = svg("g", { class: "mk-squares" }, board);

  const side = screen.appendChild(el("div", { class: "mk-side" }));
  const statusEl = side.appendChild(el("p", { class: "mk-status" }));
  statusEl.setAttribute("aria-live", "polite");
  const controls = side.appendChild(el("div", { class: "mk-controls" }));
  const rollBox = side.appendChild(el("div", { class: "mk-roll" }));
  const dieEl = rollBox.appendChild(el("div", { class: "mk-die" }));
  dieEl.dataset.role = "die";
  const rollText = rollBox.appendChild(el("div", { class: "mk-roll-text" }));
  const rollCaption = rollText.appendChild(el("div", { class: "mk-roll-caption" }, t(lang, "mk.lastRoll")));
  const noticeEl = rollText.appendChild(el("div", { class: "mk-notice" }));
  noticeEl.setAttribute("aria-live", "polite");
  const playersEl = side.appendChild(el("ul", { class: "mk-players" }));
  playersEl.setAttribute("aria-label", t(lang, "mk.players"));

  // ----- the squares: the hit targets, on top of everything -----
  const squares = new Map<string, SVGGElement>();
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const name = squareName(x, y);
      const g = svg("g", { class: "mk-sq", "data-square": name, tabindex: "-1", role: "button" }, squareLayer);
      svg("rect", { x: M + x * CELL + 3, y: M + y * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 8 }, g);
      g.addEventListener("click", () => activate(name));
      g.addEventListener("pointerenter", () => setHover(name));
      g.addEventListener("pointerleave", () => setHover(null, name));
      g.addEventListener("focus", () => setHover(name));
      g.addEventListener("blur", () => setHover(null, name));
      g.addEventListener("keydown", (e) => onSquareKey(e, x, y));
      squares.set(name, g);
    }
  }

  // ----- state -----
  let msg: MarrakechState | null = null;
  let view: MarrakechView | null = null;
  let placements: Placement[] = [];
  let orients: string[] = [];
  let sel1: string | null = null;
  let sel2: string | null = null;
  let hover: string | null = null;
  let orientHover: string | null = null;
  let sent = false;
  let locked = false; // an animation runs: no moves yet
  // aria-busy tells assistive technology (and the browser tests) that the screen is
  // still catching up with the game: clicks wait for it.
  const markBusy = (): void => screen.setAttribute("aria-busy", locked || busy ? "true" : "false");
  const setLocked = (v: boolean): void => {
    locked = v;
    markBusy();
  };
  let shown: Pos = { x: 3, y: 3, facing: "N" };
  let lastRoll: number | null = null;
  let destroyed = false;
  let why = ""; // the engine's reason a clicked pair is not legal
  const timers = new Set<number>();
  const frames = new Set<number>();
  const queue: { msg: MarrakechState; animate: boolean; t: number }[] = [];
  let busy = false;
  const settledWaiters: (() => void)[] = [];

  placeAssam(shown.x, shown.y, ANGLE.N);
  drawDie();

  // ----- drawing helpers -----
  function drawPatterns(parent: SVGDefsElement): void {
    const mk = (i: number, wdt: number, hgt: number, extra: Record<string, string | number> = {}) => {
      const p = svg("pattern", { id: `${uid}-pat${i}`, patternUnits: "userSpaceOnUse", width: wdt, height: hgt, ...extra }, parent);
      svg("rect", { width: wdt, height: hgt, fill: COLOURS[i] }, p);
      return p;
    };
    // 0 vermillion: diagonal stripes
    const p0 = mk(0, 18, 18, { patternTransform: "rotate(45)" });
    svg("rect", { x: 0, y: 0, width: 7, height: 18, fill: "rgba(255,255,255,0.32)" }, p0);
    // 1 blue: dots
    const p1 = mk(1, 18, 18);
    for (const [x, y] of [[4.5, 4.5], [13.5, 13.5]]) svg("circle", { cx: x, cy: y, r: 3.3, fill: "rgba(255,255,255,0.5)" }, p1);
    // 2 bluish green: zigzag
    const p2 = mk(2, 20, 14);
    svg("polyline", { points: "0,11 5,3 10,11 15,3 20,11", fill: "none", stroke: "rgba(255,255,255,0.5)", "stroke-width": 3 }, p2);
    // 3 yellow-orange: cross-hatch
    const p3 = mk(3, 14, 14);
    svg("path", { d: "M0 0L14 14M14 0L0 14", stroke: "rgba(60,30,0,0.38)", "stroke-width": 2.2 }, p3);
    // the board's sand
    const sand = svg("pattern", { id: `${uid}-sand`, patternUnits: "userSpaceOnUse", width: 100, height: 100, x: M, y: M }, parent);
    svg("rect", { width: 100, height: 100, fill: "#f6e7c8" }, sand);
    svg("path", { d: "M50 18 L82 50 L50 82 L18 50 Z", fill: "none", stroke: "#ead3a6", "stroke-width": 2 }, sand);
    svg("circle", { cx: 50, cy: 50, r: 4, fill: "#ead3a6" }, sand);
  }

  function drawFrame(parent: SVGSVGElement): void {
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

  function drawAssam(g: SVGGElement): void {
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

  function placeAssam(x: number, y: number, angle: number): void {
    assamG.setAttribute("transform", `translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${angle.toFixed(2)})`);
  }

  function setShown(p: Pos): void {
    shown = { x: p.x, y: p.y, facing: facingOf(p.facing) };
    placeAssam(cx(p.x), cy(p.y), ANGLE[facingOf(p.facing)]);
  }

  function carpetShape(parent: Element, a: [number, number], b: [number, number] | null, colour: number, cls: string): SVGGElement {
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

  function drawCarpets(): void {
    carpetLayer.replaceChildren();
    if (!view) return;
    const seen = new Set<string>();
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 7; x++) {
        const c = view.board[y]?.[x];
        const name = squareName(x, y);
        if (!c || seen.has(name)) continue;
        seen.add(name);
        let other: [number, number] | null = null;
        for (const [dx, dy] of [[1, 0], [0, 1]]) {
          const o = view.board[y + dy]?.[x + dx];
          if (o && o.carpet === c.carpet && !seen.has(squareName(x + dx, y + dy))) {
            other = [x + dx, y + dy];
            break;
          }
        }
        if (other) seen.add(squareName(other[0], other[1]));
        const g = carpetShape(carpetLayer, [x, y], other, c.color, other ? "mk-carpet" : "mk-carpet mk-half");
        g.setAttribute("data-carpet", String(c.carpet));
      }
    }
  }

  const DIE_PIPS: Record<number, [number, number][]> = {
    1: [[30, 30]],
    2: [[18, 18], [42, 42]],
    3: [[16, 16], [30, 30], [44, 44]],
    4: [[18, 18], [42, 18], [18, 42], [42, 42]],
  };

  function drawDie(): void {
    dieEl.replaceChildren();
    const s = svg("svg", { viewBox: "0 0 60 60", class: "mk-die-svg", "aria-hidden": "true" });
    dieEl.appendChild(s);
    svg("rect", { x: 3, y: 3, width: 54, height: 54, rx: 11, class: "mk-die-face" }, s);
    if (lastRoll === null) {
      // Joining or jumping into a game part-way, the last roll is not in the view.
      const text = msg && msg.move_count > 0 ? t(lang, "mk.rollUnseen") : t(lang, "mk.noRoll");
      svg("text", { x: 30, y: 31, class: "mk-die-none" }, s).textContent = msg && msg.move_count > 0 ? "–" : "?";
      if (!noticeEl.textContent) noticeEl.textContent = text;
      dieEl.setAttribute("aria-label", text);
      dieEl.title = text;
    } else {
      for (const [x, y] of DIE_PIPS[lastRoll] ?? []) svg("circle", { cx: x, cy: y, r: 6, class: "mk-pip" }, s);
      dieEl.setAttribute("aria-label", t(lang, "mk.die", { n: lastRoll }));
      dieEl.title = t(lang, "mk.die", { n: lastRoll });
    }
    dieEl.setAttribute("role", "img");
    dieEl.dataset.roll = lastRoll === null ? "" : String(lastRoll);
  }

  function swatch(colour: number, wide: boolean, cls = "mk-swatch"): SVGSVGElement {
    const wd = wide ? 64 : 28;
    const s = svg("svg", { viewBox: `0 0 ${wd} 28`, class: cls, role: "img", "aria-label": colourName(lang, colour) });
    svg("rect", { x: 1.5, y: 1.5, width: wd - 3, height: 25, rx: 4, fill: `url(#${uid}-pat${colour})`, stroke: DARK[colour] ?? "#444", "stroke-width": 3 }, s);
    return s;
  }

  // ----- the side panel -----
  const seatName = (p: number): string => ctx.seatName(p);
  const isMe = (p: number): boolean => ctx.seat !== null && ctx.seat === p;
  const interactive = (): boolean => !!msg && msg.legal.length > 0 && !sent && !locked;

  function renderStatus(): void {
    if (!view || !msg) return;
    const p = view.to_move;
    const name = p === null ? "" : seatName(p);
    let text = "";
    const mine = msg.legal.length > 0;
    if (view.phase === "game_over" || msg.over) text = t(lang, "mk.over");
    else if (view.phase === "orient") text = mine ? t(lang, "mk.orientMine") : t(lang, "mk.orientOther", { name });
    else if (view.phase === "roll") text = t(lang, "mk.rollOther", { name });
    else if (view.phase === "place") text = mine ? t(lang, "mk.placeMine") : t(lang, "mk.placeOther", { name });
    statusEl.textContent = text;
  }

  function renderPlayers(): void {
    playersEl.replaceChildren();
    if (!view || !msg) return;
    const over = view.phase === "game_over" || msg.over;
    const winners = msg.winners?.length ? msg.winners : (view.winners ?? []);
    const shownSquares = new Map<number, number>();
    for (const row of view.board) for (const c of row) if (c) shownSquares.set(c.color, (shownSquares.get(c.color) ?? 0) + 1);
    view.players.forEach((pl, p) => {
      const li = playersEl.appendChild(el("li", { class: "mk-player" }));
      li.dataset.seat = String(p);
      if (!over && view!.to_move === p) li.classList.add("mk-to-move");
      if (pl.out) li.classList.add("mk-out");
      if (over && winners.includes(p)) li.classList.add("mk-winner");
      const head = li.appendChild(el("div", { class: "mk-player-head" }));
      head.appendChild(el("span", { class: "mk-player-name" }, seatName(p)));
      if (!over && view!.to_move === p) head.appendChild(el("span", { class: "mk-badge mk-badge-turn" }, t(lang, "mk.toMove")));
      if (pl.out) head.appendChild(el("span", { class: "mk-badge mk-badge-out" }, t(lang, "mk.out")));
      if (over && winners.includes(p)) head.appendChild(el("span", { class: "mk-badge mk-badge-win" }, t(lang, "mk.winner")));
      const money = li.appendChild(el("div", { class: "mk-money" }));
      const coin = svg("svg", { viewBox: "0 0 20 20", class: "mk-coin", "aria-hidden": "true" });
      svg("circle", { cx: 10, cy: 10, r: 8.5 }, coin);
      svg("circle", { cx: 10, cy: 10, r: 4.5, class: "mk-coin-inner" }, coin);
      money.appendChild(coin);
      money.appendChild(el("span", {}, plural(lang, "dirhams", pl.dirhams)));
      const cols = li.appendChild(el("div", { class: "mk-colours" }));
      pl.colors.forEach((c, i) => {
        const item = cols.appendChild(el("span", { class: "mk-colour" }));
        item.appendChild(swatch(c, false));
        const left = plural(lang, "mk.left", pl.carpets_left?.[i] ?? 0);
        item.appendChild(el("span", { class: "mk-colour-name" }, colourName(lang, c)));
        item.appendChild(el("span", { class: "mk-colour-left" }, left));
        item.title = `${colourName(lang, c)}: ${left}, ${plural(lang, "mk.squares", shownSquares.get(c) ?? 0)}`;
      });
      const sq = pl.colors.reduce((n, c) => n + (shownSquares.get(c) ?? 0), 0);
      li.appendChild(el("div", { class: "mk-player-squares" }, plural(lang, "mk.squares", sq)));
    });
  }

  function renderControls(): void {
    controls.replaceChildren();
    if (!view || !msg) return;
    if (view.phase === "place" && typeof view.current_carpet === "number") {
      const box = controls.appendChild(el("div", { class: "mk-to-place" }));
      box.appendChild(el("span", { class: "mk-to-place-label" }, t(lang, "mk.toPlace")));
      box.appendChild(swatch(view.current_carpet, true, "mk-swatch mk-swatch-wide"));
      box.appendChild(el("span", { class: "mk-to-place-name" }, colourName(lang, view.current_carpet)));
    }
    if (!interactive()) return;
    if (view.phase === "orient" && orients.length > 0) {
      const row = controls.appendChild(el("div", { class: "mk-orient" }));
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", t(lang, "mk.orientGroup"));
      for (const o of ORIENTS) {
        if (!orients.includes(o)) continue;
        const b = row.appendChild(el("button", { class: "mk-btn mk-orient-btn" }));
        b.type = "button";
        b.dataset.orient = o;
        const icon = svg("svg", { viewBox: "0 0 24 24", class: "mk-icon", "aria-hidden": "true" });
        svg("path", {
          d:
            o === "left"
              ? "M19 20V12a5 5 0 0 0-5-5H6M10 3 6 7l4 4"
              : o === "right"
                ? "M5 20V12a5 5 0 0 1 5-5h8M14 3l4 4-4 4"
                : "M12 21V4M7 9l5-5 5 5",
        }, icon);
        b.appendChild(icon);
        b.appendChild(el("span", {}, t(lang, `move.${o}`)));
        if (ctx.hinted === o) b.classList.add("mk-hinted");
        b.addEventListener("click", () => send(o));
        b.addEventListener("pointerenter", () => setOrientHover(o));
        b.addEventListener("pointerleave", () => setOrientHover(null));
        b.addEventListener("focus", () => setOrientHover(o));
        b.addEventListener("blur", () => setOrientHover(null));
      }
    }
    if (view.phase === "place" && placements.length > 0) {
      const row = controls.appendChild(el("div", { class: "mk-place-row" }));
      const place = row.appendChild(el("button", { class: "mk-btn mk-btn-primary" }));
      place.type = "button";
      place.dataset.action = "place";
      place.textContent = t(lang, "mk.place");
      place.addEventListener("click", () => {
        const p = chosen();
        if (p) send(p.move);
      });
      const clear = row.appendChild(el("button", { class: "mk-btn" }));
      clear.type = "button";
      clear.dataset.action = "clear";
      clear.textContent = t(lang, "mk.clear");
      clear.addEventListener("click", () => {
        sel1 = sel2 = null;
        why = "";
        renderInteractive();
      });
      controls.appendChild(el("p", { class: "mk-help" }));
    }
  }

  // ----- interaction -----
  function chosen(): Placement | null {
    if (!sel1 || !sel2) return null;
    return placements.find((p) => (p.a === sel1 && p.b === sel2) || (p.a === sel2 && p.b === sel1)) ?? null;
  }
  const through = (sq: string): Placement[] => placements.filter((p) => p.a === sq || p.b === sq);
  const partnerOf = (p: Placement, sq: string): string => (p.a === sq ? p.b : p.a);
  const placing = (): boolean => interactive() && view?.phase === "place" && placements.length > 0;

  function ghost(p: Placement, cls: string): void {
    const colour = view?.current_carpet ?? view?.players[view?.to_move ?? 0]?.colors[0] ?? 0;
    carpetShape(ghostLayer, squareXY(p.a), squareXY(p.b), colour, `mk-ghost ${cls}`);
  }

  function renderInteractive(): void {
    if (destroyed) return;
    const active = placing();
    const legalSquares = new Set<string>();
    for (const p of placements) {
      legalSquares.add(p.a);
      legalSquares.add(p.b);
    }
    const partners = new Set<string>(sel1 ? through(sel1).map((p) => partnerOf(p, sel1!)) : []);
    for (const [name, g] of squares) {
      const legal = active && legalSquares.has(name);
      g.classList.toggle("mk-legal", active && !sel1 && legal);
      g.classList.toggle("mk-partner", active && !!sel1 && partners.has(name) && name !== sel2);
      g.classList.toggle("mk-selected", active && (name === sel1 || name === sel2));
      g.classList.toggle("mk-active", active);
      g.setAttribute("tabindex", legal ? "0" : "-1");
      if (active) g.setAttribute("aria-pressed", name === sel1 || name === sel2 ? "true" : "false");
      else g.removeAttribute("aria-pressed");
      g.setAttribute("aria-label", squareLabel(name));
    }
    // ghosts
    ghostLayer.replaceChildren();
    const pending = sent ? chosen() : null;
    if (pending) ghost(pending, "mk-ghost-chosen");
    if (active) {
      const pick = chosen();
      if (pick) ghost(pick, "mk-ghost-chosen");
      else if (sel1) {
        const h = hover && partners.has(hover) ? placements.find((p) => (p.a === sel1 && p.b === hover) || (p.b === sel1 && p.a === hover)) : null;
        if (h) ghost(h, "mk-ghost-chosen");
        else for (const p of through(sel1)) ghost(p, "mk-ghost-faint");
      } else if (hover && legalSquares.has(hover)) {
        for (const p of through(hover)) ghost(p, "mk-ghost-faint");
      }
      if (!sel1 && ctx.hinted) {
        const hp = placements.find((p) => p.move === ctx.hinted);
        if (hp) ghost(hp, "mk-ghost-hint");
      }
    }
    // the orientation ghost arrow
    const o = interactive() && view?.phase === "orient" ? (orientHover ?? (ctx.hinted && orients.includes(ctx.hinted) ? ctx.hinted : null)) : null;
    if (o !== null && TURN[o] !== undefined) {
      const angle = ANGLE[shown.facing as Facing] + TURN[o];
      ghostArrow.setAttribute("transform", `translate(${cx(shown.x)} ${cy(shown.y)}) rotate(${angle})`);
      ghostArrow.setAttribute("visibility", "visible");
      ghostArrow.classList.toggle("mk-ghost-arrow-hint", orientHover === null);
    } else ghostArrow.setAttribute("visibility", "hidden");
    // buttons and help
    const placeBtn = controls.querySelector<HTMLButtonElement>('button[data-action="place"]');
    const clearBtn = controls.querySelector<HTMLButtonElement>('button[data-action="clear"]');
    if (placeBtn) placeBtn.disabled = !chosen();
    if (clearBtn) clearBtn.disabled = !sel1;
    const help = controls.querySelector<HTMLElement>(".mk-help");
    if (help) {
      help.textContent = why || t(lang, chosen() ? "mk.confirm" : sel1 ? "mk.pickSecond" : "mk.pickFirst");
      help.classList.toggle("mk-why", !!why);
    }
  }

  function squareLabel(name: string): string {
    const [x, y] = squareXY(name);
    const c = view?.board[y]?.[x];
    let s = `${name}: ${c ? t(lang, "mk.carpet", { colour: colourName(lang, c.color).toLowerCase(), id: c.carpet }) : t(lang, "mk.empty")}`;
    if (shown.x === x && shown.y === y) s += `, ${t(lang, "mk.assam")}`;
    return s;
  }

  function setHover(name: string | null, leaving?: string): void {
    if (name === null && leaving !== undefined && hover !== leaving) return;
    if (hover === name) return;
    hover = name;
    if (placing()) renderInteractive();
  }

  function setOrientHover(o: string | null): void {
    orientHover = o;
    renderInteractive();
  }

  function activate(name: string): void {
    if (!placing()) return;
    why = "";
    if (name === sel1) {
      sel1 = sel2 = null; // deselect
    } else if (name === sel2) {
      sel2 = null;
    } else if (sel1 && through(sel1).some((p) => partnerOf(p, sel1!) === name)) {
      sel2 = name;
    } else if (through(name).length > 0) {
      sel1 = name;
      sel2 = null;
    } else if (sel1) {
      // Not a legal pair: ask the engine why (adjacent squares only: a carpet's shape).
      const [x1, y1] = squareXY(sel1);
      const [x2, y2] = squareXY(name);
      if (Math.abs(x1 - x2) + Math.abs(y1 - y2) === 1) {
        const [a, b] = y1 * 7 + x1 < y2 * 7 + x2 ? [sel1, name] : [name, sel1];
        const asked = msg;
        ctx.preview(`place ${a} ${b}`).then(
          (r) => {
            if (destroyed || msg !== asked || r.legal || !r.error) return;
            why = r.error;
            renderInteractive();
          },
          () => undefined,
        );
      }
    }
    renderInteractive();
  }

  function onSquareKey(e: KeyboardEvent, x: number, y: number): void {
    const moves: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      activate(squareName(x, y));
    } else if (e.key === "Escape") {
      sel1 = sel2 = null;
      why = "";
      renderInteractive();
    } else if (moves[e.key]) {
      const [dx, dy] = moves[e.key];
      if (onBoard(x + dx, y + dy)) {
        e.preventDefault();
        (squares.get(squareName(x + dx, y + dy)) as unknown as HTMLElement | undefined)?.focus();
      }
    }
  }

  function send(move: string): void {
    if (!interactive() || !msg?.legal.includes(move)) return;
    sent = true;
    orientHover = null;
    ctx.sendMove(move);
    renderControls();
    renderInteractive();
  }

  // ----- events told -----
  function describeRoll(ev: RollEvent): void {
    noticeEl.replaceChildren();
    if (typeof ev.roll !== "number") return;
    const lines: string[] = [
      isMe(ev.seat) ? t(lang, "mk.rolled.you", { roll: ev.roll }) : t(lang, "mk.rolled", { name: seatName(ev.seat), roll: ev.roll }),
    ];
    const tribute = ev.tribute;
    if (tribute && tribute.amount > 0) {
      const dirhams = plural(lang, "dirhams", tribute.amount);
      const [from, to] = [seatName(tribute.from), seatName(tribute.to)];
      lines.push(
        isMe(tribute.from)
          ? t(lang, "mk.pays.you", { dirhams, to })
          : isMe(tribute.to)
            ? t(lang, "mk.pays.toYou", { from, dirhams })
            : t(lang, "mk.pays", { from, dirhams, to }),
      );
    }
    for (const p of ev.out ?? []) lines.push(isMe(p) ? t(lang, "mk.isOut.you") : t(lang, "mk.isOut", { name: seatName(p) }));
    lines.forEach((l, i) => noticeEl.appendChild(el("div", { class: i > 0 ? "mk-notice-strong" : null }, l)));
  }

  function showTribute(ev: RollEvent): void {
    tributeLayer.replaceChildren();
    const sq = ev.tribute?.squares;
    if (!sq || !ev.tribute || ev.tribute.amount <= 0) return;
    for (const s of sq) {
      const [x, y] = s;
      if (!onBoard(x, y)) continue;
      svg("rect", { x: M + x * CELL + 4, y: M + y * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 8, class: "mk-tribute-sq" }, tributeLayer);
    }
  }

  function flashPlaced(ev: PlaceEvent): void {
    const first = ev.squares?.[0];
    if (!first || !view) return;
    const [x, y] = squareXY(first);
    const c = view.board[y]?.[x];
    if (!c) return;
    const g = carpetLayer.querySelector(`[data-carpet="${c.carpet}"]`);
    g?.classList.add("mk-flash");
  }

  // ----- applying states -----
  function applyMsg(m: MarrakechState): void {
    msg = m;
    view = m.view;
    placements = [];
    orients = [];
    for (const mv of m.legal) {
      const parts = mv.trim().split(/\s+/);
      if (parts[0] === "place" && parts.length === 3) placements.push({ move: mv, a: parts[1], b: parts[2] });
      else if (ORIENTS.includes(mv as (typeof ORIENTS)[number])) orients.push(mv);
    }
    sel1 = sel2 = null;
    hover = null;
    orientHover = null;
    why = "";
    sent = false;
  }

  function refreshUI(): void {
    renderStatus();
    renderPlayers();
    renderControls();
    renderInteractive();
    rollCaption.textContent = t(lang, "mk.lastRoll");
  }

  function renderNow(m: MarrakechState, animate: boolean): void {
    applyMsg(m);
    setLocked(false);
    drawCarpets();
    if (view?.assam) setShown(view.assam);
    const ev = m.event;
    if (ev?.action === "roll") {
      if (typeof ev.roll === "number") lastRoll = ev.roll;
      describeRoll(ev);
      showTribute(ev);
    }
    if (ev?.action === "place" && animate) flashPlaced(ev);
    drawDie();
    refreshUI();
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (destroyed) return resolve();
      const id = window.setTimeout(() => {
        timers.delete(id);
        resolve();
      }, ms);
      timers.add(id);
    });
  }

  // Runs fn(t) for t from 0 to 1 over ms, then resolves (at once when destroyed).
  function tween(ms: number, fn: (t: number) => void): Promise<void> {
    return new Promise((resolve) => {
      const start = performance.now();
      let done = false;
      let raf = 0;
      const finish = () => {
        if (done) return;
        done = true;
        window.clearTimeout(fallback);
        timers.delete(fallback);
        if (raf) cancelAnimationFrame(raf);
        frames.delete(raf);
        if (!destroyed) fn(1);
        resolve();
      };
      const tick = (now: number) => {
        frames.delete(raf);
        raf = 0;
        if (done) return;
        if (destroyed) return finish();
        const t = Math.min(1, (now - start) / ms);
        if (t >= 1) return finish();
        fn(t);
        raf = requestAnimationFrame(tick);
        frames.add(raf);
      };
      // A hidden tab runs no frames: finish on a timer too.
      const fallback = window.setTimeout(finish, ms + 400);
      timers.add(fallback);
      raf = requestAnimationFrame(tick);
      frames.add(raf);
    });
  }

  const ease = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);

  async function animateRoll(m: MarrakechState, ev: RollEvent, fast: boolean): Promise<void> {
    const from: Pos = { ...shown };
    applyMsg(m);
    setLocked(true);
    drawCarpets();
    ghostLayer.replaceChildren();
    ghostArrow.setAttribute("visibility", "hidden");
    tributeLayer.replaceChildren();
    for (const g of squares.values()) g.classList.remove("mk-legal", "mk-partner", "mk-selected", "mk-active");
    controls.replaceChildren();
    if (view) statusEl.textContent = t(lang, "mk.rollOther", { name: seatName(ev.seat) });
    if (typeof ev.roll === "number") lastRoll = ev.roll;
    drawDie();
    dieEl.classList.remove("mk-die-rolling");
    void dieEl.offsetWidth;
    dieEl.classList.add("mk-die-rolling");
    noticeEl.replaceChildren();
    await wait(fast ? 200 : 420);
    const final: Pos = view?.assam ?? ev.assam ?? from;
    const stepMs = fast ? 150 : 300;
    const path = ev.path && ev.path.length > 0 ? ev.path : null;
    if (path) {
      let prev = from;
      for (const step of path) {
        if (destroyed) return;
        const fn = stepPath(prev, step);
        await tween(stepMs, (t) => {
          const p = fn(ease(t));
          placeAssam(p.x, p.y, p.angle);
        });
        setShown(step);
        prev = step;
      }
    } else if (from.x !== final.x || from.y !== final.y) {
      const x0 = cx(from.x);
      const y0 = cy(from.y);
      const a = ANGLE[facingOf(from.facing)];
      await tween(stepMs * 1.5, (t) => {
        const k = ease(t);
        placeAssam(x0 + (cx(final.x) - x0) * k, y0 + (cy(final.y) - y0) * k, a);
      });
    }
    setShown(final);
    dieEl.classList.remove("mk-die-rolling");
    describeRoll(ev);
    showTribute(ev);
    setLocked(false);
    refreshUI();
    if (ev.tribute && ev.tribute.amount > 0) await wait(fast ? 300 : 700);
  }

  async function animateOrient(m: MarrakechState): Promise<void> {
    const from: Pos = { ...shown };
    applyMsg(m);
    drawCarpets();
    const to = view?.assam ?? from;
    let a0 = ANGLE[facingOf(from.facing)];
    let a1 = ANGLE[facingOf(to.facing)];
    let d = a1 - a0;
    if (d > 180) d -= 360;
    if (d < -180) d += 360;
    a1 = a0 + d;
    setLocked(true);
    refreshUI();
    if (d !== 0 && from.x === to.x && from.y === to.y) {
      await tween(260, (t) => placeAssam(cx(to.x), cy(to.y), a0 + (a1 - a0) * ease(t)));
    }
    setShown(to);
    setLocked(false);
    refreshUI();
  }

  async function play(m: MarrakechState, animate: boolean, fast: boolean): Promise<void> {
    const ev = m.event;
    if (!animate || !ev) return renderNow(m, false);
    if (ev.action === "roll") return animateRoll(m, ev, fast);
    if (ev.action === "orient") return animateOrient(m);
    renderNow(m, true);
    if (ev.action === "place") await wait(fast ? 120 : 260);
  }

  async function pump(): Promise<void> {
    if (busy) return;
    busy = true;
    markBusy();
    try {
      while (queue.length > 0 && !destroyed) {
        const item = queue.shift()!;
        const late = performance.now() - item.t;
        const hidden = typeof document !== "undefined" && document.hidden;
        const animate = item.animate && !reducedMotion() && !hidden && late < 1200 && queue.length < 3;
        try {
          await play(item.msg, animate, queue.length > 0 || late > 500);
        } catch {
          // Never leave the screen stale: draw the state as it is.
          setLocked(false);
          renderNow(item.msg, false);
        }
      }
    } finally {
      busy = false;
      markBusy();
      for (const resolve of settledWaiters.splice(0)) resolve();
    }
  }

  return {
    update(m: StateMessage, animate: boolean): void {
      if (destroyed || m.game !== "marrakech") return;
      if (!animate) {
        // Jump: drop what was waiting and draw this state now.
        queue.length = 0;
        // A jump (a replay's slider, a reconnect): what an earlier roll showed no longer
        // holds. The same state drawn again (a hint to show) keeps it.
        if (m.move_count !== msg?.move_count) {
          lastRoll = null;
          noticeEl.replaceChildren();
          tributeLayer.replaceChildren();
        }
        if (!busy) {
          renderNow(m, false);
          return;
        }
      }
      queue.push({ msg: m, animate, t: performance.now() });
      void pump();
    },
    settled(): Promise<void> {
      if (!busy) return Promise.resolve();
      return new Promise((resolve) => settledWaiters.push(resolve));
    },
    destroy(): void {
      destroyed = true;
      for (const resolve of settledWaiters.splice(0)) resolve();
      queue.length = 0;
      for (const id of timers) clearTimeout(id);
      timers.clear();
      for (const id of frames) cancelAnimationFrame(id);
      frames.clear();
      screen.remove();
    },
  };
}
