// The review page, #/review/ID (issue 39): a progress bar while the server computes the
// review, then each player's accuracy, skill and luck, the win-chance graph with the
// flagged moves marked, the move list with flags and better moves, and the selected
// move's board from its mover's side. A click on a row or a marker selects a move; the
// arrow keys step through them, Home and End go to the first and the last.
import type { Lang, Replay } from "../contract.js";
import { api, ApiError, seats } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { webGame } from "../games.js";
import { errorText } from "../account/format.js";
import { deadEnd } from "../shell/deadend.js";
import { listOf } from "../shell/seats.js";
import { seatNameFor } from "../shell/status.js";
import { fetchReview, pollReview, SEVERITIES, type GameReview, type ReviewProgress } from "./api.js";
import { reviewBoard } from "./board.js";
import { reviewGraph, seatColour } from "./graph.js";
import { boardRequest, firstFocus, flagText, moveRows, percentText, type MoveRow } from "./moves.js";
import { BoardReplays, boardState } from "./replays.js";
import { reviewSummary } from "./summary.js";

export function mountReview(root: HTMLElement, gameId: string, lang: Lang): () => void {
  const held = seats.of(gameId);
  // "You" is the seat this browser played (one only: a hot-seat game held them all).
  const mine: number | null = held.length === 1 ? held[0]!.seat : null;
  const replays = new BoardReplays((seat) => api.replay(gameId, seat));
  let review: GameReview | null = null;
  let first: Replay | null = null; // the replay that gives the names and the colours
  let rows: MoveRow[] = [];
  let selected = 0;
  let unmounted = false;

  const seatName = (seat: number): string =>
    first ? seatNameFor({ seats: first.seats.map((s) => ({ ...s, joined: true })) }, seat, mine, lang) : t(lang, "game.seat", { n: seat + 1 });
  const colourOf = (seat: number): string => {
    const game = first ? webGame(first.game) : undefined;
    const hue = first && game ? game.seatHue(boardState(gameId, first, 0, null).msg, seat) : undefined;
    return seatColour(seat, hue);
  };

  document.title = `${t(lang, "review.title")} · Souk`;
  const title = el("h1", { class: "game-title" }, t(lang, "review.title"));
  const playersLine = el("p", { class: "replay-players", "data-role": "review-players" });
  const replayLink = el("a", { class: "button", href: `#/replay/${encodeURIComponent(gameId)}`, "data-action": "replay" }, t(lang, "game.replay"));
  const progressText = el("p", { "data-role": "review-progress-text", "aria-live": "polite" }, t(lang, "review.computing.start"));
  const progressBar = el("progress", { max: 1, value: 0, "aria-label": t(lang, "review.title") });
  const progressBox = el("div", { class: "review-progress card-panel", "data-role": "review-progress" }, progressText, progressBar);
  const graphBox = el("div", { class: "review-chart" });
  const moveList = el("ol", { class: "review-moves", "data-role": "review-moves", "aria-label": t(lang, "review.moves") });
  const board = reviewBoard(lang, gameId, replays, seatName);
  const content = el("div", { class: "review-content", hidden: true });
  const page = el(
    "div",
    { class: "review-page", "data-role": "review" },
    el("header", { class: "game-head" }, title, playersLine, replayLink),
    progressBox,
    content,
  );
  root.append(page);

  function showProgress(p: ReviewProgress): void {
    progressBar.value = p.fraction;
    progressBar.setAttribute("data-done", String(p.done));
    progressBar.setAttribute("data-total", String(p.total));
    progressText.textContent = p.total > 0 ? t(lang, "review.computing", { done: p.done, total: p.total }) : t(lang, "review.computing.start");
  }

  function rowEl(row: MoveRow): HTMLElement {
    const who = row.seat === null ? t(lang, "review.chance") : seatName(row.seat);
    const button = el(
      "button",
      { type: "button", class: `review-move${row.flag ? ` flag-${row.flag}` : ""}${row.seat === null ? " chance" : ""}`, "data-action": "review-move", "data-ply": row.ply, "data-flag": row.flag || null, "data-seat": row.seat },
      el("span", { class: "review-num" }, `${row.ply + 1}.`),
      el(
        "span",
        { class: "review-body" },
        el("span", { class: "review-who" }, who),
        " ",
        el("span", { class: "review-played" }, row.move),
        row.flag ? el("span", { class: `review-flag flag-${row.flag}`, title: t(lang, "review.loss", { n: percentText(lang, row.loss) }) }, flagText(lang, row.flag)) : null,
        row.best !== null ? el("span", { class: "review-better-inline", "data-role": "review-better-inline" }, t(lang, "review.better", { move: row.best })) : null,
      ),
    );
    button.addEventListener("click", () => select(row.ply));
    return el("li", {}, button);
  }

  function drawGraph(): void {
    clear(graphBox);
    const width = Math.round(Math.max(320, Math.min(760, graphBox.clientWidth || 640)));
    if (review) graphBox.append(reviewGraph(review, { lang, width, selected, colourOf, seatName, select }));
  }

  function select(ply: number): void {
    if (!rows.length) return;
    selected = Math.max(0, Math.min(ply, rows.length - 1));
    moveList.querySelectorAll("[aria-current]").forEach((b) => b.removeAttribute("aria-current"));
    const current = moveList.querySelector<HTMLElement>(`[data-ply="${selected}"]`);
    current?.setAttribute("aria-current", "true");
    // A keyboard's focus in the list follows the selection.
    if (current && moveList.contains(document.activeElement)) current.focus({ preventScroll: true });
    // The list scrolls to the row, the page stays where it is (the board is below it on a phone).
    if (current) {
      const row = current.parentElement ?? current;
      if (row.offsetTop < moveList.scrollTop || row.offsetTop + row.offsetHeight > moveList.scrollTop + moveList.clientHeight)
        moveList.scrollTop = row.offsetTop - moveList.clientHeight / 3;
    }
    drawGraph();
    const { seat } = boardRequest(rows, selected);
    board.show(rows[selected]!, seat);
  }

  function render(): void {
    if (!review || !first || unmounted) return;
    progressBox.hidden = true;
    rows = moveRows(review);
    clear(moveList);
    moveList.append(...rows.map(rowEl));
    const legend = el(
      "p",
      { class: "review-legend" },
      ...review.players.map((p) => el("span", {}, el("span", { class: "review-swatch", style: `background: ${colourOf(p.seat)}`, "aria-hidden": "true" }), seatName(p.seat))),
      ...SEVERITIES.map((flag) => el("span", {}, el("span", { class: `review-dot flag-${flag}`, "aria-hidden": "true" }), flagText(lang, flag))),
    );
    clear(content);
    content.append(
      reviewSummary(lang, review, seatName, colourOf),
      el(
        "div",
        { class: "review-main" },
        el("div", { class: "review-graph-box" }, graphBox, legend, el("p", { class: "muted review-about-graph" }, t(lang, "review.about.graph"))),
        el("div", { class: "review-list-box" }, el("h2", {}, t(lang, "review.moves")), moveList, el("p", { class: "muted review-keys" }, t(lang, "review.keys"))),
        board.element,
      ),
    );
    content.hidden = false;
    select(firstFocus(rows, mine));
  }

  // The page's one dead end: the replay and the review may both be refused, the first says it.
  let failed = false;
  function fail(err: unknown): void {
    if (unmounted || failed) return;
    failed = true;
    stopPolling();
    const code = err instanceof ApiError ? err.code : null;
    clear(page);
    if (code === "game_not_over")
      page.appendChild(deadEnd(lang, t(lang, "review.unfinished"), "", [{ href: held.length ? `#/game/${gameId}` : `#/watch/${gameId}`, label: held.length ? t(lang, "dead.play") : t(lang, "dead.watch") }]));
    else if (code === "game_abandoned") page.appendChild(deadEnd(lang, t(lang, "review.abandoned")));
    else if (code === "not_found") page.appendChild(deadEnd(lang, t(lang, "dead.nogame")));
    else page.appendChild(deadEnd(lang, errorText(lang, err)));
  }

  replays.of(mine ?? 0).then((r) => {
    if (unmounted) return;
    if (!webGame(r.game)) {
      failed = true;
      stopPolling();
      clear(page);
      page.appendChild(deadEnd(lang, t(lang, "game.unplayable", { game: r.game })));
      return;
    }
    first = r;
    title.textContent = `${t(lang, "review.title")} · ${t(lang, `game.${r.game}`)}`;
    document.title = `${title.textContent} · Souk`;
    playersLine.textContent = t(lang, "replay.players", { names: listOf(lang, r.seats.map((_, s) => seatName(s))) });
    render();
  }, fail);

  const stopPolling = pollReview({
    fetch: () => fetchReview(gameId),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    progress: (p) => unmounted || showProgress(p),
    ready: (r) => {
      review = r;
      render();
    },
    failed: fail,
  });

  const onKey = (e: KeyboardEvent): void => {
    if (!review || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowRight") select(selected + 1);
    else if (e.key === "ArrowLeft") select(selected - 1);
    else if (e.key === "Home") select(0);
    else if (e.key === "End") select(rows.length - 1);
    else return;
    e.preventDefault(); // the arrows and Home/End would scroll the page
  };
  document.addEventListener("keydown", onKey);
  // The graph is drawn at its width on the page: a phone turned, a window resized, drawn again.
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  const onResize = (): void => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => review && !unmounted && drawGraph(), 150);
  };
  window.addEventListener("resize", onResize);

  return () => {
    unmounted = true;
    stopPolling();
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("resize", onResize);
    clearTimeout(resizeTimer);
    board.destroy();
  };
}
