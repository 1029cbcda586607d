// The rules pages say the same things in both languages: the same sections, in the same
// order, made of the same blocks (a list as long, a table as big).
import { test } from "node:test";
import assert from "node:assert/strict";
import { en } from "../../build/web/js/rules/en.js";
import { fr } from "../../build/web/js/rules/fr.js";

// A block without its words.
const shape = (b) => ({ k: b.k, items: b.items?.length, head: b.head?.length, rows: b.rows?.map((r) => r.length) });

for (const game of ["jaipur", "marrakech"]) {
  test(`the ${game} rules have the same sections and blocks in English and French`, () => {
    assert.deepEqual(
      fr[game].sections.map((s) => s.id),
      en[game].sections.map((s) => s.id),
    );
    en[game].sections.forEach((s, i) => assert.deepEqual(fr[game].sections[i].blocks.map(shape), s.blocks.map(shape), s.id));
  });

  test(`the ${game} rules' bold runs are closed`, () => {
    for (const page of [en[game], fr[game]]) {
      const texts = page.sections.flatMap((s) => s.blocks.flatMap((b) => [b.t, b.caption, ...(b.items ?? []), ...(b.rows ?? []).flat()]));
      for (const text of texts.filter(Boolean)) assert.equal(text.split("**").length % 2, 1, text);
    }
  });
}
