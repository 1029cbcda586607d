// A Jaipur game's rounds as its story tells them (pure: node's unit tests import it):
// each round's scoring from the events that ended a round, and the table as a round
// ended, drawn from the table before its last move and what that move's event says it
// did (the server's next view is already the next round's deal).
import type { BonusSize, Card, GameEvent, JaipurEvent, JaipurView, RoundEnd } from "../contract.js";

// Every round scored so far, oldest first, numbered from 1.
export function roundsOf(events: readonly GameEvent[]): { round: number; end: RoundEnd }[] {
  const rounds: { round: number; end: RoundEnd }[] = [];
  for (const e of events) {
    const end = (e as JaipurEvent).round_end;
    if (end) rounds.push({ round: rounds.length + 1, end });
  }
  return rounds;
}

// Each seat's seals, counted from the rounds scored.
export function sealsOf(rounds: readonly { end: RoundEnd }[], players: number): number[] {
  const seals = Array.from({ length: players }, () => 0);
  for (const { end } of rounds) if (end.seal !== null && end.seal < seals.length) seals[end.seal]!++;
  return seals;
}

function without(cards: readonly Card[], card: Card, n: number): Card[] {
  const out = [...cards];
  for (let k = 0; k < n; k++) {
    const i = out.indexOf(card);
    if (i < 0) break;
    out.splice(i, 1);
  }
  return out;
}

// The table as the round ended: `before` (the view before the round's last move) with
// the cards and tokens that move's event names moved. What the event does not name
// (the card that emptied the deck into the market) is left out, never guessed.
export function roundEndView(before: JaipurView, e: JaipurEvent): JaipurView {
  const v: JaipurView = structuredClone(before);
  const p = v.players[e.seat];
  v.to_move = null;
  if (!p) return v;
  if (e.action === "sell") {
    if (p.hand) p.hand = without(p.hand, e.good, e.count);
    p.known = without(p.known, e.good, e.count);
    p.hand_size = Math.max(0, p.hand_size - e.count);
    p.goods_tokens = [...p.goods_tokens, ...e.tokens];
    v.token_piles[e.good] = v.token_piles[e.good].slice(e.tokens.length);
    if (e.bonus) {
      const size = String(Math.min(e.count, 5)) as BonusSize;
      p.bonus_counts[size] = (p.bonus_counts[size] ?? 0) + 1;
      v.bonus_piles[size] = Math.max(0, (v.bonus_piles[size] ?? 0) - 1);
      if (p.bonus_tokens && e.bonus_value !== undefined) p.bonus_tokens = [...p.bonus_tokens, e.bonus_value];
    }
  } else if (e.action === "take") {
    v.market = without(v.market, e.good, 1);
    if (p.hand) p.hand = [...p.hand, e.good];
    p.known = [...p.known, e.good];
    p.hand_size += 1;
    v.deck_size = 0;
  } else if (e.action === "camels") {
    v.market = v.market.filter((c) => c !== "camel");
    p.herd += e.count;
    v.deck_size = 0;
  }
  return v;
}
