"""The learning showcase's pipeline (docs/python-learning.md), not its strength: a short
training run writes a checkpoint, its numpy export and a curve; the engine built on the
export rebuilds souk's observation from a view alone, plays legal moves of a real game over
the engine protocol, and the plot script writes a PNG. Skipped without torch.
"""
import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

import souk
from conftest import REPO, souk_bin

torch = pytest.importorskip("torch", reason="the learning showcase needs torch (Debian: python3-torch)")

LEARNING = REPO / "examples" / "learning"
ENGINES = REPO / "examples" / "engines"
sys.path.insert(0, str(LEARNING))
sys.path.insert(0, str(ENGINES))
import jaipur_features  # noqa: E402
from souk_engine_lib import jaipur_legal_moves  # noqa: E402


def run_python(args, timeout):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=timeout,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def train_into(out):
    """A one-update training run (the pipeline, not the strength)."""
    run_python([str(LEARNING / "train_jaipur.py"), "--minutes", "1", "--steps", "512", "--opponents", "greedy=8",
                "--rollout", "64", "--eval-bots", "greedy", "--eval-games", "2", "--eval-minutes", "10",
                "--out", str(out / "model.pt"), "--log", str(out / "curve.csv"), "--seed", "3"], timeout=80)
    return out


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    return train_into(tmp_path_factory.mktemp("learning"))


def random_states(count, seed):
    game = souk.load_game("jaipur")
    rng = random.Random(seed)
    for deal in range(count):
        state = game.new_initial_state(seed=seed + deal)
        while True:
            yield state
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_observation_from_a_view_is_the_modules_bit_for_bit():
    checked = 0
    for state in random_states(6, seed=11):
        for seat in (0, 1):
            view = json.loads(state.view_json(seat))
            rebuilt = jaipur_features.observation_from_view(view)
            assert rebuilt.tobytes() == state.observation_tensor(seat).tobytes()
            checked += 1
        if not state.is_terminal():
            view = json.loads(state.view_json(state.current_player()))
            assert sorted(jaipur_legal_moves(view)) == sorted(state.action_to_string(a) for a in state.legal_actions())
    assert checked > 500


def test_move_features_refuse_what_is_not_a_move():
    with pytest.raises(ValueError, match="not a Jaipur move"):
        jaipur_features.move_features("fly away")


def test_training_writes_a_checkpoint_an_export_and_a_curve(trained):
    import train_jaipur

    checkpoint = torch.load(trained / "model.pt")
    options = checkpoint["options"]
    net = train_jaipur.PolicyNet(options["hidden"], options["joint"])
    net.load_state_dict(checkpoint["state_dict"])
    with open(trained / "curve.csv") as f:
        lines = f.read().splitlines()
    assert lines[0].startswith("update,steps,games,minutes,train_win_rate,win_greedy,low_greedy,high_greedy")
    assert len(lines) >= 3  # before training, and at the end
    assert int(lines[-1].split(",")[1]) >= 512
    # The engine's numpy forward pass is the trained network's.
    weights = jaipur_features.PolicyWeights(trained / "model.npz")
    state = souk.load_game("jaipur").new_initial_state(seed=5)
    obs = state.observation_tensor()
    static = np.stack([jaipur_features.move_features(state.action_to_string(a)) for a in state.legal_actions()])
    rows = jaipur_features.row_inputs(np.repeat(obs[None, :], len(static), axis=0), static)
    with torch.no_grad():
        expected, _ = net(torch.from_numpy(jaipur_features.scaled_observation(obs)[None, :]),
                          torch.from_numpy(rows), torch.zeros(len(rows), dtype=torch.long))
    np.testing.assert_allclose(weights.move_logits(obs, rows), expected.numpy(), rtol=1e-4, atol=1e-5)


def test_training_repeats_for_its_seed(trained, tmp_path):
    again = train_into(tmp_path)
    first, second = np.load(trained / "model.npz"), np.load(again / "model.npz")
    assert sorted(first.files) == sorted(second.files)
    for name in first.files:
        assert first[name].tobytes() == second[name].tobytes(), name


class Engine:
    def __init__(self, model):
        self.proc = subprocess.Popen([sys.executable, str(ENGINES / "learned_engine.py"), str(model)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        """Sends a request; the reply lines up to its final one."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        replies = []
        while True:
            reply = self.proc.stdout.readline().rstrip("\n")
            assert reply, "the engine closed its output"
            replies.append(reply)
            if not reply.startswith(("id ", "plays ", "info ")):
                return replies

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        assert self.proc.wait(timeout=10) == 0


def test_the_engine_plays_a_whole_game_from_views_only(trained):
    game = souk.load_game("jaipur")
    state = game.new_initial_state(seed=21)
    greedy = souk.Bot(game, "greedy", seed=2)
    engine = Engine(trained / "model.npz")
    try:
        assert engine.ask("souk-engine 1")[-1] == "ok souk-engine 1"
        assert engine.ask('newgame {"game":"jaipur","players":2,"seat":1,"seed":4}') == ["ok"]
        assert engine.ask('newgame {"game":"marrakech","players":2,"seat":1,"seed":4}')[0].startswith("refuse")
        assert engine.ask('newgame {"game":"jaipur","players":2,"seat":1,"seed":4}') == ["ok"]
        engine_moves = 0
        while not state.is_terminal():
            if state.current_player() == 1:
                assert engine.ask("position " + state.view_json(1)) == ["ok"]
                (reply,) = engine.ask("go time 1000")
                assert reply.startswith("bestmove ")
                state.apply_action(state.string_to_action(reply[len("bestmove "):]))  # refused if illegal
                engine_moves += 1
            else:
                state.apply_action(greedy.step(state))
        assert engine_moves > 10
        # What seat 1 cannot see does not change its move: two worlds of one view, one move.
        position = game.new_initial_state(seed=8)
        position.apply_action(position.legal_actions()[0])
        moves = set()
        for seed in (1, 2, 3):
            world = position.resample_from_infostate(1, seed=seed)
            assert world.to_json() != position.to_json()
            engine.ask("position " + world.view_json(1))
            moves.add(engine.ask("go time 1000")[0])
        assert len(moves) == 1
    finally:
        engine.close()


def test_the_engine_says_why_without_a_model(tmp_path):
    done = subprocess.run([sys.executable, str(ENGINES / "learned_engine.py"), str(tmp_path / "none.npz")],
                          input="souk-engine 1\n", capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 1
    assert "cannot load the model" in done.stderr


def test_the_engine_plays_in_the_arena(trained, tmp_path):
    registry = tmp_path / "engines.json"
    registry.write_text(json.dumps({"learned": {
        "command": [sys.executable, str(ENGINES / "learned_engine.py"), str(trained / "model.npz")],
        "time_ms": 2000, "memory_mb": 0}}))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    done = subprocess.run([souk_bin(), "arena", "jaipur", "engine:learned", "greedy", "--games", "2", "--json",
                           "--engines", str(registry)], capture_output=True, text=True, env=env, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    learned = json.loads(done.stdout)["bots"][0]
    assert learned["bot"] == "engine:learned" and learned["games"] == 2
    assert learned["failures"] == 0, learned["failed"]


def test_the_plot_script_writes_a_png(trained):
    pytest.importorskip("matplotlib", reason="the plot needs matplotlib (Debian: python3-matplotlib)")
    png = trained / "curve.png"
    run_python([str(LEARNING / "plot_curve.py"), str(trained / "curve.csv"), "--out", str(png)], timeout=60)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_committed_model_fits_the_features():
    """engines.json's learned-py plays examples/learning/jaipur-policy.npz: it must score
    the moves of today's features (a change to them needs a retrained model)."""
    weights = jaipur_features.PolicyWeights(LEARNING / "jaipur-policy.npz")
    state = souk.load_game("jaipur").new_initial_state(seed=9)
    obs = state.observation_tensor()
    static = np.stack([jaipur_features.move_features(state.action_to_string(a)) for a in state.legal_actions()])
    rows = jaipur_features.row_inputs(np.repeat(obs[None, :], len(static), axis=0), static)
    logits = weights.move_logits(obs, rows)
    assert logits.shape == (len(static),) and np.isfinite(logits).all()


def test_training_refuses_a_bad_opponent_saying_which(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    for opponents, words in (("wizard=4", "bad bot 'wizard'"), ("greedy=x", "got 'greedy=x'")):
        done = subprocess.run([sys.executable, str(LEARNING / "train_jaipur.py"), "--opponents", opponents,
                               "--out", str(tmp_path / "m.pt"), "--log", str(tmp_path / "c.csv")],
                              capture_output=True, text=True, env=env, timeout=60, check=False)
        assert done.returncode == 2 and words in done.stderr, done.stderr
