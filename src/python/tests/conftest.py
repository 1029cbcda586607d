"""Shared by the module's tests: the game configurations and the built CLI.

Run with Debian's interpreter against the built package:
    PYTHONPATH=build/python SOUK_BIN=build/souk /usr/bin/python3 -m pytest src/python/tests
(ctest runs exactly this: `ctest --preset release -R python`).
"""

import json
import os
import pathlib
import subprocess

import pytest

import souk

REPO = pathlib.Path(__file__).resolve().parents[3]

# Every configuration of the registry: (name, load_game keyword arguments).
CONFIGS = [
    ("jaipur", {}),
    ("marrakech", {"players": 2}),
    ("marrakech", {"players": 3}),
    ("marrakech", {"players": 4}),
    ("marrakech", {"players": 2, "variant": "single_colour"}),
]
CONFIG_IDS = ["jaipur", "marrakech-2", "marrakech-3", "marrakech-4", "marrakech-single_colour"]


def load(config):
    name, options = config
    return souk.load_game(name, **options)


@pytest.fixture(params=CONFIGS, ids=CONFIG_IDS)
def game(request):
    return load(request.param)


def souk_bin():
    path = os.environ.get("SOUK_BIN", str(REPO / "build" / "souk"))
    if not os.path.exists(path):
        pytest.skip(f"the souk binary is not built ({path})")
    return path


def cli(*args, stdin=None):
    """Runs the built `souk` command; its stdout."""
    done = subprocess.run([souk_bin(), *args], input=stdin, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise AssertionError(f"souk {' '.join(args)}: {done.stderr}")
    return done.stdout


def cli_new_args(game, seed):
    args = ["new", game.name(), "--seed", str(seed)]
    if game.name() == "marrakech":
        args += ["--players", str(game.num_players())]
    if game.variant():
        args += ["--variant", game.variant()]
    return args


def random_playout(state, rng, max_moves=100000):
    """Plays uniformly random legal actions (chance outcomes by their probabilities)."""
    moves = 0
    while not state.is_terminal() and moves < max_moves:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        moves += 1
    return state


def canonical(text):
    return json.dumps(json.loads(text), sort_keys=True)
