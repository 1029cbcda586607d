// The Marrakech carpets' colours: each is called what it looks like, in the web app and
// in the terminal alike, and the outline of the squares one may pick stands out on every
// one of them (WCAG's 3:1 for the parts of a picture one must see).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { CARPET_COLOURS } from "../../build/web/js/marrakech/art.js";
import { catalogues } from "../../build/web/js/i18n/t.js";

const root = new URL("../../", import.meta.url);

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);

function hue(hex) {
  const [r, g, b] = rgb(hex);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

function luminance(hex) {
  const lin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = rgb(hex).map(lin);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// The hues a colour's English name allows, in degrees (an orange is not a red).
const HUES = { Red: [345, 12], Orange: [18, 40], Yellow: [42, 65], Green: [80, 170], Blue: [185, 250] };
const within = (h, [from, to]) => (from <= to ? h >= from && h <= to : h >= from || h <= to);

test("each carpet colour is drawn in the hue its name says", () => {
  CARPET_COLOURS.forEach((hex, c) => {
    const name = catalogues.en[`mk.colour.${c}`];
    assert.ok(HUES[name], `colour ${c}: a name with known hues (${name})`);
    assert.ok(within(hue(hex), HUES[name]), `colour ${c}, "${name}", is drawn ${hex} of hue ${hue(hex).toFixed(0)}°`);
  });
});

test("the four carpet colours differ in lightness too, not in hue alone", () => {
  const l = CARPET_COLOURS.map(luminance).sort((a, b) => a - b);
  // Red and blue are the closest: their patterns (stripes, dots) tell them apart.
  assert.ok(l[3] / l[0] > 2.5, `the lightest is well above the darkest: ${l.map((v) => v.toFixed(3))}`);
});

test("the terminal names the colours as the web app does, in both languages", () => {
  const source = readFileSync(new URL("src/terminal/marrakech_screen.cc", root), "utf8");
  for (const [array, lang] of [["kEn", "en"], ["kFr", "fr"]]) {
    const m = new RegExp(`${array}\\[\\] = \\{([^}]*)\\}`).exec(source);
    assert.ok(m, `the terminal's ${array} names`);
    const terminal = [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
    const web = CARPET_COLOURS.map((_, c) => catalogues[lang][`mk.colour.${c}`].toLowerCase());
    assert.deepEqual(terminal, web, lang);
  }
});

test("the legal-square outline has at least 3:1 contrast with the sand and every carpet colour", () => {
  const css = readFileSync(new URL("web/static/css/marrakech.css", root), "utf8");
  const outline = /--mk-outline:\s*(#[0-9a-fA-F]{6})/.exec(css)?.[1];
  assert.ok(outline, "marrakech.css sets --mk-outline");
  for (const rule of ["mk-legal", "mk-partner", "mk-selected"])
    assert.match(css, new RegExp(`\\.mk-sq\\.${rule} rect \\{[^}]*stroke: var\\(--mk-outline\\)`), `${rule} squares use the outline`);
  const sand = "#f6e7c8";
  for (const background of [sand, ...CARPET_COLOURS])
    assert.ok(contrast(outline, background) >= 3, `outline ${outline} on ${background}: ${contrast(outline, background).toFixed(2)}:1`);
  // What the outline replaced, blue on the blue carpet, would fail.
  assert.ok(contrast("#1f5fbf", CARPET_COLOURS[1]) < 3);
});
