// A game page: the connection(s), the game's screen, whose turn it is, the last
// moves in words, the hint button, invite links, a Jaipur round's scoring, the end
// of the game and "play again". Hot-seat games hold every seat and hide each hand
// behind a "pass the device" screen.
import type { GameContext, GameScreen, JaipurState, Lang, RoundEnd, StateMessage } from "../contract.js";
import { api, GameSocket, invites, seats, type HeldSeat } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { describe, moveInWords } from "../i18n/words.js";
import { createJaipurScreen } from "../jaipur/screen.js";
import { createMarrakechScreen } from "../marrakech/screen.js";

const LOG_LENGTH = 8;

// The bot levels the lobby offers, which have names in both languages.
const isLevel = (player: string): player is "easy" | "medium" | "hard" => ["easy", "medium", "hard"].includes(player);

export function seatNameFor(msg: Pick<StateMessage, "seats">, seat: number, you: number | null, lang: Lang): string {
  if (you !== null && seat === you) return t(lang, "game.you");
  const info = msg.seats[seat];
  if (info?.name) return info.name;
  if (info && info.player !== "human") {
    const level = isLevel(info.player) ? t(lang, `home.level.${info.player}`) : info.player;
    const name = t(lang, "game.bot", { level: lang === "fr" ? level.toLowerCase() : level });
    // Three easy bots in a four-player game must still be told apart.
    const twins = msg.seats.filter((s) => s.player === info.player).length;
    return twins > 1 ? `${name} ${seat + 1}` : name;
  }
  return t(lang, "game.seat", { n: seat + 1 });
}

export function mountGame(root: HTMLElement, gameId: string, lang: Lang, mode: "play" | "watch"): () => void {
  const held: HeldSeat[] = mode === "play" ? seats.of(gameId) : [];
  const hotseat = held.length > 1;
  const sockets = new Map<number | null, GameSocket>();
  const latest = new Map<number | null, StateMessage>();
  let shown: StateMessage | null = null; // the state on screen
  let shownSeat: number | null = held.length ? held[0].seat : null;
  let screen: GameScreen | null = null;
  let unlockedSeat: number | null = hotseat ? null : shownSeat; // hot-seat: whose hand may show
  const log: string[] = [];
  let lastLogged = -1;
  let hintPending = false;

  const title = el("h1", { class: "game-title" });
  const statusLine = el("p", { class: "status", "data-role": "status", "aria-live": "polite" });
  const banner = el("p", { class: "banner", "data-role": "connection", hidden: true }, t(lang, "game.connection.lost"));
  const errorLine = el("p", { class: "error-line", "data-role": "error", role: "alert" });
  const table = el("div", { class: "table", "data-role": "table" });
  const cover = el("div", { class: "pass-cover", "data-role": "pass", hidden: true });
  const hintButton = el("button", { class: "hint", "data-action": "hint", disabled: true }, t(lang, "game.hint"));
  const hintLine = el("p", { class: "hint-line", "data-role": "hint", "aria-live": "polite" });
  const logList = el("ol", { class: "log", "data-role": "log" });
  const hintBox = el("div", { class: "hint-box", hidden: true }, hintButton, hintLine);
  const side = el(
    "aside",
    { class: "side" },
    hintBox,
    el("h2", {}, t(lang, "game.log")),
    logList,
  );
  const links = el("div", { class: "links", "data-role": "links" });
  const dialog = el("div", { class: "dialog-layer", "data-role": "dialog", hidden: true });
  root.append(
    el("div", { class: "game-page" }, el("header", { class: "game-head" }, title, statusLine), banner, errorLine),
    el("div", { class: "game-body" }, el("div", { class: "table-wrap" }, table, cover), side),
    links,
    dialog,
  );

  const ctx: GameContext = {
    lang,
    seat: shownSeat,
    seatName: (seat: number) => (shown ? seatNameFor(shown, seat, hotseat ? null : ctx.seat, lang) : String(seat)),
    sendMove: (move: string) => {
      errorLine.textContent = "";
      ctx.hinted = null;
      hintLine.textContent = "";
      sockets.get(ctx.seat)?.move(move);
    },
    preview: (move: string) => {
      const seat = held.find((s) => s.seat === ctx.seat);
      if (!seat) return Promise.resolve({ legal: false, error: "spectators do not move" });
      return api.preview(gameId, seat.token, move);
    },
    hinted: null,
  };

  const othersAreBots = (msg: StateMessage) => msg.seats.every((s, i) => i === msg.seat || s.player !== "human");

  function render(msg: StateMessage, animate: boolean): void {
    shown = msg;
    (window as unknown as { __soukState: StateMessage }).__soukState = msg;
    ctx.seat = msg.seat;
    title.textContent = t(lang, `game.${msg.game}`);
    document.title = `${statusText(msg)} · ${t(lang, `game.${msg.game}`)} · Souk`;
    statusLine.textContent = statusText(msg);
    statusLine.classList.toggle("your-turn", msg.legal.length > 0);
    if (!screen) table.classList.add(msg.game);
    screen ??= msg.game === "jaipur" ? createJaipurScreen(table, ctx) : createMarrakechScreen(table, ctx);
    screen.update(msg, animate);
    // The box stays in place between turns (no jumping layout); it goes only when no hint
    // can come: a spectator, a human opponent, the game over.
    hintBox.hidden = msg.over || msg.seat === null || !othersAreBots(msg);
    hintButton.disabled = msg.legal.length === 0;
    if (msg.event && msg.move_count !== lastLogged) {
      lastLogged = msg.move_count;
      log.unshift(describe(msg.event, ctx.seatName, lang, hotseat ? null : msg.seat));
      log.length = Math.min(log.length, LOG_LENGTH);
      clear(logList);
      for (const line of log) logList.appendChild(el("li", {}, line));
      if (animate && msg.game === "jaipur" && msg.event?.round_end && !msg.over) showRound(msg, msg.event.round_end);
    }
    renderLinks(msg);
    // The summary waits for the board to finish showing the last moves.
    if (msg.over) void screen.settled().then(() => unmounted || showSummary(msg));
  }

  function statusText(msg: StateMessage): string {
    if (msg.over) return t(lang, "game.over");
    if (msg.seats.some((s) => !s.joined)) return t(lang, "game.waiting.join");
    if (msg.to_move === null) return "…";
    if (msg.legal.length) return t(lang, "game.turn.you");
    const turn = t(lang, "game.turn.other", { name: ctx.seatName(msg.to_move) });
    return msg.seat === null && !hotseat ? `${t(lang, "game.spectating")} · ${turn}` : turn;
  }

  function renderLinks(msg: StateMessage): void {
    clear(links);
    const pending = invites.of(gameId).filter((i) => msg.seats[i.seat] && !msg.seats[i.seat].joined);
    for (const inv of pending) {
      links.appendChild(copyRow(t(lang, "game.invite"), `${location.origin}${location.pathname}#/join/${gameId}/${inv.invite}`, "invite"));
    }
    links.appendChild(copyRow(t(lang, "game.spectate"), `${location.origin}${location.pathname}#/watch/${gameId}`, "spectate"));
  }

  function copyRow(label: string, url: string, role: string): HTMLElement {
    const input = el("input", { readonly: true, value: url, "aria-label": label, "data-role": `${role}-url` });
    const button = el("button", {}, t(lang, "game.copy"));
    button.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
        button.textContent = t(lang, "game.copied");
      } catch {
        // No clipboard (an insecure origin): the text is selected for Ctrl-C.
      }
    });
    return el("div", { class: "copy-row", "data-role": role }, el("span", {}, label), input, button);
  }

  function openDialog(content: HTMLElement): void {
    clear(dialog);
    dialog.appendChild(content);
    dialog.hidden = false;
    content.querySelector<HTMLElement>("button")?.focus();
  }

  // A round's scoring, player by player: goods tokens, bonus tokens, the camel token.
  function roundLines(r: RoundEnd): HTMLElement[] {
    const rows = r.rupees.map((n, p) => {
      const parts = ` (${t(lang, "round.parts", { goods: r.goods[p], bonus: r.bonus[p], camel: r.camel[p] })})`;
      return el("li", {}, t(lang, "round.rupees", { name: ctx.seatName(p), n }) + parts);
    });
    return [
      el("ul", { class: "breakdown" }, ...rows),
      el("p", {}, r.camel_token === null ? t(lang, "round.camel.none") : t(lang, "round.camel", { name: ctx.seatName(r.camel_token) })),
      el("p", {}, r.seal === null ? t(lang, "round.seal.none") : t(lang, "round.seal", { name: ctx.seatName(r.seal) })),
    ];
  }

  function showRound(msg: JaipurState, r: RoundEnd): void {
    const round = msg.view.round - 1;
    openDialog(
      el(
        "div",
        { class: "dialog", role: "dialog", "aria-modal": "true", "data-role": "round-summary" },
        el("h2", {}, t(lang, "round.title", { n: round })),
        ...roundLines(r),
        el("button", { class: "primary", "data-action": "close-round", onclick: () => (dialog.hidden = true) }, t(lang, "round.close")),
      ),
    );
  }

  let summaryShown = false;
  function showSummary(msg: StateMessage): void {
    if (summaryShown) return;
    summaryShown = true;
    const names = msg.winners.map((w) => ctx.seatName(w));
    const headline =
      msg.winners.length > 1
        ? t(lang, "game.winner.shared", { names: names.join(", ") })
        : msg.winners.length === 1 && msg.seat !== null && msg.winners[0] === msg.seat && !hotseat
          ? t(lang, "game.winner.you")
          : t(lang, "game.winner.other", { name: names[0] ?? "?" });
    const scores = (msg.scores ?? []).map((s, p) => el("li", {}, `${ctx.seatName(p)}: ${s}`));
    const extra: HTMLElement[] = [];
    if (msg.game === "jaipur") {
      const seals = msg.view.players.map((p, i) => `${ctx.seatName(i)} ${p.seals}`).join(" · ");
      extra.push(el("p", {}, t(lang, "score.seals", { seals })));
      if (msg.event?.round_end) extra.push(el("h3", {}, t(lang, "round.last")), ...roundLines(msg.event.round_end));
    }
    openDialog(
      el(
        "div",
        { class: "dialog", role: "dialog", "aria-modal": "true", "data-role": "summary" },
        el("h2", {}, t(lang, "game.over")),
        el("p", { class: "headline" }, headline),
        el("h3", {}, t(lang, "score.final")),
        el("ul", {}, ...scores),
        ...extra,
        el(
          "div",
          { class: "dialog-actions" },
          held.length ? el("button", { class: "primary", "data-action": "play-again", onclick: () => void playAgain(msg) }, t(lang, "game.again")) : null,
          el("a", { class: "button", href: `#/replay/${gameId}`, "data-action": "replay" }, t(lang, "game.replay")),
          el("a", { class: "button", href: "#/" }, t(lang, "game.home")),
        ),
      ),
    );
  }

  async function playAgain(msg: StateMessage): Promise<void> {
    const mySeat = held[0]?.seat ?? 0;
    const seatList = msg.seats.map((s) => ({ player: s.player, name: s.player === "human" ? s.name : "" }));
    const created = await api.create({
      game: msg.game,
      players: msg.seats.length,
      variant: msg.game === "marrakech" && msg.view.players[0].colors.length === 1 && msg.seats.length === 2 ? "single-colour" : "",
      seats: seatList,
      creator_seat: mySeat,
    });
    seats.add(created.game_id, created.seat, created.token);
    if (hotseat) {
      for (const inv of created.invites) {
        const joined = await api.join(created.game_id, inv.invite, msg.seats[inv.seat].name);
        seats.add(created.game_id, joined.seat, joined.token);
      }
    } else if (created.invites.length) {
      invites.set(created.game_id, created.invites);
    }
    location.hash = `#/game/${created.game_id}`;
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
      statusLine.textContent = t(lang, "game.pass", { name });
      return;
    }
    cover.hidden = true;
    table.classList.remove("hidden-hand");
    render(msg, animate);
  }

  const connect = (seat: HeldSeat | null) => {
    const key = seat ? seat.seat : null;
    sockets.set(
      key,
      new GameSocket(gameId, seat ? seat.token : null, {
        state: (msg) => {
          const first = !latest.has(key);
          latest.set(key, msg);
          choose(!first);
        },
        error: (message) => {
          if (!shown) {
            clear(table);
            table.appendChild(el("p", { class: "form-error" }, t(lang, "game.notfound"), " ", el("span", { class: "muted" }, message)));
          }
          if (message.startsWith("hint:")) {
            hintPending = false;
            hintLine.textContent = message;
            return;
          }
          errorLine.textContent = t(lang, "game.error", { error: message });
        },
        hint: (moves) => {
          hintPending = false;
          const best = moves[0];
          if (!best || !shown) return;
          ctx.hinted = best.move;
          hintLine.textContent = `${t(lang, "game.hint.best", { move: moveInWords(best.move, lang) })}${
            best.visits ? ` · ${t(lang, "game.hint.win", { p: Math.round(best.win_rate * 100) })}` : ""
          }`;
          screen?.update(shown, false);
        },
        connection: (up) => (banner.hidden = up),
      }),
    );
  };
  if (held.length) for (const h of held) connect(h);
  else connect(null);

  hintButton.addEventListener("click", () => {
    if (hintPending) return;
    hintPending = true;
    hintLine.textContent = t(lang, "game.hint.thinking");
    sockets.get(ctx.seat)?.hint();
  });

  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape" && !dialog.hidden && !dialog.querySelector("[data-role=summary]")) dialog.hidden = true;
  };
  document.addEventListener("keydown", onKey);

  let unmounted = false;
  return () => {
    unmounted = true;
    document.removeEventListener("keydown", onKey);
    for (const s of sockets.values()) s.close();
    screen?.destroy();
  };
}
