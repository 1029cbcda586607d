// The game's story as this seat knows it: every move's event from the start, kept from
// the server's history (sent first on each connection) and the events each state adds;
// what happened since a player's last turn; a Marrakech score's breakdown; the
// connection's state in one word. No DOM here: node's unit tests use it.
import type { GameEvent, StateMessage } from "../contract.js";

export class Story {
  private list: GameEvent[] = [];

  get events(): readonly GameEvent[] {
    return this.list;
  }

  // The server's history replaces what was kept: it is the whole story.
  reset(events: readonly GameEvent[]): void {
    this.list = [...events];
  }

  // A state's events, the first being move number `events_from`. False when they
  // start past the end of the story (a gap: only a new history can fill it).
  add(msg: StateMessage): boolean {
    const events: readonly GameEvent[] | undefined = msg.events;
    if (msg.events_from === undefined || !events) {
      // A server without the story's fields: the one event, if it comes next.
      if (msg.event && msg.move_count === this.list.length + 1) this.list.push(msg.event);
      return msg.move_count <= this.list.length;
    }
    const from = msg.events_from;
    if (from > this.list.length) return false;
    events.forEach((e, k) => {
      if (from + k === this.list.length) this.list.push(e);
      else this.list[from + k] = e; // the same move, told again
    });
    return true;
  }

  // What happened since `seat` last moved (its own chance outcomes aside): the pass
  // screen's summary. Everything, if it has not moved yet.
  since(seat: number): readonly GameEvent[] {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const e = this.list[i];
      if (e.seat === seat && !e.chance) return this.list.slice(i + 1);
    }
    return this.list;
  }
}

// The last event of one kind in a story (the last roll, the last carpet placed).
export function lastOf<A extends GameEvent["action"]>(events: readonly GameEvent[], action: A): Extract<GameEvent, { action: A }> | null {
  for (let i = events.length - 1; i >= 0; i--) if (events[i].action === action) return events[i] as Extract<GameEvent, { action: A }>;
  return null;
}

export type LinkState = "connected" | "reconnecting" | "offline";

// Retried this many times in a row without success, the server counts as out of reach.
export const OFFLINE_AFTER_FAILURES = 3;

// The connection in one word: `online` is what the browser says of the network.
export function linkState(up: boolean, failures: number, online: boolean): LinkState {
  if (up) return "connected";
  return !online || failures >= OFFLINE_AFTER_FAILURES ? "offline" : "reconnecting";
}

// The state with what the end revealed merged into its view: each player's own part
// (a Jaipur hand, bonus token values) as their own view holds it.
export function withReveal(msg: StateMessage): StateMessage {
  if (!msg.reveal) return msg;
  const players = msg.view.players.map((p, i) => ({ ...p, ...(msg.reveal?.players[i] ?? {}) }));
  return { ...msg, view: { ...msg.view, players } } as StateMessage;
}
