// "Play again": a new game with the same seats (the same bots, friends invited again,
// or every seat held again in hot-seat play), then its page.
import type { StateMessage } from "../contract.js";
import { api, invites, seats } from "../api.js";
import { webGame } from "../games.js";

export async function playAgain(msg: StateMessage, mySeat: number, hotseat: boolean): Promise<void> {
  const seatList = msg.seats.map((s) => ({ player: s.player, name: s.player === "human" ? s.name : "" }));
  const created = await api.create({
    game: msg.game,
    players: msg.seats.length,
    variant: webGame(msg.game)?.variantOf(msg) ?? "",
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
