// The Marrakech moves a seat makes by pointing: an orientation (one of the `legal`
// three), or a carpet on two squares picked one after the other among the legal
// placements. The engine alone decides legality: this only picks among `legal`, and
// names a pair it does not list so that the engine can say why. No DOM here: node's
// unit tests use it.
import { squareXY } from "./geometry.js";

export type Orientation = "left" | "straight" | "right";
export const ORIENTATIONS: readonly Orientation[] = ["left", "straight", "right"];

export interface Placement {
  move: string; // canonical text, "place c3 d3"
  a: string;
  b: string;
}

// The moves `legal` offers, by kind.
export function legalMoves(legal: readonly string[]): { placements: Placement[]; orients: Orientation[] } {
  const placements: Placement[] = [];
  const orients: Orientation[] = [];
  for (const move of legal) {
    const parts = move.trim().split(/\s+/);
    if (parts[0] === "place" && parts.length === 3) placements.push({ move, a: parts[1], b: parts[2] });
    else if ((ORIENTATIONS as readonly string[]).includes(move)) orients.push(move as Orientation);
  }
  return { placements, orients };
}

export function adjacent(s1: string, s2: string): boolean {
  const [x1, y1] = squareXY(s1);
  const [x2, y2] = squareXY(s2);
  return Math.abs(x1 - x2) + Math.abs(y1 - y2) === 1;
}

// A carpet's canonical text: its first square in row-major order first (docs/formats.md).
export function placeMove(s1: string, s2: string): string {
  const [x1, y1] = squareXY(s1);
  const [x2, y2] = squareXY(s2);
  return y1 * 7 + x1 < y2 * 7 + x2 ? `place ${s1} ${s2}` : `place ${s2} ${s1}`;
}

export type Ghost = { placement: Placement; kind: "chosen" | "faint" | "hint" };

// Picking a carpet's two squares among the legal placements.
export class CarpetPicker {
  first: string | null = null;
  second: string | null = null;
  // Every square some legal placement covers.
  readonly squares: ReadonlySet<string>;

  constructor(readonly placements: readonly Placement[]) {
    this.squares = new Set(placements.flatMap((p) => [p.a, p.b]));
  }

  through(square: string): Placement[] {
    return this.placements.filter((p) => p.a === square || p.b === square);
  }

  // The squares that make a legal carpet with the first one picked.
  partners(): Set<string> {
    const first = this.first;
    return new Set(first ? this.through(first).map((p) => (p.a === first ? p.b : p.a)) : []);
  }

  private between(s1: string, s2: string): Placement | null {
    return this.placements.find((p) => (p.a === s1 && p.b === s2) || (p.a === s2 && p.b === s1)) ?? null;
  }

  // The placement both squares picked make.
  chosen(): Placement | null {
    return this.first && this.second ? this.between(this.first, this.second) : null;
  }

  clear(): void {
    this.first = this.second = null;
  }

  // A square picked: the first again unpicks both, the second again unpicks it, a
  // partner of the first completes the carpet, another square of a legal placement
  // starts again from it. Returns the move to ask the engine about when the square and
  // the first make a carpet's shape that `legal` does not list (for its reason), else null.
  pick(square: string): string | null {
    if (square === this.first) this.clear();
    else if (square === this.second) this.second = null;
    else if (this.first && this.partners().has(square)) this.second = square;
    else if (this.through(square).length > 0) {
      this.first = square;
      this.second = null;
    } else if (this.first && adjacent(this.first, square)) return placeMove(this.first, square);
    return null;
  }

  // The carpets to draw faintly on the board, in order: the one picked; or, with one
  // square picked, the one the pointer completes or else every one through it; or with
  // none, every one through the square pointed at, and the hinted move's.
  ghosts(hover: string | null, hinted: string | null): Ghost[] {
    const ghosts: Ghost[] = [];
    const pick = this.chosen();
    if (pick) ghosts.push({ placement: pick, kind: "chosen" });
    else if (this.first) {
      const completed = hover && this.partners().has(hover) ? this.between(this.first, hover) : null;
      if (completed) ghosts.push({ placement: completed, kind: "chosen" });
      else for (const placement of this.through(this.first)) ghosts.push({ placement, kind: "faint" });
    } else if (hover && this.squares.has(hover)) {
      for (const placement of this.through(hover)) ghosts.push({ placement, kind: "faint" });
    }
    if (!this.first && hinted) {
      const placement = this.placements.find((p) => p.move === hinted);
      if (placement) ghosts.push({ placement, kind: "hint" });
    }
    return ghosts;
  }
}
