"""Errors by code: souk's exception classes, and ints out of range refused as ValueError."""

import numpy as np
import pytest

import souk

JAIPUR = souk.load_game("jaipur")


def test_the_classes_are_exported_and_keep_value_error_and_runtime_error():
    for name in ("Error", "InvalidArgumentError", "BadMoveError", "IllegalMoveError", "EngineError", "InternalError"):
        assert name in souk.__all__
        assert getattr(souk, name).__module__ == "souk"
    assert issubclass(souk.Error, Exception)
    for bad_input in (souk.InvalidArgumentError, souk.BadMoveError, souk.IllegalMoveError):
        assert issubclass(bad_input, souk.Error) and issubclass(bad_input, ValueError)
        assert not issubclass(bad_input, RuntimeError)
    assert issubclass(souk.BadMoveError, souk.InvalidArgumentError)
    assert not issubclass(souk.IllegalMoveError, souk.InvalidArgumentError)
    for failure in (souk.EngineError, souk.InternalError):
        assert issubclass(failure, souk.Error) and issubclass(failure, RuntimeError)
        assert not issubclass(failure, ValueError)


def test_an_illegal_move_is_an_illegal_move_error_with_its_code():
    state = JAIPUR.new_initial_state(seed=7)
    with pytest.raises(souk.IllegalMoveError) as error:
        state.apply_action(state.string_to_action("sell 2 diamond"))
    assert error.value.code == "illegal_move"
    assert str(error.value) == "illegal move 'sell 2 diamond': you hold 0 diamond"
    assert isinstance(error.value, ValueError), "except ValueError still catches it"
    assert state.history() == []


def test_text_that_does_not_parse_is_a_bad_move_error():
    state = JAIPUR.new_initial_state(seed=7)
    with pytest.raises(souk.BadMoveError) as error:
        state.string_to_action("fly")
    assert error.value.code == "bad_move"
    assert str(error.value).startswith("bad move 'fly': unknown action 'fly'")
    assert isinstance(error.value, souk.InvalidArgumentError)


def test_bad_input_is_an_invalid_argument_error():
    with pytest.raises(souk.InvalidArgumentError) as error:
        souk.load_game("chess")
    assert error.value.code == "invalid_argument"
    with pytest.raises(souk.InvalidArgumentError) as error:
        souk.state_from_json(JAIPUR, "{")
    assert error.value.code == "invalid_argument"
    state = JAIPUR.new_initial_state(seed=7)
    with pytest.raises(souk.InvalidArgumentError, match="not an id of this game") as error:
        state.apply_action(-1)
    assert error.value.code == "invalid_argument"


@pytest.mark.parametrize("action", [2**63, -(2**63) - 1, 2**64, 10**30])
def test_actions_beyond_64_bits_are_refused_as_ids_out_of_range(action):
    state = JAIPUR.new_initial_state(seed=7)
    with pytest.raises(souk.InvalidArgumentError, match=f"action {action} is not an id of this game \\(0 to 25504\\)"):
        state.apply_action(action)
    with pytest.raises(souk.InvalidArgumentError, match=f"action {action} is not an id of this game"):
        state.action_to_string(action)
    assert state.history() == []


def test_seats_beyond_32_bits_are_refused_as_seats():
    state = JAIPUR.new_initial_state(seed=7)
    for seat in (2**40, -(2**63), 2**64):
        with pytest.raises(souk.InvalidArgumentError, match="player must be a seat"):
            state.view_json(seat)
        with pytest.raises(souk.InvalidArgumentError, match="player must be a seat"):
            state.resample_from_infostate(seat, seed=1)
        with pytest.raises(souk.InvalidArgumentError, match="player must be a seat"):
            state.observation_tensor(seat)
    with pytest.raises(TypeError, match="player must be an int"):
        state.view_json(1.0)


def test_seeds_and_player_counts_beyond_64_bits():
    with pytest.raises(souk.InvalidArgumentError, match="seed must be from 0 to 2\\*\\*64 - 1"):
        JAIPUR.new_initial_state(seed=2**64)
    for players in (2**40, -(2**70)):
        with pytest.raises(souk.InvalidArgumentError, match="marrakech is a game for 2, 3 or 4 players"):
            souk.load_game("marrakech", players=players)
    with pytest.raises(TypeError):
        souk.load_game("marrakech", players=3.0)


def test_vector_env_sizes_and_seats_out_of_range():
    with pytest.raises(souk.InvalidArgumentError, match="num_envs must be from 1 to 1048576, got 1099511627776"):
        souk.VectorEnv(JAIPUR, 2**40)
    with pytest.raises(souk.InvalidArgumentError, match="num_envs must be from 1 to 1048576"):
        souk.VectorEnv(JAIPUR, 2**30)
    with pytest.raises(souk.InvalidArgumentError, match="num_envs must be from 1"):
        souk.VectorEnv(JAIPUR, -(2**70))
    with pytest.raises(TypeError):
        souk.VectorEnv(JAIPUR, 2.0)
    # -1 too: a negative seat is no seat (the rotation is asked for with None).
    for seat in (2, 2**40, -1, -2, -(2**70)):
        with pytest.raises(souk.InvalidArgumentError, match="seat must be a seat from 0 to 1, or None"):
            souk.VectorEnv(JAIPUR, 2, opponent="random", seat=seat)
    with pytest.raises(souk.InvalidArgumentError, match="num_envs must be from 1 to 1048576, got 1099511627776"):
        souk.VectorEnv(JAIPUR, np.int64(2**40))
    with pytest.raises(souk.InvalidArgumentError, match="seed must be from 0 to 2\\*\\*64 - 1"):
        souk.VectorEnv(JAIPUR, 2, seed=2**64)


def test_vector_env_actions_and_indices_out_of_range():
    env = souk.VectorEnv(JAIPUR, 2, seed=1)
    env.reset()
    before = [env.get_state(i) for i in range(2)]
    for actions in ([0, 2**64], [0, 2**63], np.array([0, 2**63], np.uint64)):
        with pytest.raises(souk.InvalidArgumentError, match="environment 1"):
            env.step(actions)
    with pytest.raises(souk.IllegalMoveError, match="environment 0: illegal move") as error:
        env.step([JAIPUR.new_initial_state(seed=1).string_to_action("sell 7 diamond"), 0])
    assert error.value.code == "illegal_move"
    assert [env.get_state(i) for i in range(2)] == before, "no environment is stepped"
    for index in (2, 2**40, 2**64, -1):
        with pytest.raises(IndexError, match=f"environment {index} of 2"):
            env.get_state(index)
    with pytest.raises(souk.InvalidArgumentError, match="steps must be from 0"):
        env._play_random(2**40)


def test_a_bot_refuses_a_state_of_another_player_count_or_variant():
    three = souk.load_game("marrakech", players=3)
    bot = souk.Bot(three, "greedy", seed=1)
    for other, described in ((souk.load_game("marrakech", players=4), "a marrakech game of 4 players"),
                             (souk.load_game("marrakech", players=2, variant="single_colour"),
                              "a marrakech game of 2 players, single-colour")):
        state = other.new_initial_state(seed=1)
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        for call in (bot.step, bot.analyse):
            with pytest.raises(ValueError, match=f"a bot for marrakech, 3 players cannot play {described}"):
                call(state)
    with pytest.raises(ValueError, match="a marrakech bot cannot play jaipur"):
        bot.step(JAIPUR.new_initial_state(seed=1))
    state = three.new_initial_state(seed=1)
    assert bot.step(state) in state.legal_actions()
