// The sign-in page (#/signin, or #/signin/NEXT to go back to NEXT after): log in, or
// create an account. Refusals are told in words from their codes (errorText), a
// throttled log-in with its wait.
import type { Lang } from "../contract.js";
import { seats } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";
import { accounts, type Account } from "./api.js";
import { errorText } from "./format.js";
import { currentAccount, signedIn } from "./session.js";

function field(lang: Lang, name: string, key: "signin.name" | "signin.password", help: string | null, autocomplete: string): HTMLElement {
  const input = el("input", {
    name,
    type: key === "signin.password" ? "password" : "text",
    autocomplete,
    required: true,
    maxlength: key === "signin.password" ? 1024 : 24,
    minlength: key === "signin.password" ? 8 : 3,
    spellcheck: "false",
    autocapitalize: "off",
  });
  return el("label", { class: "name" }, el("span", {}, t(lang, key)), input, help ? el("small", { class: "muted" }, help) : null);
}

// A form that sends a name and a password, and reports in its own line.
function accountForm(
  lang: Lang,
  role: string,
  title: string,
  submit: (name: string, password: string) => Promise<Account>,
  done: (account: Account) => Promise<void>,
  helps: boolean,
): HTMLFormElement {
  const status = el("p", { class: "form-error", role: "alert", "data-role": "form-error" });
  const button = el("button", { type: "submit", class: "primary", "data-action": role }, title);
  const form = el(
    "form",
    { class: "card-panel account-form", "data-role": role },
    el("h2", {}, title),
    field(lang, "name", "signin.name", helps ? t(lang, "signin.name.help") : null, "username"),
    field(lang, "password", "signin.password", helps ? t(lang, "signin.password.help") : null, role === "signup" ? "new-password" : "current-password"),
    button,
    status,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = (form.elements.namedItem("name") as HTMLInputElement).value.trim();
    const password = (form.elements.namedItem("password") as HTMLInputElement).value;
    status.textContent = "";
    button.disabled = true;
    try {
      done(await submit(name, password));
    } catch (err) {
      status.textContent = errorText(lang, err);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

export function renderSignIn(root: HTMLElement, lang: Lang, next: string | undefined, rerender: () => void): void {
  document.title = `${t(lang, "signin.title")} · Souk`;
  const done = async (account: Account): Promise<void> => {
    signedIn(account);
    // The games played here as a guest go with the account (at most the 200 newest
    // seats, as the route takes); a failure here costs only the "my games" listing.
    const tokens = seats.allTokens().slice(-200);
    if (tokens.length > 0) await accounts.keepSeats(tokens).catch(() => undefined);
    const target = next && next.startsWith("#/") && !next.startsWith("#/signin") ? next : "#/account";
    if (location.hash === target) rerender();
    else location.hash = target;
  };
  // Already signed in (another account may still log in here): said, with the way on.
  const already = el("p", { class: "notice", "data-role": "signed-in-as", hidden: true });
  void currentAccount().then((account) => {
    if (!account) return;
    already.append(t(lang, "signin.already", { name: account.name }), " ", el("a", { href: "#/account" }, t(lang, "acct.settings")));
    already.hidden = false;
  });
  root.append(
    el("h1", {}, t(lang, "signin.title")),
    already,
    el("p", { class: "muted" }, t(lang, "signin.guest")),
    el(
      "div",
      { class: "account-forms" },
      accountForm(lang, "login", t(lang, "signin.login"), accounts.logIn, done, false),
      accountForm(lang, "signup", t(lang, "signin.signup"), accounts.signUp, done, true),
    ),
  );
}
