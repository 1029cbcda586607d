// The Marrakech board's coordinates: squares by name ("c3": column c, row 3) and by
// [x, y] from the top left, their centres in the board drawing's units, and the carpets
// the board shows. No DOM here: node's unit tests use it.
import type { MarrakechCell } from "../contract.js";

// One square is 100 units; the margin holds the border track's arcs and the coordinates.
export const CELL = 100;
export const M = 92;
export const SIZE = 7 * CELL + 2 * M;

export const cx = (x: number): number => M + x * CELL + CELL / 2;
export const cy = (y: number): number => M + y * CELL + CELL / 2;
export const squareName = (x: number, y: number): string => String.fromCharCode(97 + x) + String(y + 1);
export function squareXY(name: string): [number, number] {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}
export const onBoard = (x: number, y: number): boolean => x >= 0 && x < 7 && y >= 0 && y < 7;

export interface ShownCarpet {
  a: [number, number];
  b: [number, number] | null; // null: only one half still shows
  color: number;
  carpet: number;
}

// The carpets the board shows, in row-major order of their first square: a carpet's two
// halves share its id; a half covered by another carpet leaves the other alone.
export function shownCarpets(board: readonly (readonly (MarrakechCell | null)[])[]): ShownCarpet[] {
  const carpets: ShownCarpet[] = [];
  const seen = new Set<string>();
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const c = board[y]?.[x];
      const name = squareName(x, y);
      if (!c || seen.has(name)) continue;
      seen.add(name);
      let other: [number, number] | null = null;
      for (const [dx, dy] of [[1, 0], [0, 1]]) {
        const o = board[y + dy]?.[x + dx];
        if (o && o.carpet === c.carpet && !seen.has(squareName(x + dx, y + dy))) {
          other = [x + dx, y + dy];
          break;
        }
      }
      if (other) seen.add(squareName(other[0], other[1]));
      carpets.push({ a: [x, y], b: other, color: c.color, carpet: c.carpet });
    }
  }
  return carpets;
}
