"""Souk's rules engines for Jaipur and Marrakech, from Python.

A native module over the same C++ core as the `souk` command, shaped like
OpenSpiel's pyspiel (load_game, State, actions, observations), with batched
environments for learning (VectorEnv, with masked_softmax and sample_masked over
legal actions), one game in the shape of PettingZoo's AEC API (AECEnv) and Souk's
bots (Bot). docs/python.md
documents every part; the short version:

    import souk
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=7)
    bot = souk.Bot(game, "greedy", seed=1)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    print(state.returns())
"""

from ._souk import (
    CHANCE,
    TERMINAL,
    BadMoveError,
    Bot,
    EngineError,
    Error,
    Game,
    GameType,
    IIGObservationType,
    IllegalMoveError,
    InternalError,
    InvalidArgumentError,
    PlayerAction,
    PrivateInfoType,
    State,
    VectorEnv,
    arena_games,
    arena_report,
    deserialize_game_and_state,
    games,
    load_game,
    make_observer,
    registered_names,
    review,
    serialize_game_and_state,
    state_from_json,
    state_from_record,
)
from .aec import AECEnv
from .masked import masked_softmax, sample_masked

__all__ = [
    "AECEnv",
    "CHANCE",
    "TERMINAL",
    "BadMoveError",
    "Bot",
    "EngineError",
    "Error",
    "Game",
    "GameType",
    "IIGObservationType",
    "IllegalMoveError",
    "InternalError",
    "InvalidArgumentError",
    "PlayerAction",
    "PrivateInfoType",
    "State",
    "VectorEnv",
    "arena_games",
    "arena_report",
    "deserialize_game_and_state",
    "games",
    "load_game",
    "make_observer",
    "masked_softmax",
    "registered_names",
    "review",
    "sample_masked",
    "serialize_game_and_state",
    "state_from_json",
    "state_from_record",
]
