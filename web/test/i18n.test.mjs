// The catalogues: French has exactly English's keys, each of the same kind and with the
// same placeholders; plurals follow each language's rule; an unknown key is not
// silently English.
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogues, plural, t } from "../../build/web/js/i18n/t.js";

const { en, fr } = catalogues;
const holes = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const entryHoles = (entry) =>
  typeof entry === "string" ? holes(entry) : [...new Set(Object.values(entry).flatMap(holes))].sort();

test("English and French have the same keys", () => {
  assert.deepEqual(Object.keys(fr).sort(), Object.keys(en).sort());
});

test("each key is a text in both or a plural in both, with the same placeholders", () => {
  for (const key of Object.keys(en)) {
    assert.equal(typeof fr[key], typeof en[key], key);
    if (typeof en[key] === "object") {
      for (const forms of [en[key], fr[key]]) assert.ok(forms.one && forms.other, `${key}: one and other`);
    }
    // A French plural may leave {n} out of a form ("Prendre le chameau"), not a name.
    assert.deepEqual(entryHoles(fr[key]), entryHoles(en[key]), key);
  }
});

test("no text is empty", () => {
  for (const [lang, catalogue] of Object.entries(catalogues))
    for (const [key, entry] of Object.entries(catalogue))
      for (const text of typeof entry === "string" ? [entry] : Object.values(entry)) assert.ok(text.trim(), `${lang} ${key}`);
});

test("placeholders are filled", () => {
  assert.equal(t("en", "game.winner.other", { name: "Ann" }), "Ann wins");
  assert.equal(t("fr", "game.winner.other", { name: "Ann" }), "Ann gagne");
  assert.equal(t("en", "replay.step", { i: 3, n: 40 }), "Move 3 of 40");
  assert.equal(t("fr", "nav.home"), "Jouer");
});

test("an unknown key shows marked and is reported, in either language", (ctx) => {
  const errors = ctx.mock.method(console, "error", () => {});
  assert.equal(t("fr", "no.such.key"), "⟦no.such.key⟧");
  assert.equal(plural("en", "no.such.plural", 2), "⟦no.such.plural⟧");
  assert.equal(errors.mock.callCount(), 2);
});
