// The replay viewer: a finished game, step by step, as a spectator saw it.
import type { GameContext, GameScreen, Lang, Replay, StateMessage } from "../contract.js";
import { api } from "../api.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";
import { describe } from "../i18n/words.js";
import { createScreen } from "./screens.js";
import { seatNameFor } from "./status.js";

export function mountReplay(root: HTMLElement, gameId: string, lang: Lang): () => void {
  let replay: Replay | null = null;
  let index = 0;
  let screen: GameScreen | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const title = el("h1", { class: "game-title" }, t(lang, "replay.title"));
  const stepLine = el("p", { class: "status", "data-role": "replay-step", "aria-live": "polite" });
  const eventLine = el("p", { class: "replay-event", "data-role": "replay-event" });
  const table = el("div", { class: "table", "data-role": "table" });
  const button = (action: string, label: string, onclick: () => void) =>
    el("button", { "data-action": action, onclick }, label);
  const playButton = button("play", t(lang, "replay.play"), () => togglePlay());
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": t(lang, "replay.title"), "data-role": "replay-slider" });
  slider.addEventListener("input", () => go(Number(slider.value), false));
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
  );
  root.append(el("header", { class: "game-head" }, title, stepLine), controls, eventLine, table);

  const ctx: GameContext = {
    lang,
    seat: null,
    seatName: (seat: number) => (replay ? seatNameFor({ seats: replay.seats.map((s) => ({ ...s, joined: true })) }, seat, null, lang) : String(seat)),
    sendMove: () => {},
    preview: () => Promise.resolve({ legal: false, error: "a replay" }),
    hinted: null,
  };

  function go(i: number, animate: boolean): void {
    if (!replay) return;
    index = Math.max(0, Math.min(i, replay.steps.length - 1));
    const step = replay.steps[index];
    const last = index === replay.steps.length - 1;
    // A replay's steps are its own game's: the view and the event go with `game`.
    const msg = {
      type: "state",
      game_id: gameId,
      game: replay.game,
      seat: null,
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
    } as StateMessage;
    screen ??= createScreen(replay.game, table, ctx);
    screen.update(msg, animate);
    slider.value = String(index);
    stepLine.textContent = t(lang, "replay.step", { i: index, n: replay.steps.length - 1 });
    eventLine.textContent = step.event ? describe(step.event, ctx.seatName, lang) : "";
    if (last && replay.scores.length)
      eventLine.textContent += ` — ${t(lang, "score.final")}: ${replay.scores.map((s, p) => `${ctx.seatName(p)} ${s}`).join(", ")}`;
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
    timer = setInterval(() => go(index + 1, true), replay?.game === "marrakech" ? 1600 : 900);
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "ArrowRight") go(index + 1, true);
    else if (e.key === "ArrowLeft") go(index - 1, false);
  };
  document.addEventListener("keydown", onKey);

  api
    .replay(gameId)
    .then((r) => {
      replay = r;
      slider.max = String(r.steps.length - 1);
      title.textContent = `${t(lang, "replay.title")} · ${t(lang, `game.${r.game}`)}`;
      go(0, false);
    })
    .catch((err) => {
      stepLine.textContent = err?.status === 409 ? t(lang, "replay.notover") : String(err?.message ?? err);
    });

  return () => {
    stopPlay();
    document.removeEventListener("keydown", onKey);
    screen?.destroy();
  };
}
