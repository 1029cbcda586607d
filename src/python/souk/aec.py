"""souk.AECEnv: one game of Souk in the shape of PettingZoo's AEC API (agents act one at a
time), without depending on PettingZoo (docs/python.md, "PettingZoo's AEC API").

The agents are the seats, "player_0" ... "player_{n-1}". Marrakech's die is rolled
inside step(), by the game's own PRNG (State.sample_chance_outcome), so an agent is only
ever selected to decide. observe(agent) is what that seat may know and nothing more: the
observation tensor of the seat (never another seat's hidden cards) and its action mask.
"""

import numpy as np

from ._souk import Game, InvalidArgumentError, State

__all__ = ["AECEnv", "Box", "Discrete", "ObservationSpace"]


def _invalid(message):
    error = InvalidArgumentError(message)
    error.code = "invalid_argument"
    return error


class Discrete:
    """Actions 0 .. n-1, as gymnasium.spaces.Discrete: n, shape (), sample(mask), contains."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        """A uniformly random action; with mask (int8 or bool, length n), one where it is
        non-zero. A mask with no legal action raises souk.InvalidArgumentError."""
        if mask is None:
            return int(self._rng.integers(self.n))
        mask = np.asarray(mask)
        if mask.shape != (self.n,):
            raise _invalid(f"the action mask must have shape ({self.n},), got {mask.shape}")
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise _invalid("the action mask has no legal action")
        return int(legal[self._rng.integers(legal.size)])

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """A bounded array, as gymnasium.spaces.Box: low, high, shape, dtype, sample()."""

    def __init__(self, low, high, shape, dtype, seed=None):
        self.low, self.high = low, high
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if np.issubdtype(self.dtype, np.integer):
            return self._rng.integers(self.low, self.high + 1, size=self.shape).astype(self.dtype)
        return self._rng.uniform(self.low, self.high, size=self.shape).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high))

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class ObservationSpace:
    """What observe() returns, as PettingZoo's classic games' Dict space:
    space["observation"] (a Box, float32) and space["action_mask"] (a Box, int8 0/1 of
    length n). `shape` is the observation's shape, for code that wants only that."""

    def __init__(self, observation, action_mask):
        self.spaces = {"observation": observation, "action_mask": action_mask}
        self.shape = observation.shape

    def __getitem__(self, key):
        return self.spaces[key]

    def sample(self, mask=None):
        return {key: space.sample() for key, space in self.spaces.items()}

    def __repr__(self):
        return f"Dict({self.spaces})"


class AECEnv:
    """One game of `game` (a souk.Game) played agent by agent, as PettingZoo's AECEnv.

    reset(seed=None, options=None) deals a new game: with a seed, the game of that seed
    (souk's `new_initial_state(seed)`); without, the next of the sequence begun by the
    constructor's seed. options={"state": s} starts from a copy of the souk.State s
    instead (a position of this game at a decision, e.g. for a curriculum).

    Rewards are the game's returns, given to every agent in the step that ends it (a
    sole win 1, the rest zero-sum); 0 before. A game stopped at game.max_game_length()
    decisions truncates every agent, with rewards 0.
    """

    metadata = {"name": "souk", "is_parallelizable": False, "render_modes": ["ansi"]}

    def __init__(self, game, seed=None, render_mode=None):
        if not isinstance(game, Game):
            raise TypeError(f"AECEnv plays a souk.Game (souk.load_game(...)), got {type(game).__name__}")
        if render_mode not in (None, "ansi"):
            raise _invalid(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(game.num_players())]
        self._seats = {agent: p for p, agent in enumerate(self.possible_agents)}
        self._seeds = np.random.default_rng(seed)
        n = game.num_distinct_actions()
        self._action_spaces = {a: Discrete(n) for a in self.possible_agents}
        size = game.observation_tensor_size()
        self._observation_spaces = {
            a: ObservationSpace(Box(-np.inf, np.inf, (size,), np.float32), Box(0, 1, (n,), np.int8))
            for a in self.possible_agents
        }
        self._state = None
        self._decisions = 0
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        self._skip_agent_selection = None

    # --- spaces -------------------------------------------------------------------

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def action_space(self, agent):
        return self._action_spaces[self._check_agent(agent)]

    def observation_space(self, agent):
        return self._observation_spaces[self._check_agent(agent)]

    # --- the AEC API --------------------------------------------------------------

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            for p, agent in enumerate(self.possible_agents):
                self._action_spaces[agent].seed(np.random.SeedSequence([seed, p]).generate_state(1)[0])
            game_seed = seed
        else:
            game_seed = int(self._seeds.integers(2**63))
        start = (options or {}).get("state")
        if start is None:
            self._state = self.game.new_initial_state(seed=game_seed)
        else:
            if not isinstance(start, State) or start.get_game() != self.game:
                raise _invalid(f"options['state'] must be a souk.State of {self.game}, got {start!r}")
            if not start.is_player_node():
                raise _invalid("options['state'] must be a state where a player is to decide")
            self._state = start.clone()
        self._decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._roll_dice()
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def observe(self, agent):
        """{"observation": float32, "action_mask": int8 of num_distinct_actions}: what
        that seat may know, and its legal actions (all 0 when it is not to move)."""
        seat = self._seats[self._check_agent(agent)]
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self._state.current_player() == seat:
            mask[self._state.legal_actions()] = 1
        return {"observation": self._state.observation_tensor(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        if agent is None:
            raise _invalid("call reset() first")
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2**63):
        """The agent to act, while any is left, at most max_iter times."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        """Plays the selected agent's action (an int id); None for an agent that is done,
        which removes it from agents. A refused action raises souk.IllegalMoveError and
        changes nothing."""
        agent = self.agent_selection
        if agent is None:
            raise _invalid("call reset() first")
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        if action is None:
            raise _invalid(f"{agent} is to act: None is only for an agent that is done")
        self._state.apply_action(int(action) if isinstance(action, np.integer) else action)
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self._roll_dice()
        self.rewards = {a: 0.0 for a in self.agents}
        if self._state.is_terminal():
            returns = self._state.returns()
            scores = self._state.scores()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seats[a]])
                self.terminations[a] = True
                self.infos[a] = {"returns": returns, "scores": scores}
        elif self._decisions >= self.game.max_game_length():
            for a in self.agents:
                self.truncations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        self.agent_selection = done[0] if done else self.possible_agents[self._state.current_player()]

    def render(self):
        if self.render_mode == "ansi" and self._state is not None:
            return str(self._state.observation_string(self._seats[self.agent_selection]))
        return None

    def close(self):
        pass

    # --- inside -------------------------------------------------------------------

    def _check_agent(self, agent):
        if agent not in self._seats:
            raise _invalid(f"no agent {agent!r}: the agents are {self.possible_agents}")
        return agent

    def _roll_dice(self):
        while self._state.is_chance_node():
            self._state.apply_action(self._state.sample_chance_outcome())

    # PettingZoo's dead step: the done agent leaves; the next done one is selected, and
    # once none is left, the agent that was to act (none at a game's end).
    def _dead_step(self, action):
        if action is not None:
            raise _invalid("when an agent is done, the only valid action is None")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = done[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self.rewards = {a: 0.0 for a in self.agents}
