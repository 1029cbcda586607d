// The review's win-chance graph as numbers: each seat's line, a marker on each flagged
// decision, the axes' ticks and the selected move's cursor. No DOM here (graph.ts
// draws it; node's tests check it), as account/chart-geometry.ts for ratings.
import type { GameReview, ReviewFlag } from "./api.js";
import { moveCount } from "./moves.js";

export interface GraphPoint {
  x: number;
  y: number;
}

export interface GraphMarker extends GraphPoint {
  ply: number;
  seat: number;
  flag: Exclude<ReviewFlag, "">;
}

export interface GraphGeometry {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  // Point k of a line: the seat's chance after the first k moves.
  lines: { seat: number; points: GraphPoint[] }[];
  markers: GraphMarker[];
  yTicks: { y: number; percent: number }[];
  xTicks: { x: number; move: number }[];
  cursor: { x: number; ply: number } | null;
  moves: number;
}

// Move numbers on a scale of round steps, at most about eight ticks.
function moveStep(moves: number): number {
  for (const s of [1, 2, 5, 10, 20, 25, 50, 100]) if (moves / s <= 8) return s;
  return 200;
}

const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);

// `selected`: the move shown (its index), whose cursor stands after it, as its marker.
export function graphGeometry(review: GameReview, selected: number | null, width = 640, height = 220): GraphGeometry {
  const plot = { left: 48, top: 10, right: width - 10, bottom: height - 26 };
  const moves = moveCount(review);
  const xOf = (k: number): number => plot.left + (moves > 0 ? k / moves : 0.5) * (plot.right - plot.left);
  const yOf = (chance: number): number => plot.bottom - clamp01(chance) * (plot.bottom - plot.top);
  const chanceAt = (k: number, seat: number): number => review.win_chance[k]?.[seat] ?? NaN;

  const seats = Math.max(review.num_players, ...review.win_chance.map((c) => c.length));
  const lines = Array.from({ length: seats }, (_, seat) => ({
    seat,
    points: review.win_chance.map((_, k) => ({ x: xOf(k), y: yOf(chanceAt(k, seat)) })),
  }));
  // A flagged decision's marker stands where its mover's line landed after the move.
  const markers: GraphMarker[] = review.decisions
    .filter((d) => d.flag !== "")
    .map((d) => ({ ply: d.ply, seat: d.seat, flag: d.flag as GraphMarker["flag"], x: xOf(d.ply + 1), y: yOf(chanceAt(d.ply + 1, d.seat)) }));
  const yTicks = [0, 25, 50, 75, 100].map((percent) => ({ y: yOf(percent / 100), percent }));
  const step = moveStep(moves);
  const xTicks: { x: number; move: number }[] = [];
  for (let m = 0; m <= moves; m += step) xTicks.push({ x: xOf(m), move: m });
  const cursor = selected !== null && selected >= 0 && selected < moves ? { x: xOf(selected + 1), ply: selected } : null;
  return { width, height, plot, lines, markers, yTicks, xTicks, cursor, moves };
}

// The move whose point is nearest an x of the picture (a click on the graph).
export function plyAtX(g: GraphGeometry, x: number): number | null {
  if (g.moves <= 0) return null;
  const f = (x - g.plot.left) / (g.plot.right - g.plot.left);
  return Math.min(g.moves - 1, Math.max(0, Math.round(f * g.moves) - 1));
}
