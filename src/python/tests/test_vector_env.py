"""souk.VectorEnv: arrays that agree with souk.State, deterministic, reset when games end."""

import threading

import numpy as np
import pytest

import souk


def slices(legal):
    ids, offsets = legal
    return [ids[offsets[i]:offsets[i + 1]].tolist() for i in range(len(offsets) - 1)]


def check_against_states(env, obs, legal, players):
    for i, ids in enumerate(slices(legal)):
        state = env.get_state(i)
        assert state.current_player() == players[i] >= 0
        assert ids == state.legal_actions()
        assert obs[i].tobytes() == state.observation_tensor(players[i]).tobytes()


def test_shapes_dtypes_and_agreement_with_states(game):
    n = 5
    env = souk.VectorEnv(game, n, seed=3)
    obs, legal = env.reset()
    assert obs.shape == (n, game.observation_tensor_size()) and obs.dtype == np.float32
    ids, offsets = legal
    assert ids.dtype == np.int32 and offsets.dtype == np.int64 and offsets.shape == (n + 1,)
    assert offsets[0] == 0 and offsets[-1] == len(ids)
    players = np.array([env.get_state(i).current_player() for i in range(n)])
    check_against_states(env, obs, legal, players)
    finished = 0
    for _ in range(400):
        actions = env.sample_legal_actions()
        assert actions.dtype == np.int64
        for i, ids in enumerate(slices(legal)):
            assert actions[i] in ids
        before = [env.get_state(i) for i in range(n)]
        obs, legal, rewards, terminated, info = env.step(actions)
        assert rewards.shape == (n, game.num_players()) and rewards.dtype == np.float32
        assert terminated.dtype == np.bool_ and info["truncated"].dtype == np.bool_
        players = info["current_player"]
        check_against_states(env, obs, legal, players)
        for i in range(n):
            if terminated[i]:
                finished += 1
                assert rewards[i].sum() == pytest.approx(0, abs=1e-6) and rewards[i].max() > 0
                assert env.get_state(i).move_number() == 0
            else:
                assert not rewards[i].any()
                # The new state is the old one after the action (and Marrakech's die).
                after = before[i].clone()
                after.apply_action(int(actions[i]))
                if after.is_chance_node():
                    rolled = []
                    for roll in (3, 4, 5, 6):
                        candidate = after.clone()
                        candidate.apply_action(roll)
                        rolled.append(candidate)
                    assert env.get_state(i) in rolled
                else:
                    assert after == env.get_state(i)
        assert not info["truncated"].any()
    assert finished > 0 or game.name() == "jaipur"


def test_the_same_seed_and_actions_give_the_same_arrays(game):
    def run(seed, opponent=None):
        env = souk.VectorEnv(game, 4, seed=seed, opponent=opponent)
        out = [env.reset()]
        for _ in range(150):
            out.append(env.step(env.sample_legal_actions()))
        return out

    def same(a, b):
        if isinstance(a, dict):
            return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        if isinstance(a, (tuple, list)):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        if isinstance(a, np.ndarray) and a.dtype == object:  # info's final_observation and final_info
            return b.dtype == object and a.shape == b.shape and all(same(x, y) for x, y in zip(a, b))
        if a is None or b is None:
            return a is b
        return np.array_equal(a, b)

    assert same(run(11), run(11))
    assert not same(run(11), run(12))
    assert same(run(5, "greedy"), run(5, "greedy"))


def test_reset_with_a_seed_restarts_the_sequence_and_without_goes_on():
    game = souk.load_game("jaipur")
    env = souk.VectorEnv(game, 3, seed=9)
    first = env.reset()
    env.step(env.sample_legal_actions())
    again = env.reset(seed=9)
    assert np.array_equal(first[0], again[0]) and np.array_equal(first[1][0], again[1][0])
    onward = env.reset()
    assert not np.array_equal(first[0], onward[0])


def test_with_an_opponent_the_learner_sees_only_its_own_turns():
    # seat=None rotates the learner's seat: environment i's episode k plays seat (i + k) % 3.
    game = souk.load_game("marrakech", players=3)
    n = 6
    env = souk.VectorEnv(game, n, seed=2, opponent="greedy")
    env.reset()
    episodes = [0] * n
    for i in range(n):
        assert env.get_state(i).current_player() == i % 3
    for _ in range(300):
        _, _, rewards, terminated, info = env.step(env.sample_legal_actions())
        assert rewards.shape == (n,)
        for i in range(n):
            if terminated[i]:
                episodes[i] += 1
                assert -0.5 <= rewards[i] <= 1
            else:
                assert rewards[i] == 0
            assert info["current_player"][i] == (i + episodes[i]) % 3 == env.get_state(i).current_player()
    assert sum(episodes) > 0


def test_a_fixed_seat_and_the_learners_reward():
    game = souk.load_game("jaipur")
    env = souk.VectorEnv(game, 8, seed=4, opponent="random", seat=1)
    env.reset()
    total = []
    for _ in range(400):
        _, _, rewards, terminated, info = env.step(env.sample_legal_actions())
        assert (info["current_player"] == 1).all()
        total.extend(rewards[terminated].tolist())
    assert total and set(total) <= {1.0, -1.0}


def test_the_dense_mask_on_request(game):
    env = souk.VectorEnv(game, 3, seed=1)
    _, legal = env.reset()
    mask = env.legal_actions_mask()
    assert mask.shape == (3, game.num_distinct_actions()) and mask.dtype == np.bool_
    for i, ids in enumerate(slices(legal)):
        assert np.flatnonzero(mask[i]).tolist() == ids
    assert [x.tolist() for x in env.legal_actions()] == [x.tolist() for x in legal]


def test_refused_actions_raise_and_play_nothing():
    game = souk.load_game("jaipur")
    env = souk.VectorEnv(game, 3, seed=1)
    with pytest.raises(ValueError, match="call reset"):
        env.step([0, 0, 0])
    env.reset()
    before = [env.get_state(i) for i in range(3)]
    actions = env.sample_legal_actions()
    actions[1] = game.new_initial_state(seed=1).string_to_action("sell 7 diamond")
    with pytest.raises(ValueError, match="environment 1: illegal move 'sell 7 diamond'"):
        env.step(actions)
    actions[1] = 10**6
    with pytest.raises(ValueError, match="environment 1: action 1000000 is not an id"):
        env.step(actions)
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(actions[:2])
    with pytest.raises(TypeError, match="ints"):
        env.step(actions.astype(np.float64))
    with pytest.raises(TypeError):
        env.step(["a", "b", "c"])
    assert [env.get_state(i) for i in range(3)] == before
    with pytest.raises(IndexError):
        env.get_state(3)
    with pytest.raises(ValueError, match="num_envs must be from 1"):
        souk.VectorEnv(game, 0)
    with pytest.raises(ValueError, match="bad bot"):
        souk.VectorEnv(game, 2, opponent="wizard")
    with pytest.raises(ValueError, match="seat must be"):
        souk.VectorEnv(game, 2, opponent="random", seat=2)


def test_lists_and_any_int_dtype_are_actions():
    env = souk.VectorEnv(souk.load_game("marrakech"), 2, seed=1)
    env.reset()
    env.step([1, 1])
    env.step(env.sample_legal_actions().astype(np.int16))


def test_steps_release_the_gil():
    # Two threads stepping their own environments side by side finish (the GIL is
    # released inside step), and give what each would alone.
    game = souk.load_game("jaipur")
    results = {}

    def work(seed):
        env = souk.VectorEnv(game, 64, seed=seed)
        env.reset()
        for _ in range(50):
            out = env.step(env.sample_legal_actions())
        results[seed] = out[0]

    threads = [threading.Thread(target=work, args=(s,)) for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alone = souk.VectorEnv(game, 64, seed=1)
    alone.reset()
    for _ in range(50):
        out = alone.step(alone.sample_legal_actions())
    assert np.array_equal(results[1], out[0])


def test_one_environment_shared_by_threads_stays_whole():
    # Steps from several threads on one VectorEnv take turns (a lock inside): every
    # result is a whole step's, and the environments stay consistent.
    game = souk.load_game("marrakech", players=4)
    env = souk.VectorEnv(game, 16, seed=3)
    env.reset()
    errors = []

    def stepper():
        for _ in range(100):
            try:
                env.step(env.sample_legal_actions())
            except ValueError:
                pass  # another thread stepped between sampling and stepping
            except Exception as error:  # noqa: BLE001 - any other failure is the test's
                errors.append(error)

    def reader():
        for _ in range(200):
            ids, offsets = env.legal_actions()
            assert offsets[-1] == len(ids)
            env.legal_actions_mask()
            env.get_state(5)

    threads = [threading.Thread(target=stepper) for _ in range(3)] + [threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    obs, legal = env.reset()
    players = np.array([env.get_state(i).current_player() for i in range(16)])
    check_against_states(env, obs, legal, players)
