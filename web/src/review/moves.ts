// The review's move list as rows, the side each move's board is seen from, and the
// figures in words. No DOM here: node's unit tests call it with the server's JSON.
import type { Lang } from "../contract.js";
import { t } from "../i18n/t.js";
import type { GameReview, ReviewDecision, ReviewFlag } from "./api.js";

export interface MoveRow {
  ply: number;
  // The player who chose the move; null for a move nobody chose (a die's roll).
  seat: number | null;
  move: string;
  flag: ReviewFlag;
  loss: number; // in win chance, 0..1
  best: string | null; // the better move, for a flagged decision only
  line: readonly string[]; // the bot's moves after `best`
  forced: boolean;
  // What the die or the cards drawn at this move did to each seat's win chance (null: nothing drawn).
  swing: readonly number[] | null;
}

// The number of moves the review covers: its series has one point more (the start).
export function moveCount(review: GameReview): number {
  const plies = [...review.decisions.map((d) => d.ply), ...review.chance_events.map((e) => e.ply)];
  return Math.max(review.win_chance.length - 1, review.moves?.length ?? 0, plies.length ? Math.max(...plies) + 1 : 0, 0);
}

export function moveRows(review: GameReview): MoveRow[] {
  const decisions = new Map<number, ReviewDecision>(review.decisions.map((d) => [d.ply, d]));
  // A draw that came with a decision is that decision's row; a roll is a row of its own.
  const chance = new Map(review.chance_events.map((e) => [e.ply, e]));
  const rows: MoveRow[] = [];
  for (let ply = 0; ply < moveCount(review); ply++) {
    const d = decisions.get(ply);
    if (d) {
      const flagged = d.flag !== "";
      const drawn = chance.get(ply);
      const swing = drawn?.within_decision ? drawn.swing : null;
      rows.push({ ply, seat: d.seat, move: d.played, flag: d.flag, loss: d.loss, best: flagged ? d.best : null, line: flagged ? d.line : [], forced: d.forced, swing });
      continue;
    }
    const roll = chance.get(ply);
    const move = roll?.move ?? review.moves?.[ply] ?? "?";
    rows.push({ ply, seat: null, move, flag: "", loss: 0, best: null, line: [], forced: false, swing: roll?.swing ?? null });
  }
  return rows;
}

// The seat whose side a move's board is seen from: its mover; for a roll, the player
// whose turn it is part of (the last decision's mover before it, else the next's).
export function boardSeat(rows: readonly MoveRow[], ply: number): number {
  for (let i = Math.min(ply, rows.length - 1); i >= 0; i--) {
    const seat = rows[i]?.seat;
    if (seat !== null && seat !== undefined) return seat;
  }
  for (let i = ply + 1; i < rows.length; i++) {
    const seat = rows[i]!.seat;
    if (seat !== null) return seat;
  }
  return 0;
}

// What the board of a move shows: the replay's view number `step` (the position the
// mover decided in, before the move) as seat `seat` saw it.
export function boardRequest(rows: readonly MoveRow[], ply: number): { seat: number; step: number } {
  return { seat: boardSeat(rows, ply), step: ply };
}

// The row to open the page on: the first flagged move of `you`, else anyone's, else the first.
export function firstFocus(rows: readonly MoveRow[], you: number | null): number {
  const flagged = rows.filter((r) => r.flag !== "");
  return (flagged.find((r) => r.seat === you) ?? flagged[0] ?? rows[0])?.ply ?? 0;
}

// 0.8731 → "87%"; a figure given in percent already (accuracy) with `scale` 1.
export function percentText(lang: Lang, value: number, scale = 100): string {
  return t(lang, "review.percent", { n: Math.round(value * scale) });
}

// Win chance summed (skill, luck) in percentage points, signed: "+28 pts", "−225 pts".
export function pointsText(lang: Lang, value: number): string {
  const n = Math.round(value * 100);
  const signed = n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
  return t(lang, "review.points", { n: signed });
}

export function flagText(lang: Lang, flag: ReviewFlag): string {
  return flag === "" ? "" : t(lang, `review.flag.${flag}`);
}
