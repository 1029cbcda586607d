// "Learn to play" (issue 41): the lessons of each game, played on the real table.
//   #/learn                      the games that have lessons
//   #/learn/GAME                 a game's lessons, each with its ✓ once done, and the whole game
//   #/learn/GAME/LESSON          a lesson, step by step
//   #/learn/GAME/final/ID        the whole game against the gentle bot, which explains its moves
// The table is the game's own screen (games.ts), fed the state the server sends for
// the lesson; every move made on it is sent to the server as the step's `try`, and the
// server's verdict decides: nothing of the rules is computed here. The server keeps
// nothing: the moves made so far are kept here and sent with each request.
import type { GameContext, GameEvent, GameScreen, Lang, Preview, StateMessage } from "../contract.js";
import { api, call, GameSocket, seats } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { describe, joinList } from "../i18n/words.js";
import { gameTitle, isWebGame, webGame } from "../games.js";
import { deadEnd } from "../shell/deadend.js";
import { mountGame } from "../shell/game.js";
import { seatNameFor } from "../shell/status.js";
import { openDialog } from "../shell/dialogs.js";
import { doneLessons, explainEvent, highlightSelectors, isDone, markDone, mergeDone } from "./pure.js";
import { currentAccount } from "../account/session.js";
import { namerFor } from "./names.js";
import type { Book, Lesson, PlayAnswer } from "./types.js";

const lessonsApi = {
  games: () => call<{ games: string[] }>("GET", "/api/lessons"),
  book: (game: string) => call<Book>("GET", `/api/lessons/${encodeURIComponent(game)}`),
  play: (game: string, id: string, moves: (string | null)[], attempt?: string) =>
    call<PlayAnswer>("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}/play`, attempt === undefined ? { moves } : { moves, try: attempt }),
};

// The progress on the signed-in account too, so that it follows the player to another
// device: the browser's lessons sent, the account's all merged back. A guest asks nothing.
async function syncProgress(): Promise<boolean> {
  const account = await currentAccount();
  if (!account) return false;
  try {
    const answer = await call<{ done: string[] }>("PUT", "/api/me/lessons", { done: doneLessons(store()) });
    mergeDone(store(), answer.done);
    return true;
  } catch {
    return false; // kept in the browser; sent again with the next lesson done
  }
}

const store = (): Storage | { getItem: () => null; setItem: () => void } => {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined };
  }
};

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const gameName = (lang: Lang, game: string): string => (isWebGame(game) ? gameTitle(lang, game) : game);

// The route's parts after "learn": [] | [GAME] | [GAME, LESSON] | [GAME, "final", ID].
export function mountLearn(root: HTMLElement, lang: Lang, parts: string[]): () => void {
  const [game, lesson, gameId] = parts;
  if (!game) return renderGames(root, lang);
  if (lesson === "final" && gameId) return mountFinal(root, lang, game, gameId);
  if (!lesson) return renderBook(root, lang, game);
  return mountLesson(root, lang, game, lesson);
}

function page(root: HTMLElement, ...children: (HTMLElement | null)[]): HTMLElement {
  const box = el("div", { class: "learn-page", "data-role": "learn" }, ...children);
  root.appendChild(box);
  return box;
}

// #/learn: the games that have lessons.
function renderGames(root: HTMLElement, lang: Lang): () => void {
  document.title = `${t(lang, "learn.title")} · Souk`;
  const list = el("ul", { class: "learn-games" }, el("li", { class: "muted" }, t(lang, "learn.loading")));
  const box = page(root, el("h1", {}, t(lang, "learn.title")), el("p", { class: "tagline" }, t(lang, "learn.lead")), el("p", {}, t(lang, "learn.choose")), list);
  let stopped = false;
  lessonsApi.games().then(
    ({ games }) => {
      if (stopped) return;
      clear(list);
      const all = doneLessons(store());
      for (const g of games) {
        const done = all.filter((k) => k.startsWith(`${g}/`)).length;
        list.appendChild(
          el(
            "li",
            {},
            el("a", { class: "button primary", href: `#/learn/${encodeURIComponent(g)}`, "data-game": g }, t(lang, "learn.game", { game: gameName(lang, g) })),
            done ? el("span", { class: "muted learn-count" }, ` ✓ ${done}`) : null,
          ),
        );
      }
    },
    (err) => stopped || (clear(box), box.appendChild(deadEnd(lang, t(lang, "learn.error", { error: errorText(err) })))),
  );
  return () => (stopped = true);
}

// #/learn/GAME: the lessons, their progress, and the whole game.
function renderBook(root: HTMLElement, lang: Lang, game: string): () => void {
  document.title = `${t(lang, "learn.game", { game: gameName(lang, game) })} · Souk`;
  const box = page(root, el("p", { class: "muted" }, t(lang, "learn.loading")));
  let stopped = false;
  // The account's progress merged first, so that the ✓ are the account's too.
  Promise.all([lessonsApi.book(game), syncProgress()]).then(
    ([book]) => {
      if (stopped) return;
      clear(box);
      const lessons = book.lessons;
      const doneCount = lessons.filter((l) => isDone(store(), game, l.id)).length;
      box.append(
        el("p", { class: "learn-crumbs" }, el("a", { href: "#/learn" }, `← ${t(lang, "learn.allGames")}`), " · ", el("a", { href: `#/rules/${game}` }, t(lang, "nav.rules"))),
        el("h1", {}, t(lang, "learn.game", { game: gameName(lang, game) })),
        el("p", { class: "learn-progress", "data-role": "learn-progress" }, t(lang, "learn.progress", { done: doneCount, n: lessons.length })),
      );
      if (!lessons.length) box.appendChild(el("p", { class: "muted" }, t(lang, "learn.none")));
      const list = el("ol", { class: "learn-list", "data-role": "lesson-list" });
      for (const l of lessons) {
        const done = isDone(store(), game, l.id);
        list.appendChild(
          el(
            "li",
            { class: done ? "learn-item learn-done" : "learn-item", "data-lesson": l.id, "data-done": String(done) },
            el("a", { href: `#/learn/${encodeURIComponent(game)}/${encodeURIComponent(l.id)}`, "data-action": "open-lesson" }, l.title[lang]),
            done ? el("span", { class: "learn-check", "data-role": "done", "aria-label": t(lang, "learn.doneMark") }, "✓") : null,
          ),
        );
      }
      box.appendChild(list);
      if (book.final) box.appendChild(finalBlock(lang, game, book));
    },
    (err) => stopped || (clear(box), box.appendChild(deadEnd(lang, t(lang, "learn.error", { error: errorText(err) })))),
  );
  return () => (stopped = true);
}

// The whole game against the book's bot: created, then opened at #/learn/GAME/final/ID.
function finalBlock(lang: Lang, game: string, book: Book): HTMLElement {
  const final = book.final!;
  const errorLine = el("p", { class: "error-line", role: "alert" });
  const button = el("button", { class: "primary", type: "button", "data-action": "final" }, t(lang, "learn.final"));
  button.addEventListener("click", () => {
    button.disabled = true;
    errorLine.textContent = t(lang, "learn.final.starting");
    api
      .create({
        game,
        players: final.players || 2,
        // You, and the book's bot at every other seat.
        seats: [{ player: "human", name: t(lang, "game.you") }, ...Array.from({ length: Math.max(1, (final.players || 2) - 1) }, () => ({ player: final.bot }))],
        creator_seat: 0,
      })
      .then(
        (created) => {
          seats.add(created.game_id, created.seat, created.token);
          location.hash = `#/learn/${encodeURIComponent(game)}/final/${encodeURIComponent(created.game_id)}`;
        },
        (err) => {
          button.disabled = false;
          errorLine.textContent = t(lang, "game.error", { error: errorText(err) });
        },
      );
  });
  return el("section", { class: "card-panel learn-final", "data-role": "learn-final" }, el("h2", {}, final.title[lang]), el("p", {}, final.say[lang]), button, errorLine);
}

// #/learn/GAME/LESSON: one lesson, step by step.
function mountLesson(root: HTMLElement, lang: Lang, game: string, id: string): () => void {
  const box = page(root, el("p", { class: "muted" }, t(lang, "learn.loading")));
  let stopped = false;
  let screen: GameScreen | null = null;
  let book: Book | null = null;
  let lesson: Lesson | null = null;
  let moves: (string | null)[] = [];
  let answer: PlayAnswer | null = null;
  let busy = false;
  const story: GameEvent[] = [];
  let lastCount = -1;

  const title = el("h1", { class: "learn-title", "data-role": "lesson-title" });
  const stepLine = el("p", { class: "learn-step muted", "data-role": "lesson-step" });
  const say = el("p", { class: "learn-say", "data-role": "lesson-say", "aria-live": "polite" });
  const why = el("div", { class: "learn-why", "data-role": "lesson-why", role: "alert", hidden: true });
  const nextButton = el("button", { class: "primary", type: "button", "data-action": "lesson-next", hidden: true }, t(lang, "learn.next"));
  const skipButton = el("button", { type: "button", "data-action": "lesson-skip" }, t(lang, "learn.skip"));
  const leave = el("a", { class: "button", href: `#/learn/${encodeURIComponent(game)}`, "data-action": "lesson-leave" }, t(lang, "learn.leave"));
  const donePanel = el("section", { class: "learn-done-panel card-panel", "data-role": "lesson-done", hidden: true });
  const coach = el("section", { class: "learn-coach card-panel" }, stepLine, say, why, donePanel, el("p", { class: "learn-buttons" }, nextButton, skipButton, leave));
  const table = el("div", { class: "table", "data-role": "table" });
  // A move's own dialog (a Jaipur round's scoring), as the game page opens it.
  const dialog = el("div", { class: "dialog-layer", "data-role": "dialog", hidden: true });

  const learner = (): number => lesson?.seat ?? 0;
  const seatName = (seat: number): string => (answer ? seatNameFor(answer.state, seat, learner(), lang) : String(seat));
  const ctx: GameContext = {
    lang,
    seat: null,
    seatName,
    sendMove: (move: string) => void attempt(move),
    // What a move yields: the lesson's server judges a move only when it is played.
    // A move the list does not hold gets the rules' own words, from the server's verdict
    // on it (which changes nothing); a listed one is told by its own words (refused here).
    preview: (move: string): Promise<Preview> => {
      if (!answer || answer.state.legal.includes(move)) return Promise.reject(new Error("not previewed in a lesson"));
      return lessonsApi.play(game, id, moves, move).then((a) => ({ legal: false, error: a.verdict?.why ?? "", code: "illegal_move" }));
    },
    hinted: null,
    story: () => story,
  };

  function show(a: PlayAnswer, animate: boolean): void {
    answer = a;
    ctx.seat = a.state.seat;
    // A step read, or a move refused, leaves the table as it was: drawn again without
    // playing its last move's animation (Assam's walk, a round's end) once more.
    const fresh = a.state.move_count !== lastCount;
    if (a.state.event && fresh) story.push(a.state.event);
    lastCount = a.state.move_count;
    animate = animate && fresh;
    // A finished lesson's table stays as it is, but takes no more moves.
    const drawn: StateMessage = a.done ? { ...a.state, legal: [] } : a.state;
    // The state on the table, for tests and debugging (as the game page keeps it).
    (window as unknown as { __soukState: StateMessage | null }).__soukState = drawn;
    if (!screen) {
      const wg = webGame(a.state.game);
      if (!wg) {
        clear(table);
        table.appendChild(deadEnd(lang, t(lang, "game.unplayable", { game: a.state.game })));
        return;
      }
      table.classList.add(a.state.game);
      screen = wg.createScreen(table, ctx);
    }
    screen.update(drawn, animate);
    const opened = animate ? webGame(a.state.game)?.moveDialog(lang, drawn, seatName, () => (dialog.hidden = true)) : null;
    if (opened) openDialog(dialog, opened);
    const step = lesson!.steps[Math.min(a.step, lesson!.steps.length - 1)];
    stepLine.textContent = t(lang, "learn.step", { i: Math.min(a.step + 1, a.steps), n: a.steps });
    box.dataset.step = String(a.step);
    box.dataset.done = String(a.done);
    if (a.done) {
      say.textContent = "";
      nextButton.hidden = true;
      showDone();
    } else {
      const readOnly = !step?.expect || step.expect.length === 0;
      say.textContent = step ? step.say[lang] : "";
      nextButton.hidden = !readOnly;
      if (!readOnly && a.state.legal.length) say.appendChild(el("span", { class: "learn-hint muted" }, ` ${t(lang, "learn.yourMove")}`));
    }
    pointAt(a.done ? [] : (step?.highlight ?? []));
    void screen.settled().then(() => stopped || answer !== a || pointAt(a.done ? [] : (step?.highlight ?? [])));
  }

  // The step's highlight ids, marked on the table (ids this app cannot map: nothing),
  // and marked again whenever the screen redraws a part of it (a card selected).
  let pointed: readonly string[] = [];
  let repoint = 0;
  const observer = new MutationObserver(() => {
    if (repoint) return;
    repoint = requestAnimationFrame(() => {
      repoint = 0;
      if (!stopped) pointAt(pointed);
    });
  });
  observer.observe(table, { childList: true, subtree: true });
  function pointAt(ids: readonly string[]): void {
    pointed = ids;
    for (const n of table.querySelectorAll(".learn-highlight")) n.classList.remove("learn-highlight");
    for (const hid of ids) for (const sel of highlightSelectors(hid)) for (const n of table.querySelectorAll(sel)) n.classList.add("learn-highlight");
  }

  function showWhy(outcome: string, text: string): void {
    clear(why);
    why.hidden = false;
    why.dataset.outcome = outcome;
    why.append(el("strong", {}, t(lang, outcome === "illegal" ? "learn.illegal" : "learn.wrong")), el("p", {}, text), el("p", { class: "muted" }, t(lang, "learn.tryAgain")));
  }

  function hideWhy(): void {
    why.hidden = true;
    clear(why);
  }

  async function attempt(move: string): Promise<void> {
    if (busy || !answer || answer.done) return;
    busy = true;
    try {
      const a = await lessonsApi.play(game, id, moves, move);
      if (stopped) return;
      const outcome = a.verdict?.outcome;
      if (outcome === "next" || outcome === "done") {
        moves = [...moves, move];
        hideWhy();
        show(a, true);
      } else {
        showWhy(outcome ?? "illegal", a.verdict?.why ?? "");
        // Nothing changed: the table as it was, ready for another try.
        show(a, false);
      }
    } catch (err) {
      if (!stopped) showWhy("illegal", errorText(err));
    } finally {
      busy = false;
    }
  }

  async function readOn(): Promise<void> {
    if (busy || !answer || answer.done) return;
    busy = true;
    try {
      const next = [...moves, null];
      const a = await lessonsApi.play(game, id, next);
      if (stopped) return;
      moves = next;
      hideWhy();
      show(a, true);
    } catch (err) {
      if (!stopped) showWhy("illegal", errorText(err));
    } finally {
      busy = false;
    }
  }
  nextButton.addEventListener("click", () => void readOn());

  const lessonHref = (l: Lesson): string => `#/learn/${encodeURIComponent(game)}/${encodeURIComponent(l.id)}`;
  const following = (): Lesson | null => {
    const list = book?.lessons ?? [];
    const at = list.findIndex((l) => l.id === id);
    return at >= 0 && at + 1 < list.length ? list[at + 1]! : null;
  };
  skipButton.addEventListener("click", () => {
    const next = following();
    location.hash = next ? lessonHref(next) : `#/learn/${encodeURIComponent(game)}`;
  });

  function showDone(): void {
    markDone(store(), game, id);
    void syncProgress();
    clear(donePanel);
    donePanel.hidden = false;
    skipButton.hidden = true;
    leave.hidden = true;
    const next = following();
    const repeat = el("button", { type: "button", "data-action": "lesson-repeat" }, t(lang, "learn.repeat"));
    repeat.addEventListener("click", () => void start().catch((err: unknown) => stopped || showWhy("illegal", errorText(err))));
    donePanel.append(
      el("h2", {}, `✓ ${t(lang, "learn.finished")}`),
      el("p", { "data-role": "lesson-done-text" }, lesson!.done[lang]),
      el(
        "p",
        { class: "learn-buttons" },
        next ? el("a", { class: "button primary", href: lessonHref(next), "data-action": "lesson-following" }, t(lang, "learn.nextLesson")) : null,
        repeat,
        el("a", { class: next ? "button" : "button primary", href: `#/learn/${encodeURIComponent(game)}`, "data-action": "lesson-back" }, t(lang, "learn.back")),
      ),
    );
  }

  async function start(): Promise<void> {
    moves = [];
    story.length = 0;
    lastCount = -1;
    hideWhy();
    donePanel.hidden = true;
    skipButton.hidden = false;
    leave.hidden = false;
    // A new table: the lesson's first state is no animation of the last one's.
    screen?.destroy();
    screen = null;
    clear(table);
    dialog.hidden = true;
    answer = null;
    box.dataset.step = "-1";
    box.dataset.done = "false";
    (window as unknown as { __soukState: StateMessage | null }).__soukState = null;
    const a = await lessonsApi.play(game, id, []);
    if (!stopped) show(a, false);
  }

  (async () => {
    try {
      book = await lessonsApi.book(game);
      if (stopped) return;
      lesson = book.lessons.find((l) => l.id === id) ?? null;
      clear(box);
      if (!lesson) {
        box.appendChild(deadEnd(lang, t(lang, "learn.unknown"), "", [{ href: `#/learn/${encodeURIComponent(game)}`, label: t(lang, "learn.back") }]));
        return;
      }
      document.title = `${lesson.title[lang]} · ${t(lang, "learn.title")} · Souk`;
      title.textContent = lesson.title[lang];
      box.append(
        el("p", { class: "learn-crumbs" }, el("a", { href: `#/learn/${encodeURIComponent(game)}` }, `← ${t(lang, "learn.game", { game: gameName(lang, game) })}`)),
        title,
        el("div", { class: "learn-body" }, coach, el("div", { class: "table-wrap learn-table" }, table)),
        dialog,
      );
      await start();
    } catch (err) {
      if (stopped) return;
      clear(box);
      box.appendChild(deadEnd(lang, t(lang, "learn.error", { error: errorText(err) })));
    }
  })();

  return () => {
    stopped = true;
    observer.disconnect();
    if (repoint) cancelAnimationFrame(repoint);
    screen?.destroy();
  };
}

// #/learn/GAME/final/ID: the normal game page, with the bot's explanations above it.
function mountFinal(root: HTMLElement, lang: Lang, game: string, gameId: string): () => void {
  const lines = el("ol", { class: "learn-explain-list", "data-role": "bot-explain", "aria-live": "polite" });
  const waiting = el("p", { class: "muted", "data-role": "bot-explain-waiting" }, t(lang, "learn.final.waiting"));
  const head = el("h2", {}, t(lang, "learn.final.bot"));
  const panel = el("section", { class: "learn-explain card-panel", "data-role": "learn-explain" }, head, waiting, lines);
  const crumbs = el("p", { class: "learn-crumbs" }, el("a", { href: `#/learn/${encodeURIComponent(game)}` }, `← ${t(lang, "learn.back")}`));
  const box = page(root, crumbs, panel);
  const gameBox = el("div", { class: "learn-final-game" });
  box.appendChild(gameBox);
  const unmountGame = mountGame(gameBox, gameId, lang, "play");
  const mine = seats.of(gameId)[0]?.seat ?? 0;
  let book: Book | null = null;
  let last = -1;
  const pending: StateMessage[] = [];

  const seatName = (msg: StateMessage) => (seat: number) => seatNameFor(msg, seat, mine, lang);
  function explain(msg: StateMessage): void {
    if (msg.move_count === last) return;
    last = msg.move_count;
    const e = msg.event;
    if (!e || e.seat === mine || !book) return;
    const name = seatName(msg);
    // The book's words for the move; else, for a move the bot chose, the log's words.
    const text =
      explainEvent(book.final?.explain, e as unknown as Record<string, unknown>, lang, namerFor(lang, name), (parts) => joinList(parts, lang)) ??
      (e.chance ? null : describe(e, name, lang, mine));
    if (text === null) return;
    waiting.hidden = true;
    lines.prepend(el("li", { "data-action-name": e.action }, text));
    while (lines.children.length > 6) lines.lastElementChild?.remove();
  }

  // The moves as a spectator sees them: the bot's are public (a Jaipur hand is not in them).
  const socket = new GameSocket(gameId, null, {
    state: (msg) => (book ? explain(msg) : pending.push(msg)),
    error: () => undefined,
    connection: () => undefined,
  });
  let stopped = false;
  lessonsApi.book(game).then(
    (b) => {
      if (stopped) return;
      book = b;
      if (b.final) head.textContent = `${b.final.title[lang]} · ${t(lang, "learn.final.bot")}`;
      for (const msg of pending.splice(0)) explain(msg);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    socket.close();
    unmountGame();
  };
}
