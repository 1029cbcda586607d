// "Play people" (#/meet, docs/lobby.md): play now, paired with whoever waits for the
// same game and clock; the open tables, live, to sit at; a table of one's own to open.
// While this browser waits on a table or a request, the page says so and goes to the
// game once it starts.
import type { ClockChoice, GameName, Lang } from "../contract.js";
import { api, seats } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { gameTitle, WEB_GAMES } from "../games.js";
import { currentAccount } from "../account/session.js";
import type { Account } from "../account/api.js";
import { errorText } from "../account/format.js";
import { CLOCK_CHOICES, clockOf } from "../shell/clocks.js";
import { lobbyApi, waiting, watchTables, type Seek, type Table, type Wanted } from "./api.js";

const NAME_KEY = "souk.name";
const POLL_MS = 2000;

// "3+2", "1 day a move": a time control as players write it.
export function clockText(lang: Lang, clock: ClockChoice | null): string {
  if (!clock) return t(lang, "clock.choice.none");
  if ("days_per_move" in clock) return t(lang, "meet.days", { n: clock.days_per_move });
  const base = clock.base_s % 60 === 0 ? String(clock.base_s / 60) : `${clock.base_s} s `;
  return `${base}+${clock.increment_s}`;
}

function radio(name: string, value: string, label: string, checked: boolean): HTMLLabelElement {
  return el("label", { class: "choice" }, el("input", { type: "radio", name, value, checked }), el("span", {}, label));
}
const chosen = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as RadioNodeList | null)?.value ?? "";

// What a form asks for: the game, its clock, rated or not, and a guest's name.
function wantedOf(form: HTMLFormElement, account: Account | null): Wanted {
  const game = chosen(form, "game") as GameName;
  const players = Number(chosen(form, "players") || 2);
  const rated = (form.elements.namedItem("rated") as HTMLInputElement | null)?.checked ?? false;
  const name = (form.elements.namedItem("name") as HTMLInputElement | null)?.value.trim() ?? "";
  if (!account && name) localStorage.setItem(NAME_KEY, name);
  return { game, players, rated, clock: clockOf(chosen(form, "clock")), ...(account ? {} : { name }) };
}

// The player counts each game takes (GET /api/game-types): the others are disabled.
function limitPlayers(form: HTMLFormElement, counts: Map<string, number[]>): void {
  const allowed = counts.get(chosen(form, "game")) ?? [2];
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name=players]")) {
    input.disabled = !allowed.includes(Number(input.value));
    if (input.disabled && input.checked) form.querySelector<HTMLInputElement>(`input[name=players][value="${allowed[0]}"]`)!.checked = true;
  }
}

function choicesFields(lang: Lang, account: Account | null, prefix: string): HTMLElement[] {
  return [
    el("fieldset", {}, el("legend", {}, t(lang, "home.game")), ...WEB_GAMES.map((g, i) => radio("game", g, gameTitle(lang, g), i === 0))),
    el(
      "fieldset",
      {},
      el("legend", {}, t(lang, "meet.players")),
      ...[2, 3, 4].map((n) => radio("players", String(n), String(n), n === 2)),
    ),
    el(
      "fieldset",
      {},
      el("legend", {}, t(lang, "clock.choose")),
      ...CLOCK_CHOICES.filter((c) => c.value !== "").map((c, i) => radio("clock", c.value, t(lang, c.label), i === 0)),
    ),
    account
      ? el("label", { class: "choice" }, el("input", { type: "checkbox", name: "rated" }), el("span", {}, t(lang, "meet.rated")))
      : el(
          "label",
          { class: "name" },
          el("span", {}, t(lang, "home.name")),
          el("input", { name: "name", id: `${prefix}-name`, maxlength: 24, value: localStorage.getItem(NAME_KEY) ?? "" }),
        ),
  ];
}

export function renderMeet(root: HTMLElement, lang: Lang): () => void {
  document.title = `${t(lang, "meet.title")} · Souk`;
  let stopped = false;
  let poll: ReturnType<typeof setTimeout> | null = null;
  const status = el("section", { class: "card-panel meet-status", "data-role": "meet-status", hidden: true });
  const tableList = el("ul", { class: "table-list", "data-role": "tables" });
  const page = el("div", { class: "meet-page" }, el("h1", {}, t(lang, "meet.title")), status);
  root.appendChild(page);

  const go = (gameId: string, seat: number, token: string) => {
    waiting.set(null);
    seats.add(gameId, seat, token);
    location.hash = `#/game/${gameId}`;
  };
  const fail = (err: unknown) => {
    status.hidden = false;
    clear(status);
    status.append(el("p", { class: "error", role: "alert" }, errorText(lang, err)));
  };

  // Waits on a request: asked after every POLL_MS (which also keeps it alive), until
  // paired, or the player takes the bot offered or stops.
  const waitSeek = (id: string, token: string, seek: Seek | null) => {
    const show = (s: Seek) => {
      if ((s.state === "paired" || s.state === "bot") && s.game_id !== null && s.seat !== null) return go(s.game_id, s.seat, token);
      if (s.state !== "waiting") {
        waiting.set(null);
        status.hidden = true;
        return;
      }
      status.hidden = false;
      clear(status);
      status.append(
        el("p", { "data-role": "seeking" }, t(lang, "meet.seeking", { game: gameTitle(lang, s.game), clock: clockText(lang, s.clock) })),
        el("p", { class: "muted" }, s.range === null ? t(lang, "meet.range.any") : t(lang, "meet.range", { n: s.range })),
        el("div", { class: "actions" },
          s.bot_offer
            ? el("button", { type: "button", "data-action": "take-bot", onclick: () => void lobbyApi.takeBot(id, token).then((r) => show(r.seek), fail) }, t(lang, "meet.bot"))
            : el("span", { class: "muted" }, t(lang, "meet.bot.in", { s: Math.ceil(s.bot_offer_in_ms / 1000) })),
          el("button", { type: "button", class: "secondary", "data-action": "stop-seek", onclick: () => {
            waiting.set(null);
            void lobbyApi.cancelSeek(id, token).then((r) => show(r.seek), fail);
          } }, t(lang, "meet.stop")),
        ),
      );
      poll = setTimeout(() => {
        if (!stopped) void lobbyApi.seek(id, token).then((r) => show(r.seek), fail);
      }, POLL_MS);
    };
    waiting.set({ kind: "seek", id, token });
    if (seek) show(seek);
    else void lobbyApi.seek(id, token).then((r) => show(r.seek), fail);
  };

  // Waits at a table until it starts (or is cancelled or expires).
  const waitTable = (id: string, token: string, table: Table | null) => {
    const show = (tb: Table) => {
      if (tb.state === "started" && tb.game_id !== null && tb.seat !== null) return go(tb.game_id, tb.seat, token);
      if (tb.state !== "open") {
        waiting.set(null);
        status.hidden = false;
        clear(status);
        status.append(el("p", {}, t(lang, `meet.table.${tb.state}` as "meet.table.cancelled")));
        return;
      }
      status.hidden = false;
      clear(status);
      status.append(
        el("p", { "data-role": "at-table" }, t(lang, "meet.at-table", { game: gameTitle(lang, tb.game), n: tb.open_seats })),
        el("button", { type: "button", class: "secondary", "data-action": "leave-table", onclick: () => {
          waiting.set(null);
          void lobbyApi.leave(id, token).then((r) => show(r.table), fail);
        } }, t(lang, tb.owner ? "meet.cancel" : "meet.stand")),
      );
      poll = setTimeout(() => {
        if (!stopped) void lobbyApi.table(id, token).then((r) => show(r.table), fail);
      }, POLL_MS);
    };
    waiting.set({ kind: "table", id, token });
    if (table) show(table);
    else void lobbyApi.table(id, token).then((r) => show(r.table), fail);
  };
  const busy = () => waiting.get() !== null;

  void Promise.all([currentAccount(), api.gameTypes().catch(() => [])]).then(([account, types]) => {
    if (stopped) return;
    const counts = new Map(types.map((g) => [g.name, Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i)]));
    const playNow: HTMLFormElement = el(
      "form",
      { class: "card-panel", "data-role": "play-now" },
      el("h2", {}, t(lang, "meet.now")),
      el("p", { class: "muted" }, t(lang, "meet.now.about")),
      ...choicesFields(lang, account, "now"),
      el("button", { type: "submit", "data-action": "play-now" }, t(lang, "meet.now")),
    );
    playNow.addEventListener("submit", (e) => {
      e.preventDefault();
      if (busy()) return;
      void lobbyApi.playNow(wantedOf(playNow, account)).then((r) => waitSeek(r.seek.id, r.token, r.seek), fail);
    });
    const open: HTMLFormElement = el(
      "form",
      { class: "card-panel", "data-role": "open-table" },
      el("h2", {}, t(lang, "meet.open")),
      ...choicesFields(lang, account, "open"),
      account &&
        el(
          "fieldset",
          { class: "rating-range" },
          el("legend", {}, t(lang, "meet.range.legend")),
          el("label", {}, el("span", {}, t(lang, "meet.range.low")), el("input", { type: "number", name: "low", min: 0, max: 4000, step: 50 })),
          el("label", {}, el("span", {}, t(lang, "meet.range.high")), el("input", { type: "number", name: "high", min: 0, max: 4000, step: 50 })),
        ),
      el("button", { type: "submit", "data-action": "open-table" }, t(lang, "meet.open")),
    );
    open.addEventListener("submit", (e) => {
      e.preventDefault();
      if (busy()) return;
      const bound = (name: string) => (open.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
      const range: [number, number] | null =
        bound("low") !== "" || bound("high") !== "" ? [Number(bound("low") || 0), Number(bound("high") || 4000)] : null;
      void lobbyApi.open({ ...wantedOf(open, account), rating_range: range }).then((r) => waitTable(r.table.id, r.token, r.table), fail);
    });
    const sit = (tb: Table) => {
      if (busy()) return;
      const name = account ? undefined : localStorage.getItem(NAME_KEY) ?? "";
      void lobbyApi.sit(tb.id, name).then((r) => waitTable(r.table.id, r.token, r.table), fail);
    };
    const row = (tb: Table) =>
      el(
        "li",
        { "data-table": tb.id },
        el("strong", {}, tb.players > 2 ? `${gameTitle(lang, tb.game)} (${tb.players})` : gameTitle(lang, tb.game)),
        el("span", {}, [clockText(lang, tb.clock), t(lang, tb.rated ? "meet.rated.short" : "meet.casual"),
          ...(tb.rating_range ? [`${tb.rating_range[0]}–${tb.rating_range[1]}`] : [])].join(" · ")),
        el("span", { class: "table-seats" }, tb.seats.map((s) => (s.rating === null ? s.name : `${s.name} (${s.rating})`)).join(", ")),
        el("button", { type: "button", "data-action": "sit", onclick: () => sit(tb) }, t(lang, "meet.sit")),
      );
    for (const form of [playNow, open]) {
      form.addEventListener("change", () => limitPlayers(form, counts));
      limitPlayers(form, counts);
    }
    const listPanel = el("section", { class: "card-panel" }, el("h2", {}, t(lang, "meet.tables")), tableList);
    page.append(el("div", { class: "profile-panels" }, playNow, open), listPanel);
    const unwatch = watchTables((tables) => {
      clear(tableList);
      if (!tables.length) tableList.append(el("li", { class: "muted" }, t(lang, "meet.tables.none")));
      for (const tb of tables) tableList.append(row(tb));
    });
    cleanups.push(unwatch);
    const w = waiting.get();
    if (w?.kind === "seek") waitSeek(w.id, w.token, null);
    else if (w?.kind === "table") waitTable(w.id, w.token, null);
  });
  const cleanups: (() => void)[] = [];
  return () => {
    stopped = true;
    if (poll) clearTimeout(poll);
    for (const c of cleanups) c();
  };
}
