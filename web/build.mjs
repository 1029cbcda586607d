// Builds the web app into one folder that `souk serve --web DIR` serves:
// the TypeScript of src/ compiled by tsc into DIR/js, and static/ copied beside it.
// Usage: node build.mjs [--out DIR]   (default: ../build/web)
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const outFlag = process.argv.indexOf("--out");
const out = resolve(outFlag >= 0 ? process.argv[outFlag + 1] : resolve(here, "../build/web"));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const tsc = resolve(here, "node_modules/typescript/bin/tsc");
const result = spawnSync(process.execPath, [tsc, "-p", here, "--outDir", resolve(out, "js")], { stdio: "inherit" });
if (result.status !== 0) {
  console.error("web build: tsc failed");
  process.exit(1);
}
// The compiled modules are ES modules for node too (the unit tests in test/ import them).
writeFileSync(resolve(out, "js/package.json"), '{ "type": "module" }\n');
cpSync(resolve(here, "static"), out, { recursive: true });
console.log(`web build: ${out}`);
