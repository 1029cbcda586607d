"""Jaipur with explicit chance (docs/python.md, "Jaipur's draws as chance nodes"): each card
drawn is a chance node with its outcomes and probabilities, and playing the game's own
sampler at each gives the game the same seed and decisions give without the option."""

import json
import pickle
import random

import pytest

import souk

CHANCE_GAME = "jaipur(explicit_chance=true)"


def drawn_by_sampler(state):
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())


def test_the_option_is_a_parameter_of_jaipur_only():
    game = souk.load_game(CHANCE_GAME)
    assert game == souk.load_game("jaipur", {"explicit_chance": True})
    assert game != souk.load_game("jaipur")
    assert str(game) == "jaipur(players=2,explicit_chance=true)"
    assert game.get_parameters()["explicit_chance"] is True
    assert souk.load_game("jaipur").get_parameters()["explicit_chance"] is False
    assert game.get_type().chance_mode == souk.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert souk.load_game("jaipur").get_type().chance_mode == souk.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 7
    assert souk.load_game("jaipur").max_chance_outcomes() == 0
    assert pickle.loads(pickle.dumps(game)) == game
    with pytest.raises(ValueError, match="explicit_chance must be true or false, got 'maybe'"):
        souk.load_game("jaipur(explicit_chance=maybe)")
    with pytest.raises(TypeError, match="explicit_chance must be a bool"):
        souk.load_game("jaipur", {"explicit_chance": 1})
    with pytest.raises(ValueError, match="marrakech has no parameter 'explicit_chance'"):
        souk.load_game("marrakech(explicit_chance=true)")


def test_the_deal_is_twelve_chance_nodes_whose_outcomes_sum_to_one():
    state = souk.load_game(CHANCE_GAME).new_initial_state(seed=3)
    for _ in range(12):
        assert state.is_chance_node() and state.current_player() == souk.CHANCE
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1, abs=1e-12)
        assert sorted(a for a, _ in outcomes) == state.legal_actions()
        assert all(p > 0 for _, p in outcomes)
        state.apply_action(state.sample_chance_outcome())
    assert not state.is_chance_node()


def test_random_games_with_chance_drawn_from_the_outcomes():
    game = souk.load_game(CHANCE_GAME)
    rng = random.Random(11)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        chance_nodes = 0
        for _ in range(3000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                chance_nodes += 1
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1, abs=1e-12)
                mask = state.legal_actions_mask()
                assert [a for a in range(len(mask)) if mask[a]] == sorted(a for a, _ in outcomes)
                ids, weights = zip(*outcomes)
                state.apply_action(rng.choices(ids, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.is_terminal()
        assert chance_nodes >= 12 + 1
        assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]


def test_the_sampler_plays_the_game_of_the_same_seed_without_the_option():
    rng = random.Random(5)
    for seed in range(10):
        plain = souk.load_game("jaipur").new_initial_state(seed=seed)
        chance = souk.load_game(CHANCE_GAME).new_initial_state(seed=seed)
        while True:
            drawn_by_sampler(chance)
            assert chance.is_terminal() == plain.is_terminal()
            if plain.is_terminal():
                break
            assert chance.current_player() == plain.current_player()
            assert chance.legal_actions() == plain.legal_actions()
            for seat in (0, 1):
                assert chance.observation_tensor(seat).tobytes() == plain.observation_tensor(seat).tobytes()
            assert chance.scores() == plain.scores()
            action = rng.choice(plain.legal_actions())
            plain.apply_action(action)
            chance.apply_action(action)
        assert chance.returns() == plain.returns()


def market_of(state):
    return json.loads(state.to_json())["market"]  # a list of card names


def test_each_outcome_puts_its_card_in_the_market():
    state = souk.load_game(CHANCE_GAME).new_initial_state(seed=8)
    drawn_by_sampler(state)
    take = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("take "))
    state.apply_action(take)
    assert state.is_chance_node()
    before = market_of(state)
    total = 0.0
    for action, probability in state.chance_outcomes():
        card = state.action_to_string(action).removeprefix("draw ")
        after = market_of(state.child(action))
        assert after.count(card) == before.count(card) + 1, (card, before, after)
        total += probability
    assert total == pytest.approx(1, abs=1e-12)


def test_a_card_dealt_to_the_other_hand_is_not_in_a_seats_information_state():
    state = souk.load_game(CHANCE_GAME).new_initial_state(seed=2)
    for _ in range(5):  # seat 0's five cards
        state.apply_action(state.sample_chance_outcome())
    first, second = [a for a, _ in state.chance_outcomes()][:2]
    one, other = state.child(first), state.child(second)
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.observation_tensor(0).tobytes() == other.observation_tensor(0).tobytes()
    assert one.information_state_string(1) != other.information_state_string(1)


def test_resampling_takes_a_seed_or_openspiels_probability_sampler():
    state = souk.load_game(CHANCE_GAME).new_initial_state(seed=4)
    drawn_by_sampler(state)
    rng = random.Random(9)
    world = state.resample_from_infostate(0, rng.random)
    assert world.observation_tensor(0).tobytes() == state.observation_tensor(0).tobytes()
    assert world.get_game() == state.get_game()
    with pytest.raises(ValueError, match=r"sampler must return a float in \[0, 1\)"):
        state.resample_from_infostate(0, lambda: 1.5)
    with pytest.raises(TypeError, match="sampler must return a float"):
        state.resample_from_infostate(0, lambda: "x")


def test_chance_ids_are_refused_without_the_option_and_decisions_at_a_chance_node():
    plain = souk.load_game("jaipur").new_initial_state(seed=1)
    limit = plain.num_distinct_actions()
    with pytest.raises(ValueError):
        plain.apply_action(limit)
    chance = souk.load_game(CHANCE_GAME).new_initial_state(seed=1)
    assert chance.action_to_string(limit) == "draw diamond"
    with pytest.raises(ValueError):
        chance.apply_action(0)
    restored = pickle.loads(pickle.dumps(chance))
    assert restored == chance and restored.get_game() == chance.get_game()


def test_the_repr_of_a_game_with_the_option_loads_it_again():
    game = souk.load_game(CHANCE_GAME)
    assert eval(repr(game), {"souk": souk}) == game
    assert repr(souk.load_game("jaipur")) == "souk.load_game('jaipur')"
