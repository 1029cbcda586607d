// The shell's words: who each seat is, and the status line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { othersAreBots, seatNameFor, statusText } from "../../build/web/js/shell/status.js";

const seat = (player, name = "") => ({ player, name, joined: true });

test("seat names: you, a name, a bot by its level, a player by number", () => {
  const msg = { seats: [seat("human", "Ann"), seat("hard"), seat("human"), seat("mcts:time=500")] };
  assert.equal(seatNameFor(msg, 0, 0, "en"), "You");
  assert.equal(seatNameFor(msg, 0, null, "fr"), "Ann");
  assert.equal(seatNameFor(msg, 1, 0, "en"), "Hard bot");
  assert.equal(seatNameFor(msg, 1, 0, "fr"), "Robot difficile");
  assert.equal(seatNameFor(msg, 2, 0, "en"), "Player 3");
  assert.equal(seatNameFor(msg, 3, 0, "en"), "mcts:time=500 bot");
});

test("bots of one level are told apart by seat", () => {
  const msg = { seats: [seat("human", "Zoé"), seat("easy"), seat("easy"), seat("easy")] };
  assert.deepEqual([1, 2, 3].map((s) => seatNameFor(msg, s, 0, "fr")), ["Robot facile 2", "Robot facile 3", "Robot facile 4"]);
});

test("the status line", () => {
  const names = (s) => ["Ann", "Bob"][s];
  const base = { over: false, seats: [seat("human"), seat("human")], to_move: 1, legal: [], seat: 0 };
  assert.equal(statusText("en", base, names, false), "Bob to play");
  assert.equal(statusText("fr", { ...base, legal: ["camels"] }, names, false), "À vous de jouer");
  assert.equal(statusText("en", { ...base, seat: null }, names, false), "You are watching · Bob to play");
  assert.equal(statusText("en", { ...base, seat: null }, names, true), "Bob to play", "hot-seat: nobody watches");
  assert.equal(statusText("en", { ...base, seats: [seat("human"), { ...seat("human"), joined: false }] }, names, false), "Waiting for a player to join");
  assert.equal(statusText("fr", { ...base, over: true }, names, false), "Partie terminée");
});

test("a hint only against bots", () => {
  assert.ok(othersAreBots({ seat: 0, seats: [seat("human"), seat("easy")] }));
  assert.ok(!othersAreBots({ seat: 0, seats: [seat("human"), seat("human")] }));
});
