// Names and every other text a stranger can choose reach the page as text, never as
// markup (docs/protocol.md, "Names"): the only markup the app writes is its own
// constant drawings. This reads the app's source for every way of writing HTML.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const src = fileURLToPath(new URL("../src", import.meta.url));
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []);

// Each allowed site, by file and the exact line: constant drawings only.
const allowed = new Set([
  "jaipur/art.ts: icon.innerHTML = SYMBOLS[good];",
  "jaipur/art.ts: icon.innerHTML =",
]);

test("no text a client sends is written as markup", () => {
  const found = [];
  for (const file of files(src)) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line) => {
      if (/innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment/.test(line))
        found.push(`${file.slice(src.length + 1)}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found.filter((f) => !allowed.has(f)), [], "a new way of writing markup: check it takes no client text");
  assert.ok(found.length >= 1, "the scan found the known drawings: it reads the sources");
});
