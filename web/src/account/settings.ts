// The account's own page (#/account): its email notifications (an address verified by
// a link, the "your turn" emails on or off), where it is signed in (each session
// revocable, or all at once), the password's change, and the account's deletion (the
// password asked again). A guest is shown the way to sign in.
import type { Lang } from "../contract.js";
import { ApiError } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { accounts, type Account, type NotificationSettings, type SessionInfo } from "./api.js";
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

// The email notifications (docs/notifications.md). A server without email says so.
function emailPanel(lang: Lang, rerender: () => void): HTMLElement {
  const panel = el("section", { class: "card-panel account-form", "data-role": "email" }, el("h2", {}, t(lang, "account.email")));
  const body = el("div", {}, el("p", { class: "muted" }, t(lang, "acct.loading")));
  const status = el("p", { class: "form-error", role: "alert", "data-role": "email-error" });
  panel.append(body, status);
  const off = () => {
    clear(body);
    status.textContent = "";
    body.appendChild(el("p", { class: "muted", "data-role": "email-off" }, t(lang, "account.email.off")));
  };
  const failed = (err: unknown) => {
    if (ended(err, rerender)) return;
    if (err instanceof ApiError && err.raw === "no_email") return off();
    status.classList.remove("form-ok");
    status.textContent = errorText(lang, err);
  };
  const draw = (settings: NotificationSettings) => {
    if (!settings.email_available) return off();
    clear(body);
    const email = settings.email;
    body.appendChild(
      el(
        "p",
        { "data-role": "email-state" },
        email
          ? t(lang, email.verified ? "account.email.verified" : "account.email.waiting", { address: email.address })
          : t(lang, "account.email.none"),
      ),
    );
    const input = el("input", { name: "email", type: "email", autocomplete: "email", required: true, maxlength: 254, value: email?.address ?? "" });
    const form = el(
      "form",
      { "data-role": "set-email" },
      el("label", { class: "name" }, el("span", {}, t(lang, "account.email.address")), input),
      el("button", { type: "submit", class: "primary", "data-action": "set-email" }, t(lang, "account.email.send")),
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        await accounts.setEmail(input.value.trim());
        draw(await accounts.notifications());
        status.classList.add("form-ok");
        status.textContent = t(lang, "account.email.sent");
      } catch (err) {
        failed(err);
      }
    });
    body.appendChild(form);
    // One checkbox per kind of email; each turned on or off alone.
    const setting = (name: "email_your_turn" | "email_invitations", role: string, text: string) => {
      const box = el("input", { type: "checkbox", name, checked: settings[name], disabled: !email?.verified });
      box.addEventListener("change", async () => {
        try {
          draw(await accounts.setNotifications({ [name]: box.checked }));
        } catch (err) {
          failed(err);
        }
      });
      body.appendChild(el("label", { class: "check", "data-role": role }, box, " ", text));
    };
    setting("email_your_turn", "email-your-turn", t(lang, "account.email.your_turn", { minutes: settings.turn_interval_minutes }));
    setting("email_invitations", "email-invitations", t(lang, "account.email.invitations"));
    if (email) {
      const remove = el("button", { type: "button", "data-action": "remove-email" }, t(lang, "account.email.remove"));
      remove.addEventListener("click", async () => {
        try {
          await accounts.removeEmail();
          status.textContent = "";
          draw(await accounts.notifications());
        } catch (err) {
          failed(err);
        }
      });
      body.appendChild(el("p", {}, remove, " ", el("span", { class: "muted" }, t(lang, "account.email.private"))));
    } else {
      body.appendChild(el("p", { class: "muted" }, t(lang, "account.email.private")));
    }
  };
  accounts.notifications().then(draw, failed);
  return panel;
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
      el("div", { class: "account-panels" }, emailPanel(lang, rerender), sessionsPanel(lang, rerender), passwordPanel(lang, rerender), deletePanel(lang, rerender)),
    );
  });
}
