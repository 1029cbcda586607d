// A rating history's chart as numbers: where each point goes, the rating axis's ticks
// and the time axis's ends. No DOM here (chart.ts draws it; node's tests check it).
import type { HistoryPoint } from "./api.js";

export interface ChartGeometry {
  width: number;
  height: number;
  // The plot's box inside the picture (room left for the axes' labels).
  plot: { left: number; top: number; right: number; bottom: number };
  points: { x: number; y: number; rating: number; at: string; game: string }[];
  yTicks: { y: number; value: number }[];
  xTicks: { x: number; at: string }[];
}

// Ratings on a scale of round steps (25, 50, 100, 200...) wide enough for `span`.
function step(span: number): number {
  for (const s of [25, 50, 100, 200, 500]) if (span / s <= 5) return s;
  return 1000;
}

export function chartGeometry(history: readonly HistoryPoint[], width = 560, height = 220): ChartGeometry {
  const plot = { left: 48, top: 12, right: width - 12, bottom: height - 28 };
  const ratings = history.map((h) => h.rating);
  const lo0 = ratings.length ? Math.min(...ratings) : 1500;
  const hi0 = ratings.length ? Math.max(...ratings) : 1500;
  const s = step(Math.max(hi0 - lo0, 1));
  let lo = Math.floor(lo0 / s) * s;
  let hi = Math.ceil(hi0 / s) * s;
  if (hi === lo) {
    lo -= s;
    hi += s;
  }
  const times = history.map((h) => Date.parse(h.at));
  const t0 = times.length ? Math.min(...times) : 0;
  const t1 = times.length ? Math.max(...times) : 1;
  // One game, or games at one moment: spread by order rather than by time.
  const byOrder = !(t1 > t0);
  const xOf = (i: number): number => {
    const w = plot.right - plot.left;
    if (history.length <= 1) return plot.left + w / 2;
    const f = byOrder ? i / (history.length - 1) : (times[i]! - t0) / (t1 - t0);
    return plot.left + f * w;
  };
  const yOf = (r: number): number => plot.bottom - ((r - lo) / (hi - lo)) * (plot.bottom - plot.top);
  const points = history.map((h, i) => ({ x: xOf(i), y: yOf(h.rating), rating: h.rating, at: h.at, game: h.game }));
  const yTicks: { y: number; value: number }[] = [];
  for (let v = lo; v <= hi; v += s) yTicks.push({ y: yOf(v), value: v });
  const xTicks = history.length ? [{ x: points[0]!.x, at: history[0]!.at }] : [];
  if (history.length > 1) xTicks.push({ x: points[points.length - 1]!.x, at: history[history.length - 1]!.at });
  return { width, height, plot, points, yTicks, xTicks };
}
