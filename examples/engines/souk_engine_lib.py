"""The engine side of souk-engine 1 (docs/engine-protocol.md), and Jaipur's legal moves
from a view: what random_engine.py and greedy_engine.py share. Standard library only.

An engine is a function choose(view, legal_moves, rng) -> one of legal_moves; run_engine
speaks the protocol around it. It plays Jaipur only: for Marrakech it answers newgame
with `refuse` (its moves are left to the engine author: docs/rules/marrakech.md).
"""
import json
import random
import sys

CARDS = ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"]
GOODS = CARDS[:6]
PRECIOUS = {"diamond", "gold", "silver"}  # sold two at least
HAND_LIMIT = 7


def counts(cards):
    c = {name: 0 for name in CARDS}
    for card in cards:
        c[card] += 1
    return c


def card_list(c):
    """Cards in canonical order, as move text writes them."""
    return [name for name in CARDS for _ in range(c.get(name, 0))]


def multisets(available, size):
    """Every multiset of `size` cards from the counts `available`, in card order."""
    names = [n for n in CARDS if available.get(n, 0) > 0]

    def rec(i, left):
        if left == 0:
            yield {}
            return
        if i == len(names):
            return
        name = names[i]
        for k in range(min(available[name], left), -1, -1):
            for rest in rec(i + 1, left - k):
                picked = dict(rest)
                if k:
                    picked[name] = k
                yield picked

    yield from rec(0, size)


def jaipur_legal_moves(view):
    """The legal moves of the player to move (the viewer), in canonical text."""
    me = view["players"][view["viewer"]]
    hand = counts(me["hand"])
    hand_size = sum(hand.values())
    herd = me["herd"]
    market = counts(view["market"])
    moves = []
    if hand_size < HAND_LIMIT:
        moves += ["take " + g for g in GOODS if market[g]]
    if market["camel"]:
        moves.append("camels")
    for g in GOODS:
        least = 2 if g in PRECIOUS else 1
        moves += ["sell %d %s" % (n, g) for n in range(least, hand[g] + 1)]
    # Exchanges: take 2+ goods (no camel), give as many cards from the hand and the
    # herd, never a good both taken and given; the hand ends at 7 or fewer.
    market_goods = {g: market[g] for g in GOODS}
    givable = dict(hand)
    givable["camel"] = herd
    most = min(sum(market_goods.values()), sum(givable.values()))
    for size in range(2, most + 1):
        for taken in multisets(market_goods, size):
            allowed = {n: (0 if taken.get(n) else givable[n]) for n in CARDS}
            for given in multisets(allowed, size):
                if hand_size + given.get("camel", 0) > HAND_LIMIT:
                    continue
                moves.append("exchange %s for %s" % (" ".join(card_list(taken)), " ".join(card_list(given))))
    return moves


def run_engine(name, choose, author="a Souk example"):
    """Reads requests from stdin and answers them until `quit` or the end of input."""
    out = sys.stdout
    seat, view, rng = None, None, random.Random(0)

    def reply(line):
        out.write(line + "\n")
        out.flush()

    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        kind, _, rest = line.partition(" ")
        if not kind:
            continue
        try:
            if kind == "souk-engine":
                if rest != "1":
                    reply("error handshake: this engine speaks souk-engine 1 only")
                    continue
                reply("id name " + name)
                reply("id author " + author)
                reply("plays jaipur 2")
                reply("ok souk-engine 1")
            elif kind == "newgame":
                game = json.loads(rest)
                if game.get("game") != "jaipur" or game.get("players") != 2:
                    reply("refuse this engine plays jaipur with 2 players only")
                    continue
                seat, view = game["seat"], None
                rng = random.Random(game.get("seed", 0))
                reply("ok")
            elif kind == "position":
                view = json.loads(rest)
                reply("ok")
            elif kind == "go":
                if view is None or view.get("to_move") != seat or view.get("status") != "playing":
                    reply("error go: no position where this engine is to move")
                    continue
                reply("bestmove " + choose(view, jaipur_legal_moves(view), rng))
            elif kind == "ping":
                reply(("pong " + rest).rstrip())
            elif kind == "stop":
                pass  # the search is over before the next request is read
            elif kind == "quit":
                return
            else:
                reply("error request: unknown request " + kind[:40])
        except (ValueError, KeyError, TypeError) as e:
            reply("error %s: %s" % (kind[:20], str(e)[:200]))
