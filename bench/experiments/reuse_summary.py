#!/usr/bin/python3
"""Summarises what tree reuse could keep, from the REUSE lines that
jaipur-reuse-stats.patch prints (README.md): for each search, the share of its
iterations below the move chosen, below the reply the tree visited most, and below the
reply one can expect (each reply weighted by its share of the visits: the sum of the
replies' squared visits over the chosen child's visits)."""
import statistics
import sys


def main(argv):
    if len(argv) != 2:
        raise SystemExit("usage: reuse_summary.py FILE  (standard error of a SOUK_EXP_REUSE run)")
    rows = []
    try:
        with open(argv[1], errors="replace") as f:
            for number, line in enumerate(f, start=1):
                if not line.startswith("REUSE "):
                    continue
                try:
                    iterations, chosen, best, expected = (float(x) for x in line.split()[1:])
                except ValueError:
                    raise SystemExit("%s:%d: expected REUSE and four numbers, found %r" % (argv[1], number, line.strip()[:80]))
                if not all(0 <= v < float("inf") for v in (iterations, chosen, best, expected)):
                    raise SystemExit("%s:%d: the four numbers must be finite and not negative" % (argv[1], number))
                if iterations > 0:
                    rows.append((iterations, chosen, best, expected))
    except OSError as e:
        raise SystemExit("%s: cannot read: %s" % (argv[1], e.strerror))
    if not rows:
        raise SystemExit("%s: no REUSE lines" % argv[1])
    print("%d searches, %g iterations at the median" % (len(rows), statistics.median(r[0] for r in rows)))
    for name, column in (("move chosen", 1), ("reply visited most", 2), ("reply expected", 3)):
        shares = sorted(r[column] / r[0] for r in rows)
        print("  %-18s mean %.3f  median %.3f  90th percentile %.3f"
              % (name, statistics.mean(shares), statistics.median(shares), shares[int(0.9 * len(shares))]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
