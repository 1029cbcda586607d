// The Marrakech board, one inline SVG in layers: the frame, the carpets, the tribute's
// squares, the carpets shown faintly while a player points, Assam, the ghost arrow of an
// orientation, and on top the 49 squares as the targets of clicks, pointer and keyboard.
import type { Lang, MarrakechCell } from "../contract.js";
import { svg } from "../dom.js";
import { t } from "../i18n/t.js";
import { carpetShape, colourName, drawAssam, drawFrame, drawPatterns } from "./art.js";
import { CELL, M, SIZE, cx, cy, onBoard, shownCarpets, squareName, squareXY } from "./geometry.js";
import type { Placement } from "./moves.js";

// What a player does to a square: click it (or Enter, Space), point at it or focus it,
// Escape. The arrow keys move the focus from square to square.
export interface SquareHandlers {
  activate(square: string): void;
  // The pointer or the focus comes onto a square (null: leaves `leaving`).
  hover(square: string | null, leaving?: string): void;
  escape(): void;
}

const ARROW_KEYS: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// How a square is marked while a carpet is being placed.
export interface SquareMarks {
  active: boolean; // a carpet is being placed: squares are buttons
  legal: boolean; // some legal placement covers it
  start: boolean; // a place to start from (nothing picked yet)
  partner: boolean; // completes the square picked
  selected: boolean; // picked
}

export class Board {
  readonly element: SVGSVGElement;
  private readonly carpets: SVGGElement;
  private readonly tributes: SVGGElement;
  private readonly ghosts: SVGGElement;
  private readonly assam: SVGGElement;
  private readonly arrow: SVGGElement;
  private readonly squares = new Map<string, SVGGElement>();

  constructor(
    lang: Lang,
    private readonly uid: string,
    on: SquareHandlers,
  ) {
    this.element = svg("svg", { class: "mk-board", viewBox: `0 0 ${SIZE} ${SIZE}`, role: "group", "aria-label": t(lang, "mk.board") });
    drawPatterns(svg("defs", {}, this.element), uid);
    drawFrame(this.element, uid);
    this.carpets = svg("g", { class: "mk-carpets" }, this.element);
    this.tributes = svg("g", { class: "mk-tributes" }, this.element);
    this.ghosts = svg("g", { class: "mk-ghosts" }, this.element);
    this.assam = svg("g", { class: "mk-assam", "aria-hidden": "true" }, this.element);
    drawAssam(this.assam);
    this.arrow = svg("g", { class: "mk-ghost-arrow", visibility: "hidden" }, this.element);
    svg("path", { d: "M0 -100 L26 -68 L11 -68 L11 -38 L-11 -38 L-11 -68 L-26 -68 Z" }, this.arrow);
    const layer = svg("g", { class: "mk-squares" }, this.element);
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 7; x++) {
        const name = squareName(x, y);
        const g = svg("g", { class: "mk-sq", "data-square": name, tabindex: "-1", role: "button" }, layer);
        svg("rect", { x: M + x * CELL + 3, y: M + y * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 8 }, g);
        g.addEventListener("click", () => on.activate(name));
        g.addEventListener("pointerenter", () => on.hover(name));
        g.addEventListener("pointerleave", () => on.hover(null, name));
        g.addEventListener("focus", () => on.hover(name));
        g.addEventListener("blur", () => on.hover(null, name));
        g.addEventListener("keydown", (e) => this.onKey(e, x, y, on));
        this.squares.set(name, g);
      }
    }
  }

  drawCarpets(board: readonly (readonly (MarrakechCell | null)[])[]): void {
    this.carpets.replaceChildren();
    for (const c of shownCarpets(board)) {
      const g = carpetShape(this.uid, this.carpets, c.a, c.b, c.color, c.b ? "mk-carpet" : "mk-carpet mk-half");
      g.setAttribute("data-carpet", String(c.carpet));
    }
  }

  // Draws attention to a carpet just placed.
  flashCarpet(id: number): void {
    this.carpets.querySelector(`[data-carpet="${id}"]`)?.classList.add("mk-flash");
  }

  // A carpet just placed, laid down: at `t` = 0 raised (larger, transparent) above its
  // two squares, at 1 flat in place. The squares are the event's, as it carries them.
  layCarpet(id: number, squares: readonly [string, string], t: number): void {
    const g = this.carpets.querySelector(`[data-carpet="${id}"]`);
    if (!g) return;
    const [a, b] = squares.map((s) => squareXY(s));
    const x = (cx(a[0]) + cx(b[0])) / 2;
    const y = (cy(a[1]) + cy(b[1])) / 2;
    const scale = 1.3 - 0.3 * t;
    if (t >= 1) {
      g.removeAttribute("transform");
      g.removeAttribute("opacity");
      return;
    }
    g.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)}) translate(${(-x).toFixed(1)} ${(-y).toFixed(1)})`);
    g.setAttribute("opacity", t.toFixed(3));
  }

  // Assam at a point of the drawing (his square's centre, or along a step), facing `angle`.
  placeAssam(x: number, y: number, angle: number): void {
    this.assam.setAttribute("transform", `translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${angle.toFixed(2)})`);
  }

  // The squares of the carpet group a tribute paid for (none: cleared).
  showTribute(squares: readonly [number, number][]): void {
    this.tributes.replaceChildren();
    for (const [x, y] of squares) {
      if (!onBoard(x, y)) continue;
      svg("rect", { x: M + x * CELL + 4, y: M + y * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 8, class: "mk-tribute-sq" }, this.tributes);
    }
  }

  // Carpets drawn faintly, in the colour about to be placed.
  showGhosts(ghosts: readonly { placement: Placement; cls: string }[], colour: number): void {
    this.ghosts.replaceChildren();
    for (const { placement, cls } of ghosts)
      carpetShape(this.uid, this.ghosts, squareXY(placement.a), squareXY(placement.b), colour, `mk-ghost ${cls}`);
  }

  // The arrow of an orientation pointed at (or hinted) on Assam's square; null: none.
  showArrow(at: { x: number; y: number; angle: number; hinted: boolean } | null): void {
    if (!at) {
      this.arrow.setAttribute("visibility", "hidden");
      return;
    }
    this.arrow.setAttribute("transform", `translate(${cx(at.x)} ${cy(at.y)}) rotate(${at.angle})`);
    this.arrow.setAttribute("visibility", "visible");
    this.arrow.classList.toggle("mk-ghost-arrow-hint", at.hinted);
  }

  markSquares(marks: (square: string) => SquareMarks, label: (square: string) => string): void {
    for (const [name, g] of this.squares) {
      const m = marks(name);
      g.classList.toggle("mk-legal", m.active && m.start && m.legal);
      g.classList.toggle("mk-partner", m.active && m.partner);
      g.classList.toggle("mk-selected", m.active && m.selected);
      g.classList.toggle("mk-active", m.active);
      g.setAttribute("tabindex", m.active && m.legal ? "0" : "-1");
      if (m.active) g.setAttribute("aria-pressed", m.selected ? "true" : "false");
      else g.removeAttribute("aria-pressed");
      g.setAttribute("aria-label", label(name));
    }
  }

  // While Assam walks: no square marked, no ghost, no tribute yet.
  quiet(): void {
    this.ghosts.replaceChildren();
    this.arrow.setAttribute("visibility", "hidden");
    this.tributes.replaceChildren();
    for (const g of this.squares.values()) g.classList.remove("mk-legal", "mk-partner", "mk-selected", "mk-active");
  }

  private onKey(e: KeyboardEvent, x: number, y: number, on: SquareHandlers): void {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      on.activate(squareName(x, y));
    } else if (e.key === "Escape") {
      on.escape();
    } else if (ARROW_KEYS[e.key]) {
      const [dx, dy] = ARROW_KEYS[e.key];
      if (onBoard(x + dx, y + dy)) {
        e.preventDefault();
        (this.squares.get(squareName(x + dx, y + dy)) as unknown as HTMLElement | undefined)?.focus();
      }
    }
  }

  // A square's label for assistive technology: what covers it, and whether Assam is there.
  static label(lang: Lang, name: string, cell: MarrakechCell | null | undefined, assamHere: boolean): string {
    const content = cell ? t(lang, "mk.carpet", { colour: colourName(lang, cell.color).toLowerCase(), id: cell.carpet }) : t(lang, "mk.empty");
    return t(lang, "label.detail", { label: name, detail: `${content}${assamHere ? `, ${t(lang, "mk.assam")}` : ""}` });
  }
}
