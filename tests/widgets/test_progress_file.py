"""progress_file.js in Node: the kinds a progress file may name are the registry's, and a file is read
whole or refused (a made-up kind or an impossible count changes nothing)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from widgets.puzzles.registry import KINDS

STATIC = Path(__file__).resolve().parents[2] / "widgets" / "static"


def run(expression: str):
    """``expression`` evaluated in Node with progress_file.js's and kinds.js's exports as ``m`` and ``k``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = (f"import * as m from {json.dumps((STATIC / 'progress_file.js').as_uri())};"
              f"import * as k from {json.dumps((STATIC / 'kinds.js').as_uri())};"
              f"console.log(JSON.stringify({expression}));")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_kinds_a_file_may_name_are_the_registrys_and_a_file_is_read_whole_or_refused():
    files = [{"calling": {"solved": 2, "streak": 1, "answered": 3}, "shape": {"solved": 1, "streak": 1}},
             {"calling": {"solved": 2, "streak": 1}, "madeup": {"solved": 1, "streak": 0}},
             {"calling": {"solved": 4, "streak": 1, "answered": 3}}, {"calling": {"solved": 1, "streak": 2}},
             {"calling": {"solved": 1.5, "streak": 0}}, {}, [1]]
    out = run(f"[k.PUZZLE_KINDS, {json.dumps(files)}.map((f) => m.readProgressFile(JSON.stringify(f))),"
              " m.readProgressFile('{not json'),"
              " m.mergeProgress({calling: {solved: 5, streak: 0, answered: 9}}, {calling: {solved: 9, streak: 9, answered: 9},"
              " shape: {solved: 1, streak: 1, answered: 2}})]")
    kinds, read, garbled, merged = out
    assert kinds == sorted(KINDS)
    assert read[0] == {"ok": True, "progress": {"calling": {"solved": 2, "streak": 1, "answered": 3},
                                                "shape": {"solved": 1, "streak": 1, "answered": 1}}}
    assert [r["ok"] for r in read[1:]] == [False] * 6 and garbled["ok"] is False
    assert "1 kind of puzzle this book does not have" in read[1]["message"]["en"]
    assert all("impossible counts" in r["message"]["en"] for r in read[2:5])
    assert read[5]["message"]["en"].startswith("Not imported: the file holds no progress")
    assert merged == {"calling": {"solved": 5, "streak": 0, "answered": 9}, "shape": {"solved": 1, "streak": 1, "answered": 2}}
