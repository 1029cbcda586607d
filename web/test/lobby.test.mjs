// The lobby's choices come from the server's list of games (GET /api/game-types): the
// player counts and variants of each, and a game the web app has no table for shown as
// not playable in the browser yet, never a crash.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gameChoices, unplayable, variantsFor } from "../../build/web/js/shell/choices.js";
import { isWebGame, webGame, WEB_GAMES } from "../../build/web/js/games.js";

// As the server answers (src/core/game_type.cc), with a third game no web table knows.
const types = [
  { name: "jaipur", display_name: "Jaipur", display_name_fr: "Jaipur", min_players: 2, max_players: 2, default_players: 2, variants: [], explicit_chance: false, hidden_information: true },
  {
    name: "marrakech",
    display_name: "Marrakech",
    display_name_fr: "Marrakech",
    min_players: 2,
    max_players: 4,
    default_players: 2,
    variants: [{ name: "single-colour", min_players: 2, max_players: 2 }],
    explicit_chance: true,
    hidden_information: false,
  },
  { name: "backgammon", display_name: "Backgammon", display_name_fr: "Jacquet", min_players: 2, max_players: 2, default_players: 2, variants: [], explicit_chance: true, hidden_information: false },
];
const labels = (name) => webGame(name)?.variantLabel;

test("every game the server lists is a choice, named in the page's language", () => {
  const en = gameChoices(types, "en", labels);
  assert.deepEqual(en.map((c) => c.name), ["jaipur", "marrakech", "backgammon"]);
  assert.deepEqual(en.map((c) => c.label), ["Jaipur", "Marrakech", "Backgammon"]);
  assert.equal(gameChoices(types, "fr", labels)[2].label, "Jacquet");
  assert.deepEqual(en.map((c) => c.playable), [true, true, false]);
});

test("player counts and variants as the server allows them", () => {
  const [jaipur, marrakech] = gameChoices(types, "en", labels);
  assert.deepEqual(jaipur.players, [2]);
  assert.deepEqual(marrakech.players, [2, 3, 4]);
  assert.deepEqual(variantsFor(jaipur, 2), []);
  assert.deepEqual(variantsFor(marrakech, 2).map((v) => [v.name, v.label]), [
    ["", "Standard (two colours each)"],
    ["single-colour", "Single colour"],
  ]);
  assert.deepEqual(variantsFor(marrakech, 3), [], "single colour is for two only: no choice left");
  assert.equal(gameChoices(types, "fr", labels)[1].variants[1].label, "Une seule couleur");
});

test("a game without a web table is listed and says it cannot be played here yet", () => {
  const choices = gameChoices(types, "en", labels);
  assert.equal(unplayable("en", choices[0]), null);
  assert.equal(unplayable("en", choices[2]), "Backgammon is not playable in the browser yet.");
  assert.equal(unplayable("fr", gameChoices(types, "fr", labels)[2]), "Jacquet ne se joue pas encore dans le navigateur.");
  assert.equal(webGame("backgammon"), undefined);
  assert.ok(!isWebGame("backgammon"));
  // A variant of a game the app does not know keeps the server's name for it.
  const odd = gameChoices([{ ...types[2], variants: [{ name: "nackgammon", min_players: 2, max_players: 2 }] }], "en", labels)[0];
  assert.deepEqual(variantsFor(odd, 2).map((v) => v.label), ["Standard", "nackgammon"]);
});

test("each game of the web table is one the contract names, with its module", () => {
  assert.deepEqual([...WEB_GAMES], ["jaipur", "marrakech"]);
  for (const name of WEB_GAMES) {
    const game = webGame(name);
    assert.equal(game.name, name);
    assert.equal(typeof game.createScreen, "function");
    assert.ok(game.replayPace > 0);
  }
});

test("play again keeps the variant the game was played in", () => {
  const mk = (colours, seats) => ({ game: "marrakech", view: { players: colours.map((c) => ({ colors: c })) }, seats: Array(seats).fill({}) });
  assert.equal(webGame("marrakech").variantOf(mk([[0], [1]], 2)), "single-colour");
  assert.equal(webGame("marrakech").variantOf(mk([[0, 2], [1, 3]], 2)), "");
  assert.equal(webGame("marrakech").variantOf(mk([[0], [1], [2]], 3)), "");
  assert.equal(webGame("jaipur").variantOf({ game: "jaipur" }), "");
  assert.deepEqual(webGame("marrakech").seatColours(mk([[0, 2], [1, 3]], 2), 1), [1, 3]);
  assert.equal(webGame("jaipur").seatColours({ game: "jaipur" }, 1), undefined);
});
