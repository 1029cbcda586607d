// One player's side of the Jaipur table: name, turn and seals; the hand (one's own face
// up, an opponent's known cards face up and the rest face down) and the herd; the tokens
// taken and the rupees this seat may know of.
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { backEl, cardEl, coin, sealsEl, symbol, type Drawing } from "./art.js";
import { BONUS_SIZES, sortCards, sum } from "./cards.js";

export function playerEl(d: Drawing, seat: number, me: boolean): HTMLElement {
  const { lang, view: v, hl, hint } = d;
  const p = v.players[seat]!;
  const active = v.to_move === seat && v.status !== "game_over";
  const side = el("section", {
    class: `jp-player ${me ? "jp-me" : "jp-opp"}${active ? " jp-to-move" : ""}`,
    "data-seat": seat,
    "aria-label": d.seatName(seat),
  });

  const head = el(
    "div",
    { class: "jp-player-head" },
    el("span", { class: "jp-name" }, d.seatName(seat)),
    active ? el("span", { class: "jp-turn-badge" }, t(lang, me ? "jp.badge.you" : "jp.badge.toMove")) : null,
    sealsEl(lang, p.seals),
  );
  side.append(head);

  // Cards: the hand (own: face up; others: known face up, the rest face down) and the herd.
  const cards = el("div", { class: "jp-player-cards" });
  const handBox = el("div", {
    class: `jp-hand${hl.seat === seat && hl.hand ? " jp-flash" : ""}`,
    "data-role": "hand",
    "aria-label": t(lang, "jp.hand.label", { name: d.seatName(seat) }),
  });
  const interactive = me && d.composing;
  if (p.hand) {
    // One's own hand, or, once the game is over, anyone's: revealed to all.
    p.hand.forEach((c, i) => handBox.append(cardEl(lang, c, { zone: "hand", index: i, interactive, hinted: me && hint.hand.has(i), owner: me ? undefined : d.seatName(seat) })));
  } else {
    const known = sortCards(p.known);
    known.forEach((c) => handBox.append(cardEl(lang, c, { zone: "known", small: true })));
    for (let i = known.length; i < p.hand_size; i++) handBox.append(backEl());
  }
  const handCaption = el(
    "div",
    { class: "jp-caption" },
    t(lang, "jp.hand.caption", { cards: plural(lang, "jp.cards", p.hand_size) }),
    !me && p.known.length > 0 ? ` (${plural(lang, "jp.known", p.known.length)})` : "",
  );
  const handCol = el("div", { class: "jp-hand-col" }, handBox, handCaption);

  const herdInner = [
    symbol("camel", "jp-sym jp-herd-sym"),
    el("span", { class: "jp-herd-count", "data-role": "herd-count" }, `× ${p.herd}`),
  ];
  const herdCls = `jp-herd jp-g-camel${hl.seat === seat && hl.herd ? " jp-flash" : ""}${hint.herd > 0 && me ? " jp-hinted" : ""}`;
  let herd: HTMLElement;
  if (interactive) {
    herd = el(
      "button",
      { type: "button", class: herdCls, "data-zone": "herd", "data-key": "herd", "aria-pressed": "false", disabled: p.herd === 0 },
      ...herdInner,
      el("span", { class: "jp-herd-chosen", "data-role": "herd-chosen" }),
    );
  } else {
    herd = el("div", { class: herdCls, "data-zone": me ? "herd" : null, "data-role": "herd", role: "img", "aria-label": t(lang, "jp.herd.label", { camels: plural(lang, "jp.camels", p.herd) }) }, ...herdInner);
  }
  const herdCol = el("div", { class: "jp-herd-col" }, herd, el("div", { class: "jp-caption" }, t(lang, "jp.herd")));
  cards.append(handCol, herdCol);

  // Scores: goods tokens, bonus tokens, the rupees this seat may know.
  const goods = el("span", { class: "jp-token-row", "data-role": "goods-tokens" });
  p.goods_tokens.forEach((v2, i) =>
    goods.append(coin(v2, `jp-coin-goods${hl.seat === seat && i >= p.goods_tokens.length - hl.newTokens ? " jp-new" : ""}`)),
  );
  const bonus = el("span", { class: "jp-token-row", "data-role": "bonus-tokens" });
  let bonusKnown = true;
  if (p.bonus_tokens) {
    p.bonus_tokens.forEach((b) => bonus.append(coin(b, "jp-coin-bonus")));
  } else {
    for (const s of BONUS_SIZES) {
      for (let i = 0; i < (p.bonus_counts[s] ?? 0); i++) {
        bonus.append(coin("?", "jp-coin-bonus jp-coin-hidden", t(lang, "jp.bonusToken.hidden", { pile: t(lang, `jp.pile.${s}`) })));
        bonusKnown = false;
      }
    }
  }
  const goodsSum = sum(p.goods_tokens);
  const r = d.result;
  // Once the round is scored, its rupees (the camel token included) are known to all.
  const scored = r && r.rupees[seat] !== undefined;
  const total = scored ? r.rupees[seat]! : goodsSum + (p.bonus_tokens ? sum(p.bonus_tokens) : 0);
  if (scored) bonusKnown = true;
  const extras = scored
    ? [r.camel_token === seat ? t(lang, "jp.camelToken") : "", r.seal === seat ? t(lang, "jp.sealWon") : ""].filter(Boolean)
    : [];
  const scores = el(
    "div",
    { class: "jp-scores" },
    el("span", { class: "jp-score-group" }, el("span", { class: "jp-score-label" }, t(lang, "jp.goodsTokens")), goods, p.goods_tokens.length === 0 ? el("span", { class: "jp-none" }, "—") : null),
    el(
      "span",
      { class: "jp-score-group" },
      el("span", { class: "jp-score-label" }, t(lang, "jp.bonusTokens")),
      bonus,
      bonus.childElementCount === 0 ? el("span", { class: "jp-none" }, "—") : null,
    ),
    el("span", { class: "jp-rupees", "data-role": "rupees" }, `${plural(lang, "jp.rupees", total)}${bonusKnown ? "" : " + ?"}`),
    extras.length ? el("span", { class: "jp-round-extras", "data-role": "round-extras" }, extras.join(" · ")) : null,
  );

  if (me) side.append(scores, cards);
  else side.append(cards, scores);
  return side;
}
