// The games this web app can show, one line each: the shell (lobby, game page,
// dialogs, links, replays, rules) reaches a game only through its entry here, never by
// comparing its name. A game the server lists (GET /api/game-types) without an entry
// here is shown in the lobby as not playable in the browser yet.
//
// A third game adds its folder (web/src/NAME/, its screen and its WebGame), its
// contract types (contract.ts: its view, events and state message), its rules pages
// (rules/), and one line below; the compiler then asks for everything else.
import type { GameName, Lang, StateMessage, WebGame } from "./contract.js";
import { t } from "./i18n/t.js";
import { jaipurGame } from "./jaipur/game.js";
import { marrakechGame } from "./marrakech/game.js";

// Every game the contract names must have its entry (a missing one does not compile).
const GAMES: { readonly [G in GameName]: WebGame<Extract<StateMessage, { game: G }>> } = {
  jaipur: jaipurGame,
  marrakech: marrakechGame,
};

// The games with a table here, in the order the top bar and the rules pages list them.
export const WEB_GAMES: readonly GameName[] = Object.keys(GAMES) as GameName[];

export function isWebGame(name: string): name is GameName {
  return Object.prototype.hasOwnProperty.call(GAMES, name);
}

// The entry of a game by its name, or undefined for a game this app cannot show.
export function webGame(name: string): WebGame | undefined {
  // Sound: each entry handles the state messages of its own game, which is how the
  // shell calls it (webGame(msg.game).fn(msg)).
  return isWebGame(name) ? (GAMES[name] as unknown as WebGame) : undefined;
}

// A game's name on screen ("Jaipur"), in the page's language.
export function gameTitle(lang: Lang, name: GameName): string {
  return t(lang, `game.${name}`);
}
