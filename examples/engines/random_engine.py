#!/usr/bin/env python3
"""A souk-engine 1 engine that plays Jaipur uniformly at random over the legal moves.

A template for bot authors (docs/engine-protocol.md, "Writing an engine"): replace
choose() with your own. Standard library only. Run it with
`souk arena jaipur engine:random-py greedy` once registered in engines.json.
"""
from souk_engine_lib import run_engine


def choose(view, legal_moves, rng):
    return rng.choice(legal_moves)


if __name__ == "__main__":
    run_engine("random-py", choose)
