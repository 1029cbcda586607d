#!/usr/bin/python3
"""Plots a learning curve written by train_jaipur.py: the evaluation win rate (with its 95%
interval) against each bot, by training minutes and by learner decisions.

    /usr/bin/python3 examples/learning/plot_curve.py curve.csv \
        --out docs/images/learning-curve-jaipur.png
"""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_curve(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise ValueError("%s: no rows" % path)
    bots = [k[len("win_"):] for k in rows[0] if k.startswith("win_")]
    return rows, bots


def plot(rows, bots, out, title):
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for ax, x_key, x_label in ((axes[0], "minutes", "training minutes (wall clock)"),
                               (axes[1], "steps", "learner decisions")):
        x = [float(r[x_key]) for r in rows]
        for bot in bots:
            win = [100 * float(r["win_" + bot]) for r in rows]
            low = [100 * float(r["low_" + bot]) for r in rows]
            high = [100 * float(r["high_" + bot]) for r in rows]
            ax.plot(x, win, marker="o", markersize=3, label="vs " + bot)
            ax.fill_between(x, low, high, alpha=0.2)
        ax.axhline(50, color="grey", linewidth=0.8, linestyle=":")
        ax.set_xlabel(x_label)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("evaluation win rate, % (95% interval)")
    axes[0].set_ylim(0, 100)
    axes[0].legend(loc="lower right")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Plot train_jaipur.py's learning curve")
    ap.add_argument("csv", help="the curve train_jaipur.py wrote (--log)")
    ap.add_argument("--out", default="docs/images/learning-curve-jaipur.png")
    ap.add_argument("--title", default="Jaipur: a PPO policy trained from scratch through souk.VectorEnv")
    args = ap.parse_args(argv)
    rows, bots = read_curve(args.csv)
    plot(rows, bots, args.out, args.title)
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
