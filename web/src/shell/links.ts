// The game page's links: an invite per seat not yet taken (while this browser holds its
// code), labelled by the seat (and a Marrakech seat's colours) it gives, and the
// spectator link, each with a Copy button.
import type { Lang, StateMessage } from "../contract.js";
import { invites } from "../api.js";
import { clear, el } from "../dom.js";
import { t } from "../i18n/t.js";
import { webGame } from "../games.js";
import { colourNames } from "./seats.js";

function inviteLabel(lang: Lang, msg: StateMessage, seat: number): string {
  const colours = webGame(msg.game)?.seatColours(msg, seat);
  return colours?.length
    ? t(lang, "links.invite.colours", { n: seat + 1, colours: colourNames(lang, colours) })
    : t(lang, "links.invite", { n: seat + 1 });
}

export function renderLinks(box: HTMLElement, lang: Lang, gameId: string, msg: StateMessage): void {
  clear(box);
  const here = `${location.origin}${location.pathname}`;
  const pending = invites.of(gameId).filter((i) => msg.seats[i.seat] && !msg.seats[i.seat].joined);
  for (const inv of pending)
    box.appendChild(copyRow(lang, inviteLabel(lang, msg, inv.seat), `${here}#/join/${gameId}/${inv.invite}`, "invite", inv.seat));
  box.appendChild(copyRow(lang, t(lang, "game.spectate"), `${here}#/watch/${gameId}`, "spectate"));
}

function copyRow(lang: Lang, label: string, url: string, role: string, seat: number | null = null): HTMLElement {
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
  return el("div", { class: "copy-row", "data-role": role, "data-seat": seat }, el("span", {}, label), input, button);
}
