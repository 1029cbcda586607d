// The lobby: start a game (bots, a friend by invite link, or hot-seat), the games
// this browser holds with whose turn it is, and the invite page.
import type { Lang } from "../contract.js";
import { api, ApiError, invites, seats, type LobbyGame, type SeatSpec } from "../api.js";
import { clear, el } from "../dom.js";
import { plural, t } from "../i18n/t.js";

const NAME_KEY = "souk.name";

function radio(name: string, value: string, label: string, checked: boolean): HTMLLabelElement {
  return el("label", { class: "choice" }, el("input", { type: "radio", name, value, checked }), el("span", {}, label));
}

function chosen(form: HTMLFormElement, name: string): string {
  return (form.elements.namedItem(name) as RadioNodeList).value;
}

export function renderLobby(root: HTMLElement, lang: Lang): () => void {
  const status = el("p", { class: "form-error", role: "alert", "data-role": "form-error" });
  const form = el(
    "form",
    { class: "new-game card-panel", "data-role": "new-game" },
    el("h2", {}, t(lang, "home.new")),
    el(
      "fieldset",
      {},
      el("legend", {}, t(lang, "home.game")),
      radio("game", "jaipur", "Jaipur", true),
      radio("game", "marrakech", "Marrakech", false),
    ),
    el(
      "fieldset",
      {},
      el("legend", {}, t(lang, "home.opponents")),
      radio("mode", "bot", t(lang, "home.vs.bot"), true),
      radio("mode", "friend", t(lang, "home.vs.friend"), false),
      radio("mode", "hotseat", t(lang, "home.vs.hotseat"), false),
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
      { "data-when": "marrakech" },
      el("legend", {}, t(lang, "home.players")),
      radio("players", "2", "2", true),
      radio("players", "3", "3", false),
      radio("players", "4", "4", false),
    ),
    el(
      "fieldset",
      { "data-when": "marrakech2" },
      el("legend", {}, t(lang, "home.variant")),
      radio("variant", "", t(lang, "home.variant.standard"), true),
      radio("variant", "single-colour", t(lang, "home.variant.single"), false),
    ),
    el(
      "label",
      { class: "name" },
      el("span", {}, t(lang, "home.name")),
      el("input", { name: "name", maxlength: 24, autocomplete: "nickname", value: localStorage.getItem(NAME_KEY) ?? "" }),
    ),
    el("button", { type: "submit", class: "primary", "data-action": "start" }, t(lang, "home.start")),
    status,
  );

  const syncVisibility = () => {
    const game = chosen(form, "game");
    const mode = chosen(form, "mode");
    const players = chosen(form, "players");
    for (const fs of form.querySelectorAll<HTMLElement>("[data-when]")) {
      const when = fs.dataset.when;
      fs.hidden = !(
        (when === "bot" && mode === "bot") ||
        (when === "marrakech" && game === "marrakech") ||
        (when === "marrakech2" && game === "marrakech" && players === "2")
      );
    }
  };
  form.addEventListener("change", syncVisibility);
  syncVisibility();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const game = chosen(form, "game");
    const mode = chosen(form, "mode");
    const players = game === "jaipur" ? 2 : Number(chosen(form, "players"));
    const variant = game === "marrakech" && players === 2 ? chosen(form, "variant") : "";
    const name = (form.elements.namedItem("name") as HTMLInputElement).value.trim();
    localStorage.setItem(NAME_KEY, name);
    const seatList: SeatSpec[] = [{ player: "human", name }];
    for (let i = 1; i < players; i++) seatList.push(mode === "bot" ? { player: chosen(form, "level") } : { player: "human" });
    status.textContent = "";
    try {
      const created = await api.create({ game, players, variant, seats: seatList, creator_seat: 0 });
      seats.add(created.game_id, created.seat, created.token);
      if (mode === "hotseat") {
        for (const inv of created.invites) {
          const joined = await api.join(created.game_id, inv.invite, `${t(lang, "game.seat", { n: inv.seat + 1 })}`);
          seats.add(created.game_id, joined.seat, joined.token);
        }
      } else if (created.invites.length) {
        invites.set(created.game_id, created.invites);
      }
      location.hash = `#/game/${created.game_id}`;
    } catch (err) {
      status.textContent = err instanceof Error ? err.message : String(err);
    }
  });

  const yours = el("section", { class: "your-games card-panel", "data-role": "your-games" }, el("h2", {}, t(lang, "home.yours")));
  const listBox = el("div", {});
  yours.appendChild(listBox);
  root.append(el("p", { class: "tagline" }, t(lang, "app.tagline")), el("div", { class: "lobby" }, form, yours));

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
      for (const g of games) ul.appendChild(lobbyRow(g, lang));
      listBox.appendChild(ul);
    } catch (err) {
      clear(listBox);
      listBox.appendChild(el("p", { class: "form-error" }, err instanceof Error ? err.message : String(err)));
    }
  };
  void refresh();
  const timer = setInterval(refresh, 5000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function lobbyRow(g: LobbyGame, lang: Lang): HTMLLIElement {
  const held = seats.of(g.game_id);
  const hotseat = held.length > 1;
  const turn = g.over
    ? t(lang, "home.over")
    : g.your_turn || (hotseat && g.to_move !== null && held.some((s) => s.seat === g.to_move))
      ? t(lang, "home.turn.you")
      : t(lang, "home.turn.other", { name: t(lang, "game.seat", { n: (g.to_move ?? 0) + 1 }) });
  const when = new Date(g.updated_ms).toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return el(
    "li",
    { class: g.your_turn && !g.over ? "your-turn" : "", "data-game": g.game_id },
    el("span", { class: "game-name" }, t(lang, `game.${g.game}`)),
    el("span", { class: "turn" }, turn),
    el("span", { class: "muted" }, `${plural(lang, "home.moves", g.move_count)} · ${when}`),
    el(
      "span",
      { class: "row-actions" },
      el("a", { class: "button", href: `#/game/${g.game_id}` }, t(lang, "home.open")),
      g.over ? el("a", { class: "button", href: `#/replay/${g.game_id}` }, t(lang, "home.replay")) : null,
    ),
  );
}

export function renderJoin(root: HTMLElement, gameId: string, invite: string, lang: Lang): void {
  if (seats.of(gameId).length) {
    location.hash = `#/game/${gameId}`;
    return;
  }
  const status = el("p", { class: "form-error", role: "alert" });
  const name = el("input", { name: "name", maxlength: 24, value: localStorage.getItem(NAME_KEY) ?? "" });
  const form = el(
    "form",
    { class: "card-panel join", "data-role": "join" },
    el("h2", {}, t(lang, "join.title")),
    el("label", { class: "name" }, el("span", {}, t(lang, "home.name")), name),
    el("button", { type: "submit", class: "primary", "data-action": "join" }, t(lang, "join.button")),
    status,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    localStorage.setItem(NAME_KEY, name.value.trim());
    try {
      const joined = await api.join(gameId, invite, name.value.trim());
      seats.add(gameId, joined.seat, joined.token);
      location.hash = `#/game/${gameId}`;
    } catch (err) {
      status.textContent =
        err instanceof ApiError && err.status === 409 ? t(lang, "join.used") : err instanceof Error ? err.message : String(err);
    }
  });
  root.appendChild(form);
}
