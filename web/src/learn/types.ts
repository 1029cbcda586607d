// The lessons' shapes as the server sends them (GET /api/lessons/GAME, POST
// /api/lessons/GAME/ID/play; src/server/lesson_routes.cc, src/lessons/lessons.h).
import type { StateMessage } from "../contract.js";

export interface Words {
  en: string;
  fr: string;
}

export interface LessonStep {
  say: Words;
  expect?: string[]; // absent or empty: a step read, "Next"
  highlight?: string[];
  wrong?: { move: string; why: Words }[];
}

export interface Lesson {
  id: string;
  title: Words;
  rules?: string[];
  setup: { players: number; variant: string };
  seat: number;
  steps: LessonStep[];
  done: Words;
}

export interface FinalGame {
  title: Words;
  say: Words;
  bot: string;
  players: number;
  explain?: { action: string; say: Words }[];
}

export interface Book {
  game: string;
  lessons: Lesson[];
  final?: FinalGame;
}

export type Outcome = "next" | "done" | "wrong" | "illegal";

export interface PlayAnswer {
  lesson: string;
  step: number;
  steps: number;
  done: boolean;
  verdict: { outcome: Outcome; why: string } | null;
  state: StateMessage;
}
