// The rules pages' pictures, drawn with the game screens' own pieces: Jaipur's cards and
// tokens (jaipur/art.ts) and Marrakech's board, carpets and Assam (marrakech/board.ts),
// so that what the rules show is what the table shows.
import type { AssamPosition, Lang, MarrakechCell } from "../contract.js";
import { el, svg } from "../dom.js";
import { t } from "../i18n/t.js";
import { backEl, cardEl, coin } from "../jaipur/art.js";
import { Board } from "../marrakech/board.js";
import { cx, cy } from "../marrakech/geometry.js";
import { ANGLE, stepPath } from "../marrakech/path.js";
import type { Picture } from "./types.js";

// Each picture's SVG pattern ids are its own.
let drawn = 0;

// The opening market: three camels and two goods from the deck, the deck beside them.
function jaipurMarket(lang: Lang): HTMLElement {
  const market = el("div", { class: "jp-market" });
  for (const good of ["camel", "camel", "camel", "diamond", "spice"]) market.append(cardEl(lang, good, {}));
  const deck = el("div", { class: "jp-deck" }, backEl("jp-deck-back"), el("span", {}, el("strong", {}, "40")));
  return el("div", { class: "jaipur rules-jaipur" }, el("div", { class: "jp-board rules-jp-row" }, deck, market));
}

// The leather tokens, highest on top as they are laid out, and a bonus token of each pile.
function jaipurTokens(lang: Lang): HTMLElement {
  const stack = el("span", { class: "jp-stack rules-jp-stack" });
  [4, 3, 2, 1, 1, 1, 1, 1, 1].forEach((v, i) => stack.append(coin(v, `jp-coin-goods jp-g-leather${i === 0 ? " jp-top" : ""}`)));
  const bonus = el("div", { class: "jp-bonus rules-jp-bonus" });
  for (const size of [3, 4, 5] as const) bonus.append(el("span", { class: "rules-jp-bonus-pile" }, coin(size, "jp-coin-bonus jp-coin-hidden"), t(lang, `jp.pile.${size}`)));
  return el("div", { class: "jaipur rules-jaipur" }, el("div", { class: "jp-board rules-jp-row" }, stack, bonus));
}

// A Marrakech board drawn as in play, but a picture: no square takes a click.
function marrakechBoard(lang: Lang, cells: [string, number, number][], assam: AssamPosition): Board {
  const board = new Board(lang, `rules${++drawn}`, { activate: () => {}, hover: () => {}, escape: () => {} });
  const grid: (MarrakechCell | null)[][] = Array.from({ length: 7 }, () => Array<MarrakechCell | null>(7).fill(null));
  for (const [square, color, carpet] of cells) grid[Number(square[1]) - 1][square.charCodeAt(0) - 97] = { color, carpet };
  board.drawCarpets(grid);
  board.placeAssam(cx(assam.x), cy(assam.y), ANGLE[assam.facing]);
  board.element.setAttribute("aria-hidden", "true");
  board.element.classList.add("rules-mk-board");
  return board;
}

// Assam on b2 facing north rolls a 3: b1, over the arc that joins a and b, a1 now facing
// south, then a2.
function assamEdge(lang: Lang): SVGSVGElement {
  const path: AssamPosition[] = [
    { x: 1, y: 1, facing: "N" },
    { x: 1, y: 0, facing: "N" },
    { x: 0, y: 0, facing: "S" },
    { x: 0, y: 1, facing: "S" },
  ];
  const board = marrakechBoard(lang, [], path[path.length - 1]);
  const points: string[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const step = stepPath(path[i], path[i + 1]);
    for (let k = 0; k <= 16; k++) {
      const p = step(k / 16);
      points.push(`${p.x.toFixed(1)},${p.y.toFixed(1)}`);
    }
  }
  const trail = svg("g", { class: "rules-mk-trail" }, board.element);
  svg("polyline", { points: points.join(" ") }, trail);
  path.slice(1).forEach((p, i) => {
    svg("circle", { cx: cx(p.x) + 30, cy: cy(p.y) - 30, r: 17 }, trail);
    const n = svg("text", { x: cx(p.x) + 30, y: cy(p.y) - 30 }, trail);
    n.textContent = String(i + 1);
  });
  return board.element;
}

// Assam stops on d4, in a blue area of four squares: the red player there pays 4 dirhams.
// The blue carpet on f6–g6 does not touch it; the red one on d3–d2 is the payer's own.
function tribute(lang: Lang): SVGSVGElement {
  const board = marrakechBoard(
    lang,
    [
      ["c3", 1, 1], ["c4", 1, 1],
      ["d4", 1, 2], ["e4", 1, 2],
      ["d3", 0, 3], ["d2", 0, 3],
      ["f6", 1, 4], ["g6", 1, 4],
      ["e5", 0, 5], ["f5", 0, 5],
    ],
    { x: 3, y: 3, facing: "E" },
  );
  board.showTribute([[2, 2], [2, 3], [3, 3], [4, 3]]);
  return board.element;
}

export function pictureEl(lang: Lang, picture: Picture): Element {
  switch (picture) {
    case "jaipur-market":
      return jaipurMarket(lang);
    case "jaipur-tokens":
      return jaipurTokens(lang);
    case "assam-edge":
      return assamEdge(lang);
    case "tribute":
      return tribute(lang);
  }
}
