// Wording: plurals by each language's rule, and moves told in words, English and French.
import { test } from "node:test";
import assert from "node:assert/strict";
import { plural, t } from "../../build/web/js/i18n/t.js";
import { cardList, countedList, describe, goodName, moveInWords } from "../../build/web/js/i18n/words.js";

test("English: one for 1 only; French: one for 0 and 1", () => {
  assert.deepEqual([0, 1, 2].map((n) => plural("en", "jp.cards", n)), ["0 cards", "1 card", "2 cards"]);
  assert.deepEqual([0, 1, 2].map((n) => plural("fr", "jp.cards", n)), ["0 carte", "1 carte", "2 cartes"]);
  assert.deepEqual([0, 1, 2].map((n) => plural("fr", "jp.rupees", n)), ["0 roupie", "1 roupie", "2 roupies"]);
});

test("a plural may have its own words for zero", () => {
  assert.deepEqual([0, 1, 3].map((n) => plural("en", "jp.left", n)), ["none left", "1 left", "3 left"]);
  assert.deepEqual([0, 1, 3].map((n) => plural("fr", "jp.left", n)), ["épuisé", "1 restant", "3 restants"]);
});

test("a plural's other placeholders are filled too", () => {
  assert.equal(plural("en", "jp.chosen", 2, { total: 3 }), "2 of 3 chosen");
  assert.equal(plural("fr", "jp.chosen", 1, { total: 3 }), "1 sur 3 choisi");
  assert.equal(plural("fr", "jp.chosen", 2, { total: 3 }), "2 sur 3 choisis");
  assert.equal(plural("fr", "jp.takeCamels", 1), "Prendre le chameau");
  assert.equal(plural("fr", "jp.takeCamels", 3), "Prendre les 3 chameaux");
});

test("good names, singular and plural", () => {
  assert.equal(goodName("diamond", 2, "en"), "diamonds");
  assert.equal(goodName("leather", 3, "en"), "leather");
  assert.equal(goodName("camel", 1, "en"), "camel");
  assert.equal(goodName("cloth", 2, "fr"), "tissus");
  assert.equal(goodName("gold", 2, "fr"), "or");
  assert.equal(goodName("saffron", 2, "fr"), "saffron", "a name the app does not know stays as it is");
});

test("lists of cards", () => {
  assert.equal(cardList(["camel", "spice", "gold", "camel"], "en"), "gold, spice and 2 camels");
  assert.equal(cardList(["camel", "spice", "gold", "camel"], "fr"), "or, épice et 2 chameaux");
  assert.equal(cardList(["leather"], "en"), "leather");
  assert.equal(countedList(["spice", "gold", "spice"], "en"), "2 spice and 1 gold");
  assert.equal(countedList(["camel", "camel"], "fr"), "2 chameaux");
});

const names = (seat) => ["You", "Ann", "hard bot"][seat];
const base = (seat, action, rest) => ({ seat, move: "", chance: false, action, ...rest });

test("Jaipur moves told in words, for another seat and for you", () => {
  const take = base(1, "take", { good: "leather" });
  assert.equal(describe(take, names, "en", 0), "Ann takes 1 leather");
  assert.equal(describe({ ...take, seat: 0 }, names, "en", 0), "You take 1 leather");
  assert.equal(describe({ ...take, seat: 0 }, names, "fr", 0), "You prenez 1 cuir");
  assert.equal(describe(base(1, "camels", { count: 3 }), names, "fr", 0), "Ann prend 3 chameaux");
  const exchange = base(1, "exchange", { taken: ["gold", "spice"], given: ["leather", "camel"] });
  assert.equal(describe(exchange, names, "en"), "Ann exchanges 1 leather and 1 camel for 1 gold and 1 spice");
  assert.equal(describe(exchange, names, "fr"), "Ann échange 1 cuir et 1 chameau contre 1 or et 1 épice");
});

test("a sale told with its tokens, its sum and its bonus", () => {
  const sell = base(1, "sell", { good: "cloth", count: 3, tokens: [5, 3, 3], bonus: true });
  assert.equal(describe(sell, names, "en"), "Ann sells 3 cloth: 5+3+3 = 11 rupees and a bonus token");
  assert.equal(describe({ ...sell, bonus_value: 2 }, names, "fr"), "Ann vend 3 tissus : 5+3+3 = 11 roupies et un bonus de 2");
  const last = base(0, "sell", { good: "diamond", count: 2, tokens: [], bonus: false });
  assert.equal(describe(last, names, "en", 0), "You sell 2 diamonds: 0 rupees");
  assert.equal(describe(base(1, "sell", { good: "gold", count: 1, tokens: [5], bonus: false }), names, "en"), "Ann sells 1 gold: 5 rupees");
});

test("Marrakech moves told in words", () => {
  assert.equal(describe(base(1, "orient", { turn: "straight" }), names, "en"), "Ann keeps Assam straight on");
  assert.equal(describe(base(0, "orient", { turn: "left" }), names, "fr", 0), "You tournez Assam à gauche");
  const roll = base(1, "roll", { roll: 3, assam: { x: 0, y: 0, facing: "N" }, path: [] });
  assert.equal(describe(roll, names, "en"), "Ann rolls 3");
  assert.equal(describe(roll, names, "fr"), "Ann lance le dé : 3");
  const paid = { ...roll, tribute: { from: 1, to: 2, amount: 1, squares: [[0, 0]] }, out: [1] };
  assert.equal(describe(paid, names, "en"), "Ann rolls 3 and pays 1 dirham to hard bot. Ann is out of the game");
  assert.equal(describe({ ...paid, seat: 0, out: [0] }, names, "en", 0), "You roll 3 and pay 1 dirham to hard bot. You are out of the game");
  assert.equal(describe({ ...paid, tribute: { ...paid.tribute, amount: 4 } }, names, "fr"), "Ann lance le dé : 3 et paie 4 dirhams à hard bot. Ann est éliminé");
  assert.equal(describe(base(2, "place", { squares: ["c3", "d3"] }), names, "en"), "hard bot places a carpet on c3–d3");
  assert.equal(describe(base(2, "frobnicate", { move: "frobnicate x" }), names, "en"), "hard bot: frobnicate x");
});

test("running out of time told in words: Jaipur's ends the game, Marrakech's puts the seat out", () => {
  const jaipur = base(1, "timeout", { move: "timeout", winner: 0 });
  assert.equal(describe(jaipur, names, "en"), "Ann ran out of time");
  assert.equal(describe({ ...jaipur, seat: 0 }, names, "en", 0), "You ran out of time");
  assert.equal(describe(jaipur, names, "fr"), "Ann n’a plus de temps");
  assert.equal(describe({ ...jaipur, seat: 0 }, names, "fr", 0), "You n’avez plus de temps");
  const marrakech = base(2, "timeout", { move: "timeout", out: [2] });
  assert.equal(describe(marrakech, names, "en"), "hard bot ran out of time. hard bot is out of the game");
  assert.equal(describe(marrakech, names, "fr"), "hard bot n’a plus de temps. hard bot est éliminé");
});

test("a move in words from its event, never its text (the hint)", () => {
  const ev = (move, action, fields) => ({ seat: 0, move, chance: false, action, ...fields });
  assert.equal(moveInWords(ev("sell 3 leather", "sell", { good: "leather", count: 3, tokens: [1, 1, 1], bonus: true }), "en"), "Sell 3 leather");
  assert.equal(moveInWords(ev("sell 2 diamond", "sell", { good: "diamond", count: 2, tokens: [7, 7], bonus: false }), "fr"), "Vendre 2 diamants");
  assert.equal(moveInWords(ev("take gold", "take", { good: "gold" }), "fr"), "Prendre 1 or");
  assert.equal(moveInWords(ev("camels", "camels", { count: 3 }), "en"), "Take the camels");
  assert.equal(
    moveInWords(ev("exchange gold spice for leather camel", "exchange", { taken: ["gold", "spice"], given: ["leather", "camel"] }), "en"),
    "Exchange 1 leather and 1 camel for 1 gold and 1 spice",
  );
  assert.equal(moveInWords(ev("right", "orient", { turn: "right" }), "fr"), "Tourner à droite");
  assert.equal(moveInWords(ev("place c3 d3", "place", { squares: ["c3", "d3"] }), "en"), "Place on c3–d3");
  // The words are the event's: a move text that says otherwise is not read.
  assert.equal(moveInWords(ev("sell 9 gold", "sell", { good: "cloth", count: 2, tokens: [5, 3], bonus: false }), "en"), "Sell 2 cloth");
  assert.equal(moveInWords(ev("roll 3", "roll", { roll: 3, assam: { x: 3, y: 3, facing: "N" }, path: [] }), "en"), "roll 3", "a move the hint never gives stays as it is");
});

test("the shell's words take their placeholders", () => {
  assert.equal(t("fr", "game.turn.other", { name: "Ann" }), "À Ann de jouer");
  assert.equal(t("en", "round.parts", { goods: 12, bonus: 3, camel: 5 }), "goods 12 + bonus 3 + camel 5");
});

test("a tribute paid to you is told to you (issue 36)", () => {
  const e = { seat: 1, move: "roll", chance: true, action: "roll", roll: 3, tribute: { from: 1, to: 0, amount: 5, squares: [] }, out: [] };
  const names = (p) => (p === 0 ? "You" : "Karim");
  assert.equal(describe(e, names, "en", 0), "Karim rolls 3 and pays you 5 dirhams");
  assert.doesNotMatch(describe(e, (p) => (p === 0 ? "Vous" : "Karim"), "fr", 0), /à Vous/);
});
