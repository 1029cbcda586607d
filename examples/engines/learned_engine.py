#!/usr/bin/env python3
"""A souk-engine 1 engine for Jaipur that plays a trained policy network: it scores each
legal move of the position with the network and plays the best (no search, no sampling).

    python3 learned_engine.py [MODEL.npz]

MODEL is the .npz that examples/learning/train_jaipur.py writes beside its checkpoint
(default: examples/learning/jaipur-policy.npz). Needs numpy, not torch: the forward pass
is numpy's, so the engine starts in well under a second. It reads only the view the
protocol sends (docs/engine-protocol.md): the observation is rebuilt from that view.
"""
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one move at a time needs no thread pool

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "learning"))
from jaipur_features import PolicyWeights, move_features, observation_from_view, row_inputs  # noqa: E402
from souk_engine_lib import run_engine  # noqa: E402

DEFAULT_MODEL = os.path.join(HERE, "..", "learning", "jaipur-policy.npz")


def make_choose(policy):
    def choose(view, legal_moves, rng):
        obs = observation_from_view(view)
        static = np.stack([move_features(m) for m in legal_moves])
        rows = row_inputs(np.repeat(obs[None, :], len(legal_moves), axis=0), static)
        return legal_moves[int(np.argmax(policy.move_logits(obs, rows)))]

    return choose


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_MODEL
    try:
        policy = PolicyWeights(path)
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("learned-py: cannot load the model %s: %s\n" % (path, e))
        return 1
    run_engine("learned-py", make_choose(policy))
    return 0


if __name__ == "__main__":
    sys.exit(main())
