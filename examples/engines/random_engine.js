#!/usr/bin/env node
// A souk-engine 1 engine in JavaScript (Node.js 20, no packages) that plays Jaipur
// uniformly at random over the legal moves: a template for engine authors
// (docs/engine-protocol.md, "Writing an engine"). Replace choose() with your own.
//
// What a JavaScript engine must take care of, and this one does:
// - newgame's seed runs to 2^64 - 1, past what JSON.parse reads exactly (2^53): it is
//   read from the line's text as a BigInt;
// - go's time is the engine's own to keep: no stop comes before the move is late;
// - keys it does not know (moves_played, later ones) are ignored;
// - Node.js 20 reserves much address space at start (it cannot start in 700 MB):
//   register it with memory_mb 1024 or more, or 0 (examples/engines/engines.json).
"use strict";
const readline = require("node:readline");

const CARDS = ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"];
const GOODS = CARDS.slice(0, 6);
const PRECIOUS = new Set(["diamond", "gold", "silver"]); // sold two at least
const HAND_LIMIT = 7;

function counts(cards) {
  const c = Object.fromEntries(CARDS.map((name) => [name, 0]));
  for (const card of cards) c[card] += 1;
  return c;
}

// Cards in canonical order, as move text writes them.
function cardList(c) {
  return CARDS.flatMap((name) => Array(c[name] || 0).fill(name));
}

// Every multiset of `size` cards from the counts `available`, in card order.
function multisets(available, size) {
  const names = CARDS.filter((n) => (available[n] || 0) > 0);
  const out = [];
  const rec = (i, left, picked) => {
    if (left === 0) return void out.push({ ...picked });
    if (i === names.length) return;
    const name = names[i];
    for (let k = Math.min(available[name], left); k >= 0; --k) {
      if (k) picked[name] = k;
      else delete picked[name];
      rec(i + 1, left - k, picked);
    }
    delete picked[name];
  };
  rec(0, size, {});
  return out;
}

// The legal moves of the player to move (the viewer), in canonical text.
function jaipurLegalMoves(view) {
  const me = view.players[view.viewer];
  const hand = counts(me.hand);
  const handSize = me.hand.length;
  const market = counts(view.market);
  const moves = [];
  if (handSize < HAND_LIMIT) for (const g of GOODS) if (market[g]) moves.push(`take ${g}`);
  if (market.camel) moves.push("camels");
  for (const g of GOODS)
    for (let n = PRECIOUS.has(g) ? 2 : 1; n <= hand[g]; ++n) moves.push(`sell ${n} ${g}`);
  // Exchanges: take 2+ goods (no camel), give as many cards from the hand and the herd,
  // never a good both taken and given; the hand ends at 7 or fewer.
  const marketGoods = Object.fromEntries(GOODS.map((g) => [g, market[g]]));
  const givable = { ...hand, camel: me.herd };
  const sum = (c) => Object.values(c).reduce((a, b) => a + b, 0);
  const most = Math.min(sum(marketGoods), sum(givable));
  for (let size = 2; size <= most; ++size) {
    for (const taken of multisets(marketGoods, size)) {
      const allowed = Object.fromEntries(CARDS.map((n) => [n, taken[n] ? 0 : givable[n]]));
      for (const given of multisets(allowed, size)) {
        if (handSize + (given.camel || 0) > HAND_LIMIT) continue;
        moves.push(`exchange ${cardList(taken).join(" ")} for ${cardList(given).join(" ")}`);
      }
    }
  }
  return moves;
}

// A small seeded generator (mulberry32): the same seed, the same choices.
function generator(seed32) {
  let a = seed32 >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function choose(view, legalMoves, random) {
  return legalMoves[Math.floor(random() * legalMoves.length)];
}

let seat = null;
let view = null;
let random = generator(0);
const reply = (line) => process.stdout.write(line + "\n");

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (raw) => {
  const line = raw.replace(/\r$/, "");
  const space = line.indexOf(" ");
  const kind = space < 0 ? line : line.slice(0, space);
  const rest = space < 0 ? "" : line.slice(space + 1);
  if (!kind) return;
  try {
    if (kind === "souk-engine") {
      if (rest !== "1") return reply("error handshake: this engine speaks souk-engine 1 only");
      reply("id name random-js");
      reply("id author a Souk example");
      reply("plays jaipur 2");
      reply("ok souk-engine 1");
    } else if (kind === "newgame") {
      const game = JSON.parse(rest);
      if (game.game !== "jaipur" || game.players !== 2) return reply("refuse this engine plays jaipur with 2 players only");
      seat = game.seat;
      view = null;
      // Not game.seed: JSON.parse rounds it above 2^53. The digits, as a BigInt, folded to 32 bits.
      const seed = BigInt(/"seed":\s*(\d+)/.exec(rest)?.[1] ?? "0");
      random = generator(Number(BigInt.asUintN(32, seed ^ (seed >> 32n))));
      reply("ok");
    } else if (kind === "position") {
      view = JSON.parse(rest);
      reply("ok");
    } else if (kind === "go") {
      if (!view || view.to_move !== seat || view.status !== "playing")
        return reply("error go: no position where this engine is to move");
      // A search would read its limit here (`go time MS`) and answer before it, by its
      // own clock: this one answers at once.
      reply("bestmove " + choose(view, jaipurLegalMoves(view), random));
    } else if (kind === "ping") {
      reply(("pong " + rest).trimEnd());
    } else if (kind === "stop") {
      // Nothing runs between requests: nothing to stop.
    } else if (kind === "quit") {
      process.exit(0);
    } else {
      reply("error request: unknown request " + kind.slice(0, 40));
    }
  } catch (e) {
    reply(`error ${kind.slice(0, 20)}: ${String(e.message).slice(0, 200)}`);
  }
});
input.on("close", () => process.exit(0));
