#!/usr/bin/env python3
"""A souk-engine 1 engine for Jaipur that looks one move ahead: it sells when a sale
pays, else takes what is worth most, with a seeded random choice between equals.

A template for bot authors (docs/engine-protocol.md, "Writing an engine").
Standard library only.
"""
from souk_engine_lib import PRECIOUS, run_engine

# What a bonus token is worth on average, by the cards sold (FACTS.md: the piles).
BONUS = {3: 2.0, 4: 5.0, 5: 9.0}


def value(move, view):
    words = move.split()
    piles = view["token_piles"]
    if words[0] == "sell":
        n, good = int(words[1]), words[2]
        tokens = sum(piles[good][:n])
        return tokens + BONUS.get(min(n, 5), 0.0)
    if words[0] == "take":
        good = words[1]
        top = piles[good][0] if piles[good] else 0
        return 0.5 * top + (1.0 if good in PRECIOUS else 0.0)
    if words[0] == "camels":
        return 0.4 * view["market"].count("camel")
    # An exchange: what it takes less what it gives, by the top token of each good.
    taken, given = " ".join(words[1:]).split(" for ")
    worth = lambda card: (piles[card][0] if card != "camel" and piles[card] else 0.5)
    return 0.4 * (sum(worth(c) for c in taken.split()) - sum(worth(c) for c in given.split()))


def choose(view, legal_moves, rng):
    scored = [(value(m, view), rng.random(), m) for m in legal_moves]
    return max(scored)[2]


if __name__ == "__main__":
    run_engine("greedy-py", choose)
