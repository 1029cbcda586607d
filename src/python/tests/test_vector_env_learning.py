"""souk.VectorEnv for learners: final observations and info when a game ends, the
score-difference reward, the padded legal actions, and the checks of its arguments."""

import json

import numpy as np
import pytest

import souk

FINAL_KEYS = {"final_observation", "_final_observation", "final_info", "_final_info", "final_seat",
              "final_scores", "final_returns", "final_winners", "episode_length", "episode_steps"}


def played(state, action):
    """The state after the action and the dice the game's own PRNG rolls (as VectorEnv rolls them)."""
    after = state.clone()
    after.apply_action(int(action))
    while after.is_chance_node():
        after.apply_action(after.sample_chance_outcome())
    return after


def test_final_observation_and_info_when_a_game_ends(game):
    n, players = 4, game.num_players()
    env = souk.VectorEnv(game, n, seed=6)
    env.reset()
    steps, ended = [0] * n, 0
    for _ in range(700 if game.name() == "jaipur" else 150):
        actions = env.sample_legal_actions()
        before = [env.get_state(i) for i in range(n)]
        _, _, rewards, terminated, info = env.step(actions)
        steps = [k + 1 for k in steps]
        done = terminated | info["truncated"]
        if not done.any():
            assert not FINAL_KEYS & set(info), "the final keys only in a step where a game ended"
            continue
        assert FINAL_KEYS <= set(info)
        assert info["_final_observation"].tolist() == done.tolist() == info["_final_info"].tolist()
        assert info["final_observation"].shape == info["final_info"].shape == (n,)
        assert info["final_observation"].dtype == info["final_info"].dtype == object
        assert info["final_scores"].shape == info["final_returns"].shape == info["final_winners"].shape == (n, players)
        for i in range(n):
            if not done[i]:
                assert info["final_observation"][i] is None and info["final_info"][i] is None
                assert info["final_seat"][i] == -1 and info["episode_length"][i] == 0
                continue
            ended += 1
            actor = before[i].current_player()
            final = played(before[i], actions[i])
            assert final.is_terminal()
            returns = final.returns()
            assert info["final_seat"][i] == actor
            assert info["final_observation"][i].dtype == np.float32
            assert info["final_observation"][i].tobytes() == final.observation_tensor(actor).tobytes()
            assert info["final_scores"][i].tolist() == final.scores()
            np.testing.assert_allclose(info["final_returns"][i], returns, atol=1e-6)
            np.testing.assert_allclose(rewards[i], returns, atol=1e-6)
            winners = [p for p in range(players) if returns[p] == max(returns)]
            assert np.flatnonzero(info["final_winners"][i]).tolist() == winners
            # Without an opponent every decision is a step: the game's length in both.
            assert info["episode_length"][i] == info["episode_steps"][i] == steps[i]
            assert info["final_info"][i] == {
                "scores": final.scores(), "returns": pytest.approx(returns), "winners": winners,
                "length": steps[i], "steps": steps[i], "seat": actor, "truncated": False}
            steps[i] = 0
    assert ended > 0


def test_with_an_opponent_the_final_observation_is_the_learners():
    game = souk.load_game("marrakech", players=3)
    n = 4
    env = souk.VectorEnv(game, n, seed=8, opponent="greedy")
    _, _ = env.reset()
    learner = [env.get_state(i).current_player() for i in range(n)]
    steps, ended = [0] * n, 0
    for _ in range(120):
        _, _, rewards, terminated, info = env.step(env.sample_legal_actions())
        steps = [k + 1 for k in steps]
        for i in np.flatnonzero(terminated):
            ended += 1
            assert info["final_seat"][i] == learner[i]
            assert rewards[i] == pytest.approx(info["final_returns"][i][learner[i]])
            assert info["episode_steps"][i] == steps[i]
            # The bots' decisions count in the game's length, not in the learner's steps.
            assert info["episode_length"][i] > steps[i]
            steps[i] = 0
        learner = list(info["current_player"])
    assert ended > 0


def jaipur_difference(state_json, banked, viewer):
    """Viewer's rupees minus the opponent's as the viewer may know them, from the JSON:
    banked rounds, plus in the round being played the goods tokens and the viewer's own bonus."""
    if state_json["status"] != "playing":
        return banked[viewer] - banked[1 - viewer]

    def purse(p):
        seat = state_json["players"][p]
        return banked[p] + sum(seat["goods_tokens"]) + (sum(seat["bonus_tokens"]) if p == viewer else 0)

    return purse(viewer) - purse(1 - viewer)


@pytest.mark.parametrize("mode", ["score", "score+win"])
def test_jaipur_score_rewards_are_the_change_of_rupees_seen_and_sum_to_the_games(mode):
    # One environment, both seats rewarded: each step's reward is recomputed from the
    # states' JSON, which also checks that the opponent's hidden bonus is never counted.
    env = souk.VectorEnv(souk.load_game("jaipur"), 1, seed=11, reward=mode)
    assert env.reward == mode
    env.reset()
    state = env.get_state(0)
    banked, totals, games = [0, 0], np.zeros(2), 0
    while games < 3:
        action = env.sample_legal_actions()
        after = played(state, action[0])
        before_json, after_json = json.loads(state.to_json()), json.loads(after.to_json())
        differences_before = [jaipur_difference(before_json, banked, p) for p in (0, 1)]
        if after_json["round"] != before_json["round"] or after.is_terminal():
            banked = [b + r for b, r in zip(banked, after_json["last_round"]["rupees"])]
        expected = np.array([jaipur_difference(after_json, banked, p) for p in (0, 1)]) - differences_before
        if after.is_terminal() and mode == "score+win":
            expected = expected + np.array(after.returns())
        _, _, rewards, terminated, info = env.step(action)
        np.testing.assert_allclose(rewards[0], expected)
        totals += rewards[0]
        if terminated[0]:
            games += 1
            game_difference = np.array([banked[0] - banked[1], banked[1] - banked[0]])
            win = np.array(info["final_returns"][0]) if mode == "score+win" else 0
            np.testing.assert_allclose(totals, game_difference + win)
            banked, totals = [0, 0], np.zeros(2)
        state = env.get_state(0)


def test_marrakech_score_rewards_sum_to_the_final_score_difference():
    game = souk.load_game("marrakech", players=3)
    n = 3
    env = souk.VectorEnv(game, n, seed=12, reward="score")
    env.reset()
    totals, ended = np.zeros((n, 3)), 0
    for _ in range(150):
        actions = env.sample_legal_actions()
        before = [env.get_state(i) for i in range(n)]
        _, _, rewards, terminated, _ = env.step(actions)
        totals += rewards
        for i in np.flatnonzero(terminated):
            scores = played(before[i], actions[i]).scores()
            for p in range(3):
                best_other = max(scores[q] for q in range(3) if q != p)
                assert totals[i][p] == pytest.approx(scores[p] - best_other)
            totals[i] = 0
            ended += 1
    assert ended > 0


def test_score_rewards_against_bots_sum_to_the_learners_difference():
    game = souk.load_game("marrakech", players=4)
    env = souk.VectorEnv(game, 4, seed=13, opponent="greedy", seat=2, reward="score")
    env.reset()
    totals, ended = np.zeros(4), 0
    for _ in range(100):
        _, _, rewards, terminated, info = env.step(env.sample_legal_actions())
        totals += rewards
        for i in np.flatnonzero(terminated):
            scores = info["final_scores"][i]
            assert totals[i] == pytest.approx(scores[2] - max(scores[[0, 1, 3]]))
            totals[i] = 0
            ended += 1
    assert ended > 0


def test_the_win_reward_is_unchanged_by_default():
    game = souk.load_game("marrakech", players=2)
    a = souk.VectorEnv(game, 3, seed=14)
    b = souk.VectorEnv(game, 3, seed=14, reward="win")
    a.reset(), b.reset()
    assert a.reward == "win"
    for _ in range(80):
        actions = a.sample_legal_actions()
        b.sample_legal_actions()
        ra, rb = a.step(actions)[2], b.step(actions)[2]
        assert np.array_equal(ra, rb)


def test_padded_legal_actions_agree_with_the_compact_form(game):
    env = souk.VectorEnv(game, 5, seed=15)
    _, legal = env.reset()
    width = env.max_legal_actions
    assert width == (512 if game.name() == "jaipur" else 12)
    for _ in range(20):
        ids, offsets = legal
        padded, valid = env.legal_actions_padded()
        assert padded.shape == valid.shape == (5, width) and padded.dtype == np.int32 and valid.dtype == np.bool_
        for i in range(5):
            count = offsets[i + 1] - offsets[i]
            assert padded[i, :count].tolist() == ids[offsets[i]:offsets[i + 1]].tolist()
            assert (padded[i, count:] == -1).all()
            assert valid[i].tolist() == [True] * count + [False] * (width - count)
        shortest = int(np.diff(offsets).max())
        narrow, narrow_valid = env.legal_actions_padded(max_len=shortest)
        assert np.array_equal(narrow, padded[:, :shortest]) and np.array_equal(narrow_valid, valid[:, :shortest])
        _, legal, _, _, _ = env.step(env.sample_legal_actions())


def test_padded_legal_actions_refuse_a_max_len_that_cuts_a_list():
    env = souk.VectorEnv(souk.load_game("jaipur"), 2, seed=16)
    _, (ids, offsets) = env.reset()
    longest = int(np.diff(offsets).max())
    with pytest.raises(souk.InvalidArgumentError, match=f"max_len={longest - 1} is too short: environment .* has {longest}"):
        env.legal_actions_padded(max_len=longest - 1)
    for bad in (0, 513, 2**70):
        with pytest.raises(souk.InvalidArgumentError, match="max_len must be from 1 to 512"):
            env.legal_actions_padded(max_len=bad)
    with pytest.raises(TypeError):
        env.legal_actions_padded(max_len=3.0)


def test_a_reward_mode_that_does_not_exist_is_refused():
    with pytest.raises(souk.InvalidArgumentError, match="reward must be 'win', 'score' or 'score\\+win', got 'points'"):
        souk.VectorEnv(souk.load_game("jaipur"), 2, reward="points")
