// A finished game's review (issue 39) as the server sends it, GET /api/games/ID/review:
// the one place its JSON's shape is written down here (the C++ side: ReviewJson in
// src/review/review_json.cc, docs/review.md), and the asking again while the server
// computes it. No DOM here: node's unit tests call it.
import { ApiError, call } from "../api.js";

export type ReviewFlag = "" | "inaccuracy" | "mistake" | "blunder";
// The flags that mark a move, from the least to the worst.
export const SEVERITIES = ["inaccuracy", "mistake", "blunder"] as const;
export type Severity = (typeof SEVERITIES)[number];

// A player's choice, judged from what the mover knew then. Win chances are 0..1.
export interface ReviewDecision {
  ply: number; // the move's index in the game, from 0
  seat: number; // the mover
  played: string; // canonical move text
  played_value: number;
  best: string; // the review's best move (the one played when it scored as well)
  best_value: number;
  loss: number; // max(0, best_value - played_value)
  flag: ReviewFlag;
  accuracy: number; // 0..100
  forced: boolean; // the only legal move: not counted in the accuracy
  line: string[]; // the bot's moves after `best`, when asked for and flagged
}

// A move nobody chose (a die's roll), or the cards a player's move brought to light.
export interface ReviewChanceEvent {
  ply: number;
  move: string;
  within_decision: boolean; // the draw came with the decision at the same ply
  swing: number[]; // per seat: its win chance after, minus before
}

export interface ReviewPlayer {
  seat: number;
  decisions: number; // not counting forced ones
  accuracy: number; // 0..100
  skill: number; // minus the sum of its losses, in win chance
  luck: number; // the sum of its swings, in win chance
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export interface GameReview {
  game: string;
  seed: number | string;
  num_players: number;
  variant: string;
  winners: number[];
  options: {
    budget: number;
    samples: number;
    seed: number | string;
    playout: string;
    line: number;
    thresholds: Record<Severity, number>;
  };
  players: ReviewPlayer[];
  decisions: ReviewDecision[];
  chance_events: ReviewChanceEvent[];
  // win_chance[k][s]: seat s's chance after the first k moves, each seen from its own side.
  win_chance: number[][];
  // The record's moves: not in ReviewJson as of this writing, so only used when present.
  moves?: string[];
}

export type ReviewAnswer =
  | { state: "ready"; review: GameReview }
  | { state: "computing"; done: number; total: number };

export function fetchReview(gameId: string): Promise<ReviewAnswer> {
  return call<ReviewAnswer>("GET", `/api/games/${encodeURIComponent(gameId)}/review`);
}

// How far the server has come: `fraction` 0..1, for the progress bar.
export interface ReviewProgress {
  done: number;
  total: number;
  fraction: number;
}

export function progressOf(answer: ReviewAnswer): ReviewProgress {
  if (answer.state === "ready") return { done: 1, total: 1, fraction: 1 };
  const total = Math.max(0, answer.total);
  const done = Math.max(0, Math.min(answer.done, total));
  return { done, total, fraction: total > 0 ? done / total : 0 };
}

export const POLL_MS = 1000;
// A busy server (503) that names no wait: asked again after this many intervals.
const BUSY_FACTOR = 5;

export interface PollHooks {
  fetch(): Promise<ReviewAnswer>;
  wait(ms: number): Promise<void>;
  progress(p: ReviewProgress): void;
  ready(review: GameReview): void;
  failed(err: unknown): void;
}

// Asks until the review is ready or refused; a 429 waits what the server says and asks
// again, as does a 503 (a review takes many seconds: a busy server must not end it).
// Returns the way to stop asking (the page left).
export function pollReview(hooks: PollHooks, intervalMs = POLL_MS): () => void {
  let stopped = false;
  void (async () => {
    for (;;) {
      let answer: ReviewAnswer;
      try {
        answer = await hooks.fetch();
      } catch (err) {
        if (stopped) return;
        // Too many reviews asked from here, or waiting on the server: asked again later.
        if (err instanceof ApiError && (err.code === "rate_limited" || err.code === "unavailable")) {
          await hooks.wait(Math.max(intervalMs, err.retryAfterMs ?? intervalMs * BUSY_FACTOR));
          if (stopped) return;
          continue;
        }
        hooks.failed(err);
        return;
      }
      if (stopped) return;
      if (answer.state === "ready") {
        hooks.ready(answer.review);
        return;
      }
      hooks.progress(progressOf(answer));
      await hooks.wait(intervalMs);
      if (stopped) return;
    }
  })();
  return () => {
    stopped = true;
  };
}
