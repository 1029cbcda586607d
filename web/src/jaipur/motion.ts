// A move seen moving (issue 36): cards and tokens travel between the market, the hands,
// the herds, the deck and the token piles, as the move's event says. Each traveller is a
// copy of the piece laid over the page for a moment (the table underneath is already the
// new one); short, finished at once by a click or a key, and none under
// `prefers-reduced-motion`.
import type { JaipurEvent } from "../contract.js";

const DURATION = 420;

type Rects = Map<string, { rect: DOMRect; node: HTMLElement }>;

// Where the pieces a move can touch are, before the table is drawn anew.
export function snapshot(table: HTMLElement): Rects {
  const rects: Rects = new Map();
  const keep = (key: string, node: Element | null): void => {
    if (node instanceof HTMLElement) rects.set(key, { rect: node.getBoundingClientRect(), node });
  };
  table.querySelectorAll("[data-role=market] [data-good]").forEach((n, i) => keep(`market-${i}`, n));
  keep("deck", table.querySelector("[data-role=deck]"));
  table.querySelectorAll("[data-role=token-piles] [data-good]").forEach((n) => keep(`pile-${(n as HTMLElement).dataset.good}`, n));
  table.querySelectorAll(".jp-player").forEach((p) => {
    const seat = (p as HTMLElement).dataset.seat;
    keep(`hand-${seat}`, p.querySelector("[data-role=hand]"));
    keep(`herd-${seat}`, p.querySelector(".jp-herd"));
    keep(`tokens-${seat}`, p.querySelector("[data-role=goods-tokens]"));
  });
  return rects;
}

export const reducedMotion = (): boolean => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

// Lays a copy of `piece` (its size) over the page, centred on `from`, and moves it to
// the centre of `to`.
function travel(layer: HTMLElement, piece: HTMLElement, from: DOMRect, to: DOMRect, delay: number): Animation {
  const size = piece.getBoundingClientRect();
  const w = size.width || from.width;
  const h = size.height || from.height;
  const ghost = piece.cloneNode(true) as HTMLElement;
  ghost.classList.add("jp-ghost");
  ghost.removeAttribute("data-role");
  ghost.removeAttribute("data-zone");
  ghost.removeAttribute("data-good");
  ghost.setAttribute("aria-hidden", "true");
  const left = from.left + from.width / 2 - w / 2;
  const top = from.top + from.height / 2 - h / 2;
  Object.assign(ghost.style, { position: "fixed", left: `${left}px`, top: `${top}px`, width: `${w}px`, height: `${h}px`, margin: "0", zIndex: "40", pointerEvents: "none" });
  layer.appendChild(ghost);
  const dx = to.left + to.width / 2 - (left + w / 2);
  const dy = to.top + to.height / 2 - (top + h / 2);
  const a = ghost.animate([{ transform: "translate(0, 0)", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.9 }], {
    duration: DURATION,
    delay,
    easing: "ease-in-out",
    fill: "both",
  });
  const done = (): void => ghost.remove();
  a.finished.then(done, done);
  return a;
}

// The move `e` seen moving, from the pieces' places `before` to the table drawn now.
// Returns the animations (none under reduced motion or when nothing is known to move).
export function animateMove(table: HTMLElement, before: Rects, e: JaipurEvent | null): Animation[] {
  if (!e || e.chance || reducedMotion()) return [];
  const now = snapshot(table);
  const layer = document.body;
  const out: Animation[] = [];
  // `piece`: what travels (by default the piece at `fromKey`, as it was).
  const go = (fromKey: string, toKey: string, delay = 0, piece?: HTMLElement | null): void => {
    const from = before.get(fromKey);
    const to = now.get(toKey);
    if (from && to) out.push(travel(layer, piece ?? from.node, from.rect, to.rect, delay));
  };
  const newCard = (i: number): HTMLElement | null => now.get(`market-${i}`)?.node ?? null;
  const marketIndex = (good: string, skip: Set<number>): number => {
    for (const [key, v] of before) {
      if (!key.startsWith("market-")) continue;
      const i = Number(key.slice(7));
      if (!skip.has(i) && v.node.dataset.good === good) return i;
    }
    return -1;
  };
  const seat = e.seat;
  if (e.action === "take") {
    const i = marketIndex(e.good, new Set());
    if (i >= 0) go(`market-${i}`, `hand-${seat}`);
    go("deck", `market-${i >= 0 ? i : 0}`, 200);
  } else if (e.action === "camels") {
    const used = new Set<number>();
    for (let k = 0; k < e.count; k++) {
      const i = marketIndex("camel", used);
      if (i < 0) break;
      used.add(i);
      go(`market-${i}`, `herd-${seat}`, k * 60);
      go("deck", `market-${i}`, 250 + k * 60);
    }
  } else if (e.action === "exchange") {
    const used = new Set<number>();
    e.taken.forEach((g, k) => {
      const i = marketIndex(g, used);
      if (i < 0) return;
      used.add(i);
      go(`market-${i}`, `hand-${seat}`, k * 60);
      go(e.given[k] === "camel" ? `herd-${seat}` : `hand-${seat}`, `market-${i}`, 200 + k * 60, newCard(i));
    });
  } else if (e.action === "sell") {
    const coin = before.get(`pile-${e.good}`)?.node.querySelector<HTMLElement>(".jp-coin");
    e.tokens.forEach((_, k) => go(`pile-${e.good}`, `tokens-${seat}`, k * 80, coin));
  }
  return out;
}

// Finishes every traveller at once (a click or a key skips the animation).
export function finishAll(list: Animation[]): void {
  for (const a of list) a.finish();
}
