// Seats in words for the lobby, the invite page, the invite links and replays: lists of
// names, a Marrakech seat's colours, a finished game's result. No DOM here: node's unit
// tests use it.
import type { Lang, SeatInfo } from "../contract.js";
import { t } from "../i18n/t.js";
import { joinList } from "../i18n/words.js";

// "Ann", "Ann and Bob", "Ann, Bob and Cleo".
export const listOf = (lang: Lang, items: readonly string[]): string => joinList([...items], lang);

// A Marrakech seat's carpet colours in words ("Red and Blue").
export function colourNames(lang: Lang, colours: readonly number[]): string {
  return listOf(
    lang,
    colours.map((c) => (c >= 0 && c < 4 ? t(lang, `mk.colour.${c as 0 | 1 | 2 | 3}`) : String(c))),
  );
}

// The opponents of `seat`, by name, for a lobby line: "against Ann and Easy bot".
export function againstText(lang: Lang, seats: readonly SeatInfo[], seat: number, name: (s: number) => string): string {
  const others = seats.map((_, s) => s).filter((s) => s !== seat);
  return t(lang, "home.against", { names: listOf(lang, others.map(name)) });
}

// A finished game's result from `seat`'s side, with every score: "You won · You 74, Easy bot 61".
export function resultText(
  lang: Lang,
  game: { winners: readonly number[]; scores: readonly number[] | null },
  seat: number | null,
  name: (s: number) => string,
): string {
  const { winners, scores } = game;
  let result = "";
  if (winners.length > 1) result = t(lang, "home.won.shared", { names: listOf(lang, winners.map(name)) });
  else if (winners.length === 1) result = winners[0] === seat ? t(lang, "home.won.you") : t(lang, "home.won.other", { name: name(winners[0]!) });
  if (!scores?.length) return result;
  return `${result} · ${scores.map((score, s) => `${name(s)} ${score}`).join(", ")}`;
}
