// Who is signed in on this browser. The session cookie is HttpOnly, so the app keeps
// the account's name in localStorage beside it, only as a hint: a guest (no hint)
// never asks the server, so guests play exactly as before; with the hint, GET /api/me
// says whether the session still holds (revoked elsewhere: the hint goes).
import { ApiError } from "../api.js";
import { accounts, type Account } from "./api.js";

const HINT_KEY = "souk.account";
let known: Promise<Account | null> | null = null;

export function signedInHint(): string | null {
  return localStorage.getItem(HINT_KEY);
}

// The signed-in account, or null for a guest: asked once a page load at most.
export function currentAccount(): Promise<Account | null> {
  if (known) return known;
  if (signedInHint() === null) return (known = Promise.resolve(null));
  known = accounts.me().then(
    (account) => {
      localStorage.setItem(HINT_KEY, account.name);
      return account;
    },
    (err) => {
      if (err instanceof ApiError && err.code === "not_signed_in") {
        localStorage.removeItem(HINT_KEY);
        return null;
      }
      known = null; // asked again next time (the server was unreachable)
      return null;
    },
  );
  return known;
}

// After a sign-up or a log-in.
export function signedIn(account: Account): void {
  localStorage.setItem(HINT_KEY, account.name);
  known = Promise.resolve(account);
}

// After a log-out, "log out everywhere", a deletion, or a session found ended.
export function signedOut(): void {
  localStorage.removeItem(HINT_KEY);
  known = Promise.resolve(null);
}

// Asks the server again next time (the ratings changed, the page was reopened).
export function forget(): void {
  known = null;
}
