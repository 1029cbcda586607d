"""Two of OpenSpiel's Python algorithms, ported onto souk with pyspiel's method names
only (docs/python.md, "OpenSpiel's API"): information-set MCTS (open_spiel/python/
algorithms/mcts.py's UCT with random rollouts, open loop, each simulation in a world
dealt by resample_from_infostate as OpenSpiel's C++ ISMCTS does, chance drawn from
chance_outcomes()) and tabular outcome-sampling MCCFR (outcome_sampling_mccfr.py, keyed
by information_state_string). Each runs on Jaipur and two-player Marrakech in seconds.

The search never sees what its seat cannot: each simulation starts from a resampled
world, and a test gives it two states that differ only in hidden cards."""

import hashlib
import math
import random

import pytest

import souk

# --- MCTS --------------------------------------------------------------------------


def sample_chance(state, rng):
    """A chance outcome drawn by its probability (OpenSpiel's way), or by the game's own
    draw when it does not tell them."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        return state.sample_chance_outcome()
    actions, probs = zip(*outcomes)
    return rng.choices(actions, weights=probs)[0]


class SearchNode:
    def __init__(self, action, player):
        self.action, self.player = action, player
        self.explore_count, self.total_reward, self.children = 0, 0.0, []

    def uct(self, parent_count, c):
        if self.explore_count == 0:
            return math.inf
        return self.total_reward / self.explore_count + c * math.sqrt(math.log(parent_count) / self.explore_count)


def random_rollout(state, rng):
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state.returns()


def mcts_search(root_state, simulations, rng, c=2.0):
    """OpenSpiel's MCTSBot.mcts_search, open loop: the tree is keyed by actions, chance
    outcomes drawn anew on each descent, and each descent in a world the searching seat
    cannot tell from the true one (a clone would know the hidden cards)."""
    seat = root_state.current_player()
    root = SearchNode(None, seat)
    for _ in range(simulations):
        state, node, path = root_state.resample_from_infostate(seat, rng.random), root, [root]
        while not state.is_terminal() and node.explore_count > 0:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            # Open loop: what is legal here depends on the chance outcomes drawn above,
            # so a node grows a child for each action legal in any of its visits.
            legal = state.legal_actions()
            known = {child.action for child in node.children}
            fresh = [a for a in legal if a not in known]
            rng.shuffle(fresh)
            node.children += [SearchNode(a, state.current_player()) for a in fresh]
            allowed = set(legal)
            parent = node
            node = max((child for child in parent.children if child.action in allowed),
                       key=lambda child: child.uct(parent.explore_count, c))
            state = state.child(node.action)
            path.append(node)
        returns = state.returns() if state.is_terminal() else random_rollout(state, rng)
        for visited in path:
            visited.explore_count += 1
            # A node's reward is that of the player who chose its action.
            parent_player = visited.player
            visited.total_reward += returns[parent_player] if parent_player >= 0 else 0.0
    return max(root.children, key=lambda child: child.explore_count).action


def play(game, seed, mcts_seat, simulations):
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif state.current_player() == mcts_seat:
            state.apply_action(mcts_search(state, simulations, rng))
        else:
            legal = state.legal_actions(state.current_player())
            state.apply_action(legal[rng.randrange(len(legal))])
    return state.player_return(mcts_seat)


def test_mcts_beats_uniform_random_at_marrakech():
    game = souk.load_game("marrakech(players=2)")
    results = [play(game, seed, seed % 2, simulations=24) for seed in range(6)]
    assert sum(r > 0 for r in results) >= 5, results


@pytest.mark.parametrize("name", ["jaipur", "jaipur(explicit_chance=true)"])
def test_mcts_does_not_see_the_cards_its_seat_cannot(name):
    state = souk.load_game(name).new_initial_state(seed=12)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    seat = state.current_player()
    other_world = state.resample_from_infostate(seat, seed=99)
    assert other_world.to_json() != state.to_json()
    assert other_world.observation_tensor(seat).tobytes() == state.observation_tensor(seat).tobytes()
    # The same search in both: the same move, whatever the hidden cards are.
    assert mcts_search(state, 40, random.Random(1)) == mcts_search(other_world, 40, random.Random(1))


def test_mcts_plays_jaipur_to_the_end():
    game = souk.load_game("jaipur")
    rng = random.Random(3)
    state = game.new_initial_state(seed=3)
    for _ in range(6):  # a few searched moves, then it must be a legal one each time
        action = mcts_search(state, 12, rng)
        assert action in state.legal_actions()
        state.apply_action(action)


# --- Outcome-sampling MCCFR --------------------------------------------------------


class OutcomeSamplingMCCFR:
    """OpenSpiel's OutcomeSamplingSolver: regrets and average policy per infostate,
    keyed by information_state_string (its digest), each a list over the infostate's legal
    actions."""

    def __init__(self, game, rng, epsilon=0.6):
        self.game, self.rng, self.epsilon = game, rng, epsilon
        self.infostates = {}  # key -> [legal actions, regrets, average policy sums]

    def iteration(self, seed):
        for update_player in range(self.game.num_players()):
            state = self.game.new_initial_state(seed=seed)
            self.episode(state, update_player, 1.0)

    def regret_matching(self, regrets):
        positive = [max(r, 0.0) for r in regrets]
        total = sum(positive)
        return [p / total for p in positive] if total > 0 else [1.0 / len(regrets)] * len(regrets)

    def episode(self, state, update_player, weight):
        """OpenSpiel's _episode, with `weight` = opp_reach / sample_reach kept as one
        ratio: a product of 200 probabilities (a Jaipur game) underflows a float."""
        if state.is_terminal():
            return state.player_return(update_player)
        if state.is_chance_node():
            return self.episode(state.child(sample_chance(state, self.rng)), update_player, weight)
        player = state.current_player()
        # The string's digest as the key: a Jaipur information state is about 5 KB
        # (200 moves of perfect recall), and a run visits some 80,000 of them.
        key = hashlib.sha1(state.information_state_string(player).encode()).digest()
        legal = state.legal_actions(player)
        entry = self.infostates.setdefault(key, [legal, [0.0] * len(legal), [0.0] * len(legal)])
        assert entry[0] == legal, "an information state must have the same legal actions every time"
        policy = self.regret_matching(entry[1])
        if player == update_player:
            sample_policy = [self.epsilon / len(legal) + (1 - self.epsilon) * p for p in policy]
        else:
            sample_policy = policy  # the opponent's reach and sampling probabilities cancel
        index = self.rng.choices(range(len(legal)), weights=sample_policy)[0]
        child_weight = weight / sample_policy[index] if player == update_player else weight
        child_value = self.episode(state.child(legal[index]), update_player, child_weight)
        sampled_value = child_value / sample_policy[index]
        value_estimate = policy[index] * sampled_value
        if player == update_player:
            for i in range(len(legal)):
                action_value = sampled_value if i == index else 0.0
                entry[1][i] += (action_value - value_estimate) * weight
        else:
            for i in range(len(legal)):
                entry[2][i] += weight * policy[i]
        return value_estimate

    def average_policy(self, key):
        legal, _, sums = self.infostates[key]
        total = sum(sums)
        return legal, ([s / total for s in sums] if total > 0 else [1.0 / len(legal)] * len(legal))


@pytest.mark.parametrize("name, iterations", [("jaipur", 150), ("marrakech(players=2)", 300)])
def test_mccfr_average_policy_is_a_distribution_over_legal_actions(name, iterations):
    game = souk.load_game(name)
    solver = OutcomeSamplingMCCFR(game, random.Random(1))
    # A few deals, each played again and again: OpenSpiel's solver iterates over one
    # game tree; a game with a seeded deal is that deal's tree.
    for i in range(iterations):
        solver.iteration(seed=i % 3)
    assert len(solver.infostates) > iterations  # many distinct information states
    revisited = 0
    for key, (legal, regrets, sums) in solver.infostates.items():
        assert legal == sorted(set(legal)) and legal
        actions, policy = solver.average_policy(key)
        assert actions == legal
        assert all(p >= 0 for p in policy) and abs(sum(policy) - 1) < 1e-9
        revisited += sum(sums) > 0 and any(r != 0 for r in regrets)
    assert revisited > 0  # some infostates were both updated and averaged
