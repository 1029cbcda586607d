"""What the learned Jaipur policy sees, in numpy only: shared by the trainer
(train_jaipur.py, which adds torch) and the engine (examples/engines/learned_engine.py,
which must start fast and so never imports torch).

- observation_from_view(view): the 68 numbers of `souk`'s observation tensor
  (docs/python.md, "Observations"), rebuilt from a seat's view JSON, the only thing the
  engine protocol gives an engine. The tests check it bit for bit against the module.
- move_features(text): what a move is, whatever the position (its kind, the cards it
  takes, gives and sells), from its canonical text.
- row_inputs(obs, move_features): one input row per (position, legal move): the move's
  features, what it is worth in this position, and the scaled observation is fed
  separately to the state trunk.
- PolicyWeights: the network's forward pass in numpy, from the .npz the trainer exports.
"""
import numpy as np

CARDS = ["diamond", "gold", "silver", "cloth", "spice", "leather", "camel"]
GOODS = CARDS[:6]
CAMEL = 6
OBSERVATION_SIZE = 68
# The goods tokens of each pile, highest first: the order they are taken (FACTS.md).
TOKEN_VALUES = [
    [7, 7, 5, 5, 5],
    [6, 6, 5, 5, 5],
    [5, 5, 5, 5, 5],
    [5, 3, 3, 2, 2, 1, 1],
    [5, 3, 3, 2, 2, 1, 1],
    [4, 3, 2, 1, 1, 1, 1, 1, 1],
]
# What a bonus token of the 3-, 4- and 5-card piles is worth on average (1-3, 4-6, 8-10).
BONUS_MEAN = [2.0, 5.0, 9.0]

KIND_TAKE, KIND_CAMELS, KIND_SELL, KIND_EXCHANGE = range(4)
# Static move features: kind one-hot (4), cards taken (7), cards given (7), goods sold (6).
STATIC_SIZE = 4 + 7 + 7 + 6
TAKEN, GIVEN, SOLD = 4, 11, 18
# Worth in the position: sale rupees, expected sale bonus, next token of a good taken,
# camels taken, next-token balance of an exchange.
DYNAMIC_SIZE = 5
ROW_SIZE = STATIC_SIZE + DYNAMIC_SIZE

# Scales that bring every observation number to about [0, 1] (offsets as in docs/python.md).
OBS_SCALE = np.array(
    [5.0] * 7 + [7.0] * 6 + [7.0] * 6 + [7.0] * 6 + [7.0] + [11.0] * 2 + [10.0] * 7 + [40.0]
    + [9.0] * 6 + [7.0] * 6 + [7.0] * 3 + [60.0] * 2 + [20.0] * 2 + [30.0] + [3.0] * 3 + [3.0] * 3
    + [2.0] * 2 + [1.0, 1.0, 3.0, 1.0],
    dtype=np.float32,
)
assert OBS_SCALE.shape == (OBSERVATION_SIZE,)

# SALE_RUPEES[g, left, n]: the goods tokens a sale of n goods g earns with `left` on the pile.
SALE_RUPEES = np.zeros((6, 10, 8), dtype=np.float32)
for _g, _values in enumerate(TOKEN_VALUES):
    for _left in range(len(_values) + 1):
        _pile = _values[len(_values) - _left:]
        for _n in range(8):
            SALE_RUPEES[_g, _left, _n] = sum(_pile[:_n])


def _bonus_pile(value):
    return 0 if value <= 3 else (1 if value <= 6 else 2)


def _counts(cards, size):
    c = [0.0] * size
    for card in cards:
        c[CARDS.index(card)] += 1
    return c


def observation_from_view(view):
    """Souk's Jaipur observation tensor (float32[68]) for the view's viewer."""
    me = view["viewer"]
    them = 1 - me
    mine, theirs = view["players"][me], view["players"][them]
    piles = view["token_piles"]
    obs = []
    obs += _counts(view["market"], 7)
    obs += _counts(mine["hand"], 6)
    obs += _counts(theirs["known"], 6)
    obs += _counts(mine["known"], 6)
    obs.append(theirs["hand_size"])
    obs += [mine["herd"], theirs["herd"]]
    obs += _counts(view["discard"], 7)
    obs.append(view["deck_size"])
    obs += [len(piles[g]) for g in GOODS]
    obs += [piles[g][0] if piles[g] else 0 for g in GOODS]
    obs += [view["bonus_piles"][k] for k in ("3", "4", "5")]
    obs += [sum(mine["goods_tokens"]), sum(theirs["goods_tokens"])]
    obs += [len(mine["goods_tokens"]), len(theirs["goods_tokens"])]
    obs.append(sum(mine["bonus_tokens"]))
    mine_bonus = [0, 0, 0]
    for value in mine["bonus_tokens"]:
        mine_bonus[_bonus_pile(value)] += 1
    obs += mine_bonus
    obs += [theirs["bonus_counts"][k] for k in ("3", "4", "5")]
    obs += [mine["seals"], theirs["seals"]]
    over = view["status"] != "playing"
    obs.append(float(not over and view["to_move"] == me))
    obs.append(float(view["round_starter"] == me))
    obs.append(view["round"])
    obs.append(float(over))
    return np.asarray(obs, dtype=np.float32)


def move_features(text):
    """float32[STATIC_SIZE] for a move's canonical text (`take gold`, `sell 3 cloth`, ...)."""
    f = np.zeros(STATIC_SIZE, dtype=np.float32)
    words = text.split()
    if words[0] == "take":
        f[KIND_TAKE] = 1
        f[TAKEN + CARDS.index(words[1])] = 1
    elif words[0] == "camels":
        f[KIND_CAMELS] = 1
        f[TAKEN + CAMEL] = 1
    elif words[0] == "sell":
        f[KIND_SELL] = 1
        f[SOLD + CARDS.index(words[2])] = int(words[1])
    elif words[0] == "exchange":
        f[KIND_EXCHANGE] = 1
        taken, given = " ".join(words[1:]).split(" for ")
        for card in taken.split():
            f[TAKEN + CARDS.index(card)] += 1
        for card in given.split():
            f[GIVEN + CARDS.index(card)] += 1
    else:
        raise ValueError("not a Jaipur move: %r" % text)
    return f


def row_inputs(obs, static):
    """float32[R, ROW_SIZE]: each row's move features and their worth in its position.

    obs: float32[R, 68], the raw observation of each row's position; static: float32[R,
    STATIC_SIZE], each row's move_features.
    """
    rows = static.shape[0]
    dynamic = np.zeros((rows, DYNAMIC_SIZE), dtype=np.float32)
    sold = static[:, SOLD:SOLD + 6]
    sells = np.flatnonzero(static[:, KIND_SELL] > 0)
    if sells.size:
        good = sold[sells].argmax(axis=1)
        count = sold[sells, good].astype(np.int64)
        left = obs[sells, 36 + good].astype(np.int64)
        dynamic[sells, 0] = SALE_RUPEES[good, left, np.minimum(count, 7)] / 10.0
        pile = np.minimum(count, 5) - 3
        has_bonus = (count >= 3)
        pile_left = obs[sells, 48 + np.maximum(pile, 0)] > 0
        dynamic[sells, 1] = np.where(has_bonus & pile_left, np.take(BONUS_MEAN, np.maximum(pile, 0)), 0.0) / 10.0
    next_token = obs[:, 42:48]
    taken_goods = static[:, TAKEN:TAKEN + 6]
    given_goods = static[:, GIVEN:GIVEN + 6]
    dynamic[:, 2] = static[:, KIND_TAKE] * (taken_goods * next_token).sum(axis=1) / 10.0
    dynamic[:, 3] = static[:, KIND_CAMELS] * obs[:, 6] / 5.0
    dynamic[:, 4] = static[:, KIND_EXCHANGE] * ((taken_goods - given_goods) * next_token).sum(axis=1) / 10.0
    return np.concatenate([static, dynamic], axis=1)


def scaled_observation(obs):
    return obs / OBS_SCALE


class PolicyWeights:
    """The trained network's forward pass in numpy (the layers of train_jaipur.PolicyNet)."""

    def __init__(self, path):
        with np.load(path) as data:
            self.w = {k: data[k].astype(np.float32) for k in data.files}

    def _linear(self, name, x):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def move_logits(self, obs, rows):
        """Logits of the moves of one position: obs float32[68], rows float32[M, ROW_SIZE]."""
        h = np.maximum(self._linear("trunk1", scaled_observation(obs)[None, :]), 0)
        h = np.maximum(self._linear("trunk2", h), 0)
        joint = np.maximum(self._linear("state_to_joint", h) + self._linear("move_to_joint", rows), 0)
        joint = np.maximum(self._linear("joint2", joint), 0)
        return self._linear("logit", joint)[:, 0]
