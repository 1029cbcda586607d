#!/usr/bin/python3
"""Speed of the Python module `souk` (docs/performance.md, "The Python module").

Measures, on one core:
  - the C++ random-playout figures of build/bench/souk_bench, in the same run, for reference;
  - VectorEnv.step(env.sample_legal_actions()) steps per second from Python (observations
    and the compact legal ids included) for Jaipur and two-player Marrakech, num_envs 1 to
    4096, and the same loop without leaving C++ (VectorEnv._play_random): the C++ side alone;
  - the single-state round trip state.apply_action(a); state.legal_actions().

Each figure is timed in chunks of about 50 ms, repeated; the table gives the median and the
best chunk (the best is the machine's speed when nothing else ran). Usage:

    make build
    taskset -c 1 /usr/bin/python3 bench/python_bench.py [--quick]

with PYTHONPATH=build/python, or without PYTHONPATH (it then finds this tree's build/python).
"""

import argparse
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
# PYTHONPATH, when set, chooses the module (another tree's build, to compare two builds).
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(ROOT / "build" / "python"))

import souk  # noqa: E402


def chunks(run, repetitions, target=0.05):
    """Throughputs (items/s) of `run(k)` (which does k units of `per` items and returns
    (items, seconds)) over repeated chunks of about `target` seconds."""
    k = 1
    while True:
        items, seconds = run(k)
        if seconds >= target / 4 or k > 1 << 20:
            break
        k *= 2
    k = max(1, int(k * target / max(seconds, 1e-9)))
    rates = []
    for _ in range(repetitions):
        items, seconds = run(k)
        rates.append(items / seconds)
    return statistics.median(rates), max(rates)


def vector_env(game, num_envs, repetitions, reward):
    env = souk.VectorEnv(game, num_envs, seed=1, reward=reward)
    env.reset()

    def python_loop(k):
        step, sample = env.step, env.sample_legal_actions
        start = time.perf_counter()
        for _ in range(k):
            step(sample())
        return k * num_envs, time.perf_counter() - start

    def cpp_loop(k):
        return k * num_envs, env._play_random(k)

    return chunks(python_loop, repetitions), chunks(cpp_loop, repetitions)


def round_trip(game, repetitions):
    """apply_action + legal_actions along recorded random games, per call pair."""
    rng = random.Random(1)
    games = []
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        actions = []
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            actions.append(action)
            state.apply_action(action)
        games.append((seed, actions))

    def run(k):
        pairs, seconds = 0, 0.0
        for _ in range(k):
            for seed, actions in games:
                state = game.new_initial_state(seed=seed)
                apply, legal = state.apply_action, state.legal_actions
                start = time.perf_counter()
                for action in actions:
                    apply(action)
                    legal()
                seconds += time.perf_counter() - start
                pairs += len(actions)
        return pairs, seconds

    median, best = chunks(run, repetitions, target=0.2)
    return 1e6 / median, 1e6 / best  # microseconds per pair: median, best


def cpp_playouts():
    binary = ROOT / "build" / "bench" / "souk_bench"
    if not binary.exists():
        return {}
    done = subprocess.run(
        [str(binary), "--benchmark_filter=RandomPlayout", "--benchmark_format=json", "--benchmark_repetitions=3",
         "--benchmark_report_aggregates_only=true"],
        capture_output=True, text=True, check=True)
    figures = {}
    for b in json.loads(done.stdout)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            figures[b["run_name"]] = b["items_per_second"]
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and sizes")
    parser.add_argument("--reward", default="win", choices=["win", "score", "score+win"],
                        help="VectorEnv's reward option (default win, the plain step)")
    args = parser.parse_args()
    repetitions = 3 if args.quick else 9
    sizes = [1, 64, 1024] if args.quick else [1, 4, 16, 64, 256, 1024, 4096]
    print(f"souk python benchmark: {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} CPUs, "
          f"Python {sys.version.split()[0]}, one thread, VectorEnv reward={args.reward}")
    print(f"module: {souk.__file__}")
    for name, rate in cpp_playouts().items():
        print(f"C++ {name}: {rate / 1e6:.2f} M moves/s (souk_bench median of 3)")
    print()
    print("| game | num_envs | Python steps/s (median, best) | C++ alone (median, best) |")
    print("|---|---|---|---|")
    for name in ("jaipur", "marrakech"):
        game = souk.load_game(name)
        for n in sizes:
            (py_median, py_best), (cpp_median, cpp_best) = vector_env(game, n, repetitions, args.reward)
            print(f"| {name} | {n} | {py_median / 1e6:.2f} M, {py_best / 1e6:.2f} M "
                  f"| {cpp_median / 1e6:.2f} M, {cpp_best / 1e6:.2f} M |", flush=True)
    print()
    for name in ("jaipur", "marrakech"):
        median, best = round_trip(souk.load_game(name), repetitions)
        print(f"{name}: apply_action + legal_actions: {median:.2f} us median, {best:.2f} us best", flush=True)


if __name__ == "__main__":
    main()
