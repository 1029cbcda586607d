// The lessons' pure helpers (web/src/learn/pure.ts, names.ts): the progress kept in the
// browser, a step's highlight ids as selectors, the final game's explanations filled.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROGRESS_KEY, doneLessons, explainEvent, fillTemplate, highlightSelectors, isDone, markDone, mergeDone } from "../../build/web/js/learn/pure.js";
import { namerFor } from "../../build/web/js/learn/names.js";
import { joinList } from "../../build/web/js/i18n/words.js";

function memory(initial = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), map: m };
}

test("progress: none at first, each lesson once, per game", () => {
  const s = memory();
  assert.deepEqual(doneLessons(s), []);
  markDone(s, "jaipur", "take-one");
  markDone(s, "jaipur", "take-one");
  markDone(s, "marrakech", "turn-assam");
  assert.deepEqual(JSON.parse(s.map.get(PROGRESS_KEY)), ["jaipur/take-one", "marrakech/turn-assam"]);
  assert.equal(isDone(s, "jaipur", "take-one"), true);
  assert.equal(isDone(s, "marrakech", "take-one"), false);
});

test("progress: the account's lessons merged in, the browser's kept, none twice", () => {
  const s = memory();
  markDone(s, "jaipur", "take-one");
  mergeDone(s, ["marrakech/first-turn", "jaipur/take-one"]);
  mergeDone(s, []);
  assert.deepEqual(doneLessons(s), ["jaipur/take-one", "marrakech/first-turn"]);
});

test("progress: anything unreadable is no progress, and is replaced", () => {
  for (const bad of ["{", '{"a":1}', "42", '[1, "jaipur/x", null]']) {
    const s = memory({ [PROGRESS_KEY]: bad });
    const list = doneLessons(s);
    assert.ok(Array.isArray(list));
    assert.ok(list.every((x) => typeof x === "string"));
  }
  const s = memory({ [PROGRESS_KEY]: "{" });
  markDone(s, "jaipur", "sell");
  assert.deepEqual(doneLessons(s), ["jaipur/sell"]);
  // A storage that refuses to write: the lesson is done, only not remembered.
  const refusing = { getItem: () => null, setItem: () => { throw new Error("quota"); } };
  assert.doesNotThrow(() => markDone(refusing, "jaipur", "sell"));
});

test("highlight ids: goods, zones, Assam, squares, orientations; unknown ids point at nothing", () => {
  assert.deepEqual(highlightSelectors("market:leather"), ["[data-role=market] [data-good=leather]"]);
  assert.deepEqual(highlightSelectors("market:camel"), ["[data-role=market] [data-good=camel]"]);
  assert.deepEqual(highlightSelectors("hand:gold"), ["[data-zone=hand][data-good=gold]"]);
  assert.deepEqual(highlightSelectors("herd"), ["[data-zone=herd]", "[data-role=herd]"]);
  assert.deepEqual(highlightSelectors("tokens:spice"), ["[data-role=token-piles] [data-good=spice]"]);
  assert.deepEqual(highlightSelectors("assam"), [".mk-assam"]);
  assert.deepEqual(highlightSelectors("d4"), ["[data-square=d4]"]);
  assert.deepEqual(highlightSelectors("square:a7"), ["[data-square=a7]"]);
  assert.deepEqual(highlightSelectors("left"), ["button[data-orient=left]"]);
  assert.deepEqual(highlightSelectors("orient:straight"), ["button[data-orient=straight]"]);
  assert.deepEqual(highlightSelectors("square:3,3"), ["[data-square=d4]"]);
  assert.deepEqual(highlightSelectors("square:0,6"), ["[data-square=a7]"]);
  assert.deepEqual(highlightSelectors("bonus:5"), ['[data-role=bonus-piles] [data-size="5"]']);
  assert.deepEqual(highlightSelectors("seals"), ["[data-role=seals]"]);
  assert.deepEqual(highlightSelectors("players"), [".mk-players"]);
  for (const unknown of ["square:7,0", "square:1,", "bonus:6"]) assert.deepEqual(highlightSelectors(unknown), [], unknown);
  for (const unknown of ["market:rubies", "h9", "square:z1", "orient:back", "nothing", "", "market:le\"ather"])
    assert.deepEqual(highlightSelectors(unknown), [], unknown);
});

test("a template's placeholders filled from an event's fields, unknown ones left as written", () => {
  const plain = () => null;
  assert.equal(fillTemplate("I take the {count} camels.", { action: "camels", count: 3 }, plain), "I take the 3 camels.");
  assert.equal(fillTemplate("{tribute.amount} dirhams to {tribute.to}", { tribute: { amount: 4, to: 0 } }, plain), "4 dirhams to 0");
  assert.equal(fillTemplate("{nothing} here", { action: "take" }, plain), "{nothing} here");
  assert.equal(fillTemplate("{taken}", { taken: ["a", "b"] }, plain, (p) => p.join(" + ")), "a + b");
});

test("goods and colours named in the page's language", () => {
  const en = namerFor("en", (s) => (s === 0 ? "You" : "Nadia"));
  const fr = namerFor("fr", (s) => (s === 0 ? "Vous" : "Nadia"));
  const sell = { action: "sell", good: "diamond", count: 2, seat: 1 };
  assert.equal(fillTemplate("{seat} sells {count} {good}.", sell, en), "Nadia sells 2 diamonds.");
  assert.equal(fillTemplate("{seat} vend {count} {good}.", sell, fr), "Nadia vend 2 diamants.");
  const exchange = { action: "exchange", taken: ["gold", "spice"], given: ["camel", "camel"] };
  assert.equal(fillTemplate("for {given}", exchange, en, (p) => joinList(p, "en")), "for camel and camel");
  assert.equal(fillTemplate("{colour}", { colour: 1 }, en), fillTemplate("{colour}", { colour: 1 }, en)); // a colour's name
  assert.notEqual(fillTemplate("{colour}", { colour: 1 }, fr), "1");
  assert.equal(fillTemplate("{colour}", { colour: 9 }, en), "9");
  assert.equal(fillTemplate("I turn Assam ({turn}).", { action: "orient", turn: "left" }, en), "I turn Assam (turn left).");
  assert.equal(fillTemplate("({turn})", { action: "orient", turn: "straight" }, fr), "(tout droit)");
  assert.equal(fillTemplate("the tokens {tokens}", { tokens: [5, 5, 3] }, en, (p) => joinList(p, "en")), "the tokens 5, 5 and 3");
});

test("the explanation is the entry of the event's action, in the page's language, else none", () => {
  const explain = [
    { action: "camels", say: { en: "I take the {count} camels.", fr: "Je prends les {count} chameaux." } },
    { action: "take", say: { en: "I take the {good}.", fr: "Je prends {good}." } },
  ];
  const en = namerFor("en", String);
  assert.equal(explainEvent(explain, { action: "camels", count: 2 }, "fr", en), "Je prends les 2 chameaux.");
  assert.equal(explainEvent(explain, { action: "take", good: "leather" }, "en", en), "I take the leather.");
  assert.equal(explainEvent(explain, { action: "sell", good: "gold", count: 2 }, "en", en), null);
  assert.equal(explainEvent(undefined, { action: "take" }, "en", en), null);
  assert.equal(explainEvent(explain, null, "en", en), null);
});
