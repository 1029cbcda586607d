// The account's own page (#/account): where it is signed in (each session revocable,
// or all at once), the password's change, and the account's deletion (the password
// asked again). A guest is shown the way to sign in.
import type { Lang } from "../contract.js";
import { ApiError } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { accounts, type Account, type SessionInfo } from "./api.js";
import { dateText, dateTimeText, errorText, profileHref } from "./format.js";
import { currentAccount, signedOut } from "./session.js";

export function signInWays(lang: Lang, sentence: string): HTMLElement {
  const back = encodeURIComponent(location.hash || "#/");
  return el(
    "section",
    { class: "card-panel", "data-role": "sign-in-needed" },
    el("p", {}, sentence),
    el("p", {}, el("a", { class: "button primary", href: `#/signin/${back}` }, t(lang, "acct.signin"))),
  );
}

// Ended by the server (revoked elsewhere, expired): this browser forgets it too.
function ended(err: unknown, rerender: () => void): boolean {
  if (err instanceof ApiError && err.code === "not_signed_in") {
    signedOut();
    rerender();
    return true;
  }
  return false;
}

function sessionRow(lang: Lang, s: SessionInfo, reload: () => void, rerender: () => void, status: HTMLElement): HTMLLIElement {
  const revoke = el("button", { type: "button", "data-action": "revoke" }, t(lang, "account.session.revoke"));
  revoke.addEventListener("click", async () => {
    try {
      await accounts.revoke(s.id);
      if (s.current) {
        signedOut();
        rerender();
      } else reload();
    } catch (err) {
      if (!ended(err, rerender)) status.textContent = errorText(lang, err);
    }
  });
  return el(
    "li",
    { "data-session": s.id, class: s.current ? "current" : "" },
    el("span", { class: "session-label" }, s.label || "?"),
    s.current ? el("strong", {}, ` (${t(lang, "account.session.current")})`) : null,
    el("span", { class: "muted" }, t(lang, "account.session.line", { created: dateTimeText(lang, s.created_at), seen: dateTimeText(lang, s.last_seen_at) })),
    revoke,
  );
}

function sessionsPanel(lang: Lang, rerender: () => void): HTMLElement {
  const list = el("ul", { class: "sessions", "data-role": "sessions" });
  const status = el("p", { class: "form-error", role: "alert" });
  const reload = async () => {
    try {
      const { sessions } = await accounts.sessions();
      clear(list);
      for (const s of sessions) list.appendChild(sessionRow(lang, s, reload, rerender, status));
    } catch (err) {
      if (!ended(err, rerender)) status.textContent = errorText(lang, err);
    }
  };
  void reload();
  const everywhere = el("button", { type: "button", "data-action": "log-out-everywhere" }, t(lang, "account.everywhere"));
  everywhere.addEventListener("click", async () => {
    try {
      await accounts.logOutEverywhere();
    } catch (err) {
      if (!(err instanceof ApiError && err.code === "not_signed_in")) return void (status.textContent = errorText(lang, err));
    }
    signedOut();
    rerender();
  });
  return el(
    "section",
    { class: "card-panel" },
    el("h2", {}, t(lang, "account.sessions")),
    list,
    el("p", {}, everywhere, " ", el("span", { class: "muted" }, t(lang, "account.everywhere.help"))),
    status,
  );
}

function passwordInput(name: string, autocomplete: string): HTMLInputElement {
  return el("input", { name, type: "password", autocomplete, required: true, maxlength: 1024 });
}

function passwordPanel(lang: Lang, rerender: () => void): HTMLElement {
  const status = el("p", { class: "form-error", role: "alert", "data-role": "form-error" });
  const current = passwordInput("current", "current-password");
  const fresh = passwordInput("fresh", "new-password");
  const form = el(
    "form",
    { class: "card-panel account-form", "data-role": "change-password" },
    el("h2", {}, t(lang, "account.password")),
    el("label", { class: "name" }, el("span", {}, t(lang, "account.password.current")), current),
    el("label", { class: "name" }, el("span", {}, t(lang, "account.password.new")), fresh, el("small", { class: "muted" }, t(lang, "signin.password.help"))),
    el("button", { type: "submit", class: "primary", "data-action": "change-password" }, t(lang, "account.password")),
    status,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    status.classList.remove("form-ok");
    try {
      await accounts.changePassword(current.value, fresh.value);
      form.reset();
      status.classList.add("form-ok");
      status.textContent = t(lang, "account.password.done");
    } catch (err) {
      if (!ended(err, rerender)) status.textContent = errorText(lang, err);
    }
  });
  return form;
}

function deletePanel(lang: Lang, rerender: () => void): HTMLElement {
  const status = el("p", { class: "form-error", role: "alert", "data-role": "form-error" });
  const password = passwordInput("password", "current-password");
  const form = el(
    "form",
    { class: "card-panel account-form danger", "data-role": "delete-account" },
    el("h2", {}, t(lang, "account.delete")),
    el("p", {}, t(lang, "account.delete.help")),
    el("label", { class: "name" }, el("span", {}, t(lang, "signin.password")), password),
    el("button", { type: "submit", class: "danger", "data-action": "delete-account" }, t(lang, "account.delete.confirm")),
    status,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await accounts.deleteAccount(password.value);
      signedOut();
      rerender();
      // The page is drawn anew for a guest: the notice goes on top of it.
      document.getElementById("main")?.prepend(el("p", { class: "notice", role: "status", "data-role": "deleted" }, t(lang, "account.deleted")));
    } catch (err) {
      if (!ended(err, rerender)) status.textContent = errorText(lang, err);
    }
  });
  return form;
}

export function renderAccount(root: HTMLElement, lang: Lang, rerender: () => void): void {
  document.title = `${t(lang, "account.title")} · Souk`;
  const box = el("div", { class: "account-page" }, el("p", { class: "muted" }, t(lang, "acct.loading")));
  root.appendChild(box);
  void currentAccount().then((account: Account | null) => {
    clear(box);
    if (!account) return void box.appendChild(signInWays(lang, t(lang, "account.guest")));
    box.append(
      el("h1", {}, t(lang, "account.title"), " · ", el("a", { href: profileHref(account.name), "data-role": "account-title" }, account.name)),
      el("p", { class: "muted" }, t(lang, "account.since", { date: dateText(lang, account.created_at) })),
      el("div", { class: "account-panels" }, sessionsPanel(lang, rerender), passwordPanel(lang, rerender), deletePanel(lang, rerender)),
    );
  });
}
