// The server's API (docs/protocol.md) and the seats this browser holds.
import type { ClockChoice, GameName, GameTypeInfo, HintMove, HistoryMessage, Preview, Replay, SeatInfo, ServerMessage, StateMessage } from "./contract.js";
import { errorCodeOf, type ErrorCode } from "./errors.js";
import { currentLang } from "./i18n/lang.js";

// A refused request: its HTTP status, its stable code (what the app decides by)
// and its message (what the player reads). `raw`: the code as the server sent it, one
// this app may not know yet (it is then "internal" in `code`); `retryAfterMs`: the
// wait a 429 names.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly raw: string = code,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

// The fields of an error body this app reads, whatever it holds.
function errorOf(status: number, json: unknown): ApiError {
  const body = (typeof json === "object" && json !== null ? json : {}) as { error?: unknown; code?: unknown; retry_after_ms?: unknown };
  const raw = typeof body.code === "string" ? body.code : "internal";
  const wait = typeof body.retry_after_ms === "number" ? body.retry_after_ms : null;
  return new ApiError(status, errorCodeOf(json), typeof body.error === "string" ? body.error : `HTTP ${status}`, raw, wait);
}

// One request to the server's API, JSON both ways; a refusal is thrown as an ApiError.
// The session cookie goes with it (same origin), and the browser adds the page's Origin.
// `signal`: aborts the request (the browser drops it, and its answer is never read).
export async function call<T>(method: string, path: string, body?: unknown, token?: string, signal?: AbortSignal): Promise<T> {
  // The engine's refusals (a preview's error, a refused move) come in the page's language.
  const headers: Record<string, string> = { "Accept-Language": currentLang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(res.status, errorCodeOf(null), `the server answered ${res.status} without JSON`);
  }
  if (!res.ok) throw errorOf(res.status, json);
  return json as T;
}

export interface SeatSpec {
  player: string; // "human" or a bot spec
  name?: string;
}

export interface Created {
  game_id: string;
  seat: number;
  token: string;
  invites: { seat: number; invite: string }[];
}

export interface LobbyGame {
  game_id: string;
  game: GameName;
  seat: number;
  to_move: number | null;
  your_turn: boolean; // false while a friend is awaited
  waiting: boolean; // a human seat has not been taken yet
  over: boolean;
  abandoned: boolean;
  seats: SeatInfo[];
  winners: number[]; // once over
  scores: number[] | null; // once over
  move_count: number;
  updated_ms: number;
}

// What an invite opens, before it is used (POST /api/games/ID/invite).
export interface InviteInfo {
  game_id: string;
  game: GameName;
  players: number;
  variant: string;
  seat: number; // the seat it takes
  invited_by: number | null; // the creator's seat
  seats: SeatInfo[];
  move_count: number;
}

// The games the server plays: asked once a page load (the answer changes only with the server).
let gameTypes: Promise<GameTypeInfo[]> | null = null;

export const api = {
  gameTypes: (): Promise<GameTypeInfo[]> => {
    gameTypes ??= call<{ games: GameTypeInfo[] }>("GET", "/api/game-types").then(
      (r) => r.games,
      (err) => {
        gameTypes = null; // asked again next time
        throw err;
      },
    );
    return gameTypes;
  },
  create: (body: {
    game: string;
    players?: number;
    variant?: string;
    seats: SeatSpec[];
    creator_seat?: number;
    rated?: boolean;
    clock?: ClockChoice | null;
  }) =>
    call<Created>("POST", "/api/games", body),
  join: (id: string, invite: string, name: string) =>
    call<{ game_id: string; seat: number; token: string }>("POST", `/api/games/${encodeURIComponent(id)}/join`, { invite, name }),
  state: (id: string, token?: string) => call<StateMessage>("GET", `/api/games/${encodeURIComponent(id)}`, undefined, token),
  preview: (id: string, token: string | undefined, move: string, signal?: AbortSignal) =>
    call<Preview>("POST", `/api/games/${encodeURIComponent(id)}/preview`, { move }, token, signal),
  // Every move's event so far, as the token's seat may know it (the move log, a Jaipur game's rounds).
  history: (id: string, token?: string) => call<HistoryMessage>("GET", `/api/games/${encodeURIComponent(id)}/history`, undefined, token),
  lobby: (tokens: string[]) => call<{ games: LobbyGame[] }>("POST", "/api/lobby", { tokens }),
  invite: (id: string, invite: string) => call<InviteInfo>("POST", `/api/games/${encodeURIComponent(id)}/invite`, { invite }),
  // `seat`: the side the replay is seen from (null: a spectator's).
  replay: (id: string, seat: number | null = null) =>
    call<Replay>("GET", `/api/games/${encodeURIComponent(id)}/replay${seat === null ? "" : `?seat=${seat}`}`),
};

// The seats this browser holds, by game: kept in localStorage so a player can close
// the tab and come back days later. Hot-seat games hold every seat.
export interface HeldSeat {
  seat: number;
  token: string;
}

const SEATS_KEY = "souk.seats";

// A localStorage entry holding an object; a missing or broken one reads as empty.
function readStore(key: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

const loadSeats = (): Record<string, HeldSeat[]> => readStore(SEATS_KEY) as Record<string, HeldSeat[]>;

export const seats = {
  of(gameId: string): HeldSeat[] {
    const held = loadSeats()[gameId];
    return Array.isArray(held) ? held.filter((s) => typeof s.token === "string" && typeof s.seat === "number") : [];
  },
  add(gameId: string, seat: number, token: string): void {
    const all = loadSeats();
    const held = (all[gameId] ?? []).filter((s) => s.seat !== seat);
    held.push({ seat, token });
    held.sort((a, b) => a.seat - b.seat);
    all[gameId] = held;
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
  allTokens(): string[] {
    return Object.values(loadSeats()).flatMap((held) => (Array.isArray(held) ? held.map((s) => s.token) : []));
  },
};

// The close code of a server that stops gracefully (RFC 6455's 1012, "service restart").
const SERVICE_RESTART = 1012;

// One WebSocket to a game for one seat (or a spectator), reconnecting with backoff
// until closed: a dropped connection loses nothing, since the server sends the
// whole current state on every hello.
export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retryMs = 500;
  private failures = 0;
  private queue: string[] = [];
  private restarting = false; // reconnecting after the server's "service restart" close

  constructor(
    private readonly gameId: string,
    private readonly token: string | null,
    private readonly handlers: {
      state(msg: StateMessage): void;
      history?(msg: HistoryMessage): void;
      error(message: string, code: ErrorCode): void;
      hint?(moves: HintMove[]): void;
      // `failures`: the attempts to connect that failed in a row since the last success.
      connection(up: boolean, failures: number): void;
    },
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.restarting = false;
      this.retryMs = 500;
      this.failures = 0;
      const lang = currentLang();
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token, lang } : { type: "hello", lang }));
      for (const m of this.queue.splice(0)) ws.send(m);
      this.handlers.connection(true, 0);
    };
    ws.onmessage = (e) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (msg.type === "state") this.handlers.state(msg as StateMessage);
      else if (msg.type === "history") this.handlers.history?.(msg);
      else if (msg.type === "error") this.handlers.error(String(msg.error), errorCodeOf(msg));
      else if (msg.type === "hint") this.handlers.hint?.(msg.moves);
    };
    ws.onclose = (e) => {
      if (this.closed) return;
      if (e.code === SERVICE_RESTART && !this.restarting) {
        // The server stops gracefully (1012): connect again at once, to another instance
        // behind the proxy, without a word to the player unless that fails too. A short
        // random delay keeps the reconnections of every player from arriving together.
        this.restarting = true;
        setTimeout(() => !this.closed && this.open(), 50 + Math.random() * 250);
        return;
      }
      this.handlers.connection(false, ++this.failures);
      setTimeout(() => !this.closed && this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 8000);
    };
  }

  private send(message: object): void {
    const text = JSON.stringify(message);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  move(move: string): void {
    this.send({ type: "move", move });
  }

  hint(): void {
    this.send({ type: "hint" });
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}

// Invite codes of the seats a creator has not seen filled yet, so the invite links
// stay on the game page until a friend has joined.
const INVITES_KEY = "souk.invites";

export const invites = {
  of(gameId: string): { seat: number; invite: string }[] {
    const list = readStore(INVITES_KEY)[gameId];
    return Array.isArray(list) ? list : [];
  },
  set(gameId: string, list: { seat: number; invite: string }[]): void {
    const all = readStore(INVITES_KEY);
    all[gameId] = list;
    localStorage.setItem(INVITES_KEY, JSON.stringify(all));
  },
};
