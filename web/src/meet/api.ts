// The lobby's API (docs/protocol.md, "Tables and quick play"): open tables, quick
// play and rematches; and what this browser is waiting on, kept across a reload.
import type { ClockChoice, GameName } from "../contract.js";
import { call } from "../api.js";

export interface TableSeat {
  name: string;
  account: string | null;
  rating: number | null;
  ready?: boolean; // a rematch's planned seat: its player has asked
}

export interface Table {
  id: string;
  state: "open" | "started" | "cancelled" | "expired";
  game: GameName;
  players: number;
  variant: string;
  rated: boolean;
  clock: ClockChoice | null;
  rating_range: [number, number] | null;
  seats: TableSeat[];
  open_seats: number;
  expires_ms: number;
  rematch_of: string | null;
  game_id: string | null;
  yours: boolean;
  owner: boolean;
  seat: number | null;
}

export interface Seek {
  id: string;
  state: "waiting" | "paired" | "bot" | "cancelled" | "dropped" | "replaced";
  game: GameName;
  players: number;
  clock: ClockChoice | null;
  rated: boolean;
  rating: number | null;
  waited_ms: number;
  range: number | null;
  bot_offer: boolean;
  bot_offer_in_ms: number;
  game_id: string | null;
  seat: number | null;
}

export interface Wanted {
  game: GameName;
  players?: number;
  variant?: string;
  rated?: boolean;
  clock?: ClockChoice | null;
  name?: string;
}

export const lobbyApi = {
  tables: () => call<{ tables: Table[]; version: number }>("GET", "/api/tables"),
  table: (id: string, token?: string) => call<{ table: Table }>("GET", `/api/tables/${id}`, undefined, token),
  open: (wanted: Wanted & { rating_range?: [number, number] | null }) =>
    call<{ table: Table; token: string }>("POST", "/api/tables", wanted),
  sit: (id: string, name?: string) => call<{ table: Table; token: string }>("POST", `/api/tables/${id}/sit`, { name }),
  leave: (id: string, token: string) => call<{ table: Table }>("DELETE", `/api/tables/${id}`, undefined, token),
  playNow: (wanted: Wanted) => call<{ seek: Seek; token: string }>("POST", "/api/play-now", wanted),
  seek: (id: string, token: string) => call<{ seek: Seek }>("GET", `/api/play-now/${id}`, undefined, token),
  cancelSeek: (id: string, token: string) => call<{ seek: Seek }>("DELETE", `/api/play-now/${id}`, undefined, token),
  takeBot: (id: string, token: string) => call<{ seek: Seek }>("POST", `/api/play-now/${id}/bot`, {}, token),
  rematchOf: (gameId: string, token?: string) => call<{ table: Table | null }>("GET", `/api/games/${gameId}/rematch`, undefined, token),
  rematch: (gameId: string, token: string) =>
    call<{ table: Table; token?: string }>("POST", `/api/games/${gameId}/rematch`, {}, token),
};

// What this browser waits on (a table sat at, a request): its id and token, so that a
// reload waits on.
export interface Waiting {
  kind: "table" | "seek";
  id: string;
  token: string;
}

const WAITING_KEY = "souk.waiting";

export const waiting = {
  get(): Waiting | null {
    try {
      const w = JSON.parse(localStorage.getItem(WAITING_KEY) ?? "null") as Waiting | null;
      return w && (w.kind === "table" || w.kind === "seek") && typeof w.id === "string" && typeof w.token === "string" ? w : null;
    } catch {
      return null;
    }
  },
  set(w: Waiting | null): void {
    if (w) localStorage.setItem(WAITING_KEY, JSON.stringify(w));
    else localStorage.removeItem(WAITING_KEY);
  },
};

// The table list, live: every list the server pushes, until closed; it connects again
// after a drop (a server restart included).
export function watchTables(onList: (tables: Table[]) => void): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let ping: ReturnType<typeof setInterval> | null = null;
  const connect = () => {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/tables/ws`);
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as { type?: string; tables?: Table[] };
      if (m.type === "tables" && Array.isArray(m.tables)) onList(m.tables);
    };
    ws.onclose = () => {
      if (!closed) retry = setTimeout(connect, 1000);
    };
  };
  connect();
  // A message now and then keeps it from the server's idle timeout.
  ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'), 60_000);
  return () => {
    closed = true;
    if (retry) clearTimeout(retry);
    if (ping) clearInterval(ping);
    ws?.close();
  };
}
