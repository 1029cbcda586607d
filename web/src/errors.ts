// The stable codes of the server's errors (docs/protocol.md, "Error codes"): the
// app decides by an error's code, never by its text, which is for the player.
export const ERROR_CODES = [
  "invalid_argument",
  "bad_move",
  "illegal_move",
  "not_canonical",
  "failed_precondition",
  "not_your_turn",
  "game_over",
  "game_abandoned",
  "game_not_over",
  "invite_used",
  "hint_refused",
  "not_found",
  "unauthenticated",
  "forbidden",
  "limit_reached",
  "rate_limited",
  "too_large",
  "unavailable",
  "aborted",
  "bad_name",
  "name_taken",
  "name_reserved",
  "bad_password",
  "bad_credentials",
  "not_signed_in",
  "bad_origin",
  "too_many_attempts",
  "not_rateable",
  "already_seated",
  "no_such_player",
  "no_such_pool",
  "bad_clock",
  "out_of_time",
  "table_closed",
  "out_of_range",
  "no_email",
  "bad_email",
  "bad_token",
  "bad_signature",
  "internal",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const known = new Set<string>(ERROR_CODES);

// The code of an error body ({"error", "code"}); "internal" for a body that names
// none this app knows (a proxy's page, an answer without JSON).
export function errorCodeOf(body: unknown): ErrorCode {
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === "string" && known.has(code) ? (code as ErrorCode) : "internal";
}

// The rule an engine's refusal names: "illegal move 'sell 1 diamond': you must sell at
// least 2" gives "you must sell at least 2" (the message whole if it has no such head).
export function ruleOf(message: string): string {
  const m = /^[^']*'[^']*'\s*:\s*(.+)$/s.exec(message);
  return m ? m[1]! : message;
}
