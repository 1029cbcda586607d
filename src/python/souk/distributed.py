"""Arena runs and self-play spread over a Dask cluster (docs/python-distributed.md).

    from dask.distributed import Client
    import souk.distributed
    client = Client("tcp://scheduler:8786")      # or Client(LocalCluster(...))
    report = souk.distributed.run_arena(client, "jaipur", ["mcts:iterations=500", "greedy"], 400, seed=1)
    manifest = souk.distributed.self_play(client, "jaipur", ["hard", "medium"], 1000, 7, "/shared/selfplay")

Every game of an arena run depends on its index alone (match/arena.h), so a run is cut
into chunks of consecutive games, each chunk one Dask task keyed by the run's arguments
and its range. Tasks are pure: a task lost with its worker is run again elsewhere and
gives the same games. Results are fetched as they finish (a lost worker then costs only
the chunks it was playing) and put back in index order before the report is built.

Every worker must import the same `souk` build as the client: each task carries the
client's build digest and refuses to run on a worker whose build differs.
"""

import hashlib
import json
import math
import os
import time
import uuid
import zipfile

import numpy as np

from . import _souk

__all__ = ["build_digest", "plan_chunks", "run_arena", "self_play", "shard_arrays", "load_dataset", "legal_mask"]

# A run's chunks per thread of the cluster: enough that a slow chunk or a lost worker
# leaves the others something to do, few enough that the per-task overhead (a few ms
# of scheduling and transfer) stays small beside a chunk's games.
CHUNKS_PER_THREAD = 4

_MAX_GAMES = 1_000_000  # the arena's bound (match/arena.cc)
_digest = None


def build_digest():
    """A digest of this process's souk build (the extension and this file)."""
    global _digest
    if _digest is None:
        h = hashlib.sha256()
        for path in (_souk.__file__, __file__):
            with open(path, "rb") as f:
                h.update(f.read())
        _digest = h.hexdigest()[:16]
    return _digest


def _check_build(digest):
    if digest != build_digest():
        raise RuntimeError(
            f"this worker's souk build ({build_digest()}, {os.path.dirname(_souk.__file__)}) is not the "
            f"client's ({digest}): every worker needs the same souk build on its PYTHONPATH")


def _game_and_variant(game, bots, variant):
    """The game's name and variant from a name or a souk.Game."""
    if isinstance(game, _souk.Game):
        if game.num_players() != len(bots):
            raise ValueError(f"{game!r} has {game.num_players()} players, {len(bots)} bots given")
        return game.name(), game.variant()
    return str(game), variant


def plan_chunks(games, num_bots, threads, chunk_size=None):
    """The chunks [first, last) a run of `games` (already a multiple of num_bots) is cut into.

    Each chunk is a whole number of deals (num_bots consecutive games share one): by
    default CHUNKS_PER_THREAD chunks for each of the cluster's `threads` (at most one per
    deal), their sizes at most one deal apart; chunk_size games each (rounded up to a
    whole number of deals, the last chunk shorter) when given.
    """
    deals = games // num_bots
    if chunk_size is not None:
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be 1 or more, got {chunk_size}")
        size = math.ceil(chunk_size / num_bots) * num_bots
        return [(first, min(first + size, games)) for first in range(0, games, size)]
    n = max(1, min(deals, CHUNKS_PER_THREAD * max(1, threads)))
    bounds = [deals * i // n * num_bots for i in range(n + 1)]
    return list(zip(bounds, bounds[1:]))


def _checked_run(client, game, bots, games, seed, variant, threads, max_decisions):
    """The bots, the game's name and variant, the seed, the run's games rounded up and the
    cluster's threads; fails here, before any task is sent, as the CLI would on a bad
    argument. Seed None draws one here, once for every chunk."""
    bots = list(bots)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    name, variant = _game_and_variant(game, bots, variant)
    # Zero games: CheckArena alone (the game, the variant, every spec, threads).
    _souk.arena_games(name, bots, 0, 0, seed, variant, threads, max_decisions)
    if not 1 <= games <= _MAX_GAMES:
        raise ValueError(f"games must be from 1 to {_MAX_GAMES}, got {games}")
    total = math.ceil(games / len(bots)) * len(bots)
    cluster_threads = sum(client.nthreads().values())
    return bots, name, variant, seed, total, cluster_threads


def _submit_in_order(client, function, prefix, chunks, args):
    """Runs function(first, last, *args) for every chunk as pure tasks with deterministic
    keys and returns the results in chunk order, fetching each as soon as it is done so
    that a worker lost later holds none of them."""
    from dask.base import tokenize
    from dask.distributed import as_completed

    token = tokenize(prefix, args)
    keys = [f"{prefix}-{token}-{first}-{last}" for first, last in chunks]
    futures = [client.submit(function, first, last, *args, key=key, pure=True)
               for key, (first, last) in zip(keys, chunks)]
    slot = {key: i for i, key in enumerate(keys)}
    results = [None] * len(chunks)
    pending = as_completed(futures, with_results=True)
    del futures  # as_completed holds them until each is done; then they are released
    for future, result in pending:
        results[slot[future.key]] = result
        future.release()
        del future, result
    return results


def _arena_chunk(first, last, digest, game, bots, seed, variant, threads, max_decisions):
    _check_build(digest)
    return _souk.arena_games(game, bots, first, last, seed, variant, threads, max_decisions)


def run_arena(client, game, bots, games=100, seed=1, *, variant="", threads=1, max_decisions=5000,
              chunk_size=None, return_outcomes=False):
    """The report `souk arena GAME BOTS... --games GAMES --seed SEED --threads THREADS --json`
    prints (parsed: a dict), its games played on the client's workers.

    game is "jaipur", "marrakech" or a souk.Game; bots one spec per seat. threads is the
    games each task plays at once (and the report's "threads"); one per task suits a
    worker with one thread per core. chunk_size: games per task (default: about
    CHUNKS_PER_THREAD tasks per thread of the cluster). With return_outcomes, returns
    (report, outcomes): every game's outcome in index order, as souk.arena_games gives.
    The report's "seconds" is this call's wall time. seed None: one drawn here.
    """
    start = time.perf_counter()
    bots, name, variant, seed, total, cluster_threads = _checked_run(
        client, game, bots, games, seed, variant, threads, max_decisions)
    chunks = plan_chunks(total, len(bots), cluster_threads, chunk_size)
    parts = _submit_in_order(client, _arena_chunk, "souk-arena", chunks,
                             (build_digest(), name, bots, seed, variant, threads, max_decisions))
    outcomes = [outcome for part in parts for outcome in part]
    if [o["index"] for o in outcomes] != list(range(total)):
        raise RuntimeError("the arena's chunks came back incomplete or out of order")
    seconds = time.perf_counter() - start
    report = json.loads(_souk.arena_report(name, bots, outcomes, seed, seconds, variant, threads, max_decisions))
    return (report, outcomes) if return_outcomes else report


# Self-play data: one shard per chunk of games, written by the worker that played it.

DATASET_FORMAT = "souk-selfplay 1"
_EPOCH = (1980, 1, 1, 0, 0, 0)  # the zip entries' date: shards are byte-identical from run to run


def _write_atomic(path, write):
    """Writes a file under a temporary name, then renames it: a reader, or a worker
    killed mid-write, never leaves a partial file under the real name."""
    tmp = f"{path}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        with open(tmp, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def _write_npz(f, arrays):
    """np.savez_compressed's format (np.load reads it), with fixed entry dates."""
    with zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as z:
        for name, array in arrays.items():
            info = zipfile.ZipInfo(name + ".npy", date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            with z.open(info, "w", force_zip64=True) as entry:
                np.lib.format.write_array(entry, np.asanyarray(array), allow_pickle=False)


def shard_arrays(games, num_players):
    """One shard's arrays from souk.self_play_games' dicts, one or more games (the layout
    is in docs/python-distributed.md)."""
    counts = [len(g["actions"]) for g in games]
    legal_offsets, base = [np.zeros(1, np.int64)], 0
    for g in games:
        legal_offsets.append(g["legal_offsets"][1:].astype(np.int64) + base)
        base += len(g["legal_ids"])
    returns = np.array([g["returns"] for g in games], np.float64).reshape(len(games), num_players)
    player = np.concatenate([g["players"] for g in games]).astype(np.int8)
    return {
        "obs": np.concatenate([g["observations"] for g in games]),
        "legal_ids": np.concatenate([g["legal_ids"] for g in games]).astype(np.int16),
        "legal_offsets": np.concatenate(legal_offsets),
        "action": np.concatenate([g["actions"] for g in games]).astype(np.int16),
        "player": player,
        "return": returns[np.repeat(np.arange(len(games)), counts), player].astype(np.float32),
        "game": np.repeat(np.array([g["index"] for g in games], np.int32), counts),
        "ply": np.concatenate([g["plies"] for g in games]).astype(np.int32),
        "game_index": np.array([g["index"] for g in games], np.int32),
        "deal_seed": np.array([g["deal_seed"] for g in games], np.uint64),
        "seat_bot": np.array([g["seat_bot"] for g in games], np.int8),
        "returns": returns,
        "scores": np.array([g["scores"] for g in games], np.int32),
        "unfinished": np.array([g["unfinished"] for g in games], bool),
        "game_offsets": np.concatenate([[0], np.cumsum(counts)]).astype(np.int64),
    }


def _record_name(index):
    return f"records/game-{index:07d}.record"


def _shard_name(first, last):
    return f"shards/shard-{first:07d}-{last:07d}.npz"


def _self_play_chunk(first, last, digest, game, bots, seed, variant, max_decisions, out_dir):
    _check_build(digest)
    games = _souk.self_play_games(game, bots, first, last, seed, variant, max_decisions)
    for sub in ("records", "shards"):
        os.makedirs(os.path.join(out_dir, sub), exist_ok=True)
    for g in games:
        _write_atomic(os.path.join(out_dir, _record_name(g["index"])), lambda f, g=g: f.write(g["record"].encode()))
    arrays = shard_arrays(games, len(bots))
    shard = _shard_name(first, last)
    _write_atomic(os.path.join(out_dir, shard), lambda f: _write_npz(f, arrays))
    with open(os.path.join(out_dir, shard), "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    return {"file": shard, "first": first, "last": last, "games": last - first,
            "decisions": int(len(arrays["action"])), "sha256": sha,
            "unfinished": int(arrays["unfinished"].sum())}


def self_play(client, game, bots, games, seed, out_dir, *, variant="", max_decisions=5000, chunk_size=None):
    """Plays games [0, games) of the arena run `souk arena GAME BOTS... --seed SEED` (games
    rounded up to a multiple of the bots) on the client's workers and writes, under
    out_dir, every game's record (records/game-NNNNNNN.record) and one dataset shard
    per chunk of games (shards/shard-FIRST-LAST.npz), then manifest.json, which it returns.

    out_dir is written by the workers: on a real cluster, a path every worker sees (a
    shared file system). Deterministic from the seed: the same arguments write the same
    bytes, however the chunks are scheduled.
    """
    bots, name, variant, seed, total, cluster_threads = _checked_run(
        client, game, bots, games, seed, variant, 1, max_decisions)
    if max_decisions < 0:
        raise ValueError(f"max_decisions must be 0 or more, got {max_decisions}")
    info = _souk.load_game(name, len(bots), variant)
    out_dir = os.path.abspath(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    chunks = plan_chunks(total, len(bots), cluster_threads, chunk_size)
    shards = _submit_in_order(client, _self_play_chunk, "souk-self-play", chunks,
                              (build_digest(), name, bots, seed, variant, max_decisions, out_dir))
    if [(s["first"], s["last"]) for s in shards] != chunks:
        raise RuntimeError("the self-play chunks came back incomplete or out of order")
    manifest = {
        "format": DATASET_FORMAT,
        "game": name,
        "variant": variant,
        "players": len(bots),
        "bots": bots,
        "seed": str(seed),
        "games": total,
        "max_decisions": max_decisions,
        "observation_size": info.observation_tensor_size(),
        "num_distinct_actions": info.num_distinct_actions(),
        "decisions": sum(s["decisions"] for s in shards),
        "unfinished": sum(s["unfinished"] for s in shards),
        "records": "records/game-NNNNNNN.record (NNNNNNN: the game's index)",
        "shards": shards,
    }
    text = json.dumps(manifest, indent=1) + "\n"
    _write_atomic(os.path.join(out_dir, "manifest.json"), lambda f: f.write(text.encode()))
    # Temporary files of a worker killed mid-write (the rerun wrote the real ones).
    for sub in ("records", "shards"):
        for entry in os.scandir(os.path.join(out_dir, sub)):
            if ".tmp-" in entry.name:
                os.remove(entry.path)
    return manifest


def load_dataset(out_dir):
    """Every shard of a self_play directory, in game order, as one dict of arrays (the
    shards' layout, offsets made global)."""
    with open(os.path.join(out_dir, "manifest.json")) as f:
        manifest = json.load(f)
    parts = []
    for shard in manifest["shards"]:
        with np.load(os.path.join(out_dir, shard["file"])) as z:
            parts.append({name: z[name] for name in z.files})
    data = {}
    for name in parts[0]:
        if name in ("legal_offsets", "game_offsets"):
            pieces, base = [parts[0][name][:1]], 0
            for p in parts:
                pieces.append(p[name][1:] + base)
                base += p[name][-1]
            data[name] = np.concatenate(pieces)
        else:
            data[name] = np.concatenate([p[name] for p in parts])
    return data


def legal_mask(data, rows, num_actions):
    """The dense legal-action masks of the given decision rows: bool [len(rows), num_actions]."""
    rows = np.asarray(rows)
    mask = np.zeros((len(rows), num_actions), bool)
    offsets = data["legal_offsets"]
    for i, row in enumerate(rows):
        mask[i, data["legal_ids"][offsets[row]:offsets[row + 1]]] = True
    return mask
