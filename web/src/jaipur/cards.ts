// Jaipur's cards in canonical order (docs/formats.md): the order hands, markets and the
// move texts list them in. No DOM here: node's unit tests use it.
import type { BonusSize, Card, Good } from "../contract.js";

export const CARDS: readonly Card[] = ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"];
export const GOODS: readonly Good[] = ["diamond", "gold", "silver", "cloth", "spice", "leather"];
export const BONUS_SIZES: readonly BonusSize[] = ["3", "4", "5"];

export function isCard(name: string): name is Card {
  return (CARDS as readonly string[]).includes(name);
}

// Canonical order; a name the app does not know goes last.
export function sortCards<C extends string>(cards: readonly C[]): C[] {
  const rank = (c: string) => {
    const i = (CARDS as readonly string[]).indexOf(c);
    return i < 0 ? 99 : i;
  };
  return [...cards].sort((a, b) => rank(a) - rank(b));
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
