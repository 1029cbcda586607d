"""souk.Bot, and the arena by index range (what souk.distributed will build on)."""

import json
import random

import pytest

import souk
from conftest import cli, random_playout


def test_a_bot_plays_legal_actions_to_the_end(game):
    bots = [souk.Bot(game, spec, seed=p) for p, spec in enumerate(["greedy", "mcts:iterations=30", "random", "greedy"])]
    state = game.new_initial_state(seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            random_playout(state, rng, max_moves=1)
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_analyse_ranks_every_legal_action(game):
    state = game.new_initial_state(seed=3)
    ranked = souk.Bot(game, "mcts:iterations=60", seed=1).analyse(state)
    assert sorted(a for a, *_ in ranked) == state.legal_actions()
    assert all(visits >= 0 for _, visits, _, _ in ranked)
    assert ranked[0][1] >= ranked[-1][1]


def test_the_same_seed_chooses_the_same():
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=5)
    picks = {souk.Bot(game, "mcts:iterations=100", seed=8).step(state) for _ in range(3)}
    assert len(picks) == 1


def test_bot_errors():
    jaipur, marrakech = souk.load_game("jaipur"), souk.load_game("marrakech")
    with pytest.raises(ValueError, match="bad bot 'wizard'"):
        souk.Bot(jaipur, "wizard")
    with pytest.raises(ValueError, match="bad bot 'mcts:time=x'"):
        souk.Bot(jaipur, "mcts:time=x")
    bot = souk.Bot(marrakech, "greedy")
    with pytest.raises(ValueError, match="a marrakech bot cannot play jaipur"):
        bot.step(jaipur.new_initial_state(seed=1))
    state = marrakech.new_initial_state(seed=1)
    state.apply_action(1)
    with pytest.raises(ValueError, match="the die's"):
        bot.step(state)
    over = random_playout(marrakech.new_initial_state(seed=1), random.Random(1))
    with pytest.raises(ValueError, match="the game is over"):
        bot.step(over)
    with pytest.raises(TypeError):
        bot.step("state")
    assert repr(bot) == "souk.Bot(marrakech, 'greedy')" and bot.spec() == "greedy"


def untimed(report):
    report = dict(report)
    report.pop("seconds")
    for bot in report["bots"]:
        bot.pop("ms_per_move")
        bot.pop("max_ms_per_move")
    return report


@pytest.mark.parametrize(
    "game,bots,games,variant",
    [
        ("jaipur", ["greedy", "random"], 6, ""),
        ("marrakech", ["greedy", "random", "mcts:iterations=20"], 6, ""),
        ("marrakech", ["random", "greedy"], 4, "single_colour"),
    ],
)
def test_arena_ranges_merge_into_souk_arenas_json(game, bots, games, variant):
    parts = souk.arena_games(game, bots, 0, 2, seed=7, variant=variant)
    parts += souk.arena_games(game, bots, 2, games, seed=7, variant=variant, threads=2)
    assert [g["index"] for g in parts] == list(range(games))
    assert set(parts[0]) == {"index", "points", "place", "score", "moves", "think_seconds", "max_move_seconds",
                             "total_moves", "unfinished"}
    report = json.loads(souk.arena_report(game, bots, parts, seed=7, seconds=2.5, variant=variant))
    assert report["seconds"] == 2.5
    args = ["arena", game, *bots, "--games", str(games), "--seed", "7", "--json"]
    if variant:
        args += ["--variant", variant.replace("_", "-")]
    assert untimed(report) == untimed(json.loads(cli(*args)))


def test_arena_errors():
    with pytest.raises(ValueError, match="bad bot 'wizard'"):
        souk.arena_games("jaipur", ["random", "wizard"], 0, 2)
    with pytest.raises(ValueError, match="are not a range"):
        souk.arena_games("jaipur", ["random", "random"], 3, 2)
    with pytest.raises(ValueError, match="jaipur needs 2 bots, got 3"):
        souk.arena_games("jaipur", ["random"] * 3, 0, 3)
    games = souk.arena_games("jaipur", ["random", "random"], 0, 2)
    with pytest.raises(ValueError, match="outcome 0 is not game 0"):
        souk.arena_report("jaipur", ["random", "random"], games[::-1])
    with pytest.raises(ValueError, match="missing key \"points\""):
        souk.arena_report("jaipur", ["random", "random"], [{"index": 0}, games[1]])
    # Checked as the arena's journal checks a line: points from 0 to 1, one per bot.
    with pytest.raises(ValueError, match="points"):
        souk.arena_report("jaipur", ["random", "random"], [dict(games[0], points=[2, -1]), games[1]])
    with pytest.raises(ValueError, match="place"):
        souk.arena_report("jaipur", ["random", "random"], [dict(games[0], place=[1]), games[1]])
    with pytest.raises(TypeError):
        souk.arena_report("jaipur", ["random", "random"], [1, 2])
