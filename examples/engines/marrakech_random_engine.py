#!/usr/bin/python3
"""A Marrakech engine speaking souk-engine 1 (docs/engine-protocol.md) that plays a
uniformly random legal move. Python 3, standard library only: a template to copy.

It keeps nothing between moves: every `position` carries the whole view, and the legal
moves are computed from it alone. To write a real bot, replace choose().

Try it:  souk arena marrakech engine:./marrakech_random_engine.py random --games 20
"""
import json
import random
import sys

NAME = "marrakech random (python)"
AUTHOR = "The Souk authors"
SIZE = 7  # the board is 7 x 7; view["board"][y][x], y = 0 is the top row (north)


def square(x, y):
    """Canonical square name: column letter a-g (x), then row 1-7 (y + 1, row 1 on top)."""
    return "%s%d" % ("abcdefg"[x], y + 1)


def legal_moves(view):
    """The mover's legal moves in canonical text, or [] when the engine has none to make
    (the die's `roll` phase is chance's: the caller rolls it, never the engine)."""
    phase = view["phase"]
    if phase == "orient":
        # Relative to Assam's facing: keep it or a quarter turn; never a half turn.
        return ["left", "right", "straight"]
    if phase != "place":
        return []
    ax, ay = view["assam"]["x"], view["assam"]["y"]
    board = view["board"]
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))

    def inside(x, y):
        return 0 <= x < SIZE and 0 <= y < SIZE

    moves = set()
    # One half of the carpet is next to Assam; the other half is next to that one.
    for dx, dy in steps:
        x1, y1 = ax + dx, ay + dy
        if not inside(x1, y1):
            continue
        for ex, ey in steps:
            x2, y2 = x1 + ex, y1 + ey
            if not inside(x2, y2) or (x2, y2) == (ax, ay):
                continue  # off the board, or under Assam
            c1, c2 = board[y1][x1], board[y2][x2]
            # May not cover both visible halves of one carpet: each placed carpet has
            # its own number ("carpet"), so two cells showing the same number are one.
            if c1 is not None and c2 is not None and c1["carpet"] == c2["carpet"]:
                continue
            # Name the squares in row-major order (top row first, then left to right).
            a, b = sorted([(y1, x1), (y2, x2)])
            moves.add("place %s %s" % (square(a[1], a[0]), square(b[1], b[0])))
    return sorted(moves)


def choose(view, moves, rng):
    """The bot itself: pick one of `moves`. This one is uniformly random."""
    return rng.choice(moves)


def main():
    game = None   # the newgame object, once accepted
    view = None   # the last position's view
    rng = random.Random(0)
    shaken = False  # before the handshake, every other request is an error

    def reply(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()  # the caller waits for each final reply: never leave it buffered

    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue  # blank lines are ignored
        kind, _, rest = line.partition(" ")
        if not shaken and kind not in ("souk-engine", "quit", "stop"):
            reply("error handshake: expected souk-engine 1 first")
            continue
        try:
            if kind == "souk-engine":
                if rest.strip() != "1":
                    reply("error handshake: this engine speaks souk-engine 1 only")
                    continue
                reply("id name " + NAME)
                reply("id author " + AUTHOR)
                reply("plays marrakech 2 3 4")
                reply("ok souk-engine 1")
                shaken = True
            elif kind == "newgame":
                g = json.loads(rest)
                if g.get("game") != "marrakech":
                    reply('refuse this engine does not play "%s"' % g.get("game"))
                    continue
                if g.get("players") not in (2, 3, 4):
                    reply("refuse this engine plays marrakech with 2, 3 or 4 players")
                    continue
                # The variant (single-colour for two players) changes nothing here: the
                # view says which colour is placed next.
                game, view = g, None
                rng = random.Random(g.get("seed", 0))  # repeatable runs
                reply("ok")
            elif kind == "position":
                if game is None:
                    reply("error position: no newgame yet")
                    continue
                view = json.loads(rest)
                reply("ok")
            elif kind == "go":
                # A random engine ignores the budget (`time`, `iterations`).
                if view is None:
                    reply("error go: no position")
                    continue
                if view.get("status") != "playing" or view.get("to_move") != game["seat"]:
                    reply("error go: it is not this engine's seat to move")
                    continue
                moves = legal_moves(view)
                if not moves:
                    reply("error go: no move to make in phase %s" % view.get("phase"))
                    continue
                reply("bestmove " + choose(view, moves, rng))
            elif kind == "ping":
                reply(("pong " + rest) if rest else "pong")
            elif kind == "stop":
                pass  # go answers at once: nothing to stop
            elif kind == "quit":
                return
            else:
                reply("error request: unknown request %r" % kind)
        except (ValueError, KeyError, TypeError) as e:
            # A malformed request never crashes the engine; the state stays as it was.
            what = "handshake" if kind == "souk-engine" else kind
            reply("error %s: %s" % (what, e))


if __name__ == "__main__":
    main()
