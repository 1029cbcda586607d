"""OpenSpiel's pyspiel API on souk: every Game and State method by its pyspiel name and
signature (docs/python.md, "OpenSpiel's API"), the game strings, serialization, the
information state and the observers, and their hidden-information boundary."""

import random

import numpy as np
import pytest

import souk
from conftest import CONFIGS, CONFIG_IDS, load


def random_state(game, seed, steps):
    """A game from `seed` after up to `steps` random actions (chance drawn by the game)."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


# --- Loading games -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, players, variant",
    [
        ("jaipur", 2, ""),
        ("marrakech", 2, ""),
        ("marrakech(players=3)", 3, ""),
        ("marrakech( players = 4 )", 4, ""),
        ("marrakech(players=2,variant=single_colour)", 2, "single-colour"),
        ("jaipur()", 2, ""),
    ],
)
def test_game_strings_load(text, players, variant):
    game = souk.load_game(text)
    assert game.num_players() == players and game.variant() == variant
    assert souk.load_game(str(game)) == game  # str(game) is the game string


def test_parameter_dicts_load():
    assert souk.load_game("marrakech", {"players": 3}) == souk.load_game("marrakech", players=3)
    single = souk.load_game("marrakech", {"players": 2, "variant": "single-colour"})
    assert single.variant() == "single-colour"
    assert souk.load_game("jaipur", {}) == souk.load_game("jaipur")


@pytest.mark.parametrize(
    "args, message",
    [
        (("jaipur(foo=1)",), "jaipur has no parameter 'foo' (it has: players, explicit_chance)"),
        (("marrakech(colours=3)",), "marrakech has no parameter 'colours' (it has: players, variant)"),
        (("marrakech", {"foo": 1}), "marrakech has no parameter 'foo' (it has: players, variant)"),
        (("marrakech(players=5)",), "marrakech is a game for 2, 3 or 4 players"),
        (("marrakech(players=three)",), "players must be an int, got 'three'"),
        (("marrakech(players)",), "game string 'marrakech(players)': 'players' is not key=value"),
        (("marrakech(players=3",), "game string 'marrakech(players=3': expected name(key=value,...)"),
        (("marrakech(players=3,players=4)",), "game string 'marrakech(players=3,players=4)': 'players' given twice"),
        (("chess(players=2)",), "unknown game 'chess' (games: jaipur, marrakech)"),
        (("marrakech(players=3)", 3), "a game string names its parameters itself: give players and variant inside it"),
    ],
)
def test_bad_game_strings_and_params_name_what_is_wrong(args, message):
    with pytest.raises(souk.InvalidArgumentError) as error:
        souk.load_game(*args)
    assert str(error.value) == message


def test_parameter_values_of_the_wrong_type_raise_type_error():
    with pytest.raises(TypeError):
        souk.load_game("marrakech", {"players": "3"})
    with pytest.raises(TypeError):
        souk.load_game("marrakech", {"variant": 1})
    with pytest.raises(TypeError):
        souk.load_game("marrakech", {3: 3})


def test_registered_names():
    assert souk.registered_names() == souk.games() == ["jaipur", "marrakech"]


# --- Game --------------------------------------------------------------------------


def test_game_type_has_openspiels_fields():
    t = souk.load_game("jaipur").get_type()
    GT = souk.GameType
    assert (t.short_name, t.long_name) == ("jaipur", "Jaipur")
    assert t.dynamics == GT.Dynamics.SEQUENTIAL and t.dynamics.name == "SEQUENTIAL"
    assert t.chance_mode == GT.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == GT.Information.IMPERFECT_INFORMATION
    assert t.utility == GT.Utility.ZERO_SUM and t.reward_model == GT.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (2, 2)
    assert t.provides_information_state_string and not t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert t.parameter_specification == {"players": 2, "explicit_chance": False}
    m = souk.load_game("marrakech(players=4)").get_type()
    assert m.chance_mode.name == "EXPLICIT_STOCHASTIC"
    assert m.information.name == "IMPERFECT_INFORMATION"  # the order of the carpet piles
    assert (m.min_num_players, m.max_num_players) == (2, 4)
    assert m.parameter_specification == {"players": 2, "variant": ""}


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_game_methods(config):
    game = load(config)
    assert game.get_parameters()["players"] == game.num_players()
    assert souk.load_game(game.get_type().short_name, game.get_parameters()) == game
    assert game.utility_sum() == 0.0
    assert game.min_utility() < 0 < game.max_utility()
    assert game.policy_tensor_shape() == [game.num_distinct_actions()]
    assert game.observation_tensor_size() == game.observation_tensor_shape()[0] > 0
    assert game.max_history_length() >= game.max_game_length()
    with pytest.raises(souk.InvalidArgumentError, match="no information state tensor"):
        game.information_state_tensor_shape()
    with pytest.raises(souk.InvalidArgumentError, match="no information state tensor"):
        game.information_state_tensor_size()


# --- State -------------------------------------------------------------------------


def test_action_to_string_takes_a_player_too():
    state = souk.load_game("jaipur").new_initial_state(seed=7)
    assert state.action_to_string(0, 28) == state.action_to_string(28) == "sell 1 cloth"
    assert state.action_to_string(1, 28) == "sell 1 cloth"  # the text is the same for any seat
    marrakech = souk.load_game("marrakech").new_initial_state(seed=1)
    assert marrakech.action_to_string(souk.CHANCE, 5) == "roll 3"
    with pytest.raises(souk.InvalidArgumentError, match="player must be a seat from 0 to 1, got 2"):
        state.action_to_string(2, 28)
    with pytest.raises(souk.InvalidArgumentError, match="is not an id of this game"):
        state.action_to_string(0, 2**63)
    with pytest.raises(TypeError):
        state.action_to_string(0, "28")


def test_legal_actions_of_a_seat():
    state = souk.load_game("jaipur").new_initial_state(seed=7)
    assert state.legal_actions(0) == state.legal_actions() and state.legal_actions(0)
    assert state.legal_actions(1) == []  # a valid seat not to move: nothing, as OpenSpiel
    assert not state.legal_actions_mask(1).any()
    for seat in (99, 2, -2):
        with pytest.raises(ValueError, match="player must be a seat from 0 to 1, got"):
            state.legal_actions(seat)
        with pytest.raises(ValueError, match="player must be a seat from 0 to 1"):
            state.legal_actions_mask(seat)
    die = souk.load_game("marrakech").new_initial_state(seed=1)
    die.apply_action(0)
    assert die.is_chance_node() and die.legal_actions(souk.CHANCE) == [3, 4, 5, 6]
    assert die.legal_actions(0) == []


def test_out_of_64_bit_ids_are_value_errors():
    state = souk.load_game("jaipur").new_initial_state(seed=7)
    for action in (2**63, 2**64, -(2**63) - 1, 10**30):
        with pytest.raises(souk.InvalidArgumentError, match="is not an id of this game"):
            state.apply_action(action)
        with pytest.raises(souk.InvalidArgumentError, match="is not an id of this game"):
            state.action_to_string(action)
        with pytest.raises(souk.InvalidArgumentError, match="is not an id of this game"):
            state.child(action)
    with pytest.raises(ValueError, match="player must be a seat"):
        state.legal_actions(2**63)
    assert state.history() == []


def test_child_leaves_the_state_alone():
    state = souk.load_game("jaipur").new_initial_state(seed=7)
    child = state.child(6)
    assert child.history() == [6] and state.history() == []
    assert child.current_player() == 1


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_undo_action_takes_back_the_last_action(config):
    game = load(config)
    state = random_state(game, 3, 30)
    before = state.clone()
    player = state.current_player()
    action = state.sample_chance_outcome() if state.is_chance_node() else state.legal_actions()[0]
    state.apply_action(action)
    state.undo_action(player, action)
    assert state == before and state.history() == before.history()
    assert state.serialize() == before.serialize()


def test_undo_action_refuses_what_it_cannot_undo():
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=7)
    with pytest.raises(souk.InvalidArgumentError, match="no action has been applied"):
        state.undo_action(0, 6)
    state.apply_action(6)
    with pytest.raises(souk.InvalidArgumentError, match="the last action was 6 by player 0"):
        state.undo_action(0, 5)
    with pytest.raises(souk.InvalidArgumentError, match="the last action was 6 by player 0"):
        state.undo_action(1, 6)
    loaded = souk.state_from_json(game, state.to_json())
    with pytest.raises(souk.InvalidArgumentError, match="has none"):
        loaded.undo_action(0, 6)


def test_returns_and_rewards_per_player():
    state = random_state(souk.load_game("marrakech(players=3)"), 5, 10_000)
    assert state.is_terminal()
    assert [state.player_return(p) for p in range(3)] == state.returns()
    assert [state.player_reward(p) for p in range(3)] == state.rewards()
    with pytest.raises(souk.InvalidArgumentError, match="player must be a seat from 0 to 2, got 3"):
        state.player_return(3)
    assert abs(sum(state.returns())) < 1e-9


def test_node_kinds():
    state = souk.load_game("marrakech").new_initial_state(seed=1)
    assert state.is_initial_state() and state.is_player_node()
    assert not state.is_simultaneous_node() and not state.is_mean_field_node()
    state.apply_action(1)
    assert not state.is_initial_state() and state.is_chance_node()
    assert state.num_distinct_actions() == 91
    assert state.history_str() == "1"
    assert state.to_string() == str(state) == state.to_json()


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_serialize_round_trips_with_seed_and_history(config):
    game = load(config)
    state = random_state(game, 11, 40)
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again == state and again.history() == state.history()
    assert again.to_record() == state.to_record()  # the seed came back too
    assert souk.deserialize_game_and_state(souk.serialize_game_and_state(game, state))[1] == state
    # A state without a seed serializes its JSON.
    loaded = souk.state_from_json(game, state.to_json())
    assert game.deserialize_state(loaded.serialize()) == loaded


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not a serialized souk state"),
        ("souk-state 1\ngame marrakech(players=3)\nseed 1\nhistory \n", "not of jaipur\\(players=2\\)"),
        ("souk-state 1\ngame jaipur(players=2)\nseed -1\nhistory \n", "seed must be from 0 to 2\\*\\*64 - 1"),
        ("souk-state 1\ngame jaipur(players=2)\nseed 1\nhistory 6,x\n", "holds 'x', not an action id"),
        ("souk-state 1\ngame jaipur(players=2)\nseed 1\nhistory 6,6\n", "history action 2: "),
        ("souk-state 1\ngame jaipur(players=2)\nseed 1\nhistory 99999\n", "history action 1: action 99999 is not an id"),
    ],
)
def test_bad_serialized_states_name_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        souk.load_game("jaipur").deserialize_state(text)


# --- Information state -------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_information_state_differs_with_what_the_seat_saw(config):
    game = load(config)
    strings = set()
    for seed in range(6):
        state = random_state(game, seed, 12)
        strings.add(state.information_state_string(0))
        # Perfect recall: the string of an earlier state is a prefix of a later one's.
        later = random_state(game, seed, 20)
        assert later.information_state_string(0).startswith(state.information_state_string(0))
    assert len(strings) == 6


def test_information_state_holds_no_hidden_card():
    """Player 0's information state string is built from player 0's observations only:
    re-dealing what player 0 cannot see leaves every step's observation the same."""
    game = souk.load_game("jaipur")
    state = random_state(game, 4, 25)
    info = state.information_state_string(0)
    lines = info.splitlines()
    assert lines[0].startswith("player 0 start: ")
    assert len(lines) == 1 + len(state.history())
    for line, action in zip(lines[1:], state.history()):
        assert line.startswith(f"{action}:")  # every Jaipur move is public
    # The seat's own observation now is what the string's changes add up to.
    numbers = [float(v) for v in lines[0].split(": ")[1].split()]
    for line in lines[1:]:
        for change in line.split(" ")[1:]:
            index, value = change.split("=")
            numbers[int(index)] = float(value)
    assert numbers == state.observation_tensor(0).tolist()
    # Each seat's string starts from its own hand: player 1's differs.
    assert state.information_state_string(1).splitlines()[0] != lines[0]


def test_information_state_needs_a_history():
    game = souk.load_game("jaipur")
    loaded = souk.state_from_json(game, game.new_initial_state(seed=1).to_json())
    with pytest.raises(souk.InvalidArgumentError, match="information_state_string needs the state's history"):
        loaded.information_state_string(0)
    with pytest.raises(souk.InvalidArgumentError, match="no information state tensor"):
        loaded.information_state_tensor(0)


# --- Observers ---------------------------------------------------------------------


def test_default_observer_is_the_observation():
    for name in ("jaipur", "marrakech(players=3)"):
        game = souk.load_game(name)
        state = random_state(game, 2, 9)
        observer = souk.make_observer(game)
        assert observer.tensor.dtype == np.float32
        for player in range(game.num_players()):
            observer.set_from(state, player)
            assert observer.tensor.tolist() == state.observation_tensor(player).tolist()
            assert observer.string_from(state, player) == state.observation_string(player)
        assert game.make_observer().tensor.shape == observer.tensor.shape


def test_observer_dict_views_the_tensor():
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=7)
    observer = souk.make_observer(game, souk.IIGObservationType())
    observer.set_from(state, 0)
    assert observer.dict["market"][6] == 3  # three camels in the market (obs[6])
    assert observer.dict["my_hand"].tolist() == state.observation_tensor(0)[7:13].tolist()
    assert sum(v.size for v in observer.dict.values()) == observer.tensor.size == 68


def hidden_worlds(game, state, player, count=8):
    """States player cannot tell from `state` (its hidden parts re-dealt)."""
    return [state.resample_from_infostate(player, seed=s) for s in range(count)]


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("public_info", [True, False])
@pytest.mark.parametrize("private", ["NONE", "SINGLE_PLAYER"])
def test_observers_hold_no_other_seats_secret(config, public_info, private):
    """The hidden-information boundary: with private_info NONE or SINGLE_PLAYER, an
    observer for a seat is the same in every world that seat cannot tell apart (the
    other hands and the deck's or piles' order re-dealt)."""
    game = load(config)
    iig = souk.IIGObservationType(public_info=public_info, private_info=getattr(souk.PrivateInfoType, private))
    observer = souk.make_observer(game, iig)
    for seed in range(3):
        state = random_state(game, seed, 15)
        for player in range(game.num_players()):
            observer.set_from(state, player)
            seen = observer.tensor.copy()
            text = observer.string_from(state, player)
            for world in hidden_worlds(game, state, player):
                assert world.to_json() != state.to_json() or game.name() == "marrakech"
                observer.set_from(world, player)
                assert observer.tensor.tolist() == seen.tolist()
                assert observer.string_from(world, player) == text


def test_public_and_private_parts_of_jaipur():
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=7)
    public = souk.make_observer(game, souk.IIGObservationType(private_info=souk.PrivateInfoType.NONE))
    private = souk.make_observer(game, souk.IIGObservationType(public_info=False))
    assert "my_hand" not in public.dict and set(private.dict) == {"my_hand", "my_bonus_rupees"}
    assert public.tensor.size + private.tensor.size == 68
    # The public part is the same for both seats' hands re-dealt; so it is common to both
    # seats' views of the same thing (the market).
    public.set_from(state, 0)
    assert public.dict["market"].tolist() == state.observation_tensor(0)[0:7].tolist()
    private.set_from(state, 1)
    assert private.dict["my_hand"].tolist() == state.observation_tensor(1)[7:13].tolist()
    assert "my_hand: " in private.string_from(state, 1)


def test_all_players_reveals_every_hand():
    """ALL_PLAYERS is for analysis: it holds every seat's private part, so it changes
    when the cards hidden from the observing seat are re-dealt."""
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=7)
    observer = souk.make_observer(game, souk.IIGObservationType(private_info=souk.PrivateInfoType.ALL_PLAYERS))
    observer.set_from(state, 0)
    assert observer.dict["player1_my_hand"].tolist() == state.observation_tensor(1)[7:13].tolist()
    seen = observer.tensor.copy()
    changed = False
    for world in hidden_worlds(game, state, 0):
        observer.set_from(world, 0)
        changed |= observer.tensor.tolist() != seen.tolist()
    assert changed


def test_perfect_recall_observer_is_the_information_state():
    game = souk.load_game("marrakech")
    state = random_state(game, 1, 10)
    observer = souk.make_observer(game, souk.IIGObservationType(perfect_recall=True))
    assert observer.string_from(state, 1) == state.information_state_string(1)
    assert observer.tensor.size == 0 and observer.dict == {}


def test_observer_refuses_bad_arguments():
    game = souk.load_game("jaipur")
    observer = souk.make_observer(game)
    with pytest.raises(souk.InvalidArgumentError, match="no parameters"):
        souk.make_observer(game, None, {"x": 1})
    with pytest.raises(souk.InvalidArgumentError, match="player must be a seat from 0 to 1"):
        observer.set_from(game.new_initial_state(seed=1), 2)
    other = souk.load_game("marrakech").new_initial_state(seed=1)
    with pytest.raises(souk.InvalidArgumentError, match="not one of jaipur"):
        observer.set_from(other, 0)
    with pytest.raises(TypeError):
        souk.make_observer(game, "public")
    with pytest.raises(TypeError):
        souk.IIGObservationType.__new__(souk.IIGObservationType).perfect_recall


def reference_information_state(game, seed, history, player):
    """The information state as docs/python.md describes it, rebuilt from observations."""
    def numbers(state):
        return state.observation_tensor(player).tolist()

    state = game.new_initial_state(seed=seed)
    seen = numbers(state)
    text = f"player {player} start: " + " ".join(f"{v:g}" for v in seen)
    for action in history:
        state.apply_action(action)
        now = numbers(state)
        text += f"\n{action}:" + "".join(f" {i}={v:g}" for i, (v, old) in enumerate(zip(now, seen)) if v != old)
        seen = now
    return text


def test_information_states_asked_in_any_order_are_as_documented():
    """Strings asked for out of order, across games, seeds, seats and branches (the
    module keeps the last few to write longer histories on) match the reference."""
    rng = random.Random(5)
    games = [souk.load_game("jaipur"), souk.load_game("marrakech(players=3)")]
    states = []
    for game in games:
        for seed in (1, 2):
            for steps in (0, 7, 30, 12):
                states.append(random_state(game, seed, steps))
            branch = random_state(game, seed, 7)
            branch.apply_action(branch.legal_actions()[-1] if not branch.is_chance_node() else 3)
            states.append(branch)
    for _ in range(60):
        state = rng.choice(states)
        player = rng.randrange(state.num_players())
        assert state.information_state_string(player) == reference_information_state(
            state.get_game(), int(state.to_record().split("\n")[2].split()[1]), state.history(), player)


def test_a_pickled_history_that_does_not_replay_is_refused():
    game = souk.load_game("jaipur")
    name, players, variant, text, history, seed, explicit_chance = game.new_initial_state(seed=1).__getstate__()
    assert explicit_chance is False
    state = souk.State.__new__(souk.State)
    # The six-tuple of pickles made before explicit_chance: camels twice in a row.
    state.__setstate__((name, players, variant, text, [6, 6], seed))
    with pytest.raises(ValueError, match="does not replay from its seed: action 2: "):
        state.information_state_string(0)


@pytest.mark.parametrize("name", ["jaipur", "marrakech(players=4)", "marrakech(players=2,variant=single_colour)"])
def test_information_state_of_a_whole_game_is_as_documented(name):
    """Across Jaipur's new rounds (a new deal of each hand) and to the game's end."""
    game = souk.load_game(name)
    state = random_state(game, 8, 10_000)
    assert state.is_terminal()
    for player in range(game.num_players()):
        assert state.information_state_string(player) == reference_information_state(game, 8, state.history(), player)


def test_wrong_types_raise_type_error_and_nothing_crashes():
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=1)
    observer = souk.make_observer(game)
    for call in (
        lambda: state.child("6"),
        lambda: state.child(6.0),
        lambda: state.undo_action("0", 6),
        lambda: state.player_return(None),
        lambda: game.deserialize_state(7),
        lambda: observer.set_from("state", 0),
        lambda: observer.set_from(state, 0.0),
        lambda: souk.make_observer("jaipur"),
        lambda: souk.IIGObservationType(private_info=2),
        lambda: type(observer).__new__(type(observer)).set_from(state, 0),
    ):
        with pytest.raises(TypeError):
            call()
    assert state.history() == []


@pytest.mark.parametrize("junk", ["souk-state 1", "souk-state 1\ngame jaipur(players=2)\n", "\x00" * 50,
                                  "souk-state 1\ngame jaipur(players=2)\njson {}\n",
                                  "souk-state 1\ngame jaipur(players=2)\nseed 99999999999999999999999\nhistory\n"])
def test_junk_serialized_states_are_value_errors(junk):
    with pytest.raises(ValueError):
        souk.load_game("jaipur").deserialize_state(junk)
    with pytest.raises(ValueError):
        souk.deserialize_game_and_state(junk)


def test_full_history_names_each_actions_player():
    state = souk.load_game("marrakech").new_initial_state(seed=1)
    for action in (1, 4, None):
        state.apply_action(state.legal_actions()[0] if action is None else action)
    assert [(a.player, a.action) for a in state.full_history()] == [
        (0, 1), (souk.CHANCE, 4), (0, state.history()[2])]
    with pytest.raises(TypeError):
        souk.PlayerAction.__new__(souk.PlayerAction).player
    with pytest.raises(TypeError):
        souk.GameType.__new__(souk.GameType).short_name
    loaded = souk.state_from_json(state.get_game(), state.to_json())
    with pytest.raises(souk.InvalidArgumentError, match="full_history needs the state's history"):
        loaded.full_history()
