"""Nothing crashes the interpreter, whatever is passed: wrong types, out-of-range ids,
actions on finished games, bad and mutated JSON, junk pickles. Every failure is a
Python exception: TypeError for a wrong type, ValueError (or IndexError) for a bad
value, with the engine's words."""

import copy
import json
import pickle
import random

import numpy as np
import pytest

import souk
from conftest import CONFIGS, load, random_playout

EXPECTED = (TypeError, ValueError, IndexError)


class Weird:
    def __index__(self):
        raise ValueError("an __index__ that fails: its exception goes through")


def junk_values(game):
    state = game.new_initial_state(seed=1)
    return [
        None, True, -1, 0, 1, 2, 3, 4, 90, 91, 25504, 25505, -(2**31), 2**31, 2**63, -(2**63) - 1, 2**64, 10**30,
        1.5, float("nan"), float("inf"), "", "x", "camels", "roll 3", b"bytes", [], [1, 2], {}, {"a": 1}, (),
        object(), Weird(), np.int64(3), np.uint64(2**64 - 1), np.float32(1), np.array([1, 2]), np.array([]),
        state, game, souk.load_game("jaipur"), souk.State, souk.State.__new__(souk.State), "{}", "{" * 10000,
    ]


METHODS = [
    "current_player", "legal_actions", "legal_actions_mask", "apply_action", "action_to_string",
    "string_to_action", "chance_outcomes", "returns", "rewards", "scores", "observation_tensor",
    "observation_string", "to_json", "view_json", "resample_from_infostate", "history", "clone",
    "is_terminal", "is_chance_node", "__reduce__", "__eq__",
]


def call(f, *args):
    try:
        f(*args)
    except EXPECTED:
        pass


@pytest.mark.parametrize("config", CONFIGS)
def test_every_state_method_with_junk_arguments(config):
    game = load(config)
    rng = random.Random(1)
    junk = junk_values(game)
    states = [game.new_initial_state(seed=2), random_playout(game.new_initial_state(seed=3), rng)]
    for state in states:
        for name in METHODS:
            before = state.to_json()
            method = getattr(state, name)
            call(method)
            for value in junk:
                call(method, value)
            for _ in range(60):
                call(method, rng.choice(junk), rng.choice(junk))
            if name != "apply_action":
                assert state.to_json() == before, f"{name} changed the state"


def test_uninitialised_objects_raise():
    # Cls.__new__(Cls) makes an instance without its C++ value (pickle does, before
    # __setstate__): every method refuses it rather than read raw memory.
    for cls in (souk.State, souk.Game, souk.Bot, souk.VectorEnv):
        blank = cls.__new__(cls)
        for name in dir(blank):
            if name in ("__class__", "__new__", "__init__", "__init_subclass__", "__subclasshook__"):
                continue
            attribute = None
            try:
                attribute = getattr(blank, name)
            except EXPECTED:
                continue
            if callable(attribute):
                call(attribute)
                call(attribute, 0)
        if cls is not souk.VectorEnv:  # its repr is object's
            with pytest.raises(TypeError, match="made without its constructor"):
                repr(blank)
    blank = souk.State.__new__(souk.State)
    for name in METHODS:
        call(getattr(blank, name))
        call(getattr(blank, name), 0)
    with pytest.raises(TypeError):
        souk.State()
    with pytest.raises(TypeError):
        souk.Game()
    bot_blank = souk.Bot.__new__(souk.Bot)
    call(bot_blank.step, souk.load_game("jaipur").new_initial_state(seed=1))
    env_blank = souk.VectorEnv.__new__(souk.VectorEnv)
    call(env_blank.reset)
    call(env_blank.step, [0])


def test_module_functions_and_constructors_with_junk():
    game = souk.load_game("jaipur")
    junk = junk_values(game)
    rng = random.Random(2)
    functions = [souk.load_game, souk.state_from_json, souk.Bot, souk.VectorEnv, souk.arena_games, souk.arena_report]
    for f in functions:
        for _ in range(150):
            args = [rng.choice(junk) for _ in range(rng.randrange(0, 6))]
            if f is souk.VectorEnv and len(args) > 1 and isinstance(args[1], int) and args[1] > 10**4:
                continue  # a legal but huge request: not a crash, just slow
            if f is souk.arena_games and len(args) > 3 and isinstance(args[3], int) and args[3] > 8:
                continue  # likewise: many games
            call(f, *args)


def test_vector_env_methods_with_junk():
    game = souk.load_game("marrakech", players=3)
    env = souk.VectorEnv(game, 3, seed=1)
    junk = junk_values(game)
    call(env.step, [0, 0, 0])  # before reset
    env.reset()
    for value in junk + [[0, 1, 2], [[0, 1, 2]], np.zeros((3, 1), np.int64), np.array([1, 1, 1], np.uint64) * 2**63]:
        call(env.step, value)
        call(env.reset, value)
        call(env.get_state, value)
    env.reset(seed=1)
    env.step(env.sample_legal_actions())


def test_out_of_range_ids_and_finished_games(game):
    state = game.new_initial_state(seed=1)
    for action in (-1, game.num_distinct_actions(), 2**40, -(2**40)):
        with pytest.raises(ValueError, match="not an id of this game"):
            state.apply_action(action)
        with pytest.raises(ValueError):
            state.action_to_string(action)
    for action in range(game.num_distinct_actions()):
        if action not in state.legal_actions():
            with pytest.raises(ValueError, match="illegal move|must|the die"):
                state.clone().apply_action(action)
    over = random_playout(game.new_initial_state(seed=1), random.Random(1))
    for action in range(0, game.num_distinct_actions(), 97):
        with pytest.raises(ValueError, match="over"):
            over.apply_action(action)
    assert over.legal_actions() == [] and not over.legal_actions_mask().any()
    for player in range(game.num_players()):
        over.observation_tensor(player)
        over.view_json(player)
        over.resample_from_infostate(player, seed=1)


def test_bad_json_raises_value_error(game):
    rng = random.Random(3)
    text = game.new_initial_state(seed=1).to_json()
    samples = ["", " ", "null", "[]", "1", '"x"', "{", "}", text[:-1], text + "x", text.replace(":", ";", 1),
               "\x00", "{\"game\": null}", "{\"game\": \"jaipur\"}", "{\"game\": \"marrakech\"}", "[" * 100000]
    samples += ["".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 60))) for _ in range(200)]
    samples += [text[: rng.randrange(len(text))] for _ in range(100)]
    for sample in samples:
        with pytest.raises(ValueError):
            souk.state_from_json(game, sample)
    with pytest.raises(ValueError, match='missing key "game"'):
        souk.state_from_json(game, b"{}")  # bytes are text too
    with pytest.raises(TypeError):
        souk.state_from_json(game, {"game": "jaipur"})


def mutate(value, rng):
    """One random change somewhere in a JSON value."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        choice = rng.random()
        if choice < 0.15:
            del value[key]
        elif choice < 0.2:
            value["extra"] = 1
        else:
            value[key] = mutate(value[key], rng)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        choice = rng.random()
        if choice < 0.15:
            del value[i]
        elif choice < 0.3:
            value.insert(i, copy.deepcopy(value[i]))
        elif choice < 0.4:
            rng.shuffle(value)
        else:
            value[i] = mutate(value[i], rng)
        return value
    return rng.choice([None, True, 0, 1, -1, 2, 3, 5, 6, 7, 48, 49, 255, 256, 2**31, -(2**40), 1.5, "", "gold",
                       "camel", "N", "place", "playing", "game_over", "ffffffffffffffff", "0" * 16, [], {}, value])


def exercise(state, game):
    """Everything a loaded state offers, which must work on any state the loader accepts."""
    for player in range(game.num_players()):
        state.observation_tensor(player)
        state.observation_string(player)
        state.view_json(player)
        state.resample_from_infostate(player, seed=1).to_json()
    assert souk.state_from_json(game, state.to_json()) == state
    legal = state.legal_actions()
    state.legal_actions_mask()
    state.returns()
    state.scores()
    state.chance_outcomes()
    for action in legal[:3]:
        state.clone().apply_action(action)
    if not state.is_terminal():
        random_playout(state.clone(), random.Random(0), max_moves=50)
        if state.current_player() >= 0:
            souk.Bot(game, "greedy").step(state)


def test_mutated_json_is_refused_or_loads_a_state_that_works(game):
    rng = random.Random(4)
    bases = []
    state = game.new_initial_state(seed=6)
    while not state.is_terminal():
        if rng.random() < 0.1:
            bases.append(state.to_json())
        random_playout(state, rng, max_moves=1)
    bases.append(state.to_json())
    loaded = 0
    for k in range(600):
        value = json.loads(rng.choice(bases))
        for _ in range(rng.randrange(1, 4)):
            value = mutate(value, rng)
        try:
            mutated = souk.state_from_json(game, json.dumps(value))
        except ValueError:
            continue
        loaded += 1
        exercise(mutated, game)
    assert loaded > 0


def test_junk_pickles_raise():
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=1)
    good = state.__getstate__()

    def restore(payload):
        blank = souk.State.__new__(souk.State)
        blank.__setstate__(payload)
        return blank

    assert restore(good) == state
    bad = [(), (1,), ("chess", 2, "", "{}", []), ("jaipur", 2, "", "{}", []), ("jaipur", 2, "", good[3], [99999]),
           ("jaipur", 2, "", good[3], "x"), ("jaipur", 7, "", good[3], []), ("marrakech", 2, "", good[3], []),
           (1, 2, 3, 4, 5), None, "x"]
    for payload in bad:
        with pytest.raises(EXPECTED):
            restore(payload)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(state, protocol)) == state
        assert pickle.loads(pickle.dumps(game, protocol)) == game
    for unpicklable in (souk.Bot(game, "random"), souk.VectorEnv(game, 1)):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            with pytest.raises(TypeError, match="is not pickled"):
                pickle.dumps(unpicklable, protocol)
