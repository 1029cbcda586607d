// The one way the app puts words on screen: t() for a text, plural() for a text that
// depends on a count. Keys, and the placeholders each text takes, are checked by the
// compiler against the English catalogue (en.ts); French (fr.ts) must have every key.
// No DOM here: node's unit tests call it.
import type { Lang } from "../contract.js";
import type { Catalogue, English, Key, PluralKey, TextKey, Plural } from "./catalogue.js";
import { en } from "./en.js";
import { fr } from "./fr.js";

export type { Catalogue, Key, Plural, PluralKey, TextKey } from "./catalogue.js";

// The placeholders of a text, "{name} wins" → "name".
type Holes<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | Holes<Rest> : never;
type HolesOf<E> = E extends string ? Holes<E> : E extends { one: infer O; other: infer X } ? Holes<O> | Holes<X> : never;
// The parameters a key needs, less `{n}` for a plural (its count); none: no argument.
type Args<K extends Key, Given extends string = never> = [Exclude<HolesOf<English[K]>, Given>] extends [never]
  ? []
  : [params: Record<Exclude<HolesOf<English[K]>, Given>, string | number>];

export const catalogues: Record<Lang, Catalogue> = { en, fr };

// Which plural form a count takes (CLDR's rules for whole numbers): English says
// "1 card, 0 cards", French "1 carte, 0 carte".
const isOne: Record<Lang, (n: number) => boolean> = {
  en: (n) => n === 1,
  fr: (n) => n === 0 || n === 1,
};

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (hole, name: string) => (name in params ? String(params[name]) : hole));
}

// A key no catalogue has can only come from a cast or a key built at run time: it shows
// as itself, marked, and as an error in the console (which fails the browser tests).
function missing(lang: Lang, key: string): string {
  console.error(`i18n: no ${lang} text for '${key}'`);
  return `⟦${key}⟧`;
}

export function t<K extends TextKey>(lang: Lang, key: K, ...params: Args<K>): string {
  const entry: unknown = catalogues[lang][key];
  if (typeof entry !== "string") return missing(lang, key);
  return fill(entry, params[0] ?? {});
}

export function plural<K extends PluralKey>(lang: Lang, key: K, n: number, ...params: Args<K, "n">): string {
  const entry: unknown = catalogues[lang][key];
  if (typeof entry !== "object" || entry === null) return missing(lang, key);
  const forms = entry as Plural;
  const text = n === 0 && forms["=0"] !== undefined ? forms["=0"] : isOne[lang](n) ? forms.one : forms.other;
  return fill(text, { ...(params[0] ?? {}), n });
}
