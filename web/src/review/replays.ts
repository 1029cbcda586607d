// The boards of a review: the game's replay from each mover's side, asked once a seat
// (GET /api/games/ID/replay?seat=N), and a move's position made into the state message
// a game's screen draws. No DOM here: node's unit tests call it.
import type { GameEvent, Replay, StateMessage } from "../contract.js";

export class BoardReplays {
  private bySeat = new Map<number, Promise<Replay>>();

  constructor(private readonly fetchReplay: (seat: number) => Promise<Replay>) {}

  of(seat: number): Promise<Replay> {
    let replay = this.bySeat.get(seat);
    if (!replay) {
      replay = this.fetchReplay(seat);
      // A refusal is not kept: the next selection asks again.
      replay.catch(() => this.bySeat.delete(seat));
      this.bySeat.set(seat, replay);
    }
    return replay;
  }
}

// The position before move `step` (view number `step`) as `replay.seat` saw it, with
// `best` as the one legal move and the hint: that is how a screen marks a move on its
// table (the cards a Jaipur move takes, a Marrakech carpet's place). Nothing is played
// from it: the review's board is inert. The story is the events before it, so a screen
// shows the last roll and draws the table, not the round's end it would animate.
export function boardState(gameId: string, replay: Replay, step: number, best: string | null): { msg: StateMessage; story: GameEvent[] } {
  const at = Math.max(0, Math.min(step, replay.steps.length - 1));
  const s = replay.steps[at]!;
  const story = replay.steps.slice(1, at + 1).map((x) => x.event as GameEvent);
  // A replay's steps are its own game's: the view and the event go with `game`.
  const msg = {
    type: "state",
    game_id: gameId,
    game: replay.game,
    seat: replay.seat,
    move_count: at,
    to_move: s.to_move,
    view: s.view,
    legal: best ? [best] : [],
    event: s.event,
    over: false,
    abandoned: false,
    winners: [],
    scores: null,
    seats: replay.seats.map((x) => ({ ...x, joined: true })),
  } as StateMessage;
  return { msg, story };
}
