// Who is who and whose turn, in words: a seat's display name ("You", "Ann", "Easy bot",
// "Player 2") and the game page's status line. No DOM here: node's unit tests use it.
import type { Lang, SeatInfo, StateMessage } from "../contract.js";
import { t } from "../i18n/t.js";

// The bot levels the lobby offers, which have names in both languages.
const isLevel = (player: string): player is "easy" | "medium" | "hard" => ["easy", "medium", "hard"].includes(player);

// `you`: the seat addressed as "you" (null: none, as in hot-seat play and replays).
export function seatNameFor(msg: { seats: readonly SeatInfo[] }, seat: number, you: number | null, lang: Lang): string {
  if (you !== null && seat === you) return t(lang, "game.you");
  const info = msg.seats[seat];
  // A seat an account holds goes by the account's name (issue 37).
  if (info?.account) return info.account;
  if (info?.name) return info.name;
  if (info && info.player !== "human") {
    const level = isLevel(info.player) ? t(lang, `home.level.${info.player}`) : info.player;
    const name = t(lang, "game.bot", { level: lang === "fr" ? level.toLowerCase() : level });
    // Three easy bots in a four-player game must still be told apart.
    const twins = msg.seats.filter((s) => s.player === info.player).length;
    return twins > 1 ? `${name} ${seat + 1}` : name;
  }
  return t(lang, "game.seat", { n: seat + 1 });
}

// The status line: over, waiting for a friend, your turn, or whose (and that you watch).
export function statusText(lang: Lang, msg: StateMessage, seatName: (seat: number) => string, hotseat: boolean): string {
  if (msg.over) return t(lang, "game.over");
  if (msg.seats.some((s) => !s.joined)) return t(lang, "game.waiting.join");
  if (msg.to_move === null) return "…";
  if (msg.legal.length) return t(lang, "game.turn.you");
  const turn = t(lang, "game.turn.other", { name: seatName(msg.to_move) });
  return msg.seat === null && !hotseat ? `${t(lang, "game.spectating")} · ${turn}` : turn;
}

// A hint is offered only when every other seat is a bot.
export const othersAreBots = (msg: StateMessage): boolean => msg.seats.every((s, i) => i === msg.seat || s.player !== "human");
