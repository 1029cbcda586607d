"""Softmax and sampling over legal actions only, in numpy (docs/python.md, "Legal actions
for a network").

Both take `logits` and a boolean `mask` of the same shape (..., A): the last axis holds one
row's candidates, `mask` True where a candidate is legal (an integer mask of 0 and 1, as
AECEnv.observe's action_mask, is read as one). That row may be the dense form
(`VectorEnv.legal_actions_mask()`, A = num_distinct_actions) or the padded form
(`VectorEnv.legal_actions_padded()`'s `valid`, A = K); with the padded form a sampled
column c of row i is the action `ids[i, c]`.

An illegal candidate gets probability 0 and is never sampled. A row with no legal
candidate, or a legal candidate whose logit is not finite, raises
souk.InvalidArgumentError naming the row: a policy that has nothing to choose from is a
bug upstream, and a silent uniform or NaN answer would hide it.
"""

import numpy as np

from ._souk import InvalidArgumentError

__all__ = ["masked_softmax", "sample_masked"]


def _invalid(message):
    error = InvalidArgumentError(message)
    error.code = "invalid_argument"
    return error


def _checked(logits, mask):
    logits = np.asarray(logits)
    mask = np.asarray(mask)
    if np.issubdtype(mask.dtype, np.integer):  # PettingZoo's int8 action masks (AECEnv.observe)
        if ((mask != 0) & (mask != 1)).any():
            raise _invalid("an integer mask must hold only 0 and 1")
        mask = mask.astype(bool)
    if mask.dtype != np.bool_:
        raise TypeError(f"mask must be a bool array (or integers 0 and 1), got {mask.dtype}")
    if not np.issubdtype(logits.dtype, np.floating):
        logits = logits.astype(np.float64)
    if logits.ndim == 0 or logits.shape != mask.shape:
        raise _invalid(f"logits and mask must have the same shape (..., A), got {logits.shape} and {mask.shape}")
    if logits.shape[-1] == 0:
        raise _invalid("logits and mask have no candidates (last axis of size 0)")
    empty = ~mask.any(axis=-1)
    if empty.any():
        rows = np.argwhere(np.atleast_1d(empty))[:5].tolist()
        raise _invalid(f"no legal action in row(s) {rows} ({int(empty.sum())} in all): nothing to choose from")
    bad = mask & ~np.isfinite(logits)
    if bad.any():
        where = np.argwhere(bad)[0].tolist()
        raise _invalid(f"the logit at {where} of a legal action is {logits[tuple(where)]}, not a finite number")
    return logits, mask


def masked_softmax(logits, mask):
    """Softmax over the last axis counting only entries where mask is True; the others
    get exactly 0. Same shape and float dtype as logits (float64 for integer logits)."""
    logits, mask = _checked(logits, mask)
    shifted = np.where(mask, logits, -np.inf)
    shifted = shifted - shifted.max(axis=-1, keepdims=True)
    weights = np.where(mask, np.exp(shifted), 0.0)
    return (weights / weights.sum(axis=-1, keepdims=True)).astype(logits.dtype, copy=False)


def sample_masked(logits, mask, rng):
    """One index per row (int64, shape logits.shape[:-1]) drawn from masked_softmax(logits,
    mask), always one where mask is True. `rng` is a numpy Generator (or a seed for one).

    Drawn by the Gumbel-max trick: argmax of logits plus Gumbel noise, illegal entries set
    to -inf, so no rounding of a cumulative sum can land on an illegal entry."""
    logits, mask = _checked(logits, mask)
    rng = np.random.default_rng(rng)
    noise = rng.gumbel(size=logits.shape)
    scores = np.where(mask, logits.astype(np.float64) + noise, -np.inf)
    return scores.argmax(axis=-1).astype(np.int64)
