// What the app shell (shell/) and the per-game screens (jaipur/, marrakech/) promise
// each other, and the shapes the server sends (docs/protocol.md, docs/formats.md). The
// client only renders views and sends moves: every rule stays in the C++ engine, so a
// screen never decides legality itself. It builds a move's canonical text, compares it
// with `legal`, and asks `preview` for what the move yields or which rule forbids it.

import type { ErrorCode } from "./errors.js";

export type { ErrorCode };
export type Lang = "en" | "fr";
export type GameName = "jaipur" | "marrakech";

// ---------------------------------------------------------------------------------------
// Jaipur (docs/formats.md, "Jaipur view").

export type Good = "diamond" | "gold" | "silver" | "cloth" | "spice" | "leather";
export type Card = Good | "camel";
// The bonus piles, by the size of the sale that takes from them ("5": five cards or more).
export type BonusSize = "3" | "4" | "5";

export interface JaipurPlayerView {
  hand?: Card[]; // the viewer's own hand only
  hand_size: number;
  known: Card[]; // the cards of this hand the opponent has seen arrive
  herd: number;
  goods_tokens: number[];
  bonus_tokens?: number[]; // the viewer's own only
  bonus_counts: Record<BonusSize, number>;
  seals: number;
}

export interface JaipurView {
  game: "jaipur";
  viewer: number | null;
  round: number;
  to_move: number | null;
  round_starter: number;
  market: Card[];
  deck_size: number;
  discard: Card[];
  token_piles: Record<Good, number[]>; // index 0 is taken next
  bonus_piles: Record<BonusSize, number>; // sizes only: the values are hidden
  players: JaipurPlayerView[];
  status: "playing" | "game_over";
  winner: number | null;
  timed_out?: number; // the seat that ran out of time (a clock's game), once it did
  last_round: { rupees: number[]; camel_token: number | null; seal: number | null } | null;
}

// A round's scoring as an event tells it: goods, bonus and camel break each player's
// rupees down.
export interface RoundEnd {
  rupees: number[];
  camel_token: number | null;
  seal: number | null; // null after a full tie
  goods: number[];
  bonus: number[];
  camel: number[];
  // The table as the round ended (before its scoring and the next deal), as this seat
  // may see it: a spectator's has no hand of anyone.
  view: JaipurView;
}

// Every event: who moved (the roller, for a chance move), the move's canonical text.
interface EventBase {
  seat: number;
  move: string;
  chance: boolean;
}

export type JaipurEvent = EventBase & {
  round_end?: RoundEnd; // the move ended a round
  winner?: number; // the move ended the game
} & (
    | { action: "take"; good: Good }
    | { action: "camels"; count: number }
    | { action: "exchange"; taken: Card[]; given: Card[] }
    | {
        action: "sell";
        good: Good;
        count: number;
        tokens: number[]; // the goods tokens taken
        bonus: boolean; // whether a bonus token was taken
        bonus_value?: number; // in the seller's own messages only
      }
    // `seat` ran out of time: the game is over, `winner` the other seat. The server's
    // clock plays it; it is never among the legal moves.
    | { action: "timeout" }
  );

// ---------------------------------------------------------------------------------------
// Marrakech (docs/rules/marrakech.md, "Views and hidden information").

export type Facing = "N" | "E" | "S" | "W";

export interface AssamPosition {
  x: number;
  y: number;
  facing: Facing;
}

export interface MarrakechCell {
  color: number; // 0–3
  carpet: number; // the carpet's id: its two halves share it
}

export interface MarrakechPlayerView {
  dirhams: number;
  colors: number[];
  pile_size: number;
  carpets_left: number[]; // per colour, in the order of `colors`
  out: boolean;
  squares: number; // visible squares of the player's colours, out or not (the core counts them)
  score: number; // squares plus dirhams; 0 once out
}

export interface MarrakechView {
  game: "marrakech";
  viewer: number | null;
  to_move: number | null;
  phase: "orient" | "roll" | "place" | "game_over";
  assam: AssamPosition;
  board: (MarrakechCell | null)[][]; // board[y][x]
  players: MarrakechPlayerView[];
  current_carpet?: number; // the colour drawn, in the place phase
  status: "playing" | "game_over";
  winners: number[];
  // Once a seat ran out of time (a clock's game): those seats, and the dirhams they had.
  timed_out?: number[];
  dirhams_lost?: number;
}

export interface Tribute {
  from: number;
  to: number;
  amount: number;
  squares: [number, number][]; // the carpet group paid for, as [x, y]
}

export type MarrakechEvent = EventBase & {
  winners?: number[]; // the move ended the game
} & (
    | { action: "orient"; turn: "left" | "straight" | "right" }
    | {
        action: "roll";
        roll: number;
        assam: AssamPosition; // where he stopped
        // His square and facing after each step, border arcs included (an arc back onto
        // the board turns him round); the last is where he stopped.
        path: AssamPosition[];
        tribute?: Tribute;
        out?: number[]; // the seats this roll put out
      }
    | { action: "place"; squares: [string, string] }
    // `seat` ran out of time and is out (`out`), its dirhams gone, its carpets left on
    // the board. The server's clock plays it; it is never among the legal moves.
    | { action: "timeout"; out: number[] }
  );

// ---------------------------------------------------------------------------------------
// The messages.

export type GameEvent = JaipurEvent | MarrakechEvent;

// A time control (docs/clocks.md): real time, a base and a Fischer increment in
// seconds, or turn-based, days a move.
export type ClockChoice = { base_s: number; increment_s: number } | { days_per_move: number };

export interface SeatInfo {
  player: string; // "human" or a bot spec
  name: string;
  joined: boolean;
  account?: string | null; // the account seated there, by name (issue 37); null: a guest
}

interface StateOf<G extends GameName, V, E> {
  type: "state";
  game_id: string;
  game: G;
  seat: number | null; // null: a spectator
  move_count: number;
  to_move: number | null;
  view: V;
  legal: string[];
  event: E | null;
  over: boolean;
  // Left without a move too long: no one is to move, moves are refused (docs/game-limits.md).
  abandoned: boolean;
  winners: number[];
  scores: number[] | null; // once the game is over
  seats: SeatInfo[];
  rated?: boolean; // a rated game between accounts (issue 37)
  // The clocks (docs/clocks.md), as the message was made; null without a clock.
  clock?: ClockChoice | null;
  clocks?: number[] | null; // each seat's milliseconds left
  clock_running?: boolean; // the seat to move's clock counts down
  deadline_ms?: number | null; // turn-based: when the seat to move's turn ends (Unix ms)
  // The story (docs/protocol.md, "The move log"): the events of the moves this change
  // added, the first being move number `events_from` (0-based).
  events_from?: number;
  events?: E[];
  // Once the game is over only: each player's own part of their view (a Jaipur hand,
  // bonus token values), shown to everyone.
  reveal?: { players: Partial<V extends { players: (infer P)[] } ? P : never>[] };
}

export type JaipurState = StateOf<"jaipur", JaipurView, JaipurEvent>;
export type MarrakechState = StateOf<"marrakech", MarrakechView, MarrakechEvent>;
export type StateMessage = JaipurState | MarrakechState;

export interface HintMove {
  move: string;
  visits: number;
  win_rate: number;
  score: number;
}

// Every move's event from the start, as this seat may know it: the first message of a
// game's WebSocket, before its first state.
export interface HistoryMessage {
  type: "history";
  game_id: string;
  seat: number | null;
  move_count: number;
  events: GameEvent[];
}

// What the server sends on a game's WebSocket.
export type ServerMessage =
  | StateMessage
  | HistoryMessage
  | { type: "hint"; bot: string; moves: HintMove[] }
  | { type: "error"; error: string; code: ErrorCode; retry_after_ms?: number };

// What the engine says of a move before it is played.
export interface Preview {
  legal: boolean;
  error?: string; // the rule that forbids it, in the engine's words, in the page's language
  code?: ErrorCode; // when not legal: illegal_move, bad_move or not_canonical
  event?: GameEvent; // what it would do: tokens, bonus (never a hidden value)
}

// A finished game, step by step (GET /api/games/ID/replay[?seat=N]): the view after each
// move, a spectator's or seat N's, and the event that led there.
interface ReplayOf<G extends GameName, V, E> {
  game_id: string;
  game: G;
  players: number;
  seat: number | null; // whose side the views are from (null: a spectator's)
  seats: { player: string; name: string; account?: string | null }[];
  winners: number[];
  scores: number[];
  steps: { view: V; event: E | null; to_move: number | null }[];
  // A game played to its end: each player's own part of the final view, for everyone.
  reveal?: { players: Partial<V extends { players: (infer P)[] } ? P : never>[] };
}

export type Replay = ReplayOf<"jaipur", JaipurView, JaipurEvent> | ReplayOf<"marrakech", MarrakechView, MarrakechEvent>;

// ---------------------------------------------------------------------------------------
// The shell and the screens.

export interface GameContext {
  lang: Lang;
  // The seat this browser plays, or null (spectator, replay).
  seat: number | null;
  // The seat addressed as "you" in words, where it is not `seat` (a replay seen from a
  // seat this browser did not play: nobody).
  you?: () => number | null;
  // The display names of the seats ("You", "Ann", "hard bot"...).
  seatName(seat: number): string;
  // Plays a move (canonical text). The new state arrives through update().
  sendMove(move: string): void;
  // Asks the engine about a move without playing it.
  preview(move: string): Promise<Preview>;
  // A move the hint button suggested, for the screen to point at (null: none).
  hinted: string | null;
  // The game's story so far as this seat knows it, oldest first (absent: not kept, as
  // in replays): what a screen shows of earlier moves (the last roll, the last carpet).
  story?: () => readonly GameEvent[];
}

export interface GameScreen {
  // A new state (a screen ignores another game's). `animate` is false for the first
  // state and in replays stepped fast.
  update(msg: StateMessage, animate: boolean): void;
  // Resolves once every state given has been drawn and its animation has finished.
  settled(): Promise<void>;
  // While the screen holds the table back (a Jaipur round's end waiting for the next
  // deal), what the header says instead of whose turn it is; null otherwise.
  heldStatus?(): string | null;
  destroy(): void;
}

// ---------------------------------------------------------------------------------------
// The games the server plays (GET /api/game-types, docs/protocol.md): its registry,
// core/game_type.h, as the lobby reads it. A game may be listed that this app has no
// table for (games.ts): the lobby shows it, and says it cannot be played here yet.

export interface GameTypeInfo {
  name: string; // "jaipur"
  display_name: string; // "Jaipur"
  display_name_fr: string;
  min_players: number;
  max_players: number;
  default_players: number;
  // Variants other than the default (""), each with the player counts it allows.
  variants: { name: string; min_players: number; max_players: number }[];
  explicit_chance: boolean;
  hidden_information: boolean;
}

// A seat's name as the shell tells it ("You", "Ann", "Easy bot").
export type SeatName = (seat: number) => string;

// What a game's web module tells the shell (games.ts holds one per game): everything
// the shell would otherwise ask by comparing the game's name.
export interface WebGame<S extends StateMessage = StateMessage> {
  name: S["game"];
  // The screen that draws the game's table.
  createScreen(table: HTMLElement, ctx: GameContext): GameScreen;
  // The label of each of the game's variants in the lobby (the server names them).
  variantLabel(lang: Lang, variant: string): string;
  // The variant this game is played in ("": the default), for "play again".
  variantOf(msg: S): string;
  // The colours a seat plays (Marrakech's carpets), in its invite link and on the invite
  // page; undefined where seats have none.
  seatColours(msg: S, seat: number): number[] | undefined;
  // The colour a seat's line is drawn in where one is drawn per seat (the review's
  // graph), as CSS: its first carpet's; undefined where seats have no colour.
  seatHue(msg: S, seat: number): string | undefined;
  // A dialog the move just played opens (a Jaipur round's scoring), or null.
  moveDialog(lang: Lang, msg: S, seatName: SeatName, close: () => void): HTMLElement | null;
  // The end's final scores, a line each (null: each score as a number), and what the
  // end's dialog shows below them.
  // `story`: the game's events, oldest first (Jaipur's rounds).
  finalScores(lang: Lang, msg: S, seatName: SeatName, story: readonly GameEvent[]): HTMLElement[] | null;
  summaryExtra(lang: Lang, msg: S, seatName: SeatName, story: readonly GameEvent[]): HTMLElement[];
  // What the log and the replay tell after event `i` of `events` (a Jaipur round's end), or null.
  afterEvent(lang: Lang, events: readonly GameEvent[], i: number, seatName: SeatName): string | null;
  // The end's scores in words (the replay's last step, the lobby), from the game's story.
  endWords(lang: Lang, scores: readonly number[], seatName: SeatName, story: readonly GameEvent[]): string;
  // Points at what the last move touched on the table (`mark` outlines a selector's
  // first match): until the next move.
  markLastMove(table: HTMLElement, msg: S, story: readonly GameEvent[], mark: (selector: string) => void): void;
  // A replay played on its own: milliseconds per move.
  replayPace: number;
}
