// The replay viewer: a finished game step by step, seen by a spectator or from a seat's
// side (its hand), with the players' names. Buttons, a slider, the arrow keys, and Home
// and End for the first and the last move. The server refuses the replay of a game
// still being played, whoever asks: the page then says so, and offers to watch it.
import type { GameContext, GameEvent, GameScreen, Lang, Replay, StateMessage } from "../contract.js";
import { api, ApiError, seats } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { webGame } from "../games.js";
import { describe } from "../i18n/words.js";
import { deadEnd } from "./deadend.js";
import { createScreen } from "./screens.js";
import { listOf } from "./seats.js";
import { seatNameFor } from "./status.js";
import { withReveal } from "./story.js";
import { profileLinks } from "../account/game-list.js";

export function mountReplay(root: HTMLElement, gameId: string, lang: Lang): () => void {
  let replay: Replay | null = null;
  let index = 0;
  let screen: GameScreen | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  // The seat this browser played (one seat only: a hot-seat game held them all), first seen from.
  const held = seats.of(gameId);
  const mine: number | null = held.length === 1 ? held[0]!.seat : null;
  let side: number | null = mine;

  const title = el("h1", { class: "game-title" }, t(lang, "replay.title"));
  const stepLine = el("p", { class: "status", "data-role": "replay-step", "aria-live": "polite" });
  const playersLine = el("p", { class: "replay-players", "data-role": "replay-players" });
  const sideChoice = el("select", { "data-role": "replay-side", "aria-label": t(lang, "replay.side") });
  const sideBox = el("label", { class: "replay-side", hidden: true }, el("span", {}, `${t(lang, "replay.side")} `), sideChoice);
  const eventLine = el("p", { class: "replay-event", "data-role": "replay-event" });
  const table = el("div", { class: "table", "data-role": "table" });
  const button = (action: string, label: string, onclick: () => void) =>
    el("button", { "data-action": action, onclick }, label);
  const playButton = button("play", t(lang, "replay.play"), () => togglePlay());
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": t(lang, "replay.title"), "data-role": "replay-slider" });
  slider.addEventListener("input", () => go(Number(slider.value), false));
  // The game's review (issue 39): shown once the replay says the game was played to its
  // end (an abandoned game has no reveal, and no review). Among the controls, not in the
  // header: there it wrapped the header to a second line when the players' names were
  // long, and pushed the board below a 1280×800 screen.
  const reviewLink = el("a", { class: "button", href: `#/review/${encodeURIComponent(gameId)}`, "data-action": "review", hidden: true }, t(lang, "game.review"));
  const controls = el(
    "div",
    { class: "replay-controls" },
    button("first", `« ${t(lang, "replay.first")}`, () => go(0, false)),
    // Backwards is a jump: an event animates the way forwards only.
    button("prev", `◀ ${t(lang, "replay.prev")}`, () => go(index - 1, false)),
    playButton,
    button("next", `${t(lang, "replay.next")} ▶`, () => go(index + 1, true)),
    button("last", `${t(lang, "replay.last")} »`, () => go(Number.MAX_SAFE_INTEGER, false)),
    slider,
    reviewLink,
  );
  const page = el("div", { class: "replay-page" }, el("header", { class: "game-head" }, title, stepLine, playersLine, sideBox), controls, eventLine, table);
  root.append(page);

  // "You" is the seat this browser played, when the replay is seen from it.
  const you = () => (side !== null && side === mine ? side : null);
  const ctx: GameContext = {
    lang,
    seat: null,
    you,
    seatName: (seat: number) => (replay ? seatNameFor({ seats: replay.seats.map((s) => ({ ...s, joined: true })) }, seat, you(), lang) : String(seat)),
    sendMove: () => {},
    preview: () => Promise.resolve({ legal: false, error: "a replay" }),
    hinted: null,
  };

  function go(i: number, animate: boolean): void {
    if (!replay) return;
    index = Math.max(0, Math.min(i, replay.steps.length - 1));
    const step = replay.steps[index]!;
    const last = index === replay.steps.length - 1;
    // A replay's steps are its own game's: the view and the event go with `game`.
    const msg = {
      type: "state",
      game_id: gameId,
      game: replay.game,
      seat: replay.seat,
      move_count: index,
      to_move: step.to_move,
      view: step.view,
      legal: [],
      event: step.event,
      over: last,
      abandoned: false,
      winners: last ? replay.winners : [],
      scores: last ? replay.scores : null,
      seats: replay.seats.map((s) => ({ ...s, joined: true })),
      reveal: last ? replay.reveal : undefined,
    } as StateMessage;
    ctx.seat = replay.seat;
    screen ??= createScreen(replay.game, table, ctx);
    // The last step shows every hand, whichever side the replay is seen from.
    screen?.update(withReveal(msg), animate);
    slider.value = String(index);
    stepLine.textContent = t(lang, "replay.step", { i: index, n: replay.steps.length - 1 });
    eventLine.textContent = step.event ? describe(step.event, ctx.seatName, lang, you()) : "";
    // A round's end, after the move that ended it; at the last step, the end's scores.
    const events = replay.steps.slice(1, index + 1).map((s) => s.event as GameEvent);
    const game = webGame(replay.game);
    const after = index > 0 && game ? game.afterEvent(lang, events, index - 1, ctx.seatName) : null;
    if (after) eventLine.textContent += ` ${after}`;
    if (last && replay.scores.length && game)
      eventLine.textContent += ` — ${t(lang, "label.detail", { label: t(lang, "score.final"), detail: game.endWords(lang, replay.scores, ctx.seatName, events) })}`;
    if (last) stopPlay();
  }

  function stopPlay(): void {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.textContent = t(lang, "replay.play");
  }

  function togglePlay(): void {
    if (timer) return stopPlay();
    playButton.textContent = t(lang, "replay.pause");
    timer = setInterval(() => go(index + 1, true), (replay && webGame(replay.game)?.replayPace) || 900);
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowRight") go(index + 1, true);
    else if (e.key === "ArrowLeft") go(index - 1, false);
    else if (e.key === "Home") go(0, false);
    else if (e.key === "End") go(Number.MAX_SAFE_INTEGER, false);
    else return;
    e.preventDefault(); // Home and End would scroll the page
  };
  document.addEventListener("keydown", onKey);

  function fillSides(r: Replay): void {
    clear(sideChoice);
    sideChoice.appendChild(el("option", { value: "", selected: side === null }, t(lang, "replay.side.spectator")));
    r.seats.forEach((_, seat) =>
      sideChoice.appendChild(el("option", { value: seat, selected: side === seat }, ctx.seatName(seat))),
    );
    sideBox.hidden = false;
  }
  sideChoice.addEventListener("change", () => {
    side = sideChoice.value === "" ? null : Number(sideChoice.value);
    // The same step, from the other side: a new table (a screen draws one seat's side).
    screen?.destroy();
    screen = null;
    clear(table);
    void load(index);
  });

  let unmounted = false;
  async function load(at: number): Promise<void> {
    try {
      const r = await api.replay(gameId, side);
      if (unmounted) return;
      if (!webGame(r.game)) {
        clear(page);
        page.appendChild(deadEnd(lang, t(lang, "game.unplayable", { game: r.game })));
        return;
      }
      replay = r;
      reviewLink.hidden = !r.reveal;
      slider.max = String(r.steps.length - 1);
      title.textContent = `${t(lang, "replay.title")} · ${t(lang, `game.${r.game}`)}`;
      playersLine.textContent = t(lang, "replay.players", { names: listOf(lang, r.seats.map((_, s) => ctx.seatName(s))) });
      fillSides(r);
      const profiles = profileLinks(lang, r.seats);
      page.querySelector("[data-role=profile-links]")?.remove(); // drawn again from another side
      if (profiles) page.appendChild(profiles);
      go(at, false);
    } catch (err) {
      if (unmounted) return;
      const code = err instanceof ApiError ? err.code : null;
      clear(page);
      if (code === "game_not_over")
        page.appendChild(deadEnd(lang, t(lang, "replay.unfinished"), "", [{ href: held.length ? `#/game/${gameId}` : `#/watch/${gameId}`, label: held.length ? t(lang, "dead.play") : t(lang, "dead.watch") }]));
      else if (code === "not_found") page.appendChild(deadEnd(lang, t(lang, "dead.nogame")));
      else page.appendChild(deadEnd(lang, err instanceof Error ? err.message : String(err)));
    }
  }
  void load(0);

  return () => {
    unmounted = true;
    stopPlay();
    document.removeEventListener("keydown", onKey);
    screen?.destroy();
  };
}
