// The Marrakech game screen: the board (board.ts) beside the panel (panel.ts), and the
// moves of the seat to move: orienting Assam (three buttons) and placing a carpet (two
// squares picked on the board, then confirmed; moves.ts). Every rule stays in the
// engine: the screen offers exactly the moves of `msg.legal`. Rolls are animated (the
// die, then Assam's walk along `event.path`, then the tribute) through a queue that never
// falls more than about 2.5 s behind the server.
import type { AssamPosition, GameContext, GameScreen, MarrakechEvent, MarrakechState, StateMessage } from "../contract.js";
import { el } from "../dom.js";
import { ruleOf } from "../errors.js";
import { rollLines } from "../i18n/words.js";
import { lastOf } from "../shell/story.js";
import { StateQueue, Timeline } from "./animation.js";
import { Board } from "./board.js";
import { cx, cy, squareXY } from "./geometry.js";
import { CarpetPicker, legalMoves, type Orientation } from "./moves.js";
import { Panel } from "./panel.js";
import { ANGLE, TURN, ease, facingOf, stepPath, turnAngles } from "./path.js";

type RollEvent = Extract<MarrakechEvent, { action: "roll" }>;

// Each screen's SVG pattern ids are its own.
let screens = 0;

export function createMarrakechScreen(root: HTMLElement, ctx: GameContext): GameScreen {
  const lang = ctx.lang;
  const uid = `mk${++screens}`;
  // Asked each time: a player may change the setting during a game.
  const motionQuery = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  const reducedMotion = (): boolean => motionQuery?.matches ?? false;

  const board = new Board(lang, uid, { activate, hover: setHover, escape: clearPick });
  const you = (): number | null => (ctx.you ? ctx.you() : ctx.seat);
  const panel = new Panel(lang, uid, (seat) => ctx.seatName(seat), you);
  const screen = el("div", { class: "mk-screen" }, el("div", { class: "mk-board-wrap" }, board.element), panel.element);
  root.appendChild(screen);

  // ----- state -----
  let msg: MarrakechState | null = null;
  let picker = new CarpetPicker([]);
  let orients: Orientation[] = [];
  let hover: string | null = null; // the square pointed at
  let orientHover: Orientation | null = null; // the orientation button pointed at
  let why = ""; // the engine's reason a clicked pair is not legal
  let sent = false; // this seat's move is on its way
  let locked = false; // an animation runs: no moves yet
  let shown: AssamPosition = { x: 3, y: 3, facing: "N" }; // where Assam is drawn
  let lastRoll: number | null = null;
  let destroyed = false;
  const timeline = new Timeline();
  const queue = new StateQueue<MarrakechState>({
    play,
    draw: (m) => {
      setLocked(false);
      renderNow(m, false);
    },
    busy: markBusy,
    reducedMotion,
  });

  // aria-busy tells assistive technology (and the browser tests) that the screen is
  // still catching up with the game: clicks wait for it.
  function markBusy(): void {
    screen.setAttribute("aria-busy", locked || queue.busy ? "true" : "false");
  }
  const setLocked = (v: boolean): void => {
    locked = v;
    markBusy();
  };
  const interactive = (): boolean => !!msg && msg.legal.length > 0 && !sent && !locked;
  const placing = (): boolean => interactive() && msg?.view.phase === "place" && picker.placements.length > 0;

  function setShown(p: AssamPosition): void {
    shown = { x: p.x, y: p.y, facing: facingOf(p.facing) };
    board.placeAssam(cx(p.x), cy(p.y), ANGLE[shown.facing]);
  }
  // After a reload or a reconnect no roll was seen here: the game's story has the last.
  const showDie = (): void => panel.showDie(lastRoll ?? lastOf(ctx.story?.() ?? [], "roll")?.roll ?? null, !!msg && msg.move_count > 0);

  board.placeAssam(cx(shown.x), cy(shown.y), ANGLE.N);
  showDie();

  // ----- what the seat to move does -----
  function showControls(): void {
    if (!msg) return;
    const phase = msg.view.phase;
    panel.showControls(
      msg,
      interactive()
        ? {
            orients: phase === "orient" ? orients : [],
            placing: phase === "place" && picker.placements.length > 0,
            hinted: ctx.hinted,
            send,
            pointOrient: setOrientHover,
            place: () => {
              const p = picker.chosen();
              if (p) send(p.move);
            },
            clear: clearPick,
          }
        : null,
    );
  }

  // The squares' marks, the carpets shown faintly, the orientation arrow, Place and Clear.
  function showPicking(): void {
    if (destroyed) return;
    const active = placing();
    const partners = picker.partners();
    const { first, second } = picker;
    board.markSquares(
      (name) => ({
        active,
        legal: picker.squares.has(name),
        start: !first,
        partner: !!first && partners.has(name) && name !== second,
        selected: name === first || name === second,
      }),
      (name) => {
        const [x, y] = squareXY(name);
        return Board.label(lang, name, msg?.view.board[y]?.[x], shown.x === x && shown.y === y);
      },
    );
    // The carpet sent stays drawn until the next state; the rest while placing only.
    const pending = sent ? picker.chosen() : null;
    const ghosts = [
      ...(pending ? [{ placement: pending, kind: "chosen" }] : []),
      ...(active ? picker.ghosts(hover, ctx.hinted) : []),
    ].map((g) => ({ placement: g.placement, cls: `mk-ghost-${g.kind}` }));
    const view = msg?.view;
    board.showGhosts(ghosts, view?.current_carpet ?? view?.players[view?.to_move ?? 0]?.colors[0] ?? 0);
    // The arrow: the orientation pointed at, else the hinted one.
    const hinted = ctx.hinted && (orients as string[]).includes(ctx.hinted) ? ctx.hinted : null;
    const o = interactive() && view?.phase === "orient" ? (orientHover ?? hinted) : null;
    board.showArrow(o !== null && TURN[o] !== undefined ? { x: shown.x, y: shown.y, angle: ANGLE[shown.facing] + TURN[o], hinted: orientHover === null } : null);
    panel.showPlacing(!!picker.chosen(), !!first, why);
  }

  function clearPick(): void {
    picker.clear();
    why = "";
    showPicking();
  }

  function setHover(name: string | null, leaving?: string): void {
    if (name === null && leaving !== undefined && hover !== leaving) return;
    if (hover === name) return;
    hover = name;
    if (placing()) showPicking();
  }

  function setOrientHover(o: Orientation | null): void {
    orientHover = o;
    showPicking();
  }

  function activate(name: string): void {
    if (!placing()) return;
    why = "";
    const ask = picker.pick(name);
    if (ask) {
      // Not a legal pair but a carpet's shape: the engine says why.
      const asked = msg;
      ctx.preview(ask).then(
        (r) => {
          if (destroyed || msg !== asked || r.legal || !r.error) return;
          why = ruleOf(r.error); // the rule alone, without the engine's "illegal move '…':"
          showPicking();
        },
        () => undefined,
      );
    }
    showPicking();
  }

  function send(move: string): void {
    if (!interactive() || !msg?.legal.includes(move)) return;
    sent = true;
    orientHover = null;
    ctx.sendMove(move);
    showControls();
    showPicking();
  }

  // ----- drawing states -----
  function apply(m: MarrakechState): void {
    msg = m;
    const moves = legalMoves(m.legal);
    picker = new CarpetPicker(moves.placements);
    orients = moves.orients;
    hover = null;
    orientHover = null;
    why = "";
    sent = false;
  }

  function refresh(): void {
    if (!msg) return;
    panel.showStatus(msg, msg.legal.length > 0);
    panel.showPlayers(msg);
    showControls();
    showPicking();
    panel.refreshCaption();
  }

  function showRoll(ev: RollEvent): void {
    panel.showNotice(rollLines(ev, ctx.seatName, lang, you()));
    board.showTribute(ev.tribute && ev.tribute.amount > 0 ? ev.tribute.squares : []);
  }

  // The carpet an event's squares now show (the one just placed covers both).
  function eventCarpet(m: MarrakechState, squares: readonly [string, string]): number {
    const [x, y] = squareXY(squares[0]);
    return m.view.board[y]?.[x]?.carpet ?? -1;
  }

  function renderNow(m: MarrakechState, animate: boolean): void {
    apply(m);
    setLocked(false);
    board.drawCarpets(m.view.board);
    if (m.view.assam) setShown(m.view.assam);
    const ev = m.event;
    if (ev?.action === "roll") {
      lastRoll = ev.roll;
      showRoll(ev);
    }
    if (ev?.action === "place" && animate) {
      // Draws attention to the carpet just placed.
      board.flashCarpet(eventCarpet(m, ev.squares));
    }
    showDie();
    refresh();
  }

  async function animateRoll(m: MarrakechState, ev: RollEvent, fast: boolean): Promise<void> {
    const from: AssamPosition = { ...shown };
    apply(m);
    setLocked(true);
    board.drawCarpets(m.view.board);
    board.quiet();
    panel.showRolling(ev.seat);
    lastRoll = ev.roll;
    showDie();
    panel.shakeDie(true);
    panel.showNotice([]);
    await timeline.wait(fast ? 200 : 420);
    const final: AssamPosition = m.view.assam ?? ev.assam ?? from;
    const stepMs = fast ? 150 : 300;
    if (ev.path && ev.path.length > 0) {
      let prev = from;
      for (const step of ev.path) {
        if (destroyed) return;
        const along = stepPath(prev, step);
        await timeline.tween(stepMs, (t) => {
          const p = along(ease(t));
          board.placeAssam(p.x, p.y, p.angle);
        });
        setShown(step);
        prev = step;
      }
    } else if (from.x !== final.x || from.y !== final.y) {
      // No path (an older server): glide there.
      const [x0, y0] = [cx(from.x), cy(from.y)];
      const a = ANGLE[facingOf(from.facing)];
      await timeline.tween(stepMs * 1.5, (t) => {
        const k = ease(t);
        board.placeAssam(x0 + (cx(final.x) - x0) * k, y0 + (cy(final.y) - y0) * k, a);
      });
    }
    setShown(final);
    panel.shakeDie(false);
    showRoll(ev);
    // The dirhams travel before the purses change.
    if (ev.tribute && ev.tribute.amount > 0) await panel.payTribute(ev.tribute, (ms, fn) => timeline.tween(ms, fn), fast ? 250 : 600);
    if (destroyed) return;
    setLocked(false);
    refresh();
    if (ev.tribute && ev.tribute.amount > 0) await timeline.wait(fast ? 300 : 700);
  }

  async function animateOrient(m: MarrakechState): Promise<void> {
    const from: AssamPosition = { ...shown };
    apply(m);
    board.drawCarpets(m.view.board);
    const to = m.view.assam ?? from;
    const [a0, a1] = turnAngles(facingOf(from.facing), facingOf(to.facing));
    setLocked(true);
    refresh();
    if (a1 !== a0 && from.x === to.x && from.y === to.y) {
      await timeline.tween(260, (t) => board.placeAssam(cx(to.x), cy(to.y), a0 + (a1 - a0) * ease(t)));
    }
    setShown(to);
    setLocked(false);
    refresh();
  }

  async function play(m: MarrakechState, animate: boolean, fast: boolean): Promise<void> {
    const ev = m.event;
    if (!animate || !ev) return renderNow(m, false);
    if (ev.action === "roll") return animateRoll(m, ev, fast);
    if (ev.action === "orient") return animateOrient(m);
    renderNow(m, true);
    if (ev.action === "place") await timeline.tween(fast ? 160 : 320, (t) => board.layCarpet(eventCarpet(m, ev.squares), ev.squares, t));
  }

  return {
    update(m: StateMessage, animate: boolean): void {
      if (destroyed || m.game !== "marrakech") return;
      if (!animate) {
        // Jump: drop what was waiting and draw this state now.
        queue.clear();
        // A jump (a replay's slider, a reconnect): what an earlier roll showed no longer
        // holds. The same state drawn again (a hint to show) keeps it.
        if (m.move_count !== msg?.move_count) {
          lastRoll = null;
          panel.showNotice([]);
          board.showTribute([]);
        }
        if (!queue.busy) {
          renderNow(m, false);
          return;
        }
      }
      queue.push(m, animate);
    },
    settled: () => queue.settled(),
    destroy(): void {
      destroyed = true;
      queue.stop();
      timeline.stop();
      screen.remove();
    },
  };
}
