// The Jaipur table: market, hands, herds, token piles, bonus piles, seals, and the move
// composer. The screen only renders the view and builds a move's canonical text; the
// engine alone decides legality (msg.legal) and tells what a move yields (ctx.preview).
// The app shell (game.ts) draws the header, the move log, the hint button and the
// end-of-game summary around it.

import type {
  BonusSize,
  Card,
  GameContext,
  GameScreen,
  Good,
  JaipurEvent,
  JaipurPlayerView,
  JaipurState,
  JaipurView,
  Lang,
  GameEvent,
  Preview,
  StateMessage,
} from "./contract.js";
import { el, svg } from "./dom.js";
import { plural, t } from "./i18n/t.js";
import { cardList, goodName } from "./i18n/words.js";

// ---------------------------------------------------------------------------------------
// Cards (docs/formats.md, "Jaipur view").

const GOODS: readonly Card[] = ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"];
const TRADE_GOODS: readonly Good[] = ["diamond", "gold", "silver", "cloth", "spice", "leather"];
const BONUS_SIZES: readonly BonusSize[] = ["3", "4", "5"];

function isCard(s: string): s is Card {
  return (GOODS as readonly string[]).includes(s);
}
function order(c: string): number {
  const i = (GOODS as readonly string[]).indexOf(c);
  return i < 0 ? 99 : i;
}
function sortCards(cards: string[]): string[] {
  return [...cards].sort((a, b) => order(a) - order(b));
}
function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

// ---------------------------------------------------------------------------------------
// Drawing: small inline SVG, one symbol per good.

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

function symbol(good: Card, cls = "jp-sym"): SVGSVGElement {
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

// ---------------------------------------------------------------------------------------
// The selection and the move it makes.

interface Selection {
  market: Set<number>; // market indices
  hand: Set<number>; // hand indices
  herd: number; // camels from the herd
}

type Composed =
  | { kind: "empty" }
  | { kind: "unfinished"; message: string }
  | { kind: "move"; text: string; words: string; action: "take" | "camels" | "exchange" | "sell"; good?: Card; taken?: string[]; given?: string[]; count?: number };

function compose(lang: Lang, view: JaipurView, hand: string[], sel: Selection): Composed {
  const marketGoods: string[] = [];
  let marketCamels = 0;
  for (const i of sel.market) {
    const c = view.market[i];
    if (c === undefined) continue;
    if (c === "camel") marketCamels++;
    else marketGoods.push(c);
  }
  const handCards: string[] = [];
  for (const i of sel.hand) {
    const c = hand[i];
    if (c !== undefined) handCards.push(c);
  }
  const given = handCards.length + sel.herd;
  if (marketGoods.length === 0 && marketCamels === 0 && given === 0) return { kind: "empty" };
  if (marketCamels > 0) {
    if (marketGoods.length > 0 || given > 0) return { kind: "unfinished", message: t(lang, "jp.camelsAlone") };
    return { kind: "move", text: "camels", words: plural(lang, "jp.takeCamels", marketCamels), action: "camels", count: marketCamels };
  }
  if (marketGoods.length > 0) {
    if (given === 0) {
      if (marketGoods.length === 1) {
        const g = marketGoods[0] as Card;
        return { kind: "move", text: `take ${g}`, words: t(lang, "move.take", { good: goodName(g, 1, lang) }), action: "take", good: g };
      }
      return { kind: "unfinished", message: plural(lang, "jp.exchangeGive", marketGoods.length) };
    }
    if (given !== marketGoods.length) return { kind: "unfinished", message: t(lang, "jp.exchangeBalance", {
          taken: plural(lang, "jp.taken", marketGoods.length),
          given: plural(lang, "jp.given", given),
        }),
      };;
    const taken = sortCards(marketGoods);
    const gave = sortCards([...handCards, ...Array<string>(sel.herd).fill("camel")]);
    return {
      kind: "move",
      text: `exchange ${taken.join(" ")} for ${gave.join(" ")}`,
      words: t(lang, "jp.exchange", { taken: cardList(taken, lang), given: cardList(gave, lang) }),
      action: "exchange",
      taken,
      given: gave,
    };
  }
  if (sel.herd > 0) return { kind: "unfinished", message: t(lang, "jp.herdOnly") };
  const goods = new Set(handCards);
  if (goods.size !== 1) return { kind: "unfinished", message: t(lang, "jp.oneGood") };
  const g = handCards[0] as Card;
  return { kind: "move", text: `sell ${handCards.length} ${g}`, words: t(lang, "move.sell", { goods: `${handCards.length} ${goodName(g, handCards.length, lang)}` }), action: "sell", good: g, count: handCards.length };
}

// What a legal move yields, from the engine's preview event.
function yields(lang: Lang, c: Extract<Composed, { kind: "move" }>, ev: GameEvent | undefined): string {
  switch (c.action) {
    case "sell": {
      const tokens = (ev?.action === "sell" && ev.tokens) || [];
      const bonus = (ev?.action === "sell" && ev.bonus) || false;
      if (tokens.length === 0) return t(lang, bonus ? "jp.yield.noTokensBonus" : "jp.yield.noTokens");
      const price = `${tokens.length > 1 ? `${tokens.join(" + ")} = ` : ""}${plural(lang, "jp.rupees", sum(tokens))}`;
      return t(lang, bonus ? "jp.yield.saleBonus" : "jp.yield.sale", { price });
    }
    case "take":
      return t(lang, "jp.yield.take", { the: t(lang, `jp.the.${(ev?.action === "take" ? ev.good : c.good) ?? "camel"}`) });
    case "camels":
      return t(lang, "jp.yield.camels", { camels: plural(lang, "jp.camels", (ev?.action === "camels" ? ev.count : c.count) ?? 0) });
    case "exchange": {
      const taken = ev?.action === "exchange" ? ev.taken : (c.taken ?? []);
      const given = ev?.action === "exchange" ? ev.given : (c.given ?? []);
      return t(lang, "jp.yield.exchange", { taken: cardList(taken, lang), given: cardList(given, lang) });
    }
  }
}

// The cards a hinted move involves: market and hand indices, herd camels.
function hintedCards(move: string | null, view: JaipurView, hand: string[]): Selection {
  const out: Selection = { market: new Set(), hand: new Set(), herd: 0 };
  if (!move) return out;
  const words = move.trim().split(/\s+/);
  const pickMarket = (g: string) => {
    const i = view.market.findIndex((c, k) => c === g && !out.market.has(k));
    if (i >= 0) out.market.add(i);
  };
  const pickHand = (g: string) => {
    const i = hand.findIndex((c, k) => c === g && !out.hand.has(k));
    if (i >= 0) out.hand.add(i);
  };
  if (words[0] === "take" && words[1]) pickMarket(words[1]);
  else if (words[0] === "camels") view.market.forEach((c, i) => c === "camel" && out.market.add(i));
  else if (words[0] === "sell" && words[2]) {
    const n = Number(words[1]);
    for (let k = 0; k < n; k++) pickHand(words[2]);
  } else if (words[0] === "exchange") {
    const at = words.indexOf("for");
    if (at > 0) {
      for (const g of words.slice(1, at)) pickMarket(g);
      for (const g of words.slice(at + 1)) {
        if (g === "camel") out.herd++;
        else pickHand(g);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The screen.

interface Highlights {
  market: Set<number>;
  pile: string | null;
  bonusPile: string | null;
  seat: number | null;
  herd: boolean;
  hand: boolean;
  newTokens: number;
}

export function createJaipurScreen(root: HTMLElement, ctx: GameContext): GameScreen {
  const lang = ctx.lang;
  let msg: JaipurState | null = null;
  let view: JaipurView | null = null;
  let sel: Selection = { market: new Set(), hand: new Set(), herd: 0 };
  let previewSeq = 0;
  let destroyed = false;

  const table = el("div", { class: "jaipur jp-table" });
  root.append(table);

  // The composer's live parts, rebuilt by render() and refreshed by refreshComposer().
  let statusEl: HTMLElement | null = null;
  let confirmEl: HTMLButtonElement | null = null;
  let clearEl: HTMLButtonElement | null = null;

  function myHand(): string[] {
    if (!view || msg?.seat === null || msg?.seat === undefined) return [];
    return view.players[msg.seat]?.hand ?? [];
  }
  function composing(): boolean {
    return !!msg && msg.seat !== null && msg.legal.length > 0 && !msg.over;
  }
  function clearSelection(): void {
    sel = { market: new Set(), hand: new Set(), herd: 0 };
  }

  // ---- cards ----

  function cardEl(good: string, opts: { zone?: "market" | "hand" | "known"; index?: number; interactive?: boolean; small?: boolean; isNew?: boolean; hinted?: boolean }): HTMLElement {
    const g: Card = isCard(good) ? good : "camel";
    const name = goodName(g, 1, lang);
    const cls = ["jp-card", `jp-g-${g}`];
    if (opts.small) cls.push("jp-card-small");
    if (opts.isNew) cls.push("jp-new");
    if (opts.hinted) cls.push("jp-hinted");
    const label =
      opts.zone === "market" ? t(lang, "jp.card.market", { good: name }) : opts.zone === "hand" ? t(lang, "jp.card.hand", { good: name }) : name;
    const attrs = {
      class: cls.join(" "),
      "data-zone": opts.zone === "known" ? null : opts.zone,
      "data-good": g,
      "data-index": opts.index,
      "data-key": opts.zone && opts.index !== undefined ? `${opts.zone}-${opts.index}` : null,
      title: name,
    };
    const body = [symbol(g), el("span", { class: "jp-card-name" }, name)];
    if (opts.interactive) {
      const b = el("button", { ...attrs, type: "button", "aria-label": label, "aria-pressed": "false" }, ...body);
      return b;
    }
    return el("div", { ...attrs, role: "img", "aria-label": label }, ...body);
  }

  function backEl(extra = ""): HTMLElement {
    return el("div", { class: `jp-card jp-back jp-card-small ${extra}`.trim(), "aria-hidden": "true" });
  }

  function coin(value: number | string, cls: string, title?: string): HTMLElement {
    return el("span", { class: `jp-coin ${cls}`, title }, String(value));
  }

  function seals(p: JaipurPlayerView): HTMLElement {
    const n = Math.max(0, Math.min(2, p.seals));
    return el(
      "span",
      { class: "jp-seals", "data-role": "seals", "data-seals": n, title: t(lang, "jp.seals"), "aria-label": t(lang, "jp.seals.label", { n }) },
      sealIcon(n >= 1),
      sealIcon(n >= 2),
    );
  }

  // ---- a player's side ----

  function playerEl(seat: number, me: boolean, hl: Highlights, hint: Selection): HTMLElement {
    const v = view!;
    const p = v.players[seat]!;
    const active = v.to_move === seat && v.status !== "game_over";
    const side = el("section", {
      class: `jp-player ${me ? "jp-me" : "jp-opp"}${active ? " jp-to-move" : ""}`,
      "data-seat": seat,
      "aria-label": ctx.seatName(seat),
    });

    const head = el(
      "div",
      { class: "jp-player-head" },
      el("span", { class: "jp-name" }, ctx.seatName(seat)),
      active ? el("span", { class: "jp-turn-badge" }, t(lang, me ? "jp.badge.you" : "jp.badge.toMove")) : null,
      seals(p),
    );
    side.append(head);

    // Cards: the hand (own: face up; others: known face up, the rest face down) and the herd.
    const cards = el("div", { class: "jp-player-cards" });
    const handBox = el("div", {
      class: `jp-hand${hl.seat === seat && hl.hand ? " jp-flash" : ""}`,
      "data-role": "hand",
      "aria-label": t(lang, "jp.hand.label", { name: ctx.seatName(seat) }),
    });
    const interactive = me && composing();
    if (me && p.hand) {
      p.hand.forEach((c, i) => handBox.append(cardEl(c, { zone: "hand", index: i, interactive, hinted: hint.hand.has(i) })));
    } else {
      const known = sortCards(p.known);
      known.forEach((c) => handBox.append(cardEl(c, { zone: "known", small: true })));
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
    const total = goodsSum + (p.bonus_tokens ? sum(p.bonus_tokens) : 0);
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
    );

    if (me) side.append(scores, cards);
    else side.append(cards, scores);
    return side;
  }

  // ---- the board: round, deck, market, token piles, bonus piles ----

  function boardEl(hl: Highlights, hint: Selection): HTMLElement {
    const v = view!;
    const info = el(
      "div",
      { class: "jp-info" },
      el("span", { class: "jp-round", "data-role": "round" }, t(lang, "jp.round", { n: v.round })),
      el(
        "span",
        { class: "jp-deck", "data-role": "deck", "aria-label": t(lang, "jp.deck.label", { cards: plural(lang, "jp.cards", v.deck_size) }) },
        backEl("jp-deck-back"),
        el("span", {}, el("strong", {}, String(v.deck_size)), ` ${t(lang, "jp.deck")}`),
      ),
      el("span", { class: "jp-discard", "data-role": "discard" }, t(lang, "jp.discard", { n: v.discard.length })),
    );

    const interactive = composing();
    const market = el("div", { class: "jp-market", "data-role": "market", "aria-label": t(lang, "jp.market") });
    v.market.forEach((c, i) =>
      market.append(cardEl(c, { zone: "market", index: i, interactive, isNew: hl.market.has(i), hinted: hint.market.has(i) })),
    );
    const marketBox = el("div", { class: "jp-market-box" }, el("h3", { class: "jp-h" }, t(lang, "jp.market")), market);

    const piles = el("div", { class: "jp-piles", "data-role": "token-piles" });
    for (const g of TRADE_GOODS) {
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

  // ---- composer ----

  function composerEl(): HTMLElement {
    statusEl = el("p", { class: "jp-status", "data-role": "composer-status", "aria-live": "polite" });
    confirmEl = el("button", { type: "button", class: "jp-btn jp-btn-primary", "data-action": "confirm", "data-key": "confirm", disabled: true }, t(lang, "jp.confirm"));
    clearEl = el("button", { type: "button", class: "jp-btn", "data-action": "clear", "data-key": "clear" }, t(lang, "jp.clear"));
    return el("div", { class: "jp-composer", "data-role": "composer" }, statusEl, el("div", { class: "jp-actions" }, clearEl, confirmEl));
  }

  function refreshComposer(): void {
    if (!view || !msg) return;
    // Selection marks.
    table.querySelectorAll<HTMLButtonElement>("button[data-zone]").forEach((b) => {
      const zone = b.dataset.zone;
      const i = Number(b.dataset.index);
      let on = false;
      if (zone === "market") on = sel.market.has(i);
      else if (zone === "hand") on = sel.hand.has(i);
      else if (zone === "herd") on = sel.herd > 0;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("jp-selected", on);
      if (zone === "herd") {
        const herdSize = view!.players[msg!.seat ?? 0]?.herd ?? 0;
        const chosen = b.querySelector('[data-role="herd-chosen"]');
        if (chosen) chosen.textContent = herdSize > 0 ? plural(lang, "jp.chosen", sel.herd, { total: herdSize }) : "";
        b.setAttribute("aria-label", plural(lang, "jp.herd.button", sel.herd, { camels: herdSize }));
      }
    });
    if (!statusEl || !confirmEl || !clearEl) return;
    const c = compose(lang, view, myHand(), sel);
    const seq = ++previewSeq;
    clearEl.disabled = c.kind === "empty";
    statusEl.classList.remove("jp-status-error", "jp-status-ok");
    if (c.kind !== "move") {
      confirmEl.disabled = true;
      confirmEl.textContent = t(lang, "jp.confirm");
      delete confirmEl.dataset.move;
      statusEl.textContent = c.kind === "empty" ? t(lang, "jp.help") : c.message;
      return;
    }
    const legal = msg.legal.includes(c.text);
    confirmEl.disabled = !legal;
    confirmEl.textContent = c.words;
    confirmEl.dataset.move = c.text;
    statusEl.textContent = t(lang, "jp.checking");
    ctx.preview(c.text).then(
      (p: Preview) => {
        if (destroyed || seq !== previewSeq || !statusEl) return;
        if (legal && p.legal) {
          statusEl.textContent = yields(lang, c, p.event);
          statusEl.classList.add("jp-status-ok");
        } else if (!legal) {
          statusEl.textContent = t(lang, "jp.notAllowed", { error: p.error ?? "" }).trim();
          statusEl.classList.add("jp-status-error");
        } else {
          // Listed as legal but the preview disagrees: the list decides; show the engine's words.
          statusEl.textContent = p.error ? t(lang, "jp.notAllowed", { error: p.error }) : yields(lang, c, p.event);
        }
      },
      () => {
        if (destroyed || seq !== previewSeq || !statusEl) return;
        statusEl.textContent = legal ? c.words : t(lang, "jp.previewFailed");
        if (!legal) statusEl.classList.add("jp-status-error");
      },
    );
  }

  // ---- events ----

  function onClick(e: MouseEvent): void {
    if (!view || !msg || !composing()) return;
    const target = e.target instanceof Element ? e.target.closest("button") : null;
    if (!target || !table.contains(target)) return;
    const action = target.dataset.action;
    if (action === "confirm") {
      const move = target.dataset.move;
      if (move && msg.legal.includes(move) && !target.hasAttribute("disabled")) {
        clearSelection();
        previewSeq++;
        ctx.sendMove(move);
        refreshComposer();
      }
      return;
    }
    if (action === "clear") {
      clearSelection();
      refreshComposer();
      return;
    }
    const zone = target.dataset.zone;
    if (zone === "market") {
      const i = Number(target.dataset.index);
      if (view.market[i] === "camel") {
        const camels = view.market.map((c, k) => (c === "camel" ? k : -1)).filter((k) => k >= 0);
        const all = camels.every((k) => sel.market.has(k));
        for (const k of camels) {
          if (all) sel.market.delete(k);
          else sel.market.add(k);
        }
      } else if (sel.market.has(i)) sel.market.delete(i);
      else sel.market.add(i);
    } else if (zone === "hand") {
      const i = Number(target.dataset.index);
      if (sel.hand.has(i)) sel.hand.delete(i);
      else sel.hand.add(i);
    } else if (zone === "herd") {
      const size = view.players[msg.seat ?? 0]?.herd ?? 0;
      sel.herd = sel.herd >= size ? 0 : sel.herd + 1;
    } else return;
    refreshComposer();
  }
  table.addEventListener("click", onClick);

  // ---- highlights of the opponent's move ----

  function highlights(prev: JaipurView | null, next: JaipurView, ev: JaipurEvent | null, animate: boolean): Highlights {
    const hl: Highlights = { market: new Set(), pile: null, bonusPile: null, seat: null, herd: false, hand: false, newTokens: 0 };
    if (!animate || !prev || !ev || ev.chance) return hl;
    if (msg && msg.seat !== null && ev.seat === msg.seat) return hl;
    if (prev.round !== next.round) return hl;
    hl.seat = ev.seat;
    // The market cards that were not there before.
    const before = new Map<string, number>();
    for (const c of prev.market) before.set(c, (before.get(c) ?? 0) + 1);
    next.market.forEach((c, i) => {
      const n = before.get(c) ?? 0;
      if (n > 0) before.set(c, n - 1);
      else hl.market.add(i);
    });
    const pp = prev.players[ev.seat];
    const np = next.players[ev.seat];
    if (pp && np) {
      hl.herd = pp.herd !== np.herd;
      hl.hand = pp.hand_size !== np.hand_size || pp.known.length !== np.known.length;
      hl.newTokens = Math.max(0, np.goods_tokens.length - pp.goods_tokens.length);
    }
    if (ev.action === "sell" && ev.good) {
      hl.pile = ev.good;
      if (ev.bonus && ev.count) hl.bonusPile = ev.count >= 5 ? "5" : String(ev.count);
    }
    return hl;
  }

  // ---- render ----

  function render(hl: Highlights): void {
    if (!view || !msg) return;
    const active = document.activeElement;
    const focusKey = active instanceof HTMLElement && table.contains(active) ? active.dataset.key : undefined;

    const hint = composing() ? hintedCards(ctx.hinted, view, myHand()) : { market: new Set<number>(), hand: new Set<number>(), herd: 0 };
    const seat = msg.seat;
    const parts: HTMLElement[] = [];
    if (seat === null || seat === undefined || !view.players[seat]) {
      // A spectator: both players face down, seat 1 on top.
      const top = view.players.length > 1 ? 1 : 0;
      parts.push(playerEl(top, false, hl, hint), boardEl(hl, hint));
      for (let p = 0; p < view.players.length; p++) if (p !== top) parts.push(playerEl(p, false, hl, hint));
    } else {
      for (let p = 0; p < view.players.length; p++) if (p !== seat) parts.push(playerEl(p, false, hl, hint));
      parts.push(boardEl(hl, hint), playerEl(seat, true, hl, hint));
    }
    statusEl = confirmEl = clearEl = null;
    if (composing()) parts.push(composerEl());
    table.classList.toggle("jp-composing", composing());
    table.classList.toggle("jp-spectator", seat === null);
    table.replaceChildren(...parts);
    refreshComposer();

    if (focusKey) {
      const again = table.querySelector<HTMLElement>(`[data-key="${focusKey}"]`);
      if (again && again instanceof HTMLButtonElement) again.focus({ preventScroll: true });
    }
  }

  return {
    update(next: StateMessage, animate: boolean): void {
      if (destroyed) return;
      const prevView = view;
      const prevMoveCount = msg?.move_count;
      if (next.game !== "jaipur") return;
      const nextView = next.view;
      const hl = highlights(prevView, nextView, next.event, animate);
      if (prevMoveCount !== next.move_count || next.legal.length === 0) clearSelection();
      msg = next;
      view = nextView;
      render(hl);
    },
    settled(): Promise<void> {
      return Promise.resolve(); // highlights are CSS transitions: nothing to wait for
    },
    destroy(): void {
      destroyed = true;
      previewSeq++;
      table.removeEventListener("click", onClick);
      table.remove();
    },
  };
}
