// Moves told in words, from the server's events (the log, the replay, the hint), never
// from a move's text. No DOM here: node's unit tests call it.
import type { Card, GameEvent, Lang } from "../contract.js";
import { plural, t, type TextKey } from "./t.js";

const CARDS: readonly string[] = ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"];
const isCard = (name: string): name is Card => CARDS.includes(name);

// A card's name for a count ("camel", "camels"); a name the app does not know, as it is.
export function goodName(good: string, count: number, lang: Lang): string {
  return isCard(good) ? plural(lang, `good.${good}`, count) : good;
}

// "a, b and c".
export function joinList(parts: string[], lang: Lang): string {
  if (parts.length <= 1) return parts.join("");
  return t(lang, "list.and", { first: parts.slice(0, -1).join(", "), last: parts[parts.length - 1] });
}

// "1 gold, 2 spice and 1 camel": each card with its count, in the order first met.
export function countedList(cards: string[], lang: Lang): string {
  const counts = new Map<string, number>();
  for (const card of cards) counts.set(card, (counts.get(card) ?? 0) + 1);
  return joinList([...counts].map(([card, n]) => `${n} ${goodName(card, n, lang)}`), lang);
}

// "gold, spice and 2 camels": cards in canonical order, a count only where there are more
// than one (the Jaipur composer's words).
export function cardList(cards: string[], lang: Lang): string {
  const parts: string[] = [];
  for (const card of CARDS) {
    const n = cards.filter((c) => c === card).length;
    if (n > 0) parts.push(n === 1 ? goodName(card, 1, lang) : `${n} ${goodName(card, n, lang)}`);
  }
  return joinList(parts, lang);
}

// The keys that have a twin for the seat addressed as "you" ("log.take.you").
type Personal = { [K in TextKey]: `${K}.you` extends TextKey ? K : never }[TextKey];
const person = <K extends Personal>(key: K, seat: number, you: number | null): K | `${K}.you` =>
  seat === you ? `${key}.you` : key;

// One sentence for one event; `name(seat)` names a seat ("You", "Ann", "hard bot"),
// `you` is the seat addressed as "you" (null: none).
export function describe(e: GameEvent, name: (seat: number) => string, lang: Lang, you: number | null = null): string {
  const who = name(e.seat);
  switch (e.action) {
    case "take":
      return t(lang, person("log.take", e.seat, you), { who, goods: `1 ${goodName(e.good, 1, lang)}` });
    case "camels":
      return t(lang, person("log.take", e.seat, you), { who, goods: `${e.count} ${goodName("camel", e.count, lang)}` });
    case "exchange":
      return t(lang, person("log.exchange", e.seat, you), {
        who,
        given: countedList(e.given, lang),
        taken: countedList(e.taken, lang),
      });
    case "sell": {
      const sum = e.tokens.reduce((a, b) => a + b, 0);
      let price = `${e.tokens.length > 1 ? `${e.tokens.join("+")} = ` : ""}${plural(lang, "log.rupees", sum)}`;
      if (e.bonus)
        price =
          e.bonus_value !== undefined
            ? t(lang, "log.price.bonus", { price, value: e.bonus_value })
            : t(lang, "log.price.bonusToken", { price });
      return t(lang, person("log.sell", e.seat, you), { who, goods: `${e.count} ${goodName(e.good, e.count, lang)}`, price });
    }
    case "orient":
      return t(lang, person(`log.${e.turn}`, e.seat, you), { who });
    case "roll": {
      let text = e.tribute
        ? t(lang, e.tribute.to === you && you !== null ? "log.roll.tribute.toYou" : person("log.roll.tribute", e.seat, you), {
            who,
            roll: e.roll,
            to: name(e.tribute.to),
            dirhams: plural(lang, "dirhams", e.tribute.amount),
          })
        : t(lang, person("log.roll", e.seat, you), { who, roll: e.roll });
      for (const p of e.out ?? []) text = t(lang, person("log.out", p, you), { text, name: name(p) });
      return text;
    }
    case "place":
      return t(lang, person("log.place", e.seat, you), { who, squares: e.squares.join("–") });
    case "timeout": {
      // Jaipur's ends the game (the result says who won); Marrakech's puts the seat out.
      let text = t(lang, person("log.timeout", e.seat, you), { who });
      for (const p of "out" in e ? e.out : []) text = t(lang, person("log.out", p, you), { text, name: name(p) });
      return text;
    }
    default:
      // An action this client does not know (a newer server): the move's own text.
      return t(lang, "log.other", { who, move: (e as GameEvent).move });
  }
}

// What a Marrakech roll did, a line each: the roll, the tribute paid, who is out. `you`
// is the seat addressed as "you" (null: none).
export function rollLines(e: Extract<GameEvent, { action: "roll" }>, name: (seat: number) => string, lang: Lang, you: number | null): string[] {
  const lines = [e.seat === you ? t(lang, "mk.rolled.you", { roll: e.roll }) : t(lang, "mk.rolled", { name: name(e.seat), roll: e.roll })];
  const tribute = e.tribute;
  if (tribute && tribute.amount > 0) {
    const dirhams = plural(lang, "dirhams", tribute.amount);
    const [from, to] = [name(tribute.from), name(tribute.to)];
    lines.push(
      tribute.from === you
        ? t(lang, "mk.pays.you", { dirhams, to })
        : tribute.to === you
          ? t(lang, "mk.pays.toYou", { from, dirhams })
          : t(lang, "mk.pays", { from, dirhams, to }),
    );
  }
  for (const p of e.out ?? []) lines.push(p === you ? t(lang, "mk.isOut.you") : t(lang, "mk.isOut", { name: name(p) }));
  return lines;
}

// A move in words, as advice, from the engine's event for it (the hint asks the preview
// route for it): "Sell 3 leather", "Place on c3–d3". Never from the move's text.
export function moveInWords(e: GameEvent, lang: Lang): string {
  switch (e.action) {
    case "take":
      return t(lang, "move.take", { good: goodName(e.good, 1, lang) });
    case "camels":
      return t(lang, "move.camels");
    case "sell":
      return t(lang, "move.sell", { goods: `${e.count} ${goodName(e.good, e.count, lang)}` });
    case "exchange":
      return t(lang, "move.exchange", { given: countedList(e.given, lang), taken: countedList(e.taken, lang) });
    case "orient":
      return t(lang, `move.${e.turn}`);
    case "place":
      return t(lang, "move.place", { a: e.squares[0], b: e.squares[1] });
    default:
      // An action this client does not know (a newer server), or a roll: the move's own text.
      return (e as GameEvent).move;
  }
}
