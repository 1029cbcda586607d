// The shape of a catalogue of words, read from the English one (en.ts): what a
// translation (fr.ts) must hold. Apart from t.ts, which reads the catalogues, so that a
// catalogue's type does not depend on the code that uses it.
import type { en } from "./en.js";

// A text that depends on a count `{n}`: `one` and `other` as the language's plural rule
// picks them, and "=0" for a wording of its own at zero.
export interface Plural {
  one: string;
  other: string;
  "=0"?: string;
}

export type English = typeof en;
export type Key = keyof English;
export type TextKey = { [K in Key]: English[K] extends string ? K : never }[Key];
export type PluralKey = Exclude<Key, TextKey>;

// A translation: every key of the English catalogue, a text where it has a text and a
// Plural where it has one. A missing or misshapen key is a compile error.
export type Catalogue = { readonly [K in Key]: English[K] extends string ? string : Plural };
