// The side of the Marrakech screen: whose turn and what to do, the controls of the seat
// to move (orientation buttons; the carpet to place, with Place and Clear), the die and
// what the last roll did, and every player's dirhams and carpets.
import type { Lang, MarrakechState } from "../contract.js";
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { coinIcon, colourName, dieFace, orientIcon, swatch } from "./art.js";
import { ORIENTATIONS, type Orientation } from "./moves.js";

// What the controls offer, and what they do.
export interface Controls {
  orients: readonly Orientation[]; // orientation buttons (none: not this seat's choice)
  placing: boolean; // Place and Clear, with a line of help
  hinted: string | null;
  send(move: Orientation): void;
  pointOrient(o: Orientation | null): void; // the pointer or the focus on a button
  place(): void;
  clear(): void;
}

export class Panel {
  readonly element: HTMLElement;
  private readonly status: HTMLElement;
  private readonly controls: HTMLElement;
  private readonly die: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly players: HTMLElement;

  constructor(
    private readonly lang: Lang,
    private readonly uid: string,
    private readonly seatName: (seat: number) => string,
    // The seat addressed as "you" (null: none), as the roll's notice addresses it.
    private readonly you: () => number | null,
  ) {
    this.status = el("p", { class: "mk-status", "aria-live": "polite" });
    this.controls = el("div", { class: "mk-controls" });
    this.die = el("div", { class: "mk-die", "data-role": "die" });
    this.caption = el("div", { class: "mk-roll-caption" }, t(lang, "mk.lastRoll"));
    this.notice = el("div", { class: "mk-notice", "aria-live": "polite" });
    this.players = el("ul", { class: "mk-players", "aria-label": t(lang, "mk.players") });
    const roll = el("div", { class: "mk-roll" }, this.die, el("div", { class: "mk-roll-text" }, this.caption, this.notice));
    this.element = el("div", { class: "mk-side" }, this.status, this.controls, roll, this.players);
  }

  // Whose turn, and what to do when it is this seat's (`mine`).
  showStatus(msg: MarrakechState, mine: boolean): void {
    const view = msg.view;
    const name = view.to_move === null ? "" : this.seatName(view.to_move);
    const lang = this.lang;
    let text = "";
    const yours = view.to_move !== null && view.to_move === this.you();
    if (view.phase === "game_over" || msg.over) text = t(lang, "mk.over");
    else if (view.phase === "orient") text = mine ? t(lang, "mk.orientMine") : yours ? t(lang, "mk.orientYou") : t(lang, "mk.orientOther", { name });
    else if (view.phase === "roll") text = this.rollText(view.to_move);
    else if (view.phase === "place") text = mine ? t(lang, "mk.placeMine") : yours ? t(lang, "mk.placeYou") : t(lang, "mk.placeOther", { name });
    this.status.textContent = text;
  }

  // While Assam walks, the status says who rolled, and no control shows.
  showRolling(seat: number): void {
    this.status.textContent = this.rollText(seat);
    this.controls.replaceChildren();
  }

  private rollText(seat: number | null): string {
    if (seat !== null && seat === this.you()) return t(this.lang, "mk.rollMine");
    return t(this.lang, "mk.rollOther", { name: seat === null ? "" : this.seatName(seat) });
  }

  // A tribute's dirhams flown from the payer's purse to the payee's, as the event says
  // (`tribute.from`, `to`, `amount`): the purses show the amounts before it until the
  // caller refreshes them. `tween` runs the flight (the screen's timeline).
  async payTribute(
    tribute: { from: number; to: number; amount: number },
    tween: (ms: number, fn: (t: number) => void) => Promise<void>,
    ms: number,
  ): Promise<void> {
    const from = this.players.querySelector(`[data-seat="${tribute.from}"] .mk-money`);
    const to = this.players.querySelector(`[data-seat="${tribute.to}"] .mk-money`);
    if (!from || !to) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const coin = el("div", { class: "mk-coin-flight", "aria-hidden": "true", "data-role": "coin-flight" }, coinIcon(), el("span", {}, String(tribute.amount)));
    document.body.appendChild(coin);
    try {
      await tween(ms, (t) => {
        const k = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
        const arc = Math.sin(Math.PI * t) * 24; // a little hop on the way
        coin.style.transform = `translate(${(a.left + (b.left - a.left) * k).toFixed(1)}px, ${(a.top + (b.top - a.top) * k - arc).toFixed(1)}px)`;
      });
    } finally {
      coin.remove();
    }
  }

  showPlayers(msg: MarrakechState): void {
    const { lang, uid } = this;
    const view = msg.view;
    this.players.replaceChildren();
    const over = view.phase === "game_over" || msg.over;
    const winners = msg.winners?.length ? msg.winners : (view.winners ?? []);
    const shownSquares = new Map<number, number>();
    for (const row of view.board) for (const c of row) if (c) shownSquares.set(c.color, (shownSquares.get(c.color) ?? 0) + 1);
    view.players.forEach((pl, p) => {
      const toMove = !over && view.to_move === p;
      const won = over && winners.includes(p);
      const li = el("li", { class: `mk-player${toMove ? " mk-to-move" : ""}${pl.out ? " mk-out" : ""}${won ? " mk-winner" : ""}`, "data-seat": p });
      li.appendChild(
        el(
          "div",
          { class: "mk-player-head" },
          el("span", { class: "mk-player-name" }, this.seatName(p)),
          toMove && el("span", { class: "mk-badge mk-badge-turn" }, t(lang, "mk.toMove")),
          pl.out && el("span", { class: "mk-badge mk-badge-out" }, t(lang, "mk.out")),
          won && el("span", { class: "mk-badge mk-badge-win" }, t(lang, "mk.winner")),
        ),
      );
      li.appendChild(el("div", { class: "mk-money" }, coinIcon(), el("span", {}, plural(lang, "dirhams", pl.dirhams))));
      const cols = li.appendChild(el("div", { class: "mk-colours" }));
      pl.colors.forEach((c, i) => {
        const left = plural(lang, "mk.left", pl.carpets_left?.[i] ?? 0);
        const title = t(lang, "label.detail", { label: colourName(lang, c), detail: `${left}, ${plural(lang, "mk.squares", shownSquares.get(c) ?? 0)}` });
        cols.appendChild(
          el(
            "span",
            { class: "mk-colour", title },
            swatch(lang, uid, c, false),
            el("span", { class: "mk-colour-name" }, colourName(lang, c)),
            el("span", { class: "mk-colour-left" }, left),
          ),
        );
      });
      const sq = pl.colors.reduce((n, c) => n + (shownSquares.get(c) ?? 0), 0);
      li.appendChild(el("div", { class: "mk-player-squares" }, plural(lang, "mk.squares", sq)));
      this.players.appendChild(li);
    });
  }

  // The carpet to place (to everyone), and the seat to move's controls.
  showControls(msg: MarrakechState, c: Controls | null): void {
    const { lang, uid } = this;
    const view = msg.view;
    this.controls.replaceChildren();
    if (view.phase === "place" && typeof view.current_carpet === "number") {
      this.controls.appendChild(
        el(
          "div",
          { class: "mk-to-place" },
          el("span", { class: "mk-to-place-label" }, t(lang, "mk.toPlace")),
          swatch(lang, uid, view.current_carpet, true, "mk-swatch mk-swatch-wide"),
          el("span", { class: "mk-to-place-name" }, colourName(lang, view.current_carpet)),
        ),
      );
    }
    if (!c) return;
    if (c.orients.length > 0) {
      const row = this.controls.appendChild(el("div", { class: "mk-orient", role: "group", "aria-label": t(lang, "mk.orientGroup") }));
      for (const o of ORIENTATIONS) {
        if (!c.orients.includes(o)) continue;
        const b = el(
          "button",
          {
            class: `mk-btn mk-orient-btn${c.hinted === o ? " mk-hinted" : ""}`,
            type: "button",
            "data-orient": o,
            onclick: () => c.send(o),
            onpointerenter: () => c.pointOrient(o),
            onpointerleave: () => c.pointOrient(null),
            onfocus: () => c.pointOrient(o),
            onblur: () => c.pointOrient(null),
          },
          orientIcon(o),
          el("span", {}, t(lang, `move.${o}`)),
        );
        row.appendChild(b);
      }
    }
    if (c.placing) {
      this.controls.appendChild(
        el(
          "div",
          { class: "mk-place-row" },
          el("button", { class: "mk-btn mk-btn-primary", type: "button", "data-action": "place", onclick: () => c.place() }, t(lang, "mk.place")),
          el("button", { class: "mk-btn", type: "button", "data-action": "clear", onclick: () => c.clear() }, t(lang, "mk.clear")),
        ),
      );
      this.controls.appendChild(el("p", { class: "mk-help" }));
    }
  }

  // The Place and Clear buttons, and the line of help (or the engine's reason `why`).
  showPlacing(chosen: boolean, picked: boolean, why: string): void {
    const place = this.controls.querySelector<HTMLButtonElement>('button[data-action="place"]');
    const clear = this.controls.querySelector<HTMLButtonElement>('button[data-action="clear"]');
    if (place) place.disabled = !chosen;
    if (clear) clear.disabled = !picked;
    const help = this.controls.querySelector<HTMLElement>(".mk-help");
    if (help) {
      help.textContent = why || t(this.lang, chosen ? "mk.confirm" : picked ? "mk.pickSecond" : "mk.pickFirst");
      help.classList.toggle("mk-why", !!why);
    }
  }

  // The die: the last roll, or why there is none to show (`unseen`: joined part-way).
  showDie(roll: number | null, unseen: boolean): void {
    this.die.replaceChildren(dieFace(roll, unseen));
    const text = roll !== null ? t(this.lang, "mk.die", { n: roll }) : t(this.lang, unseen ? "mk.rollUnseen" : "mk.noRoll");
    if (roll === null && !this.notice.textContent) this.notice.textContent = text;
    this.die.setAttribute("aria-label", text);
    this.die.title = text;
    this.die.setAttribute("role", "img");
    this.die.dataset.roll = roll === null ? "" : String(roll);
  }

  // The die shakes while Assam sets off.
  shakeDie(on: boolean): void {
    this.die.classList.remove("mk-die-rolling");
    if (!on) return;
    void this.die.offsetWidth; // restarts the CSS animation
    this.die.classList.add("mk-die-rolling");
  }

  // What the last roll did, a line each: the roll, the tribute, who is out.
  showNotice(lines: readonly string[]): void {
    this.notice.replaceChildren(...lines.map((line, i) => el("div", { class: i > 0 ? "mk-notice-strong" : null }, line)));
  }

  // Drawn again with every state (its words never change).
  refreshCaption(): void {
    this.caption.textContent = t(this.lang, "mk.lastRoll");
  }
}
