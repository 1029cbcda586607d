// The Jaipur table: the opponent's side, the board (board.ts), this seat's side
// (player.ts) and, on this seat's turn, the move composer (composer.ts). The screen only
// renders the view and builds a move's canonical text from the cards selected
// (compose.ts); the engine alone decides legality (msg.legal) and tells what a move
// yields (ctx.preview). The app shell (shell/) draws the header, the move log, the hint
// button and the end-of-game summary around it.
import type { Card, GameContext, GameScreen, JaipurState, JaipurView, RoundEnd, StateMessage } from "../contract.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";
import type { Drawing } from "./art.js";
import { boardEl } from "./board.js";
import { compose, emptySelection, hintedCards, nextHerd, toggleHand, toggleMarket, type Selection } from "./compose.js";
import { Composer, markSelection } from "./composer.js";
import { highlights, noHighlights, type Highlights } from "./highlights.js";
import { animateMove, finishAll, snapshot } from "./motion.js";
import { playerEl } from "./player.js";

export function createJaipurScreen(root: HTMLElement, ctx: GameContext): GameScreen {
  const lang = ctx.lang;
  let msg: JaipurState | null = null;
  let sel: Selection = emptySelection();
  let destroyed = false;
  // A round just ended: its last table, shown before the next round's deal. In play the
  // deal waits for the player ("Deal round 2"), the states meanwhile kept in `dealt`; a
  // replay (no story) shows it as its own step.
  let roundEnd: { round: number; view: JaipurView; end: RoundEnd } | null = null;
  let dealt: JaipurState | null = null;
  // The pieces travelling now (motion.ts): a click or a key finishes them.
  let moving: Animation[] = [];
  // While a round's end waits for the next deal, the table has not settled: the header
  // says whose turn it is once the player has dealt.
  let dealing: Promise<void> = Promise.resolve();
  let deal = (): void => undefined;
  const hold = (): void => {
    dealing = new Promise((resolve) => (deal = resolve));
  };
  const skip = (): void => finishAll(moving);
  document.addEventListener("pointerdown", skip, true);
  document.addEventListener("keydown", skip, true);
  const composer = new Composer(lang, (move) => ctx.preview(move));

  const table = el("div", { class: "jaipur jp-table" });
  root.append(table);

  const myHand = (): Card[] => (msg && msg.seat !== null ? (msg.view.players[msg.seat]?.hand ?? []) : []);
  const myHerd = (): number => (msg ? (msg.view.players[msg.seat ?? 0]?.herd ?? 0) : 0);
  const composing = (): boolean => !roundEnd && !!msg && msg.seat !== null && msg.legal.length > 0 && !msg.over;

  // The selection's marks, and what it makes in the composer.
  function refreshComposer(): void {
    if (!msg) return;
    markSelection(table, lang, sel, myHerd());
    composer.show(compose(lang, msg.view, myHand(), sel), msg.legal);
  }

  function onClick(e: MouseEvent): void {
    const dealButton = e.target instanceof Element ? e.target.closest("button[data-action=next-round]") : null;
    if (dealButton && roundEnd) {
      deal();
      roundEnd = null;
      if (dealt) msg = dealt;
      dealt = null;
      sel = emptySelection();
      render(noHighlights());
      table.querySelector<HTMLElement>("button")?.focus({ preventScroll: true });
      return;
    }
    if (!msg || !composing()) return;
    const target = e.target instanceof Element ? e.target.closest("button") : null;
    if (!target || !table.contains(target)) return;
    const action = target.dataset.action;
    if (action === "confirm") {
      const move = target.dataset.move;
      if (move && msg.legal.includes(move) && !target.hasAttribute("disabled")) {
        sel = emptySelection();
        composer.forget();
        ctx.sendMove(move);
        refreshComposer();
      }
      return;
    }
    if (action === "clear") {
      sel = emptySelection();
      refreshComposer();
      return;
    }
    const zone = target.dataset.zone;
    if (zone === "market") toggleMarket(sel, msg.view.market, Number(target.dataset.index));
    else if (zone === "hand") toggleHand(sel, Number(target.dataset.index));
    else if (zone === "herd") nextHerd(sel, myHerd());
    else return;
    refreshComposer();
  }
  table.addEventListener("click", onClick);

  function render(hl: Highlights): void {
    if (!msg) return;
    const view = roundEnd ? roundEnd.view : msg.view;
    // The scored round's rupees on the panels: the round just ended, or the game's last
    // (none when a seat ran out of time: the round it cut short was never scored).
    const result = roundEnd ? roundEnd.end : view.status === "game_over" && view.timed_out === undefined ? view.last_round : null;
    const active = document.activeElement;
    const focusKey = active instanceof HTMLElement && table.contains(active) ? active.dataset.key : undefined;

    const d: Drawing = {
      lang,
      view,
      seatName: ctx.seatName,
      composing: composing(),
      hl,
      hint: composing() ? hintedCards(ctx.hinted, view, myHand()) : emptySelection(),
      result,
    };
    const seat = msg.seat;
    const parts: HTMLElement[] = [];
    if (seat === null || !view.players[seat]) {
      // A spectator: both players face down, seat 1 on top.
      const top = view.players.length > 1 ? 1 : 0;
      parts.push(playerEl(d, top, false), boardEl(d));
      for (let p = 0; p < view.players.length; p++) if (p !== top) parts.push(playerEl(d, p, false));
    } else {
      for (let p = 0; p < view.players.length; p++) if (p !== seat) parts.push(playerEl(d, p, false));
      parts.push(boardEl(d), playerEl(d, seat, true));
    }
    if (roundEnd) {
      // The round's end, on its own table: what it was, and the next deal on request.
      const live = !!ctx.story;
      // Below the table, where the composer was: the table itself does not move.
      parts.push(
        el(
          "div",
          { class: "jp-round-over", "data-role": "round-over", role: "status" },
          el("strong", {}, t(lang, "jp.roundOver", { n: roundEnd.round })),
          live ? el("button", { type: "button", class: "primary", "data-action": "next-round" }, t(lang, "jp.roundOver.deal", { n: roundEnd.round + 1 })) : null,
        ),
      );
    }
    const panel = composer.build(composing());
    if (panel) parts.push(panel);
    table.classList.toggle("jp-composing", composing());
    table.classList.toggle("jp-spectator", seat === null);
    table.replaceChildren(...parts);
    refreshComposer();

    // The table is drawn anew: the focus goes back to the same card or button.
    if (focusKey) {
      const again = table.querySelector<HTMLElement>(`[data-key="${focusKey}"]`);
      if (again && again instanceof HTMLButtonElement) again.focus({ preventScroll: true });
    }
  }

  return {
    update(next: StateMessage, animate: boolean): void {
      if (destroyed || next.game !== "jaipur") return;
      if (roundEnd && dealt && !next.over && ctx.story) {
        dealt = next; // the next round goes on meanwhile: drawn once the player asks
        return;
      }
      const end = next.event?.round_end;
      if (roundEnd) deal();
      roundEnd = null;
      dealt = null;
      // A round ended without ending the game: its last table first (the event's), the
      // next round's deal after. Nobody is to move on a finished round's table.
      if (end && !next.over && (animate || !ctx.story)) {
        roundEnd = { round: end.view.round, view: { ...end.view, to_move: null }, end };
        if (ctx.story) hold();
        dealt = next;
        msg = next;
        sel = emptySelection();
        render(noHighlights());
        return;
      }
      // The seat shown before this state: its own move is not pointed at.
      const hl = highlights(msg?.view ?? null, next.view, next.event, animate, msg?.seat ?? null);
      if (msg?.move_count !== next.move_count || next.legal.length === 0) sel = emptySelection();
      const moved = animate && msg !== null && msg.move_count !== next.move_count && msg.view.round === next.view.round;
      const places = moved ? snapshot(table) : null;
      msg = next;
      render(hl);
      finishAll(moving);
      moving = places ? animateMove(table, places, next.event) : [];
    },
    heldStatus(): string | null {
      return roundEnd && dealt ? t(lang, "jp.roundOver", { n: roundEnd.round }) : null;
    },
    settled(): Promise<void> {
      // The pieces still travelling (highlights are CSS transitions: not waited for).
      return Promise.all([dealing, ...moving.map((a) => a.finished.catch(() => undefined))]).then(() => undefined);
    },
    destroy(): void {
      destroyed = true;
      finishAll(moving);
      deal();
      document.removeEventListener("pointerdown", skip, true);
      document.removeEventListener("keydown", skip, true);
      composer.forget();
      table.removeEventListener("click", onClick);
      table.remove();
    },
  };
}
