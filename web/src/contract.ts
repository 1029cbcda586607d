// What the app shell (game.ts) and the per-game screens (jaipur.ts, marrakech.ts)
// promise each other, and the shapes the server sends (docs/protocol.md). The client
// only renders views and sends moves: every rule stays in the C++ engine, so a screen
// never decides legality itself. It builds a move's canonical text, compares it with
// `legal`, and asks `preview` for what the move yields or which rule forbids it.

export type Lang = "en" | "fr";

// One turn's event, as the server tells it (docs/protocol.md, "The state message").
export interface GameEvent {
  seat: number;
  move: string;
  chance: boolean;
  action: string;
  // Jaipur
  good?: string;
  count?: number;
  taken?: string[];
  given?: string[];
  tokens?: number[];
  bonus?: boolean;
  bonus_value?: number;
  // A round's scoring; goods, bonus and camel break each player's rupees down.
  round_end?: {
    rupees: number[];
    camel_token: number | null;
    seal: number | null;
    goods?: number[];
    bonus?: number[];
    camel?: number[];
  };
  winner?: number;
  // Marrakech
  turn?: string;
  roll?: number;
  assam?: { x: number; y: number; facing: string };
  // Assam's squares after each step of the roll, his facing on each (an arc back
  // onto the board turns him round); the last is where he stopped.
  path?: { x: number; y: number; facing: string }[];
  tribute?: { from: number; to: number; amount: number; squares?: number[][] };
  out?: number[];
  squares?: string[];
  winners?: number[];
}

export interface SeatInfo {
  player: string; // "human" or a bot spec
  name: string;
  joined: boolean;
}

export interface StateMessage {
  type: "state";
  game_id: string;
  game: "jaipur" | "marrakech";
  seat: number | null; // null: a spectator
  move_count: number;
  to_move: number | null;
  view: any; // JaipurView | MarrakechView: docs/formats.md
  legal: string[];
  event: GameEvent | null;
  over: boolean;
  winners: number[];
  scores: number[] | null; // once the game is over
  seats: SeatInfo[];
}

// What the engine says of a move before it is played.
export interface Preview {
  legal: boolean;
  error?: string; // the rule that forbids it, in the engine's words (English)
  event?: GameEvent; // what it would do: tokens, bonus (never a hidden value)
}

export interface GameContext {
  lang: Lang;
  // The seat this browser plays, or null (spectator, replay).
  seat: number | null;
  // The display names of the seats ("You", "Ann", "hard bot"...).
  seatName(seat: number): string;
  // Plays a move (canonical text). The new state arrives through update().
  sendMove(move: string): void;
  // Asks the engine about a move without playing it.
  preview(move: string): Promise<Preview>;
  // A move the hint button suggested, for the screen to point at (null: none).
  hinted: string | null;
}

export interface GameScreen {
  // A new state. `animate` is false for the first state and in replays stepped fast.
  update(msg: StateMessage, animate: boolean): void;
  // Resolves once every state given has been drawn and its animation has finished.
  settled(): Promise<void>;
  destroy(): void;
}
