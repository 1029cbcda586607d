"""Hidden information is a boundary: what a seat is shown (observation_tensor,
observation_string, view_json) and what a bot is given hold only what that seat may
know. For every seat of every configuration, re-dealing everything hidden from the
seat (resample_from_infostate) must leave all three bit for bit the same."""

import random

import numpy as np

import souk
from conftest import random_playout


def positions(game, games, every, seed):
    """States along random games: every `every`-th position, chance nodes included."""
    rng = random.Random(seed)
    for g in range(games):
        state = game.new_initial_state(seed=seed * 100 + g)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state.clone()
            random_playout(state, rng, max_moves=1)
            step += 1
        yield state


def test_resampling_what_a_seat_cannot_see_changes_nothing_it_is_shown(game):
    checked = changed = 0
    for state in positions(game, games=6, every=7, seed=1):
        for seat in range(game.num_players()):
            tensor = state.observation_tensor(seat)
            view = state.view_json(seat)
            text = state.observation_string(seat)
            for k in range(3):
                other = state.resample_from_infostate(seat, seed=k)
                assert other.observation_tensor(seat).tobytes() == tensor.tobytes()
                assert other.view_json(seat) == view
                assert other.observation_string(seat) == text
                assert other.current_player() == state.current_player()
                assert other.legal_actions() == state.legal_actions() or state.current_player() != seat
                changed += other.to_json() != state.to_json()
                checked += 1
    assert checked > 200
    assert changed > checked // 2, "the resampled states differ in what is hidden"


def test_a_seat_is_shown_something_its_opponents_are_not():
    state = souk.load_game("jaipur").new_initial_state(seed=7)
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))
    assert '"hand":' in state.view_json(0)
    assert state.view_json(0).count('"hand":') == 1, "only the viewer's hand"


def test_a_jaipur_bonus_value_is_seen_by_its_taker_only():
    # Play until someone has taken a bonus token; its value is in their view only.
    game = souk.load_game("jaipur")
    rng = random.Random(2)
    for seed in range(50):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            random_playout(state, rng, max_moves=1)
            import json

            players = json.loads(state.to_json())["players"]
            holders = [p for p in range(2) if players[p]["bonus_tokens"]]
            if holders:
                holder = holders[0]
                other = 1 - holder
                assert "bonus_tokens" in json.loads(state.view_json(holder))["players"][holder]
                assert "bonus_tokens" not in json.loads(state.view_json(other))["players"][holder]
                resampled = state.resample_from_infostate(other, seed=5)
                assert resampled.view_json(other) == state.view_json(other)
                return
    raise AssertionError("no bonus token taken in 50 games")


def test_bots_choose_from_the_movers_view_only(game):
    specs = ["random", "greedy", "mcts:iterations=40"]
    checked = 0
    for state in positions(game, games=2, every=23, seed=4):
        mover = state.current_player()
        if mover < 0:
            continue
        other = state.resample_from_infostate(mover, seed=9)
        for spec in specs:
            a = souk.Bot(game, spec, seed=3).step(state)
            b = souk.Bot(game, spec, seed=3).step(other)
            assert a == b, f"{spec} chose differently on a re-deal of what the mover cannot see"
            assert a in state.legal_actions()
            checked += 1
    assert checked >= 6
