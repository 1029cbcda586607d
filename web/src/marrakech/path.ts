// Assam's walk drawn step by step: where he is along one step of the path the server
// sends, straight across the board or round an arc of the border track, and the way he
// faces. No DOM here: node's unit tests use it.
import type { AssamPosition, Facing } from "../contract.js";
import { CELL, cx, cy, onBoard } from "./geometry.js";

export const DIRS: Record<Facing, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
// Degrees clockwise from north, as the drawing rotates him.
export const ANGLE: Record<Facing, number> = { N: 0, E: 90, S: 180, W: 270 };
const OPPOSITE: Record<Facing, Facing> = { N: "S", S: "N", E: "W", W: "E" };
// What each orientation move turns him by.
export const TURN: Record<string, number> = { left: -90, straight: 0, right: 90 };

export const facingOf = (f: string): Facing => (f === "E" || f === "S" || f === "W" ? f : "N");

// A point along one step, t in [0, 1], with the direction he moves in.
export type Step = (t: number) => { x: number; y: number; angle: number };

// One step from `from` to `to` (the next square of `event.path`). A step off the board
// follows the arc of the border track back onto it: a half circle to the next row or
// column, or, at two corners, three quarters round onto the same square.
export function stepPath(from: AssamPosition, to: AssamPosition): Step {
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
  // Out over the edge by half a square, round the arc, in by half a square.
  const g = facingOf(to.facing);
  const half = CELL / 2;
  const e0x = x0 + dx * half;
  const e0y = y0 + dy * half;
  const [sx, sy] = DIRS[OPPOSITE[g]];
  const e1x = x1 + sx * half;
  const e1y = y1 + sy * half;
  const corner = from.x === to.x && from.y === to.y;
  const ccx = corner ? x0 + dx * half + sx * half : (e0x + e1x) / 2;
  const ccy = corner ? y0 + dy * half + sy * half : (e0y + e1y) / 2;
  const r = Math.hypot(e0x - ccx, e0y - ccy);
  const a0 = Math.atan2(e0y - ccy, e0x - ccx);
  const a1 = Math.atan2(e1y - ccy, e1x - ccx);
  let delta: number;
  if (corner) {
    // The long way round: three quarters of a circle.
    let d = a1 - a0;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d <= -Math.PI) d += 2 * Math.PI;
    delta = d - Math.sign(d) * 2 * Math.PI;
  } else {
    // A half circle, on the outer side of the edge.
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
      return { x: ccx + r * Math.cos(a), y: ccy + r * Math.sin(a), angle: (tangent * 180) / Math.PI + 90 };
    }
    const k = d - half - arcLen;
    return { x: e1x - sx * k, y: e1y - sy * k, angle: ANGLE[g] };
  };
}

// The angles to turn him through, from one facing to another, the short way round.
export function turnAngles(from: Facing, to: Facing): [number, number] {
  const a0 = ANGLE[from];
  let d = ANGLE[to] - a0;
  if (d > 180) d -= 360;
  if (d < -180) d += 360;
  return [a0, a0 + d];
}

// Slow in, slow out.
export const ease = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);
