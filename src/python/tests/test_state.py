"""souk.State: the pyspiel names, the CLI's deals, JSON and text, returns, copies."""

import copy
import json
import pickle
import random

import numpy as np
import pytest

import souk
from conftest import canonical, cli, cli_new_args, random_playout


def test_the_readme_example():
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=7)
    assert state.current_player() in (0, 1)
    assert state.action_to_string(state.string_to_action("camels")) == "camels"


def test_a_seed_deals_what_souk_new_deals(game):
    for seed in (0, 7, 2**64 - 1):
        state = game.new_initial_state(seed=seed)
        assert state.to_json() == cli(*cli_new_args(game, seed)).strip()


def test_states_moves_and_views_are_the_clis(game, tmp_path):
    rng = random.Random(3)
    state = game.new_initial_state(seed=11)
    path = tmp_path / "start.json"
    path.write_text(state.to_json())
    moves = []
    for _ in range(25):
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    assert state.to_json() == cli("apply", str(path), *moves).strip()
    now = tmp_path / "now.json"
    now.write_text(state.to_json())
    for player in range(game.num_players()):
        assert state.view_json(player) == cli("view", str(now), "--player", str(player)).strip()
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == cli("legal", str(now)).split("\n")[:-1]


def test_legal_actions_are_sorted_ids_and_the_mask_agrees(game):
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        mask = state.legal_actions_mask()
        assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
        assert np.flatnonzero(mask).tolist() == legal
        mover = state.current_player()
        other = (mover + 1) % game.num_players() if mover >= 0 else 0
        if mover >= 0:
            assert state.legal_actions(mover) == legal
            assert state.legal_actions(other) == []
            assert not state.legal_actions_mask(other).any()
        state.apply_action(legal[rng.randrange(len(legal))])


def test_every_id_is_one_move_text_and_back(game):
    state = game.new_initial_state(seed=1)
    texts = set()
    for action in range(game.num_distinct_actions()):
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action
        texts.add(text)
    assert len(texts) == game.num_distinct_actions()


def test_documented_ids():
    jaipur = souk.load_game("jaipur").new_initial_state(seed=1)
    assert [jaipur.action_to_string(a) for a in (0, 5, 6, 7, 48, 49, 25504)] == [
        "take diamond",
        "take leather",
        "camels",
        "sell 1 diamond",
        "sell 7 leather",
        "exchange diamond diamond for gold gold",
        "exchange leather leather leather leather leather for camel camel camel camel camel",
    ]
    assert jaipur.string_to_action("sell 3 cloth") == 7 + 7 * 3 + 2
    assert jaipur.string_to_action("EXCHANGE gold Diamond for  camels spice") == jaipur.string_to_action(
        "exchange diamond gold for spice camel"
    )
    marrakech = souk.load_game("marrakech").new_initial_state(seed=1)
    assert [marrakech.action_to_string(a) for a in (0, 1, 2, 3, 6, 7, 8, 90)] == [
        "left",
        "straight",
        "right",
        "roll 1",
        "roll 4",
        "place a1 b1",
        "place a1 a2",
        "place f7 g7",
    ]


def test_marrakechs_die_is_a_chance_node():
    state = souk.load_game("marrakech", players=3).new_initial_state(seed=2)
    assert state.current_player() == 0 and not state.is_chance_node()
    assert state.chance_outcomes() == []
    state.apply_action(state.string_to_action("left"))
    assert state.is_chance_node() and state.current_player() == souk.CHANCE == -1
    outcomes = state.chance_outcomes()
    assert outcomes == [(3, pytest.approx(1 / 6)), (4, pytest.approx(1 / 3)), (5, pytest.approx(1 / 3)), (6, pytest.approx(1 / 6))]
    assert state.legal_actions() == [3, 4, 5, 6]
    with pytest.raises(ValueError, match="the die must be rolled now"):
        state.apply_action(state.string_to_action("left"))
    with pytest.raises(ValueError, match="no player is to move"):
        state.observation_tensor()
    state.apply_action(5)
    assert state.current_player() == 0 and state.action_to_string(state.legal_actions()[0]).startswith("place")


def test_returns_rewards_and_scores_at_the_end(game):
    state = random_playout(game.new_initial_state(seed=9), random.Random(9))
    assert state.is_terminal() and state.current_player() == souk.TERMINAL == -4
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert sum(returns) == pytest.approx(0.0)
    assert max(returns) <= 1.0 and max(returns) > 0
    assert state.rewards() == returns
    assert state.legal_actions() == []
    winners = [p for p, r in enumerate(returns) if r > 0]
    assert winners == json.loads(state.to_json()).get("winners", [json.loads(state.to_json()).get("winner")])
    assert len(state.scores()) == game.num_players()
    midway = game.new_initial_state(seed=9)
    assert midway.returns() == [0.0] * game.num_players() == midway.rewards()


def test_marrakech_returns_share_the_win():
    # A shared win: both winners' returns equal, the losers' equal, sum zero.
    game = souk.load_game("marrakech", players=4)
    rng = random.Random(1)
    for seed in range(300):
        state = random_playout(game.new_initial_state(seed=seed), rng)
        winners = json.loads(state.to_json())["winners"]
        returns = state.returns()
        if len(winners) == 1:
            assert returns[winners[0]] == pytest.approx(1.0)
            assert all(r == pytest.approx(-1 / 3) for p, r in enumerate(returns) if p != winners[0])
        else:
            assert len({round(returns[p], 9) for p in winners}) == 1
            assert sum(returns) == pytest.approx(0.0)
            return
    pytest.skip("no shared win in 300 games")


def test_refused_actions_raise_the_rules_reason_and_change_nothing():
    state = souk.load_game("jaipur").new_initial_state(seed=7)
    before = state.to_json()
    with pytest.raises(ValueError) as error:
        state.apply_action(state.string_to_action("sell 2 diamond"))
    assert str(error.value) == "illegal move 'sell 2 diamond': you hold 0 diamond"
    with pytest.raises(ValueError, match="not an id of this game"):
        state.apply_action(25505)
    with pytest.raises(ValueError, match="not an id of this game"):
        state.apply_action(-1)
    with pytest.raises(ValueError, match="bad move"):
        state.string_to_action("fly to the moon")
    with pytest.raises(ValueError, match="no rule allows"):
        state.string_to_action("sell 8 leather")
    assert state.to_json() == before and state.history() == []


def test_a_finished_game_refuses_moves(game):
    state = random_playout(game.new_initial_state(seed=4), random.Random(4))
    with pytest.raises(ValueError, match="over"):
        state.apply_action(0)


def test_state_from_json_is_the_clis_loader(game):
    state = random_playout(game.new_initial_state(seed=21), random.Random(2), max_moves=30)
    loaded = souk.state_from_json(game, state.to_json())
    assert loaded == state and loaded.history() == []
    with pytest.raises(ValueError) as error:
        souk.state_from_json(game, "{")
    assert "syntax error" in str(error.value) or "parse" in str(error.value)
    with pytest.raises(ValueError, match='missing key "game"'):
        souk.state_from_json(game, "{}")
    with pytest.raises(ValueError, match="unknown game"):
        souk.state_from_json(game, '{"game": "chess"}')


def test_a_state_of_another_game_is_refused():
    jaipur = souk.load_game("jaipur").new_initial_state(seed=1).to_json()
    with pytest.raises(ValueError, match="the state is a jaipur game, not a game of marrakech, 2 players"):
        souk.state_from_json(souk.load_game("marrakech"), jaipur)
    three = souk.load_game("marrakech", players=3).new_initial_state(seed=1).to_json()
    with pytest.raises(ValueError, match="a marrakech game of 3 players, not a game of marrakech, 4 players"):
        souk.state_from_json(souk.load_game("marrakech", players=4), three)


def test_loader_errors_match_the_cli(game, tmp_path):
    text = game.new_initial_state(seed=1).to_json()
    broken = json.loads(text)
    broken["to_move"] = 9
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(ValueError) as error:
        souk.state_from_json(game, json.dumps(broken))
    with pytest.raises(AssertionError) as cli_error:
        cli("view", str(path), "--player", "0")
    assert f"{path}: {error.value}" in str(cli_error.value)


def test_clone_pickle_and_copy_round_trip_mid_game(game):
    rng = random.Random(8)
    state = game.new_initial_state(seed=8)
    checked_chance = False
    for _ in range(80):
        if state.is_terminal():
            break
        for copied in (state.clone(), pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
            assert copied == state
            assert copied.to_json() == state.to_json()
            assert copied.history() == state.history()
            assert copied.legal_actions() == state.legal_actions()
            checked_chance |= copied.is_chance_node()
        # The copies go on exactly as the original: the same deals and the same die.
        twin = pickle.loads(pickle.dumps(state))
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        twin.apply_action(action)
        assert twin == state
    assert checked_chance == (game.name() == "marrakech")


def test_a_clone_is_independent():
    state = souk.load_game("jaipur").new_initial_state(seed=3)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone != state and state.history() == []


def test_observation_tensor_is_float32_of_the_documented_shape(game):
    state = game.new_initial_state(seed=2)
    for player in range(game.num_players()):
        tensor = state.observation_tensor(player)
        assert tensor.dtype == np.float32 and tensor.shape == tuple(game.observation_tensor_shape())
    assert np.array_equal(state.observation_tensor(), state.observation_tensor(state.current_player()))
    with pytest.raises(ValueError, match="player must be a seat from 0 to"):
        state.observation_tensor(game.num_players())
    with pytest.raises(ValueError, match="player must be a seat"):
        state.view_json(-1)


def test_observation_string_is_the_views_text(game):
    state = game.new_initial_state(seed=2)
    text = state.observation_string(0)
    view = json.loads(state.view_json(0))
    assert text.startswith("viewer: 0\n")
    assert f"status: {view['status']}" in text


def test_history_and_repr():
    state = souk.load_game("jaipur").new_initial_state(seed=7)
    state.apply_action(6)
    assert state.history() == [6] and state.move_number() == 1
    assert repr(state) == "<souk.State jaipur, player 1 to move, 1 actions>"
    assert str(state) == state.to_json()
    assert state.get_game() == souk.load_game("jaipur")
    with pytest.raises(TypeError):
        hash(state)


def test_seeds_outside_64_bits_are_refused():
    game = souk.load_game("jaipur")
    with pytest.raises(ValueError, match="seed must be from 0 to 2\\*\\*64 - 1"):
        game.new_initial_state(seed=-1)
    with pytest.raises(ValueError):
        game.new_initial_state(seed=2**64)
    with pytest.raises(TypeError, match="seed must be an int"):
        game.new_initial_state(seed=1.5)
    assert game.new_initial_state(seed=np.uint64(7)) == game.new_initial_state(seed=7)
    assert game.new_initial_state() is not None  # a random seed


def test_canonical_helper():
    assert canonical('{"b":1,"a":2}') == canonical('{"a":2, "b":1}')


def test_a_states_record_replays_in_the_cli_and_back(game, tmp_path):
    state = random_playout(game.new_initial_state(seed=12), random.Random(12), max_moves=60)
    seats = ["greedy"] + ["me"] * (game.num_players() - 1)
    text = state.to_record(seats=seats)
    path = tmp_path / "game.rec"
    path.write_text(text)
    assert cli("replay", str(path)).strip() == state.to_json()
    again = souk.state_from_record(text)
    assert again == state and again.history() == state.history()
    assert again.to_record(seats=seats) == text
    twin = pickle.loads(pickle.dumps(state))
    assert twin.to_record() == state.to_record()


def test_souk_demo_records_load(game, tmp_path):
    path = tmp_path / "demo.rec"
    cli(*(["demo"] + cli_new_args(game, 5)[1:] + ["--record", str(path), "--quiet"]))
    state = souk.state_from_record(path.read_text())
    assert state.is_terminal()
    assert state.to_json() == cli("replay", str(path)).strip()
    assert souk.state_from_record(state.to_record()) == state  # (players written only when not the default)


def test_records_refuse_what_they_cannot_hold():
    game = souk.load_game("jaipur")
    loaded = souk.state_from_json(game, game.new_initial_state(seed=1).to_json())
    with pytest.raises(ValueError, match="has no record"):
        loaded.to_record()
    with pytest.raises(ValueError, match="has no record"):
        game.new_initial_state(seed=1).resample_from_infostate(0, seed=1).to_record()
    with pytest.raises(ValueError):
        game.new_initial_state(seed=1).to_record(seats=["a,b", "c"])
    with pytest.raises(ValueError, match="record move 1: illegal move 'sell 2 diamond'"):
        souk.state_from_record("souk-record 1\ngame jaipur\nseed 7\nmoves\nsell 2 diamond\n")
    with pytest.raises(ValueError, match="record: unknown game 'chess'"):
        souk.state_from_record("souk-record 1\ngame chess\nseed 7\nmoves\n")
    with pytest.raises(ValueError):
        souk.state_from_record("not a record")
