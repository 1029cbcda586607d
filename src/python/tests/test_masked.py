"""souk.masked_softmax and souk.sample_masked: legal entries only, rows without any refused."""

import numpy as np
import pytest

import souk


def test_softmax_is_zero_off_the_mask_and_a_softmax_on_it():
    logits = np.array([[1.0, 2.0, 3.0, 4.0], [0.0, -1.0, 5.0, 2.0]], np.float32)
    mask = np.array([[True, False, True, False], [False, True, True, True]])
    probs = souk.masked_softmax(logits, mask)
    assert probs.shape == logits.shape and probs.dtype == np.float32
    assert (probs[~mask] == 0).all()
    np.testing.assert_allclose(probs.sum(axis=1), 1, rtol=1e-6)
    expected = np.exp([1.0, 3.0]) / np.exp([1.0, 3.0]).sum()
    np.testing.assert_allclose(probs[0, [0, 2]], expected, rtol=1e-6)


def test_huge_logits_do_not_overflow():
    logits = np.array([[1000.0, 999.0, 5000.0]])
    mask = np.array([[True, True, False]])
    probs = souk.masked_softmax(logits, mask)
    assert np.isfinite(probs).all()
    np.testing.assert_allclose(probs[0, :2], [1 / (1 + np.exp(-1)), np.exp(-1) / (1 + np.exp(-1))])


def test_sampling_never_picks_an_illegal_entry_and_follows_the_softmax():
    rng = np.random.default_rng(5)
    logits = rng.normal(size=(64, 30)) * 3
    # The illegal entries get the largest logits: a sampler that ignored the mask would pick them.
    mask = rng.random((64, 30)) < 0.2
    mask[:, 0] = True
    logits[~mask] += 100
    for _ in range(20):
        picks = souk.sample_masked(logits, mask, rng)
        assert picks.shape == (64,) and picks.dtype == np.int64
        assert mask[np.arange(64), picks].all()
    # The frequencies of one row follow its masked softmax.
    row_logits = np.tile(np.array([0.0, 1.0, 2.0, 50.0]), (20000, 1))
    row_mask = np.tile(np.array([True, True, True, False]), (20000, 1))
    counts = np.bincount(souk.sample_masked(row_logits, row_mask, np.random.default_rng(1)), minlength=4)
    expected = souk.masked_softmax(row_logits[:1], row_mask[:1])[0] * 20000
    assert counts[3] == 0
    np.testing.assert_allclose(counts[:3], expected[:3], rtol=0.05)


def test_a_seed_or_generator_gives_the_same_draws():
    logits = np.zeros((10, 5))
    mask = np.ones((10, 5), bool)
    a = souk.sample_masked(logits, mask, np.random.default_rng(3))
    b = souk.sample_masked(logits, mask, 3)
    assert (a == b).all()


def test_rows_without_a_legal_entry_are_refused_naming_them():
    logits = np.zeros((3, 4))
    mask = np.ones((3, 4), bool)
    mask[1] = False
    for call in (souk.masked_softmax, lambda lg, m: souk.sample_masked(lg, m, 0)):
        with pytest.raises(souk.InvalidArgumentError, match=r"no legal action in row\(s\) \[\[1\]\]") as error:
            call(logits, mask)
        assert error.value.code == "invalid_argument"


def test_bad_shapes_types_and_logits_are_refused():
    with pytest.raises(souk.InvalidArgumentError, match="same shape"):
        souk.masked_softmax(np.zeros((2, 3)), np.ones((2, 4), bool))
    with pytest.raises(TypeError, match="mask must be a bool array"):
        souk.masked_softmax(np.zeros((2, 3)), np.ones((2, 3), np.float32))
    with pytest.raises(souk.InvalidArgumentError, match="an integer mask must hold only 0 and 1"):
        souk.masked_softmax(np.zeros((2, 3)), np.full((2, 3), 2, np.int8))
    logits = np.zeros((2, 3))
    logits[1, 2] = np.nan
    with pytest.raises(souk.InvalidArgumentError, match=r"logit at \[1, 2\] of a legal action is nan"):
        souk.sample_masked(logits, np.ones((2, 3), bool), 0)
    # A non-finite logit where the mask is False is no one's business.
    logits[1, 2] = np.inf
    mask = np.array([[True, True, True], [True, True, False]])
    assert souk.masked_softmax(logits, mask)[1, 2] == 0


def test_with_a_vector_envs_padded_legal_actions():
    game = souk.load_game("jaipur")
    env = souk.VectorEnv(game, 8, seed=4)
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(30):
        ids, valid = env.legal_actions_padded()
        logits = rng.normal(size=ids.shape).astype(np.float32)
        columns = souk.sample_masked(logits, valid, rng)
        actions = ids[np.arange(8), columns]
        for i, action in enumerate(actions):
            assert action in env.get_state(i).legal_actions()
        env.step(actions)


def test_an_aec_action_mask_of_int8_is_a_mask():
    env = souk.AECEnv(souk.load_game("marrakech"), seed=3)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    logits = np.random.default_rng(1).normal(size=mask.shape)
    probs = souk.masked_softmax(logits, mask)
    assert (probs[mask == 0] == 0).all() and probs.sum() == pytest.approx(1)
    assert mask[souk.sample_masked(logits, mask, 1)] == 1
