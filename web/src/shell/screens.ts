// The screen that draws a game's table: the shell knows no more of a game than this.
import type { GameContext, GameName, GameScreen } from "../contract.js";
import { createJaipurScreen } from "../jaipur/screen.js";
import { createMarrakechScreen } from "../marrakech/screen.js";

export function createScreen(game: GameName, table: HTMLElement, ctx: GameContext): GameScreen {
  return game === "jaipur" ? createJaipurScreen(table, ctx) : createMarrakechScreen(table, ctx);
}
