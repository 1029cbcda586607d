// "Your turn" from any page (issue 38, docs/web.md): which games wait for a move of
// this browser's player, and the page title that says how many. No DOM here: node's
// unit tests use it.

// A line of the lobby (POST /api/lobby) as far as turns go.
export interface HeldLine {
  game_id: string;
  your_turn: boolean; // the server's word: this seat is to move, no friend awaited
  over: boolean;
  abandoned: boolean;
}

// A game of the signed-in account's "in progress" list (GET /api/me/games).
export interface AccountLine {
  id: string;
  your_turn?: boolean;
  time_left_ms?: number | null;
}

// The games waiting for you, each once, the least time left first (the account's list
// knows it; a game only this browser holds comes after, in the lobby's order). A game
// whose every seat this device holds (hot seat) is always someone's turn here, and
// never counted: nobody needs telling.
export function gamesAwaitingYou(lobby: readonly HeldLine[], seatsHeld: (gameId: string) => number, mine: readonly AccountLine[]): string[] {
  const timed = mine
    .filter((g) => g.your_turn === true)
    .map((g, i) => ({ id: g.id, left: typeof g.time_left_ms === "number" ? g.time_left_ms : Infinity, i }))
    .sort((a, b) => a.left - b.left || a.i - b.i)
    .map((g) => g.id);
  const held = lobby.filter((g) => g.your_turn && !g.over && !g.abandoned && seatsHeld(g.game_id) === 1).map((g) => g.game_id);
  return [...new Set([...timed, ...held])];
}

// The page's title with the count of games waiting in front, "(2) Jaipur · Souk", and
// none when nothing waits; a count already there is replaced, never stacked.
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

// Whether to raise a browser notification: the page is hidden, the player allowed
// them, and a game waits that did not the last time we looked.
export function shouldNotify(hidden: boolean, permission: string, before: readonly string[], now: readonly string[]): boolean {
  return hidden && permission === "granted" && now.some((id) => !before.includes(id));
}
