"""Engine speed before and after, side by side in one run: ``python benchmarks/compare.py REF``.

Checks out ``REF`` (a commit, tag or branch; default ``main~1``) in a temporary git worktree,
then runs ``benchmarks/engine.py`` of that tree and of this one alternately, ``--rounds`` times
each, so both see the same machine load.  Prints each measurement's median over the rounds for
the reference and for this tree, and the time ratio (this tree's time over the reference's, rates inverted: below 1 is faster).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
#: One measured line: its label, then the first number (µs per call, or hands/games per second).
LINE = re.compile(r"^\s+(?P<label>.+?)\s{2,}(?:median\s+)?(?P<value>[\d.]+)\s*(?P<unit>µs|hands/s|games/s)")


def measure(tree: Path, quick: bool) -> dict[str, tuple[float, str]]:
    """One run of ``tree``'s engine benchmark: each line's first figure by label."""
    command = [sys.executable, str(tree / "benchmarks" / "engine.py")] + (["--quick"] if quick else [])
    output = subprocess.run(command, capture_output=True, text=True, check=True, cwd=tree).stdout
    figures: dict[str, tuple[float, str]] = {}
    for line in output.splitlines():
        match = LINE.match(line)
        if match:
            figures[match["label"].strip()] = (float(match["value"]), match["unit"])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", nargs="?", default="main~1", help="the reference commit (default main~1)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree, alternating (default 3)")
    parser.add_argument("--quick", action="store_true", help="pass --quick to both runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        reference = Path(folder) / "reference"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(reference), args.ref], cwd=HERE, check=True)
        try:
            runs: dict[str, list[dict[str, tuple[float, str]]]] = {"reference": [], "this tree": []}
            for _round in range(args.rounds):
                runs["reference"].append(measure(reference, args.quick))
                runs["this tree"].append(measure(HERE, args.quick))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(reference)], cwd=HERE, check=True)
    print(f"engine benchmark, median of {args.rounds} alternating runs: reference {args.ref} vs this tree")
    print(f"  {'measurement':<46} {'reference':>12} {'this tree':>12} {'time ratio':>10}")
    for label in runs["reference"][0]:
        if not all(label in run for run in runs["this tree"]):
            continue
        unit = runs["reference"][0][label][1]
        before = statistics.median(run[label][0] for run in runs["reference"])
        after = statistics.median(run[label][0] for run in runs["this tree"])
        ratio = after / before if unit == "µs" else before / after
        print(f"  {label:<46} {before:>9.1f} {unit:<8} {after:>9.1f} {unit:<8} {ratio:>6.2f}")


if __name__ == "__main__":
    main()
