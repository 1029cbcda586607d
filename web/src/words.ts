// Each move told in words, in English and French, from the server's events.
import type { GameEvent, Lang } from "./contract.js";

const GOODS_FR: Record<string, [string, string]> = {
  diamond: ["diamant", "diamants"],
  gold: ["or", "or"],
  silver: ["argent", "argent"],
  cloth: ["tissu", "tissus"],
  spice: ["épices", "épices"],
  leather: ["cuir", "cuirs"],
  camel: ["chameau", "chameaux"],
};

export function goodName(good: string, count: number, lang: Lang): string {
  if (lang === "fr") {
    const names = GOODS_FR[good];
    return names ? names[count > 1 ? 1 : 0] : good;
  }
  return count > 1 && (good === "camel" || good === "diamond") ? `${good}s` : good;
}

function list(goods: string[], lang: Lang): string {
  const counts = new Map<string, number>();
  for (const g of goods) counts.set(g, (counts.get(g) ?? 0) + 1);
  const parts = [...counts].map(([g, n]) => `${n} ${goodName(g, n, lang)}`);
  const and = lang === "fr" ? " et " : " and ";
  return parts.length <= 1 ? parts.join("") : parts.slice(0, -1).join(", ") + and + parts[parts.length - 1];
}

// Verbs for a third person and for "you": [en he, en you, fr il, fr vous].
const VERBS: Record<string, [string, string, string, string]> = {
  take: ["takes", "take", "prend", "prenez"],
  exchange: ["exchanges", "exchange", "échange", "échangez"],
  sell: ["sells", "sell", "vend", "vendez"],
  turn: ["turns", "turn", "tourne", "tournez"],
  keep: ["keeps", "keep", "laisse", "laissez"],
  roll: ["rolls", "roll", "lance", "lancez"],
  pay: ["pays", "pay", "paie", "payez"],
  place: ["places", "place", "pose", "posez"],
  is: ["is", "are", "est", "êtes"],
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// One sentence for one event; `name(seat)` names a seat ("You", "Ann", "hard bot"),
// `you` is the seat addressed as "you" (null: none).
export function describe(e: GameEvent, name: (seat: number) => string, lang: Lang, you: number | null = null): string {
  const fr = lang === "fr";
  const who = name(e.seat);
  const verb = (key: string, seat = e.seat) => VERBS[key][(fr ? 2 : 0) + (seat === you ? 1 : 0)];
  switch (e.action) {
    case "take":
      return `${who} ${verb("take")} 1 ${goodName(e.good ?? "", 1, lang)}`;
    case "camels":
      return `${who} ${verb("take")} ${e.count} ${goodName("camel", e.count ?? 0, lang)}`;
    case "exchange":
      return `${who} ${verb("exchange")} ${list(e.given ?? [], lang)} ${fr ? "contre" : "for"} ${list(e.taken ?? [], lang)}`;
    case "sell": {
      const tokens = e.tokens ?? [];
      const sum = tokens.reduce((a, b) => a + b, 0);
      const what = `${e.count} ${goodName(e.good ?? "", e.count ?? 0, lang)}`;
      const bonus = e.bonus
        ? e.bonus_value !== undefined
          ? fr
            ? ` et un bonus de ${e.bonus_value}`
            : ` and a bonus of ${e.bonus_value}`
          : fr
            ? " et un jeton bonus"
            : " and a bonus token"
        : "";
      const sums = tokens.length > 1 ? `${tokens.join("+")} = ` : "";
      const rupees = fr ? plural(sum, "roupie") : plural(sum, "rupee");
      return `${who} ${verb("sell")} ${what}${fr ? " :" : ":"} ${sums}${rupees}${bonus}`;
    }
    case "orient": {
      const turn = e.turn ?? "straight";
      if (turn === "straight") return fr ? `${who} ${verb("keep")} Assam tout droit` : `${who} ${verb("keep")} Assam straight on`;
      const side = fr ? (turn === "left" ? "à gauche" : "à droite") : turn;
      return `${who} ${verb("turn")} Assam ${side}`;
    }
    case "roll": {
      let text = fr ? `${who} ${verb("roll")} le dé : ${e.roll}` : `${who} ${verb("roll")} ${e.roll}`;
      if (e.tribute) {
        const t = e.tribute;
        text += fr
          ? ` et ${verb("pay")} ${plural(t.amount, "dirham")} à ${name(t.to)}`
          : ` and ${verb("pay")} ${name(t.to)} ${plural(t.amount, "dirham")}`;
      }
      for (const p of e.out ?? [])
        text += fr ? `. ${name(p)} ${verb("is", p)} éliminé` : `. ${name(p)} ${verb("is", p)} out of the game`;
      return text;
    }
    case "place":
      return `${who} ${verb("place")} ${fr ? "un tapis en" : "a carpet on"} ${(e.squares ?? []).join("–")}`;
    default: {
      // An action this client does not know (a newer server): the move's own text.
      return `${who}: ${(e as GameEvent).move}`;
    }
  }
}

// A move's canonical text in words, for the hint ("sell 3 leather" → "Sell 3 leather").
export function moveInWords(move: string, lang: Lang): string {
  const w = move.split(" ");
  const fr = lang === "fr";
  switch (w[0]) {
    case "take":
      return (fr ? "Prendre 1 " : "Take 1 ") + goodName(w[1], 1, lang);
    case "camels":
      return fr ? "Prendre les chameaux" : "Take the camels";
    case "sell":
      return (fr ? "Vendre " : "Sell ") + `${w[1]} ${goodName(w[2], Number(w[1]), lang)}`;
    case "exchange": {
      const at = w.indexOf("for");
      return fr
        ? `Échanger ${list(w.slice(at + 1), lang)} contre ${list(w.slice(1, at), lang)}`
        : `Exchange ${list(w.slice(at + 1), lang)} for ${list(w.slice(1, at), lang)}`;
    }
    case "left":
      return fr ? "Tourner à gauche" : "Turn left";
    case "right":
      return fr ? "Tourner à droite" : "Turn right";
    case "straight":
      return fr ? "Tout droit" : "Straight on";
    case "place":
      return (fr ? "Poser en " : "Place on ") + `${w[1]}–${w[2]}`;
    default:
      return move;
  }
}
