// Composing a Jaipur move from the cards a player selects: the selection, the move's
// canonical text (as `legal` lists it) and its words, what the engine's preview says it
// yields, and the cards a hinted move involves. The engine alone decides legality: this
// only names the move the selection makes. No DOM here: node's unit tests use it.
import type { Card, GameEvent, JaipurView, Lang } from "../contract.js";
import { plural, t } from "../i18n/t.js";
import { cardList, goodName } from "../i18n/words.js";
import { sortCards, sum } from "./cards.js";

export interface Selection {
  market: Set<number>; // market indices
  hand: Set<number>; // hand indices
  herd: number; // camels from the herd
}

export const emptySelection = (): Selection => ({ market: new Set(), hand: new Set(), herd: 0 });

// A market card clicked. Camels are taken all together, so a camel selects (or clears)
// every camel of the market at once.
export function toggleMarket(sel: Selection, market: readonly Card[], i: number): void {
  if (market[i] === "camel") {
    const camels = market.map((c, k) => (c === "camel" ? k : -1)).filter((k) => k >= 0);
    const all = camels.every((k) => sel.market.has(k));
    for (const k of camels) {
      if (all) sel.market.delete(k);
      else sel.market.add(k);
    }
  } else if (sel.market.has(i)) sel.market.delete(i);
  else sel.market.add(i);
}

export function toggleHand(sel: Selection, i: number): void {
  if (sel.hand.has(i)) sel.hand.delete(i);
  else sel.hand.add(i);
}

// The herd clicked: one more camel to give each time, and none again after all of them.
export function nextHerd(sel: Selection, herdSize: number): void {
  sel.herd = sel.herd >= herdSize ? 0 : sel.herd + 1;
}

export type Move = {
  kind: "move";
  text: string; // canonical, as `legal` lists it
  words: string; // for the confirm button
  action: "take" | "camels" | "exchange" | "sell";
  good?: Card;
  taken?: Card[];
  given?: Card[];
  count?: number;
};

// What a selection makes: nothing yet, an unfinished move (and what is missing), or a move.
export type Composed = { kind: "empty" } | { kind: "unfinished"; message: string } | Move;

export function compose(lang: Lang, view: JaipurView, hand: readonly Card[], sel: Selection): Composed {
  const marketGoods: Card[] = [];
  let marketCamels = 0;
  for (const i of sel.market) {
    const c = view.market[i];
    if (c === undefined) continue;
    if (c === "camel") marketCamels++;
    else marketGoods.push(c);
  }
  const handCards: Card[] = [];
  for (const i of sel.hand) {
    const c = hand[i];
    if (c !== undefined) handCards.push(c);
  }
  const given = handCards.length + sel.herd;
  if (marketGoods.length === 0 && marketCamels === 0 && given === 0) return { kind: "empty" };

  if (marketCamels > 0) {
    if (marketGoods.length > 0 || given > 0) return { kind: "unfinished", message: t(lang, "jp.camelsAlone") };
    return { kind: "move", text: "camels", words: plural(lang, "jp.takeCamels", marketCamels), action: "camels", count: marketCamels };
  }

  if (marketGoods.length > 0) {
    if (given === 0) {
      if (marketGoods.length > 1) return { kind: "unfinished", message: plural(lang, "jp.exchangeGive", marketGoods.length) };
      const good = marketGoods[0];
      return { kind: "move", text: `take ${good}`, words: t(lang, "move.take", { good: goodName(good, 1, lang) }), action: "take", good };
    }
    if (given !== marketGoods.length) {
      const balance = { taken: plural(lang, "jp.taken", marketGoods.length), given: plural(lang, "jp.given", given) };
      return { kind: "unfinished", message: t(lang, "jp.exchangeBalance", balance) };
    }
    const taken = sortCards(marketGoods);
    const gave = sortCards([...handCards, ...Array<Card>(sel.herd).fill("camel")]);
    return {
      kind: "move",
      text: `exchange ${taken.join(" ")} for ${gave.join(" ")}`,
      words: t(lang, "jp.exchange", { taken: cardList(taken, lang), given: cardList(gave, lang) }),
      action: "exchange",
      taken,
      given: gave,
    };
  }

  if (sel.herd > 0) return { kind: "unfinished", message: t(lang, "jp.herdOnly") };
  if (new Set(handCards).size !== 1) return { kind: "unfinished", message: t(lang, "jp.oneGood") };
  const good = handCards[0];
  const count = handCards.length;
  return { kind: "move", text: `sell ${count} ${good}`, words: t(lang, "move.sell", { goods: `${count} ${goodName(good, count, lang)}` }), action: "sell", good, count };
}

// What a legal move yields, in words, from the engine's preview event (the move's own
// parts when the event lacks them).
export function yields(lang: Lang, move: Move, ev: GameEvent | undefined): string {
  switch (move.action) {
    case "sell": {
      const tokens = (ev?.action === "sell" && ev.tokens) || [];
      const bonus = (ev?.action === "sell" && ev.bonus) || false;
      if (tokens.length === 0) return t(lang, bonus ? "jp.yield.noTokensBonus" : "jp.yield.noTokens");
      const price = `${tokens.length > 1 ? `${tokens.join(" + ")} = ` : ""}${plural(lang, "jp.rupees", sum(tokens))}`;
      return t(lang, bonus ? "jp.yield.saleBonus" : "jp.yield.sale", { price });
    }
    case "take":
      return t(lang, "jp.yield.take", { the: t(lang, `jp.the.${(ev?.action === "take" ? ev.good : move.good) ?? "camel"}`) });
    case "camels":
      return t(lang, "jp.yield.camels", { camels: plural(lang, "jp.camels", (ev?.action === "camels" ? ev.count : move.count) ?? 0) });
    case "exchange": {
      const taken = ev?.action === "exchange" ? ev.taken : (move.taken ?? []);
      const given = ev?.action === "exchange" ? ev.given : (move.given ?? []);
      return t(lang, "jp.yield.exchange", { taken: cardList(taken, lang), given: cardList(given, lang) });
    }
  }
}

// The cards a hinted move involves (market and hand indices, herd camels), to mark them.
export function hintedCards(move: string | null, view: JaipurView, hand: readonly Card[]): Selection {
  const out = emptySelection();
  if (!move) return out;
  const words = move.trim().split(/\s+/);
  const pickMarket = (g: string) => {
    const i = view.market.findIndex((c, k) => c === g && !out.market.has(k));
    if (i >= 0) out.market.add(i);
  };
  const pickHand = (g: string) => {
    const i = hand.findIndex((c, k) => c === g && !out.hand.has(k));
    if (i >= 0) out.hand.add(i);
  };
  if (words[0] === "take" && words[1]) pickMarket(words[1]);
  else if (words[0] === "camels") view.market.forEach((c, i) => c === "camel" && out.market.add(i));
  else if (words[0] === "sell" && words[2]) {
    const n = Number(words[1]);
    for (let k = 0; k < n; k++) pickHand(words[2]);
  } else if (words[0] === "exchange") {
    const at = words.indexOf("for");
    if (at > 0) {
      for (const g of words.slice(1, at)) pickMarket(g);
      for (const g of words.slice(at + 1)) {
        if (g === "camel") out.herd++;
        else pickHand(g);
      }
    }
  }
  return out;
}
