// Seats in words: lists of names, a Marrakech seat's colours, opponents, results.
import { test } from "node:test";
import assert from "node:assert/strict";
import { againstText, colourNames, listOf, resultText } from "../../build/web/js/shell/seats.js";

const names = (s) => ["You", "Bob", "Easy bot"][s];

test("names and colours are listed with the language's 'and'", () => {
  assert.equal(listOf("en", ["Ann"]), "Ann");
  assert.equal(listOf("en", ["Ann", "Bob", "Cleo"]), "Ann, Bob and Cleo");
  assert.equal(listOf("fr", ["Ann", "Bob"]), "Ann et Bob");
  assert.equal(colourNames("en", [0, 1]), "Red and Blue");
  assert.equal(colourNames("fr", [2]), "Jaune");
});

test("a lobby line names the opponents, not the reader", () => {
  const seats = [{ player: "human" }, { player: "human" }, { player: "easy" }];
  assert.equal(againstText("en", seats, 0, names), "against Bob and Easy bot");
  assert.equal(againstText("fr", seats, 1, names), "contre You et Easy bot");
});

test("a finished game's result from a seat's side, with every score", () => {
  assert.equal(resultText("en", { winners: [0], scores: [74, 61, 50] }, 0, names), "You won · You 74, Bob 61, Easy bot 50");
  assert.equal(resultText("en", { winners: [1], scores: [61, 74, 50] }, 0, names), "Bob won · You 61, Bob 74, Easy bot 50");
  assert.equal(resultText("fr", { winners: [0, 1], scores: null }, null, names), "Victoire partagée\u00a0: You et Bob");
});
