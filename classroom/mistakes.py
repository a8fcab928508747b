"""The class map of mistakes by rule id: from the server's votes, or from progress files.

Votes: each stored vote cites the rule ids of its verdict (why that answer is right or wrong);
a rule's ``answered`` counts the votes citing it, ``wrong`` the wrong ones.  Progress files: the
static book's ``exportProgress()`` (widgets/static/settings.js) keeps ``{kind: {solved, streak,
answered}}``; each kind's answers count for every rule that kind exercises
(:data:`widgets.puzzles.registry.KIND_RULES`), its unsolved ones as wrong.

``python -m classroom.mistakes FILE... [--csv OUT]`` prints the map as JSON (or writes it as CSV).

>>> mistakes_from_answers([{"rule_ids": "SJ-9 C-4", "correct": 0}, {"rule_ids": "SJ-9", "correct": 1}])
{'C-4': {'wrong': 1, 'answered': 1}, 'SJ-9': {'wrong': 1, 'answered': 2}}
>>> mistakes_from_progress([{"highest": {"solved": 3, "streak": 1, "answered": 5}}])["SJ-5"]
{'wrong': 2, 'answered': 5}
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from widgets.puzzles.registry import KIND_RULES

Map = dict[str, dict[str, int]]


def _add(into: Map, rule: str, answered: int, wrong: int) -> None:
    entry = into.setdefault(rule, {"wrong": 0, "answered": 0})
    entry["wrong"] += wrong
    entry["answered"] += answered


def _sorted(mistakes: Map) -> Map:
    return dict(sorted(mistakes.items()))


def mistakes_from_answers(rows: Iterable[Mapping[str, Any]]) -> Map:
    """The map from stored votes (rows with ``rule_ids``, space-separated, and ``correct``)."""
    mistakes: Map = {}
    for row in rows:
        for rule in str(row["rule_ids"]).split():
            _add(mistakes, rule, 1, 0 if row["correct"] else 1)
    return _sorted(mistakes)


def check_progress(data: Any, name: str) -> dict[str, dict[str, int]]:
    """One progress export, checked: ValueError naming the file and the first bad entry."""
    if not isinstance(data, dict):
        raise ValueError(f"{name}: not a progress export (a JSON object of puzzle kinds)")
    for kind, entry in data.items():
        counts = entry if isinstance(entry, dict) else {}
        solved, answered = counts.get("solved"), counts.get("answered")
        if (kind not in KIND_RULES or not isinstance(solved, int) or not isinstance(answered, int)
                or not 0 <= solved <= answered):
            raise ValueError(f"{name}: the entry {kind!r} is not a puzzle kind with solved ≤ answered")
    return data


def mistakes_from_progress(exports: Iterable[Mapping[str, Mapping[str, int]]]) -> Map:
    """The map from students' progress exports (each already checked)."""
    mistakes: Map = {}
    for export in exports:
        for kind, entry in export.items():
            for rule in KIND_RULES[kind]:
                _add(mistakes, rule, entry["answered"], entry["answered"] - entry["solved"])
    return _sorted(mistakes)


def write_csv(mistakes: Map, out: Any) -> None:
    """The map as CSV: rule_id, wrong, answered."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rule_id", "wrong", "answered"])
    writer.writerows([rule, entry["wrong"], entry["answered"]] for rule, entry in mistakes.items())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m classroom.mistakes",
                                     description="The class map of mistakes by rule id, from progress exports.")
    parser.add_argument("files", nargs="+", type=Path, help="cardbook-progress.json files")
    parser.add_argument("--csv", type=Path, metavar="OUT", help="write CSV here instead of printing JSON")
    args = parser.parse_args(argv)
    exports = []
    for path in args.files:
        try:
            exports.append(check_progress(json.loads(path.read_text(encoding="utf-8")), str(path)))
        except (OSError, ValueError) as error:
            reason = str(error) if str(path) in str(error) else f"{path}: {error}"
            print(f"mistakes: {reason}", file=sys.stderr)
            return 2
    mistakes = mistakes_from_progress(exports)
    if args.csv:
        with args.csv.open("w", encoding="utf-8", newline="") as out:
            write_csv(mistakes, out)
        print(f"wrote {len(mistakes)} rule ids to {args.csv}")
    else:
        print(json.dumps({"rules": mistakes}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
