// The lessons' pure helpers: no DOM, node's unit tests call them (web/test/learn.test.mjs).
//   - the progress kept in the browser (localStorage "souk.lessons.done": ["game/id", ...]),
//     merged with the signed-in account's (GET/PUT /api/me/lessons);
//   - a step's `highlight` ids as the CSS selectors of what to point at on the table;
//   - the final game's explanations, their {field} placeholders filled from an event.

export const PROGRESS_KEY = "souk.lessons.done";

// The little of Storage these helpers use (localStorage in the page, a map in tests).
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

// The lessons done, as "game/id"; anything unreadable is no progress.
export function doneLessons(store: KeyValue): string[] {
  try {
    const list: unknown = JSON.parse(store.getItem(PROGRESS_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function isDone(store: KeyValue, game: string, id: string): boolean {
  return doneLessons(store).includes(`${game}/${id}`);
}

export function markDone(store: KeyValue, game: string, id: string): void {
  const list = doneLessons(store);
  const key = `${game}/${id}`;
  if (list.includes(key)) return;
  list.push(key);
  try {
    store.setItem(PROGRESS_KEY, JSON.stringify(list));
  } catch {
    // A full or refused storage: the lesson is done, only not remembered.
  }
}

// Adds `lessons` (the account's, from the server) to the browser's; the list grows only.
export function mergeDone(store: KeyValue, lessons: readonly string[]): void {
  const list = doneLessons(store);
  const fresh = lessons.filter((key) => typeof key === "string" && !list.includes(key));
  if (fresh.length === 0) return;
  try {
    store.setItem(PROGRESS_KEY, JSON.stringify([...list, ...fresh]));
  } catch {
    // A full or refused storage: shown as not done here, kept on the account.
  }
}

const GOODS = ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"];
const SQUARE = /^[a-g][1-7]$/;
const ORIENTS = ["left", "straight", "right"];

// What a highlight id points at, as selectors on the game's table; an id this app does
// not know points at nothing ([]).
//   jaipur:    market:GOOD, market (all), hand:GOOD, hand, herd, deck, discard,
//              tokens:GOOD (its goods tokens' pile), tokens, bonus, bonus:3|4|5, seals
//   marrakech: assam, SQUARE or square:SQUARE (a1..g7) or square:X,Y (0-6, from the
//              top left), orient:DIR or DIR (left/straight/right), die, place, players
export function highlightSelectors(id: string): string[] {
  const [kind, arg] = id.includes(":") ? [id.slice(0, id.indexOf(":")), id.slice(id.indexOf(":") + 1)] : [id, ""];
  const good = GOODS.includes(arg) ? arg : null;
  switch (kind) {
    case "market":
      if (!arg) return ["[data-role=market] [data-good]"];
      return good ? [`[data-role=market] [data-good=${good}]`] : [];
    case "hand":
      if (!arg) return ["[data-role=hand] [data-good]"];
      return good ? [`[data-zone=hand][data-good=${good}]`] : [];
    case "herd":
      return ["[data-zone=herd]", "[data-role=herd]"];
    case "deck":
      return ["[data-role=deck]"];
    case "discard":
      return ["[data-role=discard]"];
    case "tokens":
    case "token":
      if (!arg) return ["[data-role=token-piles]"];
      return good ? [`[data-role=token-piles] [data-good=${good}]`] : [];
    case "bonus":
      if (!arg) return ["[data-role=bonus-piles]"];
      return /^[345]$/.test(arg) ? [`[data-role=bonus-piles] [data-size="${arg}"]`] : [];
    case "seals":
      return ["[data-role=seals]"];
    case "players":
      return [".mk-players"];
    case "assam":
      return [".mk-assam"];
    case "die":
      return ["[data-role=die]"];
    case "place":
      return ["button[data-action=place]"];
    case "square": {
      if (SQUARE.test(arg)) return [`[data-square=${arg}]`];
      // FACTS.md's coordinates: column x 0–6 from the left, row y 0–6 from the top (3,3: d4).
      const xy = /^([0-6]),([0-6])$/.exec(arg);
      return xy ? [`[data-square=${String.fromCharCode(97 + Number(xy[1]))}${Number(xy[2]) + 1}]`] : [];
    }
    case "orient":
      return ORIENTS.includes(arg) ? [`button[data-orient=${arg}]`] : [];
  }
  if (SQUARE.test(kind)) return [`[data-square=${kind}]`];
  if (ORIENTS.includes(kind)) return [`button[data-orient=${kind}]`];
  return [];
}

// A field's value in words: how the page names a good, a colour, a seat, a list.
export type Namer = (field: string, value: unknown, event: Record<string, unknown>) => string | null;

function valueAt(event: Record<string, unknown>, path: string): unknown {
  let v: unknown = event;
  for (const part of path.split(".")) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

// A template's {field} (or {field.sub}) placeholders filled from the event's fields,
// each named by `name` (null: the value as text; an array: its items joined by
// `join`). A placeholder the event has no field for stays as written.
export function fillTemplate(
  template: string,
  event: Record<string, unknown>,
  name: Namer,
  join: (parts: string[]) => string = (parts) => parts.join(", "),
): string {
  const text = (field: string, v: unknown): string => {
    const named = name(field, v, event);
    if (named !== null) return named;
    if (Array.isArray(v)) return join(v.map((x) => text(field, x)));
    if (typeof v === "object" && v !== null) return JSON.stringify(v);
    return String(v);
  };
  return template.replace(/\{([\w.]+)\}/g, (hole, path: string) => {
    const v = valueAt(event, path);
    return v === undefined || v === null ? hole : text(path, v);
  });
}

// The explanation of a move: the entry whose action is the event's action, filled.
export function explainEvent(
  explain: readonly { action: string; say: { readonly [lang: string]: string } | { en: string } }[] | undefined,
  event: Record<string, unknown> | null,
  lang: string,
  name: Namer,
  join?: (parts: string[]) => string,
): string | null {
  if (!explain || !event) return null;
  const entry = explain.find((e) => e.action === event["action"]);
  const say = entry?.say as { [lang: string]: string | undefined } | undefined;
  const template = say?.[lang] ?? say?.["en"];
  return template ? fillTemplate(template, event, name, join) : null;
}
