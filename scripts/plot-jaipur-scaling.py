#!/usr/bin/python3
"""Plots how Jaipur's `mcts` gains from ten times its search (docs/ai.md, issue 43): the
win rate of each ten-fold pair, with its 95% Wilson interval, against the smaller
budget in iterations. Time pairs are placed at the iterations their smaller budget
runs on one core (100 ms: some 30,000).

    /usr/bin/python3 scripts/plot-jaipur-scaling.py docs/images/jaipur-scaling.csv \
        --out docs/images/jaipur-scaling.png
"""
import argparse
import csv
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def wilson(wins, games, z=1.96):
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main(argv=None):
    ap = argparse.ArgumentParser(description="Plot the ten-fold scaling of Jaipur's mcts")
    ap.add_argument("csv", help="rows: label, smaller (iterations), wins, games, budget (iterations, time or closed-loop)")
    ap.add_argument("--out", default="docs/images/jaipur-scaling.png")
    args = ap.parse_args(argv)
    try:
        with open(args.csv, newline="") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise SystemExit("%s: cannot read: %s" % (args.csv, e))
    if not rows:
        raise SystemExit("%s: no rows" % args.csv)
    # name, marker, colour, legend, x shift, each point labelled with its games. The
    # experiment's point shares a budget (and its deals) with today's bot's: drawn a little
    # to its left, its games in the legend, so that the two stay apart.
    series = (
        ("iterations", "o", "tab:blue", "ten times the iterations", 1.0, True),
        ("time", "s", "tab:red", "ten times the time", 1.0, True),
        ("closed-loop", "^", "tab:green", "ten times the iterations, tree branching on refills, not kept", 0.87, False),
    )
    known = [name for name, *_ in series]
    for line, r in enumerate(rows, start=2):
        if r.get("budget") not in known:
            raise SystemExit("%s:%d: budget %r is not one of %s" % (args.csv, line, r.get("budget"), ", ".join(known)))
        try:
            smaller, wins, games = float(r["smaller"]), int(r["wins"]), int(r["games"])
        except (TypeError, ValueError):
            raise SystemExit("%s:%d: smaller, wins and games must be numbers (games and wins whole), found %r, %r, %r"
                             % (args.csv, line, r.get("smaller"), r.get("wins"), r.get("games")))
        if not (0 < smaller < float("inf") and 0 < games and 0 <= wins <= games):
            raise SystemExit("%s:%d: expected smaller > 0 and 0 <= wins <= games, games > 0" % (args.csv, line))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for budget, marker, colour, label, shift, annotated in series:
        chosen = [r for r in rows if r["budget"] == budget]
        if not chosen:
            continue
        x = [shift * float(r["smaller"]) for r in chosen]
        rate = [100 * int(r["wins"]) / int(r["games"]) for r in chosen]
        bounds = [wilson(int(r["wins"]), int(r["games"])) for r in chosen]
        below = [y - 100 * lo for y, (lo, _) in zip(rate, bounds)]
        above = [100 * hi - y for y, (_, hi) in zip(rate, bounds)]
        if not annotated:
            label += "; n=" + ", ".join(r["games"] for r in chosen)
        ax.errorbar(x, rate, yerr=[below, above], fmt=marker, color=colour, capsize=3, label=label)
        for r, xi, yi in zip(chosen, x, rate) if annotated else ():
            ax.annotate("n=%s" % r["games"], (xi, yi), textcoords="offset points", xytext=(7, -3), fontsize=7)
    ax.set_xscale("log")
    ax.set_xlim(200, 60000)
    ax.set_ylim(30, 90)
    ax.axhline(80, color="grey", linewidth=0.8, linestyle="--")
    ax.text(220, 80.5, "issue 43's target", fontsize=7, color="grey", va="bottom")
    ax.axhline(50, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xlabel("smaller budget (iterations; a time budget at the iterations it runs)")
    ax.set_ylabel("win rate of ten times the search, % (95% interval)")
    ax.set_title("Jaipur mcts against itself with a tenth of its search")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower left")
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    plt.close(fig)
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
