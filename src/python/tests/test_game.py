"""souk.load_game and souk.Game: the registry's games, options and sizes."""

import pickle

import pytest

import souk
from conftest import CONFIGS, load


def test_games_are_the_registrys():
    assert souk.games() == ["jaipur", "marrakech"]


def test_jaipur_sizes():
    game = souk.load_game("jaipur")
    assert game.name() == "jaipur"
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 25505
    assert game.max_chance_outcomes() == 0
    assert game.observation_tensor_shape() == [68]
    assert game.observation_tensor_size() == 68
    assert game.max_game_length() == 5000
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("players,length", [(2, 96), (3, 90), (4, 96)])
def test_marrakech_sizes(players, length):
    game = souk.load_game("marrakech", players=players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == 91
    assert game.max_chance_outcomes() == 4
    assert game.observation_tensor_shape() == [387]
    assert game.max_game_length() == length, "two decisions per carpet"
    assert game.min_utility() == pytest.approx(-1 / (players - 1))


def test_the_variant_is_written_either_way():
    a = souk.load_game("marrakech", players=2, variant="single_colour")
    b = souk.load_game("marrakech", variant="single-colour")
    assert a == b and hash(a) == hash(b)
    assert a.variant() == "single-colour"
    assert a.max_game_length() == 60
    assert a != souk.load_game("marrakech")


def test_defaults_are_the_registrys():
    assert souk.load_game("marrakech").num_players() == 2
    assert souk.load_game("marrakech", players=0).num_players() == 2


@pytest.mark.parametrize(
    "args,message",
    [
        (("chess",), "unknown game 'chess' (games: jaipur, marrakech)"),
        (("jaipur", 3), "jaipur is a game for 2 players"),
        (("marrakech", 5), "marrakech is a game for 2, 3 or 4 players"),
        (("marrakech", 3, "single_colour"), "the single-colour variant of marrakech is for 2 players"),
        (("marrakech", 2, "tiny"), "marrakech has no variant 'tiny' (variants: single-colour)"),
        (("jaipur", 2, "tiny"), "jaipur has no variant 'tiny'"),
    ],
)
def test_bad_options_raise_the_registrys_words(args, message):
    with pytest.raises(ValueError) as error:
        souk.load_game(*args)
    assert str(error.value) == message


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        souk.load_game(7)
    with pytest.raises(TypeError):
        souk.load_game("marrakech", players="3")


@pytest.mark.parametrize("config", CONFIGS)
def test_games_pickle_and_print(config):
    game = load(config)
    assert pickle.loads(pickle.dumps(game)) == game
    assert eval(repr(game), {"souk": souk}) == game
