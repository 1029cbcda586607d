// A Jaipur game's rounds as its story tells them (pure: node's unit tests import it):
// each round's scoring from the events that ended a round.
import type { GameEvent, JaipurEvent, RoundEnd } from "../contract.js";

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
