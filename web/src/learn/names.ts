// How the final game's explanations name an event's fields: goods and carpet colours in
// the page's language (the app's own words), seats by their names. No DOM here: node's
// unit tests call it.
import type { Lang } from "../contract.js";
import { t } from "../i18n/t.js";
import { goodName } from "../i18n/words.js";
import type { Namer } from "./pure.js";

const GOOD = /^(diamond|gold|silver|cloth|spice|leather|camel)$/;

export function namerFor(lang: Lang, seatName: (seat: number) => string): Namer {
  return (field, value, event) => {
    if (typeof value === "string" && GOOD.test(value)) {
      // A sale's good goes with its count ("3 leather", "2 diamonds"); a list's items one by one.
      const count = field === "good" && typeof event["count"] === "number" ? (event["count"] as number) : 1;
      return goodName(value, count, lang);
    }
    // Assam's turn, as the orientation buttons say it ("turn left", "straight on").
    if (field === "turn" && (value === "left" || value === "straight" || value === "right")) {
      const words = t(lang, `move.${value}`);
      return words.charAt(0).toLowerCase() + words.slice(1);
    }
    if (typeof value === "number" && /colou?r|carpet/.test(field))
      return value >= 0 && value < 4 ? t(lang, `mk.colour.${value as 0 | 1 | 2 | 3}`) : String(value);
    if (typeof value === "number" && /(^|\.)(seat|from|to)$/.test(field)) return seatName(value);
    return null;
  };
}
