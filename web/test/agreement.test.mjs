// Every message template, in English and in French, rendered with a count of 1 and of 2:
// a noun or participle after a number agrees with it ("1 move", "2 moves"; "1 carte",
// "2 cartes"), both languages have the same keys, and French typography puts a
// non-breaking space before : ; ! ? and inside « ».
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogues, plural, t } from "../../build/web/js/i18n/t.js";
import { fr as frRules } from "../../build/web/js/rules/fr.js";

const { en, fr } = catalogues;

// The words that follow a count somewhere in the app, singular → plural.
const words = {
  en: {
    card: "cards", camel: "camels", rupee: "rupees", dirham: "dirhams", move: "moves", square: "squares",
    diamond: "diamonds", seal: "seals", token: "tokens", player: "players", carpet: "carpets", round: "rounds",
  },
  fr: {
    carte: "cartes", chameau: "chameaux", roupie: "roupies", dirham: "dirhams", coup: "coups", case: "cases",
    diamant: "diamants", tissu: "tissus", épice: "épices", cuir: "cuirs", restant: "restants", connue: "connues",
    choisi: "choisis", prise: "prises", donnée: "données", sceau: "sceaux", jeton: "jetons", visible: "visibles",
    joueur: "joueurs", manche: "manches", marchandise: "marchandises",
  },
};
// Which counts take the singular (CLDR, as t.ts).
const isOne = { en: (n) => n === 1, fr: (n) => n <= 1 };

// Placeholders that hold a count; every other one holds words rendered elsewhere.
const COUNTS = new Set(["n", "i", "total", "roll", "p", "value", "score", "seals", "id"]);
const holesOf = (entry) =>
  [...new Set((typeof entry === "string" ? [entry] : Object.values(entry)).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))];

function render(lang, key, count) {
  const entry = catalogues[lang][key];
  const params = Object.fromEntries(holesOf(entry).map((h) => [h, COUNTS.has(h) ? count : "Ann"]));
  return typeof entry === "string" ? t(lang, key, params) : plural(lang, key, count, params);
}

// Each "number word" pair whose word is of the wrong number for that count.
function disagreements(lang, text) {
  const singular = new Set(Object.keys(words[lang]));
  const plurals = new Set(Object.values(words[lang]));
  const wrong = [];
  for (const [, digits, word] of text.matchAll(/(\d+)[\s\u00a0]+([\p{L}’']+)/gu)) {
    const w = word.toLowerCase();
    if (isOne[lang](Number(digits)) ? plurals.has(w) : singular.has(w)) wrong.push(`${digits} ${word}`);
  }
  return wrong;
}

test("English and French have the same keys, each a text in both or a plural in both", () => {
  assert.deepEqual(Object.keys(fr).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) assert.equal(typeof fr[key], typeof en[key], key);
});

test("every template agrees in number with a count of 1 and of 2, in both languages", () => {
  const wrong = [];
  for (const lang of ["en", "fr"])
    for (const key of Object.keys(en))
      for (const count of [1, 2]) {
        const text = render(lang, key, count);
        for (const pair of disagreements(lang, text)) wrong.push(`${lang} ${key} (${count}): "${pair}" in "${text}"`);
      }
  assert.deepEqual(wrong, []);
});

test("the agreement check catches a noun of the wrong number", () => {
  assert.deepEqual(disagreements("en", "1 moves, 2 move, 1 move, 3 moves"), ["1 moves", "2 move"]);
  assert.deepEqual(disagreements("fr", "0 cartes, 33 carte, 1 chameau, 2 chameaux"), ["0 cartes", "33 carte"]);
});

// French text of the app and of the rules pages, every string in them.
function frenchStrings() {
  const out = [];
  for (const [key, entry] of Object.entries(fr)) for (const s of typeof entry === "string" ? [entry] : Object.values(entry)) out.push([key, s]);
  const walk = (where, value) => {
    if (typeof value === "string") out.push([where, value]);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(`${where}.${k}`, v);
  };
  walk("rules", frRules);
  return out;
}

test("French puts a non-breaking space before : ; ! ? and inside « », in the app and the rules", () => {
  const strings = frenchStrings();
  assert.ok(strings.length > 300, "the app's and the rules' French are both read");
  const wrong = strings.filter(([, s]) => /[^\u00a0\u202f](?=[:;!?](\s|$))|«(?!\u00a0)|(?<!\u00a0)»/u.test(s));
  assert.deepEqual(wrong, []);
});

test("the counts the issue names read right", () => {
  assert.equal(`33 ${plural("fr", "jp.deck", 33)}`, "33 cartes dans la pioche");
  assert.equal(`1 ${plural("en", "jp.deck", 1)}`, "1 card in the deck");
  assert.equal(t("fr", "jp.hand.caption", { cards: "7" }), "Main\u00a0: 7");
  assert.equal(t("fr", "score.line", { name: "Vous", score: 35 }), "Vous\u00a0: 35");
  assert.equal(t("en", "score.line", { name: "You", score: 35 }), "You: 35");
  assert.equal(t("en", "mk.rollMine"), "You roll the die.");
  assert.deepEqual([1, 3].map((n) => plural("en", "home.moves", n)), ["1 move", "3 moves"]);
});
