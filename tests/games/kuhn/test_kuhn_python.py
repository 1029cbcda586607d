"""The Python module on a game it was not written for: Kuhn poker (kuhn.h), played
through its GameState with the move ids of its module's ActionCodec (kuhn_game.cc).

Run against the module built with the game (ctest's python_kuhn_pytest does this):
    PYTHONPATH=build/python-kuhn /usr/bin/python3 -m pytest tests/games/kuhn/test_kuhn_python.py
"""

import json
import pickle
import random

import numpy as np
import pytest

import souk

KUHN = souk.load_game("kuhn")
PASS, BET, CALL, FOLD = range(4)
CARDS = ("J", "Q", "K")


def state_json(state):
    return json.loads(state.to_json())


def view(state, seat):
    return json.loads(state.view_json(seat))


def random_game(seed, rng):
    state = KUHN.new_initial_state(seed=seed)
    players, legal = [], []
    while not state.is_terminal():
        check_invariants(state)
        players.append(state.current_player())
        legal.append(state.legal_actions())
        state.apply_action(rng.choice(legal[-1]))
    check_invariants(state)
    return state, players, legal


def check_invariants(state):
    whole = state_json(state)
    assert sorted(whole["cards"] + [whole["set_aside"]]) == sorted(CARDS)
    assert not state.is_chance_node()
    assert state.chance_outcomes() == []
    for seat in (0, 1):
        seen = view(state, seat)
        assert seen["players"][seat]["card"] == whole["cards"][seat]
        other = seen["players"][1 - seat]["card"]
        showdown = state.is_terminal() and state.action_to_string(state.history()[-1]) != "fold"
        assert other == (whole["cards"][1 - seat] if showdown else None)
        assert whole["set_aside"] not in [p["card"] for p in seen["players"]]
    if state.is_terminal():
        assert state.current_player() == souk.TERMINAL
        assert state.legal_actions() == []
        returns = state.returns()
        assert sorted(returns) == [-1.0, 1.0]
        scores = state.scores()
        assert sum(scores) == 0 and scores[returns.index(1.0)] > 0
        return
    mover = state.current_player()
    assert mover == len(state.history()) % 2
    legal = state.legal_actions()
    assert legal == sorted(legal) and len(set(legal)) == len(legal) and legal
    assert all(0 <= a < KUHN.num_distinct_actions() for a in legal)
    assert list(np.flatnonzero(state.legal_actions_mask())) == legal
    assert state.legal_actions(1 - mover) == []
    assert state.returns() == [0.0, 0.0]
    assert {state.action_to_string(a) for a in legal} in ({"pass", "bet"}, {"call", "fold"})


def test_games_lists_every_registered_game_and_the_game_loads():
    assert {"jaipur", "marrakech", "kuhn"} <= set(souk.games())
    assert KUHN.name() == "kuhn" and KUHN.num_players() == 2 and KUHN.variant() == ""
    assert KUHN.num_distinct_actions() == 4
    assert KUHN.max_game_length() == 3
    assert KUHN.max_chance_outcomes() == 0
    assert KUHN.observation_tensor_shape() == [0]
    assert (KUHN.min_utility(), KUHN.max_utility()) == (-1.0, 1.0)
    assert repr(KUHN) == "souk.load_game('kuhn')"
    assert KUHN == souk.load_game("kuhn") and KUHN != souk.load_game("jaipur")
    assert pickle.loads(pickle.dumps(KUHN)) == KUHN


def test_action_ids_are_the_codecs_order():
    state = KUHN.new_initial_state(seed=1)
    assert [state.action_to_string(a) for a in range(4)] == ["pass", "bet", "call", "fold"]
    assert state.legal_actions() == [PASS, BET]
    assert state.string_to_action("bet") == BET
    assert state.string_to_action("  BET ") == BET, "the game's own lenient parser reads it"


def test_random_games_to_the_end_agree_with_the_games_own_path():
    rng = random.Random(35)
    ends = set()
    for seed in range(60):
        state, players, legal = random_game(seed, rng)
        ends.add(tuple(state.action_to_string(a) for a in state.history()))
        final = souk._souk._testing.replay(KUHN, seed, state.history(), players, legal)
        assert json.loads(final) == state_json(state)
    assert ends == {("pass", "pass"), ("pass", "bet", "call"), ("pass", "bet", "fold"), ("bet", "call"), ("bet", "fold")}


def test_the_seed_deals_and_a_replay_from_seed_and_actions_is_identical():
    deals = {tuple(state_json(KUHN.new_initial_state(seed=s))["cards"]) for s in range(200)}
    assert len(deals) == 6
    rng = random.Random(7)
    for seed in range(20):
        state, _, _ = random_game(seed, rng)
        again = KUHN.new_initial_state(seed=seed)
        for action in state.history():
            again.apply_action(action)
        assert again == state and again.to_json() == state.to_json() and again.returns() == state.returns()
        replayed = souk.state_from_record(state.to_record(seats=["a", "b"]))
        assert replayed == state and replayed.history() == state.history()
        assert pickle.loads(pickle.dumps(state)) == state
        loaded = souk.state_from_json(KUHN, state.to_json())
        assert loaded == state and loaded.history() == []


def test_clone_is_independent():
    state = KUHN.new_initial_state(seed=3)
    copy = state.clone()
    state.apply_action(BET)
    assert copy.history() == [] and copy.legal_actions() == [PASS, BET]
    assert state != copy


def cards_of(seed):
    return tuple(state_json(KUHN.new_initial_state(seed=seed))["cards"])


def test_a_seat_sees_its_own_card_only_until_a_showdown():
    by_cards = {cards_of(s): s for s in range(200)}
    # Seat 0 holds the Queen in both; seat 1 the Jack in one, the King in the other.
    a = KUHN.new_initial_state(seed=by_cards[("Q", "J")])
    b = KUHN.new_initial_state(seed=by_cards[("Q", "K")])
    for actions in ([], [PASS], [PASS, BET], [BET, FOLD]):
        for action in actions:
            a.apply_action(action)
            b.apply_action(action)
        assert a.view_json(0) == b.view_json(0)
        assert a.observation_string(0) == b.observation_string(0)
        assert "J" not in a.view_json(0) and "K" not in b.view_json(0)
        a, b = KUHN.new_initial_state(seed=by_cards[("Q", "J")]), KUHN.new_initial_state(seed=by_cards[("Q", "K")])
    # A showdown shows both cards.
    for s in (a, b):
        s.apply_action(BET)
        s.apply_action(CALL)
    assert view(a, 0)["players"][1]["card"] == "J" and view(b, 0)["players"][1]["card"] == "K"


def test_a_bot_sees_the_same_whatever_the_hidden_card():
    by_cards = {cards_of(s): s for s in range(200)}
    for spec in ("random", "greedy"):
        for own in CARDS:
            others = [c for c in CARDS if c != own]
            moves = {
                souk.Bot(KUHN, spec, seed=5).step(KUHN.new_initial_state(seed=by_cards[(own, other)]))
                for other in others
            }
            assert len(moves) == 1, (spec, own, moves)


def test_resampling_keeps_the_seats_view():
    state = KUHN.new_initial_state(seed=11)
    state.apply_action(PASS)
    seen = set()
    for seed in range(30):
        other = state.resample_from_infostate(1, seed=seed)
        assert other.view_json(1) == state.view_json(1)
        seen.add(state_json(other)["cards"][0])
    assert len(seen) == 2, "seat 0's card is drawn from the two seat 1 does not hold"


def test_observation_tensor_is_refused_by_name_and_the_view_is_there():
    state = KUHN.new_initial_state(seed=2)
    with pytest.raises(souk.Error, match="kuhn has no observation tensor"):
        state.observation_tensor()
    with pytest.raises(souk.Error, match="kuhn"):
        state.observation_tensor(1)
    text = state.observation_string(0)
    assert "card" in text and state_json(state)["cards"][0] in text


def test_bad_input_gets_the_modules_errors():
    with pytest.raises(souk.InvalidArgumentError, match=r"unknown game 'chess' \(games: jaipur, marrakech, kuhn\)"):
        souk.load_game("chess")
    with pytest.raises(souk.InvalidArgumentError, match="kuhn is a game for 2 players"):
        souk.load_game("kuhn", players=3)
    with pytest.raises(souk.InvalidArgumentError):
        souk.load_game("kuhn", players=10**30)
    with pytest.raises(souk.InvalidArgumentError, match="variant"):
        souk.load_game("kuhn", variant="single_colour")
    for seed in (-1, 2**64):
        with pytest.raises(souk.InvalidArgumentError, match="seed must be from 0 to 2"):
            KUHN.new_initial_state(seed=seed)
    with pytest.raises(TypeError):
        KUHN.new_initial_state(seed="7")
    with pytest.raises(souk.InvalidArgumentError, match="unknown game 'kuhn2'"):
        souk.state_from_record("souk-record 1\ngame kuhn2\nseed 1\nmoves\n")
    with pytest.raises(souk.IllegalMoveError, match="record move 2: "):
        souk.state_from_record("souk-record 1\ngame kuhn\nseed 1\nmoves\nbet\npass\n")
    with pytest.raises(souk.BadMoveError, match="record move 1: "):
        souk.state_from_record("souk-record 1\ngame kuhn\nseed 1\nmoves\nraise\n")
    state = KUHN.new_initial_state(seed=4)
    with pytest.raises(souk.InvalidArgumentError, match="player must be"):
        state.observation_string(10**40)
    with pytest.raises(souk.IllegalMoveError) as illegal:
        state.apply_action(CALL)
    assert illegal.value.code == "illegal_move"
    for bad in (4, -1, 2**70):
        with pytest.raises(souk.InvalidArgumentError, match="not an id of this game"):
            state.apply_action(bad)
        with pytest.raises(souk.InvalidArgumentError, match="not an id of this game"):
            state.action_to_string(bad)
    with pytest.raises(TypeError):
        state.apply_action(1.0)
    with pytest.raises(souk.BadMoveError):
        state.string_to_action("raise")
    with pytest.raises(souk.IllegalMoveError):
        state.string_to_action("CALL")
    with pytest.raises(souk.InvalidArgumentError):
        state.view_json(2)
    with pytest.raises(souk.InvalidArgumentError, match="not a chance node"):
        state.sample_chance_outcome()
    with pytest.raises(souk.InvalidArgumentError):
        souk.state_from_json(KUHN, '{"game": "kuhn", "cards": ["K", "K"], "set_aside": "J", "moves": []}')
    with pytest.raises(souk.InvalidArgumentError, match="not a game of kuhn"):
        souk.state_from_json(KUHN, souk.load_game("jaipur").new_initial_state(seed=1).to_json())
    assert state.history() == [], "nothing refused was played"
    state.apply_action(BET)
    state.apply_action(FOLD)
    with pytest.raises(souk.Error, match="the hand is over") as over:
        state.apply_action(PASS)
    assert over.value.code == "game_over"


def test_a_games_broken_promise_is_an_internal_error():
    # What a legal move without an id raises (registered_state.h's EngineBug); Kuhn keeps
    # its promises, so the C++ side raises one on demand.
    with pytest.raises(souk.InternalError, match="game 'kuhn': the legal move 'x' has no action id") as bug:
        souk._souk._testing.raise_engine_bug("game 'kuhn': the legal move 'x' has no action id")
    assert bug.value.code == "internal"


def test_the_games_bots_and_a_level_it_lacks_refused_by_name():
    by_cards = {cards_of(s): s for s in range(200)}
    greedy = souk.Bot(KUHN, "greedy")
    assert greedy.step(KUHN.new_initial_state(seed=by_cards[("K", "Q")])) == BET
    assert greedy.step(KUHN.new_initial_state(seed=by_cards[("J", "Q")])) == PASS
    facing = KUHN.new_initial_state(seed=by_cards[("K", "J")])
    facing.apply_action(BET)
    assert greedy.step(facing) == FOLD
    assert [a for a, *_ in greedy.analyse(facing)][0] == FOLD
    rng_moves = {souk.Bot(KUHN, "random", seed=s).step(facing) for s in range(20)}
    assert rng_moves == {CALL, FOLD}
    for level in ("medium", "hard", "mcts:iterations=10"):
        with pytest.raises(souk.Error, match="kuhn has no .* bot"):
            souk.Bot(KUHN, level)
    with pytest.raises(ValueError, match="cannot play kuhn"):
        souk.Bot(souk.load_game("jaipur"), "random").step(facing)
    done = facing.clone()
    done.apply_action(CALL)
    with pytest.raises(ValueError, match="game is over"):
        greedy.step(done)


def test_vector_env_plays_whole_games():
    env = souk.VectorEnv(KUHN, num_envs=16, seed=3)
    obs, (ids, offsets) = env.reset()
    assert obs.shape == (16, 0) and len(offsets) == 17
    assert list(ids) == [PASS, BET] * 16
    finished = 0
    for _ in range(60):
        obs, (ids, offsets), rewards, terminated, info = env.step(env.sample_legal_actions())
        assert rewards.shape == (16, 2) and obs.shape == (16, 0)
        assert np.all(rewards.sum(axis=1) == 0)
        assert np.all(np.abs(rewards[terminated]).sum(axis=1) == 2) and np.all(rewards[~terminated] == 0)
        assert not info["truncated"].any()
        finished += int(terminated.sum())
        for i in range(16):
            state = env.get_state(i)
            assert list(ids[offsets[i] : offsets[i + 1]]) == state.legal_actions()
            assert info["current_player"][i] == state.current_player()
    assert finished > 200
    again = souk.VectorEnv(KUHN, num_envs=16, seed=3)
    again.reset()
    env.reset(seed=3)
    assert [env.get_state(i).to_json() for i in range(16)] == [again.get_state(i).to_json() for i in range(16)]


def test_vector_env_against_the_games_bot_and_its_errors():
    env = souk.VectorEnv(KUHN, num_envs=8, seed=1, opponent="greedy", seat=0)
    env.reset()
    decided = 0
    for _ in range(40):
        _, _, rewards, terminated, info = env.step(env.sample_legal_actions())
        assert rewards.shape == (8,) and np.all(info["current_player"] == 0)
        decided += int(np.count_nonzero(rewards))
    assert decided > 50
    with pytest.raises(souk.Error, match="kuhn has no hard bot"):
        souk.VectorEnv(KUHN, num_envs=2, opponent="hard")
    with pytest.raises(souk.IllegalMoveError, match="environment 0"):
        env.step([CALL] * 8)
    with pytest.raises(souk.InvalidArgumentError, match="not an id of this game"):
        env.step([7] * 8)
    with pytest.raises(souk.InvalidArgumentError, match="one action per environment"):
        env.step([PASS] * 3)
    with pytest.raises(souk.InvalidArgumentError, match="num_envs"):
        souk.VectorEnv(KUHN, num_envs=0)
    with pytest.raises(souk.InvalidArgumentError, match="seat"):
        souk.VectorEnv(KUHN, num_envs=2, opponent="random", seat=2)


def test_arena_and_self_play_records_replay():
    outcomes = souk.arena_games("kuhn", ["greedy", "random"], 0, 20, seed=9)
    assert len(outcomes) == 20
    report = json.loads(souk.arena_report("kuhn", ["greedy", "random"], outcomes, seed=9))
    assert report["games"] == 20
    games = souk._souk.self_play_games("kuhn", ["greedy", "random"], 0, 6, seed=9)
    for g, outcome in zip(games, outcomes):
        replayed = souk.state_from_record(g["record"])
        assert list(replayed.history()) == list(g["actions"])
        assert replayed.returns() == g["returns"]
        assert g["observations"].shape == (len(g["actions"]), 0)


def test_the_other_games_keep_their_fast_path_beside_it():
    marrakech = souk.load_game("marrakech", players=3)
    state = marrakech.new_initial_state(seed=5)
    rng = random.Random(5)
    while not state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    outcome = state.sample_chance_outcome()
    assert outcome in [a for a, _ in state.chance_outcomes()]
    assert souk.load_game("jaipur").observation_tensor_size() > 0


def test_the_kuhn_example_of_docs_python_md_runs():
    import pathlib
    import re

    page = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md").read_text()
    section = page[page.index("## Games beyond Jaipur and Marrakech") :]
    blocks = re.findall(r"```py\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], "docs/python.md, Games beyond Jaipur and Marrakech", "exec"), {"souk": souk})
