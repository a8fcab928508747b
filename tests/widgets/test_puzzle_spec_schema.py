"""The puzzle spec is described once, by a JSON Schema (widgets/puzzles/puzzle-spec.schema.json), and
both sides hold to it: every kind's specs (each difficulty, under every ruleset it carries: both Shengji
presets, or 一上一下's) validate in Python, and the front end is type-checked against the TypeScript
declarations derived from the schema (widgets/static/puzzle_spec.d.ts, tools/puzzle_spec_types.py).

Rules: every verdict cites a rule id of the register (the schema's RuleId; the reasons' pages and anchors).
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import jsonschema
import pytest

from widgets.puzzles.registry import KINDS, make_puzzle

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "widgets" / "puzzles" / "puzzle-spec.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


def problems(spec: dict) -> list[str]:
    return [f"{error.json_path}: {error.message[:200]}" for error in VALIDATOR.iter_errors(spec)]


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_writes_specs_the_schema_describes(kind):
    """Seeds 0-2 are one puzzle of each difficulty; each spec holds a verdict per answer under each of its
    rulesets (the schema cannot say that the keys of two maps agree: checked here)."""
    presets = set()
    for seed in range(3):
        spec = json.loads(json.dumps(make_puzzle(kind, seed)))  # as the page stores it
        assert problems(spec) == [], spec["id"]
        ids = [r["id"] for r in spec["rulesets"]]
        presets |= {r["preset"] for r in spec["rulesets"]}
        assert sorted(spec["verdicts"]) == sorted(spec["correct"]) == sorted(ids)
        assert all(len(rows) == len(spec["answers"]) for rows in spec["verdicts"].values())
        assert set(spec.get("otherwise", {})) in (set(), set(ids))
        indices = {i for rows in spec["verdicts"].values() for _ok, r in rows for i in ([r] if isinstance(r, int) else r)}
        assert max(indices | set(spec.get("otherwise", {}).values())) < len(spec["reasons"])
    assert presets <= ({"yishang"} if kind.startswith("ys_") else {"shengji", "shuangsheng"})


def test_the_specs_cover_both_shengji_presets_and_yishang():
    presets = {r["preset"] for kind in KINDS for r in make_puzzle(kind, 0)["rulesets"]}
    assert presets == {"shengji", "shuangsheng", "yishang"}


def test_the_schema_refuses_a_spec_the_front_end_could_not_read():
    spec = make_puzzle("pick_follow", 1)
    broken = []
    for path, value in [(("input",), "slider"), (("pick",), 0), (("position", "hand"), ["S11"]),
                        (("verdicts", "shengji", 0), [True]), (("reasons", 0, "rule"), "sj-9"), (("surprise",), 1)]:
        bad = copy.deepcopy(spec)
        *inside, last = path
        target = bad
        for step in inside:
            target = target[step]
        target[last] = value
        broken.append(bool(problems(bad)))
    without_pick = copy.deepcopy(spec)
    del without_pick["pick"]
    assert broken == [True] * 6 and problems(without_pick)


def test_the_front_end_types_are_derived_from_the_schema():
    """widgets/static/puzzle_spec.d.ts is what tools/puzzle_spec_types.py makes of the schema now (run it
    after changing the schema); puzzle.js reads its spec as that type (tsc: test_js_quality.py)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from puzzle_spec_types import TYPES, declarations
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert TYPES.read_text(encoding="utf-8") == declarations(SCHEMA), "run python tools/puzzle_spec_types.py"
    assert '@typedef {import("./puzzle_spec").PuzzleSpec} PuzzleSpec' in (ROOT / "widgets/static/puzzle.js").read_text(encoding="utf-8")
