// The move composer under the Jaipur table: what the selection makes (or what it lacks),
// the engine's word on it, and the Confirm and Clear buttons. The confirm button holds
// the move's canonical text; it is enabled only for a move `legal` lists.
import type { Lang, Preview } from "../contract.js";
import { el } from "../dom.js";
import { ruleOf } from "../errors.js";
import { plural, t } from "../i18n/t.js";
import { yields, type Composed, type Selection } from "./compose.js";

// The marks of a selection on the table's card buttons, and the herd's count of camels
// chosen.
export function markSelection(table: HTMLElement, lang: Lang, sel: Selection, herdSize: number): void {
  table.querySelectorAll<HTMLButtonElement>("button[data-zone]").forEach((b) => {
    const zone = b.dataset.zone;
    const i = Number(b.dataset.index);
    const on = zone === "market" ? sel.market.has(i) : zone === "hand" ? sel.hand.has(i) : zone === "herd" && sel.herd > 0;
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.classList.toggle("jp-selected", on);
    if (zone === "herd") {
      const chosen = b.querySelector('[data-role="herd-chosen"]');
      if (chosen) chosen.textContent = herdSize > 0 ? plural(lang, "jp.chosen", sel.herd, { total: herdSize }) : "";
      b.setAttribute("aria-label", plural(lang, "jp.herd.button", sel.herd, { camels: herdSize }));
    }
  });
}

export class Composer {
  private status: HTMLElement | null = null;
  private confirm: HTMLButtonElement | null = null;
  private clear: HTMLButtonElement | null = null;
  // Each question to the engine gets a number; an answer to an older one is dropped.
  private asked = 0;

  constructor(
    private readonly lang: Lang,
    private readonly preview: (move: string) => Promise<Preview>,
  ) {}

  // The composer's parts, drawn anew with the table; null when this seat is not to move.
  build(composing: boolean): HTMLElement | null {
    this.status = this.confirm = this.clear = null;
    if (!composing) return null;
    const lang = this.lang;
    this.status = el("p", { class: "jp-status", "data-role": "composer-status", "aria-live": "polite" });
    this.confirm = el("button", { type: "button", class: "jp-btn jp-btn-primary", "data-action": "confirm", "data-key": "confirm", disabled: true }, t(lang, "jp.confirm"));
    this.clear = el("button", { type: "button", class: "jp-btn", "data-action": "clear", "data-key": "clear" }, t(lang, "jp.clear"));
    return el("div", { class: "jp-composer", "data-role": "composer" }, this.status, el("div", { class: "jp-actions" }, this.clear, this.confirm));
  }

  // Shows what the selection makes: a move goes on the confirm button, enabled if legal,
  // and the engine is asked what it yields or which rule forbids it.
  show(c: Composed, legal: readonly string[]): void {
    const { status, confirm, clear, lang } = this;
    if (!status || !confirm || !clear) return;
    const asked = ++this.asked;
    clear.disabled = c.kind === "empty";
    status.classList.remove("jp-status-error", "jp-status-ok");
    if (c.kind !== "move") {
      confirm.disabled = true;
      confirm.textContent = t(lang, "jp.confirm");
      delete confirm.dataset.move;
      status.textContent = c.kind === "empty" ? t(lang, "jp.help") : c.message;
      return;
    }
    const isLegal = legal.includes(c.text);
    confirm.disabled = !isLegal;
    confirm.textContent = c.words;
    confirm.dataset.move = c.text;
    status.textContent = t(lang, "jp.checking");
    this.preview(c.text).then(
      (p) => {
        if (asked !== this.asked || !this.status) return;
        if (isLegal && p.legal) {
          this.status.textContent = yields(lang, c, p.event);
          this.status.classList.add("jp-status-ok");
        } else if (!isLegal) {
          // The rule in the page's words, without the engine's "illegal move '…':" head.
          this.status.textContent = t(lang, "jp.notAllowed", { error: ruleOf(p.error ?? "") }).trim();
          this.status.classList.add("jp-status-error");
        } else {
          // Listed as legal but the preview disagrees: the list decides; show the engine's words.
          this.status.textContent = p.error ? t(lang, "jp.notAllowed", { error: ruleOf(p.error) }) : yields(lang, c, p.event);
        }
      },
      () => {
        if (asked !== this.asked || !this.status) return;
        this.status.textContent = isLegal ? c.words : t(lang, "jp.previewFailed");
        if (!isLegal) this.status.classList.add("jp-status-error");
      },
    );
  }

  // Drops the answer to any question asked: a move sent, the screen gone.
  forget(): void {
    this.asked++;
  }
}
