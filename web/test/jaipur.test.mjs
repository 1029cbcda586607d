// Jaipur move composition: from the cards selected to the canonical move text `legal`
// lists, its words, what the engine's preview says it yields; the hint's cards; what an
// opponent's move changed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compose, emptySelection, hintedCards, nextHerd, toggleHand, toggleMarket, yields } from "../../build/web/js/jaipur/compose.js";
import { highlights } from "../../build/web/js/jaipur/highlights.js";
import { sortCards } from "../../build/web/js/jaipur/cards.js";

const view = { market: ["leather", "gold", "camel", "spice", "camel"] };
const hand = ["diamond", "cloth", "cloth", "leather", "leather", "leather"];
const select = ({ market = [], hand: h = [], herd = 0 } = {}) => ({ market: new Set(market), hand: new Set(h), herd });

test("an empty selection makes nothing", () => {
  assert.deepEqual(compose("en", view, hand, emptySelection()), { kind: "empty" });
});

test("one market good: take it", () => {
  const c = compose("en", view, hand, select({ market: [1] }));
  assert.equal(c.text, "take gold");
  assert.equal(c.words, "Take 1 gold");
  assert.equal(compose("fr", view, hand, select({ market: [0] })).words, "Prendre 1 cuir");
});

test("the market camels: all of them, alone", () => {
  const sel = emptySelection();
  toggleMarket(sel, view.market, 2);
  assert.deepEqual([...sel.market].sort(), [2, 4], "one camel clicked selects every camel");
  const c = compose("en", view, hand, sel);
  assert.equal(c.text, "camels");
  assert.equal(c.words, "Take the 2 camels");
  assert.equal(compose("fr", view, hand, sel).words, "Prendre les 2 chameaux");
  toggleMarket(sel, view.market, 4);
  assert.equal(sel.market.size, 0, "and clicking a camel again clears them all");
  assert.equal(compose("en", view, hand, select({ market: [2, 4], hand: [0] })).message, "Market camels are taken on their own, all together: clear the other cards.");
});

test("an exchange: goods taken and as many given, both lists canonical", () => {
  const sel = select({ market: [3, 1], hand: [4] });
  nextHerd(sel, 3);
  const c = compose("en", view, hand, sel);
  assert.equal(c.text, "exchange gold spice for leather camel");
  assert.equal(c.words, "Exchange: take gold and spice, give leather and camel");
  const two = compose("fr", view, hand, select({ market: [0, 1, 3], herd: 2, hand: [0] }));
  assert.equal(two.text, "exchange gold spice leather for diamond camel camel");
  assert.equal(two.words, "Échanger : prendre or, épice et cuir, donner diamant et 2 chameaux");
});

test("an unfinished exchange says what is missing", () => {
  assert.equal(compose("en", view, hand, select({ market: [0, 1] })).message, "To exchange, now choose 2 cards to give from your hand or herd.");
  assert.equal(compose("en", view, hand, select({ market: [0, 1], hand: [0] })).message, "Exchange: 2 taken, 1 given — give as many cards as you take.");
  assert.equal(compose("fr", view, hand, select({ market: [0, 1], hand: [0] })).message, "Échange : 2 prises, 1 donnée — donnez autant de cartes que vous en prenez.");
  assert.equal(compose("en", view, hand, select({ herd: 1 })).message, "Camels from your herd are given in an exchange: choose market goods to take too.");
});

test("a sale: cards of one good from the hand", () => {
  const sel = emptySelection();
  for (const i of [3, 5, 4]) toggleHand(sel, i);
  const c = compose("en", view, hand, sel);
  assert.equal(c.text, "sell 3 leather");
  assert.equal(c.words, "Sell 3 leather");
  assert.equal(compose("fr", view, hand, select({ hand: [1, 2] })).words, "Vendre 2 tissus");
  assert.equal(compose("en", view, hand, select({ hand: [0, 1] })).message, "To sell, choose cards of a single good.");
  toggleHand(sel, 5);
  assert.equal(compose("en", view, hand, sel).text, "sell 2 leather", "a second click deselects");
});

test("the herd: one camel more each click, then none", () => {
  const sel = emptySelection();
  const seen = [];
  for (let i = 0; i < 4; i++) {
    nextHerd(sel, 2);
    seen.push(sel.herd);
  }
  assert.deepEqual(seen, [1, 2, 0, 1]);
});

test("what a move yields, from the engine's preview", () => {
  const sell = compose("en", view, hand, select({ hand: [3, 4, 5] }));
  assert.equal(yields("en", sell, { action: "sell", good: "leather", count: 3, tokens: [4, 3, 2], bonus: true }), "4 + 3 + 2 = 9 rupees and a bonus token.");
  assert.equal(yields("fr", sell, { action: "sell", good: "leather", count: 3, tokens: [1], bonus: false }), "1 roupie.");
  assert.equal(yields("en", sell, { action: "sell", good: "leather", count: 3, tokens: [], bonus: true }), "No tokens left for this good: 0 rupees, but a bonus token.");
  const take = compose("fr", view, hand, select({ market: [1] }));
  assert.equal(yields("fr", take, { action: "take", good: "gold" }), "Vous prenez l’or dans votre main ; la pioche complète le marché.");
  const camels = compose("en", view, hand, select({ market: [2, 4] }));
  assert.equal(yields("en", camels, undefined), "You take 2 camels into your herd; the deck refills the market.");
});

test("the cards a hinted move involves", () => {
  const marks = (sel) => ({ market: [...sel.market].sort(), hand: [...sel.hand].sort(), herd: sel.herd });
  assert.deepEqual(marks(hintedCards("camels", view, hand)), { market: [2, 4], hand: [], herd: 0 });
  assert.deepEqual(marks(hintedCards("sell 2 leather", view, hand)), { market: [], hand: [3, 4], herd: 0 });
  assert.deepEqual(marks(hintedCards("exchange gold spice for cloth camel", view, hand)), { market: [1, 3], hand: [1], herd: 1 });
  assert.deepEqual(marks(hintedCards(null, view, hand)), { market: [], hand: [], herd: 0 });
});

test("cards sort in canonical order", () => {
  assert.deepEqual(sortCards(["camel", "leather", "diamond", "spice"]), ["diamond", "spice", "leather", "camel"]);
});

test("an opponent's sale is pointed at: new market cards, the pile, the bonus pile", () => {
  const player = (hand_size, goods_tokens) => ({ hand_size, known: [], herd: 1, goods_tokens });
  const prev = { round: 1, market: ["gold", "gold", "camel", "spice", "spice"], players: [player(5, []), player(6, [])] };
  const next = { round: 1, market: ["gold", "gold", "camel", "spice", "spice"], players: [player(5, []), player(3, [4, 3, 2])] };
  const sale = { seat: 1, move: "sell 3 leather", chance: false, action: "sell", good: "leather", count: 3, tokens: [4, 3, 2], bonus: true };
  const hl = highlights(prev, next, sale, true, 0);
  assert.equal(hl.pile, "leather");
  assert.equal(hl.bonusPile, "3");
  assert.equal(hl.newTokens, 3);
  assert.ok(hl.hand && !hl.herd);
  assert.equal(highlights(prev, next, sale, true, 1).seat, null, "not the viewer's own move");
  assert.equal(highlights(prev, next, sale, false, 0).seat, null, "not when jumping");
  const take = { seat: 1, move: "take gold", chance: false, action: "take", good: "gold" };
  const after = { ...next, market: ["gold", "camel", "spice", "spice", "diamond"] };
  assert.deepEqual([...highlights(prev, after, take, true, 0).market], [4]);
});
