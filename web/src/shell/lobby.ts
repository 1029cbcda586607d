// The lobby: start a game (bots, a friend by invite link, hot-seat, or each seat
// chosen: friends, bots and people at this device together), the games this browser
// holds with whose turn it is, their opponents and results, and the invite page.
import type { Lang, SeatInfo } from "../contract.js";
import { api, ApiError, invites, seats, type InviteInfo, type LobbyGame, type SeatSpec } from "../api.js";
import { clear, el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { deadEnd } from "./deadend.js";
import { againstText, colourNames, resultText } from "./seats.js";
import { gameTitle, isWebGame, WEB_GAMES, webGame } from "../games.js";
import { gameChoices, unplayable, variantsFor, type GameChoice } from "./choices.js";
import { seatNameFor } from "./status.js";
import { currentAccount } from "../account/session.js";
import type { Account } from "../account/api.js";
import { gameErrorText, ratedBlock } from "../account/format.js";
import { CLOCK_CHOICES, clockOf } from "./clocks.js";

// What plays a seat other than the creator's: a bot level, a friend by invite, or
// someone at this device (hot-seat).
type SeatKind = "easy" | "medium" | "hard" | "friend" | "here";

const NAME_KEY = "souk.name";

function radio(name: string, value: string, label: string, checked: boolean): HTMLLabelElement {
  return el("label", { class: "choice" }, el("input", { type: "radio", name, value, checked }), el("span", {}, label));
}

function chosen(form: HTMLFormElement, name: string): string {
  return (form.elements.namedItem(name) as RadioNodeList).value;
}

// "Easy bot", "Robot facile": as the game page names bots (status.ts).
const botName = (lang: Lang, level: "easy" | "medium" | "hard") => {
  const word = t(lang, `home.level.${level}`);
  return t(lang, "game.bot", { level: lang === "fr" ? word.toLowerCase() : word });
};

// The other seats, each a row: what plays it (shown when mixing) and, for someone at
// this device, their name. Rows past the game's player count are hidden.
function seatRows(lang: Lang, maxPlayers: number): HTMLFieldSetElement {
  const rows: HTMLElement[] = [];
  for (let seat = 1; seat < maxPlayers; seat++) {
    const n = seat + 1;
    const kind = el(
      "select",
      { name: `seat-kind-${seat}`, "aria-label": t(lang, "seats.seat", { n }) },
      el("option", { value: "friend" }, t(lang, "seats.friend")),
      ...(["easy", "medium", "hard"] as const).map((level) =>
        el("option", { value: level, selected: level === "medium" }, botName(lang, level)),
      ),
      el("option", { value: "here" }, t(lang, "seats.here")),
    );
    rows.push(
      el(
        "div",
        { class: "seat-row", "data-seat-row": seat },
        el("span", { class: "seat-label" }, t(lang, "seats.seat", { n })),
        kind,
        el(
          "label",
          { class: "name", "data-role": "seat-name" },
          el("span", {}, t(lang, "seats.name", { n })),
          el("input", { name: `seat-name-${seat}`, maxlength: 24, autocomplete: "off" }),
        ),
      ),
    );
  }
  return el(
    "fieldset",
    { class: "seats", "data-when": "seats", "data-role": "seats" },
    el("legend", {}, t(lang, "seats.legend")),
    el("p", { class: "muted" }, t(lang, "seats.you")),
    ...rows,
  );
}

function seatKind(form: HTMLFormElement, seat: number): SeatKind {
  const mode = chosen(form, "mode");
  if (mode === "bot") return chosen(form, "level") as SeatKind;
  if (mode === "friend") return "friend";
  if (mode === "hotseat") return "here";
  return (form.elements.namedItem(`seat-kind-${seat}`) as HTMLSelectElement).value as SeatKind;
}

// A hot-seat player's name, or "Player N" when none is given (each seat at the device
// is then still told apart on the "pass the device" screen).
function hotseatName(form: HTMLFormElement, lang: Lang, seat: number): string {
  const typed = (form.elements.namedItem(`seat-name-${seat}`) as HTMLInputElement).value.trim();
  return typed || t(lang, "game.seat", { n: seat + 1 });
}

// "Learn to play": each game's lessons (learn/page.ts).
function learnLinks(lang: Lang): HTMLElement {
  return el(
    "p",
    { class: "learn-links", "data-role": "learn-links" },
    el("a", { class: "learn-links-label", href: "#/learn" }, t(lang, "learn.title")),
    ...WEB_GAMES.map((game) => el("a", { class: "button", href: `#/learn/${game}`, "data-action": "learn", "data-game": game }, gameTitle(lang, game))),
  );
}

export function renderLobby(root: HTMLElement, lang: Lang): () => void {
  // The new game's form waits for the games the server lists; "Your games" does not.
  const formSlot = el("div", { class: "new-game card-panel" }, el("p", { class: "muted" }, t(lang, "invite.loading")));
  let choices: GameChoice[] = [];
  // A game's name: as the server lists it, else as this app names its own.
  const gameLabel = (name: string): string =>
    choices.find((c) => c.name === name)?.label ?? (isWebGame(name) ? gameTitle(lang, name) : name);

  const yours = el("section", { class: "your-games card-panel", "data-role": "your-games" }, el("h2", {}, t(lang, "home.yours")));
  const listBox = el("div", {});
  yours.appendChild(listBox);
  root.append(el("p", { class: "tagline" }, t(lang, "app.tagline")), learnLinks(lang), el("div", { class: seats.allTokens().length ? "lobby has-games" : "lobby" }, formSlot, yours));

  let stopped = false;
  const refresh = async () => {
    const tokens = seats.allTokens();
    if (!tokens.length) {
      clear(listBox);
      listBox.appendChild(el("p", { class: "muted" }, t(lang, "home.none")));
      return;
    }
    try {
      const { games } = await api.lobby(tokens);
      if (stopped) return;
      clear(listBox);
      if (!games.length) listBox.appendChild(el("p", { class: "muted" }, t(lang, "home.none")));
      games.sort((a, b) => Number(b.your_turn) - Number(a.your_turn) || b.updated_ms - a.updated_ms);
      const ul = el("ul", { class: "games" });
      for (const g of games) ul.appendChild(lobbyRow(g, lang, gameLabel(g.game)));
      listBox.appendChild(ul);
    } catch (err) {
      clear(listBox);
      listBox.appendChild(el("p", { class: "form-error" }, err instanceof Error ? err.message : String(err)));
    }
  };
  void refresh();
  // The signed-in account, if any (a guest's is known at once, without asking).
  void Promise.all([api.gameTypes(), currentAccount()]).then(
    ([types, account]) => {
      if (stopped) return;
      choices = gameChoices(types, lang, (name) => webGame(name)?.variantLabel);
      formSlot.replaceWith(newGameForm(lang, choices, account));
      void refresh(); // the rows name their games as the server lists them
    },
    (err) => {
      if (stopped) return;
      clear(formSlot);
      const error = err instanceof Error ? err.message : String(err);
      formSlot.appendChild(el("p", { class: "form-error", role: "alert" }, t(lang, "home.games.failed", { error })));
    },
  );
  const timer = setInterval(refresh, 5000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

// The new game's form: the games the server lists (one not playable here says so), the
// opponents, the player counts and variants the chosen game allows, a row per other
// seat, the creator's name.
function newGameForm(lang: Lang, choices: readonly GameChoice[], account: Account | null): HTMLFormElement {
  const status = el("p", { class: "form-error", role: "alert", "data-role": "form-error" });
  const first = choices.find((c) => c.playable) ?? choices[0];
  const counts = [...new Set(choices.flatMap((c) => c.players))].sort((a, b) => a - b);
  const notHere = el("p", { class: "form-error", "data-role": "unplayable", hidden: true });
  const start = el("button", { type: "submit", class: "primary", "data-action": "start" }, t(lang, "home.start"));
  // A rated game (issue 37): signed in, every other seat a person joining by invite.
  const rated = el("input", { type: "checkbox", name: "rated", "aria-describedby": "rated-why" });
  const ratedWhy = el("small", { class: "muted", id: "rated-why", "data-role": "rated-why" });
  const ratedBox = el(
    "div",
    { class: "rated-choice", "data-role": "rated-choice" },
    el("label", { class: "rated-check" }, rated, el("span", {}, t(lang, "rated.label"))),
    ratedWhy,
  );
  const form = el(
    "form",
    { class: "new-game card-panel", "data-role": "new-game" },
    el("h2", {}, t(lang, "home.new")),
    el(
      "fieldset",
      {},
      el("legend", {}, t(lang, "home.game")),
      ...choices.map((c) => radio("game", c.name, c.label, c === first)),
    ),
    notHere,
    el(
      "fieldset",
      {},
      el("legend", {}, t(lang, "home.opponents")),
      radio("mode", "bot", t(lang, "home.vs.bot"), true),
      radio("mode", "friend", t(lang, "home.vs.friend"), false),
      radio("mode", "hotseat", t(lang, "home.vs.hotseat"), false),
      radio("mode", "mixed", t(lang, "seats.mixed"), false),
    ),
    el(
      "fieldset",
      { "data-when": "bot" },
      el("legend", {}, t(lang, "home.level")),
      radio("level", "easy", t(lang, "home.level.easy"), false),
      radio("level", "medium", t(lang, "home.level.medium"), true),
      radio("level", "hard", t(lang, "home.level.hard"), false),
    ),
    el(
      "fieldset",
      { "data-when": "players" },
      el("legend", {}, t(lang, "home.players")),
      ...counts.map((n) => radio("players", String(n), String(n), n === first?.defaultPlayers)),
    ),
    el(
      "fieldset",
      { "data-when": "variant" },
      el("legend", {}, t(lang, "home.variant")),
      // Each game's own variants (the same name may read otherwise in another game).
      ...choices.flatMap((c) =>
        c.variants.map((v) => {
          const label = radio("variant", v.name, v.label, c === first && v.name === "");
          label.dataset.game = c.name;
          return label;
        }),
      ),
    ),
    seatRows(lang, Math.max(2, ...counts)),
    el(
      "label",
      { class: "name" },
      el("span", {}, t(lang, "home.name")),
      el("input", { name: "name", maxlength: 24, autocomplete: "nickname", value: localStorage.getItem(NAME_KEY) || account?.name || "" }),
    ),
    el(
      "fieldset",
      { "data-role": "clock-choice" },
      el("legend", {}, t(lang, "clock.choose")),
      ...CLOCK_CHOICES.map((c) => radio("clock", c.value, t(lang, c.label), c.value === "")),
    ),
    ratedBox,
    start,
    status,
  );

  const choice = (): GameChoice | undefined => choices.find((c) => c.name === chosen(form, "game"));
  const radios = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`input[name=${name}]`)];
  const playerCount = (): number => {
    const c = choice();
    if (!c) return 2;
    const n = Number(chosen(form, "players"));
    return c.players.includes(n) ? n : c.defaultPlayers;
  };
  const syncVisibility = () => {
    const c = choice();
    const mode = chosen(form, "mode");
    // The player counts this game allows; a count it does not allow gives way to its
    // default when there is a choice (a choice hidden keeps its state for the next game).
    const allowed = c?.players ?? [];
    for (const input of radios("players")) input.closest("label")!.hidden = !allowed.includes(Number(input.value));
    if (allowed.length > 1 && !allowed.includes(Number(chosen(form, "players"))))
      for (const input of radios("players")) input.checked = Number(input.value) === c!.defaultPlayers;
    const players = playerCount();
    // Its variants for that many players; one not open to them gives way to the default.
    const open = c ? variantsFor(c, players).map((v) => v.name) : [];
    for (const input of radios("variant")) {
      const label = input.closest("label")!;
      label.hidden = label.dataset.game !== c?.name || !open.includes(input.value);
    }
    if (open.length && !radios("variant").some((i) => i.checked && !i.closest("label")!.hidden)) {
      const standard = radios("variant").find((i) => !i.closest("label")!.hidden && i.value === "");
      if (standard) standard.checked = true;
    }
    for (const fs of form.querySelectorAll<HTMLElement>("[data-when]")) {
      const when = fs.dataset.when;
      fs.hidden = !(
        (when === "bot" && mode === "bot") ||
        (when === "players" && (c?.players.length ?? 0) > 1) ||
        (when === "variant" && open.length > 0) ||
        (when === "seats" && (mode === "mixed" || mode === "hotseat"))
      );
    }
    // A game the server plays that this app cannot show: said, and not started.
    const why = c ? unplayable(lang, c) : null;
    notHere.textContent = why ?? "";
    notHere.hidden = why === null;
    start.disabled = why !== null;
    // One row per other seat: its kind when mixing, its player's name when at this device.
    for (const row of form.querySelectorAll<HTMLElement>("[data-seat-row]")) {
      const seat = Number(row.dataset.seatRow);
      row.hidden = seat >= players;
      const kind = row.querySelector("select")!;
      kind.hidden = mode !== "mixed";
      row.querySelector<HTMLElement>("[data-role=seat-name]")!.hidden = seatKind(form, seat) !== "here";
    }
    const others = Array.from({ length: players - 1 }, (_, i) => seatKind(form, i + 1));
    const blocked = ratedBlock(account !== null, others);
    rated.disabled = blocked !== null;
    if (blocked !== null) rated.checked = false;
    ratedWhy.textContent = blocked === null ? "" : t(lang, blocked);
    ratedWhy.hidden = blocked === null;
  };
  form.addEventListener("change", syncVisibility);
  syncVisibility();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const c = choice();
    if (!c || !c.playable) return;
    const game = c.name;
    const players = playerCount();
    const variant = variantsFor(c, players).length ? chosen(form, "variant") : "";
    const name = (form.elements.namedItem("name") as HTMLInputElement).value.trim();
    localStorage.setItem(NAME_KEY, name);
    const seatList: SeatSpec[] = [{ player: "human", name }];
    const kinds: SeatKind[] = ["here"];
    for (let i = 1; i < players; i++) {
      const kind = seatKind(form, i);
      kinds.push(kind);
      if (kind === "friend") seatList.push({ player: "human" });
      else if (kind === "here") seatList.push({ player: "human", name: hotseatName(form, lang, i) });
      else seatList.push({ player: kind });
    }
    status.textContent = "";
    try {
      // The names of the players at this device go in the request: the server checks them all first.
      const clock = clockOf(chosen(form, "clock"));
      const asked = { game, players, variant, seats: seatList, creator_seat: 0, ...(clock ? { clock } : {}) };
      const created = await api.create(rated.checked ? { ...asked, rated: true } : asked);
      seats.add(created.game_id, created.seat, created.token);
      const friends = [];
      for (const inv of created.invites) {
        if (kinds[inv.seat] !== "here") {
          friends.push(inv);
          continue;
        }
        const joined = await api.join(created.game_id, inv.invite, seatList[inv.seat]!.name ?? "");
        seats.add(created.game_id, joined.seat, joined.token);
      }
      if (friends.length) invites.set(created.game_id, friends);
      location.hash = `#/game/${created.game_id}`;
    } catch (err) {
      status.textContent = gameErrorText(lang, err);
    }
  });
  return form;
}

function lobbyRow(g: LobbyGame, lang: Lang, gameName: string): HTMLLIElement {
  const held = seats.of(g.game_id);
  const hotseat = held.length > 1;
  const name = (seat: number) => seatNameFor(g, seat, hotseat ? null : g.seat, lang);
  let turn: string;
  if (g.over) turn = resultText(lang, g, hotseat ? null : g.seat, name);
  else if (g.abandoned) turn = t(lang, "home.abandoned");
  else if (g.waiting) turn = t(lang, "home.waiting");
  else if (g.your_turn || (hotseat && g.to_move !== null && held.some((s) => s.seat === g.to_move))) turn = t(lang, "home.turn.you");
  else turn = t(lang, "home.turn.other", { name: name(g.to_move ?? 0) });
  const when = new Date(g.updated_ms).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const yourTurn = g.your_turn && !g.over && !g.waiting;
  const resultEl = el("span", { class: g.over ? "turn result" : "turn", "data-role": g.over ? "result" : "turn" }, turn);
  // A finished game's scores as its game tells them, from its story (Jaipur: the seals
  // and every round's rupees, where the lobby's scores are the last round's alone).
  const game = webGame(g.game);
  const token = held[0]?.token;
  if (g.over && game && token)
    void api.history(g.game_id, token).then(
      (h) => {
        const winners = resultText(lang, { winners: g.winners, scores: null }, hotseat ? null : g.seat, name);
        resultEl.textContent = `${winners} · ${game.endWords(lang, g.scores ?? [], name, h.events)}`;
      },
      () => undefined, // the lobby's own scores stay
    );
  return el(
    "li",
    { class: yourTurn ? "your-turn" : "", "data-game": g.game_id },
    el("span", { class: "game-name" }, gameName),
    el("span", { class: "opponents", "data-role": "opponents" }, hotseat ? listOfSeats(g.seats, name, lang) : againstText(lang, g.seats, g.seat, name)),
    resultEl,
    el("span", { class: "muted" }, `${plural(lang, "home.moves", g.move_count)} · ${when}`),
    el(
      "span",
      { class: "row-actions" },
      el("a", { class: "button", href: `#/game/${g.game_id}` }, t(lang, "home.open")),
      g.over ? el("a", { class: "button", href: `#/replay/${g.game_id}` }, t(lang, "home.replay")) : null,
    ),
  );
}

const listOfSeats = (list: readonly SeatInfo[], name: (s: number) => string, lang: Lang) =>
  t(lang, "replay.players", { names: list.map((_, s) => name(s)).join(", ") });

// The invite page: which game, who invites, the seat (and a Marrakech seat's colours)
// it takes and who else sits at the table; then a name and "Take my seat". An invite
// that cannot be used says why, with the ways on.
export function renderJoin(root: HTMLElement, gameId: string, invite: string, lang: Lang): void {
  if (seats.of(gameId).length) {
    location.hash = `#/game/${gameId}`;
    return;
  }
  const box = el("div", { class: "join-page" }, el("p", { class: "muted" }, t(lang, "invite.loading")));
  root.appendChild(box);
  const watch = { href: `#/watch/${gameId}`, label: t(lang, "dead.watch") };
  const show = (node: HTMLElement) => {
    clear(box);
    box.appendChild(node);
  };
  void (async () => {
    // The game first: an unknown game and an unknown code are both 404s to the invite route.
    let state;
    try {
      state = await api.state(gameId);
    } catch (err) {
      const notFound = err instanceof ApiError && err.code === "not_found";
      show(deadEnd(lang, notFound ? t(lang, "dead.nogame") : t(lang, "invite.unknown"), notFound ? "" : String((err as Error)?.message ?? err)));
      return;
    }
    if (state.over) return show(deadEnd(lang, t(lang, "invite.over"), "", [{ href: `#/replay/${gameId}`, label: t(lang, "home.replay") }]));
    if (state.abandoned) return show(deadEnd(lang, t(lang, "invite.abandoned")));
    let info: InviteInfo;
    try {
      info = await api.invite(gameId, invite);
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_found") return show(deadEnd(lang, t(lang, "invite.unknown"), "", [watch]));
      if (err instanceof ApiError && err.code === "invite_used") return show(deadEnd(lang, t(lang, "invite.used"), "", [watch]));
      return show(deadEnd(lang, err instanceof Error ? err.message : String(err), "", [watch]));
    }
    const game = webGame(state.game);
    if (!game) return show(deadEnd(lang, t(lang, "game.unplayable", { game: state.game })));
    const colours = game.seatColours(state, info.seat);
    const account = await currentAccount();
    show(joinForm(lang, gameId, invite, info, colours, state.rated === true, account));
  })();
}

function joinForm(
  lang: Lang,
  gameId: string,
  invite: string,
  info: InviteInfo,
  colours: number[] | undefined,
  rated: boolean,
  account: Account | null,
): HTMLFormElement {
  const game = t(lang, `game.${info.game}`);
  const name = (seat: number) => seatNameFor(info, seat, null, lang);
  const title =
    info.invited_by === null ? t(lang, "invite.anyone", { game }) : t(lang, "invite.by", { name: name(info.invited_by), game });
  const status = el("p", { class: "form-error", role: "alert", "data-role": "form-error" });
  const input = el("input", { name: "name", maxlength: 24, value: localStorage.getItem(NAME_KEY) || account?.name || "" });
  // A rated game seats accounts only: a guest is sent to sign in, and back here after.
  const back = encodeURIComponent(location.hash);
  const ratedLine = !rated
    ? null
    : account
      ? el("p", { class: "rated-line", "data-role": "rated" }, el("span", { class: "rated-tag" }, t(lang, "rated.tag")), " ", t(lang, "rated.as", { name: account.name }))
      : el(
          "p",
          { class: "rated-line", "data-role": "rated" },
          el("span", { class: "rated-tag" }, t(lang, "rated.tag")),
          " ",
          t(lang, "rated.join"),
          " ",
          el("a", { class: "button primary", href: `#/signin/${back}`, "data-action": "sign-in-to-join" }, t(lang, "acct.signin")),
        );
  const table = el("ul", { class: "join-seats", "data-role": "join-seats" });
  info.seats.forEach((s, seat) => {
    const who = seat === info.seat ? t(lang, "invite.you") : s.joined ? name(seat) : t(lang, "invite.awaited");
    table.appendChild(el("li", { class: seat === info.seat ? "mine" : "" }, `${t(lang, "game.seat", { n: seat + 1 })}: ${who}`));
  });
  const form = el(
    "form",
    { class: "card-panel join", "data-role": "join" },
    el("h2", { "data-role": "invite-title" }, title),
    el(
      "p",
      { "data-role": "invite-seat" },
      t(lang, "invite.seat", { n: info.seat + 1 }),
      colours?.length ? ` ${t(lang, "invite.colours", { colours: colourNames(lang, colours) })}` : "",
    ),
    info.move_count ? el("p", { class: "muted" }, plural(lang, "invite.started", info.move_count)) : null,
    el("h3", {}, t(lang, "invite.table")),
    table,
    ratedLine,
    rated && account ? null : el("label", { class: "name" }, el("span", {}, t(lang, "home.name")), input),
    rated && !account ? null : el("button", { type: "submit", class: "primary", "data-action": "join" }, t(lang, "join.button")),
    status,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    localStorage.setItem(NAME_KEY, input.value.trim());
    try {
      const joined = await api.join(gameId, invite, input.value.trim());
      seats.add(gameId, joined.seat, joined.token);
      location.hash = `#/game/${gameId}`;
    } catch (err) {
      status.textContent = err instanceof ApiError && err.code === "invite_used" ? t(lang, "invite.used") : gameErrorText(lang, err);
    }
  });
  return form;
}
