"""Puzzle balance and difficulty figures: per kind, the most frequent right answer's share
under each ruleset, and the difficulty features' means per level.

    .venv/bin/python benchmarks/puzzle_balance.py [--seeds 300] [kind ...]

A share is the fraction of puzzles in which that answer (a whole key, the first word of a two-part
choice, or one field's value) is right; the limit is 60% (``widgets/puzzles/measure.py``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from widgets.puzzles import KINDS
from widgets.puzzles.measure import (DIFFICULTY_FEATURES, MAX_SHARE, feature_means, ordered, puzzles,
                                     top_share)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("kinds", nargs="*", default=list(KINDS))
    args = parser.parse_args()
    failures = 0
    print(f"{'kind':16} {'ms':>5}  most frequent right answer per ruleset (share, puzzles)")
    for kind in args.kinds:
        start = time.perf_counter()
        specs = puzzles(kind, args.seeds)
        ms = (time.perf_counter() - start) / args.seeds * 1000
        tops = top_share(specs)
        cells = []
        for rid, (facet, share, total) in tops.items():
            flag = "" if share <= MAX_SHARE else " !"
            failures += bool(flag)
            cells.append(f"{rid}: {facet} {share:.0%} ({total}){flag}")
        print(f"{kind:16} {ms:5.1f}  " + "; ".join(cells))
        names = DIFFICULTY_FEATURES.get(kind, ())
        for name, means in feature_means(specs, names).items():
            falling = f"-{name}" in names
            flag = "" if ordered(means, falling) else "  (not ordered!)"
            failures += bool(flag)
            print(f"{'':22} {name}{' (falls)' if falling else ''}: "
                  + "  ".join(f"{d} {v:.2f}" for d, v in means.items()) + flag)
    print("all within limits" if not failures else f"{failures} figure(s) outside the limits")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
