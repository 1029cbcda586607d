// The lobby's choices, from the games the server lists (GET /api/game-types): each
// game's name in the page's language, the player counts it allows, its variants and
// whether this app can show it (a game without a table here is listed, not playable).
// No DOM here: node's unit tests use it.
import type { GameTypeInfo, Lang } from "../contract.js";
import { t } from "../i18n/t.js";

export interface VariantChoice {
  name: string; // "": the default
  label: string;
  players: number[]; // the counts it allows
}

export interface GameChoice {
  name: string;
  label: string;
  playable: boolean; // the web app has a table for it (games.ts)
  players: number[]; // the counts to choose from, fewest first
  defaultPlayers: number;
  // Its variants, the default first; empty when it has none but the default.
  variants: VariantChoice[];
}

// What the lobby asks of a game's web module: the words for its variants.
export type VariantLabels = (name: string) => ((lang: Lang, variant: string) => string) | undefined;

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export function gameChoices(types: readonly GameTypeInfo[], lang: Lang, labels: VariantLabels): GameChoice[] {
  return types.map((type) => {
    const label = labels(type.name);
    const players = range(type.min_players, type.max_players);
    const variants: VariantChoice[] = type.variants.length
      ? [
          { name: "", label: label?.(lang, "") ?? t(lang, "home.variant.default"), players },
          ...type.variants.map((v) => ({
            name: v.name,
            label: label?.(lang, v.name) ?? v.name,
            players: range(v.min_players, v.max_players),
          })),
        ]
      : [];
    return {
      name: type.name,
      label: (lang === "fr" ? type.display_name_fr : type.display_name) || type.name,
      playable: label !== undefined,
      players: players.length ? players : [type.default_players],
      defaultPlayers: type.default_players,
      variants,
    };
  });
}

// The variants one may choose for that many players: none when only the default is left.
export function variantsFor(choice: GameChoice, players: number): VariantChoice[] {
  const open = choice.variants.filter((v) => v.players.includes(players));
  return open.length > 1 ? open : [];
}

// Why a game cannot be started here, or null: a game the server plays that this app
// has no table for.
export function unplayable(lang: Lang, choice: GameChoice): string | null {
  return choice.playable ? null : t(lang, "game.unplayable", { game: choice.label });
}
