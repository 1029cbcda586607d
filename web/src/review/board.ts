// The review's board panel: the selected move's position from its mover's side (the
// replay seen from that seat), what was played, and the better move in words and marked
// on the table. The table is the game's own screen (games.ts), made inert: one looks.
import type { GameContext, GameEvent, GameScreen, Lang, Replay } from "../contract.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { createScreen } from "../shell/screens.js";
import { BoardReplays, boardState } from "./replays.js";
import { flagText, percentText, pointsText, type MoveRow } from "./moves.js";

export interface ReviewBoard {
  element: HTMLElement;
  show(row: MoveRow, seat: number): void;
  destroy(): void;
}

export function reviewBoard(lang: Lang, gameId: string, replays: BoardReplays, seatName: (seat: number) => string): ReviewBoard {
  const heading = el("p", { class: "review-board-move", "data-role": "review-board-move", "aria-live": "polite" });
  const better = el("p", { class: "review-better", "data-role": "review-better", hidden: true });
  const note = el("p", { class: "muted", "data-role": "review-board-note" });
  const luck = el("p", { class: "muted", "data-role": "review-board-luck", hidden: true });
  const table = el("div", { class: "table review-table", "data-role": "table", inert: true });
  const element = el("section", { class: "review-board", "data-role": "review-board" }, heading, better, note, luck, table);
  let screen: GameScreen | null = null;
  let screenSeat: number | null = null;
  let story: GameEvent[] = [];
  let asked = 0; // the latest selection: an older replay arriving late is not drawn
  let destroyed = false;

  const ctx: GameContext = {
    lang,
    seat: null,
    you: () => null,
    seatName,
    sendMove: () => {},
    preview: () => Promise.resolve({ legal: false }),
    hinted: null,
    story: () => story,
  };

  function describeRow(row: MoveRow, seat: number): void {
    const n = row.ply + 1;
    heading.textContent =
      row.seat === null
        ? t(lang, "review.board.chance", { n, move: row.move })
        : t(lang, "review.board.decision", { n, name: seatName(seat), move: row.move });
    if (row.flag) heading.append(" ", el("span", { class: `review-flag flag-${row.flag}` }, flagText(lang, row.flag)));
    better.hidden = row.best === null;
    if (row.best !== null) {
      better.textContent = t(lang, "review.board.best", { move: row.best });
      if (row.line.length) better.append(el("span", { class: "muted" }, ` ${t(lang, "review.line", { moves: row.line.join(", ") })}`));
    }
    note.textContent =
      row.seat === null ? "" : row.best !== null ? t(lang, "review.loss", { n: percentText(lang, row.loss) }) : row.forced ? t(lang, "review.forced") : t(lang, "review.board.good");
    luck.hidden = row.swing === null;
    if (row.swing) luck.textContent = t(lang, "review.board.luck", { swings: row.swing.map((v, s) => `${seatName(s)} ${pointsText(lang, v)}`).join(", ") });
  }

  function draw(replay: Replay, row: MoveRow, seat: number): void {
    const state = boardState(gameId, replay, row.ply, row.best);
    story = state.story;
    ctx.seat = replay.seat;
    ctx.hinted = row.best;
    // A screen draws one seat's side: another mover's, a new table.
    if (screenSeat !== seat) {
      screen?.destroy();
      screen = null;
      clear(table);
      screenSeat = seat;
    }
    screen ??= createScreen(replay.game, table, ctx);
    screen?.update(state.msg, false);
  }

  return {
    element,
    show(row: MoveRow, seat: number): void {
      const ticket = ++asked;
      describeRow(row, seat);
      element.setAttribute("data-ply", String(row.ply));
      element.setAttribute("data-seat", String(seat));
      element.setAttribute("aria-busy", "true");
      replays.of(seat).then(
        (replay) => {
          if (destroyed || ticket !== asked) return;
          draw(replay, row, seat);
          element.setAttribute("aria-busy", "false");
        },
        (err: unknown) => {
          if (destroyed || ticket !== asked) return;
          element.setAttribute("aria-busy", "false");
          note.textContent = t(lang, "review.board.failed", { error: err instanceof Error ? err.message : String(err) });
        },
      );
    },
    destroy(): void {
      destroyed = true;
      screen?.destroy();
    },
  };
}
