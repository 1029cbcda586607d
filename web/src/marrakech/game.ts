// Marrakech as the shell reaches it (games.ts): its screen, the single-colour variant,
// each seat's carpet colours, the end's score breakdown, and the last carpet and walk
// pointed at on the table.
import type { MarrakechState, WebGame } from "../contract.js";
import { el } from "../dom.js";
import { plural, t } from "../i18n/t.js";
import { lastOf } from "../shell/story.js";
import { CARPET_COLOURS } from "./art.js";
import { onBoard, squareName, squareXY } from "./geometry.js";
import { createMarrakechScreen } from "./screen.js";

// The variant whose seats play one colour each (two players only).
const SINGLE_COLOUR = "single-colour";

export const marrakechGame: WebGame<MarrakechState> = {
  name: "marrakech",
  createScreen: createMarrakechScreen,
  variantLabel: (lang, variant) =>
    variant === "" ? t(lang, "home.variant.standard") : variant === SINGLE_COLOUR ? t(lang, "home.variant.single") : variant,
  // Two players with a colour each: the single-colour variant (four colours would be two each).
  variantOf: (msg) => (msg.view.players[0].colors.length === 1 && msg.seats.length === 2 ? SINGLE_COLOUR : ""),
  seatColours: (msg, seat) => msg.view.players[seat]?.colors,
  seatHue: (msg, seat) => {
    const first = msg.view.players[seat]?.colors[0];
    return first === undefined ? undefined : CARPET_COLOURS[first];
  },
  moveDialog: () => null,
  // As the core counts it: visible squares plus dirhams.
  finalScores(lang, msg, seatName) {
    if (!msg.scores) return null;
    return msg.view.players.map((b, p) =>
      el(
        "li",
        { "data-role": "breakdown", "data-seat": p },
        t(lang, "story.breakdown", {
          name: seatName(p),
          squares: plural(lang, "story.squares", b.squares),
          dirhams: plural(lang, "dirhams", b.dirhams),
          score: b.score,
        }),
      ),
    );
  },
  summaryExtra: () => [],
  afterEvent: () => null,
  endWords: (lang, scores, seatName) => scores.map((s, p) => t(lang, "score.line", { name: seatName(p), score: s })).join(", "),
  // The last carpet (outlined) and the squares of Assam's last walk (dashed).
  markLastMove(table, msg, story, mark) {
    const place = lastOf(story, "place");
    if (place) {
      const [x, y] = squareXY(place.squares[0]);
      const cell = msg.view.board[y]?.[x];
      if (cell) mark(`[data-carpet="${cell.carpet}"]`);
    }
    const roll = lastOf(story, "roll");
    for (const p of roll?.path ?? [])
      if (onBoard(p.x, p.y)) table.querySelector(`[data-square="${squareName(p.x, p.y)}"]`)?.classList.add("story-path");
  },
  replayPace: 1600,
};
