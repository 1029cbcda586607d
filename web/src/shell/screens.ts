// The screen that draws a game's table: the shell knows no more of a game than this,
// and finds it in the games' table (games.ts). Null: a game this app cannot show.
import type { GameContext, GameScreen } from "../contract.js";
import { webGame } from "../games.js";

export function createScreen(game: string, table: HTMLElement, ctx: GameContext): GameScreen | null {
  return webGame(game)?.createScreen(table, ctx) ?? null;
}
