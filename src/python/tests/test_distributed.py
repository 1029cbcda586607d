"""souk.distributed on a LocalCluster of two worker processes: the Dask runs equal the local
ones game for game, self-play's records and dataset agree with each other and with the
engine, and a worker killed mid-run changes nothing in the result."""

import hashlib
import io
import json
import logging
import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import souk

distributed = pytest.importorskip("distributed")
from dask.distributed import Client, LocalCluster  # noqa: E402

import souk.distributed as sd  # noqa: E402

# LocalCluster's tornado loop, not ours.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

SOUK_BIN = os.environ.get("SOUK_BIN")
DOC = Path(__file__).resolve().parents[3] / "docs" / "python-distributed.md"

# (game, bots, games, seed): iteration budgets, so that every game is reproducible.
JAIPUR = ("jaipur", ["mcts:iterations=30", "greedy"], 24, 3)
MARRAKECH = ("marrakech", ["mcts:iterations=30", "greedy", "random"], 24, 5)
CASES = {"jaipur": JAIPUR, "marrakech3": MARRAKECH}

# Wall-time fields: of every game's outcome, and of the report (per bot, and the run's).
OUTCOME_TIMES = ("think_seconds", "max_move_seconds")
REPORT_BOT_TIMES = ("ms_per_move", "max_ms_per_move")


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def local_outcomes():
    """Every case's games played here, in one call over the whole range."""
    cache = {}

    def get(case):
        if case not in cache:
            game, bots, games, seed = CASES[case]
            cache[case] = souk.arena_games(game, bots, 0, games, seed)
        return cache[case]

    return get


def untimed_outcomes(outcomes):
    return [{k: v for k, v in o.items() if k not in OUTCOME_TIMES} for o in outcomes]


def untimed_report(report):
    r = {k: v for k, v in report.items() if k != "seconds"}
    r["bots"] = [{k: v for k, v in b.items() if k not in REPORT_BOT_TIMES} for b in report["bots"]]
    return r


def test_plan_chunks_whole_deals_covering_the_run():
    for games, k, threads, size in [(24, 2, 2, None), (400, 2, 2, None), (9, 3, 8, None), (30, 3, 1, 7), (4, 4, 64, None)]:
        chunks = sd.plan_chunks(games, k, threads, size)
        assert chunks[0][0] == 0 and chunks[-1][1] == games
        assert all(a[1] == b[0] for a, b in zip(chunks, chunks[1:]))
        assert all((last - first) % k == 0 for first, last in chunks)
        if size is None:
            assert len(chunks) == min(games // k, sd.CHUNKS_PER_THREAD * threads)
            sizes = [last - first for first, last in chunks]
            assert max(sizes) - min(sizes) <= k
    assert sd.plan_chunks(30, 3, 1, 7) == [(0, 9), (9, 18), (18, 27), (27, 30)]


def test_bad_arguments_fail_before_any_task(client):
    with pytest.raises(ValueError, match="mcts"):
        sd.run_arena(client, "jaipur", ["mcts:iterations=-3", "greedy"], 4)
    with pytest.raises(ValueError, match="bots"):
        sd.run_arena(client, "jaipur", ["greedy"], 4)
    with pytest.raises(ValueError, match="games"):
        sd.run_arena(client, "jaipur", ["greedy", "random"], 0)
    with pytest.raises(RuntimeError, match="same souk build"):
        sd._check_build("not-this-build")


@pytest.mark.parametrize("case", sorted(CASES))
def test_run_arena_equals_the_local_arena_and_the_cli(client, local_outcomes, case):
    game, bots, games, seed = CASES[case]
    report, outcomes = sd.run_arena(client, game, bots, games, seed, return_outcomes=True)
    local = local_outcomes(case)
    assert [o["index"] for o in outcomes] == list(range(games))
    assert untimed_outcomes(outcomes) == untimed_outcomes(local)
    assert untimed_report(report) == untimed_report(json.loads(souk.arena_report(game, bots, local, seed)))
    if SOUK_BIN:
        cli = json.loads(subprocess.run([SOUK_BIN, "arena", game, *bots, "--games", str(games), "--seed", str(seed),
                                         "--json"], check=True, capture_output=True, text=True).stdout)
        assert report.keys() == cli.keys()
        assert untimed_report(report) == untimed_report(cli)


def test_run_arena_takes_a_game_and_its_variant(client):
    game, bots = souk.load_game("marrakech", variant="single_colour"), ["greedy", "random"]
    report = sd.run_arena(client, game, bots, 8, seed=2)
    local = souk.arena_games("marrakech", bots, 0, 8, 2, "single_colour")
    assert report["variant"] == "single-colour"
    assert untimed_report(report) == untimed_report(
        json.loads(souk.arena_report("marrakech", bots, local, 2, variant="single_colour")))
    if SOUK_BIN:
        cli = subprocess.run([SOUK_BIN, "arena", "marrakech", *bots, "--variant", "single-colour", "--games", "8",
                              "--seed", "2", "--json"], check=True, capture_output=True, text=True).stdout
        assert untimed_report(report) == untimed_report(json.loads(cli))
    with pytest.raises(ValueError, match="players"):
        sd.run_arena(client, game, ["greedy", "random", "random"], 8)


def test_run_arena_without_a_seed_draws_one_for_every_chunk(client):
    report, outcomes = sd.run_arena(client, "marrakech", ["greedy", "random"], 8, seed=None, chunk_size=2,
                                    return_outcomes=True)
    local = souk.arena_games("marrakech", ["greedy", "random"], 0, 8, int(report["seed"]))
    assert untimed_outcomes(outcomes) == untimed_outcomes(local)


def read_record(path):
    """A record's header (dict) and moves, as format/record.h reads them."""
    header, moves, in_moves = {}, [], False
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if in_moves:
            moves.append(line)
        elif line == "moves":
            in_moves = True
        elif line != "souk-record 1":
            key, value = line.split()
            header[key] = value
    return header, moves


@pytest.mark.parametrize("case", sorted(CASES))
def test_self_play_records_and_dataset(client, local_outcomes, tmp_path, case):
    game, bots, games, seed = CASES[case]
    k = len(bots)
    manifest = sd.self_play(client, game, bots, games, seed, tmp_path)
    g = souk.load_game(game, players=k)
    data = sd.load_dataset(tmp_path)
    n, a = manifest["decisions"], g.num_distinct_actions()
    assert manifest["games"] == games and manifest["observation_size"] == g.observation_tensor_size()

    # Shapes and offsets.
    assert data["obs"].shape == (n, g.observation_tensor_size()) and data["obs"].dtype == np.float32
    for name in ("action", "player", "return", "game", "ply"):
        assert data[name].shape == (n,)
    assert data["legal_offsets"].shape == (n + 1,) and data["legal_offsets"][-1] == len(data["legal_ids"])
    assert np.all(np.diff(data["legal_offsets"]) > 0)
    assert np.array_equal(data["game_index"], np.arange(games))
    assert data["game_offsets"].shape == (games + 1,) and data["game_offsets"][-1] == n
    assert np.array_equal(np.repeat(data["game_index"], np.diff(data["game_offsets"])), data["game"])
    for name in ("seat_bot", "returns", "scores"):
        assert data[name].shape == (games, k)
    # Every recorded action is legal in its recorded legal ids (and in the dense mask).
    offsets, ids = data["legal_offsets"], data["legal_ids"]
    assert all(data["action"][r] in ids[offsets[r]:offsets[r + 1]] for r in range(n))
    masks = sd.legal_mask(data, np.arange(n), a)
    assert masks[np.arange(n), data["action"]].all() and masks.sum() == len(ids)
    # Each decision's return is its mover's return at the end of its game.
    assert np.array_equal(data["return"], data["returns"][data["game"], data["player"]].astype(np.float32))

    # The games are the arena's: the same scores per bot and the same lengths.
    for i, outcome in enumerate(local_outcomes(case)):
        by_bot = [0] * k
        for seat, b in enumerate(data["seat_bot"][i]):
            by_bot[b] = int(data["scores"][i][seat])
        assert by_bot == outcome["score"]
        assert data["game_offsets"][i + 1] - data["game_offsets"][i] == outcome["total_moves"]

    # Replaying each record's moves reproduces the dataset row by row, and the CLI's
    # replay of the record ends in the same state.
    for i in range(games):
        path = tmp_path / f"records/game-{i:07d}.record"
        header, moves = read_record(path)
        assert header["game"] == game and int(header["seed"]) == int(data["deal_seed"][i])
        state = g.new_initial_state(seed=int(header["seed"]))
        rows = range(data["game_offsets"][i], data["game_offsets"][i + 1])
        plies = {int(data["ply"][r]): r for r in rows}
        for ply, text in enumerate(moves):
            action = state.string_to_action(text)
            if ply in plies:
                r = plies.pop(ply)
                assert state.current_player() == data["player"][r] and action == data["action"][r]
                assert state.legal_actions() == list(ids[offsets[r]:offsets[r + 1]])
                assert np.array_equal(state.observation_tensor(int(data["player"][r])), data["obs"][r])
            else:
                assert state.is_chance_node()
            state.apply_action(action)
        assert not plies and state.is_terminal()
        assert state.returns() == list(data["returns"][i]) and state.scores() == list(data["scores"][i])
        if SOUK_BIN and i % 4 == 0:
            replayed = subprocess.run([SOUK_BIN, "replay", str(path)], check=True, capture_output=True, text=True)
            assert json.loads(replayed.stdout) == json.loads(state.to_json())

    # Deterministic from the seed: one local call plays the same games, and its games
    # written as the manifest's chunks are byte for byte the workers' shards.
    played = souk._souk.self_play_games(game, bots, 0, games, seed)
    local = sd.shard_arrays(played, k)
    assert local.keys() == data.keys()
    for name in local:
        assert np.array_equal(local[name], data[name]), name
    for shard in manifest["shards"]:
        buffer = io.BytesIO()
        sd._write_npz(buffer, sd.shard_arrays(played[shard["first"]:shard["last"]], k))
        assert hashlib.sha256(buffer.getvalue()).hexdigest() == shard["sha256"]
        assert hashlib.sha256((tmp_path / shard["file"]).read_bytes()).hexdigest() == shard["sha256"]
    assert not any(".tmp-" in p.name for p in tmp_path.glob("*/*"))
    assert sorted(p.name for p in tmp_path.glob("shards/*")) == [Path(s["file"]).name for s in manifest["shards"]]


def test_docs_examples_run(client, tmp_path, monkeypatch):
    """docs/python-distributed.md's examples marked runnable, against the LocalCluster."""
    if not DOC.exists():
        pytest.skip(f"{DOC} not found")
    blocks = re.findall(r"<!-- runnable -->\s*```python\n(.*?)```", DOC.read_text(), re.S)
    assert blocks
    monkeypatch.chdir(tmp_path)
    namespace = {"client": client}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)


def test_a_worker_killed_mid_run_changes_nothing(client, local_outcomes):
    game, bots, games, seed = JAIPUR
    pids = client.run(os.getpid)
    victim = sorted(pids)[0]
    killed = {}

    def kill_when_busy():
        # Once the victim has played a chunk and is playing another, SIGKILL its process:
        # the nanny starts a new one; the scheduler gives the lost chunk to a worker.
        seen = set()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            busy = set(client.processing().get(victim, ()))
            if seen and busy - seen:
                os.kill(pids[victim], signal.SIGKILL)
                killed.update(at=time.monotonic(), keys=busy)
                return
            seen |= busy
            time.sleep(0.005)

    killer = threading.Thread(target=kill_when_busy)
    killer.start()
    # Small chunks, so that the run is under way when the victim dies.
    report, outcomes = sd.run_arena(client, game, bots, games, seed, chunk_size=2, return_outcomes=True)
    finished = time.monotonic()
    killer.join()
    assert killed, "the victim never played two chunks"
    assert killed["at"] < finished and all(key.startswith("souk-arena-") for key in killed["keys"])
    assert untimed_outcomes(outcomes) == untimed_outcomes(local_outcomes("jaipur"))
    assert untimed_report(report) == untimed_report(
        json.loads(souk.arena_report(game, bots, local_outcomes("jaipur"), seed)))
    client.wait_for_workers(2, timeout=60)  # the nanny's new worker, for whatever runs next
    assert pids[victim] not in client.run(os.getpid).values()
