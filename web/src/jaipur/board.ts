// The middle of the Jaipur table: the round, the deck and the discard, the market, the
// bonus piles (sizes only: their values are hidden) and the goods token piles.
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { goodName } from "../i18n/words.js";
import { backEl, cardEl, coin, symbol, type Drawing } from "./art.js";
import { BONUS_SIZES, GOODS } from "./cards.js";

export function boardEl(d: Drawing): HTMLElement {
  const { lang, view: v, hl, hint } = d;
  const info = el(
    "div",
    { class: "jp-info" },
    el("span", { class: "jp-round", "data-role": "round" }, t(lang, "jp.round", { n: v.round })),
    el(
      "span",
      { class: "jp-deck", "data-role": "deck", "aria-label": t(lang, "jp.deck.label", { cards: plural(lang, "jp.cards", v.deck_size) }) },
      backEl("jp-deck-back"),
      el("span", {}, el("strong", {}, String(v.deck_size)), ` ${plural(lang, "jp.deck", v.deck_size)}`),
    ),
    el("span", { class: "jp-discard", "data-role": "discard" }, t(lang, "jp.discard", { n: v.discard.length })),
  );

  const interactive = d.composing;
  const market = el("div", { class: "jp-market", "data-role": "market", "aria-label": t(lang, "jp.market") });
  v.market.forEach((c, i) =>
    market.append(cardEl(lang, c, { zone: "market", index: i, interactive, isNew: hl.market.has(i), hinted: hint.market.has(i) })),
  );
  const marketBox = el("div", { class: "jp-market-box" }, el("h3", { class: "jp-h" }, t(lang, "jp.market")), market);

  const piles = el("div", { class: "jp-piles", "data-role": "token-piles" });
  for (const g of GOODS) {
    const values = v.token_piles[g] ?? [];
    const stack = el("span", { class: "jp-stack" });
    values.forEach((val, i) => stack.append(coin(val, `jp-coin-goods jp-g-${g}${i === 0 ? " jp-top" : ""}`)));
    if (values.length === 0) stack.append(el("span", { class: "jp-coin jp-coin-empty" }, "0"));
    piles.append(
      el(
        "div",
        {
          class: `jp-pile${hl.pile === g ? " jp-flash" : ""}${values.length === 0 ? " jp-pile-empty" : ""}`,
          "data-good": g,
          "data-left": values.length,
          "aria-label": t(lang, "jp.tokenPile.label", {
            good: goodName(g, 1, lang),
            values: values.join(", ") || "0",
            left: plural(lang, "jp.left", values.length),
          }),
        },
        el("span", { class: `jp-pile-icon jp-g-${g}`, title: goodName(g, 1, lang) }, symbol(g)),
        stack,
        el("span", { class: "jp-pile-left" }, t(lang, "jp.leftShort", { n: values.length })),
      ),
    );
  }
  const pilesBox = el("div", { class: "jp-piles-box" }, el("h3", { class: "jp-h" }, t(lang, "jp.goodsTokens")), piles);

  const bonus = el("div", { class: "jp-bonus", "data-role": "bonus-piles" });
  for (const s of BONUS_SIZES) {
    const n = v.bonus_piles[s] ?? 0;
    const stack = el("span", { class: "jp-bonus-stack" });
    for (let i = 0; i < Math.min(n, 4); i++) stack.append(el("span", { class: "jp-coin jp-coin-bonus jp-coin-hidden" }, i === Math.min(n, 4) - 1 ? s : ""));
    if (n === 0) stack.append(el("span", { class: "jp-coin jp-coin-empty" }, "0"));
    bonus.append(
      el(
        "div",
        { class: `jp-bonus-pile${hl.bonusPile === s ? " jp-flash" : ""}`, "data-size": s, "data-left": n, "aria-label": t(lang, "jp.bonusPile.label", { pile: t(lang, `jp.pile.${s}`), left: plural(lang, "jp.left", n) }) },
        stack,
        el("span", { class: "jp-caption" }, el("strong", {}, t(lang, `jp.pile.${s}`)), el("br"), t(lang, "jp.leftShort", { n })),
      ),
    );
  }
  const bonusBox = el("div", { class: "jp-bonus-box" }, el("h3", { class: "jp-h" }, t(lang, "jp.bonusTokens")), bonus);

  return el("section", { class: "jp-board" }, info, marketBox, bonusBox, pilesBox);
}
