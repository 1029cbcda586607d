// A page that cannot be shown (no such game, an invite that is not valid, the replay of
// a game still being played): one clear sentence and the ways on from there, always
// the lobby among them.
import type { Lang } from "../contract.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";

export function deadEnd(lang: Lang, sentence: string, detail = "", ways: { href: string; label: string }[] = []): HTMLElement {
  return el(
    "section",
    { class: "card-panel dead-end", "data-role": "dead-end", role: "alert" },
    el("p", {}, sentence),
    detail ? el("p", { class: "muted" }, detail) : null,
    el(
      "p",
      { class: "dead-end-ways" },
      ...ways.map((w) => el("a", { class: "button", href: w.href }, w.label)),
      el("a", { class: "button primary", href: "#/", "data-action": "home" }, t(lang, "game.home")),
    ),
  );
}
