"""Where the minutes of a test run go, by area, from the JUnit report ``make test`` writes
(``_build/pytest.xml``).

    .venv/bin/python benchmarks/test_time.py [_build/pytest.xml]

An area is the test's folder (``tests/browser``, ``tests/widgets``, ...), or the file for the tests at
the top of ``tests/``.  Seconds are summed over the tests of the area as each worker timed them, so with
two workers they add up to about twice the run's wall time; the share column is the area's part of that sum.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO / "_build" / "pytest.xml"


def area_of(classname: str) -> str:
    """``tests.browser.test_lab`` → ``tests/browser``; ``tests.test_api`` → ``tests/test_api.py``;
    a doctest's module (``cardlib.shengji.scoring``) → its package."""
    parts = classname.split(".")
    if parts[0] != "tests" or len(parts) < 2:
        return parts[0]
    return f"tests/{parts[1]}" if (REPO / "tests" / parts[1]).is_dir() else f"tests/{parts[1]}.py"


def main(argv: list[str]) -> int:
    report = Path(argv[1]) if len(argv) > 1 else DEFAULT
    if not report.exists():
        print(f"no report at {report}: run make test first", file=sys.stderr)
        return 1
    seconds: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for case in ElementTree.parse(report).iter("testcase"):
        area = area_of(case.get("classname", ""))
        seconds[area] += float(case.get("time", "0"))
        counts[area] += 1
    total = sum(seconds.values())
    print(f"{'area':28} {'tests':>6} {'seconds':>8} {'share':>6}")
    for area, spent in sorted(seconds.items(), key=lambda item: -item[1]):
        print(f"{area:28} {counts[area]:6d} {spent:8.0f} {spent / total:6.0%}")
    print(f"{'all':28} {sum(counts.values()):6d} {total:8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
