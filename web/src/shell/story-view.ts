// The game's story on screen: the move log (every move, oldest first, the last marked),
// the connection's state in the game's header, what happened since a player's last turn
// (hot-seat's pass screen), and the last move pointed at on the table.
import type { GameEvent, Lang, StateMessage } from "../contract.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { webGame } from "../games.js";
import type { LinkState } from "./story.js";

type Line = (e: GameEvent) => string;

export class MoveLog {
  readonly element: HTMLOListElement;
  private key = "";
  private count = 0;

  constructor(private readonly lang: Lang) {
    this.element = el("ol", { class: "log story-log", "data-role": "log", tabindex: "0", "aria-label": t(lang, "story.log") }) as HTMLOListElement;
  }

  // Shows `events` told by `line`; `key` names the reader (a change of seat in
  // hot-seat play): a new reader, or a shorter story, draws the log anew.
  // `after(i)`: what follows event i in the log (a Jaipur round's end), or null.
  show(events: readonly GameEvent[], line: Line, key: string, after: (i: number) => string | null = () => null): void {
    const list = this.element;
    const fresh = key !== this.key || events.length < this.count;
    // Reading back up the log is not interrupted: it follows new moves only from its end.
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 12;
    if (fresh) {
      clear(list);
      this.count = 0;
      this.key = key;
    }
    if (events.length === 0) {
      if (!list.firstChild) list.appendChild(el("li", { class: "log-empty" }, t(this.lang, "story.empty")));
      return;
    }
    if (this.count === 0) clear(list);
    for (let i = this.count; i < events.length; i++) {
      const e = events[i];
      list.appendChild(el("li", { class: e.chance ? "log-chance" : null, "data-move": i + 1, "data-seat": e.seat }, line(e)));
      const then = after(i);
      if (then) list.appendChild(el("li", { class: "log-round", "data-role": "round-line", "data-after": i + 1 }, then));
    }
    this.count = events.length;
    for (const li of list.querySelectorAll(".log-last")) {
      li.classList.remove("log-last");
      li.removeAttribute("aria-current");
    }
    const moves = list.querySelectorAll("li[data-move]");
    const last = moves[moves.length - 1];
    last?.classList.add("log-last");
    last?.setAttribute("aria-current", "step");
    if (fresh || atEnd) list.scrollTop = list.scrollHeight;
  }
}

// The connection's state, a dot and a word, in the game's header.
export function linkBadge(lang: Lang): { element: HTMLElement; show(state: LinkState): void } {
  const element = el("span", { class: "link-state", "data-role": "link", role: "status" });
  return {
    element,
    show(state: LinkState): void {
      element.dataset.state = state;
      element.textContent = t(lang, `story.link.${state}`);
    },
  };
}

// Hot-seat's pass screen: what happened since `name` last played, a line each.
export function sinceLastTurn(lang: Lang, name: string, events: readonly GameEvent[], line: Line): HTMLElement {
  return el(
    "div",
    { class: "story-since", "data-role": "since" },
    el("p", {}, t(lang, "story.since", { name })),
    events.length
      ? el("ol", { class: "log" }, ...events.map((e) => el("li", { class: e.chance ? "log-chance" : null }, line(e))))
      : el("p", { class: "muted" }, t(lang, "story.since.none")),
  );
}

// Points at what the last move touched, until the next one, as its game's module says
// (games.ts): Jaipur's market cards an exchange left, the token pile a sale took from,
// the mover's hand or herd; Marrakech's last carpet and Assam's last walk.
export function markLastMove(table: HTMLElement, msg: StateMessage, story: readonly GameEvent[]): void {
  for (const old of table.querySelectorAll(".story-last, .story-path")) old.classList.remove("story-last", "story-path");
  const mark = (selector: string): void => table.querySelector(selector)?.classList.add("story-last");
  webGame(msg.game)?.markLastMove(table, msg, story, mark);
}
