"""souk.AECEnv: PettingZoo's AEC API (without PettingZoo), its canonical loop over whole
games, and each agent's observation holding only what that seat may know."""

import json

import numpy as np
import pytest

import souk


def canonical_loop(env, seed):
    """The loop of PettingZoo's AEC documentation, recording what it saw."""
    env.reset(seed=seed)
    seen = {"decisions": 0, "dead_steps": 0, "last_rewards": {}, "selected": [], "actions": []}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        seen["selected"].append(agent)
        if termination or truncation:
            action = None
            seen["dead_steps"] += 1
            seen["last_rewards"][agent] = reward
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)
            assert mask[action] == 1
            seen["decisions"] += 1
        seen["actions"].append(action)
        env.step(action)
    env.close()
    return seen


def test_the_canonical_loop_plays_whole_games(game):
    env = souk.AECEnv(game, seed=1)
    players = game.num_players()
    assert env.possible_agents == [f"player_{p}" for p in range(players)]
    assert env.max_num_agents == players
    for seed in (1, 2):
        seen = canonical_loop(env, seed)
        assert env.agents == [] and env.num_agents == 0
        # Every agent is told the game's end once, with its return as its last reward.
        assert sorted(seen["last_rewards"]) == sorted(env.possible_agents)
        assert seen["dead_steps"] == players
        assert sum(seen["last_rewards"].values()) == pytest.approx(0, abs=1e-9)
        assert max(seen["last_rewards"].values()) > 0
        assert 0 < seen["decisions"] <= game.max_game_length()


def test_state_follows_the_rules_and_the_dice_are_the_games():
    game = souk.load_game("marrakech", players=3)
    env = souk.AECEnv(game, seed=4)
    env.reset(seed=4)
    mirror = game.new_initial_state(seed=4)
    rng = np.random.default_rng(0)
    while not any(env.terminations.values()):
        agent = env.agent_selection
        assert agent == f"player_{mirror.current_player()}"
        observation, reward, termination, truncation, info = env.last()
        assert reward == 0 and not termination and not truncation
        assert np.array_equal(observation["observation"], mirror.observation_tensor(mirror.current_player()))
        assert np.flatnonzero(observation["action_mask"]).tolist() == mirror.legal_actions()
        action = int(rng.choice(mirror.legal_actions()))
        env.step(action)
        mirror.apply_action(action)
        while mirror.is_chance_node():
            mirror.apply_action(mirror.sample_chance_outcome())
    assert mirror.is_terminal()
    returns = mirror.returns()
    for p, agent in enumerate(env.possible_agents):
        assert env.rewards[agent] == pytest.approx(returns[p])
        assert env._cumulative_rewards[agent] == pytest.approx(returns[p])
        assert env.terminations[agent] and not env.truncations[agent]
        assert env.infos[agent]["scores"] == mirror.scores()


def test_observe_is_the_seats_view_and_its_mask_only_when_it_moves():
    game = souk.load_game("jaipur")
    env = souk.AECEnv(game)
    env.reset(seed=3)
    mover = env.agent_selection
    waiting = next(a for a in env.agents if a != mover)
    assert env.observe(mover)["action_mask"].sum() > 0
    assert env.observe(waiting)["action_mask"].sum() == 0
    assert env.observe(mover)["action_mask"].dtype == np.int8
    space = env.observation_space(mover)
    assert space.shape == (game.observation_tensor_size(),) == space["observation"].shape
    assert space["action_mask"].shape == (game.num_distinct_actions(),)
    assert env.action_space(mover).n == game.num_distinct_actions()
    assert env.last(observe=False)[0] is None


def with_opponent_hand(state_json, hand):
    """The same state with player 1's hand replaced by `hand`, the deck taking the cards back."""
    changed = json.loads(state_json)
    old = changed["players"][1]["hand"]
    deck = list(changed["deck"])
    for card in hand:
        deck.remove(card)
    deck.extend(old)
    changed["deck"] = deck
    changed["players"][1]["hand"] = hand
    return json.dumps(changed)


def test_an_agent_never_observes_another_agents_hidden_hand():
    game = souk.load_game("jaipur")
    # A deal where player 0 moves first: player 1 has shown nothing of its hand yet.
    state = next(s for s in map(lambda seed: game.new_initial_state(seed=seed), range(20, 40))
                 if s.current_player() == 0)
    original = json.loads(state.to_json())
    hand = original["players"][1]["hand"]
    deck = original["deck"]
    # Another hand of the same size, from cards of the deck.
    other = [card for card in deck if card != "camel" and card not in hand][: len(hand)]
    assert len(other) == len(hand) and sorted(other) != sorted(hand)
    twin = souk.state_from_json(game, with_opponent_hand(state.to_json(), other))
    env = souk.AECEnv(game)
    seen = []
    for start in (state, twin):
        env.reset(options={"state": start})
        seen.append((env.observe("player_0"), env.observe("player_1")))
    (mine, theirs), (mine_twin, theirs_twin) = seen
    assert np.array_equal(mine["observation"], mine_twin["observation"])
    assert np.array_equal(mine["action_mask"], mine_twin["action_mask"])
    # The test can fail: the hands differ, and player 1 sees its own.
    assert not np.array_equal(theirs["observation"], theirs_twin["observation"])


def test_dead_agents_step_with_none_only():
    env = souk.AECEnv(souk.load_game("marrakech", players=2), seed=5)
    env.reset(seed=5)
    with pytest.raises(souk.InvalidArgumentError, match="None is only for an agent that is done"):
        env.step(None)
    while not any(env.terminations.values()):
        observation, *_ = env.last()
        env.step(env.action_space(env.agent_selection).sample(observation["action_mask"]))
    with pytest.raises(souk.InvalidArgumentError, match="the only valid action is None"):
        env.step(0)
    env.step(None)
    env.step(None)
    assert env.agents == []


def test_refused_actions_and_unknown_agents():
    env = souk.AECEnv(souk.load_game("jaipur"), seed=2)
    env.reset()
    state_before = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(state_before["action_mask"] == 0)[0])
    with pytest.raises(souk.IllegalMoveError):
        env.step(illegal)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], state_before["observation"])
    with pytest.raises(souk.InvalidArgumentError, match="no agent 'player_7'"):
        env.observe("player_7")
    with pytest.raises(souk.InvalidArgumentError, match="the action mask has no legal action"):
        env.action_space("player_0").sample(np.zeros(env.action_space("player_0").n, np.int8))
    with pytest.raises(souk.InvalidArgumentError, match="options\\['state'\\] must be a souk.State of"):
        env.reset(options={"state": souk.load_game("marrakech").new_initial_state(seed=1)})


def test_a_seed_gives_the_same_games():
    game = souk.load_game("marrakech", players=4)
    runs = []
    for _ in range(2):
        env = souk.AECEnv(game, seed=9)
        runs.append([canonical_loop(env, 33)["actions"], canonical_loop(env, None)["actions"]])
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][1]


def test_an_aec_env_of_something_else_than_a_game_is_refused_naming_it():
    with pytest.raises(TypeError, match="AECEnv plays a souk.Game .*got str"):
        souk.AECEnv("jaipur")
