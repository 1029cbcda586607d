// Accounts, ratings and games in words: no DOM here, node's unit tests call it
// (test/account.test.mjs) with the server's JSON as fixtures.
import type { Lang } from "../contract.js";
import { ApiError } from "../api.js";
import { catalogues, t } from "../i18n/t.js";
import type { GameSummary, Rating } from "./api.js";

// The rating pools a leaderboard is kept for, in the order the pages list them.
export const POOLS = ["jaipur", "marrakech-2", "marrakech-multi"] as const;

// A key built at run time, when the catalogue has it; else null (never a marked text).
function known(lang: Lang, key: string): string | null {
  const entry: unknown = (catalogues[lang] as Record<string, unknown>)[key];
  return typeof entry === "string" ? entry : null;
}

// "1623"; a provisional rating with "?": "1500?".
export function ratingText(r: Pick<Rating, "rating" | "provisional">): string {
  return `${Math.round(r.rating)}${r.provisional ? "?" : ""}`;
}

// "Jaipur", "Marrakech, two players"; a pool this app has no words for, as the server names it.
export function poolName(lang: Lang, pool: string): string {
  return known(lang, `pool.${pool}`) ?? pool;
}

// A date as the page's language writes it ("27 Nov 2026").
export function dateText(lang: Lang, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(lang === "fr" ? "fr-FR" : "en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

export function dateTimeText(lang: Lang, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  // The reader's own clock, as the lobby's times.
  return d.toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}

// A refused account request in the page's words, by its code (the server's own
// sentence for a code this app has no words for); a wait names its seconds.
export function errorText(lang: Lang, err: unknown): string {
  if (!(err instanceof ApiError)) return t(lang, "err.network");
  const words = known(lang, `err.${err.raw}`);
  if (err.raw === "too_many_attempts" || err.raw === "rate_limited") {
    const seconds = Math.max(1, Math.ceil((err.retryAfterMs ?? 1000) / 1000));
    return `${words ?? err.message} ${t(lang, "err.wait", { s: seconds })}`;
  }
  return words ?? err.message;
}

// The codes of a game's creation or join that concern accounts (issue 37): told in
// the page's words; any other refusal keeps the server's sentence, as before.
const SEATING_CODES = new Set(["not_rateable", "already_seated", "not_signed_in", "bad_origin"]);

export function gameErrorText(lang: Lang, err: unknown): string {
  if (err instanceof ApiError && SEATING_CODES.has(err.raw)) return errorText(lang, err);
  return err instanceof Error ? err.message : String(err);
}

// A finished game's result for the player: "Won", "Lost", "Draw"; in progress: null.
export function resultWord(lang: Lang, result: GameSummary["result"]): string | null {
  return result === null ? null : t(lang, `result.${result}` as "result.win");
}

// A game summary's line: the game, its players with their scores once over, rated or not.
export function summaryLine(lang: Lang, g: GameSummary, gameLabel: string): string {
  const players = g.seats.map((s) => (s.score === null || s.score === undefined ? s.name : `${s.name} ${s.score}`)).join(", ");
  const parts = [gameLabel, players];
  if (g.rated) parts.push(t(lang, "rated.tag"));
  return parts.join(" · ");
}

// Where a summary leads: an unfinished game to its table, a finished one to its replay.
export function summaryHref(g: GameSummary): string {
  return g.finished ? `#/replay/${encodeURIComponent(g.id)}` : `#/game/${encodeURIComponent(g.id)}`;
}

export function profileHref(name: string): string {
  return `#/players/${encodeURIComponent(name)}`;
}

export function leaderboardHref(pool: string, page = 1): string {
  return `#/leaderboard/${encodeURIComponent(pool)}${page > 1 ? `/${page}` : ""}`;
}

// The pager's pages: the first, the last, and two on each side of the current one;
// null where pages are skipped. [1, null, 4, 5, 6, 7, 8, null, 20].
export function pagerPages(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

// Won, lost and drawn in words: "12 games: 7 won, 4 lost, 1 drawn".
export function totalsText(lang: Lang, totals: { games: number; wins: number; losses: number; draws: number }): string {
  return t(lang, "profile.totals", { games: totals.games, wins: totals.wins, losses: totals.losses, draws: totals.draws });
}

// Why the lobby's "Rated" box is not open, as a text's key: a guest, or a seat that is
// not a person joining by invite (a bot, someone at this device); null: it is open.
export function ratedBlock(signedIn: boolean, otherSeats: readonly string[]): "rated.why.guest" | "rated.why.seats" | null {
  if (!signedIn) return "rated.why.guest";
  if (!otherSeats.length || otherSeats.some((kind) => kind !== "friend")) return "rated.why.seats";
  return null;
}
