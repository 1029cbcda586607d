// The account routes (docs/protocol.md, "Accounts"), the players' profiles, the
// leaderboards and "my games" (issue 37). The session is the HttpOnly cookie
// `souk_session`: this app never reads it, the browser sends it.
import { call } from "../api.js";
import type { ClockChoice } from "../contract.js";

// A rating in one pool (Glicko-2): `provisional` until enough games are played.
export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
  provisional: boolean;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

export interface HistoryPoint {
  at: string; // ISO time
  rating: number;
  deviation: number;
  game: string; // the game's id
}

export interface Account {
  id: number;
  name: string;
  created_at: string;
  ratings: Record<string, Rating>;
}

export interface SessionInfo {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  label: string;
  current: boolean;
}

export interface GameSummary {
  id: string;
  game: string;
  players: number;
  variant: string;
  rated: boolean;
  finished: boolean;
  abandoned: boolean;
  updated_at: string;
  seat: number;
  seats: { name: string; account: string | null; score: number | null }[];
  result: "win" | "loss" | "draw" | null;
  your_turn?: boolean; // the account's seat is to move (issue 38)
  clock?: ClockChoice | null;
  time_left_ms?: number | null; // the account's seat's time left now, on a clock
}

export interface Profile {
  name: string;
  created_at: string;
  ratings: Record<string, Rating & { history?: HistoryPoint[] }>;
  totals: { games: number; wins: number; losses: number; draws: number };
  recent: GameSummary[];
}

export interface Leaderboard {
  pool: string;
  page: number;
  pages: number;
  per_page: number;
  entries: { rank: number; name: string; rating: number; deviation: number; games: number }[];
  me: { rank: number; rating: number; deviation: number; games: number } | null;
}

export interface MyGames {
  in_progress: GameSummary[];
  finished: GameSummary[];
}

// The account's email notifications (docs/notifications.md): its address, shown to it
// alone, and whether a turn-based game mails it when it is its turn.
export interface EmailAddress {
  address: string;
  verified: boolean;
}

export interface NotificationSettings {
  email_available: boolean; // false: the server sends no email (no --smtp)
  email: EmailAddress | null;
  email_your_turn: boolean;
  email_invitations: boolean; // a rematch offered to the account
  turn_interval_minutes: number;
}

const ok = { ok: true };
type Ok = typeof ok;
const enc = encodeURIComponent;

export const accounts = {
  signUp: (name: string, password: string) => call<Account>("POST", "/api/accounts", { name, password }),
  logIn: (name: string, password: string) => call<Account>("POST", "/api/session", { name, password }),
  logOut: () => call<Ok>("DELETE", "/api/session"),
  me: () => call<Account>("GET", "/api/me"),
  sessions: () => call<{ sessions: SessionInfo[] }>("GET", "/api/me/sessions"),
  revoke: (id: string) => call<Ok>("DELETE", `/api/me/sessions/${enc(id)}`),
  logOutEverywhere: () => call<Ok>("DELETE", "/api/me/sessions"),
  changePassword: (current: string, fresh: string) =>
    call<Ok>("POST", "/api/me/password", { current_password: current, new_password: fresh }),
  deleteAccount: (password: string) => call<Ok>("DELETE", "/api/me", { password }),
  player: (name: string) => call<Profile>("GET", `/api/players/${enc(name)}`),
  leaderboard: (pool: string, page: number) => call<Leaderboard>("GET", `/api/leaderboard/${enc(pool)}?page=${page}`),
  myGames: () => call<MyGames>("GET", "/api/me/games"),
  // The seats this browser played as a guest become the account's.
  notifications: () => call<NotificationSettings>("GET", "/api/me/notifications"),
  setNotifications: (settings: { email_your_turn?: boolean; email_invitations?: boolean }) =>
    call<NotificationSettings>("PUT", "/api/me/notifications", settings),
  // Sets the address, unverified, and mails it the link that verifies it.
  setEmail: (email: string) => call<{ email: EmailAddress; verification_sent: boolean }>("POST", "/api/me/email", { email }),
  removeEmail: () => call<Ok>("DELETE", "/api/me/email"),
  keepSeats: (tokens: string[]) => call<{ attached: { game_id: string; seat: number }[] }>("POST", "/api/me/seats", { tokens }),
};
