// The app decides by an error's stable code: every code it knows is documented in
// docs/protocol.md's table and the other way round, and a body without a known code
// is "internal", never mistaken for another.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ERROR_CODES, errorCodeOf } from "../../build/web/js/errors.js";

test("the code of an error body", () => {
  assert.equal(errorCodeOf({ type: "error", error: "hint: busy, ask again in a moment", code: "hint_refused" }), "hint_refused");
  assert.equal(errorCodeOf({ error: "not your turn: seat 1 is to move", code: "not_your_turn" }), "not_your_turn");
  assert.equal(errorCodeOf({ error: "too many moves", code: "rate_limited", retry_after_ms: 500 }), "rate_limited");
  // The text never decides: a hint's words without its code are no hint refusal.
  assert.equal(errorCodeOf({ error: "hint: busy" }), "internal");
  assert.equal(errorCodeOf({ error: "x", code: "Not_Your_Turn" }), "internal");
  assert.equal(errorCodeOf({ error: "x", code: 7 }), "internal");
  assert.equal(errorCodeOf(null), "internal");
  assert.equal(errorCodeOf("<html>bad gateway</html>"), "internal");
});

test("the app's codes are the ones docs/protocol.md documents", () => {
  const protocol = readFileSync(new URL("../../docs/protocol.md", import.meta.url), "utf8");
  const start = protocol.indexOf("\n## Error codes");
  assert.ok(start >= 0, "docs/protocol.md has a section 'Error codes'");
  const end = protocol.indexOf("\n## ", start + 1);
  const section = protocol.slice(start, end < 0 ? undefined : end);
  const documented = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual([...documented].sort(), [...ERROR_CODES].sort());
});

test("a refused move's rule, without the engine's head (issue 36)", async () => {
  const { ruleOf } = await import("../../build/web/js/errors.js");
  assert.equal(ruleOf("illegal move 'sell 1 diamond': you must sell at least 2 diamonds"), "you must sell at least 2 diamonds");
  assert.equal(ruleOf("coup illégal 'sell 1 diamond'\u00a0: il faut vendre au moins 2 diamants"), "il faut vendre au moins 2 diamants");
  assert.equal(ruleOf("not your turn"), "not your turn");
});
