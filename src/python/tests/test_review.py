"""souk.review (docs/review.md): a finished game's review as arrays, on the golden
records; the same figures twice; bad arguments refused with the argument named."""

import numpy as np
import pytest

import souk
from conftest import REPO

GOLDEN = REPO / "tests" / "golden"
SMALL = {"budget": 8, "samples": 1, "seed": 3}


@pytest.mark.parametrize("name,seats", [("jaipur-seed1", 2), ("marrakech-4p", 4)])
def test_a_golden_game_reviewed_has_every_decision_and_seat(name, seats):
    record = (GOLDEN / f"{name}.record").read_text()
    r = souk.review(record, **SMALL)
    moves = [line for line in record.split("moves\n", 1)[1].splitlines() if line and not line.startswith("#")]
    assert r["players"] == seats
    assert r["win_chance"].shape == (len(moves) + 1, seats)
    assert np.all((r["win_chance"] >= 0) & (r["win_chance"] <= 1))
    d = r["decisions"]
    n = len(d["ply"])
    assert n > 0
    for key in ("seat", "played_value", "best_value", "loss", "accuracy", "forced"):
        assert d[key].shape == (n,), key
    assert len(d["played"]) == len(d["best"]) == len(d["flag"]) == n
    assert np.all(d["loss"] >= 0)
    assert np.all(d["loss"] == np.maximum(0, d["best_value"] - d["played_value"]))
    assert set(d["flag"]) <= {"", "inaccuracy", "mistake", "blunder"}
    for ply, played in zip(d["ply"], d["played"]):
        assert moves[ply] == played
    assert r["chance_events"]["swing"].shape == (len(r["chance_events"]["ply"]), seats)
    for key in ("accuracy", "skill", "luck", "decisions"):
        assert r["seats"][key].shape == (seats,), key
    assert np.all(r["seats"]["skill"] <= 0)


def test_the_same_record_and_budget_give_the_same_review():
    record = (GOLDEN / "marrakech-2p.record").read_text()
    one = souk.review(record, threads=1, **SMALL)
    two = souk.review(record, threads=2, **SMALL)
    np.testing.assert_array_equal(one["win_chance"], two["win_chance"])
    np.testing.assert_array_equal(one["decisions"]["loss"], two["decisions"]["loss"])
    assert one["decisions"]["best"] == two["decisions"]["best"]


def test_bad_arguments_are_refused_by_name():
    record = (GOLDEN / "jaipur-seed1.record").read_text()
    with pytest.raises(souk.InvalidArgumentError, match="budget"):
        souk.review(record, budget=0)
    with pytest.raises(souk.InvalidArgumentError, match="samples"):
        souk.review(record, samples=10**9)
    with pytest.raises(TypeError):
        souk.review(record, budget=1.5)
    with pytest.raises(souk.Error):
        souk.review("souk-record 1\ngame jaipur\n")
    unfinished = record.split("moves\n", 1)[0] + "moves\n" + "\n".join(record.split("moves\n", 1)[1].splitlines()[:5])
    with pytest.raises(souk.Error, match="finished|over"):
        souk.review(unfinished, **SMALL)
