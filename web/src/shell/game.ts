// A game page: the connection(s) and their state, the game's screen, whose turn it is,
// the game's story (every move in words, from the server's history), the hint button,
// invite links, a Jaipur round's scoring, the end of the game (closable, to study the
// final table with everything revealed) and "play again". Hot-seat games hold every
// seat and hide each hand behind a "pass the device" screen that tells what happened
// since that player's last turn.
import type { GameContext, GameEvent, GameScreen, Lang, StateMessage } from "../contract.js";
import { api, GameSocket, seats } from "../api.js";
import { signedInHint } from "../account/session.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { describe, moveInWords } from "../i18n/words.js";
import { ruleOf } from "../errors.js";
import { webGame } from "../games.js";
import { playAgain } from "./again.js";
import { rematchBlock } from "../meet/rematch.js";
import { deadEnd } from "./deadend.js";
import { gameSummary, openDialog } from "./dialogs.js";
import { renderLinks } from "./links.js";
import { profileLinks } from "../account/game-list.js";
import { othersAreBots, seatNameFor, statusText } from "./status.js";
import { formatClock, formatDeadline, seatClocks } from "./clocks.js";
import { Story, linkState, withReveal } from "./story.js";
import { MoveLog, linkBadge, markLastMove, sinceLastTurn } from "./story-view.js";

// A game's starting time per seat, which "low" time is measured against.
function startOf(msg: StateMessage): number {
  if (!msg.clock) return 0;
  return "days_per_move" in msg.clock ? msg.clock.days_per_move * 86_400_000 : msg.clock.base_s * 1000;
}

export function mountGame(root: HTMLElement, gameId: string, lang: Lang, mode: "play" | "watch"): () => void {
  // The seats played from this page: those whose tokens this browser holds, else (asked
  // below) the signed-in account's seat, for which the session cookie stands as the token.
  let held: { seat: number; token: string | null }[] = mode === "play" ? seats.of(gameId) : [];
  const hotseat = held.length > 1;
  const sockets = new Map<number | null, GameSocket>();
  const latest = new Map<number | null, StateMessage>();
  let shown: StateMessage | null = null; // the state on screen
  let shownSeat: number | null = held.length ? held[0].seat : null;
  let screen: GameScreen | null = null;
  let unlockedSeat: number | null = hotseat ? null : shownSeat; // hot-seat: whose hand may show
  // Each seat's story (hot-seat holds several; a spectator's is under null).
  const stories = new Map<number | null, Story>();
  const storyOf = (seat: number | null): Story => {
    let story = stories.get(seat);
    if (!story) stories.set(seat, (story = new Story()));
    return story;
  };
  let lastLogged = -1;
  let hintPending = false;

  const title = el("h1", { class: "game-title" });
  // A rated game says so beside its title (issue 37).
  const ratedTag = el("span", { class: "rated-tag", "data-role": "rated", hidden: true }, t(lang, "rated.tag"));
  const statusLine = el("p", { class: "status", "data-role": "status", "aria-live": "polite" });
  // Each seat's clock (docs/clocks.md): the server's times, the seat to move's counted
  // down here from when its message arrived, until the next message replaces them.
  const clockStrip = el("div", { class: "clocks", "data-role": "clocks", "aria-label": t(lang, "clock.label"), hidden: true });
  let clockSince = 0; // performance.now() when the message shown arrived
  let clockTimer: number | undefined;
  const drawClocks = (): void => {
    const msg = shown;
    const clocks = msg ? seatClocks(msg, performance.now() - clockSince, startOf(msg)) : [];
    clockStrip.hidden = clocks.length === 0;
    if (!msg || clocks.length === 0) return;
    const turnBased = msg.clock != null && "days_per_move" in msg.clock;
    clear(clockStrip);
    for (const c of clocks) {
      const time = turnBased ? (c.running ? formatDeadline(lang, c.left_ms) : "") : formatClock(c.left_ms);
      const cls = `clock${c.running ? " running" : ""}${c.running && c.low ? " low" : ""}`;
      clockStrip.appendChild(
        el("span", { class: cls, "data-seat": String(c.seat) }, el("span", { class: "clock-name" }, ctx.seatName(c.seat)), " ",
          el("span", { class: "clock-time", "data-role": "clock-time" }, time)),
      );
    }
  };
  const link = linkBadge(lang);
  let linkUp = false;
  let linkFailures = 0;
  const showLink = (): void => link.show(linkState(linkUp, linkFailures, navigator.onLine));
  showLink();
  const showResult = el("button", { class: "show-result", "data-action": "show-result", hidden: true }, t(lang, "story.end.show"));
  const banner = el("p", { class: "banner", "data-role": "connection", hidden: true }, t(lang, "game.connection.lost"));
  const errorLine = el("p", { class: "error-line", "data-role": "error", role: "alert" });
  const table = el("div", { class: "table", "data-role": "table" });
  const cover = el("div", { class: "pass-cover", "data-role": "pass", hidden: true });
  const hintButton = el("button", { class: "hint", "data-action": "hint", disabled: true }, t(lang, "game.hint"));
  const hintLine = el("p", { class: "hint-line", "data-role": "hint", "aria-live": "polite" });
  const moveLog = new MoveLog(lang);
  const hintBox = el("div", { class: "hint-box", hidden: true }, hintButton, hintLine);
  const side = el(
    "aside",
    { class: "side", id: `side-${gameId}` },
    hintBox,
    el("h2", {}, t(lang, "story.log")),
    moveLog.element,
  );
  // On a phone the hint and the log are a drawer over the table's lower half, opened
  // from the page's head, so that neither pushes the table off the screen (style.css).
  const drawerButton = el(
    "button",
    { class: "drawer-toggle", type: "button", "data-action": "drawer", "aria-expanded": "false", "aria-controls": side.id },
    t(lang, "game.drawer"),
  );
  drawerButton.addEventListener("click", () => drawerButton.setAttribute("aria-expanded", String(side.classList.toggle("side-open"))));
  const links = el("div", { class: "links", "data-role": "links" });
  const dialog = el("div", { class: "dialog-layer", "data-role": "dialog", hidden: true });
  root.append(
    el("div", { class: "game-page" }, el("header", { class: "game-head" }, title, ratedTag, statusLine, link.element, showResult, drawerButton), clockStrip, banner, errorLine),
    el("div", { class: "game-body" }, el("div", { class: "table-wrap" }, table, cover), side),
    links,
    dialog,
  );

  // The previews asked and not answered yet.
  const previews = new Set<AbortController>();
  const ctx: GameContext = {
    lang,
    seat: shownSeat,
    seatName: (seat: number) => (shown ? seatNameFor(shown, seat, hotseat ? null : ctx.seat, lang) : String(seat)),
    sendMove: (move: string) => {
      // A preview still on its way would reach the server after the move, out of turn,
      // and be refused (a 409 in the browser's console): its answer is of no use now.
      for (const pending of previews) pending.abort();
      previews.clear();
      errorLine.textContent = "";
      ctx.hinted = null;
      hintLine.textContent = "";
      sockets.get(ctx.seat)?.move(move);
    },
    preview: (move: string) => {
      const seat = held.find((s) => s.seat === ctx.seat);
      if (!seat) return Promise.resolve({ legal: false, error: "spectators do not move" });
      const pending = new AbortController();
      previews.add(pending);
      return api.preview(gameId, seat.token ?? undefined, move, pending.signal).finally(() => previews.delete(pending));
    },
    hinted: null,
    story: () => storyOf(ctx.seat).events,
  };
  // One event in words, as the seat shown reads it.
  const line = (e: GameEvent): string => describe(e, ctx.seatName, lang, hotseat ? null : ctx.seat);

  function render(msg: StateMessage, animate: boolean): void {
    const game = webGame(msg.game);
    if (!game) {
      // A game the server plays that this app has no table for: said, never a crash.
      clear(table);
      table.appendChild(deadEnd(lang, t(lang, "game.unplayable", { game: msg.game })));
      return;
    }
    shown = msg;
    clockSince = performance.now();
    (window as unknown as { __soukState: StateMessage }).__soukState = msg;
    ctx.seat = msg.seat;
    title.textContent = t(lang, `game.${msg.game}`);
    ratedTag.hidden = msg.rated !== true;
    const status = statusText(lang, msg, ctx.seatName, hotseat);
    // Nobody plays while a seat waits for its friend: no move offered, no "your turn".
    const waiting = !msg.over && msg.seats.some((s) => !s.joined);
    const showStatus = (): void => {
      document.title = `${status} · ${t(lang, `game.${msg.game}`)} · Souk`;
      statusLine.textContent = status;
      statusLine.classList.toggle("your-turn", msg.legal.length > 0 && !waiting);
    };
    table.classList.toggle("waiting-join", waiting);
    if (!screen) table.classList.add(msg.game);
    screen ??= game.createScreen(table, ctx);
    // Once over, everyone's hand and bonus tokens are on the table.
    screen.update(withReveal(waiting ? { ...msg, legal: [] } : msg), animate);
    // "Your turn" once the table has finished showing the moves before it, and whose
    // turn it is once the screen stops holding the table back.
    const heldBack = screen.heldStatus?.() ?? null;
    if (heldBack !== null || (animate && msg.legal.length > 0)) {
      // Meanwhile the last mover is still at play, as the table shows.
      const mover = msg.event && msg.event.seat !== msg.seat ? msg.event.seat : null;
      statusLine.textContent = heldBack ?? (mover === null ? "…" : t(lang, "game.turn.other", { name: ctx.seatName(mover) }));
      statusLine.classList.remove("your-turn");
      void screen.settled().then(() => unmounted || shown !== msg || showStatus());
    } else showStatus();
    const story = storyOf(msg.seat).events;
    markLastMove(table, msg, story);
    // The Marrakech board is drawn again when its animations end: point again then.
    void screen.settled().then(() => unmounted || shown !== msg || markLastMove(table, msg, story));
    moveLog.show(story, line, String(msg.seat), (i) => game.afterEvent(lang, story, i, ctx.seatName));
    // The box stays in place between turns (no jumping layout); it goes only when no hint
    // can come: a spectator, a human opponent, the game over.
    hintBox.hidden = msg.over || msg.seat === null || !othersAreBots(msg);
    hintButton.disabled = msg.legal.length === 0 || waiting;
    if (msg.event && msg.move_count !== lastLogged) {
      lastLogged = msg.move_count;
      const opened = animate ? game.moveDialog(lang, msg, ctx.seatName, () => (dialog.hidden = true)) : null;
      if (opened) openDialog(dialog, opened);
    }
    drawClocks();
    // A running clock ticks on screen between messages; none runs, no timer.
    if (msg.clock_running && clockTimer === undefined) clockTimer = window.setInterval(drawClocks, 200);
    if (!msg.clock_running && clockTimer !== undefined) {
      window.clearInterval(clockTimer);
      clockTimer = undefined;
    }
    renderLinks(links, lang, gameId, msg);
    const profiles = profileLinks(lang, msg.seats);
    if (profiles) links.appendChild(profiles);
    // While a friend is awaited, the invite links come first, above the table.
    const gameBody = table.closest(".game-body");
    if (waiting && gameBody && links.nextElementSibling !== gameBody) gameBody.before(links);
    else if (!waiting && gameBody && gameBody.nextElementSibling !== links) gameBody.after(links);
    links.classList.toggle("links-first", waiting);
    // The summary waits for the board to finish showing the last moves.
    if (msg.over) void screen.settled().then(() => unmounted || showSummary(msg));
  }

  let summaryShown = false;
  function showSummary(msg: StateMessage): void {
    if (summaryShown) return;
    summaryShown = true;
    const again = held.length ? () => void playAgain(msg, held[0]?.seat ?? 0, hotseat) : null;
    // Against people elsewhere, "play again" is a rematch they accept (docs/lobby.md).
    const people = msg.seats.filter((s) => s.player === "human").length;
    const rematch = !hotseat && held.length === 1 && people >= 2 ? rematchBlock(lang, gameId, held[0].token) : null;
    const story = storyOf(msg.seat).events;
    const summary = gameSummary(lang, msg, { seatName: ctx.seatName, hotseat, gameId, playAgain: again, rematch, close: closeSummary, story });
    // Beside the replay: the game's review (issue 39), for a game played to its end.
    if (!msg.abandoned)
      summary.querySelector("[data-action=replay]")?.after(el("a", { class: "button", href: `#/review/${encodeURIComponent(gameId)}`, "data-action": "review" }, t(lang, "game.review")));
    showResult.onclick = () => {
      showResult.hidden = true;
      openDialog(dialog, summary);
    };
    openDialog(dialog, summary);
  }
  // The end's dialog closes to let the final table be studied; the header's button
  // brings it back.
  function closeSummary(): void {
    dialog.hidden = true;
    showResult.hidden = false;
    showResult.focus();
  }

  // Hot-seat: the state shown is that of the seat to move; a hand shows only after
  // its player says they hold the device.
  function choose(animate: boolean): void {
    let seat: number | null = shownSeat;
    if (hotseat) {
      const any = [...latest.values()][0];
      if (any && any.to_move !== null && held.some((h) => h.seat === any.to_move)) seat = any.to_move;
    }
    const msg = latest.get(seat);
    if (!msg) return;
    shownSeat = seat;
    if (hotseat && !msg.over && seat !== unlockedSeat) {
      cover.hidden = false;
      clear(cover);
      const name = seatNameFor(msg, seat ?? 0, null, lang);
      cover.append(
        el("p", {}, t(lang, "game.pass", { name })),
        sinceLastTurn(lang, name, storyOf(seat).since(seat ?? 0), (e) => describe(e, (p) => seatNameFor(msg, p, null, lang), lang, null)),
        el(
          "button",
          {
            class: "primary",
            "data-action": "reveal",
            onclick: () => {
              unlockedSeat = seat;
              cover.hidden = true;
              choose(false);
            },
          },
          t(lang, "game.pass.ready", { name }),
        ),
      );
      // The table keeps the last player's cards: hidden until the next one says they hold the device.
      table.classList.add("hidden-hand");
      // The log is everyone's: it tells the move just made while the device changes hands.
      moveLog.show(storyOf(seat).events, line, String(seat));
      statusLine.textContent = t(lang, "game.pass", { name });
      return;
    }
    cover.hidden = true;
    table.classList.remove("hidden-hand");
    render(msg, animate);
  }

  const connect = (seat: (typeof held)[number] | null) => {
    const key = seat ? seat.seat : null;
    sockets.set(
      key,
      new GameSocket(gameId, seat ? seat.token : null, {
        history: (h) => storyOf(key).reset(h.events),
        state: (msg) => {
          const first = !latest.has(key);
          storyOf(key).add(msg);
          latest.set(key, msg);
          choose(!first);
        },
        error: (message, code) => {
          if (!shown) {
            // No game to show: the dead end alone, in the page's words (the server's own
            // sentence only when it is not "no such game"), without badge, log or status.
            clear(table);
            table.appendChild(deadEnd(lang, t(lang, "game.notfound"), code === "not_found" || code === "forbidden" ? "" : message));
            for (const part of [side, link.element, drawerButton, statusLine, links]) part.hidden = true;
            errorLine.textContent = "";
            return;
          }
          if (code === "hint_refused") {
            hintPending = false;
            hintLine.textContent = message;
            return;
          }
          // A move the engine refused: the rule in its words, without its "illegal move '…':".
          errorLine.textContent =
            code === "illegal_move" ? t(lang, "game.illegal", { rule: ruleOf(message) }) : t(lang, "game.error", { error: message });
        },
        hint: (moves) => {
          hintPending = false;
          const best = moves[0];
          if (!best || !shown) return;
          ctx.hinted = best.move;
          screen?.update(shown, false);
          const odds = best.visits ? ` · ${t(lang, "game.hint.win", { p: Math.round(best.win_rate * 100) })}` : "";
          // Unless a move was played meanwhile: the hint's words.
          const say = (move: string): void => {
            if (ctx.hinted === best.move) hintLine.textContent = `${t(lang, "game.hint.best", { move })}${odds}`;
          };
          // The hint names only the move's text: its words come from the engine's event
          // for it (the preview), else the text itself.
          void ctx.preview(best.move).then(
            (p) => say(p.event ? moveInWords(p.event, lang) : best.move),
            () => say(best.move),
          );
        },
        connection: (up, failures) => {
          banner.hidden = up;
          linkUp = up;
          linkFailures = failures;
          showLink();
        },
      }),
    );
  };
  if (held.length) for (const h of held) connect(h);
  else if (mode === "play" && signedInHint() !== null)
    // Opened on a device without the seat's token ("my games" elsewhere): the server
    // says which seat the session's account holds, and the socket plays it.
    void api.state(gameId).then(
      (msg) => {
        if (unmounted) return;
        if (typeof msg.seat !== "number") return connect(null);
        held = [{ seat: msg.seat, token: null }];
        shownSeat = ctx.seat = unlockedSeat = msg.seat;
        connect(held[0]!);
      },
      () => unmounted || connect(null),
    );
  else connect(null);

  hintButton.addEventListener("click", () => {
    if (hintPending) return;
    hintPending = true;
    hintLine.textContent = t(lang, "game.hint.thinking");
    sockets.get(ctx.seat)?.hint();
  });

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || dialog.hidden) return;
    if (dialog.querySelector("[data-role=summary]")) closeSummary();
    else dialog.hidden = true;
  };
  document.addEventListener("keydown", onKey);
  // The browser's word on the network: "offline" at once, not after the retries.
  window.addEventListener("online", showLink);
  window.addEventListener("offline", showLink);

  let unmounted = false;
  return () => {
    unmounted = true;
    if (clockTimer !== undefined) window.clearInterval(clockTimer);
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("online", showLink);
    window.removeEventListener("offline", showLink);
    for (const s of sockets.values()) s.close();
    screen?.destroy();
  };
}
