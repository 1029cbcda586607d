// The shape of a rules page, the same in every language (en.ts, fr.ts): sections of
// blocks of our own text, where **bold** is the one inline markup.
import type { GameName } from "../contract.js";

export type Block =
  | { k: "p"; t: string }
  | { k: "note"; t: string }
  | { k: "h3"; t: string }
  | { k: "ul" | "ol"; items: string[] }
  | { k: "table"; caption: string; head: string[]; rows: string[][] }
  | { k: "track"; caption: string; label: string } // the board's border track, drawn
  | { k: "picture"; picture: Picture; caption: string; label: string }; // drawn with the game's pieces (pictures.ts)

// The pictures the rules pages show, drawn by pictures.ts.
export type Picture = "jaipur-market" | "jaipur-tokens" | "assam-edge" | "tribute";

export interface Section {
  id: string;
  title: string;
  blocks: Block[];
}

export interface Page {
  title: string;
  lead: string;
  other: string; // link to the other game's rules
  toc: string;
  sections: Section[];
}

export type RulesText = Record<GameName, Page>;
