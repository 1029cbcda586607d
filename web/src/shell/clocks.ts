// The clocks in words (docs/clocks.md): each seat's time left as the server last said
// it, the seat to move's counted down from the moment its message arrived. The server's
// values replace these at every message; the app computes no rule of time here, only
// the time passed since. No DOM here: node's unit tests use it.
import type { ClockChoice, Lang } from "../contract.js";
import { plural } from "../i18n/t.js";

// What the state message says of the clocks (null keys: no clock).
export interface ClockFields {
  clocks?: number[] | null;
  clock_running?: boolean;
  deadline_ms?: number | null;
  to_move: number | null;
}

// A time left for people: "4:57", "1:02:03", and tenths under ten seconds ("0:09.4"),
// where they matter. Never below zero.
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left < 10_000) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// A turn-based deadline for people: "2 days left", "5 hours left", "1 minute left".
export function formatDeadline(lang: Lang, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes >= 48 * 60) return plural(lang, "clock.days", Math.floor(minutes / (24 * 60)));
  if (minutes >= 60) return plural(lang, "clock.hours", Math.floor(minutes / 60));
  return plural(lang, "clock.minutes", minutes);
}

export interface SeatClock {
  seat: number;
  left_ms: number;
  running: boolean; // counting down now
  low: boolean; // under a tenth of the start, or twenty seconds: the player should hurry
}

// Each seat's clock `elapsed_ms` after the message arrived; empty without a clock.
export function seatClocks(msg: ClockFields, elapsed_ms: number, start_ms: number): SeatClock[] {
  if (!msg.clocks) return [];
  return msg.clocks.map((left, seat) => {
    const running = msg.clock_running === true && msg.to_move === seat;
    const now = running ? Math.max(0, left - Math.max(0, elapsed_ms)) : left;
    return { seat, left_ms: now, running, low: now < Math.max(20_000, start_ms / 10) };
  });
}

// The time controls the new-game form offers, by the value of its choice ("" none):
// two real-time speeds and two turn-based ones (docs/clocks.md).
export const CLOCK_CHOICES = [
  { value: "", clock: null, label: "clock.choice.none" },
  { value: "3+2", clock: { base_s: 180, increment_s: 2 }, label: "clock.choice.3+2" },
  { value: "5+3", clock: { base_s: 300, increment_s: 3 }, label: "clock.choice.5+3" },
  { value: "10+5", clock: { base_s: 600, increment_s: 5 }, label: "clock.choice.10+5" },
  { value: "1d", clock: { days_per_move: 1 }, label: "clock.choice.1d" },
  { value: "3d", clock: { days_per_move: 3 }, label: "clock.choice.3d" },
] as const satisfies readonly { value: string; clock: ClockChoice | null; label: string }[];

export const clockOf = (value: string): ClockChoice | null =>
  (CLOCK_CHOICES as readonly { value: string; clock: ClockChoice | null }[]).find((c) => c.value === value)?.clock ?? null;
