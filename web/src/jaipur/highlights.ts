// What an opponent's move changed on the table, to draw attention to it: the market
// cards that arrived, the token pile sold from and the bonus pile taken from, the mover's
// hand, herd and new tokens. No DOM here: node's unit tests use it.
import type { BonusSize, Good, JaipurEvent, JaipurView } from "../contract.js";

export interface Highlights {
  market: Set<number>; // market indices of new cards
  pile: Good | null;
  bonusPile: BonusSize | null;
  seat: number | null; // the mover
  herd: boolean;
  hand: boolean;
  newTokens: number; // goods tokens the mover just took (the last ones of the row)
}

export const noHighlights = (): Highlights => ({ market: new Set(), pile: null, bonusPile: null, seat: null, herd: false, hand: false, newTokens: 0 });

// `viewer`: the seat the table showed before this move; its own moves are not pointed at.
// Nothing either for a first state, a jump, a chance move or a new round (all is new).
export function highlights(prev: JaipurView | null, next: JaipurView, ev: JaipurEvent | null, animate: boolean, viewer: number | null): Highlights {
  const hl = noHighlights();
  if (!animate || !prev || !ev || ev.chance) return hl;
  if (viewer !== null && ev.seat === viewer) return hl;
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
  if (ev.action === "sell") {
    hl.pile = ev.good;
    if (ev.bonus && ev.count) hl.bonusPile = ev.count >= 5 ? "5" : (String(ev.count) as BonusSize);
  }
  return hl;
}
