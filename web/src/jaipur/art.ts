// The Jaipur table's pieces: cards face up and face down, coins, seals; each good's
// symbol is a small inline SVG drawn for this app.
import type { Card, JaipurView, Lang } from "../contract.js";
import { el, svg } from "../dom.js";
import { t } from "../i18n/t.js";
import { goodName } from "../i18n/words.js";
import { isCard } from "./cards.js";
import type { Selection } from "./compose.js";
import type { Highlights } from "./highlights.js";

// What drawing the table takes, besides the view.
export interface Drawing {
  lang: Lang;
  view: JaipurView;
  seatName(seat: number): string;
  composing: boolean; // this seat is to move: its market and hand cards are buttons
  hl: Highlights; // what the last move changed
  hint: Selection; // the hinted move's cards
  // A round's result, once scored (the round's end, the game's end): each panel's rupees
  // are the round's, the camel token included.
  result?: { rupees: number[]; camel_token: number | null; seal: number | null } | null;
}

const SYMBOLS: Record<Card, string> = {
  diamond:
    '<polygon points="7,15 13,7 27,7 33,15 20,34" class="jp-s-fill"/>' +
    '<path d="M7,15 H33 M13,7 L16,15 L20,34 L24,15 L27,7" class="jp-s-line"/>',
  gold:
    '<polygon points="5,30 10,20 30,20 35,30" class="jp-s-fill"/>' +
    '<polygon points="10,20 14,12 26,12 30,20" class="jp-s-fill jp-s-top"/>' +
    '<path d="M5,30 L10,20 L30,20 L35,30 Z M10,20 L14,12 H26 L30,20" class="jp-s-line"/>',
  silver:
    '<rect x="6" y="22" width="28" height="8" rx="1.5" class="jp-s-fill"/>' +
    '<rect x="10" y="13" width="20" height="8" rx="1.5" class="jp-s-fill jp-s-top"/>' +
    '<path d="M9,26 H31 M13,17 H27" class="jp-s-line"/>',
  cloth:
    '<path d="M8,10 Q14,7 20,10 T32,10 V30 Q26,33 20,30 T8,30 Z" class="jp-s-fill"/>' +
    '<path d="M8,16 Q14,13 20,16 T32,16 M8,22 Q14,19 20,22 T32,22 M8,10 Q14,7 20,10 T32,10 V30 Q26,33 20,30 T8,30 Z" class="jp-s-line"/>',
  spice:
    '<path d="M10,21 Q20,6 30,21 Z" class="jp-s-fill jp-s-top"/>' +
    '<path d="M5,21 H35 A15,11 0 0 1 5,21 Z" class="jp-s-fill"/>' +
    '<path d="M5,21 H35 A15,11 0 0 1 5,21 Z M10,21 Q20,6 30,21" class="jp-s-line"/>' +
    '<circle cx="17" cy="15" r="1" class="jp-s-dot"/><circle cx="22" cy="13" r="1" class="jp-s-dot"/><circle cx="24" cy="17" r="1" class="jp-s-dot"/>',
  leather:
    '<path d="M12,7 Q20,10 28,7 Q27,12 32,14 Q29,20 33,27 Q27,28 28,34 Q20,31 12,34 Q13,28 7,27 Q11,20 8,14 Q13,12 12,7 Z" class="jp-s-fill"/>' +
    '<path d="M12,7 Q20,10 28,7 Q27,12 32,14 Q29,20 33,27 Q27,28 28,34 Q20,31 12,34 Q13,28 7,27 Q11,20 8,14 Q13,12 12,7 Z" class="jp-s-line"/>' +
    '<path d="M14,14 Q20,16 26,14 M14,27 Q20,25 26,27" class="jp-s-line jp-s-thin"/>',
  camel:
    '<path d="M4,23 Q5,17 10,17 Q13,9 17,16 Q20,11 24,17 Q26,18 27,15 L29,9 Q31,6 34,8 L36,10 L33,11 L31,19 Q30,23 27,24 L27,33 L25,33 L24,25 L13,25 L12,33 L10,33 L10,25 Q6,25 4,23 Z" class="jp-s-fill"/>' +
    '<path d="M4,23 Q5,17 10,17 Q13,9 17,16 Q20,11 24,17 Q26,18 27,15 L29,9 Q31,6 34,8 L36,10 L33,11 L31,19 Q30,23 27,24 L27,33 L25,33 L24,25 L13,25 L12,33 L10,33 L10,25 Q6,25 4,23 Z" class="jp-s-line"/>',
};

export function symbol(good: Card, cls = "jp-sym"): SVGSVGElement {
  const icon = svg("svg", { viewBox: "0 0 40 40", class: cls, "aria-hidden": "true", focusable: "false" });
  // Static markup from the table above; no outside text reaches it.
  icon.innerHTML = SYMBOLS[good];
  return icon;
}

function sealIcon(filled: boolean): SVGSVGElement {
  const icon = svg("svg", { viewBox: "0 0 24 24", class: filled ? "jp-seal jp-seal-won" : "jp-seal", "aria-hidden": "true", focusable: "false" });
  icon.innerHTML =
    '<circle cx="12" cy="12" r="10" class="jp-seal-disc"/>' +
    '<path d="M12,5 L13.8,10 L19,10 L14.8,13.2 L16.4,18.4 L12,15.2 L7.6,18.4 L9.2,13.2 L5,10 L10.2,10 Z" class="jp-seal-star"/>';
  return icon;
}

export interface CardOptions {
  zone?: "market" | "hand" | "known"; // market and hand cards can be selected
  index?: number;
  interactive?: boolean; // a button: this seat is composing a move
  small?: boolean;
  isNew?: boolean; // just arrived
  hinted?: boolean; // part of the hinted move
  owner?: string; // a hand card not this seat's (revealed at the end): whose hand it is in
}

// A card face up: a button while it can be selected, else a picture.
export function cardEl(lang: Lang, good: string, opts: CardOptions): HTMLElement {
  const g: Card = isCard(good) ? good : "camel";
  const name = goodName(g, 1, lang);
  const cls = ["jp-card", `jp-g-${g}`];
  if (opts.small) cls.push("jp-card-small");
  if (opts.isNew) cls.push("jp-new");
  if (opts.hinted) cls.push("jp-hinted");
  const label = opts.owner
    ? t(lang, "jp.card.of", { good: name, name: opts.owner })
    : opts.zone === "market" ? t(lang, "jp.card.market", { good: name }) : opts.zone === "hand" ? t(lang, "jp.card.hand", { good: name }) : name;
  const attrs = {
    class: cls.join(" "),
    "data-zone": opts.zone === "known" ? null : opts.zone,
    "data-good": g,
    "data-index": opts.index,
    // Keeps the keyboard focus on the same card when the table is drawn again.
    "data-key": opts.zone && opts.index !== undefined ? `${opts.zone}-${opts.index}` : null,
    title: name,
  };
  const body = [symbol(g), el("span", { class: "jp-card-name" }, name)];
  if (opts.interactive) return el("button", { ...attrs, type: "button", "aria-label": label, "aria-pressed": "false" }, ...body);
  return el("div", { ...attrs, role: "img", "aria-label": label }, ...body);
}

export function backEl(extra = ""): HTMLElement {
  return el("div", { class: `jp-card jp-back jp-card-small ${extra}`.trim(), "aria-hidden": "true" });
}

export function coin(value: number | string, cls: string, title?: string): HTMLElement {
  return el("span", { class: `jp-coin ${cls}`, title }, String(value));
}

// A player's seals of excellence, of the two that win.
export function sealsEl(lang: Lang, seals: number): HTMLElement {
  const n = Math.max(0, Math.min(2, seals));
  return el(
    "span",
    { class: "jp-seals", "data-role": "seals", "data-seals": n, title: t(lang, "jp.seals"), "aria-label": t(lang, "jp.seals.label", { n }) },
    sealIcon(n >= 1),
    sealIcon(n >= 2),
  );
}
